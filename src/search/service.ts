// POST /v1/search without HTTP: checks the named batch and sources belong to the caller's organization,
// then runs searchChunks and renders the hits in the response shape.
import type { Env } from "../core/env";
import type { Tenant } from "../core/auth";
import { invalidBody, notFound } from "../core/errors";
import { tenantD1 } from "../core/db";
import { searchChunks } from "./search";
import type { SearchFilters, SearchType, YearMonthDay } from "./types";

export interface SearchRequest {
  query: string;
  stock_ids?: string[];
  tickers?: string[];
  external_types?: string[];
  top_k: number;
  upload_period?: { start_time?: YearMonthDay; end_time?: YearMonthDay };
  search_types?: SearchType[];
  rms_types?: string[];
  rms_sub_types?: string[];
  source_batch_id?: string;
  source_ids?: string[];
  document_ids?: string[];
}

export async function checkBatch(db: D1Database, organizationId: string, batchId: string, sourceIds: string[] | undefined): Promise<void> {
  const batch = await db.prepare("SELECT id FROM source_batches WHERE id = ? AND organization_id = ?").bind(batchId, organizationId).first();
  if (!batch) throw notFound("Source batch");
  if (!sourceIds?.length) return;
  const found = await db
    .prepare(
      `SELECT id FROM documents WHERE organization_id = ?1 AND source_batch_id = ?2 AND kind = 'source'
       AND id IN (SELECT value FROM json_each(?3))`,
    )
    .bind(organizationId, batchId, JSON.stringify(sourceIds))
    .all<{ id: string }>();
  const known = new Set(found.results.map((r) => r.id));
  const missing = sourceIds.filter((id) => !known.has(id));
  if (missing.length) throw invalidBody(`source_ids not in source batch ${batchId}: ${missing.join(", ")}`);
}

export async function search(env: Env, tenant: Tenant, req: SearchRequest) {
  if (req.source_ids?.length && !req.source_batch_id) throw invalidBody("source_ids requires source_batch_id");
  if (req.source_batch_id) await checkBatch(tenantD1(env, tenant.organizationId), tenant.organizationId, req.source_batch_id, req.source_ids);
  const filters: SearchFilters = {
    stockIds: req.stock_ids,
    tickers: req.tickers,
    externalTypes: req.external_types,
    uploadPeriod: req.upload_period ? { start: req.upload_period.start_time, end: req.upload_period.end_time } : undefined,
    searchTypes: req.search_types,
    rmsTypes: req.rms_types,
    rmsSubTypes: req.rms_sub_types,
    sourceBatchId: req.source_batch_id,
    sourceIds: req.source_ids,
    documentIds: req.document_ids,
  };
  const hits = await searchChunks(env, tenant, req.query, filters, req.top_k);
  return {
    results: hits.map((h) => ({
      document_id: h.document_id,
      document_name: h.document_name,
      chunk_id: h.chunk_id,
      text: h.text,
      score: h.score,
      search_type: h.search_type,
      page: h.page,
      doc_type: h.doc_type,
      tickers: h.tickers,
      published_at: h.published_at,
    })),
  };
}
