// Primary-source look-up for both judges: the search of the documents capability with the run's
// search_type and the caller's visibility, kept inside the evaluation's time window. The search module
// has no published_at filter, so hits are post-filtered here on published_at (else the calendar date);
// undated hits are kept, since nothing says they fall outside the window.
import type { Env } from "../core/env";
import type { Tenant } from "../core/auth";
import { findUserInOrganization } from "../core/accounts-repo";
import { searchChunks, type SearchHit } from "../search";
import { parseInstant } from "./time";
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

function hitInstant(hit: SearchHit): number | null {
  const raw = hit.published_at ?? (typeof hit.metadata.calendar_date === "string" ? hit.metadata.calendar_date : null);
  if (!raw) return null;
  const ms = Date.parse(raw);
  return Number.isFinite(ms) ? ms : null;
}

export function insideWindow(hit: SearchHit, window: Window): boolean {
  const at = hitInstant(hit);
  if (at === null) return true;
  const end = parseInstant(window.end_time) ?? Infinity;
  const start = window.start_time ? parseInstant(window.start_time) ?? -Infinity : -Infinity;
  return at >= start && at <= end;
}

/** Text a search can use: the statement's words, capped (the search reads at most 16 terms anyway). */
function queryOf(text: string): string {
  return text.replace(/\s+/g, " ").slice(0, 600);
}

export async function searchPrimary(env: Env, tenant: Tenant, text: string, searchType: SearchType, window: Window, topK = 6): Promise<SearchHit[]> {
  const hits = await searchChunks(env, tenant, queryOf(text), { searchTypes: [searchType] }, Math.min(50, topK * 3));
  return hits.filter((h) => insideWindow(h, window)).slice(0, topK);
}
