// A table whose header names its columns' span on the same line as their years: Amcor's reconciliation for
// "Three Months Ended June 30, 2022 Three Months Ended June 30, 2023" (its FY2023 release, the demo corpus). The
// header's own words had not made the table the quarter's for the judges (chat read them), so the quarter's
// adjusted free cash flow of $834 million carried "fiscal 2023 was $834 million" (the year's is $848 million):
// the agent judge supported that answer against npm run dev.
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { indexExternalFiling, judgeAgainst } from "./judge-helpers";

let org: TestOrg;

const AMCOR_RECONCILIATION_QUARTER = [
  "Reconciliation of Non-GAAP Measures",
  "Reconciliation of adjusted Earnings before interest, tax, depreciation and amortization (EBITDA), Earnings before interest",
  "and tax (EBIT), Net income, Earnings per share (EPS) and Free Cash Flow",
  "Three Months Ended June 30, 2022 Three Months Ended June 30, 2023",
  "($ million) EBITDA EBIT Net",
  "Income",
  "EPS",
  "(Diluted",
  "US",
  "cents)(1) EBITDA EBIT Net",
  "Income",
  "EPS",
  "(Diluted",
  "US",
  "cents)(1)",
  "Net income attributable to Amcor 109 109 109 7.3 181 181 181 12.3",
  "Net income attributable to non-controlling",
  "interests 3 3 4 4",
  "Tax expense 103 103 68 68",
  "Interest expense, net 35 35 70 70",
  "Depreciation and amortization 145 144",
  "EBITDA, EBIT, Net income and EPS 395 250 109 7.3 467 323 181 12.3",
  "2019 Bemis Integration Plan 11 11 11 0.7 — — — —",
  "Net loss on disposals 1 1 1 — — — — —",
  "Impact of hyperinflation 6 6 6 0.4 5 5 5 0.4",
  "Property and other (gains)/losses,net(2) (10) (10) (10) (0.6) 2 2 2 0.1",
  "Russia-Ukraine conflict impacts(3) 200 200 200 13.3 66 66 66 4.5",
  "Pension settlements 5 5 5 0.3 5 5 5 0.3",
  "Other — — — — — (5) (5) (5) (0.4)",
  "Amortization of acquired intangibles(4) 42 42 2.7 40 40 2.9",
  "Tax effect of above items 4 0.3 (12) (0.8)",
  "Adjusted EBITDA, EBIT, Net income, and EPS 609 505 368 24.4 540 436 282 19.3",
  "Reconciliation of adjusted growth to comparable constant currency growth",
  "% growth - Adjusted EBITDA, EBIT, Net income and EPS (11) (14) (23) (21)",
  "% items affecting comparability(5) 5 6 7 7",
  "% currency impact — 1 — —",
  "% comparable constant currency growth (6) (7) (16) (14)",
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
const AMCOR_CASH = [
  "Adjusted Free Cash Flow for fiscal 2023 was $848 million and compares with $1,066 million last year. The year over",
  "year variance largely reflects higher interest payments and lower accounts payable balances resulting from moderated",
  "purchasing activities due to lower demand and inventory reduction initiatives. June 2023 quarter Adjusted Free Cash",
  "Flow of $834 million compares with $803 million in the same quarter last year.",
].join("\n");

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
