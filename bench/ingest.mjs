#!/usr/bin/env node
// npm run bench:ingest — parse throughput, peak memory and time-to-success of the real source flow.
// Starts `wrangler dev` (workerd, local bindings, fresh state in a temp dir), uploads the 7 FinanceBench
// PDFs one at a time through the public API and reads the parse job's own log line (pages, parse_ms).
// Memory: the workerd process's peak RSS (VmHWM from /proc) before the first and after each job; jobs run
// one at a time, so the growth of the peak over the idle baseline bounds the memory of one job.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { benchOrganization, benchState, root, startWranglerDev, waitReady } from "./lib/wrangler-dev.mjs";

const pdfDir = process.env.FINANCEBENCH_PDFS ?? join(root, "..", "shared", "data", "financebench", "pdfs");
const port = Number(process.env.BENCH_PORT ?? 8791);
const runsOfLargest = Number(process.env.BENCH_RUNS ?? 5);

if (!existsSync(pdfDir)) {
  console.error(`No PDFs at ${pdfDir} (set FINANCEBENCH_PDFS)`);
  process.exit(2);
}

const logs = [];
const { state, varsFile } = benchState("bench-ingest-");
const { base, child, stop } = startWranglerDev({
  port,
  state,
  varsFile,
  onLine: (line) => {
    const at = line.indexOf('{"job":"document.parse"');
    if (at >= 0) logs.push(JSON.parse(line.slice(at).trim()));
  },
});

/** workerd processes started by our wrangler dev (descendants of its process group leader). */
function workerdPids() {
  const parent = new Map();
  const comm = new Map();
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      comm.set(d, stat.slice(stat.indexOf("(") + 1, close));
      parent.set(d, stat.slice(close + 2).split(" ")[1]);
    } catch {}
  }
  const isOurs = (pid) => {
    for (let p = pid, hops = 0; p && p !== "0" && hops < 20; p = parent.get(p), hops++) if (p === String(child.pid)) return true;
    return false;
  };
  return [...comm].filter(([pid, name]) => name === "workerd" && isOurs(pid)).map(([pid]) => pid);
}

function peakRssMb() {
  let peak = 0;
  for (const pid of workerdPids()) {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    if (m) peak = Math.max(peak, Number(m[1]) / 1024);
  }
  return peak;
}

async function api(path, init = {}) {
  const res = await fetch(`${base}${path}`, init);
  const body = res.headers.get("content-type")?.includes("json") ? await res.json() : await res.text();
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
await waitReady(base, 60_000);
const { apiKey: api_key } = await benchOrganization(base, "Ingest bench");
const keyed = (path, body) => api(path, { method: body ? "POST" : "GET", headers: { "X-API-KEY": api_key, "Content-Type": "application/json" }, body: body ? JSON.stringify(body) : undefined });

async function ingest(file) {
  const bytes = readFileSync(join(pdfDir, file));
  const batch = (await keyed("/v1/source_batches", {})).payload.source_batch_id;
  const up = (await keyed("/v1/sources/upload_url", { source_batch_id: batch, file_name: file, content_type: "application/pdf", size: bytes.byteLength })).payload;
  const put = await fetch(up.upload_url, { method: "PUT", body: bytes, headers: { "Content-Type": "application/pdf" } });
  if (!put.ok) throw new Error(`PUT ${file}: ${put.status}`);
  const started = performance.now();
  const source = await keyed("/v1/sources", { source_batch_id: batch, name: file, file_key: up.file_key });
  for (;;) {
    const status = await keyed(`/v1/sources/${source.source_id}`);
    if (status.status !== "processing") {
      const seconds = (performance.now() - started) / 1000;
      for (let i = 0; i < 40 && !logs.find((l) => l.document_id === source.source_id); i++) await sleep(50);
      return { status: status.status, seconds, log: logs.find((l) => l.document_id === source.source_id) };
    }
    await sleep(100);
  }
}

const files = readdirSync(pdfDir).filter((f) => f.endsWith(".pdf")).sort((a, b) => readFileSync(join(pdfDir, a)).byteLength - readFileSync(join(pdfDir, b)).byteLength);
// Memory first, in the fresh process: the peak RSS is monotonic, so one job on an idle workerd shows
// what that job needed (the largest PDF: the worst case).
const baseline = peakRssMb();
const largestFirst = await ingest(files[files.length - 1]);
const oneJobPeak = peakRssMb();
console.log(`workerd idle peak RSS: ${baseline.toFixed(0)} MB; after one job (${files[files.length - 1]}, ${largestFirst.log?.pages} pages): ${oneJobPeak.toFixed(0)} MB`);
console.log("file                                         pages  bytes      parse_ms  pages/s  index_ms  to_success_s  peak_rss_MB");
let totalPages = 0;
let totalParseMs = 0;
for (const file of files) {
  const r = await ingest(file);
  const peak = peakRssMb();
  const l = r.log ?? {};
  totalPages += l.pages ?? 0;
  totalParseMs += l.parse_ms ?? 0;
  console.log(
    `${file.padEnd(44)} ${String(l.pages ?? "?").padStart(5)}  ${String(l.bytes ?? "?").padEnd(9)}  ${String(l.parse_ms ?? "?").padStart(8)}  ${l.pages ? ((l.pages / Math.max(1, l.parse_ms)) * 1000).toFixed(0).padStart(7) : "      ?"}  ${String(l.index_ms ?? "?").padStart(8)}  ${r.seconds.toFixed(2).padStart(12)}  ${peak.toFixed(0).padStart(11)}  ${r.status}`,
  );
}
const largest = files[files.length - 1];
const times = [];
for (let i = 0; i < runsOfLargest; i++) times.push((await ingest(largest)).seconds);
times.sort((a, b) => a - b);
const p95 = times[Math.min(times.length - 1, Math.ceil(0.95 * times.length) - 1)];
console.log("");
console.log(`parse throughput: ${totalPages} pages in ${(totalParseMs / 1000).toFixed(2)} s = ${((totalPages / totalParseMs) * 1000).toFixed(1)} pages/s (target >= 50)`);
console.log(`peak memory of one job: workerd peak RSS +${(oneJobPeak - baseline).toFixed(0)} MB over the idle ${baseline.toFixed(0)} MB for the largest PDF on a fresh process (Worker limit 128 MB; RSS also counts V8 garbage not yet collected, so it overstates the isolate's live heap)`);
console.log(`POST /v1/sources -> success for ${largest}, ${runsOfLargest} runs: p50 ${times[Math.floor(times.length / 2)].toFixed(2)} s, p95 ${p95.toFixed(2)} s (target p95 <= 10 s)`);
stop();
process.exit(0);
