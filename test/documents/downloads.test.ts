// Download URLs (v2 single, v2 batch, legacy v1), the signed file URLs they return, and erasure.
import { describe, expect, it } from "vitest";
import { SELF } from "cloudflare:test";
import { admin, call, createOrg, createUser, jsonOf, userKey } from "../helpers/harness";
import { signToken } from "../../src/core/signed-urls";
import { TXT, addSource, createBatch, fixture, settledSource, settledVault, until, vaultUpload } from "./doc-helpers";

const text = (s: string) => new TextEncoder().encode(s);

async function ready(key: string, body = "Revenue grew 12 percent on strong cloud demand.", confirm: Record<string, unknown> = {}) {
  const doc = await vaultUpload(key, "memo.txt", TXT, text(body), confirm);
  await settledVault(key, doc.id);
  return doc.id;
}

async function addExternal(fileName: string, bytes: Uint8Array, contentType: string, metadata: Record<string, unknown>) {
  const form = new FormData();
  form.append("file", new File([bytes], fileName, { type: contentType }));
  form.append("metadata", JSON.stringify(metadata));
  return SELF.fetch("https://api.test/admin/v1/external_documents", { method: "POST", body: form, headers: { Authorization: "Bearer test-admin-token" } });
}

describe("v2 single presigned URL", () => {
  it("signs an RMS document that downloads the exact bytes; organization_id required for rms", async () => {
    const org = await createOrg();
    const id = await ready(org.key);
    const missing = await call(`/v2/documents/${id}/presigned_url?search_type=rms`, { key: org.key });
    expect(missing.status).toBe(400);
    expect((await jsonOf(missing)).error.message).toBe("organization_id is required when search_type is rms");

    const res = await jsonOf(await call(`/v2/documents/${id}/presigned_url?search_type=rms&organization_id=${org.organizationId}`, { key: org.key }));
    expect(res.payload).toMatchObject({ document_id: id, document_name: "memo.txt", expiration_seconds: 900 });
    const file = await SELF.fetch(res.payload.presigned_url);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe("Revenue grew 12 percent on strong cloud demand.");
    expect(file.headers.get("Content-Type")).toBe("text/plain");

    // External is the default search_type: an RMS id is not an external document.
    expect((await call(`/v2/documents/${id}/presigned_url`, { key: org.key })).status).toBe(404);
  });

  it("never signs another organization's document or another user's private one", async () => {
    const org = await createOrg();
    const other = await createOrg();
    const colleague = await createUser(org.organizationId);
    const id = await ready(org.key);
    expect((await call(`/v2/documents/${id}/presigned_url?search_type=rms&organization_id=${other.organizationId}`, { key: other.key })).status).toBe(404);
    expect((await call(`/v2/documents/${id}/presigned_url?search_type=rms&organization_id=${org.organizationId}`, { key: other.key })).status).toBe(403);
    const colleagueKey = await userKey(org.organizationId, colleague.userId);
    expect((await call(`/v2/documents/${id}/presigned_url?search_type=rms&organization_id=${org.organizationId}`, { key: colleagueKey })).status).toBe(404);
    expect((await call(`/v1/documents/${id}/presigned_url`, { key: colleagueKey })).status).toBe(404);
  });

  it("refuses altered and expired file URLs with 403", async () => {
    const org = await createOrg();
    const id = await ready(org.key);
    const { url } = await jsonOf(await call(`/v1/documents/${id}/presigned_url`, { key: org.key }));
    const altered = url.replace(/\.([0-9a-f])/, (_m: string, c: string) => `.${c === "a" ? "b" : "a"}`);
    expect((await SELF.fetch(altered)).status).toBe(403);
    const token = await signToken("test-url-signing-secret-0123456789", "download", { k: "x", d: id, o: org.organizationId }, -1);
    const expired = await SELF.fetch(`https://api.test/files/${token}/memo.txt`);
    expect(expired.status).toBe(403);
    expect(await expired.json()).toEqual({ error: { message: "This download URL has expired" }, payload: null });
  });
});

describe("legacy v1 presigned URL", () => {
  it("answers flat {url} valid for 10 minutes, and DOCUMENT_ID_MISSING for an empty id", async () => {
    const org = await createOrg();
    const id = await ready(org.key);
    const res = await call(`/v1/documents/${id}/presigned_url`, { key: org.key });
    const body = await jsonOf(res);
    expect(Object.keys(body)).toEqual(["url"]);
    const token = new URL(body.url).pathname.split("/")[2];
    const exp = JSON.parse(atob(token.split(".")[0].replace(/-/g, "+").replace(/_/g, "/"))).exp;
    expect(exp - Date.now() / 1000).toBeGreaterThan(590);
    expect(exp - Date.now() / 1000).toBeLessThanOrEqual(600);
    expect((await SELF.fetch(body.url)).status).toBe(200);
    expect(res.headers.get("Deprecation")).toBeNull();

    for (const path of ["/v1/documents//presigned_url", "/v1/documents/%20/presigned_url"]) {
      const empty = await call(path, { key: org.key });
      expect(empty.status, path).toBe(400);
      expect((await jsonOf(empty)).error.code).toBe("DOCUMENT_ID_MISSING");
    }
    expect((await call(`/v1/documents/${id}/presigned_url`)).status).toBe(401);
  });
});

describe("batch presigned listing", () => {
  it("filters external documents, pages them and enforces the minimum filters", async () => {
    const bytes = text("Apple quarterly results: revenue and services growth.");
    const ids: string[] = [];
    for (const [i, year] of [2021, 2022, 2023].entries()) {
      const res = await addExternal(`aapl-${year}.txt`, bytes, TXT, { ticker: "AAPL", stock_id: "US:AAPL", doc_type: "transcript", doc_sub_type: "earnings_call", source: "test", fiscal_year: year, fiscal_quarter: 4, calendar_date: `${year}-10-2${i}`, published_at: `${year}-10-2${i}T20:00:00Z` });
      expect(res.status).toBe(201);
      ids.push((await jsonOf(res)).document_id);
    }
    await until(async () => (await jsonOf(await admin("/admin/v1/external_documents"))).documents, (docs) => ids.every((id) => docs.find((d: { document_id: string; status: string }) => d.document_id === id)?.status === "success"));
    const org = await createOrg();

    const none = await call("/v2/documents/presigned_urls", { key: org.key });
    expect(none.status).toBe(400);
    expect((await jsonOf(none)).error.code).toBe("INVALID_REQUEST_BODY");

    const page1 = await jsonOf(await call("/v2/documents/presigned_urls?tickers=AAPL&doc_type=transcript&per_page=2", { key: org.key }));
    expect(page1.payload).toMatchObject({ page: 1, per_page: 2, has_more: true, skipped_count: 0 });
    expect(page1.payload.total_count).toBeGreaterThanOrEqual(3);
    expect(page1.payload.documents[0]).toMatchObject({ ticker: "AAPL", doc_type: "transcript", doc_sub_type: "earnings_call", source: "test", expiration_seconds: 900, presigned_url: expect.stringContaining("/files/") });

    const fy = await jsonOf(
      await call("/v2/documents/presigned_urls?tickers=AAPL&fiscal_period[start_time][year]=2022&fiscal_period[end_time][year]=2022", { key: org.key }),
    );
    expect(fy.payload.documents.every((d: { fiscal_date: string }) => d.fiscal_date.startsWith("2022"))).toBe(true);
    expect(fy.payload.documents.length).toBeGreaterThanOrEqual(1);
    const cal = await jsonOf(await call("/v2/documents/presigned_urls?stock_ids=US:AAPL&calendar_period[start_time][year]=2023&calendar_period[start_time][month]=10", { key: org.key }));
    expect(cal.payload.documents.every((d: { calendar_date: string }) => d.calendar_date >= "2023-10")).toBe(true);

    expect((await call("/v2/documents/presigned_urls?tickers=AAPL&per_page=201", { key: org.key })).status).toBe(400);
    expect((await call("/v2/documents/presigned_urls?tickers=AAPL&page=0", { key: org.key })).status).toBe(400);
    expect((await call(`/v2/documents/presigned_urls?tickers=AAPL&document_ids=${ids[0]}`, { key: org.key })).status).toBe(400);
  });

  it("lists RMS documents by id, counts unsignable ones as skipped, and hides other organizations'", async () => {
    const org = await createOrg();
    const other = await createOrg();
    const done = await ready(org.key);
    const batch = await createBatch(org.key);
    const failed = await addSource(org.key, batch, "locked.pdf", "application/pdf", await fixture("parser/password.pdf"));
    await settledSource(org.key, failed.source_id);
    const q = `search_type=rms&document_ids=${done},${failed.source_id}`;
    const res = await jsonOf(await call(`/v2/documents/presigned_urls?${q}`, { key: org.key }));
    expect(res.payload).toMatchObject({ total_count: 2, skipped_count: 1, has_more: false });
    expect(res.payload.documents.map((d: { document_id: string }) => d.document_id)).toEqual([done]);
    const foreign = await jsonOf(await call(`/v2/documents/presigned_urls?${q}`, { key: other.key }));
    expect(foreign.payload).toMatchObject({ total_count: 0, documents: [] });
    expect((await call("/v2/documents/presigned_urls?search_type=rms", { key: org.key })).status).toBe(400);
  });
});

describe("erasure", () => {
  it("removes the file, its index rows and its status; URLs and searches no longer return it", async () => {
    const org = await createOrg();
    const other = await createOrg();
    const id = await ready(org.key, "Unique erasure marker zebracorn appears here.");
    const { url } = await jsonOf(await call(`/v1/documents/${id}/presigned_url`, { key: org.key }));
    const before = await jsonOf(await call("/v1/search", { key: org.key, body: { query: "zebracorn", search_types: ["rms"] } }));
    expect(before.payload.results.map((r: { document_id: string }) => r.document_id)).toContain(id);

    expect((await call(`/v2/documents/${id}`, { method: "DELETE", key: other.key })).status).toBe(404);
    const del = await call(`/v2/documents/${id}`, { method: "DELETE", key: org.key });
    expect(del.status).toBe(204);

    const after = await jsonOf(await call("/v1/search", { key: org.key, body: { query: "zebracorn", search_types: ["rms"] } }));
    expect(after.payload.results.map((r: { document_id: string }) => r.document_id)).not.toContain(id);
    expect((await SELF.fetch(url)).status).toBe(404);
    expect((await jsonOf(await call(`/v2/vault/status?rms_document_ids=${id}`, { key: org.key }))).statuses).toEqual([]);
    expect((await call(`/v2/documents/${id}`, { method: "DELETE", key: org.key })).status).toBe(404);
  });

  it("lets only the owner erase a private document", async () => {
    const org = await createOrg();
    const colleague = await createUser(org.organizationId);
    const colleagueKey = await userKey(org.organizationId, colleague.userId);
    const privateId = await ready(org.key, "private", { visibility: "private" });
    const sharedId = await ready(org.key, "shared", { visibility: "organization" });
    expect((await call(`/v2/documents/${privateId}`, { method: "DELETE", key: colleagueKey })).status).toBe(404);
    expect((await call(`/v2/documents/${sharedId}`, { method: "DELETE", key: colleagueKey })).status).toBe(204);
    expect((await call(`/v2/documents/${privateId}`, { method: "DELETE", key: org.key })).status).toBe(204);
  });
});

describe("external corpus admin", () => {
  it("adds a document through multipart with metadata and refuses bad requests", async () => {
    const pdf = await fixture("parser/testPDF.pdf");
    const res = await addExternal("tika.pdf", pdf, "application/pdf", { ticker: "MSFT", doc_type: "filing", doc_sub_type: "10-K", fiscal_year: 2023 });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ status: "processing" });
    expect((await addExternal("x.pdf", pdf, "application/pdf", { ticker: "MSFT", doc_type: "memo" })).status).toBe(400);
    expect((await addExternal("x.pdf", pdf, "application/pdf", { doc_type: "filing" })).status).toBe(400);
    expect((await addExternal("x.png", pdf, "image/png", { ticker: "MSFT", doc_type: "filing" })).status).toBe(400);
    const noToken = await SELF.fetch("https://api.test/admin/v1/external_documents", { method: "POST", body: new FormData() });
    expect(noToken.status).toBe(401);
    const notMultipart = await admin("/admin/v1/external_documents", "POST", { ticker: "MSFT" });
    expect(notMultipart.status).toBe(400);
  });
});
