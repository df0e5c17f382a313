// Where a tenant's rows live. Every tenant table is keyed by organization_id and reached only through
// an area's repo module via tenantDb(), so a large tenant can move to a database of its own by setting
// TENANT_DB_OVERRIDES = {"<organization_id>": "<D1 binding name>"} without touching any query.
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import type { Env } from "./env";
import { loadConfig } from "./env";

export type Db = DrizzleD1Database<Record<string, never>>;

/** The control-plane database: organizations, users, API keys. */
export function controlDb(env: Env): Db {
  return drizzle(env.DB);
}

/** The raw D1 database holding one organization's tenant data. */
export function tenantD1(env: Env, organizationId: string): D1Database {
  const binding = loadConfig(env).tenantDbOverrides[organizationId];
  if (!binding) return env.DB;
  const d1 = (env as unknown as Record<string, unknown>)[binding];
  if (!d1 || typeof (d1 as D1Database).prepare !== "function") {
    throw new Error(`TENANT_DB_OVERRIDES names binding ${binding}, which is not a D1 database`);
  }
  return d1 as D1Database;
}

export function tenantDb(env: Env, organizationId: string): Db {
  return drizzle(tenantD1(env, organizationId));
}

export function nowIso(): string {
  return new Date().toISOString();
}
