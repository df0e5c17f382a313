// npm run bench:judge: the judges' local engine on FinanceBench oracle answers (passage as the only
// reference, gold answer withheld) and FaithBench summaries (source as the reference). Calibration uses
// the first half only (FinanceBench: rows whose financebench_id is in the first half of the sorted
// distinct ids; FaithBench: the first half of the rows in file order); figures are printed for the
// held-back half and for all rows. The rules (src/judges/engine/grade.ts RULES and the thresholds
// below) were frozen before the held-back half was first scored.
import { appendFileSync, readdirSync, readFileSync } from "node:fs";
import { gradeAnswer, RULES } from "../../src/judges/engine/grade";
import { assessClaims, extractAnswerClaims } from "../../src/judges/engine/assess";
import { perturbations } from "./perturb";

const DATA = process.env.JUDGE_BENCH_DATA ?? "/work/shared/data";
/** The service's PASS/FAIL reading: overall_score >= PASS_THRESHOLD reads PASS (stated in README). */
export const PASS_THRESHOLD = Number(process.env.PASS_THRESHOLD ?? 4);
/** FaithBench: scores.grounding >= GROUNDED_THRESHOLD reads grounded (stated in README). */
export const GROUNDED_THRESHOLD = Number(process.env.GROUNDED_THRESHOLD ?? 5);
// Tuning hook (calibration only): JUDGE_RULES='{"novelEntityPenalty":0.05}' overrides frozen rules for one run.
Object.assign(RULES, JSON.parse(process.env.JUDGE_RULES ?? "{}"));
const DUMP = process.env.JUDGE_BENCH_DUMP;
const SPLIT = process.env.SPLIT ?? "all"; // "calibration" prints only the calibration half (used while tuning)

interface FbRow { financebench_id: string; question: string; passage: string; model_answer: string; label: "PASS" | "FAIL" | "REFUSAL" }

function auroc(pos: number[], neg: number[]): number {
  let wins = 0;
  for (const p of pos) for (const n of neg) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return pos.length && neg.length ? wins / (pos.length * neg.length) : NaN;
}

function balancedAccuracy(posOk: number, posN: number, negOk: number, negN: number): number {
  return (posOk / posN + negOk / negN) / 2;
}

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; }
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") { row.push(field); field = ""; }
    else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field); rows.push(row); row = []; field = "";
    } else field += c;
  }
  if (field || row.length) { row.push(field); rows.push(row); }
  return rows.filter((r) => r.length > 1);
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
/** JUDGE_BENCH_DIGITS=5 prints the figures to five places (a change of one row moves the oracle AUROC by less than 0.001). */
const f3 = (x: number) => x.toFixed(Number(process.env.JUDGE_BENCH_DIGITS ?? 3));

interface ScoredAnswer { label: FbRow["label"]; overall: number; grounding: number; excluded: boolean; half: "calibration" | "held-back" }

/** The oracle pairs and the calibration half of their question ids (the first half of the sorted distinct ids). */
function oraclePairs() {
  const rows: FbRow[] = readFileSync(`${DATA}/financebench_labeled_answers/derived_oracle_judge_pairs.jsonl`, "utf8").trim().split("\n").map((l) => JSON.parse(l));
  const ids = [...new Set(rows.map((r) => r.financebench_id))].sort();
  return { rows, ids, calibrationIds: new Set(ids.slice(0, Math.ceil(ids.length / 2))) };
}

/** One answer through both local engines: the LLM judge's grade and the agent judge's exclusion. */
function scoreAnswer(r: { financebench_id: string; question: string; answer: string; passage: string; label: FbRow["label"] }, calibrationIds: Set<string>): ScoredAnswer {
  const grade = gradeAnswer({ query: r.question, answer: r.answer, references: [r.passage], evidence: [], verdicts: { supported: 0, contradicted: 0, unresolved: 0 } });
  const claims = extractAnswerClaims({ query: r.question, answer: r.answer });
  // JUDGE_BENCH_DUMP=<file>: each scored answer appended as a line, to compare two runs row by row.
  if (DUMP) appendFileSync(DUMP, `${r.financebench_id}\t${r.label}\t${grade.factuality}/${grade.completeness}/${grade.relevance}/${grade.grounding}\t${r.answer.slice(0, 100).replace(/\s+/g, " ")}\n`);
  return {
    label: r.label,
    overall: (grade.factuality + grade.completeness + grade.relevance + grade.grounding) / 4,
    grounding: grade.grounding,
    excluded: claims.refusal || !claims.claims.some((c) => c.material),
    half: calibrationIds.has(r.financebench_id) ? "calibration" : "held-back",
  };
}

function printParts(scored: ScoredAnswer[]) {
  for (const part of ["calibration", "held-back", "all"]) {
    if (SPLIT === "calibration" && part !== "calibration") continue;
    const set = scored.filter((r) => part === "all" || r.half === part);
    const pass = set.filter((r) => r.label === "PASS");
    const fail = set.filter((r) => r.label === "FAIL");
    const refusal = set.filter((r) => r.label === "REFUSAL");
    const passOk = pass.filter((r) => r.overall >= PASS_THRESHOLD).length;
    const failOk = fail.filter((r) => r.overall < PASS_THRESHOLD).length;
    console.log(
      `  ${part.padEnd(11)} PASS ${pass.length} FAIL ${fail.length} REFUSAL ${refusal.length} | AUROC overall_score ${f3(auroc(pass.map((r) => r.overall), fail.map((r) => r.overall)))}` +
        ` grounding ${f3(auroc(pass.map((r) => r.grounding), fail.map((r) => r.grounding)))}` +
        ` | balanced accuracy (overall_score >= ${PASS_THRESHOLD} reads PASS) ${f3(balancedAccuracy(passOk, pass.length, failOk, fail.length))}` +
        ` | agent excludes ${refusal.filter((r) => r.excluded).length}/${refusal.length} REFUSAL (${pct(refusal.filter((r) => r.excluded).length / Math.max(1, refusal.length))}), ${pass.filter((r) => r.excluded).length} PASS rows excluded`,
    );
  }
}

function financeBench() {
  const { rows, ids, calibrationIds } = oraclePairs();
  const scored = rows.map((r) => scoreAnswer({ ...r, answer: r.model_answer }, calibrationIds));
  console.log(`\nFinanceBench oracle pairs: ${rows.length} rows (${ids.length} distinct ids; calibration = first ${calibrationIds.size} sorted ids)`);
  printParts(scored);
}

/**
 * A second, larger held-out check: the 12 non-oracle answer files of the same data set (closed book, in
 * context, single and shared vector store; 1,800 answers, labelled like the oracle files), each answer
 * scored against the evidence passage of its question. Their held-back ids were never used for tuning (the
 * calibration ids were: see RULES in engine/grade.ts), so that row is the least biased figure printed here.
 * These answers were not written from the passage, so FAIL rows are easier to tell apart than in the oracle
 * pairs; the figure measures generalisation of the same engine, not the metric.
 */
function otherAnswerFiles() {
  const dir = `${DATA}/financebench_labeled_answers`;
  const { rows: pairs, calibrationIds } = oraclePairs();
  const passages = new Map(pairs.map((r) => [r.financebench_id, r.passage]));
  const labels: Record<string, FbRow["label"]> = { "Correct Answer": "PASS", "Incorrect Answer": "FAIL", Refusal: "REFUSAL" };
  const files = readdirSync(dir).filter((f) => f.endsWith(".jsonl") && !f.startsWith("derived") && !f.includes("oracle")).sort();
  const scored = files.flatMap((f) =>
    readFileSync(`${dir}/${f}`, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { financebench_id: string; question: string; model_answer: string | null; label: string })
      .filter((r) => r.model_answer && passages.has(r.financebench_id) && labels[r.label])
      .map((r) => scoreAnswer({ ...r, answer: r.model_answer!, passage: passages.get(r.financebench_id)!, label: labels[r.label] }, calibrationIds)),
  );
  console.log(`\nFinanceBench, the ${files.length} non-oracle answer files (${scored.length} answers; the passage of the question as the only reference; same id halves)`);
  printParts(scored);
}

function faithBench() {
  const [header, ...rows] = parseCsv(readFileSync(`${DATA}/faithbench/FaithBench.csv`, "utf8"));
  const col = (name: string) => header.indexOf(name);
  const half = Math.ceil(rows.length / 2);
  const scored = rows.map((r, i) => {
    const grade = gradeAnswer({ query: "Summarize the passage.", answer: r[col("summary")], references: [r[col("source")]], evidence: [], verdicts: { supported: 0, contradicted: 0, unresolved: 0 } });
    return { label: r[col("worst-label")], grounding: grade.grounding, half: i < half ? "calibration" : "held-back" };
  });
  console.log(`\nFaithBench: ${rows.length} rows (calibration = first ${half} in file order); worst-label Consistent vs Unwanted; grounded when scores.grounding >= ${GROUNDED_THRESHOLD}`);
  for (const part of ["calibration", "held-back", "all"]) {
    if (SPLIT === "calibration" && part !== "calibration") continue;
    const set = scored.filter((r) => part === "all" || r.half === part);
    const pos = set.filter((r) => r.label === "Consistent");
    const neg = set.filter((r) => r.label === "Unwanted");
    const ba = balancedAccuracy(pos.filter((r) => r.grounding >= GROUNDED_THRESHOLD).length, pos.length, neg.filter((r) => r.grounding < GROUNDED_THRESHOLD).length, neg.length);
    console.log(`  ${part.padEnd(11)} Consistent ${pos.length} Unwanted ${neg.length} | balanced accuracy ${f3(ba)} | AUROC grounding ${f3(auroc(pos.map((r) => r.grounding), neg.map((r) => r.grounding)))}`);
  }
}

function throughput() {
  const { rows } = oraclePairs();
  const started = performance.now();
  for (const r of rows) {
    gradeAnswer({ query: r.question, answer: r.model_answer, references: [r.passage], evidence: [], verdicts: { supported: 0, contradicted: 0, unresolved: 0 } });
    const claims = extractAnswerClaims({ query: r.question, answer: r.model_answer });
    assessClaims({ query: r.question, references: [r.passage], claims: claims.claims.filter((c) => c.material).slice(0, 25).map((c) => ({ claim: c.claim, passages: [] })) });
  }
  const minutes = (performance.now() - started) / 60_000;
  console.log(`\nThroughput (local engine, one thread, grading + agent assessment per row, no D1/search): ${Math.round(rows.length / minutes)} evaluations per minute over ${rows.length} rows`);
}

financeBench();
otherAnswerFiles();
// Issue 19: correct answers of the calibration half made wrong in known ways (bench/judges/perturb.ts).
{
  const { rows, calibrationIds } = oraclePairs();
  perturbations(rows, calibrationIds);
}
faithBench();
if (SPLIT !== "calibration") throughput();
