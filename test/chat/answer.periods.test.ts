// The local chat engine must not give a quarter's figure as the year's, a figure without the scale its table
// states, a column whose fiscal year it cannot tell (years ending in January or February, headers mixing a
// quarter-end with a year-end), or another company's figure. Inputs wrong on purpose; the passages are pages
// of the demo corpus (test/fixtures/chat, see SOURCES.md) and short tables written for these tests.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { NOT_IN_DOCUMENTS } from "../../src/chat/local-answer";
import { columnPeriodsOf, parseTables } from "../../src/figures/table";
import type { Passage } from "../../src/chat/types";
import { answerOver, passageOf } from "./chat.helpers";

async function fixture(name: string): Promise<string> {
  const res = await (env as unknown as { FIXTURES: Fetcher }).FIXTURES.fetch(`http://f/chat/${name}`);
  if (!res.ok) throw new Error(`fixture ${name}: ${res.status}`);
  return res.text();
}

const passage = (text: string, company: string, ticker: string, extra: Partial<Passage> = {}) =>
  passageOf(text, company, ticker, { fiscalYear: 2023, form: "EARNINGS", docType: "news" }, extra);

const answer = async (query: string, passages: Passage[]) => (await answerOver(query, passages)).text;

describe("column periods", () => {
  it("reads quarter and year columns from the header words", () => {
    expect(columnPeriodsOf("Three Months Ended June 30, Twelve Months Ended June 30,\n2022 2023 2022 2023", 4)).toEqual(["quarter", "quarter", "year", "year"]);
    expect(columnPeriodsOf("Three Months Ended June 30, 2022 Three Months Ended June 30, 2023", 2)).toEqual(["quarter", "quarter"]);
    expect(columnPeriodsOf("13 Weeks Ended 52 Weeks Ended\nJanuary\n28,", 6)).toEqual(["quarter", "quarter", "quarter", "year", "year", "year"]);
    expect(columnPeriodsOf("Year Ended December 31,\n2022\n2021", 2)).toEqual(["year", "year"]);
    expect(columnPeriodsOf("Consolidated Balance Sheets\n2022 2021", 2)).toEqual(["unknown", "unknown"]);
    // Three phrases over four columns cannot be laid out: no column's period is known.
    expect(columnPeriodsOf("Three Months Ended Six Months Ended Twelve Months Ended", 4)).toEqual(["mixed", "mixed", "mixed", "mixed"]);
  });

  it("marks a header whose month is split from its day as naming January", async () => {
    const t = parseTables(await fixture("ulta-q4fy2022-p1.txt")).find((x) => x.years.length === 6)!;
    expect(t.years).toEqual([2023, 2022, 2021, 2023, 2022, 2021]);
    expect(t.columnPeriods).toEqual(["quarter", "quarter", "quarter", "year", "year", "year"]);
    expect(t.earlyMonths).toBe(true);
  });
});

describe("local answer engine: periods, scales and companies", () => {
  it("never gives a three-months column as the fiscal year's figure (Amcor: $181 million is the June quarter)", async () => {
    const p13 = await fixture("amcor-fy2023-p13.txt");
    const p1 = await fixture("amcor-fy2023-p1.txt");
    const both = await answer("What was Amcor net income in fiscal 2023?", [passage(p13, "Amcor plc", "AMCR"), passage(p1, "Amcor plc", "AMCR")]);
    expect(both).not.toMatch(/\$181\b/);
    expect(both).toContain("1,048 million");
    // The quarter's page alone: its figure is not the year's, so no table figure is stated for 2023.
    const alone = await answer("What was Amcor net income in fiscal 2023?", [passage(p13, "Amcor plc", "AMCR")]);
    expect(alone).not.toMatch(/\b181\b/);
    expect(alone).not.toMatch(/in 2023 was/);
  });

  it("writes a table figure with the scale its table states, also '($ million)'", async () => {
    const table = `Amcor plc
Statements of Income
Twelve Months Ended June 30,
($ million)
2023
2022
Net sales
14,694
14,544
Net income
1,058
815`;
    const a = await answer("What was Amcor net sales in fiscal 2022?", [passage(table, "Amcor plc", "AMCR")]);
    expect(a).toContain("Net sales in 2022 was $14,544 million [1]");
    expect(a).not.toMatch(/14,694/);
  });

  it("states no table figure when the source names two scales and its table's is not clear", async () => {
    const table = `Initech
Consolidated Statements of Income
Year Ended December 31,
2022
2021
Net sales
$
4,120 $
3,877
Share counts are in thousands; other amounts in millions.`;
    const a = await answer("What were Initech net sales in 2022?", [passage(table, "Initech", "INTC9")]);
    expect(a).not.toMatch(/\$4,120(?! million)/);
    expect(a).not.toMatch(/Net sales in 2022 was/);
  });

  it("reads Ulta's fiscal 2022 (ended January 28, 2023) from the 52-week column, not the year-ago quarter", async () => {
    const p1 = await fixture("ulta-q4fy2022-p1.txt");
    const fy22 = await answer("What were Ulta Beauty net sales in fiscal 2022?", [passage(p1, "Ulta Beauty", "ULTA")]);
    expect(fy22).toContain("Net sales in 2022 was $10,208.6 million [1]");
    for (const wrong of ["2,729.4", "3,226.8", "8,630.9", "$2.7 billion", "$3.2 billion"]) expect(fy22).not.toContain(wrong);
    const fy21 = await answer("What were Ulta Beauty net sales in fiscal 2021?", [passage(p1, "Ulta Beauty", "ULTA")]);
    expect(fy21).toContain("Net sales in 2021 was $8,630.9 million [1]");
    for (const wrong of ["2,729.4", "2,198.7", "$2.7 billion"]) expect(fy21).not.toContain(wrong);
  });

  it("does not name a fiscal year for columns dated in January of a company whose calendar it does not know", async () => {
    const p1 = (await fixture("ulta-q4fy2022-p1.txt")).replaceAll("Ulta Beauty", "Glamco");
    const a = await answer("What were Glamco net sales in fiscal 2022?", [passage(p1, "Glamco", "GLMQ")]);
    for (const wrong of ["2,729.4", "3,226.8", "8,630.9", "10,208.6"]) expect(a).not.toContain(wrong);
  });

  it("does not give a balance of a quarter-end beside a year-end as a year's (Best Buy's July and January columns)", async () => {
    const p3 = await fixture("bestbuy-q2fy2024-p3.txt");
    for (const q of ["What were Best Buy total assets in 2023?", "What was Best Buy merchandise inventories in 2022?"]) {
      const a = await answer(q, [passage(p3, "Best Buy Co., Inc.", "BBY")]);
      expect(a).not.toMatch(/ in 20\d\d was /);
      expect(a).not.toMatch(/\b0 \[1\]/);
    }
  });

  it("does not answer about one company from another company's passage", async () => {
    const ulta = await fixture("ulta-q4fy2022-p1.txt");
    const a = await answer("What was Amcor net income in fiscal 2023?", [passage(ulta, "Ulta Beauty", "ULTA")]);
    expect(a).toBe(NOT_IN_DOCUMENTS);
  });

  it("does not give operating income (GAAP) for an asked adjusted EBIT, nor a ratio computed from it", async () => {
    const table = `Casino Group
Consolidated Statements of Operations
(In thousands)
Year Ended December 31,
2022
2021
Operating income (loss)
1,439,372
1,992,775
Interest expense, net of amounts capitalized
594,954
795,142`;
    const a = await answer("What was Casino Group's interest coverage ratio using FY2022 Adjusted EBIT as the numerator and annual Interest Expense as the denominator?", [passage(table, "Casino Group", "CSNO")]);
    expect(a).not.toContain("1,439,372");
    expect(a).not.toMatch(/ratio in 2022 =/i);
  });

  it("reads each row at the scale stated above it when a page states two ('(Millions ...)' over the table, '(billions)' below)", async () => {
    const table = `Card Co
TABLE 1: SUMMARY OF FINANCIAL PERFORMANCE
Years Ended December 31,
(Millions, except percentages and per share amounts)
2022
2021
Pretax income
$
9,585
$
10,689
Income tax provision
2,071
2,629
Network volumes (billions)
$
1,552.8
$
1,284.2`;
    const a = await answer("How much has the effective tax rate of Card Co changed between FY2021 and FY2022?", [passage(table, "Card Co", "CRDC")]);
    expect(a).toContain("Pretax income in 2022 was $9,585 million [1]");
    expect(a).toContain("Income tax provision in 2021 was $2,629 million [1]");
    expect(a).toMatch(/Effective tax rate in 2022 = 2,071 \/ 9,585 \* 100 = 21\.6% \[1\]/);
    expect(a).toMatch(/Effective tax rate in 2021 = 2,629 \/ 10,689 \* 100 = 24\.6% \[1\]/);
  });

  it("reads the parent's net earnings from a label that lost its spaces, for a 3-year average net margin (Best Buy's fiscal years end in January)", async () => {
    const table = `Best Buy Co., Inc.
Consolidated Statements of Earnings
$ in millions, except per share amounts
Fiscal Years Ended
January 28, 2017 January 30, 2016 January 31, 2015
Revenue $ 39,403 $ 39,528 $ 40,339
Netearningsincludingnoncontrollinginterests 1,228 897 1,235
NetearningsattributabletoBestBuyCo.,Inc.shareholders $ 1,228 $ 897 $ 1,233`;
    const a = await answer("What is the FY2015 - FY2017 3 year average net profit margin (as a %) for Best Buy? Round to one decimal place.", [passage(table, "Best Buy", "BBY")]);
    expect(a).toContain("NetearningsattributabletoBestBuyCo.,Inc.shareholders in 2015 was $1,233 million [1]");
    expect(a).toMatch(/3-year average over 2015 to 2017 = \(\(1,233 \/ 40,339 \* 100\) \+ \(897 \/ 39,528 \* 100\) \+ \(1,228 \/ 39,403 \* 100\)\) \/ 3 = 2\.8% \[1\]/);
  });

  it("does not quote a sentence under a quarter's heading for a year's figure", async () => {
    const text = `Amcor plc results
Three months ended June 30, 2023
Adjusted EBIT of $436 million was approximately 7% lower than last year on a comparable constant currency basis.
Twelve months ended June 30, 2023
Adjusted EBIT of $1,608 million was 1% higher than last year on a comparable constant currency basis.`;
    const a = await answer("What was Amcor adjusted EBIT in fiscal 2023?", [passage(text, "Amcor plc", "AMCR")]);
    expect(a).toContain("Adjusted EBIT of $1,608 million");
    expect(a).not.toContain("436");
  });

  it("does not quote the tail of a sentence cut off before the passage", async () => {
    const text = `at acceptable terms; risks related to climate change; cybersecurity risks; rising interest rates; and other risks identified in Amcor's filings.
Amcor's outlook risks include customer destocking and lower volumes, which could reduce earnings in fiscal 2024.`;
    const a = await answer("What risks and outlook does Amcor describe?", [passage(text, "Amcor plc", "AMCR")]);
    expect(a).not.toMatch(/^at acceptable|\nat acceptable/);
    expect(a).toContain("Amcor's outlook risks include customer destocking");
  });

  it("reads the twelve-months columns of a statement whose header note is '($ million, ...)', and gives the company's share of net income", async () => {
    const p8 = await fixture("amcor-fy2023-p8.txt");
    const ni = await answer("What was Amcor net income in fiscal 2023?", [passage(p8, "Amcor plc", "AMCR")]);
    expect(ni).toContain("Net income attributable to Amcor plc in 2023 was $1,048 million [1]");
    for (const wrong of ["181", "184", "1,058"]) expect(ni).not.toContain(wrong);
    const gm = await answer("What was Amcor's gross margin in fiscal 2023?", [passage(p8, "Amcor plc", "AMCR")]);
    expect(gm).toMatch(/Gross margin in 2023 = \(14,694 - 11,969\) \/ 14,694 \* 100 = 18\.5% \[1\]/);
    expect(gm).not.toContain("3,673");
  });
});
