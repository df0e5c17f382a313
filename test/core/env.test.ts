// Configuration: URL_SIGNING_SECRET is its own required secret (issue 21, item 8). Without it, or with
// KEY_TAG_SECRET's value, the Worker fails loudly: a configuration error, never a silent fallback.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../src/index";
import { loadConfig, type Env } from "../../src/core/env";

const withEnv = (patch: Partial<Record<keyof Env, string | undefined>>): Env => ({ ...(env as unknown as Env), ...patch }) as Env;

describe("loadConfig: URL_SIGNING_SECRET", () => {
  it("reads the configured secret", () => {
    const config = loadConfig(withEnv({}));
    expect(config.urlSigningSecret).toBe(env.URL_SIGNING_SECRET);
    expect(config.urlSigningSecret).not.toBe(config.keyTagSecret);
  });
  it("refuses a missing secret instead of borrowing KEY_TAG_SECRET", () => {
    expect(() => loadConfig(withEnv({ URL_SIGNING_SECRET: undefined }))).toThrow(/Invalid Worker configuration: .*URL_SIGNING_SECRET is required/);
  });
  it("refuses a short secret and the KEY_TAG_SECRET value", () => {
    expect(() => loadConfig(withEnv({ URL_SIGNING_SECRET: "short" }))).toThrow(/URL_SIGNING_SECRET must have at least 16 characters/);
    expect(() => loadConfig(withEnv({ URL_SIGNING_SECRET: env.KEY_TAG_SECRET }))).toThrow(/URL_SIGNING_SECRET must differ from KEY_TAG_SECRET/);
  });
  it("makes the Worker answer 500 INTERNAL_ERROR (and log why) rather than sign with another secret", async () => {
    const ctx = createExecutionContext();
    const res = await worker.fetch(new Request("https://api.test/v1/me"), withEnv({ URL_SIGNING_SECRET: undefined }), ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("INTERNAL_ERROR");
    expect(body.error.message).not.toMatch(/SECRET/);
  });
});
