// The source flow of the spec: batch -> upload_url -> PUT -> POST /v1/sources -> poll -> search.
import { describe, expect, it } from "vitest";
import { call, createOrg, jsonOf, platformKey } from "../helpers/harness";
import { signToken } from "../../src/core/signed-urls";
import { PDF, TXT, addSource, createBatch, fixture, put, settledSource, upload, uploadUrl } from "./doc-helpers";

const text = (s: string) => new TextEncoder().encode(s);

describe("source flow", () => {
  it("uploads, registers, parses and finds the text through search with the batch", async () => {
    const org = await createOrg();
    const batch = await createBatch(org.key);
    const bytes = await fixture("parser/testPDF_protected.pdf");
    const source = await addSource(org.key, batch, "haldane-speech.pdf", PDF, bytes);
    expect(source).toMatchObject({ status: "processing", size: bytes.byteLength });

    const settled = await settledSource(org.key, source.source_id);
    expect(settled).toMatchObject({ source_id: source.source_id, status: "success", source_batch_id: batch, error_message: null });

    const found = await jsonOf(await call("/v1/search", { key: org.key, body: { query: "rethinking the financial network", source_batch_id: batch } }));
    expect(found.error).toBeNull();
    expect(found.payload.results.length).toBeGreaterThan(0);
    expect(found.payload.results[0]).toMatchObject({ document_id: source.source_id, search_type: "rms" });
    expect(found.payload.results[0].text.toUpperCase()).toContain("FINANCIAL NETWORK");
  });

  it("ends an unreadable file in failed with an error message", async () => {
    const org = await createOrg();
    const batch = await createBatch(org.key);
    const locked = await addSource(org.key, batch, "locked.pdf", PDF, await fixture("parser/password.pdf"));
    const scanned = await addSource(org.key, batch, "scan.pdf", PDF, await fixture("parser/testOCR.pdf"));
    const garbage = await addSource(org.key, batch, "garbage.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", text("not a zip at all"));
    expect(await settledSource(org.key, locked.source_id)).toMatchObject({ status: "failed", fail_code: "PASSWORD_PROTECTED", error_message: expect.any(String) });
    expect(await settledSource(org.key, scanned.source_id)).toMatchObject({ status: "failed", fail_code: "OCR_REQUIRED" });
    expect(await settledSource(org.key, garbage.source_id)).toMatchObject({ status: "failed", fail_code: "CONVERSION_FAILED" });
    const search = await jsonOf(await call("/v1/search", { key: org.key, body: { query: "password", source_batch_id: batch } }));
    expect(search.payload.results).toEqual([]);
  });

  it("answers a retried registration with the same source and never indexes twice", async () => {
    const org = await createOrg();
    const batch = await createBatch(org.key);
    const fileKey = await upload(org.key, { batchId: batch, fileName: "note.txt", contentType: TXT, bytes: text("Quarterly gross margin expanded to 41 percent.") });
    const first = await jsonOf(await call("/v1/sources", { key: org.key, body: { source_batch_id: batch, name: "note", file_key: fileKey } }));
    const again = await jsonOf(await call("/v1/sources", { key: org.key, body: { source_batch_id: batch, name: "note", file_key: fileKey } }));
    expect(again.source_id).toBe(first.source_id);
    await settledSource(org.key, first.source_id);
    const search = await jsonOf(await call("/v1/search", { key: org.key, body: { query: "gross margin", source_batch_id: batch } }));
    expect(search.payload.results.map((r: { document_id: string }) => r.document_id)).toEqual([first.source_id]);
  });
});

describe("upload_url", () => {
  it("accepts the source types and refuses others for a batch; the vault also takes XLS, PPT, HTML", async () => {
    const org = await createOrg();
    const batch = await createBatch(org.key);
    for (const ct of [PDF, TXT, "application/msword", "application/vnd.openxmlformats-officedocument.presentationml.presentation"]) {
      expect((await uploadUrl(org.key, { source_batch_id: batch, file_name: "f", content_type: ct, size: 10 })).status, ct).toBe(200);
    }
    for (const ct of ["application/vnd.ms-excel", "text/html", "image/png", "application/zip"]) {
      const res = await uploadUrl(org.key, { source_batch_id: batch, file_name: "f", content_type: ct, size: 10 });
      expect(res.status, ct).toBe(400);
      expect((await jsonOf(res)).error.code).toBe("INVALID_REQUEST_BODY");
    }
    for (const ct of ["application/vnd.ms-excel", "text/html", "application/vnd.ms-powerpoint"]) {
      expect((await uploadUrl(org.key, { file_name: "f", content_type: ct, size: 10 })).status, ct).toBe(200);
    }
    expect((await uploadUrl(org.key, { file_name: "f", content_type: "image/png", size: 10 })).status).toBe(400);
  });

  it("refuses files over 20 MB, unknown and foreign batches, and bad bodies", async () => {
    const org = await createOrg();
    const other = await createOrg();
    const foreignBatch = await createBatch(other.key);
    const res = await uploadUrl(org.key, { file_name: "big.pdf", content_type: PDF, size: 20 * 1024 * 1024 + 1 });
    expect(res.status).toBe(400);
    expect((await jsonOf(res)).error.message).toContain("20 MB");
    expect((await uploadUrl(org.key, { source_batch_id: crypto.randomUUID(), file_name: "a", content_type: PDF, size: 1 })).status).toBe(404);
    expect((await uploadUrl(org.key, { source_batch_id: foreignBatch, file_name: "a", content_type: PDF, size: 1 })).status).toBe(404);
    for (const body of [{}, { file_name: "a", content_type: PDF }, { file_name: "a", content_type: PDF, size: -1 }, { file_name: "a", content_type: PDF, size: 1, source_batch_id: "x" }]) {
      expect((await uploadUrl(org.key, body)).status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe("the signed PUT", () => {
  async function issued(key: string, size: number) {
    const res = await uploadUrl(key, { file_name: "n.txt", content_type: TXT, size });
    return (await jsonOf(res)).payload as { upload_url: string; file_key: string };
  }

  it("takes exactly the signed Content-Type and size", async () => {
    const org = await createOrg();
    const { upload_url } = await issued(org.key, 5);
    expect((await put(upload_url, text("hello"), "application/pdf")).status).toBe(400);
    expect((await put(upload_url, text("hello!"), TXT)).status).toBe(400);
    expect((await put(upload_url, text("hell"), TXT)).status).toBe(400);
    const ok = await put(upload_url, text("hello"), TXT);
    expect(ok.status).toBe(200);
  });

  it("refuses an altered or expired URL with 403", async () => {
    const org = await createOrg();
    const { upload_url, file_key } = await issued(org.key, 5);
    const altered = upload_url.replace(/\.([0-9a-f])/, (_m, c: string) => `.${c === "a" ? "b" : "a"}`);
    expect((await put(altered, text("hello"), TXT)).status).toBe(403);
    const expiredToken = await signToken("test-url-signing-secret-0123456789", "upload", { k: file_key, o: org.organizationId, ct: TXT, s: 5 }, -10);
    const expired = await put(`https://api.test/uploads/${expiredToken}`, text("hello"), TXT);
    expect(expired.status).toBe(403);
    expect(await expired.json()).toEqual({ error: { message: "This upload URL has expired" }, payload: null });
  });
});

describe("POST /v1/sources", () => {
  it("refuses a file_key that was not uploaded, is foreign, belongs to the vault or to another batch", async () => {
    const org = await createOrg();
    const other = await createOrg();
    const batch = await createBatch(org.key);
    const batch2 = await createBatch(org.key);
    const notUploaded = (await jsonOf(await uploadUrl(org.key, { source_batch_id: batch, file_name: "a.txt", content_type: TXT, size: 3 }))).payload.file_key;
    const foreign = await upload(other.key, { batchId: await createBatch(other.key), fileName: "b.txt", contentType: TXT, bytes: text("abc") });
    const vault = await upload(org.key, { fileName: "c.txt", contentType: TXT, bytes: text("abc") });
    const elsewhere = await upload(org.key, { batchId: batch2, fileName: "d.txt", contentType: TXT, bytes: text("abc") });
    for (const [fileKey, message] of [
      [notUploaded, "not been uploaded"],
      [foreign, "unknown"],
      [vault, "vault"],
      [elsewhere, "another source batch"],
    ] as const) {
      const res = await call("/v1/sources", { key: org.key, body: { source_batch_id: batch, name: "x", file_key: fileKey } });
      expect(res.status, fileKey).toBe(400);
      const body = await jsonOf(res);
      expect(body.error.code).toBe("INVALID_REQUEST_BODY");
      expect(body.error.message).toContain(message);
    }
    expect((await call("/v1/sources", { key: org.key, body: { source_batch_id: crypto.randomUUID(), name: "x", file_key: vault } })).status).toBe(404);
    expect((await call("/v1/sources", { key: org.key, body: { name: "x", file_key: vault } })).status).toBe(400);
  });

  it("holds at most 10 files a batch", async () => {
    const org = await createOrg();
    const batch = await createBatch(org.key);
    for (let i = 0; i < 10; i++) await addSource(org.key, batch, `n${i}.txt`, TXT, text(`note ${i}`));
    const res = await uploadUrl(org.key, { source_batch_id: batch, file_name: "n10.txt", content_type: TXT, size: 3 });
    expect(res.status).toBe(400);
    expect((await jsonOf(res)).error.message).toContain("at most 10");
  });

  it("shows a source only to its organization", async () => {
    const org = await createOrg();
    const other = await createOrg();
    const batch = await createBatch(org.key);
    const source = await addSource(org.key, batch, "n.txt", TXT, text("private research"));
    expect((await call(`/v1/sources/${source.source_id}`, { key: other.key })).status).toBe(404);
    expect((await call(`/v1/sources/not-a-uuid`, { key: org.key })).status).toBe(400);
    const pk = await platformKey(org.organizationId);
    expect((await call(`/v1/sources/${source.source_id}`, { key: pk })).status).toBe(400);
    expect((await call(`/v1/sources/${source.source_id}?organization_id=${org.organizationId}`, { key: pk })).status).toBe(200);
  });
});
