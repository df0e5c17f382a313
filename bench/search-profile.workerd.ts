// Where a query's time goes (alias look-up, company pass, full pass) at a given index size:
// `BENCH_PROFILE=10000 npx vitest run --config bench/search.vitest.config.mts bench/search-profile.workerd.ts`.
import { env } from "cloudflare:test";
import { it } from "vitest";
import type { Env } from "../src/core/env";
import { indexDocument } from "../src/search/index";
import { planQuery } from "../src/search/query";
import { textExpression } from "../src/search/search";
import { matchCandidates, findAliasTickers } from "../src/search/repo";
import { queryAliasCandidates } from "../src/search/aliases";
import { and, anyOf, render, tok } from "../src/search/scope";
import { loadFinanceBench } from "./lib/financebench";
import { paddingDocuments } from "./lib/padding";

const e = env as unknown as Env & { BENCH_DATA: Fetcher; BENCH_SIZES: string; TEST_MIGRATIONS: import("@cloudflare/vitest-pool-workers").D1Migration[] };

it("profile", async () => {
  const { applyD1Migrations } = await import("cloudflare:test");
  await applyD1Migrations(e.DB, e.TEST_MIGRATIONS);
  const { questions, corpus } = await loadFinanceBench(e.BENCH_DATA);
  for (const { doc, pages } of corpus) await indexDocument(e.DB, doc, pages);
  const size = Number(e.BENCH_SIZES.split(",").pop());
  const src = corpus.flatMap((c) => c.pages.map((p) => p.text)).filter((p) => p.length > 500);
  for (const { doc, pages } of paddingDocuments(src, ["3M"], size - 898, 50, 1)) await indexDocument(e.DB, doc, pages);
  const ext = and(tok("organization", "external"), tok("kind", "external"), anyOf("docType", ["transcript", "filing", "news", "ir_slide"]));
  const t: Record<string, number> = {};
  const time = async (name: string, f: () => Promise<unknown>) => {
    const s0 = performance.now();
    await f();
    t[name] = (t[name] ?? 0) + performance.now() - s0;
  };
  const scopeOnly = (q: { ticker: string }) => `scope : ${render(tok("ticker", q.ticker))}`;
  for (const q of questions) {
    const plan = planQuery(q.question);
    const text = textExpression(plan)!;
    const words = [...new Set(plan.concepts.flatMap((c) => c.variants.flat()))];
    const wordsExpr = `{text title} : (${words.map((w) => `"${w}"`).join(" OR ")})`;
    const userWords = [...new Set(plan.concepts.filter((c) => c.origin !== "synonym").flatMap((c) => c.variants.flat()))];
    const userExpr = `{text title} : (${userWords.map((w) => `"${w}"`).join(" OR ")})`;
    await time("alias", () => findAliasTickers(e.DB, ["external"], queryAliasCandidates(q.question)));
    await time("phrases+fullscope+ticker", () => matchCandidates(e.DB, `(${text}) AND scope : ${render(and(ext, tok("ticker", q.ticker)))}`, 120));
    await time("phrases+ticker", () => matchCandidates(e.DB, `(${text}) AND ${scopeOnly(q)}`, 120));
    await time("words+ticker", () => matchCandidates(e.DB, `(${wordsExpr}) AND ${scopeOnly(q)}`, 120));
    await time("userwords+ticker", () => matchCandidates(e.DB, `(${userExpr}) AND ${scopeOnly(q)}`, 120));
    await time("ticker only, no order", () => e.DB.prepare("SELECT rowid FROM search_fts WHERE search_fts MATCH ? LIMIT 400").bind(scopeOnly(q)).all());
    await time("words+ticker, no order", () => e.DB.prepare("SELECT rowid FROM search_fts WHERE search_fts MATCH ? LIMIT 400").bind(`(${wordsExpr}) AND ${scopeOnly(q)}`).all());
    await time("phrases+fullscope", () => matchCandidates(e.DB, `(${text}) AND scope : ${render(ext)}`, 120));
    await time("userwords+fullscope", () => matchCandidates(e.DB, `(${userExpr}) AND scope : ${render(ext)}`, 120));
    await time("userwords nothing else", () => matchCandidates(e.DB, userExpr, 120));
  }
  console.log(`size=${size} mean ms per query:`);
  for (const [k, v] of Object.entries(t)) console.log(`  ${k}: ${(v / questions.length).toFixed(1)}`);
  console.log("example:", textExpression(planQuery(questions[0].question)));
});
