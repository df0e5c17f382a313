// Primary-source look-up for both judges: the search of the documents capability with the run's
// search_type and the caller's visibility, inside the evaluation's time window: the search's
// publishedWindow filter ranks among in-window documents only (date: published_at, else the calendar
// date); undated documents are kept, since nothing says they fall outside the window.
import type { Env } from "../core/env";
import type { Tenant } from "../core/auth";
import { findUserInOrganization } from "../core/accounts-repo";
import { searchChunks, type SearchHit } from "../search";
import { parseInstant, toUtc } from "./time";
import type { SearchType } from "./schemas";

export interface Window {
  start_time?: string;
  end_time: string;
}

/** The tenant a job searches as: the submitting user's visibility, or organization-shared documents only. */
export async function jobTenant(env: Env, organizationId: string, userId: string | null): Promise<Tenant> {
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

export async function searchPrimary(env: Env, tenant: Tenant, text: string, searchType: SearchType, window: Window, topK = 6): Promise<SearchHit[]> {
  return searchChunks(env, tenant, queryOf(text), { searchTypes: [searchType], publishedWindow: publishedWindowOf(window) }, topK);
}

export type PrimarySearch = (text: string, topK?: number) => Promise<SearchHit[]>;

/**
 * searchPrimary for one step of one run (same tenant, search type and window): a query text met again
 * (a repeated reference or claim) reuses the first search's hits instead of searching again. A failed
 * search is not kept, so a later caller searches afresh.
 */
export function primarySearch(env: Env, tenant: Tenant, searchType: SearchType, window: Window): PrimarySearch {
  const seen = new Map<string, Promise<SearchHit[]>>();
  return (text, topK = 6) => {
    const key = `${topK} ${queryOf(text)}`;
    let hits = seen.get(key);
    if (!hits) {
      hits = searchPrimary(env, tenant, text, searchType, window, topK);
      seen.set(key, hits);
      hits.catch(() => seen.delete(key));
    }
    return hits;
  };
}
