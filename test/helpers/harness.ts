// Test harness: everything goes through the Worker's fetch against the real local bindings.
// Provisioning uses the admin API, exactly as an operator would.
import { SELF } from "cloudflare:test";

export const BASE = "https://api.test";
export const ADMIN_TOKEN = "test-admin-token";

export interface CallOptions {
  method?: string;
  key?: string | null;
  body?: unknown;
  rawBody?: BodyInit;
  headers?: Record<string, string>;
}

export async function call(path: string, opts: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.key) headers["X-API-KEY"] = opts.key;
  let body: BodyInit | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers["Content-Type"] ??= "application/json";
  }
  return SELF.fetch(`${BASE}${path}`, { method: opts.method ?? (body ? "POST" : "GET"), headers, body });
}

export async function admin(path: string, method = "GET", body?: unknown, token: string | null = ADMIN_TOKEN): Promise<Response> {
  const headers: Record<string, string> = {};
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return SELF.fetch(`${BASE}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

async function adminJson<T>(path: string, method: string, body?: unknown): Promise<T> {
  const res = await admin(path, method, body);
  if (res.status >= 300) throw new Error(`${method} ${path} -> ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export interface TestOrg {
  organizationId: string;
  userId: string;
  userEmail: string;
  /** Organization key bound to userId. */
  key: string;
  keyId: string;
}

let counter = 0;

export async function createOrg(opts: { entitlements?: string[]; onboarded?: boolean; name?: string } = {}): Promise<TestOrg> {
  counter += 1;
  const { organization_id } = await adminJson<{ organization_id: string }>("/admin/v1/organizations", "POST", {
    name: opts.name ?? `Org ${counter}`,
    entitlements: opts.entitlements ?? ["chat", "deep_research", "earnings_schedule"],
  });
  const userEmail = `analyst${counter}-${organization_id.slice(0, 8)}@example.com`;
  const { user_id } = await adminJson<{ user_id: string }>("/admin/v1/users", "POST", {
    organization_id,
    email: userEmail,
    name: `Analyst ${counter}`,
    onboarded: opts.onboarded ?? true,
  });
  const key = await createKey({ organization_id, kind: "organization", user_id });
  return { organizationId: organization_id, userId: user_id, userEmail, key: key.api_key, keyId: key.key_id };
}

export async function createUser(organizationId: string, onboarded = true): Promise<{ userId: string; email: string }> {
  counter += 1;
  const email = `user${counter}-${organizationId.slice(0, 8)}@example.com`;
  const { user_id } = await adminJson<{ user_id: string }>("/admin/v1/users", "POST", { organization_id: organizationId, email, name: `User ${counter}`, onboarded });
  return { userId: user_id, email };
}

export async function createKey(body: Record<string, unknown>): Promise<{ api_key: string; key_id: string; organization_id: string; user_id: string | null }> {
  return adminJson("/admin/v1/api_keys", "POST", body);
}

export async function userKey(organizationId: string, userId: string): Promise<string> {
  return (await createKey({ organization_id: organizationId, kind: "organization", user_id: userId })).api_key;
}

export async function platformKey(homeOrg: string, actsFor: string[] = []): Promise<string> {
  return (await createKey({ organization_id: homeOrg, kind: "platform", organization_ids: actsFor })).api_key;
}

export async function jsonOf<T = any>(res: Response): Promise<T> {
  return (await res.json()) as T;
}
