// Operator actions behind the admin API: organizations, users and API keys of this deployment.
// Keys are generated here, shown once, and stored only as a hash.
import type { Env } from "../core/env";
import { loadConfig } from "../core/env";
import { ApiError, invalidBody, notFound } from "../core/errors";
import { generateApiKey } from "../core/keys";
import * as accounts from "../core/accounts-repo";

export const ENTITLEMENTS = ["chat", "deep_research", "earnings_schedule"] as const;

export async function createOrganization(env: Env, input: { name: string; region?: string; entitlements?: string[] }) {
  const region = loadConfig(env).region;
  if (input.region && input.region !== region) {
    throw invalidBody(`region must be ${region}: this deployment holds only ${region} organizations`);
  }
  const id = crypto.randomUUID();
  await accounts.insertOrganization(env, { id, name: input.name, region, entitlements: [...new Set(input.entitlements ?? [])] });
  return { organization_id: id };
}

export async function patchOrganization(env: Env, id: string, patch: { name?: string; entitlements?: string[] }) {
  const next = { ...patch, entitlements: patch.entitlements ? [...new Set(patch.entitlements)] : undefined };
  if (!(await accounts.updateOrganization(env, id, next))) throw notFound("Organization");
  const org = (await accounts.findOrganization(env, id))!;
  return { organization_id: org.id, name: org.name, region: org.region, entitlements: org.entitlements };
}

export async function createUser(env: Env, input: { organization_id: string; email: string; name: string; onboarded?: boolean }) {
  if (!(await accounts.findOrganization(env, input.organization_id))) throw notFound("Organization");
  if (await accounts.findUserByEmail(env, input.organization_id, input.email)) {
    throw invalidBody("A user with this email already exists in the organization");
  }
  const id = crypto.randomUUID();
  await accounts.insertUser(env, { id, organizationId: input.organization_id, email: input.email, name: input.name, onboarded: input.onboarded ?? false });
  return { user_id: id };
}

export async function createApiKey(
  env: Env,
  input: { organization_id: string; kind: "organization" | "platform"; user_id?: string; organization_ids?: string[]; rate_limit_per_minute?: number },
) {
  const config = loadConfig(env);
  if (!(await accounts.findOrganization(env, input.organization_id))) throw notFound("Organization");
  let userId: string | null = null;
  let actsFor: string[] = [];
  if (input.kind === "organization") {
    if (!input.user_id) throw invalidBody("user_id is required for organization keys");
    if (input.organization_ids?.length) throw invalidBody("organization_ids is only for platform keys");
    if (!(await accounts.findUserInOrganization(env, input.organization_id, input.user_id))) {
      throw invalidBody("user_id does not belong to the organization");
    }
    userId = input.user_id;
  } else {
    if (input.user_id) throw invalidBody("user_id must not be set for platform keys");
    actsFor = [...new Set(input.organization_ids ?? [])].filter((id) => id !== input.organization_id);
    for (const id of actsFor) {
      if (!(await accounts.findOrganization(env, id))) throw invalidBody(`organization_ids: unknown organization ${id}`);
    }
  }
  const key = await generateApiKey(config.keyTagSecret, config.region);
  const row = await accounts.insertApiKey(env, {
    id: crypto.randomUUID(),
    organizationId: input.organization_id,
    kind: input.kind,
    userId,
    keyHash: key.hash,
    prefix: key.prefix,
    organizationIds: actsFor,
    rateLimitPerMinute: input.rate_limit_per_minute ?? null,
  });
  return { api_key: key.apiKey, key_id: row.id, organization_id: row.organizationId, user_id: row.userId };
}

export async function listApiKeys(env: Env, organizationId: string) {
  const rows = await accounts.listApiKeys(env, organizationId);
  return {
    api_keys: rows.map((r) => ({
      key_id: r.id,
      kind: r.kind,
      prefix: r.prefix,
      user_id: r.userId,
      created_at: r.createdAt,
      revoked_at: r.revokedAt,
    })),
  };
}

export async function revokeApiKey(env: Env, keyId: string): Promise<void> {
  const outcome = await accounts.revokeApiKey(env, keyId);
  if (outcome === "missing") throw new ApiError("NOT_FOUND", "API key not found");
}
