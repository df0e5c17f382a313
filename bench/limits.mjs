#!/usr/bin/env node
// npm run bench:limits: POST /v2/judge/llm latency of the largest accepted and refused submissions (ASCII
// prose, dense CJK, emoji; bench/limits/inputs.ts) through `wrangler dev` (workerd, local bindings, fresh
// state in a temp dir), timed from Node: in workerd a Worker's own clock stands still while it computes.
// Each POST is timed alone (as the control is), through wrangler dev's proxy and straight to the Worker's own socket; then it is sent again while GET /healthz goes to the same isolate,
// one after another 2 ms apart: their latency shows how long the size check holds the isolate. The Worker's own
// share is the POST's time minus the control's (the same bytes through wrangler dev, refused before the check). JUDGE_QUEUE sends to a queue nothing consumes, so no judge run
// of these large submissions shares the isolate with the POSTs being timed. The size check alone
// (enforceSizeCaps on the same bodies, bundled for Node) is timed too, to tell it from the rest of the POST.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";
import { benchOrganization, benchState, root, startWranglerDev, waitReady } from "./lib/wrangler-dev.mjs";

const port = Number(process.env.BENCH_PORT ?? 8795);
const runs = Number(process.env.LIMITS_BENCH_RUNS ?? 30);
const { state, varsFile } = benchState("bench-limits-");

// The inputs are sized with the Worker's own token counter: bundle them for Node.
const inputsFile = join(state, "inputs.mjs");
execFileSync(join(root, "node_modules", ".bin", "esbuild"), ["bench/limits/inputs.ts", "--bundle", "--platform=node", "--format=esm", `--outfile=${inputsFile}`, "--log-level=warning"], { cwd: root, stdio: "inherit" });
const { cases, describe, timeSizeCheck } = await import(inputsFile);

// wrangler.toml with absolute paths and JUDGE_QUEUE sent to an unconsumed queue.
let config = readFileSync(join(root, "wrangler.toml"), "utf8");
const replace = (from, to) => {
  if (!config.includes(from)) throw new Error(`wrangler.toml: ${from} not found`);
  config = config.split(from).join(to);
};
replace('main = "src/index.ts"', `main = "${join(root, "src/index.ts")}"`);
replace('migrations_dir = "migrations/db"', `migrations_dir = "${join(root, "migrations/db")}"`);
replace('migrations_dir = "migrations/market"', `migrations_dir = "${join(root, "migrations/market")}"`);
replace('binding = "JUDGE_QUEUE"\nqueue = "judge-jobs"\n', 'binding = "JUDGE_QUEUE"\nqueue = "judge-jobs-bench-unconsumed"\n');
const configFile = join(state, "wrangler.toml");
writeFileSync(configFile, config);
const { base, stop, directTarget } = startWranglerDev({ port, state, varsFile, configFile, direct: true });

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const f = (ms) => ms.toFixed(1);

async function timedHealth() {
  const t = performance.now();
  const res = await fetch(`${base}/healthz`);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`healthz ${res.status}`);
  return performance.now() - t;
}

try {
  await waitReady(base);
  // The Worker's own socket in workerd, without wrangler dev's proxy Worker in front (as a deployed Worker
  // is reached): the same POSTs are timed there too.
  const direct = await Promise.race([directTarget, new Promise((_, reject) => setTimeout(() => reject(new Error("no userWorkerUrl in wrangler's debug log")), 90_000))]);
  const { apiKey: api_key } = await benchOrganization(base, "Limits bench");
  const headers = { "X-API-KEY": api_key, "Content-Type": "application/json" };
  for (let i = 0; i < 20; i++) await timedHealth(); // warm the connection and the isolate

  const idle = [];
  for (let i = 0; i < runs; i++) idle.push(await timedHealth());
  const lines = [];
  let cold = null;
  const loadBefore = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  // LIMITS_ONLY=<case name> runs one case (e.g. to profile it).
  for (const c of cases().filter((k) => !process.env.LIMITS_ONLY || k.name === process.env.LIMITS_ONLY)) {
    const payload = JSON.stringify(c.body);
    // Control: the same bytes minus time_window, refused by validation before the size check runs (transfer,
    // JSON parse and validation of this body through wrangler dev).
    const { time_window: _omitted, ...invalid } = c.body;
    const invalidPayload = JSON.stringify(invalid);
    const control = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      const res = await fetch(`${base}/v2/judge/llm`, { method: "POST", headers, body: invalidPayload });
      await res.arrayBuffer();
      if (res.status !== 400) throw new Error(`control ${c.name}: ${res.status}`);
      control.push(performance.now() - started);
    }
    // The POST timed alone, as the control is: the small requests below compete with it for the isolate.
    const post = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      const res = await fetch(`${base}/v2/judge/llm`, { method: "POST", headers, body: payload });
      const json = await res.json();
      const ms = performance.now() - started;
      if (res.status !== c.expect) throw new Error(`${c.name}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
      if (cold === null) cold = ms;
      else post.push(ms);
      if (process.env.LIMITS_BENCH_VERBOSE) console.log(c.name, run, f(ms), "ms");
    }
    // The same control and POST sent straight to the Worker's socket.
    const directControl = [];
    const directPost = [];
    const directHeaders = { ...headers, ...direct.headers };
    for (let run = 0; run < runs; run++) {
      for (const [body, into, status] of [[invalidPayload, directControl, 400], [payload, directPost, c.expect]]) {
        const started = performance.now();
        const res = await fetch(`${direct.base}/v2/judge/llm`, { method: "POST", headers: directHeaders, body });
        await res.arrayBuffer();
        if (res.status !== status) throw new Error(`direct ${c.name}: ${res.status}`);
        into.push(performance.now() - started);
      }
    }
    const during = [];
    for (let run = 0; run < runs; run++) {
      let done = false;
      const started = performance.now();
      const big = fetch(`${base}/v2/judge/llm`, { method: "POST", headers, body: payload }).then(async (res) => {
        const json = await res.json();
        done = true;
        return { res, json, ms: performance.now() - started };
      });
      // Small requests to the same isolate while the POST is in flight, one at a time, 2 ms apart.
      while (!done) {
        await new Promise((r) => setTimeout(r, 2));
        if (!done) during.push(await timedHealth());
      }
      const { res, json } = await big;
      if (res.status !== c.expect) throw new Error(`${c.name}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
      if (c.expect === 400 && json.error?.code !== "JUDGE_EVALUATION_TOO_LARGE") throw new Error(`${c.name}: ${json.error?.code}`);
    }
    const check = [];
    for (let i = 0; i < runs; i++) check.push(await timeSizeCheck(c));
    lines.push(
      `${c.name.padEnd(15)} ${c.expect}  POST p50 ${f(percentile(post, 50))} ms, p95 ${f(percentile(post, 95))} ms;  ` +
        `GET /healthz during it (${during.length}) p50 ${f(percentile(during, 50))} ms, p95 ${f(percentile(during, 95))} ms;  ` +
        `size check alone in Node p50 ${f(percentile(check, 50))} ms, p95 ${f(percentile(check, 95))} ms;  ` +
        `control POST p50 ${f(percentile(control, 50))} ms, p95 ${f(percentile(control, 95))} ms;  ` +
        `the Worker's own share (POST minus control) p50 ${f(percentile(post, 50) - percentile(control, 50))} ms, p95 ${f(percentile(post, 95) - percentile(control, 95))} ms;  ` +
        `DIRECT to the Worker's socket: POST p50 ${f(percentile(directPost, 50))} ms, p95 ${f(percentile(directPost, 95))} ms, control p50 ${f(percentile(directControl, 50))} ms, p95 ${f(percentile(directControl, 95))} ms   [${describe(c)}]`,
    );
  }
  console.log(
    `\nJudge size checks, POST /v2/judge/llm through wrangler dev (workerd), ${runs} POSTs per case, timed from Node ` +
      `(the very first POST, ${f(cold)} ms, includes loading the o200k vocabulary and is left out):\n${lines.join("\n")}\n` +
      `GET /healthz alone: p50 ${f(percentile(idle, 50))} ms, p95 ${f(percentile(idle, 95))} ms. Control: the same body without ` +
      `time_window, refused by validation before the size check. DIRECT: the same requests sent to the Worker's own socket in ` +
      `workerd (wrangler dev's proxy Worker left out, as a deployed Worker is reached). Load average before / after: ${loadBefore} / ` +
      `${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")} (${cpus().length} cores)\n`,
  );
} finally {
  stop();
}
