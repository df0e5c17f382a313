// npm run bench:judge: bundles bench/judges/bench.ts (the same engine modules the Worker's local
// provider runs) with the esbuild that wrangler ships, then runs it under Node and prints every figure.
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const out = join(mkdtempSync(join(tmpdir(), "bench-judge-")), "bench.mjs");
execFileSync("node_modules/.bin/esbuild", ["bench/judges/bench.ts", "--bundle", "--platform=node", "--format=esm", `--outfile=${out}`, "--log-level=warning"], { stdio: "inherit" });
execFileSync(process.execPath, [out], { stdio: "inherit", env: process.env });
