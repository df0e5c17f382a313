// Setup data for the search tests: real documents / source_batches rows inserted through env.DB and
// indexed with indexDocument, plus the FinanceBench pages in test/fixtures/search.
import { env } from "cloudflare:test";
import { indexDocument, type IndexableDocument, type PageText, type SearchHit } from "../../src/search/index";
import { call, jsonOf } from "../helpers/harness";

export const PAGES = ["3M_2018_10K_p59", "AMAZON_2017_10K_p37", "AMD_2022_10K_p11", "JPMORGAN_2022_10K_p2", "PEPSICO_2022_10K_p3"] as const;

export async function fixturePage(name: (typeof PAGES)[number]): Promise<string> {
  const res = await env.FIXTURES.fetch(`http://f/search/${name}.txt`);
  if (!res.ok) throw new Error(`fixture ${name}: ${res.status}`);
  return res.text();
}

export function doc(overrides: Partial<IndexableDocument> & Pick<IndexableDocument, "organizationId" | "kind">): IndexableDocument {
  return {
    id: crypto.randomUUID(),
    visibility: "organization",
    ownerUserId: null,
    name: "Document",
    sourceBatchId: null,
    rmsType: null,
    rmsSubType: null,
    docType: overrides.kind === "external" ? "filing" : null,
    docSubType: null,
    tickers: [],
    stockIds: [],
    companyNames: [],
    fiscalYear: null,
    fiscalQuarter: null,
    calendarDate: null,
    publishedAt: null,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

/** Inserts the documents row the parsers would have written, then indexes the pages. */
export async function addDocument(d: IndexableDocument, pages: PageText[] | string): Promise<IndexableDocument> {
  const now = new Date().toISOString();
  await env.DB.prepare(
    `INSERT INTO documents (id, organization_id, kind, owner_user_id, visibility, name, file_name, content_type, size, r2_key,
      source_batch_id, rms_type, rms_sub_type, doc_type, doc_sub_type, tickers, stock_ids, fiscal_year, fiscal_quarter, published_at,
      status, created_at, updated_at)
     VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,'success',?,?)`,
  )
    .bind(d.id, d.organizationId, d.kind, d.ownerUserId, d.visibility, d.name, `${d.name}.pdf`, "application/pdf", 1000, `docs/${d.id}`,
      d.sourceBatchId, d.rmsType, d.rmsSubType, d.docType, d.docSubType, JSON.stringify(d.tickers), JSON.stringify(d.stockIds), d.fiscalYear,
      d.fiscalQuarter, d.publishedAt, d.createdAt, now)
    .run();
  await indexDocument(env.DB, d, typeof pages === "string" ? [{ page: 0, text: pages }] : pages);
  return d;
}

export async function addBatch(organizationId: string): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO source_batches (id, organization_id, name, created_at) VALUES (?, ?, 'batch', ?)").bind(id, organizationId, new Date().toISOString()).run();
  return id;
}

/** One result of POST /v1/search: the hit without the fields kept for citations. */
export type Result = Omit<SearchHit, "offset" | "metadata">;

export async function search(key: string, body: Record<string, unknown>): Promise<Result[]> {
  const res = await call("/v1/search", { key, body });
  const json = await jsonOf(res);
  if (res.status !== 200) throw new Error(`search -> ${res.status} ${JSON.stringify(json)}`);
  return json.payload.results as Result[];
}

/** A word no other test uses, so tests sharing the external corpus do not see each other's documents. */
export function uniqueWord(): string {
  return `zq${crypto.randomUUID().replace(/-/g, "").slice(0, 10)}`;
}
