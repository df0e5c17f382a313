// Throughput of the judges inside workerd: FinanceBench rows (passage as the reference) submitted through
// the Worker's fetch to POST /v2/judge/llm and /v2/judge/agent (alternately), each settled by the real
// judge-jobs queue consumer (verification against the local index, grading or assessment, D1 writes).
// Prints evaluations completed per minute from the first submission to the last settlement (the latest
// completed_at the Worker reports, so the polling interval does not round the figure up), and the D1 round
// trips of each part: submissions, status reads and the queue consumer. Last, what one local D1 round trip
// costs on this machine (200 x SELECT 1 with nothing else running), and so about how much of each pass the
// local database's own work was: printed beside the figures, not taken out of them.
// JUDGE_BENCH_JUDGES=llm (or agent) measures one judge alone.
//
// Polling (JUDGE_BENCH_POLL): "retry-after" (default) is a client that waits as the API says: the 202's
// Retry-After before its first read, each pending read's Retry-After before the next (the seconds until the
// evaluation is likely settled, from its place in the organization's queue; README, Judges). "backoff" is
// a client that ignores the header: each evaluation read 1 s after its submission, then at intervals growing
// by half up to 5 s, until it settles (this bench's default from session 9 to 28). "250ms" reads the pending
// evaluations one after another, every 250 ms (before session 9). Either way the reads share workerd's one
// thread and D1 with the consumer; their count is printed.
//
// What the figure is: one workerd thread serving the submissions, the reads and the consumer, with
// Miniflare's queue delivering one batch at a time (the next when the previous returns; Cloudflare runs up
// to max_concurrency consumer invocations at once, on other isolates). workerd's CPU seconds are the
// steadier measure on a shared machine (read /proc/<workerd pid>/stat while it runs).
//
// The index (JUDGE_BENCH_CORPUS): "financebench" (default) first indexes the FinanceBench corpus as external
// documents, as the search benchmark does (bench/lib/financebench.ts; its build time is printed and not
// counted), so the judges' searches read and rerank real candidates; the run then prints how many agent claims
// and LLM references got a primary source. "none" leaves the index empty (migrations only): every search finds
// nothing, verification ends unresolved and the agent searches each claim twice (alone, then with the question).
// @ts-expect-error: no Node type declarations in this project; workerd provides the module (nodejs_compat).
import { AsyncLocalStorage } from "node:async_hooks";
import { applyD1Migrations, createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { it } from "vitest";
import worker from "../../src/index";
import type { Env } from "../../src/core/env";
import { indexDocument } from "../../src/search/index";
import { jobTenant, searchPrimary } from "../../src/judges/sources";
import { forgetReadings } from "../../src/figures/text-cache";
import { loadFinanceBench } from "../lib/financebench";

const BASE = "https://bench.test";
const ADMIN = { Authorization: "Bearer bench-admin-token", "Content-Type": "application/json" };
const e = env as unknown as Record<string, any>;
/** JUDGE_BENCH_SHOW=contradicted prints each contradicted reference's explanation (FinanceBench's evidence pages are right by construction). */
const SHOW_CONTRADICTED = e.JUDGE_BENCH_SHOW === "contradicted";

/** Which part of the bench a D1 round trip belongs to: the request being served, else the queue consumer. */
type Part = "submit" | "status";
const part: { run<T>(store: Part, fn: () => T): T; getStore(): Part | undefined } = new AsyncLocalStorage();
const d1Calls = { submit: 0, status: 0, consumer: 0 };
/** Statements those round trips carried (a batch carries several). */
const d1Statements = { submit: 0, status: 0, consumer: 0 };
/**
 * Counts D1 round trips: every query or batch of a D1 binding goes through its session's _send (workerd's
 * d1-api), shared by every binding of the isolate, the consumer's included. False when workerd has no
 * such method (then no counts are printed).
 */
function countD1Calls(db: unknown): boolean {
  const session = (db as { alwaysPrimarySession?: object }).alwaysPrimarySession;
  const proto = session && (Object.getPrototypeOf(session) as { _send?: (...a: unknown[]) => unknown });
  const send = proto?._send;
  if (!proto || typeof send !== "function") return false;
  proto._send = function (this: unknown, ...args: unknown[]) {
    const to = part.getStore() ?? "consumer";
    d1Calls[to] += 1;
    // _send(endpoint, query, params, options): a batch's query is the array of its statements.
    d1Statements[to] += Array.isArray(args[1]) ? args[1].length : 1;
    return send.apply(this, args);
  };
  return true;
}

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

/** An answer's Retry-After in milliseconds, NaN without one. */
function retryAfterMs(res: Response): number {
  const seconds = res.headers.get("Retry-After");
  return seconds === null ? NaN : Number(seconds) * 1000;
}

/**
 * Drops the Worker's one JSON log line per request and per job before vitest carries it to Node over RPC
 * (about 3% of workerd's CPU in this bench, only for onConsoleLog to drop it there); in production these
 * lines go to the runtime's log stream. Other console output passes.
 */
function dropRequestLogs(): () => void {
  const log = console.log;
  console.log = (...args: unknown[]) => {
    if (typeof args[0] === "string" && (args[0].startsWith('{"request_id"') || args[0].startsWith('{"job"'))) return;
    log(...args);
  };
  return () => {
    console.log = log;
  };
}

it("judge throughput through the Worker", async () => {
  const restoreLog = dropRequestLogs();
  await applyD1Migrations(e.DB, e.TEST_MIGRATIONS);
  await applyD1Migrations(e.MARKET_DB, e.TEST_MARKET_MIGRATIONS);
  const corpus = String(e.JUDGE_BENCH_CORPUS ?? "financebench");
  if (corpus !== "financebench" && corpus !== "none") throw new Error(`JUDGE_BENCH_CORPUS must be financebench or none, not ${corpus}`);
  let index = "empty index";
  if (corpus === "financebench") {
    // External documents (organization "external"): every tenant's external or all search reads them.
    const t0 = Date.now();
    const { corpus: documents } = await loadFinanceBench(e.BENCH_DATA);
    await scheduler.wait(0); // workerd's clock moves on I/O only: let it pass the last PDF's text extraction
    const t1 = Date.now();
    for (const { doc, pages } of documents) await indexDocument(e.DB, doc, pages);
    const chunks = (await e.DB.prepare("SELECT count(*) AS n FROM search_chunks").first())!.n as number;
    index = `FinanceBench corpus: ${documents.length} documents, ${chunks} chunks`;
    console.log(
      `${index} (${documents.reduce((s, d) => s + d.pages.length, 0)} pages), built in ${((Date.now() - t0) / 1000).toFixed(1)} s ` +
        `(loading and PDF text ${((t1 - t0) / 1000).toFixed(1)} s, indexing ${((Date.now() - t1) / 1000).toFixed(1)} s); not counted in the throughput`,
    );
  }
  const { organization_id } = await admin("/admin/v1/organizations", { name: "Judge bench", entitlements: ["chat", "deep_research"] });
  const { user_id } = await admin("/admin/v1/users", { organization_id, email: "judge-bench@example.com", name: "Judge bench", onboarded: true });
  const { api_key } = await admin("/admin/v1/api_keys", { organization_id, kind: "organization", user_id });
  const pairs = await e.BENCH_DATA.fetch("http://d/financebench_labeled_answers/derived_oracle_judge_pairs.jsonl");
  if (!pairs.ok) throw new Error(`derived_oracle_judge_pairs.jsonl: ${pairs.status}`);
  const rows = (await pairs.text()).trim().split("\n").map((l: string) => JSON.parse(l));
  const n = Math.min(rows.length, Number(e.JUDGE_BENCH_ROWS ?? 300));
  const window = { end_time: "2025-01-01T00:00:00Z" };
  {
    // Before the clock starts: the judges' own primary search, as the bench's organization, on a few questions.
    const tenant = await jobTenant(e as unknown as Env, organization_id, user_id);
    const sample = rows.slice(0, Math.min(n, 20));
    let withHits = 0;
    for (const r of sample) if ((await searchPrimary(e as unknown as Env, tenant, r.question, "external", window)).length > 0) withHits += 1;
    console.log(`Index check (${index}): the judges' primary search (search_type external, as the bench's organization) found hits for ${withHits} of ${sample.length} questions`);
  }
  const headers = { "X-API-KEY": api_key, "Content-Type": "application/json" };
  // retry-after (the default): a client waiting as each answer's Retry-After says; backoff: one ignoring it.
  const poll = String(e.JUDGE_BENCH_POLL ?? "retry-after");
  if (poll !== "retry-after" && poll !== "backoff" && poll !== "250ms") throw new Error(`JUDGE_BENCH_POLL must be retry-after, backoff or 250ms, not ${poll}`);
  const counted = countD1Calls(e.DB);

  /** One measured pass over the first n rows: submitted, polled and settled as a client would. */
  const measure = async () => {
    const started = Date.now();
    const deadline = started + 25 * 60 * 1000;
    const statuses: Record<string, number> = {};
    let reads = 0;
    let lastCompleted = 0;
    /** Each settlement's completed_at, for the rate of the run's first and second halves. */
    const completedAt: number[] = [];
    /** For each settlement, how long after it the client read it (ms): what its Retry-After cost it in waiting. */
    const lateness: number[] = [];
    /** What the settled evaluations found in the index: agent claims with a source, LLM references with evidence. */
    const found = { agentEvaluations: 0, agentSourced: 0, claims: 0, claimsSourced: 0, llmEvaluations: 0, llmSourced: 0, references: 0, referencesWithEvidence: 0, verified: 0 };
    const verdicts: Record<string, number> = {};
    /** One status read: null once the evaluation has settled, else the answer's Retry-After in ms (NaN without one). */
    const read = async (id: string, judge: "llm" | "agent"): Promise<number | null> => {
      reads += 1;
      const { json, retryAfter }: { json: any; retryAfter: number } = await part.run("status", async () => {
        const res = await fetchWorker(`${BASE}/v2/judge/${judge}/${id}`, { headers });
        return { json: await res.json(), retryAfter: retryAfterMs(res) };
      });
      const status = json.payload?.status;
      if (!status || status === "pending") return retryAfter;
      statuses[`${judge}:${status}`] = (statuses[`${judge}:${status}`] ?? 0) + 1;
      lastCompleted = Math.max(lastCompleted, Date.parse(json.payload.completed_at));
      completedAt.push(Date.parse(json.payload.completed_at));
      lateness.push(Date.now() - Date.parse(json.payload.completed_at));
      if (judge === "agent" && json.payload.assessment) {
        const claims: { sources: unknown[] }[] = json.payload.assessment.claims ?? [];
        const sourced = claims.filter((c) => c.sources.length > 0).length;
        found.agentEvaluations += 1;
        found.agentSourced += sourced > 0 ? 1 : 0;
        found.claims += claims.length;
        found.claimsSourced += sourced;
      }
      if (judge === "llm" && json.payload.result) {
        const refs: { verdict: string; evidence: unknown[]; explanation: string }[] = json.payload.result.reference_verdicts ?? [];
        found.llmEvaluations += 1;
        found.llmSourced += refs.some((v) => v.evidence.length > 0) ? 1 : 0;
        found.references += refs.length;
        found.referencesWithEvidence += refs.filter((v) => v.evidence.length > 0).length;
        found.verified += json.payload.result.verified_reference_count ?? 0;
        for (const v of refs) verdicts[v.verdict] = (verdicts[v.verdict] ?? 0) + 1;
        if (SHOW_CONTRADICTED) for (const v of refs) if (v.verdict === "contradicted") console.log(`contradicted reference: ${v.explanation.slice(0, 400)}`);
      }
      return null;
    };
    /**
     * A client waiting on its evaluation. backoff: first read after 1 s, then every 1.5 times longer, at most
     * 5 s apart. retry-after: each wait the last answer's Retry-After (the 202's first), the backoff's where
     * an answer has none.
     */
    const waitFor = async (id: string, judge: "llm" | "agent", accepted: number) => {
      for (let wait = 1000, hint = accepted; ; wait = Math.min(5000, wait * 1.5)) {
        await scheduler.wait(poll === "retry-after" && !Number.isNaN(hint) ? hint : wait); // not setTimeout: vitest-pool-workers reads a stack trace on each call
        const next = await read(id, judge);
        if (next === null) return;
        hint = next;
        if (Date.now() > deadline) throw new Error(`evaluation ${id} still pending after 25 minutes`);
      }
    };
    const pending = new Map<string, "llm" | "agent">();
    const waiting: Promise<void>[] = [];
    const submitOne = async (i: number) => {
      const r = rows[i];
      const judges = String(e.JUDGE_BENCH_JUDGES ?? "llm,agent").split(",") as ("llm" | "agent")[];
      const judge = judges[i % judges.length];
      const body = { query: r.question, answer: r.model_answer, references: [{ title: r.doc_name, content: r.passage }], time_window: window };
      const res = await part.run("submit", () => fetchWorker(`${BASE}/v2/judge/${judge}`, { method: "POST", headers, body: JSON.stringify(body) }));
      const json: any = await res.json();
      if (res.status !== 202) throw new Error(`submit ${i}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
      if (poll !== "250ms") waiting.push(waitFor(json.payload.evaluation_id, judge, retryAfterMs(res)));
      else pending.set(json.payload.evaluation_id, judge);
    };
    // Clients submit concurrently (a few requests in flight), as an API's callers would.
    for (let i = 0; i < n; i += 8) await Promise.all(Array.from({ length: Math.min(8, n - i) }, (_, k) => submitOne(i + k)));
    const submitted = Date.now();
    await Promise.all(waiting);
    while (pending.size) {
      await scheduler.wait(250);
      for (const [id, judge] of [...pending]) if ((await read(id, judge)) === null) pending.delete(id);
      if (Date.now() > deadline) throw new Error(`${pending.size} evaluations still pending after 25 minutes`);
    }
    return { started, submitted, lastCompleted, completedAt, lateness, statuses, reads, found, verdicts };
  };
  type Pass = Awaited<ReturnType<typeof measure>>;
  /** Prints a pass's figure, its halves and what its evaluations found in the index. */
  const report = (label: string, { started, submitted, lastCompleted, completedAt, lateness, statuses, reads, found, verdicts }: Pass) => {
    const seen = (Date.now() - started) / 1000;
    const minutes = (lastCompleted - started) / 60_000;
    const perEval = (x: number) => (x / n).toFixed(2);
    console.log(
      `\n${label} (Worker fetch -> D1 + judge-jobs queue -> verification, local engine -> settled), ${index}: ${n} evaluations ` +
        `(${String(e.JUDGE_BENCH_JUDGES ?? "llm,agent")}) settled ${(minutes * 60).toFixed(1)} s after the first submission ` +
        `(submission ${((submitted - started) / 1000).toFixed(1)} s, last settlement seen at ${seen.toFixed(1)} s): ` +
        `${Math.round(n / minutes)} evaluations per minute; settled ${JSON.stringify(statuses)}; ${reads} status reads (GET, polling ${poll})` +
        (counted
          ? `; D1 round trips: consumer ${d1Calls.consumer} (${perEval(d1Calls.consumer)} per evaluation, ${perEval(d1Statements.consumer)} statements), submissions ${d1Calls.submit} ` +
            `(${perEval(d1Calls.submit)} each), status reads ${d1Calls.status} (${(d1Calls.status / Math.max(1, reads)).toFixed(2)} each)`
          : ""),
    );
    // The run's halves apart. The 300 rows are two answers to each of 150 questions, the second answers after
    // all the first: the first half holds the isolate's cold start (new code, each reference's and passage's
    // first reading, the submissions themselves); the second judges other answers against references and
    // passages read already. Reported beside the figure above, not for it.
    const settledAt = [...completedAt].sort((a, b) => a - b);
    const half = Math.floor(settledAt.length / 2);
    if (half > 0) {
      const rate = (count: number, from: number, to: number) => Math.round(count / Math.max((to - from) / 60_000, 1e-6));
      console.log(
        `By halves of the settlements: the first ${half} in ${((settledAt[half - 1] - started) / 1000).toFixed(1)} s (${rate(half, started, settledAt[half - 1])}/min), ` +
          `the other ${settledAt.length - half} (their sources read already) in ${((settledAt.at(-1)! - settledAt[half - 1]) / 1000).toFixed(1)} s (${rate(settledAt.length - half, settledAt[half - 1], settledAt.at(-1)!)}/min)`,
      );
    }
    const late = [...lateness].sort((a, b) => a - b);
    const at = (q: number) => (late[Math.min(late.length - 1, Math.floor(q * late.length))] / 1000).toFixed(2);
    if (late.length > 0) console.log(`Clients saw each settlement (${poll}) after p50 ${at(0.5)} s, p90 ${at(0.9)} s, at most ${at(1)} s; ${(reads / n).toFixed(2)} status reads per evaluation`);
    const judged = String(e.JUDGE_BENCH_JUDGES ?? "llm,agent").split(",");
    const sources = [
      judged.includes("agent")
        ? `agent: ${found.claimsSourced} of ${found.claims} claims had at least one source (${found.agentSourced} of ${found.agentEvaluations} evaluations with an assessment had a sourced claim)`
        : "",
      judged.includes("llm")
        ? `LLM: ${found.referencesWithEvidence} of ${found.references} references had evidence (${found.llmSourced} of ${found.llmEvaluations} graded evaluations), ` +
          `verified_reference_count total ${found.verified}, verdicts ${JSON.stringify(verdicts)}`
        : "",
    ].filter(Boolean);
    console.log(`Primary sources found (${index}): ${sources.join("; ")}`);
  };
  /** Each pass's D1 round trips (all parts) and seconds from its first submission to its last settlement. */
  const passes: { label: string; roundTrips: number; seconds: number }[] = [];
  const countPass = (label: string, p: Pass) =>
    passes.push({ label, roundTrips: d1Calls.consumer + d1Calls.submit + d1Calls.status, seconds: (p.lastCompleted - p.started) / 1000 });
  const cold = await measure();
  report(`Throughput in workerd`, cold);
  countPass("cold", cold);
  // The same measure on an isolate whose code has run (a deployed isolate serves for hours): the same rows
  // submitted again as new evaluations, with every text reading forgotten first, so each reference, passage
  // and chunk is read afresh; what stays warm is compiled code, the key's lease and account rows, and D1's
  // own pages. JUDGE_BENCH_WARM=0 skips it.
  if (e.JUDGE_BENCH_WARM !== "0") {
    forgetReadings();
    for (const k of Object.keys(d1Calls) as (keyof typeof d1Calls)[]) {
      d1Calls[k] = 0;
      d1Statements[k] = 0;
    }
    const warm = await measure();
    report(`Throughput in workerd, warm isolate (the same ${n} rows again: code compiled by the pass above, every text reading forgotten)`, warm);
    countPass("warm", warm);
  }
  if (counted) {
    // What a round trip to local D1 costs here, with nothing else running: the D1 simulation (a Durable Object
    // running SQLite) shares the machine with the Worker, where deployed D1 runs on its own. Printed beside the
    // figures (not taken out of them), so a reader can tell the Worker's work from the local database's.
    await e.DB.prepare("SELECT 1").first();
    const t = Date.now();
    for (let i = 0; i < 200; i++) await e.DB.prepare("SELECT 1").first();
    const ms = (Date.now() - t) / 200;
    console.log(
      `Local D1: a round trip (SELECT 1, nothing else running) takes ${ms.toFixed(2)} ms here; ` +
        passes.map((p) => `the ${p.label} pass's ${p.roundTrips} round trips about ${((p.roundTrips * ms) / 1000).toFixed(1)} s of its ${p.seconds.toFixed(1)} s`).join(", "),
    );
  }
  restoreLog();
});
