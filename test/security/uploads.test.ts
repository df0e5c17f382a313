// Upload file_keys: bound to the organization (and, for the vault, to the user who asked for the URL);
// signed upload URLs cannot be pointed at another key.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, createOrg, createUser, jsonOf, platformKey, userKey } from "../helpers/harness";
import { TXT, addSource, createBatch, put, settledVault, upload, uploadUrl } from "../documents/doc-helpers";

const text = (s: string) => new TextEncoder().encode(s);

describe("vault file_keys belong to the user who uploaded them", () => {
  it("a colleague or a platform key without a user cannot confirm (and so publish or own) another user's upload", async () => {
    const org = await createOrg();
    const colleague = await createUser(org.organizationId);
    const colleagueKey = await userKey(org.organizationId, colleague.userId);
    const pk = await platformKey(org.organizationId);
    const fileKey = await upload(org.key, { fileName: "draft.txt", contentType: TXT, bytes: text("my unpublished draft") });

    const byColleague = await call("/v2/vault/confirm", { key: colleagueKey, body: { file_key: fileKey, name: "stolen", visibility: "organization" } });
    expect(byColleague.status).toBe(400);
    const byPlatform = await call("/v2/vault/confirm", { key: pk, body: { organization_id: org.organizationId, file_key: fileKey, name: "stolen" } });
    expect(byPlatform.status).toBe(400);

    // The owner still confirms it, and a retry by the owner answers the same document.
    const mine = await call("/v2/vault/confirm", { key: org.key, body: { file_key: fileKey, name: "draft" } });
    expect(mine.status).toBe(200);
    const id = (await jsonOf(mine)).payload.rms_document_id;
    expect((await jsonOf(await call("/v2/vault/confirm", { key: org.key, body: { file_key: fileKey, name: "draft" } }))).payload.rms_document_id).toBe(id);
    // A colleague's retry with the owner's file_key does not learn the private document's id.
    const retry = await call("/v2/vault/confirm", { key: colleagueKey, body: { file_key: fileKey, name: "draft" } });
    expect(retry.status).toBe(400);
    expect(JSON.stringify(await jsonOf(retry))).not.toContain(id);
    expect(await settledVault(org.key, id)).toMatchObject({ status: "Synced" });
    expect((await jsonOf(await call(`/v2/vault/status?rms_document_ids=${id}`, { key: colleagueKey }))).statuses).toEqual([]);
  });

  it("a platform key acting for the uploading user may confirm it", async () => {
    const org = await createOrg();
    const pk = await platformKey(org.organizationId);
    const fileKey = await upload(org.key, { fileName: "n.txt", contentType: TXT, bytes: text("note") });
    const res = await call("/v2/vault/confirm", { key: pk, body: { organization_id: org.organizationId, user_id: org.userId, file_key: fileKey, name: "n" } });
    expect(res.status).toBe(200);
  });
});

describe("file_keys across organizations", () => {
  it("another organization's vault file_key is unknown to confirm and gives no status", async () => {
    const a = await createOrg();
    const b = await createOrg();
    const fileKey = await upload(a.key, { fileName: "a.txt", contentType: TXT, bytes: text("alpha") });
    const res = await call("/v2/vault/confirm", { key: b.key, body: { file_key: fileKey, name: "x" } });
    expect(res.status).toBe(400);
    expect((await jsonOf(await call(`/v2/vault/status?rms_document_ids=${encodeURIComponent(fileKey)}`, { key: b.key }))).statuses).toEqual([]);
  });
});

describe("signed upload URLs", () => {
  it("cannot be re-pointed: a token whose payload names another key or organization is refused", async () => {
    const a = await createOrg();
    const b = await createOrg();
    const bytes = text("payload");
    const mine = await jsonOf(await uploadUrl(a.key, { file_name: "a.txt", content_type: TXT, size: bytes.byteLength }));
    const theirs = await jsonOf(await uploadUrl(b.key, { file_name: "b.txt", content_type: TXT, size: bytes.byteLength }));
    const url = new URL(mine.payload.upload_url);
    const token = url.pathname.split("/")[2];
    const [body, sig] = token.split(".");
    const payload = JSON.parse(atob(body.replace(/-/g, "+").replace(/_/g, "/")));
    const forged = { ...payload, k: theirs.payload.file_key, o: b.organizationId };
    const forgedBody = btoa(JSON.stringify(forged)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    const res = await put(`${url.origin}/uploads/${forgedBody}.${sig}`, bytes, TXT);
    expect(res.status).toBe(403);
  });

  it("a download token is not an upload token (purposes are signed)", async () => {
    const a = await createOrg();
    const bytes = text("payload");
    const mine = await jsonOf(await uploadUrl(a.key, { file_name: "a.txt", content_type: TXT, size: bytes.byteLength }));
    const token = new URL(mine.payload.upload_url).pathname.split("/")[2];
    const res = await SELF.fetch(`https://api.test/files/${token}/a.txt`);
    expect(res.status).toBe(403);
  });
});

describe("vault confirm of a source-batch file_key", () => {
  it("is refused even after the file was registered as a source", async () => {
    const org = await createOrg();
    const batch = await createBatch(org.key);
    const source = await addSource(org.key, batch, "n.txt", TXT, text("note"));
    const res = await call("/v2/vault/confirm", { key: org.key, body: { file_key: source.fileKey, name: "n" } });
    expect(res.status).toBe(400);
  });
});
