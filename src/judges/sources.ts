// Primary-source look-up for both judges: the search of the documents capability with the run's
// search_type and the caller's visibility, inside the evaluation's time window: the search's
// publishedWindow filter ranks among in-window documents only (date: published_at, else the calendar
// date); undated documents are kept, since nothing says they fall outside the window.
import type { Env } from "../core/env";
import type { Tenant } from "../core/auth";
import { findUserInOrganization } from "../core/accounts-repo";
import { batchedSearchChunks, searchChunks, type ChunkSearch, type SearchHit } from "../search";
import { nameAliases, nameWords } from "../search/aliases";
import { parseInstant, toUtc } from "./time";
import type { SearchType } from "./schemas";

export interface Window {
  start_time?: string;
  end_time: string;
}

/**
 * The tenant a job searches as: the submitting user's visibility, or organization-shared documents only.
 * With `known`, runs of one queue batch look each organization and user up once (a failed look-up is not kept).
 */
export function jobTenant(env: Env, organizationId: string, userId: string | null, known?: Map<string, Promise<Tenant>>): Promise<Tenant> {
  if (!known) return lookUpTenant(env, organizationId, userId);
  const key = JSON.stringify([organizationId, userId]);
  let tenant = known.get(key);
  if (!tenant) {
    tenant = lookUpTenant(env, organizationId, userId);
    known.set(key, tenant);
    tenant.catch(() => known.delete(key));
  }
  return tenant;
}

async function lookUpTenant(env: Env, organizationId: string, userId: string | null): Promise<Tenant> {
  const user = userId ? await findUserInOrganization(env, organizationId, userId) : undefined;
  return {
    organizationId,
    user: user ? { id: user.id, email: user.email, name: user.name, onboarded: user.onboarded } : null,
    keyKind: "organization",
    keyId: "judge-job",
    entitlements: [],
  };
}

/** The window as the search's publishedWindow (instants normalized to UTC; validated at submission). */
export function publishedWindowOf(window: Window): { start?: string; end?: string } {
  const at = (text: string | undefined) => {
    const ms = text === undefined ? null : parseInstant(text);
    return ms === null ? undefined : toUtc(ms);
  };
  return { start: at(window.start_time), end: at(window.end_time) };
}

/** Text a search can use: the statement's words, capped (the search reads at most 16 terms anyway). */
function queryOf(text: string): string {
  return text.replace(/\s+/g, " ").slice(0, 600);
}

/** `context` (the question) narrows the search to the companies it names, as searchChunks says. */
export async function searchPrimary(
  env: Env,
  tenant: Tenant,
  text: string,
  searchType: SearchType,
  window: Window,
  topK = 6,
  search: ChunkSearch = (...a) => searchChunks(env, ...a),
  context?: string,
): Promise<SearchHit[]> {
  return search(tenant, queryOf(text), { searchTypes: [searchType], publishedWindow: publishedWindowOf(window) }, topK, context === undefined ? undefined : queryOf(context));
}

export type PrimarySearch = (text: string, topK?: number, context?: string) => Promise<SearchHit[]>;

/**
 * searchPrimary for one step of one run (same tenant, search type and window): a query text met again
 * (a repeated reference or claim) reuses the first search's hits instead of searching again. A failed
 * search is not kept, so a later caller searches afresh. Searches started together (the claims of an
 * answer, and with `batched` shared, the searches of the other runs of the queue batch) send their D1
 * reads in one batch.
 */
export function primarySearch(env: Env, tenant: Tenant, searchType: SearchType, window: Window, batched: ChunkSearch = batchedSearchChunks(env)): PrimarySearch {
  const seen = new Map<string, Promise<SearchHit[]>>();
  return (text, topK = 6, context) => {
    const key = JSON.stringify([topK, queryOf(text), context === undefined ? null : queryOf(context)]);
    let hits = seen.get(key);
    if (!hits) {
      hits = searchPrimary(env, tenant, text, searchType, window, topK, batched, context);
      seen.set(key, hits);
      hits.catch(() => seen.delete(key));
    }
    return hits;
  };
}

// Words of a document's name that say what kind of document it is, or what it reports, not whose.
const GENERIC_NAME = new Set(
  `annual quarterly report reports form earnings release press transcript call filing filings statement statements financial
  financials consolidated results fiscal year quarter update presentation investor letter shareholder shareholders proxy the and of for inc corp
  corporation company co ltd plc group holdings llc 10k 10q 8k pdf docx xlsx htm html txt cash flow flows balance sheet income operations
  notes note page pages excerpt summary data q1 q2 q3 q4 fy`.split(/\s+/),
);

/** How a document names its company: its metadata's company names (with their short forms), else the words of an external document's name. */
function companyNames(hit: SearchHit): string[] {
  const listed = Array.isArray(hit.metadata?.company_names) ? (hit.metadata.company_names as unknown[]).filter((n): n is string => typeof n === "string") : [];
  if (listed.length) return listed.flatMap(nameAliases);
  if (hit.search_type !== "external") return [];
  return nameWords(hit.document_name).filter((w) => !GENERIC_NAME.has(w) && !/^(fy|q[1-4])?\d+$/.test(w) && (w.length >= 3 || /\d/.test(w)));
}

/**
 * Whether a primary-source passage is about the subject of a text (a reference or claim with its question):
 * the text names the document's company (a company name of its metadata, a word of an external document's
 * name) or writes one of its tickers in capitals. A document with no company identity (a private upload
 * without tickers or company names) is about anything. The text is read once for all the hits tested.
 */
export function aboutSubject(text: string): (hit: SearchHit) => boolean {
  let read: { words: string; capitals: string } | null = null;
  return (hit) => {
    const names = companyNames(hit);
    if (!names.length && !hit.tickers.length) return true;
    read ??= { words: ` ${nameWords(text).join(" ")} `, capitals: ` ${text.replace(/[^A-Za-z0-9.]+/g, " ")} ` };
    const { words, capitals } = read;
    if (names.some((n) => words.includes(` ${n} `))) return true;
    return hit.tickers.some((t) => capitals.includes(` ${t.toUpperCase()} `));
  };
}
