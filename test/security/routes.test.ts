// Route-level guards across areas: every admin path needs the admin token (an API key is not one), and a
// platform key is refused for organizations it was not issued for, on body and query selectors alike.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, createOrg, jsonOf, platformKey } from "../helpers/harness";

const ADMIN_PATHS: [string, string][] = [
  ["POST", "/admin/v1/organizations"],
  ["PATCH", `/admin/v1/organizations/${crypto.randomUUID()}`],
  ["POST", "/admin/v1/users"],
  ["POST", "/admin/v1/api_keys"],
  ["GET", `/admin/v1/api_keys?organization_id=${crypto.randomUUID()}`],
  ["DELETE", `/admin/v1/api_keys/${crypto.randomUUID()}`],
  ["POST", "/admin/v1/external_documents"],
  ["GET", "/admin/v1/external_documents"],
  ["POST", "/admin/v1/market_data"],
  ["GET", "/admin/v1/market_data"],
  ["POST", "/admin/v1/market/securities"],
];

describe("admin API", () => {
  it("answers 401 on every admin path without the token, with a wrong one, or with an API key", async () => {
    const org = await createOrg();
    for (const [method, path] of ADMIN_PATHS) {
      for (const headers of [{}, { Authorization: "Bearer wrong" }, { "X-API-KEY": org.key }, { Authorization: `Bearer ${org.key}` }] as Record<string, string>[]) {
        const res = await SELF.fetch(`https://api.test${path}`, { method, headers: { ...headers, "Content-Type": "application/json" }, body: method === "GET" || method === "DELETE" ? undefined : "{}" });
        expect(res.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(401);
        expect((await jsonOf(res)).error.code).toBe("UNAUTHORIZED");
      }
    }
  });
});

describe("platform keys and unlisted organizations", () => {
  it("are FORBIDDEN for an organization they were not issued for, on every kind of endpoint", async () => {
    const home = await createOrg();
    const listed = await createOrg();
    const other = await createOrg();
    const pk = await platformKey(home.organizationId, [listed.organizationId]);
    const o = other.organizationId;
    const doc = crypto.randomUUID();
    const attempts: Response[] = [
      await call("/v1/source_batches", { key: pk, body: { organization_id: o } }),
      await call("/v1/sources/upload_url", { key: pk, body: { organization_id: o, file_name: "a.txt", content_type: "text/plain", size: 3 } }),
      await call("/v2/vault/confirm", { key: pk, body: { organization_id: o, file_key: `${o}/uploads/x/a.txt`, name: "a" } }),
      await call(`/v2/vault/status?rms_document_ids=${doc}&organization_id=${o}`, { key: pk }),
      await call(`/v1/status/documents?document_ids=${doc}&organization_id=${o}`, { key: pk }),
      await call(`/v2/documents/${doc}/presigned_url?search_type=rms&organization_id=${o}`, { key: pk }),
      await call(`/v2/documents/presigned_urls?search_type=rms&document_ids=${doc}&organization_id=${o}`, { key: pk }),
      await call(`/v2/documents/${doc}?organization_id=${o}`, { key: pk, method: "DELETE" }),
      await call("/v1/ttsql", { key: pk, body: { organization_id: o, query: "Apple revenue 2015" } }),
      await call("/v2/judge/agent", { key: pk, body: { organization_id: o, query: "q", answer: "a", time_window: { end_time: "2025-01-01T00:00:00Z" } } }),
      // The organization must come from the selector of the request's own kind (body for POST).
      await call(`/v1/source_batches?organization_id=${listed.organizationId}`, { key: pk, body: { organization_id: o } }),
    ];
    for (const res of attempts) expect(res.status).toBe(403);
    expect((await call("/v1/source_batches", { key: pk, body: { organization_id: listed.organizationId } })).status).toBe(200);
  });
});
