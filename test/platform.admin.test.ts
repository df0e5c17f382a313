// The admin API: exact flat shapes, the admin token, and validation of every field.
import { describe, expect, it } from "vitest";
import { admin, call, createOrg, jsonOf } from "./helpers/harness";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("admin token", () => {
  it("is required and compared exactly", async () => {
    for (const token of [null, "wrong-token", "test-admin-tokenX", "TEST-ADMIN-TOKEN"]) {
      const res = await admin("/admin/v1/organizations", "POST", { name: "X" }, token);
      expect(res.status).toBe(401);
      expect((await jsonOf(res)).error.code).toBe("UNAUTHORIZED");
    }
  });

  it("is not an API key: an API key alone does not open the admin API", async () => {
    const org = await createOrg();
    const res = await call("/admin/v1/organizations", { key: org.key, body: { name: "X" } });
    expect(res.status).toBe(401);
  });
});

describe("organizations", () => {
  it("creates with defaults, region must be the deployment's own, and patches", async () => {
    const created = await admin("/admin/v1/organizations", "POST", { name: "Acme Research" });
    expect(created.status).toBe(201);
    const { organization_id } = await jsonOf(created);
    expect(organization_id).toMatch(uuid);

    const wrongRegion = await admin("/admin/v1/organizations", "POST", { name: "Acme EU", region: "eu" });
    expect(wrongRegion.status).toBe(400);
    expect((await jsonOf(wrongRegion)).error.message).toContain("region must be global");
    expect((await admin("/admin/v1/organizations", "POST", { name: "Acme", region: "global" })).status).toBe(201);

    const patched = await admin(`/admin/v1/organizations/${organization_id}`, "PATCH", { name: "Acme 2", entitlements: ["chat", "chat", "earnings_schedule"] });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toEqual({ organization_id, name: "Acme 2", region: "global", entitlements: ["chat", "earnings_schedule"] });

    const missing = await admin(`/admin/v1/organizations/${crypto.randomUUID()}`, "PATCH", { name: "Nobody" });
    expect(missing.status).toBe(404);
  });

  it("rejects bad bodies with INVALID_REQUEST_BODY", async () => {
    for (const body of [{}, { name: "" }, { name: "A", entitlements: ["teleport"] }, { name: "A", extra: 1 }, { name: 5 }]) {
      const res = await admin("/admin/v1/organizations", "POST", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await jsonOf(res)).error.code).toBe("INVALID_REQUEST_BODY");
    }
  });
});

describe("users and keys", () => {
  it("creates users, refuses duplicates and unknown organizations", async () => {
    const { organization_id } = await jsonOf(await admin("/admin/v1/organizations", "POST", { name: "U" }));
    const created = await admin("/admin/v1/users", "POST", { organization_id, email: "a@example.com", name: "A", onboarded: true });
    expect(created.status).toBe(201);
    expect((await jsonOf(created)).user_id).toMatch(uuid);
    expect((await admin("/admin/v1/users", "POST", { organization_id, email: "A@example.com", name: "A" })).status).toBe(400);
    expect((await admin("/admin/v1/users", "POST", { organization_id: crypto.randomUUID(), email: "b@example.com", name: "B" })).status).toBe(404);
    expect((await admin("/admin/v1/users", "POST", { organization_id, email: "not-an-email", name: "B" })).status).toBe(400);
  });

  it("issues organization and platform keys with the documented shapes and lists them without secrets", async () => {
    const org = await createOrg();
    const other = await createOrg();
    const orgKey = await jsonOf(await admin("/admin/v1/api_keys", "POST", { organization_id: org.organizationId, kind: "organization", user_id: org.userId }));
    expect(Object.keys(orgKey).sort()).toEqual(["api_key", "key_id", "organization_id", "user_id"]);
    expect(orgKey.api_key).toMatch(/^rk_gl_[0-9a-f]{64}_[0-9a-f]{16}$/);
    expect(orgKey.user_id).toBe(org.userId);

    const platform = await admin("/admin/v1/api_keys", "POST", { organization_id: org.organizationId, kind: "platform", organization_ids: [other.organizationId] });
    expect(platform.status).toBe(201);
    const platformBody = await jsonOf(platform);
    expect(platformBody.user_id).toBeNull();

    const list = await jsonOf(await admin(`/admin/v1/api_keys?organization_id=${org.organizationId}`));
    expect(list.api_keys).toHaveLength(3);
    for (const k of list.api_keys) {
      expect(Object.keys(k).sort()).toEqual(["created_at", "key_id", "kind", "prefix", "revoked_at", "user_id"]);
      expect(JSON.stringify(k)).not.toContain(orgKey.api_key.slice(20));
    }
    expect(list.api_keys.find((k: any) => k.key_id === orgKey.key_id).prefix).toBe(orgKey.api_key.slice(0, 14));
  });

  it("validates key requests", async () => {
    const org = await createOrg();
    const other = await createOrg();
    const cases: [unknown, number][] = [
      [{ organization_id: org.organizationId, kind: "organization" }, 400],
      [{ organization_id: org.organizationId, kind: "organization", user_id: other.userId }, 400],
      [{ organization_id: org.organizationId, kind: "platform", user_id: org.userId }, 400],
      [{ organization_id: org.organizationId, kind: "organization", user_id: org.userId, organization_ids: [other.organizationId] }, 400],
      [{ organization_id: org.organizationId, kind: "platform", organization_ids: [crypto.randomUUID()] }, 400],
      [{ organization_id: org.organizationId, kind: "root" }, 400],
      [{ organization_id: crypto.randomUUID(), kind: "platform" }, 404],
    ];
    for (const [body, status] of cases) expect((await admin("/admin/v1/api_keys", "POST", body)).status, JSON.stringify(body)).toBe(status);
  });

  it("revokes: 204, then revoked_at is set; unknown key 404", async () => {
    const org = await createOrg();
    expect((await admin(`/admin/v1/api_keys/${org.keyId}`, "DELETE")).status).toBe(204);
    expect((await admin(`/admin/v1/api_keys/${org.keyId}`, "DELETE")).status).toBe(204);
    const list = await jsonOf(await admin(`/admin/v1/api_keys?organization_id=${org.organizationId}`));
    expect(list.api_keys[0].revoked_at).toEqual(expect.any(String));
    expect((await admin(`/admin/v1/api_keys/${crypto.randomUUID()}`, "DELETE")).status).toBe(404);
    expect((await admin(`/admin/v1/api_keys/not-a-uuid`, "DELETE")).status).toBe(400);
  });
});
