// A results release's key financials as Amcor prints them for fiscal 2023 (wrong on purpose, through the Worker
// and both judges): a caption and a unit after each year on the header's line ("Adjusted non-GAAP results 2022
// $ million 2023 $ million"), change columns named before the years ("Reported ∆%", "Comparable constant
// currency ∆%"), and per-share rows in cents. The table had not been read: the right answer and every wrong one
// were alike unmatched. Now the years' columns, the change columns (each a column group of the latest year's
// change), the caption's basis (GAAP or adjusted: one item on two bases, never the same figure) and the cents
// are read.
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { expectBothTellApart, judgeAgainst } from "./judge-helpers";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

const AMCOR_KEY_FINANCIALS = [
  "Key Financials(1)",
  "Twelve Months Ended June 30,",
  "GAAP results 2022 $ million 2023 $ million",
  "Net sales 14,544 14,694",
  "Net income 805 1,048",
  "EPS (diluted US cents) 52.9 70.5",
  "Twelve Months Ended June 30,",
  "Reported \u2206%",
  "Comparable",
  "constant",
  "currency \u2206%Adjusted non-GAAP results 2022 $ million 2023 $ million",
  "Net sales 14,544 14,694 1 \u2014",
  "EBITDA 2,117 2,018 (5) 1",
  "EBIT 1,701 1,608 (5) 1",
  "Net income 1,224 1,089 (11) (4)",
  "EPS (diluted US cents) 80.5 73.3 (9) (2)",
  "Free Cash Flow 1,066 848",
].join("\n");

const said = (ebit: string, eps: string, change: string) =>
  `For fiscal 2023, Amcor's adjusted EBIT was ${ebit} and adjusted diluted EPS was ${eps}; adjusted EPS ${change} on a comparable constant currency basis.`;

describe("a release's key financials: units on the header's line, named change columns, two bases, cents", () => {
  const judged = judgeAgainst(() => org, "What were Amcor's adjusted EBIT and adjusted diluted EPS for fiscal 2023, and how did adjusted EPS change on a comparable constant currency basis?", [
    { title: "Amcor FY2023 results press release", content: AMCOR_KEY_FINANCIALS },
  ]);
  const right = said("$1,608 million", "73.3 cents", "declined 2%");

  it.each([
    { wrong: "adjusted EBITDA given as adjusted EBIT", answer: said("$2,018 million", "73.3 cents", "declined 2%"), why: "$2,018 million is EBITDA for 2023, not EBIT" },
    { wrong: "the prior year's figures", answer: said("$1,701 million", "80.5 cents", "declined 2%"), why: "$1,701 million is EBIT for 2022, not 2023" },
    { wrong: "GAAP EPS given as adjusted", answer: said("$1,608 million", "70.5 cents", "declined 2%"), why: "as 73.3 cents, not 70.5 cents" },
    { wrong: "cents given as dollars", answer: said("$1,608 million", "$73.3", "declined 2%"), why: "as 73.3 cents, not $73.3" },
    { wrong: "a rise for the printed decline", answer: said("$1,608 million", "73.3 cents", "rose 2%"), why: "as a decline of 2, not a rise of 2%" },
    { wrong: "the reported change given as the comparable constant currency one", answer: said("$1,608 million", "73.3 cents", "declined 9%"), why: "9% is reported EPS (diluted US cents) for 2023, not comparable constant currency EPS" },
  ])("carries the right answer and contradicts $wrong", async (c) => {
    await expectBothTellApart(judged, right, c.answer, c.why);
  });

  it("reads the GAAP table as GAAP: GAAP diluted EPS of 70.5 cents is carried, not contradicted by the adjusted 73.3", async () => {
    const gaap = judgeAgainst(() => org, "What was Amcor's GAAP diluted EPS for fiscal 2023?", [{ title: "Amcor FY2023 results press release", content: AMCOR_KEY_FINANCIALS }]);
    const [llm, agent] = await Promise.all([gaap("llm", "Amcor's GAAP diluted EPS for fiscal 2023 was 70.5 cents."), gaap("agent", "Amcor's GAAP diluted EPS for fiscal 2023 was 70.5 cents.")]);
    expect(llm.result.scores.factuality).toBeGreaterThanOrEqual(4);
    expect(agent.assessment.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["supported"]);
  });
});
