// Queries on the control-plane tables (organizations, users, API keys). Auth and the admin API both
// reach these tables only through this module, so the rows auth reads on every request can be kept for a
// few seconds in the isolate and evicted here by every write that changes them.
import { and, eq, desc } from "drizzle-orm";
import type { Env } from "./env";
import { controlDb, nowIso } from "./db";
import { apiKeys, organizations, users } from "./schema/platform";

export type OrganizationRow = typeof organizations.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;

/**
 * How long an isolate keeps an API key, organization or user that auth read: a key revoked, or an
 * organization's entitlements changed, through another isolate take effect there within this time; through
 * this isolate, at once (the writes below evict). Only rows found are kept, so a key or user just created
 * works at once everywhere. Every authenticated request read them (two D1 calls), a status poll included.
 */
export const ACCOUNT_CACHE_TTL_MS = 10_000;
/** Entries per cache: beyond it the oldest goes, so memory stays bounded whatever the callers send. */
const MAX_CACHED = 1_000;

/** Rows read recently, each for ACCOUNT_CACHE_TTL_MS from its read. Callers must not mutate a row they get. */
class RecentRows<T> {
  private readonly rows = new Map<string, { value: T; expires: number }>();
  /** Counts evictions: a read that started before one may hold the evicted row, so it is not kept. */
  private evictions = 0;

  /** Taken before a read of D1; set() keeps the row only if nothing was evicted since. */
  version(): number {
    return this.evictions;
  }

  get(key: string): T | undefined {
    const entry = this.rows.get(key);
    if (!entry) return undefined;
    if (entry.expires > Date.now()) return entry.value;
    this.rows.delete(key);
    return undefined;
  }

  set(key: string, value: T, readAt: number): void {
    if (readAt !== this.evictions) return;
    this.rows.delete(key);
    if (this.rows.size >= MAX_CACHED) this.rows.delete(this.rows.keys().next().value as string);
    this.rows.set(key, { value, expires: Date.now() + ACCOUNT_CACHE_TTL_MS });
  }

  evict(matches: (key: string, value: T) => boolean): void {
    this.evictions += 1;
    for (const [key, entry] of this.rows) if (matches(key, entry.value)) this.rows.delete(key);
  }
}

const keysByHash = new RecentRows<ApiKeyRow>();
const tenants = new RecentRows<{ organization: OrganizationRow; user: UserRow | undefined }>();

/** The key with this hash, as stored (revoked ones too: the caller refuses them). */
export async function findKeyByHash(env: Env, keyHash: string): Promise<ApiKeyRow | undefined> {
  const cached = keysByHash.get(keyHash);
  if (cached) return cached;
  const readAt = keysByHash.version();
  const row = await controlDb(env).select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash)).get();
  if (row) keysByHash.set(keyHash, row, readAt);
  return row;
}

export async function findOrganization(env: Env, id: string): Promise<OrganizationRow | undefined> {
  return controlDb(env).select().from(organizations).where(eq(organizations.id, id)).get();
}

export async function findUserInOrganization(env: Env, organizationId: string, userId: string): Promise<UserRow | undefined> {
  return controlDb(env)
    .select()
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.id, userId)))
    .get();
}

/**
 * The organization and (when asked, by id or by email) one of its users, read in one D1 batch: every
 * request's tenant is resolved with these two reads, and a call costs D1 more than a statement.
 */
export async function findOrganizationAndUser(
  env: Env,
  organizationId: string,
  user: { id: string } | { email: string } | null,
): Promise<{ organization: OrganizationRow | undefined; user: UserRow | undefined }> {
  const key = JSON.stringify([organizationId, user && ("id" in user ? `id:${user.id}` : `email:${user.email.toLowerCase()}`)]);
  const cached = tenants.get(key);
  if (cached) return cached;
  const readAt = tenants.version();
  const db = controlDb(env);
  const org = db.select().from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  let found: { organization: OrganizationRow | undefined; user: UserRow | undefined };
  if (!user) {
    found = { organization: (await org)[0], user: undefined };
  } else {
    const match = "id" in user ? eq(users.id, user.id) : eq(users.email, user.email.toLowerCase());
    const [orgRows, userRows] = await db.batch([org, db.select().from(users).where(and(eq(users.organizationId, organizationId), match)).limit(1)]);
    found = { organization: orgRows[0], user: userRows[0] };
  }
  // Kept only when everything asked for exists: a miss is read again, so a new user is seen at once.
  if (found.organization && (!user || found.user)) tenants.set(key, { organization: found.organization, user: found.user }, readAt);
  return found;
}

export async function findUserByEmail(env: Env, organizationId: string, email: string): Promise<UserRow | undefined> {
  return controlDb(env)
    .select()
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.email, email.toLowerCase())))
    .get();
}

export async function insertOrganization(env: Env, row: { id: string; name: string; region: string; entitlements: string[] }): Promise<void> {
  const now = nowIso();
  await controlDb(env).insert(organizations).values({ ...row, createdAt: now, updatedAt: now }).run();
}

export async function updateOrganization(env: Env, id: string, patch: { name?: string; entitlements?: string[] }): Promise<boolean> {
  const result = await controlDb(env)
    .update(organizations)
    .set({ ...patch, updatedAt: nowIso() })
    .where(eq(organizations.id, id))
    .run();
  tenants.evict((_key, found) => found.organization.id === id);
  return result.meta.changes > 0;
}

export async function insertUser(env: Env, row: { id: string; organizationId: string; email: string; name: string; onboarded: boolean }): Promise<void> {
  await controlDb(env).insert(users).values({ ...row, email: row.email.toLowerCase(), createdAt: nowIso() }).run();
}

export async function insertApiKey(env: Env, row: Omit<ApiKeyRow, "createdAt" | "revokedAt">): Promise<ApiKeyRow> {
  const full: ApiKeyRow = { ...row, createdAt: nowIso(), revokedAt: null };
  await controlDb(env).insert(apiKeys).values(full).run();
  return full;
}

export async function listApiKeys(env: Env, organizationId: string): Promise<ApiKeyRow[]> {
  return controlDb(env).select().from(apiKeys).where(eq(apiKeys.organizationId, organizationId)).orderBy(desc(apiKeys.createdAt)).all();
}

export async function revokeApiKey(env: Env, keyId: string): Promise<"revoked" | "already" | "missing"> {
  const row = await controlDb(env).select().from(apiKeys).where(eq(apiKeys.id, keyId)).get();
  if (!row) return "missing";
  if (row.revokedAt) return "already";
  await controlDb(env).update(apiKeys).set({ revokedAt: nowIso() }).where(eq(apiKeys.id, keyId)).run();
  // This isolate refuses the key from the next request on; others within ACCOUNT_CACHE_TTL_MS.
  keysByHash.evict((_hash, key) => key.id === keyId);
  return "revoked";
}
