// `npm run bench:ttsql`: the TTSQL benchmark inside workerd against the real Worker (local engine) and a
// local MARKET_DB loaded with the full demo set (data/market) through the admin loaders.
// Gold answers come from bench/ttsql/gold.mjs (run first by the npm script), computed from the CSVs.
import { defineConfig } from "vitest/config";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { readFile } from "node:fs/promises";
import { gunzipSync } from "node:zlib";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

// Serves data/market/* (gunzipped) and bench/ttsql/*.json to the benchmark.
async function serveData(request: Request): Promise<Response> {
  const rel = normalize(decodeURIComponent(new URL(request.url).pathname)).replace(/^([/\\])+/, "");
  if (rel.startsWith("..") || !/^(data\/market|bench\/ttsql)\//.test(rel)) return new Response("bad path", { status: 400 });
  try {
    const bytes = await readFile(join(root, rel));
    return new Response(rel.endsWith(".gz") ? gunzipSync(bytes) : bytes);
  } catch {
    return new Response("not found", { status: 404 });
  }
}

export default defineConfig(async () => ({
  plugins: [
    cloudflareTest({
      main: join(root, "src/index.ts"),
      wrangler: { configPath: join(root, "wrangler.toml") },
      miniflare: {
        bindings: {
          ADMIN_TOKEN: "bench-admin-token",
          KEY_TAG_SECRET: "bench-key-tag-secret-0123456789",
          URL_SIGNING_SECRET: "bench-url-signing-secret-0123456789",
          WORKERD_LOCAL: "true",
          RATE_LIMIT_PER_MINUTE: "100000",
          TEST_MIGRATIONS: await readD1Migrations(join(root, "migrations/db")),
          TEST_MARKET_MIGRATIONS: await readD1Migrations(join(root, "migrations/market")),
          BENCH_VERBOSE: process.env.BENCH_VERBOSE ?? "",
        },
        serviceBindings: { BENCH_DATA: serveData },
      },
    }),
  ],
  test: {
    root,
    include: ["bench/ttsql/run.workerd.ts"],
    testTimeout: 60 * 60 * 1000,
    hookTimeout: 60 * 60 * 1000,
    reporters: ["default"],
  },
}));
