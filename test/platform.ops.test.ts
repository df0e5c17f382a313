// Operations: the request log line, the cron entry and the queue entry of the Worker.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createExecutionContext, createMessageBatch, createScheduledController, env, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import worker from "../src/index";
import { onCronTick } from "../src/scheduled";
import { registerJob } from "../src/core/jobs";
import { z } from "zod";
import { call, createOrg } from "./helpers/harness";
import type { Env } from "../src/core/env";

afterEach(() => vi.restoreAllMocks());

describe("request log", () => {
  it("writes one JSON line per request with id, organization, route, status and duration, never the key", async () => {
    const org = await createOrg();
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
    const res = await call("/v1/me", { key: org.key });
    const entries = lines.filter((l) => l.startsWith('{"request_id"')).map((l) => JSON.parse(l));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      request_id: res.headers.get("X-Request-Id"),
      method: "GET",
      route: "GET /v1/me",
      organization_id: org.organizationId,
      status: 200,
      duration_ms: expect.any(Number),
    });
    expect(lines.join("\n")).not.toContain(org.key);
  });
});

describe("cron", () => {
  it("runs every registered tick on the scheduled event", async () => {
    const seen: number[] = [];
    onCronTick(async (_env, time) => void seen.push(time));
    const controller = createScheduledController({ scheduledTime: new Date("2026-11-23T06:00:00Z"), cron: "*/5 * * * *" });
    const ctx = createExecutionContext();
    await worker.scheduled(controller, env as unknown as Env, ctx);
    await waitOnExecutionContext(ctx);
    expect(seen).toEqual([Date.parse("2026-11-23T06:00:00Z")]);
  });
});

describe("queue consumer", () => {
  it("acks handled jobs, retries failures and drops unknown or invalid messages", async () => {
    const runs: string[] = [];
    registerJob("test.job", {
      schema: z.object({ kind: z.literal("test.job"), id: z.string() }),
      run: async (_env, message) => {
        const { id } = message as { id: string };
        if (id === "boom") throw new Error("fails");
        runs.push(id);
      },
    });
    const batch = createMessageBatch("parse-jobs", [
      { id: "m1", timestamp: new Date(), attempts: 1, body: { kind: "test.job", id: "ok" } },
      { id: "m2", timestamp: new Date(), attempts: 1, body: { kind: "test.job", id: "boom" } },
      { id: "m3", timestamp: new Date(), attempts: 1, body: { kind: "nobody" } },
      { id: "m4", timestamp: new Date(), attempts: 1, body: { kind: "test.job" } },
    ]);
    const ctx = createExecutionContext();
    vi.spyOn(console, "error").mockImplementation(() => {});
    await worker.queue(batch, env as unknown as Env);
    const result = await getQueueResult(batch, ctx);
    expect(runs).toEqual(["ok"]);
    expect(result.explicitAcks.sort()).toEqual(["m1", "m3", "m4"]);
    expect(result.retryMessages.map((m: { msgId: string }) => m.msgId)).toEqual(["m2"]);
  });

  it("hands dead-lettered jobs to the job's onDeadLetter", async () => {
    const dead: unknown[] = [];
    registerJob("test.dead", {
      schema: z.object({ kind: z.literal("test.dead"), id: z.string() }),
      run: async () => {
        throw new Error("never here");
      },
      onDeadLetter: async (_env, message) => void dead.push(message),
    });
    const batch = createMessageBatch("parse-jobs-dlq", [{ id: "d1", timestamp: new Date(), attempts: 1, body: { kind: "test.dead", id: "x" } }]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env as unknown as Env);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["d1"]);
    expect(dead).toEqual([{ kind: "test.dead", id: "x" }]);
  });
});
