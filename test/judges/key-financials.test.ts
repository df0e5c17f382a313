// A results release's key financials as Amcor prints them for fiscal 2023 (wrong on purpose, through the Worker
// and both judges): a caption and a unit after each year on the header's line ("Adjusted non-GAAP results 2022
// $ million 2023 $ million"), change columns named before the years ("Reported ∆%", "Comparable constant
// currency ∆%"), and per-share rows in cents. The table had not been read: the right answer and every wrong one
// were alike unmatched. Now the years' columns, the change columns (each a column group of the latest year's
// change), the caption's basis (GAAP or adjusted: one item on two bases, never the same figure) and the cents
// are read.
//
// Best Buy's 10-Q prints GAAP and non-GAAP rows of one item in one table ("Diluted EPS", "Non-GAAP diluted EPS"),
// and its selected consolidated data the GAAP figures with no basis named. "Non-GAAP" is "adjusted"; the plain
// row beside its adjusted one is GAAP's; and an adjusted figure is not read against a table row that names no
// basis. The right "adjusted diluted EPS was $1.22" had been contradicted by the GAAP row (1.25), and the GAAP
// figures given as adjusted were carried by the summary table (wrong on purpose against the demo corpus).
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { AMCOR_QUESTION, AMCOR_RIGHT, amcorSaid, judgeAgainst, itTellsApart } from "./judge-helpers";

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

const said = amcorSaid;

describe("a release's key financials: units on the header's line, named change columns, two bases, cents", () => {
  const judged = judgeAgainst(() => org, AMCOR_QUESTION, [{ title: "Amcor FY2023 results press release", content: AMCOR_KEY_FINANCIALS }]);
  const right = AMCOR_RIGHT;

  itTellsApart(judged, right, [
    { wrong: "adjusted EBITDA given as adjusted EBIT", answer: said("$2,018 million", "73.3 cents", "declined 2%"), why: "$2,018 million is EBITDA for 2023, not EBIT" },
    { wrong: "the prior year's figures", answer: said("$1,701 million", "80.5 cents", "declined 2%"), why: "$1,701 million is EBIT for 2022, not 2023" },
    { wrong: "GAAP EPS given as adjusted", answer: said("$1,608 million", "70.5 cents", "declined 2%"), why: "70.5 cents is GAAP EPS (diluted US cents) for 2023, not adjusted EPS (diluted US cents); the source gives 73.3 cents" },
    { wrong: "cents given as dollars", answer: said("$1,608 million", "$73.3", "declined 2%"), why: "as 73.3 cents, not $73.3" },
    { wrong: "a rise for the printed decline", answer: said("$1,608 million", "73.3 cents", "rose 2%"), why: "as a decline of 2, not a rise of 2%" },
    { wrong: "the reported change given as the comparable constant currency one", answer: said("$1,608 million", "73.3 cents", "declined 9%"), why: "9% is reported EPS (diluted US cents) for 2023, not comparable constant currency EPS" },
  ]);

  it("reads the GAAP table as GAAP: GAAP diluted EPS of 70.5 cents is carried, not contradicted by the adjusted 73.3", async () => {
    const gaap = judgeAgainst(() => org, "What was Amcor's GAAP diluted EPS for fiscal 2023?", [{ title: "Amcor FY2023 results press release", content: AMCOR_KEY_FINANCIALS }]);
    const [llm, agent] = await Promise.all([gaap("llm", "Amcor's GAAP diluted EPS for fiscal 2023 was 70.5 cents."), gaap("agent", "Amcor's GAAP diluted EPS for fiscal 2023 was 70.5 cents.")]);
    expect(llm.result.scores.factuality).toBeGreaterThanOrEqual(4);
    expect(agent.assessment.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["supported"]);
  });
});

const BBY_RECONCILIATION = [
  "Reconciliations of operating income, effective tax rate and diluted EPS (GAAP financial measures) to non-GAAP operating income, non-GAAP effective tax rate",
  "and non-GAAP diluted EPS (non-GAAP financial measures) were as follows ($ in millions, except per share amounts):",
  "Three Months Ended Six Months Ended",
  "July 29, 2023 July 30, 2022 July 29, 2023 July 30, 2022",
  "Operating income $ 348 $ 371 $ 659 $ 833",
  "Intangible asset amortization(1) 21 22 41 44",
  "Restructuring charges(2) (7) 34 (16) 35",
  "Non-GAAP operating income $ 362 $ 427 $ 684 $ 912",
  "Diluted EPS $ 1.25 $ 1.35 $ 2.36 $ 2.85",
  "Intangible asset amortization(1) 0.10 0.10 0.18 0.19",
  "Restructuring charges(2) (0.03) 0.15 (0.07) 0.15",
  "Non-GAAP diluted EPS $ 1.22 $ 1.54 $ 2.32 $ 3.02",
].join("\n");

const BBY_SELECTED_DATA = [
  "Selected consolidated financial data was as follows ($ in millions, except per share amounts):",
  "Three Months Ended Six Months Ended",
  "July 29, 2023 July 30, 2022 July 29, 2023 July 30, 2022",
  "Revenue $ 9,583 $ 10,329 $ 19,050 $ 20,976",
  "Operating income $ 348 $ 371 $ 659 $ 833",
  "Net earnings $ 274 $ 306 $ 518 $ 647",
  "Diluted earnings per share $ 1.25 $ 1.35 $ 2.36 $ 2.85",
].join("\n");

describe("GAAP and non-GAAP rows of one item", () => {
  const judged = judgeAgainst(() => org, "What were Best Buy's adjusted diluted EPS and adjusted operating income for the second quarter of fiscal 2024?", [
    { title: "Best Buy 10-Q Q2 FY2024, non-GAAP reconciliation", content: BBY_RECONCILIATION },
    { title: "Best Buy 10-Q Q2 FY2024, selected consolidated financial data", content: BBY_SELECTED_DATA },
  ]);
  const said = (basis: string, eps: string, income: string) => `For the second quarter of fiscal 2024, Best Buy's ${basis} diluted EPS was ${eps} and its ${basis} operating income was ${income}.`;
  const right = said("adjusted", "$1.22", "$362 million");

  itTellsApart(judged, right, [
    { wrong: "the GAAP figures given as adjusted", answer: said("adjusted", "$1.25", "$348 million"), why: "$1.25 is GAAP diluted EPS for 2024, not non-GAAP diluted EPS; the source gives 1.22." },
    { wrong: "the adjusted figures given as GAAP", answer: said("GAAP", "$1.22", "$362 million"), why: "$1.22 is non-GAAP diluted EPS for 2024, not GAAP diluted EPS; the source gives 1.25." },
  ]);

  it("carries the GAAP figures given with no basis", async () => {
    const [llm, agent] = await Promise.all([judged("llm", said("", "$1.25", "$348 million").replace(/  +/g, " ")), judged("agent", said("", "$1.25", "$348 million").replace(/  +/g, " "))]);
    expect(llm.result.scores.factuality).toBeGreaterThanOrEqual(4);
    expect(agent.assessment.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["supported"]);
  });
});

// Johnson & Johnson's 2022 results release, as its first page prints the fourth quarter's and the full year's
// highlights: "2022 Fourth-Quarter earnings per share (EPS) of $1.33 decreasing 24.9% and adjusted EPS of $2.35"
// over "increasing by 10.3%*" (wrong on purpose against the demo corpus). The full year's figures given for the
// fourth quarter, the two changes swapped, and EPS and adjusted EPS swapped each scored 5/5/4/4 and were supported,
// like the right answer: a hyphenated "Fourth-Quarter" was no quarter, "Full-Year" no year against a quarter,
// "decreasing" and "increasing" no direction, and a change's direction word before it was lost when its item was
// the sentence's previous figure's.
describe("a release's quarter and full-year highlights", () => {
  const JNJ_HIGHLIGHTS = [
    "2022 Fourth-Quarter reported sales decline of 4.4% to $23.7 Billion primarily driven by unfavorable",
    "foreign exchange and reduced COVID-19 Vaccine sales vs. prior year. Operational growth excluding",
    "COVID-19 Vaccine of 4.6%*",
    "2022 Fourth-Quarter earnings per share (EPS) of $1.33 decreasing 24.9% and adjusted EPS of $2.35",
    "increasing by 10.3%*",
    "2022 Full-Year reported sales growth of 1.3% to $94.9 Billion primarily driven by strong commercial",
    "execution partially offset by unfavorable foreign exchange. Operational growth of 6.1%*",
    "2022 Full-Year earnings per share (EPS) of $6.73 decreasing 13.8% and adjusted EPS of $10.15",
    "increasing by 3.6%*",
  ].join("\n");
  const judged = judgeAgainst(() => org, "What were Johnson & Johnson's fourth-quarter 2022 EPS and adjusted EPS, and how did they change?", [
    { title: "Johnson & Johnson 2022 results release", content: JNJ_HIGHLIGHTS },
  ]);
  const said = (eps: string, down: string, adjusted: string, change: string) =>
    `In the fourth quarter of 2022, Johnson & Johnson's EPS was ${eps}, down ${down}, and its adjusted EPS was ${adjusted}, ${change}.`;
  const right = said("$1.33", "24.9%", "$2.35", "up 10.3%");

  itTellsApart(judged, right, [
    { wrong: "the full year's figures", answer: said("$6.73", "13.8%", "$10.15", "up 3.6%"), why: "$6.73 is full-year earnings per share (EPS) for the full year of 2022, not for three months" },
    { wrong: "the two changes swapped", answer: said("$1.33", "10.3%", "$2.35", "up 24.9%"), why: "24.9% is GAAP fourth-quarter earnings per share (EPS) for 2022, not adjusted EPS; the source gives 10.3%." },
    { wrong: "EPS and adjusted EPS swapped", answer: said("$2.35", "24.9%", "$1.33", "up 10.3%"), why: "$1.33 is GAAP fourth-quarter earnings per share (EPS) for 2022, not adjusted EPS; the source gives $2.35." },
  ]);

  it("does not carry the adjusted EPS given as EPS, where the sentence gives both", async () => {
    const [llm, agent] = await Promise.all([
      judged("llm", "In the fourth quarter of 2022, Johnson & Johnson's EPS was $2.35."),
      judged("agent", "In the fourth quarter of 2022, Johnson & Johnson's EPS was $2.35."),
    ]);
    expect(llm.result.scores.factuality).toBeLessThanOrEqual(3);
    expect(agent.assessment.claims.map((c: { verdict: string }) => c.verdict)).not.toContain("supported");
  });

  it("does not carry a change given the other way round than the source's word before it", async () => {
    const agent = await judged("agent", said("$1.33", "24.9%", "$2.35", "down 10.3%"));
    expect(agent.assessment.claims.map((c: { verdict: string }) => c.verdict)).not.toContain("supported");
  });
});
