// The EU deployment (wrangler env "eu"): its own organizations and keys, other-region keys sent back to
// the global deployment, Durable Objects placed in the EU jurisdiction.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { admin, call, createOrg, jsonOf } from "../helpers/harness";
import { hmacHex } from "../../src/core/crypto";
import { regionalNamespace } from "../../src/core/durable";
import type { Env } from "../../src/core/env";

describe("EU deployment", () => {
  it("reports its region and issues rk_eu_ keys for EU organizations only", async () => {
    expect(await (await call("/healthz")).json()).toEqual({ status: "ok", region: "eu" });
    const org = await createOrg();
    expect(org.key).toMatch(/^rk_eu_/);
    expect((await jsonOf(await call("/v1/me", { key: org.key }))).payload.region).toBe("eu");
    const global = await admin("/admin/v1/organizations", "POST", { name: "Not here", region: "global" });
    expect(global.status).toBe(400);
  });

  it("sends a genuine global key to the global deployment with 403, and refuses garbage with 401", async () => {
    const random = "c".repeat(64);
    const tag = (await hmacHex("test-key-tag-secret-0123456789", `global:${random}`)).slice(0, 16);
    const res = await call("/v1/me", { key: `rk_gl_${random}_${tag}` });
    expect(res.status).toBe(403);
    expect((await jsonOf(res)).error.message).toContain("https://api.example.com");
    expect((await call("/v1/me", { key: `rk_gl_${random}_0000000000000000` })).status).toBe(401);
  });

  it("creates Durable Objects in the EU jurisdiction outside local workerd", () => {
    const deployed = { ...(env as unknown as Env), WORKERD_LOCAL: undefined };
    // Local workerd refuses jurisdictions, which proves the deployed path asks for one.
    expect(() => regionalNamespace(deployed, env.RATE_LIMITER)).toThrow(/[Jj]urisdiction/);
    expect(regionalNamespace(env as unknown as Env, env.RATE_LIMITER)).toBe(env.RATE_LIMITER);
  });
});

describe("legacy-in-EU endpoints", () => {
  it("answer with Deprecation and a successor Link, errors included", async () => {
    const org = await createOrg();
    const id = crypto.randomUUID();
    const res = await call(`/v1/documents/${id}/presigned_url`, { key: org.key });
    expect(res.status).toBe(404);
    expect(res.headers.get("Deprecation")).toBe("true");
    expect(res.headers.get("Link")).toBe(`</v2/documents/${id}/presigned_url>; rel="successor-version"`);
    const sources = await call("/v1/sources", { key: org.key, body: {} });
    expect(sources.headers.get("Link")).toBe('</v2/vault/confirm>; rel="successor-version"');
    const v2 = await call(`/v2/documents/${id}/presigned_url`, { key: org.key });
    expect(v2.headers.get("Deprecation")).toBeNull();
  });

  it("streams a chat turn from the EU deployment, /v1/rms_chat announcing the analytics stream as its successor", async () => {
    const org = await createOrg();
    const chat = await call("/v1/rms_chat", { key: org.key, body: { query: "What were net sales in 2018?", search_types: ["rms"] } });
    expect(chat.status).toBe(200);
    expect(chat.headers.get("Content-Type")).toContain("text/event-stream");
    expect(chat.headers.get("Deprecation")).toBe("true");
    expect(chat.headers.get("Link")).toBe('</v2/analytics/sse>; rel="successor-version"');
    const events = (await chat.text()).split("\n").filter((l) => l.startsWith("event: ")).map((l) => l.slice(7));
    expect(events[0]).toBe("conversation");
    expect(events.at(-1)).toBe("done");
    const v2 = await call("/v2/analytics/sse", { key: org.key, body: { query: "What were net sales in 2018?", search_types: ["rms"] } });
    expect(v2.headers.get("Deprecation")).toBeNull();
    await v2.text();
  });
});
