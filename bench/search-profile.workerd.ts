// Where a query's time goes at a given index size, for the search the fallback runs when no company is
// named (the whole scope) and for the company-scoped one: mean and p95 ms per MATCH variant.
// `BENCH_FILE=bench/search-profile.workerd.ts BENCH_SIZES=100000 npm run bench:search`.
import { env } from "cloudflare:test";
import { it } from "vitest";
import type { Env } from "../src/core/env";
import { indexDocument } from "../src/search/index";
import { planQuery } from "../src/search/query";
import { textExpression } from "../src/search/search";
import { matchCandidates, findAliasTickers, scopeCandidates } from "../src/search/repo";
import { aliasQuerySteps } from "../src/search/aliases";
import { runSteps } from "../src/figures/steps";
import { accessKey, and, or, render, tok } from "../src/search/scope";
import { DEFAULT_EXTERNAL_TYPES } from "../src/search/types";
import { loadFinanceBench } from "./lib/financebench";
import { paddingDocuments } from "./lib/padding";

const e = env as unknown as Env & { BENCH_DATA: Fetcher; BENCH_SIZES: string; TEST_MIGRATIONS: import("@cloudflare/vitest-pool-workers").D1Migration[] };

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

it("profile", async () => {
  const { applyD1Migrations } = await import("cloudflare:test");
  await applyD1Migrations(e.DB, e.TEST_MIGRATIONS);
  const { questions, corpus } = await loadFinanceBench(e.BENCH_DATA);
  for (const { doc, pages } of corpus) await indexDocument(e.DB, doc, pages);
  const size = Number(e.BENCH_SIZES.split(",").pop());
  const src = corpus.flatMap((c) => c.pages.map((p) => p.text)).filter((p) => p.length > 500);
  const companyWords = [...new Set(corpus.flatMap((c) => [...(c.doc.companyNames ?? []), ...c.doc.tickers]).flatMap((n) => n.split(/\s+/)))].filter((w) => w.length > 1);
  for (const { doc, pages } of paddingDocuments(src, companyWords, size - 898, 50, 1)) await indexDocument(e.DB, doc, pages);
  const ext = or(...DEFAULT_EXTERNAL_TYPES.map((t) => tok("access", accessKey("external", "external", { shared: true }, t))));
  const t: Record<string, number[]> = {};
  const time = async (name: string, f: () => Promise<unknown>) => {
    const s0 = performance.now();
    await f();
    await new Promise((r) => setTimeout(r, 0));
    (t[name] ??= []).push(performance.now() - s0);
  };
  for (const q of questions) {
    const plan = planQuery(q.question, new Set(q.company.toLowerCase().split(/\s+/)));
    const text = textExpression(plan)!;
    const userWords = [...new Set(plan.concepts.filter((c) => c.origin === "word").flatMap((c) => c.variants.flat()))];
    const userExpr = (n: number) => `{text title} : (${userWords.slice(0, n).map((w) => `"${w}"`).join(" OR ")})`;
    await time("alias look-up", () => findAliasTickers(e.DB, ["external", "11111111-1111-4111-8111-111111111111"], runSteps(aliasQuerySteps(q.question))));
    await time("text + ticker", () => matchCandidates(e.DB, `(${text}) AND scope : ${render(and(ext, tok("ticker", q.ticker)))}`, 120));
    await time("text + full scope", () => matchCandidates(e.DB, `(${text}) AND scope : ${render(ext)}`, 120));
    if (userWords.length) await time("user words (8) + full scope", () => matchCandidates(e.DB, `(${userExpr(8)}) AND scope : ${render(ext)}`, 120));
    if (userWords.length) await time("user words (4) + full scope", () => matchCandidates(e.DB, `(${userExpr(4)}) AND scope : ${render(ext)}`, 120));
    await time("company scope fill (200)", () => scopeCandidates(e.DB, `scope : ${render(and(ext, tok("ticker", q.ticker)))}`, [], 200));
    await time("full scope only, no order", () => e.DB.prepare("SELECT rowid FROM search_fts WHERE search_fts MATCH ? LIMIT 120").bind(`scope : ${render(ext)}`).all());
  }
  console.log(`size=${size} ms per query (mean / p95):`);
  for (const [k, v] of Object.entries(t)) console.log(`  ${k}: ${(v.reduce((a, b) => a + b, 0) / v.length).toFixed(1)} / ${percentile(v, 95).toFixed(1)}`);
  console.log("example:", textExpression(planQuery(questions[0].question)));
});
