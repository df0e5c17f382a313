// Throughput of the judges inside workerd: FinanceBench rows (passage as the reference) submitted through
// the Worker's fetch to POST /v2/judge/llm and /v2/judge/agent (alternately), each settled by the real
// judge-jobs queue consumer (verification against the local index, grading or assessment, D1 writes).
// Prints evaluations completed per minute from the first submission to the last settlement.
// JUDGE_BENCH_JUDGES=llm (or agent) measures one judge alone.
import { applyD1Migrations, createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { it } from "vitest";
import worker from "../../src/index";
import type { Env } from "../../src/core/env";

const BASE = "https://bench.test";
const ADMIN = { Authorization: "Bearer bench-admin-token", "Content-Type": "application/json" };
const e = env as unknown as Record<string, any>;

/**
 * A request to the Worker's fetch handler, called directly with the test's bindings (the same ones SELF
 * uses). Not SELF.fetch: @cloudflare/vitest-pool-workers 0.15.1 re-wraps its entrypoint's prototype in a
 * new Proxy on every request (cloudflare/workers-sdk#15092), so each request through SELF costs more than
 * the one before (/healthz: 2.5 ms at first, 84 ms after 440 requests) and the figure would measure the
 * harness, not the Worker.
 */
async function fetchWorker(url: string, init?: RequestInit): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(url, init) as Parameters<typeof worker.fetch>[0], env as unknown as Env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

async function admin(path: string, body: unknown): Promise<any> {
  const res = await fetchWorker(`${BASE}${path}`, { method: "POST", headers: ADMIN, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

it("judge throughput through the Worker", async () => {
  await applyD1Migrations(e.DB, e.TEST_MIGRATIONS);
  await applyD1Migrations(e.MARKET_DB, e.TEST_MARKET_MIGRATIONS);
  const { organization_id } = await admin("/admin/v1/organizations", { name: "Judge bench", entitlements: ["chat", "deep_research"] });
  const { user_id } = await admin("/admin/v1/users", { organization_id, email: "judge-bench@example.com", name: "Judge bench", onboarded: true });
  const { api_key } = await admin("/admin/v1/api_keys", { organization_id, kind: "organization", user_id });
  const rows = (await (await e.BENCH_DATA.fetch("http://d/pairs")).text()).trim().split("\n").map((l: string) => JSON.parse(l));
  const n = Math.min(rows.length, Number(e.JUDGE_BENCH_ROWS ?? 300));
  const headers = { "X-API-KEY": api_key, "Content-Type": "application/json" };

  const started = Date.now();
  const pending = new Map<string, "llm" | "agent">();
  const submitOne = async (i: number) => {
    const r = rows[i];
    const judges = String(e.JUDGE_BENCH_JUDGES ?? "llm,agent").split(",") as ("llm" | "agent")[];
    const judge = judges[i % judges.length];
    const body = { query: r.question, answer: r.model_answer, references: [{ title: r.doc_name, content: r.passage }], time_window: { end_time: "2025-01-01T00:00:00Z" } };
    const res = await fetchWorker(`${BASE}/v2/judge/${judge}`, { method: "POST", headers, body: JSON.stringify(body) });
    const json: any = await res.json();
    if (res.status !== 202) throw new Error(`submit ${i}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
    pending.set(json.payload.evaluation_id, judge);
  };
  // Clients submit concurrently (a few requests in flight), as an API's callers would.
  for (let i = 0; i < n; i += 8) await Promise.all(Array.from({ length: Math.min(8, n - i) }, (_, k) => submitOne(i + k)));
  const submitted = Date.now();
  const statuses: Record<string, number> = {};
  // Every pending evaluation is read every 250 ms: these status reads share workerd's one thread (and D1)
  // with the consumer, so their count is printed beside the figure.
  let reads = 0;
  while (pending.size) {
    await new Promise((r) => setTimeout(r, 250));
    for (const [id, judge] of [...pending]) {
      reads += 1;
      const json: any = await (await fetchWorker(`${BASE}/v2/judge/${judge}/${id}`, { headers })).json();
      const status = json.payload?.status;
      if (status && status !== "pending") {
        statuses[`${judge}:${status}`] = (statuses[`${judge}:${status}`] ?? 0) + 1;
        pending.delete(id);
      }
    }
    if (Date.now() - started > 25 * 60 * 1000) throw new Error(`${pending.size} evaluations still pending after 25 minutes`);
  }
  const minutes = (Date.now() - started) / 60_000;
  console.log(
    `\nThroughput in workerd (Worker fetch -> D1 + judge-jobs queue -> verification, local engine -> settled): ${n} evaluations ` +
      `(LLM and agent alternately) in ${(minutes * 60).toFixed(1)} s (submission ${((submitted - started) / 1000).toFixed(1)} s): ` +
      `${Math.round(n / minutes)} evaluations per minute; settled ${JSON.stringify(statuses)}; ${reads} status reads (GET) meanwhile`,
  );
});
