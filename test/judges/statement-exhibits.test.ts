// Ulta Beauty's Q4 FY2022 release prints two income statements on one page, "13 Weeks Ended" and "52 Weeks
// Ended" over the same days (the demo corpus). Its per-share rows are "Basic" and "Diluted" under "Net income
// per common share:". Wrong on purpose against `npm run dev`: the full year's gross profit given to the quarter
// read 5/5/5/5 (every column of both tables was of uncertain period), and the right diluted and basic EPS read
// 1 and unsupported (the rows' cells were read as thousands). Now the year's figure is contradicted by both
// judges and the right answer carried (src/figures/context.ts: oneSpan, a per-share section).
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { itTellsApart, judgeAgainst, ULTA_EXHIBIT_1 } from "./judge-helpers";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

/** Exhibits 1 and 2 of the release: the 13 and 52 weeks ended January 28, 2023, in thousands. */
const EXHIBITS = [
  ...ULTA_EXHIBIT_1,
  "Exhibit 2",
  "Ulta Beauty, Inc.",
  "Consolidated Statements of Income",
  "(In thousands, except per share data)",
  "52 Weeks Ended",
  "January 28, January 29,",
  "2023 2022",
  "(Unaudited)",
  "Net sales $ 10,208,580 100.0% $ 8,630,889 100.0%",
  "Cost of sales 6,164,070 60.4% 5,262,335 61.0%",
  "Gross profit 4,044,510 39.6% 3,368,554 39.0%",
  "Selling, general and administrative expenses 2,395,299 23.5% 2,061,545 23.9%",
  "Pre-opening expenses 10,601 0.1% 9,517 0.1%",
  "Operating income 1,638,610 16.1% 1,297,492 15.0%",
  "Interest (income) expense, net (4,934) 0.0% 1,663 0.0%",
  "Income before income taxes 1,643,544 16.1% 1,295,829 15.0%",
  "Income tax expense 401,136 3.9% 309,992 3.6%",
  "Net income $ 1,242,408 12.2% $ 985,837 11.4%",
  "Net income per common share:",
  "Basic $ 24.17 $ 18.09",
  "Diluted $ 24.01 $ 17.98",
  "Weighted average common shares outstanding:",
  "Basic 51,403 54,482",
  "Diluted 51,738 54,841"
].join("\n");

describe("two income statements of one page, a quarter's and a year's", () => {
  const judged = judgeAgainst(() => org, "What were Ulta Beauty's gross profit, SG&A expenses and net income in the fourth quarter of fiscal 2022?", [{ title: "Ulta Beauty Q4 FY2022 release, exhibits", content: EXHIBITS }]);
  const said = (gross: string) => `In the fourth quarter of fiscal 2022, Ulta Beauty's gross profit was ${gross}, SG&A expenses were $762.7 million and net income was $340.8 million.`;
  itTellsApart(judged, said("$1,212.5 million"), [{ wrong: "the full year's gross profit given to the quarter", answer: said("$4,044.5 million"), why: "$4,044.5 million is gross profit for the full year ended January 28, 2023, not for three months" }]);

  it("carries basic and diluted EPS from the rows under their per-share section", async () => {
    const answer = "In the fourth quarter of fiscal 2022, Ulta Beauty's diluted EPS was $6.68 and basic EPS was $6.73.";
    const [llm, agent] = await Promise.all([judged("llm", answer), judged("agent", answer)]);
    expect(llm.result.scores.factuality).toBeGreaterThanOrEqual(4);
    expect(agent.assessment.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["supported"]);
  });
});
