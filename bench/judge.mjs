// npm run bench:judge: (1) accuracy: bundles bench/judges/bench.ts (the same engine modules the Worker's
// local provider runs) with the esbuild that wrangler ships and runs it under Node; (2) throughput: the
// Worker in workerd (bench/judge.vitest.config.mts), submissions through fetch settled by the real queue, run
// with an empty index and then with the FinanceBench corpus indexed (JUDGE_BENCH_CORPUS=none|financebench runs one).
// JUDGE_BENCH_WORKERD=0 skips the throughput part.
// SPLIT=calibration skips the held-back figures and the throughput run (used while tuning).
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const out = join(mkdtempSync(join(tmpdir(), "bench-judge-")), "bench.mjs");
execFileSync("node_modules/.bin/esbuild", ["bench/judges/bench.ts", "--bundle", "--platform=node", "--format=esm", `--outfile=${out}`, "--log-level=warning"], { stdio: "inherit" });
execFileSync(process.execPath, [out], { stdio: "inherit", env: process.env });
if (process.env.SPLIT !== "calibration" && process.env.JUDGE_BENCH_WORKERD !== "0") {
  // Twice, the empty index then the FinanceBench corpus, unless the caller names one (JUDGE_BENCH_CORPUS).
  for (const corpus of process.env.JUDGE_BENCH_CORPUS ? [process.env.JUDGE_BENCH_CORPUS] : ["none", "financebench"]) {
    execFileSync("node_modules/.bin/vitest", ["run", "--config", "bench/judge.vitest.config.mts"], { stdio: "inherit", env: { ...process.env, JUDGE_BENCH_CORPUS: corpus } });
  }
}
