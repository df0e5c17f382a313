// Signed download URLs: bound to one document of one organization; file names cannot turn the URL (or
// the R2 key) into a different path.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, createOrg, jsonOf } from "../helpers/harness";
import { TXT, settledVault, upload, vaultUpload } from "../documents/doc-helpers";

const text = (s: string) => new TextEncoder().encode(s);

describe("signed download URLs", () => {
  it("serve the signed document whatever the file-name segment says; a payload re-pointed at another document is 403", async () => {
    const a = await createOrg();
    const b = await createOrg();
    const mine = await vaultUpload(a.key, "mine.txt", TXT, text("alpha secret"), { visibility: "organization" });
    const theirs = await vaultUpload(b.key, "theirs.txt", TXT, text("bravo secret"), { visibility: "organization" });
    await settledVault(a.key, mine.id);
    await settledVault(b.key, theirs.id);
    const url = new URL((await jsonOf(await call(`/v2/documents/${mine.id}/presigned_url?search_type=rms&organization_id=${a.organizationId}`, { key: a.key }))).payload.presigned_url);
    const [, , token] = url.pathname.split("/");
    const renamed = await SELF.fetch(`${url.origin}/files/${token}/theirs.txt`);
    expect(await renamed.text()).toBe("alpha secret");

    const [body, sig] = token.split(".");
    const payload = JSON.parse(atob(body.replace(/-/g, "+").replace(/_/g, "/")));
    const repoint = btoa(JSON.stringify({ ...payload, d: theirs.id, o: b.organizationId })).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    expect((await SELF.fetch(`${url.origin}/files/${repoint}.${sig}/x`)).status).toBe(403);
    // An upload token of the same secret is not a download token.
    const up = await jsonOf(await call("/v1/sources/upload_url", { key: b.key, body: { file_name: "u.txt", content_type: TXT, size: 1 } }));
    expect((await SELF.fetch(`${url.origin}/files/${new URL(up.payload.upload_url).pathname.split("/")[2]}/x`)).status).toBe(403);
  });

  it("a file named '..' or '.' still downloads (no dot segment in the URL or the R2 key)", async () => {
    const org = await createOrg();
    for (const name of ["..", "."]) {
      const fileKey = await upload(org.key, { fileName: name, contentType: TXT, bytes: text(`dots ${name}`) });
      expect(fileKey.split("/")).not.toContain(name);
      const res = await call("/v2/vault/confirm", { key: org.key, body: { file_key: fileKey, name: "dots" } });
      const id = (await jsonOf(res)).payload.rms_document_id;
      expect((await settledVault(org.key, id)).status).toBe("Synced");
      const url = (await jsonOf(await call(`/v2/documents/${id}/presigned_url?search_type=rms&organization_id=${org.organizationId}`, { key: org.key }))).payload.presigned_url;
      const file = await SELF.fetch(url);
      expect(file.status).toBe(200);
      expect(await file.text()).toBe(`dots ${name}`);
    }
  });
});
