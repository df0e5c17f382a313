// `npm run bench:chat`: the chat answer benchmark over FinanceBench, run inside workerd against the real
// Worker (search, answer engine, chat routes and the conversation's Durable Object, local D1). Data is read
// from the shared data folder through the BENCH_DATA binding; BARE_SSE is a bare Worker answering an SSE
// stream, timed in the same run as the control for the latency ratio.
import { join } from "node:path";
import { defineConfig } from "vitest/config";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { fileServer, root } from "./lib/workerd-bench.mts";

// A Worker that does nothing but answer with a two-event SSE stream; ?pause=<ms> waits that long between the
// two events (a check that the fetch path delivers events as they are written, not at the end).
const BARE_SSE = `
export default {
  async fetch(request) {
    const pause = Number(new URL(request.url).searchParams.get("pause") ?? 0);
    const enc = new TextEncoder();
    const body = new ReadableStream({
      async start(c) {
        c.enqueue(enc.encode('id: 1\\nevent: conversation\\ndata: {"event_name":"conversation","data":{"conversation_id":"c"}}\\n\\n'));
        if (pause > 0) await new Promise((r) => setTimeout(r, pause));
        c.enqueue(enc.encode('id: 2\\nevent: answer_delta\\ndata: {"event_name":"answer_delta","data":{"text":"ok"}}\\n\\n'));
        c.close();
      },
    });
    return new Response(body, { headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" } });
  },
};`;

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
          BENCH_SIZES: process.env.BENCH_SIZES ?? "10000,100000",
          BENCH_VERBOSE: process.env.BENCH_VERBOSE ?? "",
          BENCH_TOP_K: process.env.BENCH_TOP_K ?? "8",
          BENCH_DUMP: process.env.BENCH_DUMP ?? "",
          BENCH_LATENCY_QUESTIONS: process.env.BENCH_LATENCY_QUESTIONS ?? "30",
          BENCH_HELD_BACK: process.env.BENCH_HELD_BACK ?? "",
          BENCH_ORDER: process.env.BENCH_ORDER ?? "",
        },
        serviceBindings: { BENCH_DATA: fileServer(process.env.BENCH_DATA_DIR ?? join(root, "..", "shared", "data")), BARE_SSE: "bare-sse" },
        workers: [{ name: "bare-sse", modules: true, script: BARE_SSE, compatibilityDate: "2025-01-01" }],
      },
    }),
  ],
  test: {
    root,
    include: [process.env.BENCH_FILE ?? "bench/chat.workerd.ts"],
    testTimeout: 90 * 60 * 1000,
    hookTimeout: 90 * 60 * 1000,
    reporters: ["default"],
    onConsoleLog: (log: string) => !log.startsWith('{"request_id"') && !log.startsWith('{"job"'),
  },
}));
