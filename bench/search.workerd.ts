// FinanceBench retrieval benchmark (run by `npm run bench:search`): recall@5 and MRR of the evidence
// page with no filter and with the company's ticker as filter, then p50/p95 latency of searchChunks after
// padding the index to each size in BENCH_SIZES (default 10,000 and 100,000 chunks).
import { env } from "cloudflare:test";
import { it } from "vitest";
import type { Env } from "../src/core/env";
import type { Tenant } from "../src/core/auth";
import { indexDocument, searchChunks, type SearchFilters } from "../src/search/index";
import { loadFinanceBench, type Question } from "./lib/financebench";
import { paddingDocuments } from "./lib/padding";

const benchEnv = env as unknown as Env & { BENCH_DATA: Fetcher; BENCH_SIZES: string; BENCH_VERBOSE: string; TEST_MIGRATIONS: import("@cloudflare/vitest-pool-workers").D1Migration[] };

const tenant: Tenant = {
  organizationId: "11111111-1111-4111-8111-111111111111",
  user: { id: "22222222-2222-4222-8222-222222222222", email: "bench@example.com", name: "Bench", onboarded: true },
  keyKind: "organization",
  keyId: "bench",
  entitlements: [],
};

interface Quality {
  recall3: number;
  recall5: number;
  recall10: number;
  mrr: number;
  latencies: number[];
  misses: string[];
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

async function evaluate(questions: Question[], docIds: Map<string, string>, filtered: boolean, topK = 20): Promise<Quality> {
  let hit3 = 0;
  let hit5 = 0;
  let hit10 = 0;
  let rr = 0;
  const latencies: number[] = [];
  const misses: string[] = [];
  for (const q of questions) {
    const filters: SearchFilters = filtered ? { tickers: [q.ticker] } : {};
    const started = performance.now();
    const hits = await searchChunks(benchEnv, tenant, q.question, filters, topK);
    // Let the clock move past the rerank's CPU time (workerd advances time on I/O only).
    await new Promise((r) => setTimeout(r, 0));
    latencies.push(performance.now() - started);
    const wanted = new Set(q.evidence.map((e) => `${docIds.get(e.docName)}#${e.page}`));
    const pages: string[] = [];
    for (const h of hits) {
      const key = `${h.document_id}#${h.page}`;
      if (!pages.includes(key)) pages.push(key);
    }
    const rank = pages.findIndex((p) => wanted.has(p));
    if (rank >= 0 && rank < 3) hit3++;
    if (rank >= 0 && rank < 5) hit5++;
    if (rank >= 0 && rank < 10) hit10++;
    if (rank >= 0) rr += 1 / (rank + 1);
    if (rank < 0 || rank >= 5) misses.push(`${q.id} [${q.docName} p${q.evidence.map((e) => e.page).join(",")}] rank=${rank < 0 ? "-" : rank + 1} top=${hits.slice(0, 3).map((h) => `${h.document_name}#${h.page}`).join(" ")} :: ${q.question.slice(0, 110)}`);
  }
  const n = questions.length;
  return { recall3: hit3 / n, recall5: hit5 / n, recall10: hit10 / n, mrr: rr / n, latencies, misses };
}

function fmt(x: number, d = 3): string {
  return x.toFixed(d);
}

function report(label: string, chunks: number, q: Quality) {
  console.log(
    `[${label}] chunks=${chunks} questions=150 recall@5=${fmt(q.recall5)} recall@10=${fmt(q.recall10)} MRR=${fmt(q.mrr)} ` +
      `p50=${fmt(percentile(q.latencies, 50), 1)}ms p95=${fmt(percentile(q.latencies, 95), 1)}ms max=${fmt(Math.max(...q.latencies), 1)}ms`,
  );
  if (benchEnv.BENCH_VERBOSE) for (const m of q.misses) console.log(`  miss ${m}`);
}

/** A judge's searches ask for the top 3 (the agent judge's claims) or 6 (the LLM judge's references), with no filter. */
async function judgeSized(label: string, questions: Question[], docIds: Map<string, string>) {
  for (const k of [3, 6]) {
    const q = await evaluate(questions, docIds, false, k);
    console.log(`[${label}, no filter, top ${k} asked] recall@3=${fmt(q.recall3)} recall@5=${fmt(q.recall5)} MRR=${fmt(q.mrr)} p50=${fmt(percentile(q.latencies, 50), 1)}ms p95=${fmt(percentile(q.latencies, 95), 1)}ms`);
  }
}

async function chunkCount(): Promise<number> {
  return (await benchEnv.DB.prepare("SELECT count(*) AS n FROM search_chunks").first<{ n: number }>())!.n;
}

it("FinanceBench retrieval and latency", async () => {
  const { applyD1Migrations } = await import("cloudflare:test");
  await applyD1Migrations(benchEnv.DB, benchEnv.TEST_MIGRATIONS);
  let t = performance.now();
  const { questions, corpus, docIds } = await loadFinanceBench(benchEnv.BENCH_DATA);
  for (const { doc, pages } of corpus) await indexDocument(benchEnv.DB, doc, pages);
  const base = await chunkCount();
  console.log(`corpus: ${corpus.length} documents, ${corpus.reduce((s, c) => s + c.pages.length, 0)} pages, ${base} chunks; built in ${fmt((performance.now() - t) / 1000, 1)}s`);

  report("base, no filter", base, await evaluate(questions, docIds, false));
  report("base, ticker filter", base, await evaluate(questions, docIds, true));
  await judgeSized("base", questions, docIds);

  const sourcePages = corpus.flatMap((c) => c.pages.map((p) => p.text)).filter((p) => p.length > 500);
  const companyWords = [...new Set(corpus.flatMap((c) => [...(c.doc.companyNames ?? []), ...c.doc.tickers]).flatMap((n) => n.split(/\s+/)))].filter((w) => w.length > 1);
  const sizes = benchEnv.BENCH_SIZES.split(",").map(Number).filter((n) => n > 0);
  let seed = 1;
  for (const size of sizes) {
    t = performance.now();
    const need = size - (await chunkCount());
    if (need > 0) for (const { doc, pages } of paddingDocuments(sourcePages, companyWords, need, 50, seed++)) await indexDocument(benchEnv.DB, doc, pages);
    const total = await chunkCount();
    console.log(`padded to ${total} chunks in ${fmt((performance.now() - t) / 1000, 1)}s (half external under invented tickers, half in 20 other organizations)`);
    report(`${total}, no filter`, total, await evaluate(questions, docIds, false));
    report(`${total}, ticker filter`, total, await evaluate(questions, docIds, true));
    await judgeSized(String(total), questions, docIds);
  }
});
