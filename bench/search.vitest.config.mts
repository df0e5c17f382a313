// `npm run bench:search`: the FinanceBench retrieval benchmark, run inside workerd against the real
// search code and local D1. Data is read from ../shared/data through the BENCH_DATA service binding.
import { defineConfig } from "vitest/config";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { readFile } from "node:fs/promises";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = process.env.BENCH_DATA_DIR ?? join(root, "..", "shared", "data");

async function serveData(request: Request): Promise<Response> {
  const rel = normalize(decodeURIComponent(new URL(request.url).pathname)).replace(/^([/\\])+/, "");
  if (rel.startsWith("..")) return new Response("bad path", { status: 400 });
  try {
    return new Response(await readFile(join(dataDir, rel)));
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
          KEY_TAG_SECRET: "bench-key-tag-secret-0123456789",
          URL_SIGNING_SECRET: "bench-url-signing-secret-0123456789",
          WORKERD_LOCAL: "true",
          TEST_MIGRATIONS: await readD1Migrations(join(root, "migrations/db")),
          BENCH_SIZES: process.env.BENCH_SIZES ?? "10000,100000",
          BENCH_VERBOSE: process.env.BENCH_VERBOSE ?? "",
          BENCH_IDS: process.env.BENCH_IDS ?? "",
        },
        serviceBindings: { BENCH_DATA: serveData },
      },
    }),
  ],
  test: {
    root,
    include: [process.env.BENCH_FILE ?? "bench/search.workerd.ts"],
    testTimeout: 60 * 60 * 1000,
    hookTimeout: 60 * 60 * 1000,
    reporters: ["default"],
  },
}));
