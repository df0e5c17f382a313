// Every chat filter through the Worker: each test seeds documents that differ in one attribute and share a
// word no other test uses, then checks which documents the answer cites.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { addBatch, addDocument, chat, doc, final, named, uniqueWord } from "./chat.helpers";

let org: TestOrg;

beforeAll(async () => {
  org = await createOrg();
});

type Seed = Parameters<typeof doc>[0];

/** Documents with one sentence each about `word`, all citable by a question on it. */
async function seed(word: string, docs: Record<string, Omit<Seed, "name">>): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const [label, d] of Object.entries(docs)) {
    ids[label] = (await addDocument(doc({ name: `Doc ${label}`, ...d }), `The ${word} revenue of ${label} grew 12 percent.`)).id;
  }
  return ids;
}

async function cited(word: string, filters: Record<string, unknown>, ids: Record<string, string>): Promise<string[]> {
  const r = await chat(org.key, { query: `How did ${word} revenue grow?`, ...filters });
  expect(final(r).event).toBe("done");
  const byId = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
  return [...new Set(named(r, "citation").map((c) => byId[c.data.document_id] ?? "unknown"))].sort();
}

const vault = (extra: Partial<Seed> = {}): Omit<Seed, "name"> => ({ organizationId: org.organizationId, kind: "vault", ...extra });
const external = (extra: Partial<Seed> = {}): Omit<Seed, "name"> => ({ organizationId: "external", kind: "external", ...extra });

describe("chat filters", () => {
  it("search_types: rms, external, all (default)", async () => {
    const w = uniqueWord();
    const ids = await seed(w, { notes: vault(), filing: external() });
    expect(await cited(w, { search_types: ["rms"] }, ids)).toEqual(["notes"]);
    expect(await cited(w, { search_types: ["external"] }, ids)).toEqual(["filing"]);
    expect(await cited(w, {}, ids)).toEqual(["filing", "notes"]);
  });

  it("source_batch_id searches the batch (only it by default), source_ids narrow it; the batch replaces the vault on the RMS side", async () => {
    const w = uniqueWord();
    const batch = await addBatch(org.organizationId);
    const ids = await seed(w, {
      s1: { organizationId: org.organizationId, kind: "source", sourceBatchId: batch },
      s2: { organizationId: org.organizationId, kind: "source", sourceBatchId: batch },
      notes: vault(),
      filing: external(),
    });
    expect(await cited(w, { source_batch_id: batch }, ids)).toEqual(["s1", "s2"]);
    expect(await cited(w, { source_batch_id: batch, source_ids: [ids.s2] }, ids)).toEqual(["s2"]);
    expect(await cited(w, { source_batch_id: batch, search_types: ["all"] }, ids)).toEqual(["filing", "s1", "s2"]);
  });

  it("container_ids restrict the RMS side to those source batches", async () => {
    const w = uniqueWord();
    const [b1, b2, b3] = [await addBatch(org.organizationId), await addBatch(org.organizationId), await addBatch(org.organizationId)];
    const ids = await seed(w, {
      one: { organizationId: org.organizationId, kind: "source", sourceBatchId: b1 },
      two: { organizationId: org.organizationId, kind: "source", sourceBatchId: b2 },
      three: { organizationId: org.organizationId, kind: "source", sourceBatchId: b3 },
      notes: vault(),
    });
    expect(await cited(w, { container_ids: [b1, b2] }, ids)).toEqual(["one", "two"]);
    expect(await cited(w, { container_ids: [b3], search_types: ["rms"] }, ids)).toEqual(["three"]);
  });

  it("document_ids and stock_ids", async () => {
    const w = uniqueWord();
    const ids = await seed(w, { a: external({ stockIds: ["stock-a"] }), b: external({ stockIds: ["stock-b"] }), c: vault() });
    expect(await cited(w, { document_ids: [ids.b, ids.c] }, ids)).toEqual(["b", "c"]);
    expect(await cited(w, { stock_ids: ["stock-a"] }, ids)).toEqual(["a"]);
  });

  it("rms_types and the rms_sub_types map (rms_type -> allowed sub-types)", async () => {
    const w = uniqueWord();
    const ids = await seed(w, {
      emailA: vault({ rmsType: "emailnotes", rmsSubType: "a" }),
      emailB: vault({ rmsType: "emailnotes", rmsSubType: "b" }),
      general: vault({ rmsType: "generalnotes", rmsSubType: "x" }),
    });
    expect(await cited(w, { rms_types: ["emailnotes"], search_types: ["rms"] }, ids)).toEqual(["emailA", "emailB"]);
    expect(await cited(w, { rms_sub_types: { emailnotes: ["a"] }, search_types: ["rms"] }, ids)).toEqual(["emailA", "general"]);
  });

  it("external_types (default transcript, filing, news, ir_slide; structured_data when asked)", async () => {
    const w = uniqueWord();
    const ids = await seed(w, { news: external({ docType: "news" }), data: external({ docType: "structured_data" }), call: external({ docType: "transcript" }) });
    expect(await cited(w, {}, ids)).toEqual(["call", "news"]);
    expect(await cited(w, { external_types: ["structured_data"] }, ids)).toEqual(["data"]);
    expect(await cited(w, { external_types: ["news"] }, ids)).toEqual(["news"]);
  });

  it("upload_period and fiscal_period", async () => {
    const w = uniqueWord();
    const ids = await seed(w, {
      old: external({ createdAt: "2020-03-10T10:00:00.000Z", fiscalYear: 2019, fiscalQuarter: 4 }),
      recent: external({ createdAt: "2023-08-01T10:00:00.000Z", fiscalYear: 2023, fiscalQuarter: 2 }),
      annual: external({ createdAt: "2024-02-01T10:00:00.000Z", fiscalYear: 2023 }),
      undated: external({ createdAt: "2024-02-01T10:00:00.000Z" }),
    });
    expect(await cited(w, { upload_period: { start_time: { year: 2023, month: 1, day: 1 }, end_time: { year: 2023, month: 12, day: 31 } } }, ids)).toEqual(["recent"]);
    expect(await cited(w, { fiscal_period: { start_time: { year: 2023, quarter: 1 }, end_time: { year: 2023, quarter: 4 } } }, ids)).toEqual(["annual", "recent"]);
    expect(await cited(w, { fiscal_period: { end_time: { year: 2020 } } }, ids)).toEqual(["old"]);
  });

  it("tags and custom_filters match the document's metadata (a value or any of a list)", async () => {
    const w = uniqueWord();
    const ids = await seed(w, { reuters: external({ docType: "news" }), filing: external({ fiscalYear: 2022 }), memo: vault() });
    await env.DB.prepare("UPDATE documents SET source = 'Reuters', tags = '[\"macro\",\"rates\"]' WHERE id = ?").bind(ids.reuters).run();
    await env.DB.prepare("UPDATE documents SET tags = '[\"Rates\"]' WHERE id = ?").bind(ids.memo).run();
    expect(await cited(w, { tags: ["rates"] }, ids)).toEqual(["memo", "reuters"]);
    expect(await cited(w, { custom_filters: { source: "Reuters" } }, ids)).toEqual(["reuters"]);
    expect(await cited(w, { custom_filters: { document_category: ["news", "filing"], fiscal_year: 2022 } }, ids)).toEqual(["filing"]);
  });

  it("accepts client_api_url (stored, never fetched) and agentic_search", async () => {
    const w = uniqueWord();
    const ids = await seed(w, { a: external() });
    expect(await cited(w, { client_api_url: "https://client.example.com/api", agentic_search: true }, ids)).toEqual(["a"]);
  });
});
