// The local engine's independent recomputation (engine/solve.ts, engine/table.ts): statement tables in
// PDF-text layout, metrics defined in words in the question, standard metrics, and the answer's figures
// checked against the recomputed value. Pure logic, so unit tests.
import { describe, expect, it } from "vitest";
import { parseTables } from "../../src/figures/table";
import { recompute } from "../../src/figures/recompute";
import { checkRecomputation } from "../../src/judges/engine/solve";
import { assessClaims } from "../../src/judges/engine/assess";
import { gradeAnswer } from "../../src/judges/engine/grade";

// A made-up company's statements in the layout PDF text extraction gives (label line, then one figure
// per line, "$" alone, negatives in parentheses), with one row written on a single line.
const STATEMENTS = `Consolidated Balance Sheets
December 31, 2022 and 2021
2022
2021
2020
(in millions)
Cash and cash equivalents
$
1,000
$
900
$
800
Accounts receivable, net
2,000
1,800
1,700
Inventories (Note 4)
3,000
2,500
2,400
Total current assets
6,000
5,200
4,900
Total assets
20,000
18,000
17,000
Accounts payable
1,500
1,300
1,200
Total current liabilities
4,000
3,500
3,300

Consolidated Statements of Operations
Years ended December 31, 2022, 2021 and 2020
2022
2021
2020
Net sales $ 12,000 $ 11,000 $ 10,000
Cost of sales
(8,000)
(7,500)
(7,000)
Operating income
1,200
1,100
900
Net income
800
700
600

Consolidated Statements of Cash Flows
2022
2021
2020
Depreciation and amortization
400
380
360
Inventories
(500)
(100)
(50)
Net cash provided by operating activities
1,600
1,400
1,300
Purchases of property and equipment
(600)
(550)
(400)`;

const value = (q: string) => recompute(q, [STATEMENTS])?.value;

describe("statement tables", () => {
  it("reads the column years, the statement kind and every row of each table", () => {
    const tables = parseTables(STATEMENTS);
    expect(tables.map((t) => [t.kind, t.years])).toEqual([
      ["balance", [2022, 2021, 2020]],
      ["income", [2022, 2021, 2020]],
      ["cash", [2022, 2021, 2020]],
    ]);
    expect(tables[0].rows.find((r) => r.label === "inventories")?.values).toEqual([3000, 2500, 2400]);
    expect(tables[1].rows.find((r) => r.label === "net sales")?.values).toEqual([12000, 11000, 10000]);
    expect(tables[1].rows.find((r) => r.label === "cost of sales")?.values).toEqual([-8000, -7500, -7000]);
  });
});

describe("metrics defined in the question", () => {
  it("computes averages, changes and years named inside a definition", () => {
    const dpo = value(
      "What is the FY2022 days payable outstanding (DPO)? DPO is defined as: 365 * (average accounts payable between FY2021 and FY2022) / (FY2022 COGS + change in inventory between FY2021 and FY2022). Round your answer to two decimal places.",
    );
    expect(dpo).toBeCloseTo((365 * 1400) / 8500, 6);
  });

  it("resolves definitions that name other definitions (CCC = DIO + DSO - DPO)", () => {
    const ccc = value(
      "What is the FY2022 cash conversion cycle (CCC)? CCC is defined as: DIO + DSO - DPO. DIO is defined as: 365 * (average inventory between FY2021 and FY2022) / (FY2022 COGS). DSO is defined as: 365 * (average accounts receivable between FY2021 and FY2022) / (FY2022 Revenue). DPO is defined as: 365 * (average accounts payable between FY2021 and FY2022) / (FY2022 COGS + change in inventory between FY2021 and FY2022).",
    );
    expect(ccc).toBeCloseTo((365 * 2750) / 8000 + (365 * 1900) / 12000 - (365 * 1400) / 8500, 6);
  });

  it("reads ROA, a numerator/denominator pair, a CAGR and a multi-year average", () => {
    expect(value("What is the FY2022 return on assets (ROA)? ROA is defined as: FY2022 net income / (average total assets between FY2021 and FY2022).")).toBeCloseTo(800 / 19000, 8);
    expect(value("What was the FY2022 ratio using FY2022 operating income as the numerator and annual net sales as the denominator?")).toBeCloseTo(0.1, 8);
    expect(value("What is the 2 year total revenue CAGR from FY2020 to FY2022 (in units of percents and round to one decimal place)?")).toBeCloseTo((Math.sqrt(1.2) - 1) * 100, 6);
    expect(value("What is the FY2020 - FY2022 3 year average of capex as a % of revenue? Answer in units of percents.")).toBeCloseTo(((600 / 12000 + 550 / 11000 + 400 / 10000) / 3) * 100, 6);
  });

  it("reads standard metrics and single line items the question names", () => {
    expect(value("What is the FY2022 unadjusted EBITDA % margin? Use unadjusted operating income and D&A from the cash flow statement.")).toBeCloseTo((1600 / 12000) * 100, 6);
    expect(value("Does the company have positive working capital based on FY2022 data?")).toBe(2000);
    expect(value("What is the FY2022 capital expenditure amount (in USD millions)?")).toBe(600);
    // The balance sheet's inventories, not the cash flow statement's change in inventories.
    expect(value("What is the year end FY2022 total amount of inventories (in USD millions)?")).toBe(3000);
  });

  it("does nothing for a question without a metric or without the figures", () => {
    expect(recompute("What are the geographies the company operates in as of FY2022?", [STATEMENTS])).toBeNull();
    expect(recompute("What is the FY2019 gross margin?", [STATEMENTS])).toBeNull();
    expect(recompute("What is the FY2022 gross margin?", ["No tables here, only prose about 2022."])).toBeNull();
  });
});

describe("the answer against the recomputed figure", () => {
  const q = "What is the FY2022 return on assets (ROA)? ROA is defined as: FY2022 net income / (average total assets between FY2021 and FY2022). Round your answer to two decimal places.";
  it("matches a figure written as a ratio or a percentage, within its rounding", () => {
    expect(checkRecomputation(q, "ROA = 800 / 19,000 = 0.04", [STATEMENTS]).status).toBe("match");
    expect(checkRecomputation(q, "The ROA is 4.21%.", [STATEMENTS]).status).toBe("match");
  });
  it("reads a mismatch when the answer works from the same statement figures but reaches another result", () => {
    // Ending total assets instead of the average the question defines.
    const c = checkRecomputation(q, "ROA = 800 / 20,000 = 4.00%", [STATEMENTS]);
    expect(c.status).toBe("mismatch");
    expect(c.note).toMatch(/0\.04211/);
    // Other inputs than the engine's (it may have read another line): nothing is concluded.
    expect(checkRecomputation(q, "ROA = 750 / 20,500 = 3.66%", [STATEMENTS]).status).toBe("none");
  });
  it("says nothing when the answer states no figure", () => {
    expect(checkRecomputation(q, "The information is not available.", [STATEMENTS]).status).toBe("none");
  });
});

describe("a standard metric asked for one year as it stands (levelAsked)", () => {
  const q = "What was the company's current ratio in FY2022?";
  it("reads another value in a sentence naming the metric as a mismatch, though the answer gives none of its inputs", () => {
    expect(checkRecomputation(q, "The current ratio was 1.50 in FY2022.", [STATEMENTS]).status).toBe("match");
    const c = checkRecomputation(q, "The current ratio was 1.85 in FY2022.", [STATEMENTS]);
    expect(c.status).toBe("mismatch");
    expect(c.note).toContain("the answer gives it another value");
    const agent = assessClaims({ query: q, references: [STATEMENTS], claims: [{ claim: "The current ratio was 1.85 in FY2022.", passages: [] }] });
    expect(agent.claims[0].verdict).toBe("contradicted");
  });
  it("concludes nothing when the answer leaves the metric out, or the question asks for a change or defines the metric", () => {
    expect(checkRecomputation(q, "Total current assets were $6,100 million in FY2022.", [STATEMENTS]).status).toBe("none");
    expect(checkRecomputation("How much did the current ratio change between FY2021 and FY2022?", "The current ratio changed by 0.4.", [STATEMENTS]).status).toBe("none");
    const defined = "What is the FY2022 return on assets (ROA)? ROA is defined as: FY2022 net income / (average total assets between FY2021 and FY2022).";
    expect(checkRecomputation(defined, "The ROA was 9.00%.", [STATEMENTS]).status).toBe("none");
  });
});

describe("the agent judge's claim check", () => {
  it("contradicts the claim that states a defined metric the sources do not yield, and supports the one that does", () => {
    const query = "What is the FY2022 return on assets (ROA)? ROA is defined as: FY2022 net income / (average total assets between FY2021 and FY2022).";
    const out = assessClaims({ query, references: [STATEMENTS], claims: [{ claim: "The FY2022 ROA is 800 / 20,000 = 4.00%.", passages: [] }, { claim: "The FY2022 ROA is 4.21%.", passages: [] }] });
    expect(out.claims.map((c) => c.verdict)).toEqual(["contradicted", "supported"]);
    expect(out.claims[0].explanation).toMatch(/Recomputed roa/);
    expect(out.verdict).not.toBe("accurate");
  });
});

describe("direction and sign of the answer's conclusion", () => {
  const q = "Does the company have an improving operating margin profile as of FY2022?";
  it("recomputes the metric for the earlier year of a direction question", () => {
    const r = recompute(q, [STATEMENTS]);
    expect(r?.value).toBeCloseTo(10, 6);
    expect(r?.earlier).toEqual({ year: 2021, value: (1100 / 11000) * 100 });
  });
  it("reads a conclusion that goes the other way as a mismatch, even when a figure is right", () => {
    // 10.0% in both years: no movement, so nothing to contradict.
    expect(checkRecomputation(q, "Yes, the operating margin improved to 10.0%.", [STATEMENTS]).status).toBe("match");
    const ebitda = "Does the company have an improving EBITDA margin as of FY2022?";
    // (1200 + 400) / 12000 = 13.3% in FY2022, (1100 + 380) / 11000 = 13.5% in FY2021: down.
    expect(checkRecomputation(ebitda, "The EBITDA margin was 13.5% in FY2021 and 13.3% in FY2022. Therefore, the margin is improving.", [STATEMENTS]).status).toBe("mismatch");
    expect(checkRecomputation(ebitda, "The EBITDA margin was 13.5% in FY2021 and 13.3% in FY2022. Therefore, the margin is not improving.", [STATEMENTS]).status).toBe("match");
    expect(checkRecomputation(ebitda, "It improved from FY2020 to FY2021 but saw a slight decrease in FY2022 to 13.3%.", [STATEMENTS]).status).toBe("match");
  });
  it("checks the yes or no of a sign question against the recomputed sign", () => {
    const wc = "Does the company have positive working capital based on FY2022 data?";
    expect(checkRecomputation(wc, "No. With current assets of $6,000 million against $7,000 million of current liabilities, working capital is negative.", [STATEMENTS]).status).toBe("mismatch");
    // No statement figure in common with the recomputation: the engine may have read another line, so it says nothing.
    expect(checkRecomputation(wc, "No. Working capital is negative.", [STATEMENTS]).status).toBe("none");
    expect(checkRecomputation(wc, "Yes, working capital is $2,000 million.", [STATEMENTS]).status).toBe("match");
  });
  it("reads a header whose dates are split over two lines (\"December 2,\" then \"2022\")", () => {
    const t = parseTables("Statements of Income\nDecember 2,\n2022\nDecember 3,\n2021\nTotal revenue\n17,606\n15,785\nOperating income\n6,098\n5,802");
    expect(t[0].years).toEqual([2022, 2021]);
    expect(t[0].rows.map((r) => r.label)).toEqual(["total revenue", "operating income"]);
  });

  it("reads a header of dates one a line as one column each, a year repeated or not (Best Buy's 10-Q cash table)", () => {
    const t = parseTables("Cash and cash equivalents were as follows ($ in millions):\nJuly 29, 2023\n \nJanuary 28, 2023\n \nJuly 30, 2022\nCash and cash equivalents\n $\n 1,093 $\n 1,874 $\n 840");
    expect(t[0].years).toEqual([2023, 2023, 2022]);
    expect(t[0].uncertain).toBe(true);
    expect(t[0].rows[0].values).toEqual([1093, 1874, 840]);
  });

  it("reads a row printed with a blank cell (a line of spaces) as nil in that column, not as a row dropped", () => {
    // Pfizer's income statement: the JV gain has no 2021 figure, printed as a line of spaces.
    const text = "Year Ended December 31,\n2021\n2020\n2019\nRestructuring charges\n802 \n579 \n601 \n(Gain) on completion of Consumer Healthcare JV transaction\n \n(6)\n(8,107)\nOther (income)/deductions—net\n(4,878)\n1,219 \n3,497 ";
    const rows = parseTables(text)[0].rows;
    expect(rows.find((r) => r.label.includes("consumer healthcare"))?.values).toEqual([0, -6, -8107]);
    expect(rows.find((r) => r.label.startsWith("other"))?.values).toEqual([-4878, 1219, 3497]);
    // Ulta's cash flow statement prints its blank cells as empty lines.
    const ulta = parseTables("Fiscal Year Ended\nJanuary 28,\n2023\nJanuary 29,\n2022\nJanuary 30,\n2021\nCapital expenditures\n(312,126)\n(172,187)\n(151,866)\nAcquisitions, net of cash acquired\n\n\n(1,220)\nNet cash used in investing activities\n(311,889)\n(172,187)\n(43,086)");
    expect(ulta[0].rows.map((r) => r.values)).toEqual([[-312126, -172187, -151866], [0, 0, -1220], [-311889, -172187, -43086]]);
    // A label followed by a line of spaces and no figure is no row; nor are spaces after a full row a cell.
    const empty = parseTables("2022\n2021\nCosts and expenses\n \n \nCost of sales\n30,821 \n8,484 \n \nRevenue\n5\n6");
    expect(empty[0].rows.map((r) => [r.label, r.values])).toEqual([["cost of sales", [30821, 8484]], ["revenue", [5, 6]]]);
  });

  it("grades the blank-cell row's figure as carried, and another figure for it as not (wrong on purpose)", () => {
    const passage = "Consolidated Statements of Income\nYear Ended December 31,\n(MILLIONS)\n2021\n2020\n2019\nRevenues\n81,288 \n41,651 \n40,905 \n(Gain) on completion of Consumer Healthcare JV transaction\n \n(6)\n(8,107)\nNet income\n21,979 \n9,159 \n16,026 ";
    const query = "Were there any events that are not in Pfizer's standard business operations that substantially increased net income in 2019?";
    const grade = (answer: string) => gradeAnswer({ query, answer, references: [passage], evidence: [], verdicts: { supported: 0, contradicted: 0, unresolved: 0 } });
    const right = grade("Yes. In 2019 Pfizer recorded a gain of $8,107 million on the completion of the Consumer Healthcare JV transaction, a one-time event.");
    const wrong = grade("Yes. In 2019 Pfizer recorded a gain of $5,323 million on the completion of the Consumer Healthcare JV transaction, a one-time event.");
    expect(right.reasoning).toContain("1 of 1 figures are carried");
    expect(wrong.factuality).toBeLessThan(right.factuality);
    expect(wrong.factuality).toBeLessThanOrEqual(2);
  });
});

// One-line rows as PDF text extraction often gives them (figures of the label's own text before the
// columns, "( 6,343 )" spacing, a header of dates and years on one line, a cash flow statement whose
// working-capital changes reuse balance sheet labels). Figures from Microsoft's FY2023 10-K (public filing).
const ONE_LINE = `BALANCE SHEETS
(In millions)
June 30, 2023 2022
Accounts receivable, net of allowance for doubtful accounts of $650 and $633 48,688 44,261
Inventories 2,500 3,742
Total current assets 184,257 169,684
Accumulated other comprehensive loss (6,343 ) (4,678 )
Accounts payable $ 18,095 $ 19,000
INCOME STATEMENTS
Year Ended June 30, 2023 2022 2021
Total revenue 211,915 198,270 168,088
Total cost of revenue 65,863 62,650 52,232
Provision for (benefit from) income taxes 16,950 10,978 9,831
CASH FLOWS STATEMENTS
Year Ended June 30, 2023 2022 2021
Accounts receivable (4,087 ) (6,834 ) (6,481 )
Inventories 1,242 (1,123 ) (737 )`;

describe("statement text with whole rows on one line", () => {
  it("takes the last figures of a row as its columns and reads spaced parentheses as negatives", () => {
    const [balance, income, cash] = parseTables(ONE_LINE);
    expect([balance.kind, income.kind, cash.kind]).toEqual(["balance", "income", "cash"]);
    expect(income.years).toEqual([2023, 2022, 2021]);
    expect(balance.rows.find((r) => r.label.startsWith("accounts receivable"))?.values).toEqual([48688, 44261]);
    expect(balance.rows.find((r) => r.label.startsWith("accumulated"))?.values).toEqual([-6343, -4678]);
    expect(income.rows.map((r) => r.label)).toContain("provision for income taxes");
  });
  it("reads balances from the balance sheet, not the cash flow statement's changes", () => {
    const dso = recompute("What is the FY2023 days sales outstanding (DSO)? DSO is defined as: 365 * (average accounts receivable between FY2022 and FY2023) / (FY2023 revenue).", [ONE_LINE]);
    expect(dso?.value).toBeCloseTo((365 * (48688 + 44261)) / 2 / 211915, 6);
  });
  it("answers for the metric asked, never for one of its parts", () => {
    // Every part resolves here, so the CCC is computed...
    const ccc = "What is the FY2023 cash conversion cycle (CCC)? CCC is defined as: DIO + DSO - DPO. DIO is defined as: 365 * (average inventory between FY2022 and FY2023) / (FY2023 COGS). DSO is defined as: 365 * (average accounts receivable between FY2022 and FY2023) / (FY2023 Revenue). DPO is defined as: 365 * (average accounts payable between FY2022 and FY2023) / (FY2023 COGS + change in inventory between FY2022 and FY2023).";
    expect(recompute(ccc, [ONE_LINE])?.metric).toBe("ccc");
    // ...and when a part is missing (no payables), nothing is computed rather than DIO or DSO alone.
    expect(recompute(ccc, [ONE_LINE.replace(/Accounts payable.*\n/, "")])).toBeNull();
  });
});
