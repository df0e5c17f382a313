// The cron tick that removes uploads never registered, a day after their URL expired.
import { describe, expect, it } from "vitest";
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../src/index";
import type { Env } from "../../src/core/env";
import { call, createOrg, jsonOf } from "../helpers/harness";
import { TXT, createBatch, upload } from "./doc-helpers";

const text = (s: string) => new TextEncoder().encode(s);

describe("abandoned uploads", () => {
  it("are purged by the cron a day after expiry; registered files stay", async () => {
    const org = await createOrg();
    const batch = await createBatch(org.key);
    const abandoned = await upload(org.key, { fileName: "a.txt", contentType: TXT, bytes: text("abandoned") });
    const kept = await upload(org.key, { batchId: batch, fileName: "k.txt", contentType: TXT, bytes: text("kept") });
    const source = await jsonOf(await call("/v1/sources", { key: org.key, body: { source_batch_id: batch, name: "k", file_key: kept } }));

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now() + 2 * 24 * 3600 * 1000, cron: "*/5 * * * *" }), env as unknown as Env, ctx);
    await waitOnExecutionContext(ctx);

    expect(await env.DOCUMENTS.head(abandoned)).toBeNull();
    expect(await env.DOCUMENTS.head(kept)).not.toBeNull();
    const res = await call("/v2/vault/confirm", { key: org.key, body: { file_key: abandoned, name: "late" } });
    expect(res.status).toBe(400);
    expect((await call(`/v1/sources/${source.source_id}`, { key: org.key })).status).toBe(200);
  });
});
