// Queries on the control-plane tables (organizations, users, API keys). Auth and the admin API both
// reach these tables only through this module.
import { and, eq, desc } from "drizzle-orm";
import type { Env } from "./env";
import { controlDb, nowIso } from "./db";
import { apiKeys, organizations, users } from "./schema/platform";

export type OrganizationRow = typeof organizations.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function findKeyByHash(env: Env, keyHash: string): Promise<ApiKeyRow | undefined> {
  return controlDb(env).select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash)).get();
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
  const db = controlDb(env);
  const org = db.select().from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  if (!user) return { organization: (await org)[0], user: undefined };
  const match = "id" in user ? eq(users.id, user.id) : eq(users.email, user.email.toLowerCase());
  const [orgRows, userRows] = await db.batch([org, db.select().from(users).where(and(eq(users.organizationId, organizationId), match)).limit(1)]);
  return { organization: orgRows[0], user: userRows[0] };
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
  return "revoked";
}
