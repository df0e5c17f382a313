// npm run bench:memory: the heap each reader's cache holds per character of text, beside the estimates the
// shared budget of src/figures/text-cache.ts counts with. Bundles bench/memory/readings.ts with esbuild and
// runs it under Node (V8, as workerd) with --expose-gc, one process per measure. Reads FinanceBench's
// evidence passages from ../shared/data (MEMORY_BENCH_DATA to change).
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const out = join(mkdtempSync(join(tmpdir(), "bench-memory-")), "readings.mjs");
execFileSync("node_modules/.bin/esbuild", ["bench/memory/readings.ts", "--bundle", "--platform=node", "--format=esm", `--outfile=${out}`, "--log-level=warning"], { stdio: "inherit" });
for (const part of ["tables", "figures", "source", "chunk words", "all"]) {
  execFileSync(process.execPath, ["--expose-gc", out], { stdio: "inherit", env: { ...process.env, MEMORY_BENCH_PART: part } });
}
