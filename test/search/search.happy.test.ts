// POST /v1/search through the Worker: ranking on real FinanceBench pages, every filter, top_k.
import { beforeAll, describe, expect, it } from "vitest";
import { call, createOrg, jsonOf, type TestOrg } from "../helpers/harness";
import { addBatch, addDocument, doc, fixturePage, search, uniqueWord } from "./fixtures";

let org: TestOrg;
const ids: Record<string, string> = {};

beforeAll(async () => {
  org = await createOrg();
  const meta: Record<string, { company: string; ticker: string; year: number }> = {
    "3M_2018_10K_p59": { company: "3M", ticker: "MMM", year: 2018 },
    AMAZON_2017_10K_p37: { company: "Amazon", ticker: "AMZN", year: 2017 },
    AMD_2022_10K_p11: { company: "AMD", ticker: "AMD", year: 2022 },
    JPMORGAN_2022_10K_p2: { company: "JPMorgan", ticker: "JPM", year: 2022 },
    PEPSICO_2022_10K_p3: { company: "PepsiCo", ticker: "PEP", year: 2022 },
  };
  for (const [name, m] of Object.entries(meta)) {
    const d = await addDocument(
      doc({ organizationId: "external", kind: "external", name: name.replace(/_p\d+$/, ""), tickers: [m.ticker], companyNames: [m.company], fiscalYear: m.year, docSubType: "10k" }),
      [{ page: Number(name.split("_p").pop()), text: await fixturePage(name as never) }],
    );
    ids[name] = d.id;
  }
});

describe("ranking", () => {
  const cases: [string, string][] = [
    ["What is the FY2018 capital expenditure amount (in USD millions) for 3M? Use the cash flow statement.", "3M_2018_10K_p59"],
    ["What is Amazon's FY2017 revenue and net income from the income statement?", "AMAZON_2017_10K_p37"],
    ["Did AMD report customer concentration in FY22?", "AMD_2022_10K_p11"],
    ["What are the geographies that Pepsico primarily operates in as of FY2022?", "PEPSICO_2022_10K_p3"],
  ];
  it.each(cases)("%s", async (query, page) => {
    const results = await search(org.key, { query, top_k: 3 });
    expect(results[0].document_id).toBe(ids[page]);
    expect(results[0].search_type).toBe("external");
  });

  it("recognizes a company by a short form (AMEX) or a mixed-case ticker (JnJ) and searches its documents", async () => {
    const word = uniqueWord();
    const amex = await addDocument(doc({ organizationId: "external", kind: "external", tickers: ["AXP"], companyNames: ["American Express Company"] }), `Card member ${word} spending grew.`);
    const jnj = await addDocument(doc({ organizationId: "external", kind: "external", tickers: ["JNJ"], companyNames: ["Johnson & Johnson"] }), `Pharmaceutical ${word} sales grew.`);
    await addDocument(doc({ organizationId: "external", kind: "external", tickers: ["ZZZ"], companyNames: ["Other Corp"] }), `Card member ${word} sales grew.`);
    expect((await search(org.key, { query: `How did AMEX ${word} spending change?`, top_k: 5 })).map((r) => r.document_id)).toEqual([amex.id]);
    expect((await search(org.key, { query: `How did JnJ's ${word} sales change?`, top_k: 5 })).map((r) => r.document_id)).toEqual([jnj.id]);
    // A finance term in capitals is no short form, even when a company's initials spell it.
    const capex = await addDocument(doc({ organizationId: "external", kind: "external", tickers: ["CPX"], companyNames: ["Capital Express"] }), `Nothing about ${word}.`);
    expect((await search(org.key, { query: `What was CAPEX and ${word} spending?`, top_k: 5 })).map((r) => r.document_id)).not.toEqual([capex.id]);
  });

  it("returns the response shape, highest score first", async () => {
    const results = await search(org.key, { query: "capital expenditures purchases of property plant and equipment" });
    expect(results.length).toBeGreaterThan(0);
    const r = results[0];
    expect(Object.keys(r).sort()).toEqual(["chunk_id", "doc_type", "document_id", "document_name", "page", "published_at", "score", "search_type", "text", "tickers"]);
    expect(r.page).toBe(59);
    expect(r.doc_type).toBe("filing");
    expect(r.tickers).toEqual(["MMM"]);
    for (let i = 1; i < results.length; i++) expect(results[i - 1].score).toBeGreaterThanOrEqual(results[i].score);
  });
});

describe("filters", () => {
  it("tickers and stock_ids narrow to the company's documents", async () => {
    const word = uniqueWord();
    const a = await addDocument(doc({ organizationId: "external", kind: "external", tickers: ["AAA.B"], stockIds: ["stock-a"] }), `${word} revenue grew`);
    const b = await addDocument(doc({ organizationId: "external", kind: "external", tickers: ["BBB"], stockIds: ["stock-b"] }), `${word} revenue fell`);
    expect((await search(org.key, { query: word, tickers: ["aaa.b"] })).map((r) => r.document_id)).toEqual([a.id]);
    expect((await search(org.key, { query: word, stock_ids: ["stock-b"] })).map((r) => r.document_id)).toEqual([b.id]);
    expect((await search(org.key, { query: word, tickers: ["AAA.B"], stock_ids: ["stock-b"] })).map((r) => r.document_id).sort()).toEqual([a.id, b.id].sort());
    expect(await search(org.key, { query: word, tickers: ["NONE"] })).toEqual([]);
  });

  it("external_types default excludes structured_data; asking includes it", async () => {
    const word = uniqueWord();
    const news = await addDocument(doc({ organizationId: "external", kind: "external", docType: "news" }), `${word} headline`);
    const data = await addDocument(doc({ organizationId: "external", kind: "external", docType: "structured_data" }), `${word} table`);
    expect((await search(org.key, { query: word })).map((r) => r.document_id)).toEqual([news.id]);
    expect((await search(org.key, { query: word, external_types: ["structured_data"] })).map((r) => r.document_id)).toEqual([data.id]);
  });

  it("search_types picks rms, external or both; rms_types and rms_sub_types narrow rms", async () => {
    const word = uniqueWord();
    const ext = await addDocument(doc({ organizationId: "external", kind: "external" }), `${word} external`);
    const memo = await addDocument(doc({ organizationId: org.organizationId, kind: "vault", rmsType: "memo", rmsSubType: "ic" }), `${word} memo`);
    const model = await addDocument(doc({ organizationId: org.organizationId, kind: "vault", rmsType: "model", rmsSubType: "dcf" }), `${word} model`);
    const idsOf = async (body: Record<string, unknown>) => (await search(org.key, { query: word, ...body })).map((r) => r.document_id).sort();
    expect(await idsOf({})).toEqual([ext.id, memo.id, model.id].sort());
    expect(await idsOf({ search_types: ["all"] })).toEqual([ext.id, memo.id, model.id].sort());
    expect(await idsOf({ search_types: ["external"] })).toEqual([ext.id]);
    expect(await idsOf({ search_types: ["rms"] })).toEqual([memo.id, model.id].sort());
    expect(await idsOf({ search_types: ["rms"], rms_types: ["memo"] })).toEqual([memo.id]);
    expect(await idsOf({ search_types: ["rms"], rms_types: ["memo", "model"], rms_sub_types: ["dcf"] })).toEqual([model.id]);
    // rms filters do not touch the external part
    expect(await idsOf({ search_types: ["all"], rms_types: ["memo"] })).toEqual([ext.id, memo.id].sort());
    const rms = (await search(org.key, { query: word, search_types: ["rms"] }))[0];
    expect(rms.search_type).toBe("rms");
  });

  it("document_ids restrict to those documents", async () => {
    const word = uniqueWord();
    const a = await addDocument(doc({ organizationId: "external", kind: "external" }), `${word} a`);
    await addDocument(doc({ organizationId: org.organizationId, kind: "vault" }), `${word} b`);
    expect((await search(org.key, { query: word, document_ids: [a.id] })).map((r) => r.document_id)).toEqual([a.id]);
  });

  it("source_batch_id searches the batch (only the batch unless search_types is given); source_ids narrow it", async () => {
    const word = uniqueWord();
    const batch = await addBatch(org.organizationId);
    const other = await addBatch(org.organizationId);
    const s1 = await addDocument(doc({ organizationId: org.organizationId, kind: "source", sourceBatchId: batch }), `${word} one`);
    const s2 = await addDocument(doc({ organizationId: org.organizationId, kind: "source", sourceBatchId: batch }), `${word} two`);
    await addDocument(doc({ organizationId: org.organizationId, kind: "source", sourceBatchId: other }), `${word} three`);
    const vault = await addDocument(doc({ organizationId: org.organizationId, kind: "vault" }), `${word} vault`);
    const idsOf = async (body: Record<string, unknown>) => (await search(org.key, { query: word, ...body })).map((r) => r.document_id).sort();
    expect(await idsOf({})).toEqual([vault.id]); // sources only when their batch is named
    expect(await idsOf({ source_batch_id: batch })).toEqual([s1.id, s2.id].sort());
    expect(await idsOf({ source_batch_id: batch, source_ids: [s2.id] })).toEqual([s2.id]);
    expect(await idsOf({ source_batch_id: batch, search_types: ["rms"] })).toEqual([s1.id, s2.id, vault.id].sort());
  });

  it("upload_period filters on the upload day (inclusive, either bound optional)", async () => {
    const word = uniqueWord();
    const jan = await addDocument(doc({ organizationId: "external", kind: "external", createdAt: "2024-01-31T23:00:00.000Z" }), `${word} jan`);
    const mar = await addDocument(doc({ organizationId: "external", kind: "external", createdAt: "2024-03-01T08:00:00.000Z" }), `${word} mar`);
    const y25 = await addDocument(doc({ organizationId: "external", kind: "external", createdAt: "2025-07-15T08:00:00.000Z" }), `${word} y25`);
    const idsOf = async (p: Record<string, unknown>) => (await search(org.key, { query: word, upload_period: p })).map((r) => r.document_id).sort();
    expect(await idsOf({ start_time: { year: 2024, month: 1, day: 31 }, end_time: { year: 2024, month: 3, day: 1 } })).toEqual([jan.id, mar.id].sort());
    expect(await idsOf({ start_time: { year: 2024, month: 2, day: 1 }, end_time: { year: 2024, month: 2, day: 29 } })).toEqual([]);
    expect(await idsOf({ start_time: { year: 2024, month: 2, day: 1 } })).toEqual([mar.id, y25.id].sort());
    expect(await idsOf({ end_time: { year: 2024, month: 12, day: 31 } })).toEqual([jan.id, mar.id].sort());
    expect(await idsOf({ start_time: { year: 2023, month: 6, day: 2 }, end_time: { year: 2026, month: 1, day: 1 } })).toEqual([jan.id, mar.id, y25.id].sort());
  });
});

describe("top_k", () => {
  it("defaults to 50 and caps larger values at 50", async () => {
    const word = uniqueWord();
    const pages = Array.from({ length: 60 }, (_, i) => ({ page: i, text: `${word} page ${i}` }));
    await addDocument(doc({ organizationId: org.organizationId, kind: "vault" }), pages);
    expect(await search(org.key, { query: word })).toHaveLength(50);
    expect(await search(org.key, { query: word, top_k: 500 })).toHaveLength(50);
    expect(await search(org.key, { query: word, top_k: 7 })).toHaveLength(7);
  });

  it("returns fewer when fewer match, and nothing for a query of stop words only", async () => {
    expect(await search(org.key, { query: uniqueWord() })).toEqual([]);
    const res = await call("/v1/search", { key: org.key, body: { query: "what is the" } });
    expect(res.status).toBe(200);
    expect(await jsonOf(res)).toEqual({ error: null, payload: { results: [] } });
  });
});
