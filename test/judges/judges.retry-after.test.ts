// Retry-After through the Worker: 1 on the judges' 202; on a pending evaluation's read, half the seconds
// until it is likely settled (its place in its organization's queue over the rate that queue has settled
// evaluations since it was filed; 1 until 20 have settled), from 1 to 30; none once it is settled.
// Rows other than the submissions are written straight to D1 (a queue's state, set up), and read back
// only through the endpoints.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createOrg, jsonOf, type TestOrg } from "../helpers/harness";
import { retryAfterSeconds } from "../../src/judges/service";
import { llmBody, settled, submit } from "./judge-helpers";

/**
 * Writes evaluations of the organization straight to D1: `pending` ones filed a millisecond apart from
 * `filedAgoMs` before now (a minute by default), then `settled` ones completed evenly from `settledFromMs`
 * to `settledToMs` before now. Returns the pending ids in filing order.
 */
async function queueState(
  organizationId: string,
  s: { pending: number; settled: number; settledFromMs: number; settledToMs?: number; filedAgoMs?: number; judge?: "llm" | "agent" },
) {
  const now = Date.now();
  const filedAt = now - (s.filedAgoMs ?? 60_000);
  const from = now - s.settledFromMs;
  const to = now - (s.settledToMs ?? 0);
  const row = (id: string, status: string, createdAt: number, completedAt: number | null) =>
    env.DB.prepare(
      `INSERT INTO judge_evaluations (id, organization_id, user_id, judge, status, search_type, request, result, created_at, completed_at)
       VALUES (?, ?, NULL, ?, ?, 'external', '{}', ?, ?, ?)`,
    ).bind(id, organizationId, s.judge ?? "llm", status, status === "pending" ? null : "{}", new Date(createdAt).toISOString(), completedAt === null ? null : new Date(completedAt).toISOString());
  const pending = Array.from({ length: s.pending }, () => crypto.randomUUID());
  const statements = [
    ...pending.map((id, i) => row(id, "pending", filedAt + i, null)),
    ...Array.from({ length: s.settled }, (_, i) => row(crypto.randomUUID(), "completed", Math.min(filedAt, from) - 1000, from + ((to - from) * i) / Math.max(1, s.settled - 1))),
  ];
  if (statements.length) await env.DB.batch(statements);
  return pending;
}

async function read(key: string, id: string, judge: "llm" | "agent" = "llm") {
  const res = await call(`/v2/judge/${judge}/${id}`, { key });
  return { res, payload: (await jsonOf(res)).payload };
}

describe("retryAfterSeconds", () => {
  const now = Date.parse("2026-11-28T12:00:00.000Z");
  const since = (ms: number) => new Date(now - ms).toISOString();

  it("is absent for a settled evaluation, and 1 until 8 settlements since it was filed give a rate", () => {
    expect(retryAfterSeconds(null, now)).toBeUndefined();
    expect(retryAfterSeconds({ ahead: 500, settled: 0, settledSince: null }, now)).toBe(1);
    expect(retryAfterSeconds({ ahead: 500, settled: 7, settledSince: since(5_000) }, now)).toBe(1);
    // 8 settled over 4 s: 2 a second.
    expect(retryAfterSeconds({ ahead: 40, settled: 8, settledSince: since(4_000) }, now)).toBe(10); // 20 s, halved
  });

  it("is half the place in the queue over the drain rate, rounded up, from 1 to 30", () => {
    // 20 settled over 10 s: 2 a second.
    expect(retryAfterSeconds({ ahead: 1, settled: 20, settledSince: since(10_000) }, now)).toBe(1);
    expect(retryAfterSeconds({ ahead: 18, settled: 20, settledSince: since(10_000) }, now)).toBe(5); // 9 s, halved 4.5
    expect(retryAfterSeconds({ ahead: 78, settled: 20, settledSince: since(10_000) }, now)).toBe(20); // 39 s, halved 19.5
    expect(retryAfterSeconds({ ahead: 1000, settled: 20, settledSince: since(10_000) }, now)).toBe(30);
    // A batch's settlements, milliseconds apart, are read over a quarter of a second, not as thousands a second.
    expect(retryAfterSeconds({ ahead: 1000, settled: 40, settledSince: since(5) }, now)).toBe(4); // 160 a second: 6.25 s, halved 3.1
  });
});

describe("Retry-After through the Worker", () => {
  let org: TestOrg;
  beforeAll(async () => {
    org = await createOrg();
  });

  it("a submission's 202 carries Retry-After: 1, however long the organization's queue; the settled read carries none", async () => {
    const { res, json } = await submit("llm", org.key, llmBody());
    expect(res.status).toBe(202);
    expect(res.headers.get("Retry-After")).toBe("1");
    const done = await settled("llm", org.key, json.payload.evaluation_id);
    expect(done.status).toBe("completed");
    const { res: after } = await read(org.key, json.payload.evaluation_id);
    expect(after.status).toBe(200);
    expect(after.headers.get("Retry-After")).toBeNull();

    const queued = await createOrg();
    await queueState(queued.organizationId, { pending: 200, settled: 20, settledFromMs: 10_000 });
    const behind = await submit("agent", queued.key, llmBody());
    expect(behind.res.status).toBe(202);
    expect(behind.res.headers.get("Retry-After")).toBe("1");
  });

  it.each(["llm", "agent"] as const)("a pending %s evaluation's read carries half its place in the queue over the organization's drain rate", async (judge) => {
    const { organizationId, key } = await createOrg();
    // 80 pending, 200 settled over the last 100 s: 2 a second (over 100 s, so a slow machine's seconds between
    // writing the rows and reading them barely move the rate: the 78th stays "20" for 2.5 s).
    const pending = await queueState(organizationId, { pending: 80, settled: 200, settledFromMs: 100_000, filedAgoMs: 120_000, judge });
    const first = await read(key, pending[0], judge);
    expect(first.res.status).toBe(200);
    expect(first.payload.status).toBe("pending");
    expect(first.res.headers.get("Retry-After")).toBe("1");
    expect((await read(key, pending[17], judge)).res.headers.get("Retry-After")).toBe("5"); // 18th: 9 s, halved
    expect((await read(key, pending[77], judge)).res.headers.get("Retry-After")).toBe("20"); // 78th: 39 s, halved
  });

  it("at most 30 s; 1 while fewer than 8 settled since the evaluation was filed", async () => {
    const slow = await createOrg();
    const pending = await queueState(slow.organizationId, { pending: 200, settled: 20, settledFromMs: 10_000 });
    expect((await read(slow.key, pending[199])).res.headers.get("Retry-After")).toBe("30");
    const few = await createOrg();
    const queued = await queueState(few.organizationId, { pending: 200, settled: 7, settledFromMs: 10_000 });
    expect((await read(few.key, queued[199])).res.headers.get("Retry-After")).toBe("1");
    // Settlements before it was filed are no rate for it: 50 in the 10 s before a filing 5 s ago.
    const before = await createOrg();
    const fresh = await queueState(before.organizationId, { pending: 200, settled: 50, settledFromMs: 15_000, settledToMs: 6_000, filedAgoMs: 5_000 });
    expect((await read(before.key, fresh[199])).res.headers.get("Retry-After")).toBe("1");
  });

  it("another organization's queue counts for nothing: neither its pending evaluations nor its settlements", async () => {
    const mine = await createOrg();
    const theirs = await createOrg();
    // Theirs: 500 pending filed before mine, and 400 settled in the last second (a rate that would make mine 1 s).
    await queueState(theirs.organizationId, { pending: 500, settled: 400, settledFromMs: 1_000, filedAgoMs: 120_000 });
    const pending = await queueState(mine.organizationId, { pending: 18, settled: 200, settledFromMs: 100_000, filedAgoMs: 120_000 });
    expect((await read(mine.key, pending[17])).res.headers.get("Retry-After")).toBe("5");
    // And theirs is not readable by my key at all.
    const [their] = await queueState(theirs.organizationId, { pending: 1, settled: 0, settledFromMs: 0 });
    const foreign = await read(mine.key, their);
    expect(foreign.res.status).toBe(404);
    expect(foreign.res.headers.get("Retry-After")).toBeNull();
  });

  it("the OpenAPI document names Retry-After on the judges' 202 and retrieval successes", async () => {
    const doc = await jsonOf(await call("/openapi.json"));
    for (const [path, method, status] of [
      ["/v2/judge/llm", "post", "202"],
      ["/v2/judge/agent", "post", "202"],
      ["/v2/judge/llm/{evaluation_id}", "get", "200"],
      ["/v2/judge/agent/{evaluation_id}", "get", "200"],
    ]) {
      const header = doc.paths[path][method].responses[status].headers?.["Retry-After"];
      expect(header?.schema).toEqual({ type: "integer", minimum: 1 });
      expect(header?.description).toContain(method === "post" ? "1: read the evaluation after a second" : "While the evaluation is pending");
    }
  });
});
