// searchChunks: who may see what (scope), what the question asks (plan), one FTS5 query per database
// with every filter inside MATCH, then the rerank. Companies named in the question narrow the search
// to their documents; the whole scope is searched only when they have no match.
import type { Env } from "../core/env";
import type { Tenant } from "../core/auth";
import { tenantD1 } from "../core/db";
import { aliasQuerySteps } from "./aliases";
import { isQueryVocabulary, planQuerySteps, type QueryPlan } from "./query";
import { rerankSteps, type Ranked } from "./rank";
import { runStepsCooperatively } from "../figures/steps";
import { batchedReads, directReads, type SearchReads } from "./batched-reads";
import type { CandidateRow, DatedBounds } from "./repo";
import { accessKey, and, anyOf, NONE, or, publishedRange, render, tok, uploadRange, utcInstant, type ScopeExpr } from "./scope";
import { DEFAULT_EXTERNAL_TYPES, EXTERNAL_ORGANIZATION, type SearchFilters, type SearchHit, type SearchType } from "./types";

export const MAX_TOP_K = 50;
/** bm25 candidates handed to the rerank. */
const CANDIDATES = 120;
/** Unranked chunks of the named companies added when their ranked candidates are fewer than top_k. */
const SCOPE_CANDIDATES = 200;
/**
 * bm25 candidates of a search asking for a few chunks (a judge's claim or reference asks for 3 or 6): the
 * FinanceBench bench reads the same recall@3, recall@5 and MRR for top 3 and top 6 from 48 candidates as
 * from 120, at 898, 10,000 and 100,000 chunks, and the rerank reads 40% of the rows.
 */
const FEW_CANDIDATES = 48;
const FEW = 6;
const candidates = (k: number) => (k <= FEW ? FEW_CANDIDATES : CANDIDATES);

/**
 * Who may see what: the tenant's documents (rms) and the external corpus, each by its access tokens, and
 * the filters that narrow both. A search's scope is and(or(rms, external), ...narrow): the narrowing
 * written once, not once for each part (a published window is most of the expression's tokens).
 */
export interface AccessScope {
  rms: ScopeExpr;
  external: ScopeExpr;
  narrow: ScopeExpr[];
}

/**
 * Scope decisions (security rule: never another organization's chunks):
 * - rms = the tenant organization's vault documents that are shared with the organization, or private
 *   and owned by the calling user (a tenant without a user sees only shared ones);
 * - sources (kind source) are searched only when the request names their batch (source_batch_id,
 *   optionally narrowed by source_ids), with the same visibility rule;
 * - external = the shared external corpus, doc types external_types (default: transcript, filing, news,
 *   ir_slide; structured_data only when asked);
 * - search_types defaults to ["all"], except when source_batch_id is given: then only the batch is
 *   searched unless search_types is given too;
 * - rms_types / rms_sub_types narrow the rms part only; tickers and stock_ids (either may match),
 *   document_ids, upload_period and published_window narrow every part (published_window keeps undated
 *   documents; its exact instants are checked by the candidate queries, see datedBounds).
 */
export function accessScope(tenant: Tenant, filters: SearchFilters): AccessScope {
  const types = new Set<SearchType>(filters.searchTypes ?? (filters.sourceBatchId ? [] : ["all"]));
  const org = tenant.organizationId;
  const visible = (kind: "vault" | "source") =>
    or(tok("access", accessKey(org, kind, { shared: true })), tenant.user ? tok("access", accessKey(org, kind, { owner: tenant.user.id })) : NONE);
  const rmsParts: ScopeExpr[] = [];
  if (types.has("rms") || types.has("all")) {
    const parts = [visible("vault")];
    if (filters.rmsTypes?.length) parts.push(anyOf("rmsType", filters.rmsTypes));
    if (filters.rmsSubTypes?.length) parts.push(anyOf("rmsSubType", filters.rmsSubTypes));
    rmsParts.push(and(...parts));
  }
  if (filters.sourceBatchId) {
    const parts = [visible("source"), tok("batch", filters.sourceBatchId)];
    if (filters.sourceIds?.length) parts.push(anyOf("document", filters.sourceIds));
    rmsParts.push(and(...parts));
  }
  let external: ScopeExpr = NONE;
  if (types.has("external") || types.has("all")) {
    const docTypes = filters.externalTypes?.length ? filters.externalTypes : DEFAULT_EXTERNAL_TYPES;
    external = or(...[...new Set(docTypes)].map((t) => tok("access", accessKey(EXTERNAL_ORGANIZATION, "external", { shared: true }, t))));
  }
  const narrow: ScopeExpr[] = [];
  const tickers = (filters.tickers ?? []).map((t) => t.trim().toUpperCase()).filter(Boolean);
  if (tickers.length || filters.stockIds?.length) narrow.push(or(anyOf("ticker", tickers), anyOf("stock", filters.stockIds ?? [])));
  if (filters.documentIds?.length) narrow.push(anyOf("document", filters.documentIds));
  if (filters.uploadPeriod && (filters.uploadPeriod.start || filters.uploadPeriod.end)) narrow.push(uploadRange(filters.uploadPeriod.start, filters.uploadPeriod.end));
  const bounds = datedBounds(filters);
  const published = bounds && publishedRange(bounds.start, bounds.end);
  if (published) narrow.push(published);
  return { rms: or(...rmsParts), external, narrow };
}

/** The published window as normalized instants; undefined when the filter is absent or open on both sides. */
export function datedBounds(filters: SearchFilters): DatedBounds | undefined {
  const w = filters.publishedWindow;
  if (!w || (w.start === undefined && w.end === undefined)) return undefined;
  const instant = (text: string | undefined, side: string) => {
    if (text === undefined) return null;
    const at = utcInstant(text);
    if (at === null) throw new TypeError(`publishedWindow.${side} is not an RFC 3339 instant: ${text}`);
    return at;
  };
  return { start: instant(w.start, "start"), end: instant(w.end, "end") };
}

function quote(words: string[]): string {
  return `"${words.join(" ").replace(/"/g, '""')}"`;
}

// Words too common in financial text to narrow anything: bm25 computes each MATCH term's document
// frequency over the whole index, so these cost time and add nothing (the rerank still uses them).
const RETRIEVAL_SKIP = new Set(["total", "net", "million", "millions", "year", "years", "ended", "december", "consolidated", "financial", "statement", "statements", "company", "share", "shares", "per", "cost", "costs", "income", "operating", "cash", "sales", "assets", "interest", "tax", "and", "of", "to", "in", "for", "the", "on"]);
const MAX_MATCH_WORDS = 16;
const YEAR = /^\d{4}$/;
const MAX_RELAXED_WORDS = 32;
/**
 * The search of the whole scope (no company named or filtered) reads every MATCH word's postings over the
 * whole index: fewer words, the question's own first, keep it within the latency budget.
 */
const MAX_WHOLE_SCOPE_WORDS = 8;

/**
 * The text side of MATCH: single words (phrases are scored by the rerank, not here), the question's own
 * words first, then words of synonyms, at most MAX_MATCH_WORDS, in the text or title columns. Relaxed
 * adds, after those, the common words, years and hints left out (a superset, for a search that found
 * too little).
 */
export function textExpression(plan: QueryPlan, relaxed = false, max = MAX_MATCH_WORDS): string | null {
  // Called three times a search over plans whose synonym groups bring dozens of words: sets, not
  // Array.includes, and no more words gathered than are kept.
  const limit = relaxed ? MAX_RELAXED_WORDS : max;
  const strict: string[] = [];
  const inStrict = new Set<string>();
  const add = (w: string) => {
    if (strict.length < max && !inStrict.has(w) && !RETRIEVAL_SKIP.has(w) && !YEAR.test(w)) {
      strict.push(w);
      inStrict.add(w);
    }
  };
  for (const origin of ["word", "synonym"]) for (const c of plan.concepts) if (c.origin === origin) for (const v of c.variants) v.forEach(add);
  const all = strict.slice(0, limit);
  if (strict.length === 0 || relaxed) {
    const inAll = new Set(all);
    for (const c of plan.concepts) {
      for (const v of c.variants) {
        for (const w of v) {
          if (all.length >= limit) break;
          if (!inAll.has(w)) {
            all.push(w);
            inAll.add(w);
          }
        }
      }
    }
  }
  if (all.length === 0) return null;
  return `{text title} : (${all.map((w) => quote([w])).join(" OR ")})`;
}

/** The MATCH of a search: its words (if any) within its rendered scope. */
function matchExpression(text: string | null, scope: string): string {
  const s = `scope : ${scope}`;
  return text ? `(${text}) AND ${s}` : s;
}

/** Where a search looks: each database's rendered scope (the parts of the access scope it holds), the organizations of each database, and the published window. */
interface Where {
  scopes: Map<D1Database, string>;
  orgsByDb: Map<D1Database, string[]>;
  bounds: DatedBounds | undefined;
}

function whereToSearch(env: Env, tenant: Tenant, filters: SearchFilters): Where {
  const scope = accessScope(tenant, filters);
  // The external corpus and the tenant may live in different databases (TENANT_DB_OVERRIDES).
  const parts = new Map<D1Database, ScopeExpr[]>();
  const orgsByDb = new Map<D1Database, string[]>();
  const add = (org: string, expr: ScopeExpr) => {
    const db = tenantD1(env, org);
    orgsByDb.set(db, [...(orgsByDb.get(db) ?? []), org]);
    if (expr.op !== "none") parts.set(db, [...(parts.get(db) ?? []), expr]);
  };
  add(tenant.organizationId, scope.rms);
  add(EXTERNAL_ORGANIZATION, scope.external);
  // Each database's parts, narrowed once: (rms OR external) AND narrow, the same rows as
  // (rms AND narrow) OR (external AND narrow). A narrowing that matches nothing leaves nothing to search.
  const scopes = new Map<D1Database, string>();
  for (const [db, exprs] of parts) {
    const expr = and(or(...exprs), ...scope.narrow);
    if (expr.op !== "none") scopes.set(db, render(expr));
  }
  return { scopes, orgsByDb, bounds: datedBounds(filters) };
}

/** A scope narrowed further: render(and(scope, extra)) from the scope already rendered. */
function within(scope: string, extra: ScopeExpr | null): string {
  return extra ? `(${scope} AND ${render(extra)})` : scope;
}

async function detectCompanies(reads: SearchReads, dbs: Map<D1Database, string[]>, query: string): Promise<{ tickers: Set<string>; words: Set<string> }> {
  const read = await runStepsCooperatively(aliasQuerySteps(query), reads.turn);
  const candidates = { words: read.words, marked: read.marked.filter((c) => !(c.startsWith("~") && isQueryVocabulary(c.slice(1)))) };
  const tickers = new Set<string>();
  const words = new Set<string>();
  for (const [db, orgs] of dbs) {
    for (const { alias, ticker } of await reads.aliasTickers(db, orgs, candidates)) {
      tickers.add(ticker);
      for (const w of alias.replace(/^[$~]/, "").split(" ")) words.add(w);
    }
  }
  return { tickers, words };
}

function toHit(r: Ranked, maxScore: number): SearchHit {
  const row: CandidateRow = r.row;
  const tickers = JSON.parse(row.tickers) as string[];
  return {
    document_id: row.document_id,
    document_name: row.name,
    chunk_id: row.chunk_id,
    text: row.text,
    score: Math.round((r.score / maxScore) * 1e6) / 1e6,
    search_type: row.kind === "external" ? "external" : "rms",
    page: row.page,
    doc_type: row.doc_type,
    tickers,
    published_at: row.published_at,
    offset: row.start_offset,
    metadata: {
      rms_type: row.rms_type,
      rms_sub_type: row.rms_sub_type,
      rms_document_type: row.kind === "external" ? null : row.kind,
      calendar_date: row.calendar_date,
      fiscal_year: row.fiscal_year,
      fiscal_quarter: row.fiscal_quarter,
      document_category: row.doc_type,
      document_subcategory: row.doc_sub_type,
      stock_ids: JSON.parse(row.stock_ids),
      tickers,
      company_names: JSON.parse(row.company_names),
      offset: row.start_offset,
      snippet: row.text.slice(0, 300),
    },
  };
}

/**
 * The best topK chunks for a query within the tenant's scope and the filters. `context` is text around the
 * query that may name its company without being searched for itself (the question a judge's claim
 * answers): companies it names narrow the search as if the query named them; its other words are not read.
 */
export async function searchChunks(env: Env, tenant: Tenant, query: string, filters: SearchFilters, topK: number, context?: string): Promise<SearchHit[]> {
  return searchWith(directReads, env, tenant, query, filters, topK, context);
}

export type ChunkSearch = (tenant: Tenant, query: string, filters: SearchFilters, topK: number, context?: string) => Promise<SearchHit[]>;

/**
 * searchChunks for a caller with many texts to search at once (a judge's claims or references): the D1
 * reads of concurrent calls travel together, one batch per database and stage, instead of one round trip
 * each. Same hits as searchChunks. A caller may pass the batchedReads to share them with its own D1 calls.
 */
export function batchedSearchChunks(env: Env, reads: SearchReads = batchedReads()): ChunkSearch {
  // The searches of one caller mostly share tenant and filters: the scope (about 800 characters of hex
  // tokens for a judge: six access tokens and a published window) is built and rendered once for them.
  const known = new Map<string, Where>();
  const where = (tenant: Tenant, filters: SearchFilters): Where => {
    const key = JSON.stringify([tenant.organizationId, tenant.user?.id ?? null, filters]);
    let w = known.get(key);
    if (!w) {
      w = whereToSearch(env, tenant, filters);
      known.set(key, w);
    }
    return w;
  };
  return (tenant, query, filters, topK, context) => searchWith(reads, env, tenant, query, filters, topK, context, where(tenant, filters));
}

async function searchWith(
  reads: SearchReads,
  env: Env,
  tenant: Tenant,
  query: string,
  filters: SearchFilters,
  topK: number,
  context?: string,
  where = whereToSearch(env, tenant, filters),
): Promise<SearchHit[]> {
  const k = Math.max(1, Math.min(MAX_TOP_K, Math.floor(topK)));
  const { scopes: parts, orgsByDb, bounds } = where;
  if (parts.size === 0) return [];

  // Companies named in the question (or its context), unless the caller already narrowed by company or document.
  const narrowed = Boolean(filters.tickers?.length || filters.stockIds?.length || filters.documentIds?.length || filters.sourceIds?.length);
  await reads.turn();
  const companies = narrowed ? { tickers: new Set<string>(), words: new Set<string>() } : await detectCompanies(reads, orgsByDb, context ? `${query} ${context}` : query);
  await reads.turn();
  const plan = await runStepsCooperatively(planQuerySteps(query, companies.words), reads.turn);
  const text = textExpression(plan);
  // Nothing but stop words and no company: there is nothing to rank by.
  if (text === null && companies.tickers.size === 0) return [];

  const run = async (extra: ScopeExpr | null, words = text): Promise<CandidateRow[]> => {
    const rows = await Promise.all(
      [...parts].map(([db, scope]) => reads.match(db, matchExpression(words, within(scope, extra)), candidates(k), bounds)),
    );
    return rows.flat();
  };

  // Few chunks with the distinctive words in a narrow scope (named companies, or the caller's company or
  // document filters): let the rerank see that scope's other chunks too, reading only its scope postings
  // (common words such as "income" would read most of the index).
  const fill = async (rows: CandidateRow[], extra: ScopeExpr | null): Promise<CandidateRow[]> => {
    if (rows.length >= k) return rows;
    const seen = rows.map((r) => r.chunk_id);
    const more = await Promise.all(
      [...parts].map(([db, scope]) => reads.scope(db, `scope : ${within(scope, extra)}`, seen, SCOPE_CANDIDATES, bounds)),
    );
    return [...rows, ...more.flat()];
  };

  let rows: CandidateRow[];
  if (companies.tickers.size > 0) {
    // A question naming companies is answered from their documents; the whole scope only when they have none.
    const company = anyOf("ticker", [...companies.tickers]);
    rows = await fill(await run(company), company);
    if (rows.length === 0) rows = await run(null, textExpression(plan, false, MAX_WHOLE_SCOPE_WORDS));
  } else if (narrowed) {
    rows = await fill(await run(null), null);
  } else {
    // The whole scope with fewer words; when they find nothing, with every word (relaxed). With one
    // database (the usual case) both go in one statement, the relaxed part read only if needed; when the
    // two expressions are the same, the relaxed one would find nothing either.
    const whole = textExpression(plan, false, MAX_WHOLE_SCOPE_WORDS);
    const relaxed = text === null ? null : textExpression(plan, true);
    if (relaxed === null || relaxed === whole) rows = await run(null, whole);
    else if (parts.size === 1) {
      const [[db, scope]] = [...parts];
      rows = await reads.matchOrElse(db, matchExpression(whole, scope), matchExpression(relaxed, scope), candidates(k), bounds);
    } else {
      rows = await run(null, whole);
      if (rows.length === 0) rows = await run(null, relaxed);
    }
  }
  await reads.turn();
  const ranked = (await runStepsCooperatively(rerankSteps(rows, { plan, companies: companies.tickers }), reads.turn)).slice(0, k);
  const max = ranked.length ? Math.max(ranked[0].score, 1e-9) : 1;
  return ranked.map((r) => toHit(r, max));
}
