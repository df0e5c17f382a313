// References that copy a filing's own words, verified against that filing indexed as a primary source: not
// contradicted by a comparison's year ("Net sales increased 18.3% to $10.2 billion compared to $8.6 billion
// in fiscal 2021": 2021 is the $8.6 billion's year, not the $10.2 billion's) a note reference ("(Note 18)") or by a label's note ("less
// allowances for doubtful accounts $203 (2021, $230)": the allowances, not the row's figures). Both were
// contradicted in the judge bench with FinanceBench's corpus indexed; a changed figure is not supported (wrong on purpose).
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { indexDocument } from "../../src/search/index";
import { createOrg, type TestOrg } from "../helpers/harness";
import { judgeAgainst } from "./judge-helpers";

let org: TestOrg;

const ULTA = "For the Full Year of Fiscal 2022\nNet sales increased 18.3% to $10.2 billion compared to $8.6 billion in fiscal 2021,\nprimarily due to the favorable impact from the continued resilience of the beauty\ncategory, retail price increases, the impact of new brands and product innovation,\nincreased social occasions, and fewer COVID-19 limitations compared to fiscal 2021.\nComparable sales increased 15.6% compared to an increase of 37.9% in fiscal 2021,\ndriven by a 10.8% increase in transactions and a 4.3% increase in average ticket.\nGross profit increased 20.1% to $4.0 billion compared to $3.4 billion in fiscal 2021. As";
const ATVI = "Operating income\n1,607\n \n1,988 \n1,309\nInterest and other expense (income), net (Note 18)\n(26) \n71 \n146\nLoss on extinguishment of debt\n\n \n40 \n12\nIncome before income tax expense\n1,633\n \n1,877 \n1,151\nIncome tax expense\n130\n \n29 \n878\nNet income\n$\n1,503\n $\n1,848 $\n273";
const JNJ = "JOHNSON & JOHNSON AND SUBSIDIARIES\nCONSOLIDATED BALANCE SHEETS\nAt January 1, 2023 and January 2, 2022\n(Dollars in Millions Except Share and Per Share Amounts) (Note 1)\n2022\n2021\nAssets\nCurrent assets\n \n \nCash and cash equivalents (Notes 1 and 2)\n$\n14,127 \n14,487 \nMarketable securities (Notes 1 and 2)\n9,392 \n17,121 \nAccounts receivable trade, less allowances for doubtful accounts $203 (2021, $230)\n16,160 \n15,283 \nInventories (Notes 1 and 3)\n12,483 ";

async function indexFiling(name: string, ticker: string, company: string, text: string) {
  await indexDocument(
    env.DB,
    {
      id: crypto.randomUUID(), organizationId: "external", kind: "external", visibility: "organization", ownerUserId: null, name,
      sourceBatchId: null, rmsType: null, rmsSubType: null, docType: "filing", docSubType: "10k", tickers: [ticker], stockIds: [], companyNames: [company],
      fiscalYear: 2022, fiscalQuarter: null, calendarDate: null, publishedAt: "2023-03-15T00:00:00Z", createdAt: new Date().toISOString(),
    },
    [{ page: 1, text }],
  );
}

beforeAll(async () => {
  org = await createOrg();
  await indexFiling("Ulta Beauty 10-K 2022", "ULTA", "Ulta Beauty", ULTA);
  await indexFiling("Johnson & Johnson 10-K 2022", "JNJ", "Johnson & Johnson", JNJ);
  await indexFiling("Activision Blizzard 10-K 2019", "ATVI", "Activision Blizzard", ATVI);
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
