// One way to run a benchmark inside workerd against the real Worker (wrangler.toml, local D1 with
// migrations, real queues): each bench config names its file, its extra bindings and the files it serves.
import { defineConfig } from "vitest/config";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { readFile } from "node:fs/promises";
import { gunzipSync } from "node:zlib";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** A service binding serving files under `dir` (paths outside it refused; `.gz` files gunzipped when asked). */
export function fileServer(dir: string, opts: { allow?: RegExp; gunzip?: boolean } = {}) {
  return async (request: Request): Promise<Response> => {
    const rel = normalize(decodeURIComponent(new URL(request.url).pathname)).replace(/^([/\\])+/, "");
    if (rel.startsWith("..") || (opts.allow && !opts.allow.test(rel))) return new Response("bad path", { status: 400 });
    try {
      const bytes = await readFile(join(dir, rel));
      return new Response(opts.gunzip && rel.endsWith(".gz") ? gunzipSync(bytes) : bytes);
    } catch {
      return new Response("not found", { status: 404 });
    }
  };
}

export interface WorkerdBench {
  include: string;
  bindings?: Record<string, unknown>;
  data: (request: Request) => Promise<Response>;
  timeoutMinutes?: number;
}

export function workerdBench(bench: WorkerdBench) {
  return defineConfig(async () => ({
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
            ...(bench.bindings ?? {}),
          },
          serviceBindings: { BENCH_DATA: bench.data },
        },
      }),
    ],
    test: {
      root,
      include: [bench.include],
      testTimeout: (bench.timeoutMinutes ?? 60) * 60 * 1000,
      hookTimeout: (bench.timeoutMinutes ?? 60) * 60 * 1000,
      reporters: ["default"],
      onConsoleLog: (log: string) => !log.startsWith('{"request_id"') && !log.startsWith('{"job"'),
    },
  }));
}
