// FinanceBench chat benchmark (run by `npm run bench:chat`): for each of the 150 questions, the app's search
// (searchChunks, top BENCH_TOP_K passages) and the answer engine (answerPieces with the configured provider,
// local by default, grounding guard included), then: is an evidence page among the cited passages, are the
// answer's figures carried by the passages it cites, does the answer state the gold figure or conclusion.
// Printed for the tuning half and the held-back half separately (bench/chat-split.ts); only tuning-half
// questions are ever printed one by one (BENCH_VERBOSE=1).
import { env } from "cloudflare:test";
import { it } from "vitest";
import type { Env } from "../src/core/env";
import type { Tenant } from "../src/core/auth";
import { indexDocument, searchChunks, type SearchHit } from "../src/search/index";
import { answerPieces } from "../src/chat/answer";
import { FLAG, groundSentence } from "../src/chat/grounding";
import { NOT_IN_DOCUMENTS } from "../src/chat/local-answer";
import { statementFigures } from "../src/figures/context";
import { quantities, type Quantity } from "../src/figures/numbers";
import { contentStems } from "../src/figures/text";
import { loadFinanceBench, type Question } from "./lib/financebench";
import { inTuningHalf } from "./chat-split";

const benchEnv = env as unknown as Env & { BENCH_DATA: Fetcher; BENCH_SIZES: string; BENCH_VERBOSE: string; BENCH_TOP_K: string; BENCH_DUMP: string; TEST_MIGRATIONS: import("@cloudflare/vitest-pool-workers").D1Migration[] };

const tenant: Tenant = {
  organizationId: "11111111-1111-4111-8111-111111111111",
  user: { id: "22222222-2222-4222-8222-222222222222", email: "bench@example.com", name: "Bench", onboarded: true },
  keyKind: "organization",
  keyId: "bench",
  entitlements: [],
};

interface Outcome {
  id: string;
  tuning: boolean;
  evidenceCited: boolean;
  evidenceRetrieved: boolean;
  refused: boolean;
  figures: number;
  carried: number;
  removed: number;
  stated: boolean;
  answer: string;
  gold: string;
}

/** The answer as the client reads it: cites written back as [n] (passage numbers, 1-based). */
async function answer(question: string, passages: SearchHit[]): Promise<{ text: string; cited: Set<number> }> {
  let text = "";
  const cited = new Set<number>();
  for await (const piece of answerPieces(benchEnv, { query: question, resolvedQuery: question, history: [], passages })) {
    if (piece.kind === "text") text += piece.text;
    else {
      cited.add(piece.passage);
      text += `[${piece.passage + 1}]`;
    }
  }
  return { text, cited };
}

/** Figures of the answer, and how many of them a cited passage carries when the answer is checked again sentence by sentence. */
function figureShare(text: string, passages: SearchHit[], question: string): { figures: number; carried: number } {
  let figures = 0;
  let carried = 0;
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    const n = statementFigures(line.replace(/\[\d{1,3}\]/g, "")).length;
    const again = groundSentence(line, passages.map((p) => p.text), question);
    figures += n;
    carried += n - again.flagged.length;
  }
  return { figures, carried };
}

// ---- Does the answer state the gold figure or conclusion?

function goldFigures(gold: string): Quantity[] {
  return quantities(gold).filter((q) => !(q.mantissa < 10 && q.decimals === 0 && !q.percent && !q.currency && q.scale === 1)).slice(0, 3);
}

function sameFigure(a: Quantity, g: Quantity): boolean {
  if (a.percent !== g.percent) return false;
  const half = 0.5 * 10 ** -Math.min(a.decimals, g.decimals);
  if (Math.abs(a.mantissa - g.mantissa) <= Math.max(half, 0.005 * g.mantissa) + 1e-9) return true;
  // "$1.6 billion" and "$1,600 million": the same value at another scale (both state one).
  return (a.scale > 1 || g.scale > 1) && Math.abs(a.value - g.value) <= 0.005 * g.value + 1e-9;
}

const SKIP = new Set(contentStems("yes no the company fy fiscal year million billion usd answer"));

/** Gold figures all stated (at most its first three), or, for a gold answer without figures, 60% of its content words. */
function states(text: string, gold: string): boolean {
  if (text.trim() === NOT_IN_DOCUMENTS) return false;
  const wanted = goldFigures(gold);
  if (wanted.length) {
    const written = quantities(text);
    return wanted.every((g) => written.some((a) => sameFigure(a, g)));
  }
  const words = [...new Set(contentStems(gold))].filter((w) => !SKIP.has(w));
  if (!words.length || words.length > 25) return false;
  const have = new Set(contentStems(text));
  return words.filter((w) => have.has(w)).length / words.length >= 0.6;
}

function pct(a: number, b: number): string {
  return b ? `${((100 * a) / b).toFixed(1)}% (${a}/${b})` : "n/a (0/0)";
}

function report(label: string, xs: Outcome[]) {
  const n = xs.length;
  const figures = xs.reduce((s, o) => s + o.figures, 0);
  const carried = xs.reduce((s, o) => s + o.carried, 0);
  const removed = xs.reduce((s, o) => s + o.removed, 0);
  console.log(
    `[${label}] questions=${n}\n` +
      `  evidence page among cited passages: ${pct(xs.filter((o) => o.evidenceCited).length, n)} (target >= 80%; among retrieved passages: ${pct(xs.filter((o) => o.evidenceRetrieved).length, n)})\n` +
      `  answer figures carried by a cited passage (re-checked): ${pct(carried, figures)} (target 100%); figures the guard replaced by "${FLAG}": ${removed}\n` +
      `  answers stating the gold figure or conclusion: ${pct(xs.filter((o) => o.stated).length, n)} (target >= 40%)\n` +
      `  refusals ("${NOT_IN_DOCUMENTS}"): ${pct(xs.filter((o) => o.refused).length, n)}; wrong-or-partial answers (not refused, not stating gold): ${xs.filter((o) => !o.refused && !o.stated).length}`,
  );
}

async function goldAnswers(): Promise<Map<string, string>> {
  const res = await benchEnv.BENCH_DATA.fetch("http://data/financebench/financebench_open_source.jsonl");
  const out = new Map<string, string>();
  for (const line of (await res.text()).split("\n")) {
    if (!line.trim()) continue;
    const q = JSON.parse(line) as { financebench_id: string; answer: string };
    out.set(q.financebench_id, q.answer);
  }
  return out;
}

async function run(questions: Question[], docIds: Map<string, string>, gold: Map<string, string>, topK: number): Promise<Outcome[]> {
  const out: Outcome[] = [];
  for (const q of questions) {
    const passages = await searchChunks(benchEnv, tenant, q.question, {}, topK);
    // BENCH_DUMP=<ids>: the passages of tuning-half questions, for reading why an answer went wrong.
    if (benchEnv.BENCH_DUMP && inTuningHalf(q.id) && benchEnv.BENCH_DUMP.split(",").some((id) => q.id.endsWith(id))) {
      for (const [i, p] of passages.entries()) console.log(`=== ${q.id} [${i + 1}] ${p.document_name} p${p.page} ${JSON.stringify(p.metadata.company_names)}\n${p.text}`);
    }
    const wanted = new Set(q.evidence.map((e) => `${docIds.get(e.docName)}#${e.page}`));
    const { text, cited } = await answer(q.question, passages);
    const share = figureShare(text, passages, q.question);
    const g = gold.get(q.id) ?? "";
    out.push({
      id: q.id,
      tuning: inTuningHalf(q.id),
      evidenceCited: [...cited].some((i) => wanted.has(`${passages[i].document_id}#${passages[i].page}`)),
      evidenceRetrieved: passages.some((p) => wanted.has(`${p.document_id}#${p.page}`)),
      refused: text.trim() === NOT_IN_DOCUMENTS,
      figures: share.figures,
      carried: share.carried,
      removed: text.split(FLAG).length - 1,
      stated: states(text, g),
      answer: text,
      gold: g,
    });
  }
  return out;
}

it("FinanceBench chat answers", async () => {
  const { applyD1Migrations } = await import("cloudflare:test");
  await applyD1Migrations(benchEnv.DB, benchEnv.TEST_MIGRATIONS);
  const started = performance.now();
  const { questions, corpus, docIds } = await loadFinanceBench(benchEnv.BENCH_DATA);
  for (const { doc, pages } of corpus) await indexDocument(benchEnv.DB, doc, pages);
  const chunks = (await benchEnv.DB.prepare("SELECT count(*) AS n FROM search_chunks").first<{ n: number }>())!.n;
  const topK = Number(benchEnv.BENCH_TOP_K) || 8;
  console.log(`corpus: ${corpus.length} documents, ${corpus.reduce((s, c) => s + c.pages.length, 0)} pages, ${chunks} chunks; built in ${((performance.now() - started) / 1000).toFixed(1)}s`);
  console.log(`engine: MODEL_PROVIDER=${benchEnv.MODEL_PROVIDER ?? "local"}; passages per question: searchChunks top ${topK}, no filter; split: bench/chat-split.ts (FNV-1a of the id, even = tuning)`);
  const gold = await goldAnswers();
  const outcomes = await run(questions, docIds, gold, topK);
  const tuning = outcomes.filter((o) => o.tuning);
  report("tuning half (the engine was tuned on these)", tuning);
  report("held-back half (never read one by one)", outcomes.filter((o) => !o.tuning));
  report("all", outcomes);
  if (benchEnv.BENCH_VERBOSE) {
    for (const o of tuning) {
      console.log(`--- ${o.id} cited-evidence=${o.evidenceCited} retrieved=${o.evidenceRetrieved} stated=${o.stated} figures=${o.carried}/${o.figures} removed=${o.removed}\n  Q: ${questions.find((q) => q.id === o.id)!.question.slice(0, 200)}\n  gold: ${o.gold.slice(0, 160)}\n  answer: ${o.answer.slice(0, 700).replace(/\n/g, "\n          ")}`);
    }
  }
});
