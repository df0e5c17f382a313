// `npm run bench:judge` (second part): evaluations completed per minute through the Worker in workerd,
// submitted with SELF.fetch and settled by the real judge-jobs queue consumer (local engine, local D1).
// Serves the FinanceBench pairs from ../shared/data (or JUDGE_BENCH_DATA) to the benchmark.
import { defineConfig } from "vitest/config";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const DATA = process.env.JUDGE_BENCH_DATA ?? join(root, "..", "shared", "data");

async function serveData(): Promise<Response> {
  try {
    return new Response(await readFile(join(DATA, "financebench_labeled_answers", "derived_oracle_judge_pairs.jsonl")));
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
          RATE_LIMIT_PER_MINUTE: "100000",
          TEST_MIGRATIONS: await readD1Migrations(join(root, "migrations/db")),
          TEST_MARKET_MIGRATIONS: await readD1Migrations(join(root, "migrations/market")),
          JUDGE_BENCH_ROWS: process.env.JUDGE_BENCH_ROWS ?? "300",
        },
        serviceBindings: { BENCH_DATA: serveData },
      },
    }),
  ],
  test: {
    root,
    include: ["bench/judges/throughput.workerd.ts"],
    testTimeout: 30 * 60 * 1000,
    hookTimeout: 30 * 60 * 1000,
    reporters: ["default"],
    onConsoleLog: (log: string) => !log.startsWith('{"request_id"') && !log.startsWith('{"job"'),
  },
}));
