// The HTTP surface shared by every endpoint: envelopes, 404/405, malformed bodies, CORS, request ids,
// rate limiting.
import { describe, expect, it } from "vitest";
import { SELF } from "cloudflare:test";
import { BASE, admin, call, createKey, createOrg, jsonOf } from "./helpers/harness";

describe("routing errors", () => {
  it("answers an unknown path with a JSON 404, never HTML", async () => {
    const res = await call("/v9/nothing-here");
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toContain("application/json");
    expect((await jsonOf(res)).error.code).toBe("NOT_FOUND");
  });

  it("answers a known path with another method with 405 and Allow", async () => {
    const res = await call("/healthz", { method: "DELETE" });
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET, OPTIONS");
    expect((await jsonOf(res)).error).toMatchObject({ code: "METHOD_NOT_ALLOWED" });
  });
});

describe("request bodies", () => {
  const post = (init: RequestInit) =>
    SELF.fetch(`${BASE}/admin/v1/organizations`, { method: "POST", ...init, headers: { Authorization: "Bearer test-admin-token", ...(init.headers ?? {}) } });

  it("refuses malformed JSON, a non-object body, a wrong Content-Type and an empty body", async () => {
    const cases: [RequestInit, string][] = [
      [{ body: "{not json", headers: { "Content-Type": "application/json" } }, "Request body is not valid JSON"],
      [{ body: "[1,2]", headers: { "Content-Type": "application/json" } }, "Request body must be a JSON object"],
      [{ body: '"text"', headers: { "Content-Type": "application/json" } }, "Request body must be a JSON object"],
      [{ body: '{"name":"x"}', headers: { "Content-Type": "text/plain" } }, "Content-Type must be application/json"],
      [{ body: "", headers: { "Content-Type": "application/json" } }, "Request body is required"],
    ];
    for (const [init, message] of cases) {
      const res = await post(init);
      expect(res.status).toBe(400);
      const body = await jsonOf(res);
      expect(body).toMatchObject({ error: { code: "INVALID_REQUEST_BODY", message, msg: message }, payload: null });
    }
  });

  it("accepts application/json with a charset", async () => {
    const res = await post({ body: '{"name":"Charset Org"}', headers: { "Content-Type": "application/json; charset=utf-8" } });
    expect(res.status).toBe(201);
  });

  it("names the field in validation errors", async () => {
    const res = await post({ body: '{"name":"x","bogus":1}', headers: { "Content-Type": "application/json" } });
    expect((await jsonOf(res)).error.message).toBe("Unknown field: bogus");
    const missing = await post({ body: "{}", headers: { "Content-Type": "application/json" } });
    expect((await jsonOf(missing)).error.message).toBe("name is required");
  });
});

describe("response headers", () => {
  it("sets X-Request-Id on successes and errors alike, unique per request", async () => {
    const a = await call("/healthz");
    const b = await call("/nope");
    expect(a.headers.get("X-Request-Id")).toBeTruthy();
    expect(b.headers.get("X-Request-Id")).toBeTruthy();
    expect(a.headers.get("X-Request-Id")).not.toBe(b.headers.get("X-Request-Id"));
  });

  it("allows configured origins only, preflight included", async () => {
    const pre = await SELF.fetch(`${BASE}/v1/me`, {
      method: "OPTIONS",
      headers: { Origin: "https://app.example.com", "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "X-API-KEY" },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get("Access-Control-Allow-Origin")).toBe("https://app.example.com");
    expect(pre.headers.get("Access-Control-Allow-Headers")).toContain("X-API-KEY");
    expect(pre.headers.get("Access-Control-Allow-Methods")).toContain("GET");

    const simple = await SELF.fetch(`${BASE}/healthz`, { headers: { Origin: "https://app.example.com" } });
    expect(simple.headers.get("Access-Control-Allow-Origin")).toBe("https://app.example.com");
    expect(simple.headers.get("Access-Control-Expose-Headers")).toContain("X-Request-Id");

    const evil = await SELF.fetch(`${BASE}/v1/me`, { method: "OPTIONS", headers: { Origin: "https://evil.example.com", "Access-Control-Request-Method": "GET" } });
    expect(evil.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const evilGet = await SELF.fetch(`${BASE}/healthz`, { headers: { Origin: "https://evil.example.com" } });
    expect(evilGet.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });
});

describe("rate limiting", () => {
  it("answers 429 RATE_LIMIT_EXCEEDED with Retry-After once a key's budget is spent, per key", async () => {
    const org = await createOrg();
    const limited = await createKey({ organization_id: org.organizationId, kind: "organization", user_id: org.userId, rate_limit_per_minute: 3 });
    for (let i = 0; i < 3; i++) expect((await call("/v1/me", { key: limited.api_key })).status).toBe(200);
    const res = await call("/v1/me", { key: limited.api_key });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect((await jsonOf(res)).error.code).toBe("RATE_LIMIT_EXCEEDED");
    // Another key of the same organization is unaffected.
    expect((await call("/v1/me", { key: org.key })).status).toBe(200);
  });
});

describe("admin API off", () => {
  it("is documented as requiring the bearer token scheme", async () => {
    const doc = await jsonOf(await call("/openapi.json"));
    expect(doc.components.securitySchemes.AdminToken).toEqual({ type: "http", scheme: "bearer" });
    expect(doc.paths["/admin/v1/organizations"].post.security).toEqual([{ AdminToken: [] }]);
    expect((await admin("/admin/v1/api_keys?organization_id=bad")).status).toBe(400);
  });
});
