// Best Buy's statement of cash flows for the six months ended July 29, 2023 (the demo corpus) prints the cash
// balance at the beginning of the period (2,253) and at its end (1,491) in one column. Wrong on purpose against
// `npm run dev`: the opening balance given as the balance at the end of the six months read 5/5/3/4 with the
// LLM judge and was supported by the agent; both rows named one item in one period. Now a balance's words put
// it at its period's opening or close (src/figures/context.ts pointOf, compare.ts samePeriod), so the opening
// row does not carry it: factuality 2 or less, the agent's claim not supported; the right answer carried.
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { judgeAgainst } from "./judge-helpers";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

/** The condensed consolidated statements of cash flows, six months ended July 29, 2023 and July 30, 2022. */
const CASH_FLOWS = [
  "Table of Contents",
  "Condensed Consolidated Statements of Cash Flows",
  "$ in millions (unaudited)",
  "Six Months Ended",
  "July 29, 2023 July 30, 2022",
  "Operating activities",
  "Net earnings $ 518 $ 647",
  "Adjustments to reconcile net earnings to total cash provided by (used in) operating activities:",
  "Depreciation and amortization 473 453",
  "Restructuring charges (16) 35",
  "Stock-based compensation 75 65",
  "Gain on sale of subsidiary, net (21) -",
  "Other, net 2 19",
  "Changes in operating assets and liabilities:",
  "Receivables 289 201",
  "Merchandise inventories (508) (79)",
  "Other assets (32) (13)",
  "Accounts payable (206) (1,434)",
  "Income taxes (148) 42",
  "Other liabilities (245) (645)",
  "Total cash provided by (used in) operating activities 181 (709)",
  "Investing activities",
  "Additions to property and equipment (395) (441)",
  "Purchases of investments (2) (46)",
  "Net proceeds from sale of subsidiary 14 -",
  "Other, net 2 3",
  "Total cash used in investing activities (381) (484)",
  "Financing activities",
  "Repurchase of common stock (158) (465)",
  "Dividends paid (402) (397)",
  "Other, net - 1",
  "Total cash used in financing activities (560) (861)",
  "Effect of exchange rate changes on cash and cash equivalents (2) 1",
  "Decrease in cash, cash equivalents and restricted cash (762) (2,053)",
  "Cash, cash equivalents and restricted cash at beginning of period 2,253 3,205",
  "Cash, cash equivalents and restricted cash at end of period $ 1,491 $ 1,152",
  "See Notes to Condensed Consolidated Financial Statements.",
  "6"
].join("\n");

describe("a balance at its period's opening and at its close", () => {
  const judged = judgeAgainst(() => org, "What were Best Buy's cash, cash equivalents and restricted cash at the end of the first six months of fiscal 2024?", [{ title: "Best Buy 10-Q, Q2 fiscal 2024", content: CASH_FLOWS }]);
  const said = (balance: string) => `Best Buy's cash, cash equivalents and restricted cash were ${balance} at the end of the first six months of fiscal 2024, down $762 million.`;

  it("carries the closing balance, not the opening one given for the close (wrong on purpose)", async () => {
    const [llmRight, llmWrong, agentRight, agentWrong] = await Promise.all([judged("llm", said("$1,491 million")), judged("llm", said("$2,253 million")), judged("agent", said("$1,491 million")), judged("agent", said("$2,253 million"))]);
    expect(llmRight.result.scores.factuality).toBeGreaterThanOrEqual(4);
    expect(llmWrong.result.scores.factuality).toBeLessThanOrEqual(2);
    expect(agentRight.assessment.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["supported"]);
    expect(agentWrong.assessment.claims.map((c: { verdict: string }) => c.verdict)).not.toContain("supported");
  });
});
