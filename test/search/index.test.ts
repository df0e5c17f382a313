// indexDocument / removeDocumentIndex called directly (the parse job's contract), the FTS5 features the
// index relies on inside workerd's SQLite, chunking and the upload-range tokens.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { indexDocument, removeDocumentIndex } from "../../src/search/index";
import { chunkPage, MAX_CHUNK_CHARS } from "../../src/search/chunking";
import { render, uploadRange } from "../../src/search/scope";
import { planQuery } from "../../src/search/query";
import { createOrg, type TestOrg } from "../helpers/harness";
import { addDocument, doc, fixturePage, search, uniqueWord } from "./fixtures";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

async function rowsOf(documentId: string) {
  const chunks = await env.DB.prepare("SELECT id, chunk_id FROM search_chunks WHERE document_id = ? ORDER BY id").bind(documentId).all<{ id: number; chunk_id: string }>();
  const docs = await env.DB.prepare("SELECT chunk_count FROM search_documents WHERE document_id = ?").bind(documentId).first<{ chunk_count: number }>();
  const aliases = await env.DB.prepare("SELECT count(*) AS n FROM search_aliases WHERE document_id = ?").bind(documentId).first<{ n: number }>();
  return { chunks: chunks.results, chunkCount: docs?.chunk_count ?? null, aliases: aliases!.n };
}

describe("indexDocument", () => {
  it("re-indexing replaces every row: no duplicates, old text gone", async () => {
    const old = uniqueWord();
    const fresh = uniqueWord();
    const d = await addDocument(doc({ organizationId: org.organizationId, kind: "vault", tickers: ["RPL"], companyNames: ["Replace Corp"] }), [
      { page: 1, text: `${old} first page` },
      { page: 2, text: `${old} second page` },
    ]);
    expect((await search(org.key, { query: old })).length).toBe(2);
    const again = await indexDocument(env.DB, d, [{ page: 1, text: `${fresh} only page` }]);
    expect(again).toEqual({ chunkCount: 1 });
    await indexDocument(env.DB, d, [{ page: 1, text: `${fresh} only page` }]); // a retried job
    const rows = await rowsOf(d.id);
    expect(rows.chunks.map((c) => c.chunk_id)).toEqual([`${d.id}:1:0`]);
    expect(rows.chunkCount).toBe(1);
    expect(await search(org.key, { query: old })).toEqual([]);
    expect((await search(org.key, { query: fresh })).map((r) => r.chunk_id)).toEqual([`${d.id}:1:0`]);
    const fts = await env.DB.prepare("SELECT count(*) AS n FROM search_fts WHERE search_fts MATCH ?").bind(`"${fresh}"`).first<{ n: number }>();
    expect(fts!.n).toBe(1);
  });

  it("removeDocumentIndex removes chunks, FTS rows, aliases and the document row", async () => {
    const word = uniqueWord();
    const d = await addDocument(doc({ organizationId: org.organizationId, kind: "vault", tickers: ["RMV"], companyNames: ["Remove Inc"] }), `${word} to be removed`);
    expect((await rowsOf(d.id)).aliases).toBeGreaterThan(0);
    await removeDocumentIndex(env.DB, d.id);
    expect(await rowsOf(d.id)).toEqual({ chunks: [], chunkCount: null, aliases: 0 });
    expect(await search(org.key, { query: word })).toEqual([]);
    const fts = await env.DB.prepare("SELECT count(*) AS n FROM search_fts WHERE search_fts MATCH ?").bind(`"${word}"`).first<{ n: number }>();
    expect(fts!.n).toBe(0);
    await removeDocumentIndex(env.DB, d.id); // idempotent
  });

  it("splits long pages into several chunks with offsets into the page", async () => {
    const text = await fixturePage("JPMORGAN_2022_10K_p2");
    const chunks = chunkPage(2, text, 1500);
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) {
      expect(c.text.length).toBeLessThanOrEqual(1500 * 2);
      expect(text.slice(c.start, c.end).replace(/\s+/g, " ").trim()).toBe(c.text.replace(/\s+/g, " "));
    }
    expect(chunks[chunks.length - 1].end).toBe(text.length);
    expect(chunkPage(0, "short page")).toEqual([{ page: 0, index: 0, start: 0, end: 10, text: "short page" }]);
    expect(chunkPage(0, "   \n  ")).toEqual([]);
    expect(MAX_CHUNK_CHARS).toBeGreaterThan(1000);
  });

  it("indexes a large document across several insert statements in one batch", async () => {
    const word = uniqueWord();
    const pages = Array.from({ length: 300 }, (_, i) => ({ page: i, text: `${word} page ${i} ` + "revenue grew in the segment. ".repeat(70) }));
    const d = doc({ organizationId: org.organizationId, kind: "vault" });
    const { chunkCount } = await indexDocument(env.DB, d, pages);
    expect(chunkCount).toBe(300);
    expect((await rowsOf(d.id)).chunks).toHaveLength(300);
  });
});

describe("FTS5 in workerd", () => {
  it("supports contentless_delete, column filters on groups and bm25 weights", async () => {
    await env.DB.prepare("INSERT INTO search_fts (rowid, text, title, scope) VALUES (900001, 'alpha beta', 'gamma', 'zx19'), (900002, 'alpha', 'delta', 'zx29')").run();
    const hits = await env.DB.prepare("SELECT rowid FROM search_fts WHERE search_fts MATCH ? ORDER BY bm25(search_fts, 1.0, 2.0, 0.0)")
      .bind("{text title} : (alpha OR gamma) AND scope : (zx19 OR zx29)")
      .all<{ rowid: number }>();
    expect(hits.results.map((r) => r.rowid)).toEqual([900001, 900002]);
    await env.DB.prepare("DELETE FROM search_fts WHERE rowid IN (900001, 900002)").run();
    expect((await env.DB.prepare("SELECT count(*) AS n FROM search_fts WHERE search_fts MATCH 'alpha'").first<{ n: number }>())!.n).toBe(0);
  });
});

describe("query understanding and upload ranges", () => {
  it("detects fiscal periods and expands metric synonyms", () => {
    const plan = planQuery("What is the FY2018 capital expenditure amount (in USD millions) for 3M? Q2 of FY23 too.");
    expect(plan.years.sort()).toEqual([2018, 2023]);
    expect(plan.quarter).toBe(2);
    const variants = plan.concepts.flatMap((c) => c.variants.map((v) => v.join(" ")));
    expect(variants).toContain("purchases of property");
    expect(variants).not.toContain("what");
    expect(variants).not.toContain("millions");
  });

  it("weighs answer instructions and analysis words as hints, and finds synonyms of inflected words", () => {
    const plan = planQuery("Are the gross margins improving as of FY2022? If gross margin is not a useful metric for this business, then state that and explain why.");
    const origin = (word: string) => plan.concepts.find((c) => c.variants.some((v) => v.join(" ") === word))?.origin;
    expect(origin("gross profit")).toBe("synonym");
    expect(origin("improving")).toBe("hint");
    expect(origin("useful")).toBe("hint");
    expect(origin("explain")).toBe("hint");
    expect(plan.years).toEqual([2022]);
    expect(planQuery("What was the free cashflow?").concepts.flatMap((c) => c.variants.map((v) => v.join(" ")))).toContain("operating activities");
  });

  it("covers a date range with the fewest year/month/day tokens", () => {
    const r = render(uploadRange({ year: 2023, month: 12, day: 30 }, { year: 2025, month: 2, day: 28 }));
    // Dec 30-31 2023 as days, 2024 as a year, Jan and Feb 2025 as months.
    expect(r.split(" OR ").length).toBe(2 + 1 + 2);
    expect(uploadRange({ year: 2024, month: 2, day: 1 }, { year: 2024, month: 1, day: 1 }).op).toBe("none");
  });
});
