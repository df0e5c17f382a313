// Why a question misses: its plan, the MATCH text, where the evidence page sits among the bm25 candidates
// and after the rerank. `BENCH_FILE=bench/search-debug.workerd.ts BENCH_IDS=id1,id2 npm run bench:search`.
import { env } from "cloudflare:test";
import { it } from "vitest";
import type { Env } from "../src/core/env";
import { indexDocument } from "../src/search/index";
import { planQuery } from "../src/search/query";
import { textExpression } from "../src/search/search";
import { matchCandidates } from "../src/search/repo";
import { rerank } from "../src/search/rank";
import { and, render, tok } from "../src/search/scope";
import { loadFinanceBench } from "./lib/financebench";

const e = env as unknown as Env & { BENCH_DATA: Fetcher; BENCH_IDS?: string; TEST_MIGRATIONS: import("@cloudflare/vitest-pool-workers").D1Migration[] };

it("debug", async () => {
  const { applyD1Migrations } = await import("cloudflare:test");
  await applyD1Migrations(e.DB, e.TEST_MIGRATIONS);
  const { questions, corpus, docIds } = await loadFinanceBench(e.BENCH_DATA);
  for (const { doc, pages } of corpus) await indexDocument(e.DB, doc, pages);
  const ids = new Set((e.BENCH_IDS ?? "").split(",").filter(Boolean));
  for (const q of questions.filter((x) => ids.size === 0 || ids.has(x.id))) {
    const companyWords = new Set(q.company.toLowerCase().split(/\s+/));
    const plan = planQuery(q.question, companyWords);
    const text = textExpression(plan);
    const rows = await matchCandidates(e.DB, `(${text}) AND scope : ${render(and(tok("ticker", q.ticker)))}`, 400);
    const wanted = new Set(q.evidence.map((x) => `${docIds.get(x.docName)}#${x.page}`));
    const bmRank = rows.findIndex((r) => wanted.has(`${r.document_id}#${r.page}`));
    const ranked = rerank(rows.slice(0, 120), { plan, companies: new Set([q.ticker]) });
    const rrRank = ranked.findIndex((r) => wanted.has(`${r.row.document_id}#${r.row.page}`));
    const ranked400 = rerank(rows, { plan, companies: new Set([q.ticker]) });
    const rr400 = ranked400.findIndex((r) => wanted.has(`${r.row.document_id}#${r.row.page}`));
    console.log(`${q.id} ${q.question.slice(0, 140)}\n  concepts=${JSON.stringify(plan.concepts.map((c) => c.variants.map((v) => v.join(" ")).slice(0, 4)))}\n  match=${text}\n  rows=${rows.length} bm25rank=${bmRank + 1} rerank120=${rrRank + 1} rerank400=${rr400 + 1} top=${ranked.slice(0, 3).map((r) => `${r.row.name}#${r.row.page}:${r.score.toFixed(3)}`).join(" ")}`);
    if (rrRank >= 0) console.log(`  evidence score=${ranked[rrRank].score.toFixed(3)}`);
  }
});
