// A table whose columns are named, not dated (Johnson & Johnson's 8-K: "Q3 2022 QTD - Income Before Tax by
// Segment", then "Pharmaceutical MedTech Unallocated Worldwide Total"), through the Worker and both judges
// (wrong on purpose): a segment's figure is carried by its own column; another segment's, the total's, the
// year-to-date's, another quarter's and the adjusted row's figure are contradicted. Before, each figure of
// such a table was carried for any segment, period and row.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { indexDocument } from "../../src/search/index";
import { createOrg, type TestOrg } from "../helpers/harness";
import { expectBothTellApart, judgeAgainst } from "./judge-helpers";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

const Q3 = [
  "Johnson & Johnson and Subsidiaries",
  "Reconciliation of Non-GAAP Financial Measures",
  "Q3 2022 QTD - Income Before Tax by Segment from Continuing Operations",
  "(Dollars in Millions) Pharmaceutical MedTech Unallocated Worldwide Total",
  "Reported Income Before Tax by Segment from Continuing",
  "Operations $ 4,186 1,090 (104) 5,172",
  "% to Sales 31.7 % 16.1 % (0.5)% 25.9 %",
  "Intangible asset amortization expense 698 260 \u2014 958",
  "Litigation Related 7 212 \u2014 219",
  "Loss/(gain) on securities 177 (13) \u2014 164",
  "Restructuring related 23 69 \u2014 92",
  "Medical Device Regulation \u2014 78 \u2014 78",
  "COVID-19 Vaccine related costs 377 \u2014 \u2014 377",
  "Adjusted Income Before Tax by Segment from Continuing",
  "Operations $ 5,468 1,696 (104) 7,060",
  "% to Sales 41.4 % 25.0 % (0.5)% 35.3 %",
  "Q3 2022 YTD - Income Before Tax by Segment from Continuing Operations",
  "(Dollars in Millions) Pharmaceutical MedTech Unallocated Worldwide Total",
  "Reported Income Before Tax by Segment from Continuing",
  "Operations $ 12,424 3,641 (546) 15,519",
  "% to Sales 31.5 % 17.6 % (0.9)% 25.8 %",
  "Intangible asset amortization expense 2,194 773 \u2014 2,967",
  "In-process research and development Impairments 610 \u2014 \u2014 610",
  "Litigation Related 28 476 100 604",
  "Loss/(gain) on securities 673 11 \u2014 684",
  "Restructuring related 32 221 \u2014 253",
  "Medical Device Regulation \u2014 208 \u2014 208",
  "COVID-19 Vaccine related costs 653 \u2014 \u2014 653",
  "Other \u2014 \u2014 (7) (7)",
  "Adjusted Income Before Tax by Segment from Continuing",
  "Operations $ 16,614 5,330 (453) 21,491",
  "% to Sales 42.2 % 25.8 % (0.8)% 35.8 %"
].join("\n");

const Q2 = [
  "Johnson & Johnson and Subsidiaries",
  "Reconciliation of Non-GAAP Financial Measures",
  "Q2 2022 QTD - Income Before Tax by Segment from Continuing Operations",
  "(Dollars in Millions) Pharmaceutical MedTech Unallocated Worldwide Total",
  "Reported Income Before Tax by Segment from Continuing",
  "Operations $ 4,365 1,110 (331) 5,144",
  "% to Sales 32.8 % 16.1 % (1.6)% 25.4 %",
  "Intangible asset amortization expense 736 259 \u2014 995",
  "Litigation Related 21 264 100 385",
  "Loss/(gain) on securities 102 7 \u2014 109",
  "Restructuring related 23 80 \u2014 103",
  "Medical Device Regulation \u2014 70 \u2014 70",
  "COVID-19 Vaccine related costs 276 \u2014 \u2014 276",
  "Adjusted Income Before Tax by Segment from Continuing",
  "Operations $ 5,523 1,790 (231) 7,082",
  "% to Sales 41.5 % 25.9 % (1.1)% 35.0 %",
  "Q2 2022 YTD - Income Before Tax by Segment from Continuing Operations",
  "(Dollars in Millions) Pharmaceutical MedTech Unallocated Worldwide Total",
  "Reported Income Before Tax by Segment from Continuing",
  "Operations $ 8,238 2,551 (442) 10,347",
  "% to Sales 31.5 % 18.4 % (1.1)% 25.8 %",
  "Intangible asset amortization expense 1,496 513 \u2014 2,009",
  "In-process research and development Impairments 610 \u2014 \u2014 610",
  "Litigation Related 21 264 100 385",
  "Loss/(gain) on securities 496 24 \u2014 520",
  "Restructuring related 9 152 \u2014 161",
  "Medical Device Regulation \u2014 130 \u2014 130",
  "COVID-19 Vaccine related costs 276 \u2014 \u2014 276",
  "Other \u2014 \u2014 (7) (7)",
  "Adjusted Income Before Tax by Segment from Continuing",
  "Operations $ 11,146 3,634 (349) 14,431",
  "% to Sales 42.6 % 26.2 % (0.9)% 36.0 %"
].join("\n");

const judged = judgeAgainst(() => org, "What was Johnson & Johnson's Pharmaceutical segment reported income before tax in Q3 2022 (quarter to date)?", [
  { title: "Johnson & Johnson 8-K, reconciliation of non-GAAP measures, Q3 2022", content: Q3 },
  { title: "Johnson & Johnson 8-K, reconciliation of non-GAAP measures, Q2 2022", content: Q2 },
]);
const said = (figure: string, segment = "Pharmaceutical") => `Johnson & Johnson's ${segment} segment reported income before tax from continuing operations was ${figure} in Q3 2022.`;

describe("a table of named columns under a period's title", () => {
  it.each([
    ["the segment's own column", said("$4,186 million")],
    ["another segment's own column", said("$1,090 million", "MedTech")],
    ["the share of sales in its own row", "Johnson & Johnson's Pharmaceutical segment reported income before tax was 31.7% of sales in Q3 2022."],
  ])("carries the figure: %s", async (_, right) => {
    const [llm, agent] = await Promise.all([judged("llm", right), judged("agent", right)]);
    expect(llm.result.scores.factuality).toBeGreaterThanOrEqual(4);
    expect(agent.assessment.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["supported"]);
  });

  it.each([
    ["another segment's figure", said("$1,090 million"), "$1,090 million is MedTech reported Income Before Tax by Segment from Continuing Operations"],
    ["the worldwide total", said("$5,172 million"), "$5,172 million is worldwide Total reported Income Before Tax"],
    ["the year to date's", said("$12,424 million"), "for the nine months of 2022, not for three months"],
    ["the adjusted row's", said("$5,468 million"), "$5,468 million is pharmaceutical adjusted Income Before Tax"],
    ["the second quarter's", said("$4,365 million"), "4,186"],
  ])("contradicts another: %s", async (_, wrong, why) => {
    await expectBothTellApart(judged, said("$4,186 million"), wrong, why);
  });

  it("does not carry the adjusted share of sales as the reported one", async () => {
    const agent = await judged("agent", "Johnson & Johnson's Pharmaceutical segment reported income before tax was 41.4% of sales in Q3 2022.");
    expect(agent.assessment.claims.map((c: { verdict: string }) => c.verdict)).not.toContain("supported");
  });
});

describe("a ranking question over named columns", () => {
  const ranked = judgeAgainst(() => org, "Which Johnson & Johnson segment had the highest reported income before tax in Q3 2022 (quarter to date)?", [
    { title: "Johnson & Johnson 8-K, reconciliation of non-GAAP measures, Q3 2022", content: Q3 },
    { title: "Johnson & Johnson 8-K, reconciliation of non-GAAP measures, Q2 2022", content: Q2 },
  ]);

  it("reads the asked quarter's columns: the right pick carried, the wrong one contradicted", async () => {
    const right = "The Pharmaceutical segment had the highest reported income before tax in Q3 2022, at $4,186 million.";
    const wrong = "The MedTech segment had the highest reported income before tax in Q3 2022.";
    await expectBothTellApart(ranked, right, wrong, "Pharmaceutical comes first, not MedTech as the answer says");
  });
});

const FULL_YEAR = [
  "Johnson & Johnson and Subsidiaries",
  "Reconciliation of Non-GAAP Financial Measures",
  "2022",
  "(Dollars in Millions Except Per Share Data) Q1 Q2 Q3 Q4 FULL YEAR",
  "Net Earnings from Continuing Operations, after tax - as reported $ 4,571 4,262 4,310 3,227 16,370",
  "Pre-tax Adjustments",
  "Intangible Asset Amortization expense 1,014 995 958 977 3,944",
  "Litigation related 0 385 219 262 866",
  "IPR&D impairments 610 0 0 173 783",
  "Restructuring related 58 103 92 119 372",
  "Acquisition, integration and divestiture related 0 0 0 196 196",
  "(Gains)/losses on securities 411 109 164 6 690",
  "Medical Device Regulation 60 70 78 88 296",
  "COVID-19 Vaccine related costs 0 276 377 821 1,474",
  "Other (7) 0 0 0 (7)",
  "Tax Adjustments",
  "Tax impact on special item adjustments (346) (242) (312) (394) (1,294)",
  "Consumer Health separation tax related costs 96 2 (36) 4 66",
  "Tax legislation and other tax related (79) 78 88 (47) 40",
  "Adjusted Net Earnings from continuing operations, after tax $ 6,388 6,038 5,938 5,432 23,796",
  "Average shares outstanding (Diluted) 2,666.5 2,667.9 2,661.3 2,650.1 2,663.9",
  "Adjusted net earnings per share from continuing operations (Diluted) $ 2.40 2.26 2.23 2.05 8.93"
].join("\n");

describe("a reference that copies the filing's table, verified against the indexed filing", () => {
  const query = "What was Johnson & Johnson's Pharmaceutical segment reported income before tax in Q3 2022 (quarter to date)?";
  beforeAll(async () => {
    await indexDocument(
      env.DB,
      {
        id: crypto.randomUUID(), organizationId: "external", kind: "external", visibility: "organization", ownerUserId: null, name: "Johnson & Johnson 8-K 2023-08-30",
        sourceBatchId: null, rmsType: null, rmsSubType: null, docType: "filing", docSubType: "8k", tickers: ["JNJ"], stockIds: [], companyNames: ["Johnson & Johnson"],
        fiscalYear: 2023, fiscalQuarter: null, calendarDate: null, publishedAt: "2023-08-30T00:00:00Z", createdAt: new Date().toISOString(),
      },
      [{ page: 23, text: Q3 }, { page: 11, text: FULL_YEAR }],
    );
  });

  it("is supported, not contradicted by the quarters' table of the same items (each quarter a column of its own)", async () => {
    const llm = await judgeAgainst(() => org, query, [{ title: "Johnson & Johnson 8-K, Q3 2022", content: Q3 }])("llm", said("$4,186 million"));
    expect(llm.result.reference_verdicts[0].verdict).toBe("supported");
    expect(llm.result.scores.factuality).toBeGreaterThanOrEqual(4);
  });

  it("is contradicted with one figure changed (wrong on purpose)", async () => {
    const changed = Q3.replace("Operations $ 4,186 1,090 (104) 5,172", "Operations $ 4,816 1,090 (104) 5,172");
    const llm = await judgeAgainst(() => org, query, [{ title: "Johnson & Johnson 8-K, Q3 2022", content: changed }])("llm", said("$4,816 million"));
    expect(llm.result.reference_verdicts[0].verdict).toBe("contradicted");
    expect(llm.result.reference_verdicts[0].explanation).toContain("as 4,186 million, not 4,816");
    expect(llm.result.scores.factuality).toBeLessThanOrEqual(2);
  });
});
