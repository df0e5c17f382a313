// The heap the readers' caches hold per character of text (src/figures/text-cache.ts), measured under Node
// (V8, as workerd) with --expose-gc on FinanceBench's evidence passages: each cache's values are built for
// every passage, and the heap after a full collection is compared with the heap before. Prints each measure
// beside the estimate the code uses for the shared budget (TEXT_CACHE_BYTES), and what the budget holds.
import { readFileSync } from "node:fs";
import { TABLE_BYTES_PER_CHAR, parseTables } from "../../src/figures/table";
import { READING_BYTES_PER_CHAR, readText } from "../../src/figures/context";
import { SOURCE_BYTES_PER_CHAR, prepareSource, warmSourceSteps } from "../../src/judges/engine/align";
import { CHUNK_WORDS_BYTES_PER_CHAR, chunkWords } from "../../src/search/rank";
import { indexTextSteps } from "../../src/figures/figure-index";
import { runSteps } from "../../src/figures/steps";
import { TEXT_CACHE_BYTES, textCacheUse } from "../../src/figures/text-cache";

declare const process: { env: Record<string, string | undefined>; memoryUsage(): { heapUsed: number } };
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc (npm run bench:memory does)");
const collect = gc;

const data = process.env.MEMORY_BENCH_DATA ?? "../shared/data";
const rows: { passage: string }[] = readFileSync(`${data}/financebench_labeled_answers/derived_oracle_judge_pairs.jsonl`, "utf8")
  .trim()
  .split("\n")
  .map((l) => JSON.parse(l));
const passages = [...new Set(rows.map((r) => r.passage))];
const chars = passages.reduce((s, p) => s + p.length, 0);

function heap(): number {
  collect();
  collect();
  return process.memoryUsage().heapUsed;
}

// Compiled code and the readers' word tables are not the caches': read 20 other texts (passages with a
// suffix, so the cache keys differ) before measuring. One measure a process (MEMORY_BENCH_PART), so that no
// earlier measure's entries are forgotten for room while this one is taken.
for (const p of passages.slice(0, 20)) {
  runSteps(warmSourceSteps(runSteps(prepareSource.steps(`${p} .`))));
  chunkWords(`${p} .`);
}

/** The heap `read` keeps per character, over texts made apart from it by `prepare` (which is not counted). */
function perChar(prepare: (text: string) => unknown, read: (text: string) => unknown, withText: boolean): number {
  const texts = withText ? [] : passages.map((p) => `${p} ~`);
  texts.forEach(prepare);
  const before = heap();
  const kept = withText ? passages.map((p) => read(`${p} ~`)) : texts.map(read);
  const after = heap();
  kept.length = 0;
  return (after - before) / chars;
}

const part = process.env.MEMORY_BENCH_PART ?? "tables";
const index = (t: string) => runSteps(indexTextSteps(readText(t)));
const parts: Record<string, { estimate: number; what: string; measure: () => number }> = {
  tables: { estimate: TABLE_BYTES_PER_CHAR, what: "a text and its parsed tables (parseTables)", measure: () => perChar(() => 0, (t) => parseTables(t), true) },
  figures: { estimate: READING_BYTES_PER_CHAR, what: "its figures in context and their indexes (readText)", measure: () => perChar((t) => parseTables(t), index, false) },
  source: {
    estimate: SOURCE_BYTES_PER_CHAR,
    what: "its reading as a source beyond those (prepareSource)",
    measure: () => perChar(index, (t) => runSteps(warmSourceSteps(runSteps(prepareSource.steps(t)))), false),
  },
  "chunk words": { estimate: CHUNK_WORDS_BYTES_PER_CHAR, what: "a chunk's text, lower-cased, and its words (search rank)", measure: () => perChar(() => 0, (t) => chunkWords(t), true) },
  all: {
    estimate: TABLE_BYTES_PER_CHAR + READING_BYTES_PER_CHAR + SOURCE_BYTES_PER_CHAR + CHUNK_WORDS_BYTES_PER_CHAR,
    what: "all four, as the judges read a chunk they found",
    measure: () => perChar(() => 0, (t) => [runSteps(warmSourceSteps(runSteps(prepareSource.steps(t)))), chunkWords(t)], true),
  },
};
const chosen = parts[part];
if (!chosen) throw new Error(`MEMORY_BENCH_PART must be one of ${Object.keys(parts).join(", ")}`);
const measured = chosen.measure();
const use = textCacheUse();
console.log(
  `${part.padEnd(12)} ${measured.toFixed(1).padStart(5)} bytes per character, estimate in code ${chosen.estimate}${measured > chosen.estimate * 1.1 ? " (ABOVE the estimate)" : ""}: ${chosen.what}` +
    (part === "all" ? `; the caches' estimate of what they hold: ${(use.bytes / 1e6).toFixed(1)} MB of the ${(use.budget / 1e6).toFixed(0)} MB budget, ${use.entries} entries` : ""),
);
