// The passages a turn answers from: searchChunks (the search area's read side, the only retrieval path)
// once per named source batch plus once for the rest, merged by rank, then the chat filters the index
// does not hold (tags, custom_filters, fiscal_period, the rms_type -> sub-types map) applied to the hits.
import type { Env } from "../core/env";
import type { Tenant } from "../core/auth";
import { MAX_TOP_K, searchChunks, type SearchFilters, type SearchHit, type SearchType } from "../search";
import { documentFacts, type DocumentFacts } from "./repo";
import type { HitFilters, Passage } from "./types";

export interface RetrievalScope {
  tenant: Tenant;
  filters: SearchFilters;
  hitFilters: HitFilters;
  /** source_batch_id first (with its source_ids), then container_ids; each one the tenant's batch. */
  batchIds: string[];
  rmsSubTypeMap?: Record<string, string[]>;
}

export interface Retrieved {
  passages: Passage[];
  /** Document rows of the passages (tags, source, file key) for filters and references. */
  facts: Map<string, DocumentFacts>;
}

/**
 * Which searches a scope runs. search_types defaults to all, or, when a batch is named, to the batches
 * only (as POST /v1/search does). Named batches restrict the RMS side: the organization's vault is then
 * not searched; the external side is searched once when search_types asks for it.
 */
export function searchPlan(scope: RetrievalScope): SearchFilters[] {
  const { filters, batchIds } = scope;
  const types = new Set<SearchType>(filters.searchTypes ?? (batchIds.length ? [] : ["all"]));
  if (!batchIds.length) return [{ ...filters, searchTypes: [...types], sourceBatchId: undefined, sourceIds: undefined }];
  const external = types.has("external") || types.has("all");
  return batchIds.map((batchId, i) => ({
    ...filters,
    searchTypes: i === 0 && external ? (["external"] as SearchType[]) : [],
    sourceBatchId: batchId,
    sourceIds: i === 0 ? filters.sourceIds : undefined,
  }));
}

function hasHitFilters(scope: RetrievalScope): boolean {
  const h = scope.hitFilters;
  return Boolean(h.tags?.length || (h.custom && Object.keys(h.custom).length) || h.fiscalPeriod || (scope.rmsSubTypeMap && Object.keys(scope.rmsSubTypeMap).length));
}

/** Lists merged by rank (first of each, then second of each ...), each chunk once. */
function interleave(lists: SearchHit[][]): SearchHit[] {
  const out: SearchHit[] = [];
  const seen = new Set<string>();
  const longest = Math.max(0, ...lists.map((l) => l.length));
  for (let rank = 0; rank < longest; rank++) {
    for (const list of lists) {
      const hit = list[rank];
      if (hit && !seen.has(hit.chunk_id)) {
        seen.add(hit.chunk_id);
        out.push(hit);
      }
    }
  }
  return out;
}

const lower = (v: unknown) => String(v).trim().toLowerCase();

function values(v: unknown): string[] {
  if (v === null || v === undefined) return [];
  return (Array.isArray(v) ? v : [v]).filter((x) => x !== null && x !== undefined).map(lower);
}

/** What custom_filters and tags compare against: the hit's metadata, the document row and the hit itself. */
export function hitMetadata(hit: SearchHit, facts: DocumentFacts | undefined): Record<string, unknown> {
  return {
    document_name: hit.document_name,
    search_type: hit.search_type,
    doc_type: hit.doc_type,
    page: hit.page,
    published_at: hit.published_at,
    ...hit.metadata,
    tags: facts?.tags ?? [],
    source: facts?.source ?? null,
  };
}

type YearQuarter = { year: number; quarter?: number };

function withinFiscal(hit: SearchHit, period: NonNullable<HitFilters["fiscalPeriod"]>): boolean {
  const year = hit.metadata.fiscal_year;
  if (typeof year !== "number") return false;
  const q = typeof hit.metadata.fiscal_quarter === "number" ? hit.metadata.fiscal_quarter : undefined;
  // A document of a whole fiscal year (no quarter) covers every quarter of it.
  const after = (b: YearQuarter) => year > b.year || (year === b.year && (b.quarter === undefined || q === undefined || q >= b.quarter));
  const before = (b: YearQuarter) => year < b.year || (year === b.year && (b.quarter === undefined || q === undefined || q <= b.quarter));
  return (!period.start || after(period.start)) && (!period.end || before(period.end));
}

export function passesHitFilters(hit: SearchHit, facts: DocumentFacts | undefined, scope: RetrievalScope): boolean {
  const { tags, custom, fiscalPeriod } = scope.hitFilters;
  const meta = hitMetadata(hit, facts);
  if (tags?.length) {
    const have = new Set(values(meta.tags));
    if (!tags.some((t) => have.has(lower(t)))) return false;
  }
  if (custom) {
    for (const [key, wanted] of Object.entries(custom)) {
      const have = new Set(values(meta[key]));
      if (!wanted.some((w) => have.has(lower(w)))) return false;
    }
  }
  if (fiscalPeriod && !withinFiscal(hit, fiscalPeriod)) return false;
  const map = scope.rmsSubTypeMap;
  if (map && hit.search_type === "rms") {
    const type = hit.metadata.rms_type;
    const allowed = typeof type === "string" ? map[type] : undefined;
    if (allowed && !allowed.includes(String(hit.metadata.rms_sub_type ?? ""))) return false;
  }
  return true;
}

/** The best `limit` passages for the query within the scope. */
export async function retrieve(env: Env, scope: RetrievalScope, query: string, limit: number): Promise<Retrieved> {
  const topK = hasHitFilters(scope) ? MAX_TOP_K : Math.min(MAX_TOP_K, Math.max(limit * 2, 12));
  const lists = await Promise.all(searchPlan(scope).map((f) => searchChunks(env, scope.tenant, query, f, topK)));
  const hits = interleave(lists);
  const facts = await documentFacts(env, scope.tenant.organizationId, [...new Set(hits.map((h) => h.document_id))]);
  const passages = hits.filter((h) => passesHitFilters(h, facts.get(h.document_id), scope)).slice(0, limit);
  return { passages, facts };
}
