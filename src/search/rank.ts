// Second stage: re-scores the bm25 candidates by how much of the question a chunk covers (weighted by
// rarity within the candidates), phrase matches, the fiscal period and document type asked for, and the
// companies named. bm25 alone favours pages that repeat one word; analysts' questions need all of them.
import { stemPrefix, type Concept, type QueryPlan } from "./query";
export { stemPrefix };
import type { CandidateRow } from "./repo";

export interface Ranked {
  row: CandidateRow;
  score: number;
}


function normalized(text: string): string {
  return ` ${text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ")} `;
}

function hasVariant(text: string, variant: string[]): boolean {
  if (variant.length === 0) return false;
  const head = variant.slice(0, -1).join(" ");
  const last = variant[variant.length - 1];
  const needle = ` ${head ? head + " " : ""}${/^\d+$/.test(last) ? last + " " : stemPrefix(last)}`;
  return text.includes(needle);
}

function conceptPresent(text: string, c: Concept): boolean {
  return c.variants.some((v) => hasVariant(text, v));
}

export interface RankContext {
  plan: QueryPlan;
  /** Tickers of companies named in the question (upper-case). */
  companies: Set<string>;
}

export const WEIGHTS = { bm25: 0.3, coverage: 0.4, phrase: 0.1, docYear: 0.2, textYear: 0.05, docType: 0.05, company: 0.25 };

export function rerank(rows: CandidateRow[], ctx: RankContext): Ranked[] {
  if (rows.length === 0) return [];
  const texts = rows.map((r) => normalized(r.text));
  const { plan } = ctx;
  const present = plan.concepts.map((c) => texts.map((t) => conceptPresent(t, c)));
  const n = rows.length;
  const idf = present.map((p) => {
    const df = p.filter(Boolean).length;
    return Math.max(0.1, Math.log((n + 1) / (df + 0.5)));
  });
  const conceptTotal = plan.concepts.reduce((s, c, i) => s + c.weight * idf[i], 0);
  const best = Math.max(...rows.map((r) => -r.rank), 1e-9);
  const latestYear = plan.years.length ? Math.max(...plan.years) : null;

  return rows
    .map((row, i) => {
      const text = texts[i];
      const bm = Math.max(0, -row.rank) / best;
      let coverage = 0;
      plan.concepts.forEach((c, ci) => {
        if (present[ci][i]) coverage += c.weight * idf[ci];
      });
      coverage = conceptTotal > 0 ? coverage / conceptTotal : 0;
      const phrase = plan.bigrams.length ? plan.bigrams.filter((b) => text.includes(` ${b} `)).length / plan.bigrams.length : 0;
      let docYear = 0;
      let textYear = 0;
      if (latestYear !== null) {
        const fy = row.fiscal_year;
        if (fy === latestYear) docYear = 1;
        else if (fy !== null && plan.years.includes(fy)) docYear = 0.6;
        else if (fy === latestYear + 1) docYear = 0.4;
        if (plan.quarter !== null && fy === latestYear) docYear = row.fiscal_quarter === plan.quarter ? 1 : 0.6;
        textYear = text.includes(` ${latestYear} `) ? 1 : 0;
      }
      const docType = row.doc_sub_type && plan.docSubTypes.includes(row.doc_sub_type.toLowerCase()) ? 1 : 0;
      let company = 0;
      if (ctx.companies.size > 0) for (const t of JSON.parse(row.tickers) as string[]) if (ctx.companies.has(t.toUpperCase())) company = 1;
      const score =
        WEIGHTS.bm25 * bm +
        WEIGHTS.coverage * coverage +
        WEIGHTS.phrase * phrase +
        WEIGHTS.docYear * docYear +
        WEIGHTS.textYear * textYear +
        WEIGHTS.docType * docType +
        WEIGHTS.company * company;
      return { row, score };
    })
    .sort((a, b) => b.score - a.score);
}
