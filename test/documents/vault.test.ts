// The vault flow (EU successor of sources) and the status views.
import { describe, expect, it } from "vitest";
import { call, createOrg, createUser, jsonOf, platformKey, userKey } from "../helpers/harness";
import { TXT, fixture, settledVault, upload, vaultUpload } from "./doc-helpers";

const text = (s: string) => new TextEncoder().encode(s);

describe("vault flow", () => {
  it("confirms an upload, moves Syncing... to Synced and reports it in both status views", async () => {
    const org = await createOrg();
    const fileKey = await upload(org.key, { fileName: "budget.xls", contentType: "application/vnd.ms-excel", bytes: await fixture("parser/testEXCEL.xls") });
    const confirm = await call("/v2/vault/confirm", { key: org.key, body: { file_key: fileKey, name: "Budget 2024", path: "/finance/budgets/2024.xls", rms_type: "custom-data", tags: ["budget"] } });
    expect(confirm.status).toBe(200);
    const id = (await jsonOf(confirm)).payload.rms_document_id;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const first = await jsonOf(await call(`/v2/vault/status?rms_document_ids=${id}`, { key: org.key }));
    expect(["Syncing...", "Synced"]).toContain(first.statuses[0].status);
    expect(await settledVault(org.key, id)).toEqual({ rms_document_id: id, name: "Budget 2024", status: "Synced", fail_code: null });

    const byPath = await jsonOf(await call(`/v1/status/documents?path=${encodeURIComponent("/finance/")}`, { key: org.key }));
    expect(byPath.error).toBeNull();
    expect(byPath.payload).toEqual([
      expect.objectContaining({ document_id: id, document_name: "Budget 2024", status: "Synced", extraction_status: "completed", last_synced_at: expect.any(String), summary: expect.any(String) }),
    ]);
    expect((await jsonOf(await call(`/v1/status/documents?name=BUDGET`, { key: org.key }))).payload).toHaveLength(1);
    expect((await jsonOf(await call(`/v1/status/documents?document_ids=${id}`, { key: org.key }))).payload).toHaveLength(1);
    expect((await jsonOf(await call(`/v1/status/documents?path=/other/`, { key: org.key }))).payload).toEqual([]);
  });

  it("sets fail_code on a terminal failure", async () => {
    const org = await createOrg();
    const { id } = await vaultUpload(org.key, "locked.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", await fixture("parser/testWORD_protected_passtika.docx"));
    expect(await settledVault(org.key, id)).toMatchObject({ status: "Syncing Failed", fail_code: "PASSWORD_PROTECTED" });
  });

  it("gives no match for a file_key or unknown id, and caps ids at 100", async () => {
    const org = await createOrg();
    const { id, fileKey } = await vaultUpload(org.key, "n.txt", TXT, text("vault note"));
    const res = await jsonOf(await call(`/v2/vault/status?rms_document_ids=${encodeURIComponent(`${fileKey},${crypto.randomUUID()},${id}`)}`, { key: org.key }));
    expect(res.statuses.map((s: { rms_document_id: string }) => s.rms_document_id)).toEqual([id]);
    const many = Array.from({ length: 101 }, () => crypto.randomUUID()).join(",");
    const over = await call(`/v2/vault/status?rms_document_ids=${many}`, { key: org.key });
    expect(over.status).toBe(400);
    expect((await jsonOf(over)).error.code).toBe("INVALID_REQUEST_BODY");
    expect((await call(`/v2/vault/status`, { key: org.key })).status).toBe(400);
    expect((await call(`/v1/status/documents`, { key: org.key })).status).toBe(400);
  });

  it("keeps private documents to their owner and organization documents to the organization", async () => {
    const org = await createOrg();
    const colleague = await createUser(org.organizationId);
    const colleagueKey = await userKey(org.organizationId, colleague.userId);
    const mine = await vaultUpload(org.key, "mine.txt", TXT, text("my private thesis"));
    const shared = await vaultUpload(org.key, "shared.txt", TXT, text("shared notes"), { visibility: "organization" });
    const ids = `${mine.id},${shared.id}`;
    const own = await jsonOf(await call(`/v2/vault/status?rms_document_ids=${ids}`, { key: org.key }));
    expect(own.statuses).toHaveLength(2);
    const theirs = await jsonOf(await call(`/v2/vault/status?rms_document_ids=${ids}`, { key: colleagueKey }));
    expect(theirs.statuses.map((s: { rms_document_id: string }) => s.rms_document_id)).toEqual([shared.id]);

    const pk = await platformKey(org.organizationId);
    const noUser = await jsonOf(await call(`/v2/vault/status?rms_document_ids=${ids}&organization_id=${org.organizationId}`, { key: pk }));
    expect(noUser.statuses.map((s: { rms_document_id: string }) => s.rms_document_id)).toEqual([shared.id]);
    const asOwner = await jsonOf(await call(`/v2/vault/status?rms_document_ids=${ids}&organization_id=${org.organizationId}&user_id=${org.userId}`, { key: pk }));
    expect(asOwner.statuses).toHaveLength(2);

    const stranger = await createOrg();
    expect((await jsonOf(await call(`/v2/vault/status?rms_document_ids=${ids}`, { key: stranger.key }))).statuses).toEqual([]);
  });

  it("needs a user for a private document and refuses a source-batch file_key", async () => {
    const org = await createOrg();
    const pk = await platformKey(org.organizationId);
    const fileKey = await upload(pk, { fileName: "p.txt", contentType: TXT, bytes: text("x"), extra: { organization_id: org.organizationId } });
    const res = await call("/v2/vault/confirm", { key: pk, body: { organization_id: org.organizationId, file_key: fileKey, name: "p", visibility: "private" } });
    expect(res.status).toBe(400);
    const ok = await call("/v2/vault/confirm", { key: pk, body: { organization_id: org.organizationId, file_key: fileKey, name: "p" } });
    expect(ok.status).toBe(200);
  });
});
