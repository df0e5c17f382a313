// Tests run inside workerd against the real local bindings (D1, R2, Queues, Durable Objects).
// Three projects: the global deployment, the EU environment of wrangler.toml, and the global deployment
// on the OpenAI-compatible model provider, pointed at a fake chat-completions server (test/openai).
import { defineConfig } from "vitest/config";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { readFile } from "node:fs/promises";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { FAKE_OPENAI_KEY, FAKE_OPENAI_MODEL, startFakeOpenAi } from "./test/openai/fake-openai.mts";

const root = dirname(fileURLToPath(import.meta.url));

// Tests read binary fixtures through this service binding: `env.FIXTURES.fetch("http://f/<path under test/fixtures>")`.
async function serveFixture(request: Request): Promise<Response> {
  const rel = normalize(decodeURIComponent(new URL(request.url).pathname)).replace(/^([/\\])+/, "");
  if (rel.startsWith("..")) return new Response("bad path", { status: 400 });
  try {
    return new Response(await readFile(join(root, "test", "fixtures", rel)));
  } catch {
    return new Response("not found", { status: 404 });
  }
}

const secrets = {
  ADMIN_TOKEN: "test-admin-token",
  KEY_TAG_SECRET: "test-key-tag-secret-0123456789",
  URL_SIGNING_SECRET: "test-url-signing-secret-0123456789",
  CORS_ORIGINS: "https://app.example.com",
  WORKERD_LOCAL: "true",
};

async function project(name: string, environment: string | undefined, include: string[], bindings: Record<string, string> = {}) {
  const [db, market] = await Promise.all([readD1Migrations("migrations/db"), readD1Migrations("migrations/market")]);
  return {
    plugins: [
      cloudflareTest({
        main: "./src/index.ts",
        wrangler: { configPath: "./wrangler.toml", environment },
        miniflare: { bindings: { ...secrets, ...bindings, TEST_MIGRATIONS: db, TEST_MARKET_MIGRATIONS: market }, serviceBindings: { FIXTURES: serveFixture } },
      }),
    ],
    test: {
      name,
      include,
      setupFiles: ["./test/setup.ts"],
      // Every test file loads the Worker's module graph afresh; zod and drizzle-orm alone are 180 small
      // modules. Pre-bundled, each package is one module: a test file's setup takes about half as long.
      deps: { optimizer: { ssr: { enabled: true, include: ["zod", "drizzle-orm", "drizzle-orm/d1", "drizzle-orm/sqlite-core", "@asteasolutions/zod-to-openapi", "itty-router", "aws4fetch", "fflate"] } } },
      // Flows wait for real queue deliveries (about 1 s each).
      testTimeout: 30_000,
      // The Worker's one-line JSON request logs are for operators, not for test output.
      onConsoleLog: (log: string) => !log.startsWith('{"request_id"') && !log.startsWith('{"job"'),
    },
  };
}

export default defineConfig(async () => {
  const fakeOpenAi = await startFakeOpenAi();
  const openai = { MODEL_PROVIDER: "openai", OPENAI_BASE_URL: fakeOpenAi.baseUrl, OPENAI_MODEL: FAKE_OPENAI_MODEL, OPENAI_API_KEY: FAKE_OPENAI_KEY, MODEL_TIMEOUT_MS: "5000" };
  return {
    test: {
      // Test files mostly wait (a judge's or parse job's queue delivery, up to max_batch_timeout = 1 s each),
      // not compute: on CI's 2 cores, six files at once ran test/judges in 92 s instead of 362 s (vitest's
      // default, one per core) for the same CPU time.
      maxWorkers: 6,
      projects: [
        await project("global", undefined, ["test/**/*.test.ts"]),
        await project("eu", "eu", ["test/eu/**/*.eu-test.ts"]),
        await project("openai", undefined, ["test/openai/**/*.openai-test.ts"], openai),
      ],
    },
  };
});
