// Authentication and tenancy through the front door: key cases, platform keys, tenant isolation.
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ACCOUNT_CACHE_TTL_MS } from "../src/core/accounts-repo";
import { admin, call, createOrg, createUser, jsonOf, platformKey } from "./helpers/harness";

describe("API keys", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("refuses a request without a key with API_KEY_MISSING", async () => {
    const res = await call("/v1/me");
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: { code: "API_KEY_MISSING", msg: "X-API-KEY header is required", message: "X-API-KEY header is required" },
      payload: null,
    });
  });

  it("refuses a malformed or forged key with UNAUTHORIZED", async () => {
    for (const key of ["nonsense", `rk_gl_${"a".repeat(64)}_${"0".repeat(16)}`]) {
      const res = await call("/v1/me", { key });
      expect(res.status).toBe(401);
      expect((await jsonOf(res)).error.code).toBe("UNAUTHORIZED");
    }
  });

  it("refuses a well-formed key of this region that was never issued", async () => {
    const org = await createOrg();
    // Same tag secret, random part changed: the tag no longer matches.
    const altered = org.key.replace(/_([0-9a-f]{64})_/, (_m, r: string) => `_${r.slice(0, 63)}${r.endsWith("0") ? "1" : "0"}_`);
    expect((await call("/v1/me", { key: altered })).status).toBe(401);
  });

  it("resolves organization and user from an organization key", async () => {
    const org = await createOrg();
    const res = await call("/v1/me", { key: org.key });
    expect(res.status).toBe(200);
    const body = await jsonOf(res);
    expect(body.error).toBeNull();
    expect(body.payload).toMatchObject({ organization_id: org.organizationId, key_kind: "organization", user: { id: org.userId, email: org.userEmail } });
  });

  it("ignores user fields of an organization key and forbids a foreign organization_id", async () => {
    const org = await createOrg();
    const other = await createOrg();
    const same = await call(`/v1/me?organization_id=${org.organizationId}&user_id=${other.userId}`, { key: org.key });
    expect((await jsonOf(same)).payload.user.id).toBe(org.userId);
    const res = await call(`/v1/me?organization_id=${other.organizationId}`, { key: org.key });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: { message: "The API key may not act for this organization" }, payload: null });
  });

  it("stops accepting a revoked key", async () => {
    const org = await createOrg();
    expect((await call("/v1/me", { key: org.key })).status).toBe(200);
    expect((await admin(`/admin/v1/api_keys/${org.keyId}`, "DELETE")).status).toBe(204);
    const res = await call("/v1/me", { key: org.key });
    expect(res.status).toBe(401);
    expect((await jsonOf(res)).error.code).toBe("UNAUTHORIZED");
  });

  it("stops accepting a key revoked by another isolate once the isolate's copy expires", async () => {
    const org = await createOrg();
    expect((await call("/v1/me", { key: org.key })).status).toBe(200);
    // Another isolate's revocation reaches this one only through D1: the row changes, this isolate's copy does not.
    await env.DB.prepare("UPDATE api_keys SET revoked_at = ? WHERE id = ?").bind(new Date().toISOString(), org.keyId).run();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + ACCOUNT_CACHE_TTL_MS + 1);
    const res = await call("/v1/me", { key: org.key });
    expect(res.status).toBe(401);
    expect((await jsonOf(res)).error.code).toBe("UNAUTHORIZED");
  });

  it("sees an organization's changed entitlements on the next request", async () => {
    const org = await createOrg({ entitlements: ["chat"] });
    expect((await jsonOf(await call("/v1/me", { key: org.key }))).payload.entitlements).toEqual(["chat"]);
    expect((await admin(`/admin/v1/organizations/${org.organizationId}`, "PATCH", { entitlements: ["chat", "deep_research"] })).status).toBe(200);
    expect((await jsonOf(await call("/v1/me", { key: org.key }))).payload.entitlements).toEqual(["chat", "deep_research"]);
  });

  it("accepts a key and a user created after the organization was read", async () => {
    const home = await createOrg();
    const client = await createOrg();
    const key = await platformKey(home.organizationId, [client.organizationId]);
    expect((await call(`/v1/me?organization_id=${client.organizationId}`, { key })).status).toBe(200);
    const extra = await createUser(client.organizationId);
    const res = await jsonOf(await call(`/v1/me?organization_id=${client.organizationId}&user_id=${extra.userId}`, { key }));
    expect(res.payload.user.id).toBe(extra.userId);
  });

  it("answers a genuine key of the other region with FORBIDDEN naming the other deployment", async () => {
    // The EU project issues real EU keys; here a key with an EU prefix and a valid tag under the shared secret.
    const { hmacHex } = await import("../src/core/crypto");
    const random = "b".repeat(64);
    const tag = (await hmacHex("test-key-tag-secret-0123456789", `eu:${random}`)).slice(0, 16);
    const res = await call("/v1/me", { key: `rk_eu_${random}_${tag}` });
    expect(res.status).toBe(403);
    expect((await jsonOf(res)).error.message).toContain("https://eu.api.example.com");
  });
});

describe("platform keys", () => {
  it("must name the organization and may act only for the listed ones", async () => {
    const home = await createOrg();
    const client = await createOrg();
    const stranger = await createOrg();
    const key = await platformKey(home.organizationId, [client.organizationId]);

    const missing = await call("/v1/me", { key });
    expect(missing.status).toBe(400);
    expect((await jsonOf(missing)).error.code).toBe("INVALID_REQUEST_BODY");

    const forClient = await jsonOf(await call(`/v1/me?organization_id=${client.organizationId}`, { key }));
    expect(forClient.payload).toMatchObject({ organization_id: client.organizationId, key_kind: "platform", user: null });
    const forHome = await jsonOf(await call(`/v1/me?organization_id=${home.organizationId}`, { key }));
    expect(forHome.payload.organization_id).toBe(home.organizationId);

    const foreign = await call(`/v1/me?organization_id=${stranger.organizationId}`, { key });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ error: { message: "The API key may not act for this organization" }, payload: null });
  });

  it("selects the user by user_id or user_email, only within the organization", async () => {
    const home = await createOrg();
    const client = await createOrg();
    const key = await platformKey(home.organizationId, [client.organizationId]);
    const byId = await jsonOf(await call(`/v1/me?organization_id=${client.organizationId}&user_id=${client.userId}`, { key }));
    expect(byId.payload.user.id).toBe(client.userId);
    const byEmail = await jsonOf(await call(`/v1/me?organization_id=${client.organizationId}&user_email=${encodeURIComponent(client.userEmail.toUpperCase())}`, { key }));
    expect(byEmail.payload.user.id).toBe(client.userId);
    const alien = await call(`/v1/me?organization_id=${client.organizationId}&user_id=${home.userId}`, { key });
    expect(alien.status).toBe(403);
    const extra = await createUser(client.organizationId);
    const mismatch = await call(`/v1/me?organization_id=${client.organizationId}&user_id=${extra.userId}&user_email=${encodeURIComponent(client.userEmail)}`, { key });
    expect(mismatch.status).toBe(403);
  });
});
