// Where a submission is kept: up to 16 KiB in its D1 row, larger ones in R2 (the row holds only the key),
// so D1 rows stay small and status polls never read a whole submission. The run loads it from R2; an
// idempotent replay leaves no second object behind.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { llmBody, settled, submit } from "./judge-helpers";

let org: TestOrg;

beforeAll(async () => {
  org = await createOrg();
});

async function storedRequest(id: string): Promise<string> {
  const row = await env.DB.prepare("SELECT request FROM judge_evaluations WHERE organization_id = ? AND id = ?").bind(org.organizationId, id).first<{ request: string }>();
  return row!.request;
}

const LARGE_ANSWER = `3M's FY2018 capital expenditure was $1,577 million. ${"Capital spending supported manufacturing capacity and automation. ".repeat(600)}`;

describe("where a judge submission is stored", () => {
  it("keeps a small submission in its row", async () => {
    const { res, json } = await submit("llm", org.key, llmBody());
    expect(res.status).toBe(202);
    const stored = JSON.parse(await storedRequest(json.payload.evaluation_id));
    expect(stored.answer).toBe(llmBody().answer);
    expect((await settled("llm", org.key, json.payload.evaluation_id)).status).toBe("completed");
  });

  it("keeps a submission over 16 KiB in R2, the row holding the key, and grades it from there (both judges)", async () => {
    for (const judge of ["llm", "agent"] as const) {
      const { res, json } = await submit(judge, org.key, llmBody({ answer: LARGE_ANSWER }));
      expect(res.status).toBe(202);
      const id = json.payload.evaluation_id;
      const stored = await storedRequest(id);
      expect(stored.length).toBeLessThan(200);
      const key = JSON.parse(stored).r2;
      expect(key).toBe(`judge-requests/${org.organizationId}/${id}.json`);
      const object = await env.DOCUMENTS.get(key);
      expect(((await object!.json()) as { answer: string }).answer).toBe(LARGE_ANSWER);
      const result = await settled(judge, org.key, id);
      expect(result.status, judge).not.toBe("pending");
      expect(result.status, judge).not.toBe("failed");
    }
  });

  it("leaves no second object behind when a large submission is replayed with its Idempotency-Key", async () => {
    const body = llmBody({ answer: `${LARGE_ANSWER} Replayed.` });
    const headers = { "Idempotency-Key": "storage-replay-1" };
    const first = await submit("llm", org.key, body, headers);
    const again = await submit("llm", org.key, body, headers);
    expect(again.json.payload.evaluation_id).toBe(first.json.payload.evaluation_id);
    const listed = await env.DOCUMENTS.list({ prefix: `judge-requests/${org.organizationId}/` });
    const ids = listed.objects.map((o) => o.key.split("/").pop());
    expect(ids).toContain(`${first.json.payload.evaluation_id}.json`);
    expect(ids.filter((k) => k === `${first.json.payload.evaluation_id}.json`)).toHaveLength(1);
    // Two large submissions so far in this file plus this one: three objects, none for the replay.
    expect(listed.objects).toHaveLength(3);
  });
});
