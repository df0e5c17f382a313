// The search area's contract for other areas: index a parsed document, remove it, search chunks.
// Parsers call indexDocument after a parse; chat and POST /v1/search call searchChunks.
import { deleteDocument, replaceDocument } from "./repo";
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

export async function removeDocumentIndex(db: D1Database, documentId: string): Promise<void> {
  await deleteDocument(db, documentId);
}
