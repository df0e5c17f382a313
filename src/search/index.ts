// The search area's contract for other areas: index a parsed document, remove it, search chunks.
// Parsers call indexDocument after a parse; chat and POST /v1/search call searchChunks.
import { chunkTextsStatement, deleteDocument, replaceDocument } from "./repo";
import { rowsByIds } from "./batched-reads";
import { EXTERNAL_ORGANIZATION } from "./types";
import type { Env } from "../core/env";
import { tenantD1 } from "../core/db";
import type { IndexableDocument, PageText } from "./types";

export type { IndexableDocument, PageText, SearchFilters, SearchHit, SearchType, YearMonthDay } from "./types";
export { EXTERNAL_ORGANIZATION, DEFAULT_EXTERNAL_TYPES } from "./types";
export { batchedSearchChunks, searchChunks, MAX_TOP_K, type ChunkSearch } from "./search";
export { batchedReads, type BatchedReads } from "./batched-reads";
/** Checks a source batch (and source ids in it) belongs to the organization: NOT_FOUND / INVALID_REQUEST_BODY. */
export { checkBatch } from "./service";

/**
 * Replaces every index row of the document in one D1 batch (a transaction), so a retried parse job never
 * leaves a half-indexed or duplicated document. Returns the number of chunks written.
 */
export async function indexDocument(db: D1Database, doc: IndexableDocument, pages: PageText[]): Promise<{ chunkCount: number }> {
  return { chunkCount: await replaceDocument(db, doc, pages) };
}

/**
 * The texts of indexed chunks by chunk_id, from the organization's database and the external corpus's, for
 * a caller that kept only the ids of the hits it found (a judge run's stored step). The ids must come from
 * that organization's own search: a chunk id names its document, not who may read it. A chunk removed
 * since has no text.
 */
export async function chunkTexts(env: Env, organizationId: string, chunkIds: string[]): Promise<Map<string, string>> {
  const dbs = new Set([tenantD1(env, organizationId), tenantD1(env, EXTERNAL_ORGANIZATION)]);
  const found = new Map<string, string>();
  for (const db of dbs) {
    const rows = await rowsByIds<{ chunk_id: string; text: string }>(db, chunkIds.filter((c) => !found.has(c)), chunkTextsStatement);
    for (const r of rows) found.set(r.chunk_id, r.text);
  }
  return found;
}

export async function removeDocumentIndex(db: D1Database, documentId: string): Promise<void> {
  await deleteDocument(db, documentId);
}
