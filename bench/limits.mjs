#!/usr/bin/env node
// npm run bench:limits: POST /v2/judge/llm latency of the largest accepted and refused submissions (ASCII
// prose, dense CJK, emoji; bench/limits/inputs.ts) through `wrangler dev` (workerd, local bindings, fresh
// state in a temp dir), timed from Node: in workerd a Worker's own clock stands still while it computes.
// While each POST is in flight GET /healthz goes to the same isolate, one after another 2 ms apart: its latency shows how
// long the size check holds the isolate. JUDGE_QUEUE sends to a queue nothing consumes, so no judge run
// of these large submissions shares the isolate with the POSTs being timed. The size check alone
// (enforceSizeCaps on the same bodies, bundled for Node) is timed too, to tell it from the rest of the POST.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const port = Number(process.env.BENCH_PORT ?? 8795);
const runs = Number(process.env.LIMITS_BENCH_RUNS ?? 30);
const base = `http://127.0.0.1:${port}`;
const state = mkdtempSync(join(tmpdir(), "bench-limits-"));
const quiet = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_HIDE_BANNER: "true", NO_COLOR: "1" };
const wrangler = join(root, "node_modules", ".bin", "wrangler");
const ADMIN = "bench-admin-token";

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
const varsFile = join(state, ".dev.vars");
writeFileSync(varsFile, `WORKERD_LOCAL=true\nADMIN_TOKEN=${ADMIN}\nKEY_TAG_SECRET=bench-key-tag-secret-0123456789\nURL_SIGNING_SECRET=bench-url-secret-0123456789\nRATE_LIMIT_PER_MINUTE=100000\n`);
for (const db of ["DB", "MARKET_DB"]) {
  const r = spawnSync(wrangler, ["d1", "migrations", "apply", db, "--local", "--persist-to", state, "--config", configFile], { cwd: root, env: quiet, encoding: "utf8" });
  if (r.status !== 0) throw new Error(r.stderr || r.stdout);
}

const child = spawn(wrangler, ["dev", "--config", configFile, "--ip", "127.0.0.1", "--port", String(port), "--inspector-port", String(port + 1000), "--persist-to", state, "--env-file", varsFile], { cwd: root, env: quiet, detached: true, stdio: "ignore" });
const stop = () => {
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {}
};
process.on("exit", stop);

async function waitReady() {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("wrangler dev did not start");
}

async function admin(path, body) {
  const res = await fetch(`${base}${path}`, { method: "POST", headers: { Authorization: `Bearer ${ADMIN}`, "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

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
  await waitReady();
  const { organization_id } = await admin("/admin/v1/organizations", { name: "Limits bench", entitlements: ["chat", "deep_research"] });
  const { user_id } = await admin("/admin/v1/users", { organization_id, email: "limits-bench@example.com", name: "Limits bench", onboarded: true });
  const { api_key } = await admin("/admin/v1/api_keys", { organization_id, kind: "organization", user_id });
  const headers = { "X-API-KEY": api_key, "Content-Type": "application/json" };
  for (let i = 0; i < 20; i++) await timedHealth(); // warm the connection and the isolate

  const idle = [];
  for (let i = 0; i < runs; i++) idle.push(await timedHealth());
  const lines = [];
  let cold = null;
  const loadBefore = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  for (const c of cases()) {
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
    const post = [];
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
      const { res, json, ms } = await big;
      if (res.status !== c.expect) throw new Error(`${c.name}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
      if (c.expect === 400 && json.error?.code !== "JUDGE_EVALUATION_TOO_LARGE") throw new Error(`${c.name}: ${json.error?.code}`);
      if (cold === null) cold = ms;
      else post.push(ms);
      if (process.env.LIMITS_BENCH_VERBOSE) console.log(c.name, run, f(ms), "ms");
    }
    const check = Array.from({ length: runs }, () => timeSizeCheck(c));
    lines.push(
      `${c.name.padEnd(15)} ${c.expect}  POST p50 ${f(percentile(post, 50))} ms, p95 ${f(percentile(post, 95))} ms;  ` +
        `GET /healthz during it (${during.length}) p50 ${f(percentile(during, 50))} ms, p95 ${f(percentile(during, 95))} ms;  ` +
        `size check alone in Node p50 ${f(percentile(check, 50))} ms, p95 ${f(percentile(check, 95))} ms;  ` +
        `control POST p50 ${f(percentile(control, 50))} ms, p95 ${f(percentile(control, 95))} ms   [${describe(c)}]`,
    );
  }
  console.log(
    `\nJudge size checks, POST /v2/judge/llm through wrangler dev (workerd), ${runs} POSTs per case, timed from Node ` +
      `(the very first POST, ${f(cold)} ms, includes loading the o200k vocabulary and is left out):\n${lines.join("\n")}\n` +
      `GET /healthz alone: p50 ${f(percentile(idle, 50))} ms, p95 ${f(percentile(idle, 95))} ms. Control: the same body without ` +
      `time_window, refused by validation before the size check. Load average before / after: ${loadBefore} / ` +
      `${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")} (${cpus().length} cores)\n`,
  );
} finally {
  stop();
}
