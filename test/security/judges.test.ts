// Judge evaluations are computed with the submitting user's document visibility, so their evidence can
// quote that user's private documents: a colleague (or a platform key without that user) reads the
// evaluation, by id or by replaying the Idempotency-Key, but never those documents' excerpts.
import { describe, expect, it } from "vitest";
import { call, createOrg, createUser, jsonOf, platformKey, userKey } from "../helpers/harness";
import { TXT, settledVault, vaultUpload } from "../documents/doc-helpers";
import { llmBody, settled, submit } from "../judges/judge-helpers";

describe("evaluations that used a user's private documents", () => {
  it("a colleague reads the evaluation, by id or by replaying the Idempotency-Key, without the private document's excerpts", async () => {
    const org = await createOrg();
    const passage = "Quorvantis Labs booked fiscal 2022 revenue of $7,391 million with a gross margin of 58.4 percent.";
    const doc = await vaultUpload(org.key, "quorvantis.txt", TXT, new TextEncoder().encode(passage), { visibility: "private" });
    expect((await settledVault(org.key, doc.id)).status).toBe("Synced");
    const colleague = await createUser(org.organizationId);
    const colleagueKey = await userKey(org.organizationId, colleague.userId);
    const body = llmBody({
      query: "What was Quorvantis Labs' fiscal 2022 revenue?",
      answer: "Quorvantis Labs booked fiscal 2022 revenue of $7,391 million.",
      references: [{ content: "Quorvantis Labs booked fiscal 2022 revenue of $7,391 million." }],
      search_type: "rms",
      time_window: { end_time: new Date().toISOString() },
    });
    const headers = { "Idempotency-Key": "client-hash-of-body" };
    const owner = await submit("llm", org.key, body, headers);
    expect(owner.res.status).toBe(202);
    const id = owner.json.payload.evaluation_id;
    const mine = await settled("llm", org.key, id);
    expect(mine.result.reference_verdicts[0].evidence[0].document_id).toBe(doc.id);

    const replay = await submit("llm", colleagueKey, body, headers);
    expect(replay.res.status).toBe(202);
    expect(replay.json.payload).toEqual({ evaluation_id: id, status: "completed" });

    const read = await call(`/v2/judge/llm/${id}`, { key: colleagueKey });
    expect(read.status).toBe(200);
    const text = await read.text();
    expect(JSON.parse(text).payload.result.reference_verdicts[0].evidence).toEqual([{ redacted: true, reason: "private document" }]);
    expect(text).not.toContain(doc.id);
    // Timestamps left out: "…:26:58.429Z" would hold "58.4" by chance.
    expect(text.replace(/"(created|completed)_at":"[^"]*"/g, "")).not.toContain("58.4");

    // The owner's own replay still answers the same evaluation.
    const again = await submit("llm", org.key, body, headers);
    expect(again.json.payload.evaluation_id).toBe(id);
  });

  it("an agent evaluation submitted for a user is readable by a platform key naming the organization, with or without that user", async () => {
    const org = await createOrg();
    const pk = await platformKey(org.organizationId);
    const res = await call("/v2/judge/agent", { key: pk, body: { ...llmBody(), organization_id: org.organizationId, user_id: org.userId } });
    expect(res.status).toBe(202);
    const id = (await jsonOf(res)).payload.evaluation_id;
    expect((await call(`/v2/judge/agent/${id}?organization_id=${org.organizationId}`, { key: pk })).status).toBe(200);
    expect((await call(`/v2/judge/agent/${id}?organization_id=${org.organizationId}&user_id=${org.userId}`, { key: pk })).status).toBe(200);
    expect((await call(`/v2/judge/agent/${id}`, { key: org.key })).status).toBe(200);
  });

  it("an evaluation submitted without a user stays readable by the organization", async () => {
    const org = await createOrg();
    const pk = await platformKey(org.organizationId);
    const res = await call("/v2/judge/agent", { key: pk, body: { ...llmBody(), organization_id: org.organizationId } });
    const id = (await jsonOf(res)).payload.evaluation_id;
    expect((await call(`/v2/judge/agent/${id}`, { key: org.key })).status).toBe(200);
    const stranger = await createOrg();
    expect((await call(`/v2/judge/agent/${id}`, { key: stranger.key })).status).toBe(404);
  });
});
