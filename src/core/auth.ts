// Who is calling: the API key becomes a Principal (authenticate), and a Principal plus the request's
// organization_id / user fields becomes the one Tenant every handler and tenant query works with.
import { ApiError, forbidden, invalidBody, type ErrorCode } from "./errors";
import type { Config, Env } from "./env";
import { hashApiKey, hasValidTag, parseApiKey, type ParsedKey } from "./keys";
import { sha256Hex, timingSafeEqual } from "./crypto";
import { findKeyByHash, findOrganizationAndUser, type UserRow } from "./accounts-repo";

export type KeyKind = "organization" | "platform";

export interface Principal {
  keyId: string;
  kind: KeyKind;
  /** The organization the key belongs to. */
  organizationId: string;
  /** Organization keys: the bound user. Platform keys: null. */
  userId: string | null;
  /** Platform keys: organizations it may act for (its own included). */
  actsFor: string[];
  rateLimitPerMinute: number | null;
}

export interface TenantUser {
  id: string;
  email: string;
  name: string;
  onboarded: boolean;
}

export interface Tenant {
  organizationId: string;
  user: TenantUser | null;
  keyKind: KeyKind;
  keyId: string;
  entitlements: string[];
}

/** Identity fields a request may carry to select the target organization and user. */
export interface TenantSelector {
  organization_id?: unknown;
  user_id?: unknown;
  user_email?: unknown;
  user_name?: unknown;
}

export interface TenantRule {
  /** Platform keys refused with FORBIDDEN (LLM judge). */
  platformKeys?: "allowed" | "forbidden";
  /** Code for a platform key without organization_id (stop_stream uses ORGANIZATION_ID_MISSING). */
  organizationMissingCode?: ErrorCode;
  /** organization_id required of organization keys too (e.g. v2 single presigned URL for rms). */
  requireOrganizationId?: boolean;
}

/** What a key's text proves whatever the database says: its tag checked under the tag secret, and its hash. */
interface KeyProof {
  secret: string;
  validTag: boolean;
  hash: string;
}

/** Keys this isolate has checked: a client sends its key with every request (a status poll included). */
const proofs = new Map<string, Promise<KeyProof>>();
const MAX_PROOFS = 1_024;

/**
 * The tag check and hash of a key, computed once per isolate and key (two Web Crypto calls a request
 * otherwise). Both are functions of the key's text and the tag secret alone; revocation is read from the
 * key's row, which is not kept here. Garbage keys can only fill the map, which is emptied when full.
 */
function proveKey(secret: string, raw: string, parsed: ParsedKey): Promise<KeyProof> {
  const known = proofs.get(raw);
  if (known) return known.then((p) => (p.secret === secret ? p : computeProof(secret, raw, parsed)));
  if (proofs.size >= MAX_PROOFS) proofs.clear();
  const proof = computeProof(secret, raw, parsed);
  proofs.set(raw, proof);
  proof.catch(() => proofs.delete(raw));
  return proof;
}

async function computeProof(secret: string, raw: string, parsed: ParsedKey): Promise<KeyProof> {
  const [validTag, hash] = await Promise.all([hasValidTag(secret, parsed), hashApiKey(raw)]);
  return { secret, validTag, hash };
}

export async function authenticate(env: Env, config: Config, header: string | null): Promise<Principal> {
  if (header === null || header.trim() === "") throw new ApiError("API_KEY_MISSING", "X-API-KEY header is required");
  const raw = header.trim();
  const parsed = parseApiKey(raw);
  const proof = parsed && (await proveKey(config.keyTagSecret, raw, parsed));
  if (!parsed || !proof || !proof.validTag) throw new ApiError("UNAUTHORIZED", "Invalid API key");
  if (parsed.region !== config.region) {
    throw forbidden(`This API key belongs to the ${parsed.region} deployment; send the request to ${config.otherRegionBaseUrl}`);
  }
  const hash = proof.hash;
  const row = await findKeyByHash(env, hash);
  // The lookup is by hash; the explicit constant-time check guards against any collation surprise.
  if (!row || !timingSafeEqual(row.keyHash, hash) || row.revokedAt) throw new ApiError("UNAUTHORIZED", "Invalid API key");
  return {
    keyId: row.id,
    kind: row.kind,
    organizationId: row.organizationId,
    userId: row.userId,
    actsFor: row.kind === "platform" ? [row.organizationId, ...row.organizationIds] : [row.organizationId],
    rateLimitPerMinute: row.rateLimitPerMinute,
  };
}

function optionalString(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string") throw invalidBody(`${field} must be a string`);
  return value;
}

function toTenantUser(row: UserRow): TenantUser {
  return { id: row.id, email: row.email, name: row.name, onboarded: row.onboarded };
}

export async function resolveTenant(env: Env, principal: Principal, selector: TenantSelector, rule: TenantRule = {}): Promise<Tenant> {
  if (principal.kind === "platform" && rule.platformKeys === "forbidden") {
    throw forbidden("Platform keys are not supported on this endpoint; use an organization key");
  }
  const requested = optionalString(selector.organization_id, "organization_id");
  if (!requested && (principal.kind === "platform" || rule.requireOrganizationId)) {
    const code = rule.organizationMissingCode ?? "INVALID_REQUEST_BODY";
    throw new ApiError(code, "organization_id is required");
  }

  let organizationId: string;
  let user: TenantUser | null = null;
  if (principal.kind === "organization") {
    if (requested && requested !== principal.organizationId) throw forbidden("The API key may not act for this organization");
    organizationId = principal.organizationId;
  } else {
    if (!requested || !principal.actsFor.includes(requested)) throw forbidden("The API key may not act for this organization");
    organizationId = requested;
  }
  // An organization key's own user, or the user a platform key names (by id, else by email).
  const userId = principal.kind === "organization" ? (principal.userId ?? undefined) : optionalString(selector.user_id, "user_id");
  const userEmail = principal.kind === "organization" ? undefined : optionalString(selector.user_email, "user_email");
  if (principal.kind === "platform") optionalString(selector.user_name, "user_name");
  const found = await findOrganizationAndUser(env, organizationId, userId ? { id: userId } : userEmail ? { email: userEmail } : null);
  if (principal.kind === "organization") {
    user = found.user ? toTenantUser(found.user) : null;
  } else if (userId || userEmail) {
    const row = found.user;
    if (!row || (userId && userEmail && row.email !== userEmail.toLowerCase())) {
      throw forbidden("The user does not belong to this organization");
    }
    user = toTenantUser(row);
  }

  const org = found.organization;
  if (!org) throw forbidden("The API key may not act for this organization");
  return { organizationId, user, keyKind: principal.kind, keyId: principal.keyId, entitlements: org.entitlements };
}

export async function checkAdminToken(config: Config, header: string | null): Promise<void> {
  // Without ADMIN_TOKEN the admin API does not exist.
  if (!config.adminToken) throw new ApiError("NOT_FOUND", "Not found");
  const match = /^Bearer (.+)$/.exec(header ?? "");
  // Compare digests so neither the content nor the length of the token leaks through timing.
  const given = await sha256Hex(match ? match[1] : "");
  if (!match || !timingSafeEqual(given, await sha256Hex(config.adminToken))) throw new ApiError("UNAUTHORIZED", "Invalid admin token");
}
