// Control-plane tables: organizations, their users and API keys. They live in the deployment's main D1
// (DB) and are never moved to a tenant database, since auth must find a key before it knows the tenant.
import { sqliteTable, text, integer, index, uniqueIndex } from "drizzle-orm/sqlite-core";

export const organizations = sqliteTable("organizations", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  region: text("region").notNull(),
  entitlements: text("entitlements", { mode: "json" }).$type<string[]>().notNull(),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
});

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id").notNull(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    onboarded: integer("onboarded", { mode: "boolean" }).notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [uniqueIndex("users_org_email").on(t.organizationId, t.email)],
);

export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id").notNull(),
    kind: text("kind", { enum: ["organization", "platform"] }).notNull(),
    userId: text("user_id"),
    keyHash: text("key_hash").notNull(),
    prefix: text("prefix").notNull(),
    organizationIds: text("organization_ids", { mode: "json" }).$type<string[]>().notNull(),
    rateLimitPerMinute: integer("rate_limit_per_minute"),
    createdAt: text("created_at").notNull(),
    revokedAt: text("revoked_at"),
  },
  (t) => [uniqueIndex("api_keys_hash").on(t.keyHash), index("api_keys_org").on(t.organizationId)],
);
