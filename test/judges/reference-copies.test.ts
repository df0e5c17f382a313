// References that copy a filing's own words, verified against that filing indexed as a primary source: not
// contradicted by a comparison's year ("Net sales increased 18.3% to $10.2 billion compared to $8.6 billion
// in fiscal 2021": 2021 is the $8.6 billion's year, not the $10.2 billion's) a note reference ("(Note 18)") or by a label's note ("less
// allowances for doubtful accounts $203 (2021, $230)": the allowances, not the row's figures). Both were
// contradicted in the judge bench with FinanceBench's corpus indexed; a changed figure is not supported (wrong on purpose).
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { AMCOR_CASH_PAGE, indexExternalFiling, judgeAgainst } from "./judge-helpers";

let org: TestOrg;

const ULTA = "For the Full Year of Fiscal 2022\nNet sales increased 18.3% to $10.2 billion compared to $8.6 billion in fiscal 2021,\nprimarily due to the favorable impact from the continued resilience of the beauty\ncategory, retail price increases, the impact of new brands and product innovation,\nincreased social occasions, and fewer COVID-19 limitations compared to fiscal 2021.\nComparable sales increased 15.6% compared to an increase of 37.9% in fiscal 2021,\ndriven by a 10.8% increase in transactions and a 4.3% increase in average ticket.\nGross profit increased 20.1% to $4.0 billion compared to $3.4 billion in fiscal 2021. As";
const ATVI = "Operating income\n1,607\n \n1,988 \n1,309\nInterest and other expense (income), net (Note 18)\n(26) \n71 \n146\nLoss on extinguishment of debt\n\n \n40 \n12\nIncome before income tax expense\n1,633\n \n1,877 \n1,151\nIncome tax expense\n130\n \n29 \n878\nNet income\n$\n1,503\n $\n1,848 $\n273";
const JNJ = "JOHNSON & JOHNSON AND SUBSIDIARIES\nCONSOLIDATED BALANCE SHEETS\nAt January 1, 2023 and January 2, 2022\n(Dollars in Millions Except Share and Per Share Amounts) (Note 1)\n2022\n2021\nAssets\nCurrent assets\n \n \nCash and cash equivalents (Notes 1 and 2)\n$\n14,127 \n14,487 \nMarketable securities (Notes 1 and 2)\n9,392 \n17,121 \nAccounts receivable trade, less allowances for doubtful accounts $203 (2021, $230)\n16,160 \n15,283 \nInventories (Notes 1 and 3)\n12,483 ";

// MGM Resorts' 10-K 2022, Item 5 (FinanceBench 01254): a line break cuts "In the second quarter of 2020, we" from
// its sentence, and "throughout 2022" follows the dividend three words on.
const MGM = [
  "Dividend Policy",
  "We implemented a dividend program in February 2017 pursuant to which it has paid regular quarterly dividends. In the second quarter of 2020, we",
  "reduced our annual dividend to $0.01 per share in light of the impact of the COVID-19 pandemic on our operations at that time. We maintained an annual",
  "dividend of $0.01 per share throughout 2022. On February 8, 2023, we announced that the Board of Directors has determined to suspend the ongoing dividends",
].join("\n");
// PepsiCo's Q1 2023 release (FinanceBench 01474): the full year's guidance under the quarter's headings.
const PEPSICO = [
  "PepsiCo Reports First-Quarter 2023 Results; Raises Full-Year",
  "Guidance",
  "Reported (GAAP) First-Quarter 2023 Results",
  "First-Quarter",
  "Net revenue growth",
  "10.2%",
  "Organic/Core (non-GAAP)1 First-Quarter 2023 Results",
  "First-Quarter",
  "Organic revenue growth",
  "14.3%",
  "We are very pleased with our performance and business momentum as our categories and",
  "geographies remained resilient during the first quarter. Given our strong start to the year, we",
  "now expect our full-year 2023 organic revenue to increase 8 percent (previously 6 percent) and",
  "core constant currency EPS to increase 9 percent (previously 8 percent), said Chairman and",
  "CEO Ramon Laguarta.",
].join("\n");

// Adobe's balance sheet as one chunk of it holds it: the preferred stock's line, its common stock's on another chunk.
const ADOBE_PREFERRED = [
  "Commitments and contingencies",
  "Stockholders equity:",
  "Preferred stock, $0.0001 par value; 2,000 shares authorized; none issued",
].join("\n");

// Amcor's FY2023 release (the demo corpus): "June 2023 quarter Adjusted Free Cash" / "Flow of $834 million ...", a
// sentence a line break cut, had read as a heading of the quarter, so the next sentence's net debt "at June 30,
// 2023" was the quarter's and the page contradicted itself as a reference; every answer then read factuality 1.
const AMCOR_CASH = AMCOR_CASH_PAGE;

const ULTA_BALANCE = [
  "Exhibit 3", "Ulta Beauty, Inc.", "Condensed Consolidated Balance Sheets", "(In thousands)", "January 28, January 29,", "2023 2022", "(Unaudited)",
  "Assets", "Current assets:",
  "Cash and cash equivalents $ 737,877 $ 431,560",
  "Receivables, net 199,422 233,682",
  "Merchandise inventories, net 1,603,451 1,499,218",
  "Prepaid expenses and other current assets 130,246 110,814",
  "Total current assets 2,709,304 2,281,183",
  "Liabilities and stockholders’ equity", "Current liabilities:",
  "Accounts payable $ 559,527 $ 552,730",
  "Accrued liabilities 444,278 364,797",
  "Total current liabilities 1,681,775 1,558,010",
].join("\n");

/** The filings of this file: fiscal 2022's, published in March 2023. */
const indexFiling = (name: string, ticker: string, company: string, text: string) =>
  indexExternalFiling(name, ticker, company, text, { fiscalYear: 2022, publishedAt: "2023-03-15T00:00:00Z" });

beforeAll(async () => {
  org = await createOrg();
  await indexFiling("Ulta Beauty 10-K 2022", "ULTA", "Ulta Beauty", ULTA);
  await indexFiling("Johnson & Johnson 10-K 2022", "JNJ", "Johnson & Johnson", JNJ);
  await indexFiling("Activision Blizzard 10-K 2019", "ATVI", "Activision Blizzard", ATVI);
  await indexFiling("Ulta Beauty Q4 FY2022 earnings release", "ULTA", "Ulta Beauty", ULTA_BALANCE);
  await indexFiling("MGM Resorts 10-K 2022", "MGM", "MGM Resorts", MGM);
  await indexFiling("PepsiCo Q1 2023 earnings release", "PEP", "PepsiCo", PEPSICO);
  await indexFiling("Adobe 10-K 2017 balance sheet", "ADBE", "Adobe", ADOBE_PREFERRED);
  await indexFiling("Amcor FY2023 results press release", "AMCR", "Amcor", AMCOR_CASH);
});

describe("a reference copying the filing", () => {
  it.each([
    ["a comparison's year", "What were Ulta Beauty's net sales in fiscal 2022?", ULTA, "Ulta Beauty's net sales were $10.2 billion in fiscal 2022."],
    ["a label's note of allowances", "What were Johnson & Johnson's trade accounts receivable at the end of 2022?", JNJ, "Johnson & Johnson's trade accounts receivable were $16,160 million at the end of 2022."],
  ])("is supported, not contradicted by %s", async (_, query, text, answer) => {
    const llm = await judgeAgainst(() => org, query, [{ title: "filing excerpt", content: text }])("llm", answer);
    expect(llm.result.reference_verdicts[0].verdict).toBe("supported");
    expect(llm.result.scores.factuality).toBeGreaterThanOrEqual(4);
  });

  it("is not contradicted by a note reference read as a figure (\"(Note 18)\")", async () => {
    const llm = await judgeAgainst(() => org, "What was Activision Blizzard's operating income in FY2019?", [{ title: "filing excerpt", content: ATVI }])("llm", "Activision Blizzard's operating income was $1,607 million in FY2019.");
    expect(llm.result.reference_verdicts[0].verdict).not.toBe("contradicted");
    expect(llm.result.scores.factuality).toBeGreaterThanOrEqual(4);
  });

  it("is not supported with a figure changed (wrong on purpose; undated on both sides, so unresolved rather than contradicted)", async () => {
    const changed = ULTA.replace("to $10.2 billion", "to $11.2 billion");
    const llm = await judgeAgainst(() => org, "What were Ulta Beauty's net sales in fiscal 2022?", [{ title: "filing excerpt", content: changed }])("llm", "Ulta Beauty's net sales were $11.2 billion in fiscal 2022.");
    expect(llm.result.reference_verdicts[0].verdict).not.toBe("supported");
  });
});

// Two of FinanceBench's evidence passages had been contradicted by their own filings with the corpus indexed: a
// line cut after "we" read as a heading of the second quarter ("$0.01 is dividend for the three months, not for the
// full year"), and a sentence naming the full year read as the quarter of the headings above it.
describe("a reference copying a sentence its filing cuts or heads with another period", () => {
  const mgm = "Has MGM Resorts paid dividends to common shareholders in FY2022?";
  const pepsico = "As of FY2023Q1, why did Pepsico raise full year guidance for FY2023?";
  const guidance = (organic: string) =>
    `Given our strong start to the year, we now expect our full-year 2023 organic revenue to increase ${organic} (previously 6 percent) and core constant currency EPS to increase 9 percent (previously 8 percent).`;

  it.each([
    ["a line cut after \"we\" (MGM's dividend)", mgm, MGM, "We maintained an annual dividend of $0.01 per share throughout 2022."],
    ["the quarter's headings (PepsiCo's full-year guidance)", pepsico, PEPSICO, guidance("8 percent")],
  ])("is supported, not contradicted by %s", async (_, query, _text, reference) => {
    const llm = await judgeAgainst(() => org, query, [{ title: "filing excerpt", content: reference }])("llm", reference);
    expect(llm.result.reference_verdicts[0].verdict).toBe("supported");
    expect(llm.result.scores.factuality).toBeGreaterThanOrEqual(4);
  });

  it("carries a dividend written with its sign after the figure (\"0.01$ per share\")", async () => {
    const llm = await judgeAgainst(() => org, mgm, [{ title: "Item 5", content: MGM }])("llm", "Yes. MGM maintained 0.01$ per share annual dividend through out FY 2022.");
    expect(llm.result.scores.factuality).toBeGreaterThanOrEqual(4);
  });

  it.each([
    ["the dividend changed", mgm, "We maintained an annual dividend of $0.05 per share throughout 2022."],
    ["the guidance changed", pepsico, guidance("10 percent")],
  ])("is not supported with %s (wrong on purpose)", async (_, query, reference) => {
    const llm = await judgeAgainst(() => org, query, [{ title: "filing excerpt", content: reference }])("llm", reference);
    expect(llm.result.reference_verdicts[0].verdict).not.toBe("supported");
  });
});

// A changed copy of the source's words (changed-copies.ts changedCopySteps) is not read across two stocks: the common
// stock's "900,000 shares authorized" beside the same par value had been contradicted by the preferred stock's
// "2,000 shares authorized" (FinanceBench 04735 and 03856's evidence, with the corpus indexed).
describe("a reference naming another class of stock than the source's line", () => {
  it("is not contradicted by the preferred stock's figures", async () => {
    const reference = "Common stock, $0.0001 par value; 900,000 shares authorized; 600,834 shares issued";
    const llm = await judgeAgainst(() => org, "How many common shares is Adobe authorized to issue?", [{ title: "balance sheet", content: reference }])("llm", "Adobe is authorized to issue 900,000 thousand common shares.");
    expect(llm.result.reference_verdicts[0].verdict).not.toBe("contradicted");
  });
});

describe("a reference whose page a line break cuts after a quarter's name", () => {
  const query = "What were Amcor's adjusted free cash flow and net debt for fiscal 2023?";
  const said = (fcf: string) => `Amcor's adjusted free cash flow for fiscal 2023 was ${fcf}, and net debt was $6,057 million at June 30, 2023.`;

  it("is supported, and the right answer carried while the prior year's figure is not (wrong on purpose)", async () => {
    const judged = judgeAgainst(() => org, query, [{ title: "Amcor FY2023 results", content: AMCOR_CASH }]);
    const [right, wrong] = await Promise.all([judged("llm", said("$848 million")), judged("llm", said("$1,066 million"))]);
    expect(right.result.reference_verdicts[0].verdict).toBe("supported");
    expect(right.result.scores.factuality).toBeGreaterThanOrEqual(4);
    expect(wrong.result.scores.factuality).toBeLessThanOrEqual(2);
  });
});

// A balance sheet's row is dated by its columns' days, whatever fiscal year names them, and told from a
// like-named row by its other cells: one cell changed in a row whose other cells the filing prints alike is
// contradicted (wrong on purpose), naming the day and both values.
describe("a reference copying a balance sheet", () => {
  const query = "What were Ulta Beauty's cash and cash equivalents and merchandise inventories at the end of fiscal 2022?";
  const answer = "At the end of fiscal 2022, Ulta Beauty had cash and cash equivalents of $737.9 million and merchandise inventories of $1,603.5 million.";

  it("as printed is supported", async () => {
    const llm = await judgeAgainst(() => org, query, [{ title: "balance sheet", content: ULTA_BALANCE }])("llm", answer);
    expect(llm.result.reference_verdicts[0].verdict).toBe("supported");
  });

  it("with one cell changed is contradicted, and the note names the row, the day and both values", async () => {
    const changed = ULTA_BALANCE.replace("$ 737,877 $ 431,560", "$ 757,877 $ 431,560");
    const llm = await judgeAgainst(() => org, query, [{ title: "balance sheet", content: changed }])("llm", answer);
    const verdict = llm.result.reference_verdicts[0];
    expect(verdict.verdict).toBe("contradicted");
    expect(verdict.explanation).toContain("The source gives cash and cash equivalents on January 28, 2023 as 737,877 thousand, not 757,877.");
    expect(verdict.evidence[0].document_name).toBe("Ulta Beauty Q4 FY2022 earnings release");
  });

  it("with every cell of a row changed is not read as that row changed (a like-named row of another section is another row)", async () => {
    const other = ULTA_BALANCE.replace("Receivables, net 199,422 233,682", "Receivables, net 95,279 80,439");
    const llm = await judgeAgainst(() => org, query, [{ title: "balance sheet", content: other }])("llm", answer);
    const verdict = llm.result.reference_verdicts[0];
    expect(verdict.verdict).not.toBe("supported");
    expect(verdict.explanation).not.toContain("receivables, net on January 28, 2023");
  });
});
