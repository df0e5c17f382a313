// A table whose header names its columns' span on the same line as their years: Amcor's reconciliation for
// "Three Months Ended June 30, 2022 Three Months Ended June 30, 2023" (its FY2023 release, the demo corpus). The
// header's own words had not made the table the quarter's for the judges (chat read them), so the quarter's
// adjusted free cash flow of $834 million carried "fiscal 2023 was $834 million" (the year's is $848 million):
// the agent judge supported that answer against npm run dev.
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { AMCOR_CASH_PAGE, AMCOR_QUARTER_RECONCILIATION, indexExternalFiling, judgeAgainst } from "./judge-helpers";

let org: TestOrg;

/** The quarter's reconciliation and, under it, its adjusted free cash flow, in the same two columns. */
const AMCOR_RECONCILIATION_QUARTER = [
  ...AMCOR_QUARTER_RECONCILIATION,
  "Adjusted EBITDA 609 540",
  "Interest paid, net (47) (79)",
  "Income tax paid (93) (95)",
  "Purchase of property, plant and equipment and",
  "other intangible assets (154) (144)",
  "Proceeds from sales of property, plant and",
  "equipment and other intangible assets 11 18",
  "Movement in working capital 493 572",
  "Other (16) 22",
  "Adjusted Free Cash Flow 803 834",
].join("\n");

beforeAll(async () => {
  org = await createOrg();
  await indexExternalFiling("Amcor FY2023 results press release", "AMCR", "Amcor", AMCOR_RECONCILIATION_QUARTER);
});

describe("a table whose header line names the quarter beside its years", () => {
  it("carries the quarter's figure for the quarter, not for the fiscal year (wrong on purpose)", async () => {
    const judged = judgeAgainst(() => org, "What was Amcor's adjusted free cash flow?", []);
    const [quarter, year] = await Promise.all([
      judged("agent", "Amcor's adjusted free cash flow for the June 2023 quarter was $834 million, compared with $803 million a year earlier."),
      judged("agent", "Amcor's adjusted free cash flow for fiscal 2023 was $834 million."),
    ]);
    const verdicts = (r: { assessment: { claims: { verdict: string }[] } }) => r.assessment.claims.map((c) => c.verdict);
    expect(verdicts(quarter)).toContain("supported");
    expect(verdicts(quarter)).not.toContain("contradicted");
    expect(verdicts(year)).not.toContain("supported");
  });
});

// The other way round: a sentence that gives a figure "for fiscal 2023" (and no part of the year) gives the year's,
// so the year's $848 million given for the June 2023 quarter is contradicted (LLM 5/4/3/5 against npm run dev).
/** The page's first sentences: the year's adjusted free cash flow and the June 2023 quarter's. */
const AMCOR_CASH = AMCOR_CASH_PAGE.split("\n").slice(1, 5).join("\n");

describe("a source sentence that gives a figure for a fiscal year", () => {
  it("gives the year's figure, not the quarter's (wrong on purpose)", async () => {
    const judged = judgeAgainst(() => org, "What was Amcor's adjusted free cash flow in the June 2023 quarter?", [{ title: "Amcor FY2023 results", content: AMCOR_CASH }]);
    const said = (fcf: string) => `Amcor's June 2023 quarter adjusted free cash flow was ${fcf}, compared with $803 million a year earlier.`;
    const [right, wrong] = await Promise.all([judged("llm", said("$834 million")), judged("llm", said("$848 million"))]);
    expect(right.result.scores.factuality).toBeGreaterThanOrEqual(4);
    expect(wrong.result.scores.factuality).toBeLessThanOrEqual(2);
    expect(wrong.result.reasoning).toContain("$848 million is adjusted Free Cash Flow for the full year of 2023, not for three months.");
  });
});
