// Tenant rules of the judges: platform keys refused on the LLM judge, evaluations visible only to their
// organization, RMS verification limited to the calling user's documents.
import { beforeAll, describe, expect, it } from "vitest";
import { call, createOrg, createUser, jsonOf, platformKey, userKey, type TestOrg } from "../helpers/harness";
import { TXT, settledVault, vaultUpload } from "../documents/doc-helpers";
import { llmBody, settled, submit } from "./judge-helpers";

let a: TestOrg;
let b: TestOrg;
beforeAll(async () => {
  a = await createOrg();
  b = await createOrg();
});

describe("platform keys", () => {
  it("are FORBIDDEN on the LLM judge (submission and retrieval), with only a message", async () => {
    const key = await platformKey(a.organizationId, [a.organizationId]);
    const res = await call("/v2/judge/llm", { key, body: llmBody() });
    expect(res.status).toBe(403);
    expect(await jsonOf(res)).toEqual({ error: { message: expect.any(String) }, payload: null });
    const withOrg = await call("/v2/judge/llm", { key, body: { ...llmBody(), organization_id: a.organizationId } });
    expect(withOrg.status).toBe(403);
    const get = await call(`/v2/judge/llm/${crypto.randomUUID()}?organization_id=${a.organizationId}`, { key });
    expect(get.status).toBe(403);
  });

  it("may use the agent judge for an organization they act for", async () => {
    const key = await platformKey(a.organizationId, [a.organizationId]);
    const res = await call("/v2/judge/agent", { key, body: { ...llmBody(), organization_id: a.organizationId } });
    expect(res.status).toBe(202);
    const id = (await jsonOf(res)).payload.evaluation_id;
    const own = await call(`/v2/judge/agent/${id}?organization_id=${a.organizationId}`, { key });
    expect(own.status).toBe(200);
    expect((await call("/v2/judge/agent", { key, body: llmBody() })).status).toBe(400);
  });
});

describe("evaluations belong to their organization", () => {
  it("another organization's evaluation is 404 on both judges, and an LLM id is not an agent id", async () => {
    const llm = await submit("llm", a.key, llmBody());
    const agent = await submit("agent", a.key, llmBody());
    for (const [judge, id] of [["llm", llm.json.payload.evaluation_id], ["agent", agent.json.payload.evaluation_id]]) {
      const res = await call(`/v2/judge/${judge}/${id}`, { key: b.key });
      expect(res.status).toBe(404);
      expect((await jsonOf(res)).error.code).toBe("NOT_FOUND");
      expect((await call(`/v2/judge/${judge}/${id}`, { key: a.key })).status).toBe(200);
    }
    expect((await call(`/v2/judge/agent/${llm.json.payload.evaluation_id}`, { key: a.key })).status).toBe(404);
  });

  it("Idempotency-Keys are per organization", async () => {
    const headers = { "Idempotency-Key": "shared-key" };
    const first = await submit("llm", a.key, llmBody(), headers);
    const second = await submit("llm", b.key, llmBody({ answer: "something else" }), headers);
    expect(second.res.status).toBe(202);
    expect(second.json.payload.evaluation_id).not.toBe(first.json.payload.evaluation_id);
  });
});

describe("RMS verification uses the calling user's visibility", () => {
  it("a private vault document supports the owner's reference only", async () => {
    const passage = "Zephyrion Holdings reported fiscal 2023 revenue of $4,812 million and an operating margin of 17.3 percent.";
    const doc = await vaultUpload(a.key, "zephyrion.txt", TXT, new TextEncoder().encode(passage), { visibility: "private" });
    expect((await settledVault(a.key, doc.id)).status).toBe("Synced");
    const other = await createUser(a.organizationId);
    const otherKey = await userKey(a.organizationId, other.userId);
    const body = llmBody({
      query: "What was Zephyrion's fiscal 2023 revenue?",
      answer: "Zephyrion Holdings reported fiscal 2023 revenue of $4,812 million.",
      references: [{ content: "Zephyrion Holdings reported fiscal 2023 revenue of $4,812 million." }],
      search_type: "rms",
      time_window: { end_time: new Date().toISOString() },
    });
    const owner = await submit("llm", a.key, body);
    const stranger = await submit("llm", otherKey, body);
    const mine = await settled("llm", a.key, owner.json.payload.evaluation_id);
    const theirs = await settled("llm", otherKey, stranger.json.payload.evaluation_id);
    expect(mine.result.reference_verdicts[0].verdict).toBe("supported");
    expect(mine.result.reference_verdicts[0].evidence[0].document_id).toBe(doc.id);
    expect(theirs.result.reference_verdicts[0].verdict).toBe("unresolved");
    expect(theirs.result.reference_verdicts[0].evidence).toEqual([]);
  });
});
