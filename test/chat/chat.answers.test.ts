// Chat answers through the Worker (POST /v2/analytics/sse, the local engine over the external corpus): a
// capital-intensity question answered with the measures computed from cited statement rows, a change in debt,
// a restructuring row, a loss never written as a profit, a margin a bank's statements do not give said to be
// no useful metric when the question invites it, a quarter's balance read from the column its date maps to,
// and a question nothing answers given as such with the closest sentence of the best passage (or the title of
// the statement it says to use) quoted, and the next passage pointed to. Inputs wrong on purpose (another company, a year the filings do not
// cover) get no figure.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { addDocument, answerOf, chat, doc, final, named } from "./chat.helpers";
import { FLAG } from "../../src/chat/grounding";
import { NOT_ANSWERED, NOT_ANSWERED_TWO, NOT_IN_DOCUMENTS } from "../../src/chat/local-answer";

const BALANCE = `Zentrix Corp
Consolidated Balance Sheets
(In millions)
December 31,
2022
2021
Cash and cash equivalents
$
1,200 $
1,000
Accounts receivable, net
1,500
1,450
Inventories
1,400
1,450
Total current assets
4,100
3,900
Property, plant and equipment, net
2,500
2,300
Goodwill
1,400
1,400
Total assets
$
10,000 $
9,600
Current portion of long-term debt
150
100
Total current liabilities
2,200
2,050
Long-term debt
1,800
2,000`;

const INCOME = `Zentrix Corp
Consolidated Statements of Operations
(In millions)
Year Ended December 31,
2022
2021
Net revenue
$
8,000 $
7,400
Cost of sales
4,800
4,500
Restructuring charges
45
30
Operating income
1,100
950
Net income
$
700 $
640`;

const CASH = `Zentrix Corp
Consolidated Statements of Cash Flows
(In millions)
Year Ended December 31,
2022
2021
Net cash provided by operating activities
$
1,300 $
1,150
Capital expenditures
(400)
(380)
Net cash used in investing activities
(420)
(395)`;

const SEGMENTS = `Zentrix Corp
Segment Information
Zentrix reports its results in three segments: Industrial, Medical and Consumer.
Segment net revenue and segment operating income for each segment in fiscal 2022 are presented in the notes to the consolidated financial statements.`;

const LOSS = `Norvale Inc.
Consolidated Statements of Operations
(In millions)
Year Ended December 31,
2022
2021
Revenues
$
5,200 $
5,900
Operating loss
(640)
(120)
Net loss
$
(1,234) $
(310)`;

const BANK = `Harbor Bancorp
Consolidated Statements of Income
(In millions)
Year Ended December 31,
2022
2021
Total interest income
$
9,800 $
8,100
Total interest expense
2,300
1,200
Net interest income
7,500
6,900
Total noninterest revenue
3,100
3,300
Provision for credit losses
900
(400)
Total noninterest expense
6,200
5,900
Net income
$
2,700 $
3,500`;

let org: TestOrg;

beforeAll(async () => {
  org = await createOrg();
  const filing = (name: string, ticker: string, company: string) =>
    doc({ organizationId: "external", kind: "external", name, tickers: [ticker], companyNames: [company], fiscalYear: 2022, docSubType: "10k" });
  await addDocument(filing("ZENTRIX_2022_10K", "ZTX", "Zentrix Corp"), [
    { page: 40, text: BALANCE },
    { page: 41, text: INCOME },
    { page: 42, text: CASH },
    { page: 60, text: SEGMENTS },
  ]);
  await addDocument(filing("NORVALE_2022_10K", "NRV", "Norvale Inc."), [{ page: 30, text: LOSS }]);
  await addDocument(filing("HARBORBANCORP_2022_10K", "HBR", "Harbor Bancorp"), [{ page: 70, text: BANK }]);
  // Best Buy's balance sheets at July 29, 2023, January 28, 2023 and July 30, 2022 (test/fixtures/chat).
  const bestBuy = await (await (env as unknown as { FIXTURES: Fetcher }).FIXTURES.fetch("http://f/chat/bestbuy-q2fy2024-p3.txt")).text();
  await addDocument(doc({ organizationId: "external", kind: "external", name: "BESTBUY_2024Q2_10Q", tickers: ["BBY"], companyNames: ["Best Buy"], fiscalYear: 2024, docSubType: "10q" }), [{ page: 3, text: bestBuy }]);
});

async function ask(query: string) {
  const r = await chat(org.key, { query }, { path: "/v2/analytics/sse" });
  const text = answerOf(r);
  expect(text).not.toContain(FLAG);
  return { r, text, finish: final(r).data.finish_reason as string, cited: named(r, "citation").length };
}

describe("chat answers through the Worker", () => {
  it("answers a capital-intensity question with fixed assets to total assets, capex to revenue and return on assets, each from cited rows", async () => {
    const { text, finish, cited } = await ask("Is Zentrix a capital-intensive business based on FY2022 data?");
    expect(text).toContain("Fixed assets to total assets in 2022 = 2,500 / 10,000 * 100 = 25.0%");
    expect(text).toContain("Capex as % of revenue in 2022 = (400) / (8,000) * 100 = 5.0%");
    expect(text).toContain("Return on assets in 2022 = 700 / 10,000 * 100 = 7.0%");
    expect(text).toContain("Return on assets in 2021 = 640 / 9,600 * 100 = 6.7%");
    // Every input the arithmetic uses is shown, cited, as the row prints it.
    for (const input of ["Property, plant and equipment, net in 2022 was $2,500 million", "Total assets in 2022 was $10,000 million", "Net income in 2022 was $700 million", "Capital expenditures in 2022 was $400 million"]) expect(text).toContain(input);
    // The figures, not a verdict.
    expect(text).not.toMatch(/\bis (?:not )?(?:a )?capital[- ]intensive\b/i);
    expect(cited).toBeGreaterThan(0);
    expect(finish).toBe("stop");
  });

  it("computes nothing for another company's filings or a year they do not cover", async () => {
    const other = await ask("Is Globex a capital-intensive business based on FY2022 data?");
    expect(other.text).toBe(NOT_IN_DOCUMENTS);
    expect(other.cited).toBe(0);
    expect(other.finish).toBe("no_results");
    const swapped = await ask("Is Zentrix a capital-intensive business based on FY2019 data?");
    expect(swapped.text).not.toContain(" = ");
    for (const figure of ["2,500", "10,000", "25.0%", "7.0%"]) expect(swapped.text).not.toContain(figure);
  });

  it("answers a change in debt with long-term debt and its current portion for both years, and nothing for other years or companies", async () => {
    const { text, cited } = await ask("Has Zentrix increased its debt on balance sheet between FY2022 and the FY2021 period?");
    expect(text).toContain("Long-term debt including current portion in 2021 = 100 + 2,000 = 2,100 [1].");
    expect(text).toContain("Long-term debt including current portion in 2022 = 150 + 1,800 = 1,950 [1].");
    expect(text).toContain("Long-term debt including current portion was lower in 2022 than in 2021 [1].");
    expect(cited).toBe(1);
    const swapped = await ask("Has Zentrix increased its debt on balance sheet between FY2020 and the FY2019 period?");
    expect(swapped.text).not.toContain(" = ");
    for (const figure of ["1,950", "2,100", "1,800"]) expect(swapped.text).not.toContain(figure);
    const other = await ask("Has Globex increased its debt on balance sheet between FY2022 and the FY2021 period?");
    expect(other.text).toBe(NOT_IN_DOCUMENTS);
  });

  it("gives the restructuring row of the asked year's income statement, and no restructuring figure where none is printed", async () => {
    const asked = (company: string, year: string) => `What is the quantity of restructuring costs directly outlined in ${company}'s income statements for ${year}? If restructuring costs are not explicitly outlined then state 0.`;
    const { text, cited } = await ask(asked("Zentrix", "FY2022"));
    expect(text).toContain("Restructuring charges in 2022 was $45 million [1].");
    expect(cited).toBe(1);
    const none = await ask(asked("Norvale", "FY2022"));
    expect(none.text).not.toMatch(/restructuring[^.]{0,40} was\b/i);
    const swapped = await ask(asked("Zentrix", "FY2019"));
    for (const figure of ["45", "30"]) expect(swapped.text).not.toContain(figure);
  });

  it("writes a net loss as a loss, never as net income or profit", async () => {
    const { text, cited } = await ask("What was Norvale's net income in FY2022?");
    expect(text).toContain("a loss of $1,234 million");
    expect(text).not.toMatch(/(?:income|profit|earnings)[^.]{0,40}\bwas \$1,234\b/i);
    expect(text).not.toMatch(/\bprofit of \$1,234/i);
    expect(cited).toBe(1);
    // A profit margin from a loss is negative, not the loss's magnitude over revenue.
    const margin = await ask("What is Norvale's FY2022 net profit margin? Answer in units of percents and round to one decimal place.");
    expect(margin.text).not.toMatch(/= 23\.7%/);
  });

  it("says a margin does not fit a financial institution when the question invites it, citing the statement", async () => {
    const invited = "If operating margin is not a useful metric for a company like this, then state that and explain why.";
    const bank = await ask(`Does Harbor have an improving operating margin profile as of 2022? ${invited}`);
    expect(bank.text).toMatch(/^Operating margin is not a useful metric for Harbor Bancorp: it is a financial institution\b/);
    expect(bank.text).toContain("Net interest income");
    expect(bank.text).toContain("no operating income [1].");
    expect(bank.cited).toBe(1);
    // An industrial company with an operating income line: the margin is computed, not declared unfit.
    const industrial = await ask(`Does Zentrix have an improving operating margin profile as of 2022? ${invited}`);
    expect(industrial.text).not.toContain("not a useful metric");
    expect(industrial.text).toContain("Operating margin in 2022 = 1,100 / 8,000 * 100 = 13.8%");
    // Not invited: no such statement about the bank.
    const plain = await ask("Does Harbor have an improving operating margin profile as of 2022?");
    expect(plain.text).not.toContain("not a useful metric");
    // Another company's statements do not speak for the asked one.
    const other = await ask(`Does Globex have an improving operating margin profile as of 2022? ${invited}`);
    expect(other.text).toBe(NOT_IN_DOCUMENTS);
  });

  it("reads the quick ratio without short-term investments when the balance sheet prints none, and not for another year or company", async () => {
    const asked = (company: string, year: string) => `Does ${company} have a reasonably healthy liquidity profile based on its quick ratio for ${year}? If the quick ratio is not relevant to measure liquidity, please state that and explain why.`;
    const { text, cited } = await ask(asked("Zentrix", "FY22"));
    expect(text).toContain("Quick ratio in 2022 = (1,200 + 1,500) / 2,200 = 1.23");
    expect(text).toContain("Cash and cash equivalents in 2022 was $1,200 million");
    expect(cited).toBeGreaterThan(0);
    const swapped = await ask(asked("Zentrix", "FY19"));
    expect(swapped.text).not.toContain("1.23");
    expect(swapped.text).not.toContain("Quick ratio in");
    const other = await ask(asked("Globex", "FY22"));
    expect(other.text).toBe(NOT_IN_DOCUMENTS);
    // A bank's statements have no current assets: the ratio is said not to fit, as the question invites.
    const bank = await ask(asked("Harbor", "FY22"));
    expect(bank.text).toMatch(/^Quick ratio is not a relevant metric for Harbor Bancorp: it is a financial institution\b/);
    expect(bank.text).toContain("no current assets or current liabilities [1].");
  });

  it("reads a quarter's balance from the column its date maps to by the company's fiscal calendar, and the change", async () => {
    const { text, cited } = await ask("Was there any drop in Best Buy's cash and cash equivalents between FY 2023 and Q2 of FY2024?");
    expect(text).toContain("Cash and cash equivalents at July 29, 2023 (Q2 of fiscal 2024) was $1,093 million [1].");
    expect(text).toContain("Cash and cash equivalents at January 28, 2023 (the end of fiscal 2023) was $1,874 million [1].");
    expect(text).toContain("= (1,093 - 1,874) / 1,874 * 100 = -41.7% [1].");
    expect(cited).toBe(1);
    // A swapped year: fiscal 2022 ended on January 29, 2022, which no column is dated; nothing is read.
    const swapped = await ask("Was there any drop in Best Buy's cash and cash equivalents between FY 2022 and Q2 of FY2024?");
    for (const figure of ["1,093", "1,874", "840", "%"]) expect(swapped.text).not.toContain(figure);
    const other = await ask("Was there any drop in Ulta Beauty's cash and cash equivalents between FY 2023 and Q2 of FY2024?");
    expect(other.text).toBe(NOT_IN_DOCUMENTS);
  });

  it("says when nothing answers, quotes the closest sentence of the best passage and points to the next passage, cited", async () => {
    const { text, finish, cited } = await ask("Which Zentrix segment had the lowest segment net revenue in FY2022?");
    expect(text).toBe(`${NOT_ANSWERED_TWO}\nSegment net revenue and segment operating income for each segment in fiscal 2022 are presented in the notes to the consolidated financial statements. [1]\nConsolidated Statements of Operations [2]`);
    expect(cited).toBe(2);
    expect(finish).toBe("stop");
  });

  it("does not give the statement's total as one segment's figure", async () => {
    const { text } = await ask("What was the net revenue of Zentrix's Medical segment in FY2022?");
    expect(text).not.toContain("8,000");
  });

  it("points to the statement the question says to use when nothing in it answers, and to nothing for another year or company", async () => {
    const asked = (company: string, year: string) => `How much did ${company} spend on research in ${year}? Use the income statement.`;
    const { text, finish, cited } = await ask(asked("Zentrix", "FY2022"));
    expect(text).toBe(`${NOT_ANSWERED}\nConsolidated Statements of Operations [1]`);
    expect(cited).toBe(1);
    expect(finish).toBe("stop");
    expect((await ask(asked("Zentrix", "FY2019"))).text).toBe(NOT_IN_DOCUMENTS);
    expect((await ask(asked("Globex", "FY2022"))).text).toBe(NOT_IN_DOCUMENTS);
  });

  it("quotes nothing for another company or a year the passages do not cover", async () => {
    const other = await ask("Which Globex segment had the lowest segment net revenue in FY2022?");
    expect(other.text).toBe(NOT_IN_DOCUMENTS);
    expect(other.cited).toBe(0);
    const swapped = await ask("Which Zentrix segment had the lowest segment net revenue in FY2018?");
    expect(swapped.text).toBe(NOT_IN_DOCUMENTS);
    expect(swapped.cited).toBe(0);
    expect(swapped.finish).toBe("no_results");
  });
});
