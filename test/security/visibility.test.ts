// A platform key without a user sees organization-visible documents only, on every document endpoint
// (the search has its own tests); naming the owner opens the private one.
import { describe, expect, it } from "vitest";
import { call, createOrg, jsonOf, platformKey } from "../helpers/harness";
import { TXT, settledVault, vaultUpload } from "../documents/doc-helpers";

const text = (s: string) => new TextEncoder().encode(s);
const ids = (rows: { document_id: string }[]) => rows.map((r) => r.document_id);

describe("platform key without a user", () => {
  it("never lists, signs, reports or erases a user's private document", async () => {
    const org = await createOrg();
    const pk = await platformKey(org.organizationId);
    const secret = await vaultUpload(org.key, "visibility-private.txt", TXT, text("private memo"), { visibility: "private", path: "/vis/" });
    const shared = await vaultUpload(org.key, "visibility-shared.txt", TXT, text("shared memo"), { visibility: "organization", path: "/vis/" });
    await settledVault(org.key, secret.id);
    await settledVault(org.key, shared.id);
    const o = `organization_id=${org.organizationId}`;

    const listing = await jsonOf(await call(`/v2/documents/presigned_urls?search_type=rms&document_ids=${secret.id},${shared.id}&${o}`, { key: pk }));
    expect(ids(listing.payload.documents)).toEqual([shared.id]);
    expect(listing.payload.total_count).toBe(1);
    expect(ids((await jsonOf(await call(`/v1/status/documents?name=visibility&${o}`, { key: pk }))).payload)).toEqual([shared.id]);
    expect(ids((await jsonOf(await call(`/v1/status/documents?path=/vis/&${o}`, { key: pk }))).payload)).toEqual([shared.id]);
    expect((await call(`/v1/documents/${secret.id}/presigned_url?${o}`, { key: pk })).status).toBe(404);
    expect((await call(`/v2/documents/${secret.id}/presigned_url?search_type=rms&${o}`, { key: pk })).status).toBe(404);
    expect((await call(`/v2/documents/${secret.id}?${o}`, { key: pk, method: "DELETE" })).status).toBe(404);

    const asOwner = `${o}&user_id=${org.userId}`;
    expect((await call(`/v2/documents/${secret.id}/presigned_url?search_type=rms&${asOwner}`, { key: pk })).status).toBe(200);
    expect(ids((await jsonOf(await call(`/v1/status/documents?name=visibility&${asOwner}`, { key: pk }))).payload).sort()).toEqual([secret.id, shared.id].sort());
  });
});
