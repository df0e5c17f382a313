// The local chat engine (src/chat/local-answer.ts): cited rows and sentences of the asked company and year,
// asked metrics and changes computed from cited statement rows with the inputs shown, and a plain refusal
// when the passages do not carry what is asked (another company, another year). Through answerPieces, so
// the grounding guard runs over the engine's own answer too.
import { describe, expect, it } from "vitest";
import { FLAG } from "../../src/chat/grounding";
import { NOT_ANSWERED, NOT_IN_DOCUMENTS } from "../../src/chat/local-answer";
import type { Passage } from "../../src/chat/types";
import { answerOver, passageOf } from "./chat.helpers";

const ACME_INCOME = `Acme Corp
Consolidated Statements of Operations
(In millions)
Year Ended December 31,
2022
2021
Net revenue
$
12,617 $
11,141
Cost of sales
7,406
6,724
Gross profit
5,211
4,417
Operating income
1,914
1,402
Net income
1,277
998`;

const ACME_PROSE = `Acme's net revenue for 2022 was $12,617 million, up 13% from 2021, driven by higher volumes in Industrial. Operating expenses grew more slowly than revenue.`;

const GLOBEX_INCOME = `Globex Inc.
Consolidated Statements of Income
(In millions)
Year Ended December 31,
2022
2021
Total revenues
$
30,200 $
28,900
Cost of revenues
21,000
20,100
Net income
2,400
2,150`;

const passage = (text: string, company: string, ticker: string, extra: Partial<Passage> = {}) =>
  passageOf(text, company, ticker, { fiscalYear: 2022, form: "10K", docType: "filing" }, extra);

const answer = answerOver;

describe("local answer engine", () => {
  it("gives the asked line item for the asked year from the statement row, cited", async () => {
    const a = await answer("What was Acme's net revenue in FY2021?", [passage(ACME_INCOME, "Acme Corp", "ACME")]);
    expect(a.text).toContain("Net revenue in 2021 was $11,141 million [1]");
    expect(a.text).not.toContain("12,617");
    expect(a.cites).toEqual([0]);
    expect(a.text).not.toContain(FLAG);
  });

  it("computes an asked margin from cited rows and shows its inputs", async () => {
    const a = await answer("What was Acme's gross margin in FY2022?", [passage(ACME_INCOME, "Acme Corp", "ACME")]);
    expect(a.text).toContain("Net revenue in 2022 was $12,617 million [1]");
    expect(a.text).toContain("Cost of sales in 2022 was $7,406 million [1]");
    // (12,617 - 7,406) / 12,617 = 41.3%
    expect(a.text).toMatch(/Gross margin in 2022 = \(12,617 - 7,406\) \/ 12,617 \* 100 = 41\.3% \[1\]/);
    expect(a.text).not.toContain(FLAG);
  });

  it("computes an asked change between two years", async () => {
    const a = await answer("How much did Acme's net income grow from FY2021 to FY2022?", [passage(ACME_INCOME, "Acme Corp", "ACME")]);
    expect(a.text).toContain("Net income in 2021 was $998 million [1]");
    expect(a.text).toContain("Net income in 2022 was $1,277 million [1]");
    // (1,277 - 998) / 998 = 27.96%
    expect(a.text).toMatch(/= \(1,277 - 998\) \/ 998 \* 100 = 28\.0% \[1\]/);
    expect(a.text).not.toContain(FLAG);
  });

  it("reads a provision printed in parentheses beside a positive pretax income as an expense for the effective tax rate, both years of a change", async () => {
    const taxes = `Initech
Consolidated Statements of Income
(In millions)
Year Ended December 31,
2022
2021
Income before income taxes
1,797
2,426
Provision for income taxes
(411)
(491)
Net income
1,386
1,935`;
    const a = await answer("How much has the effective tax rate of Initech changed between FY2021 and FY2022?", [passage(taxes, "Initech", "INTC")]);
    expect(a.text).toContain("Provision for income taxes in 2022 was (411) million [1]");
    expect(a.text).toContain("Effective tax rate in 2021 = 491 / 2,426 * 100 = 20.2% [1]");
    expect(a.text).toContain("Effective tax rate in 2022 = 411 / 1,797 * 100 = 22.9% [1]");
    expect(a.text).toContain("Effective tax rate was higher in 2022 than in 2021 [1].");
    expect(a.text).not.toContain(FLAG);
  });

  it("does not answer a question about which segment with the statement's total", async () => {
    const a = await answer("Which Acme segment had the highest net revenue in FY2022?", [passage(ACME_INCOME, "Acme Corp", "ACME")]);
    // No figure: at most a pointer to the statement as the closest passage.
    expect(a.text).not.toContain("12,617");
    expect(a.text === NOT_IN_DOCUMENTS || a.text === `${NOT_ANSWERED}\nConsolidated Statements of Operations [1]`).toBe(true);
  });

  it("reads 'Define X as' as the asked metric, unless X is a part of an asked margin", async () => {
    const ratio = await answer("What is Acme's FY2022 cost ratio? Define cost ratio as cost of sales divided by net revenue. Round to two decimal places.", [passage(ACME_INCOME, "Acme Corp", "ACME")]);
    expect(ratio.text).toContain("= 7,406 / 12,617 = 0.59 [1]");
    const margin = await answer("What is Acme's FY2022 unadjusted operating income % margin? Define unadjusted operating income as operating income.", [passage(ACME_INCOME, "Acme Corp", "ACME")]);
    // 1,914 / 12,617 = 15.2%: the margin, not the defined part (1,914) alone.
    expect(margin.text).toContain("= 1,914 / 12,617 * 100 = 15.2% [1]");
  });

  it("gives a margin's change between the years in percentage points, from the statement's figures", async () => {
    const a = await answer("Does Acme have an improving gross margin profile as of FY2022?", [passage(ACME_INCOME, "Acme Corp", "ACME")]);
    expect(a.text).toContain("Gross margin in 2021 = (11,141 - 6,724) / 11,141 * 100 = 39.6% [1].");
    expect(a.text).toContain("Gross margin in 2022 = (12,617 - 7,406) / 12,617 * 100 = 41.3% [1].");
    // 41.30 - 39.65 (the unrounded margins): 1.7 points.
    expect(a.text).toContain("Gross margin change from 2021 to 2022 = ((12,617 - 7,406) / 12,617 * 100) - ((11,141 - 6,724) / 11,141 * 100) = 1.7 percentage points [1].");
  });

  it("answers from the asked company's passage when another company's is ranked first", async () => {
    const a = await answer("What were Globex's total revenues in 2022?", [passage(ACME_INCOME, "Acme Corp", "ACME"), passage(GLOBEX_INCOME, "Globex", "GBX")]);
    expect(a.text).toContain("$30,200 million [2]");
    expect(a.text).not.toContain("12,617");
    expect(a.cites).toEqual([1]);
  });

  it("says the documents do not say, uncited, for a company none of the passages is about", async () => {
    const a = await answer("What was Boeing's revenue in FY2022?", [passage(ACME_INCOME, "Acme Corp", "ACME"), passage(ACME_PROSE, "Acme Corp", "ACME")]);
    expect(a.text).toBe(NOT_IN_DOCUMENTS);
    expect(a.cites).toEqual([]);
  });

  it("says the documents do not say for a year the passages do not carry", async () => {
    const a = await answer("What was Acme's net revenue in FY2019?", [passage(ACME_INCOME, "Acme Corp", "ACME"), passage(ACME_PROSE, "Acme Corp", "ACME")]);
    expect(a.text).toBe(NOT_IN_DOCUMENTS);
    expect(a.cites).toEqual([]);
  });

  it("quotes the sentence that carries the asked figure, with its [n]", async () => {
    const a = await answer("Why did Acme's net revenue increase in 2022?", [passage(ACME_PROSE, "Acme Corp", "ACME")]);
    expect(a.text).toContain("driven by higher volumes in Industrial. [1]");
    expect(a.cites).toContain(0);
  });

  it("reads a statement cut into two chunks of one page as one table, citing the chunk with the row", async () => {
    const cut = ACME_INCOME.indexOf("Operating income");
    const head = passage(ACME_INCOME.slice(0, cut), "Acme Corp", "ACME", { page: 40, offset: 0 });
    const tail = passage(ACME_INCOME.slice(cut), "Acme Corp", "ACME", { page: 40, offset: cut });
    const a = await answer("What was Acme's operating income in FY2022?", [tail, head]);
    expect(a.text).toContain("Operating income in 2022 was $1,914 million [1]");
  });

  it("stays bounded on hostile passages and questions", async () => {
    const digits = "1".repeat(200_000);
    const noise = `${"Net revenue 1,234 ".repeat(20_000)}\n${digits}`;
    const passages = Array.from({ length: 40 }, () => passage(noise, "Acme Corp", "ACME"));
    const a = await answer(`What was Acme's net revenue in 2022? ${"revenue ".repeat(20_000)}`, passages);
    expect(typeof a.text).toBe("string");
  });
});
