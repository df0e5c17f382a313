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


// The rerank reads every candidate of every query, so it matches on the lower-cased text with one regular
// expression per concept rather than normalizing each chunk first (a replace over every chunk cost more
// than the rest of the rerank). Anything outside ASCII counts as a letter.
const WORD = "a-z0-9\\u00c0-\\uffff";
const START = `(?<![${WORD}])`;
const GAP = `[^${WORD}]+`;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Words in sequence, the last one as a word prefix (its inflections) unless it is a number. */
function sequencePattern(variant: string[]): string {
  const head = variant.slice(0, -1).map(escapeRegExp);
  const last = variant[variant.length - 1];
  const tail = /^\d+$/.test(last) ? `${last}(?![${WORD}])` : escapeRegExp(stemPrefix(last));
  return START + [...head, tail].join(GAP);
}

function wholeWords(words: string[]): RegExp {
  return new RegExp(`${START}${words.map(escapeRegExp).join(GAP)}(?![${WORD}])`);
}

/** One scan of a chunk per concept: its variants as one alternation. */
function conceptMatcher(c: Concept): RegExp | null {
  const patterns = c.variants.filter((v) => v.length > 0).map(sequencePattern);
  return patterns.length ? new RegExp(patterns.join("|")) : null;
}

export interface RankContext {
  plan: QueryPlan;
  /** Tickers of companies named in the question (upper-case). */
  companies: Set<string>;
}

export const WEIGHTS = { bm25: 0.3, coverage: 0.4, phrase: 0.1, docYear: 0.2, textYear: 0.05, docType: 0.05, company: 0.25 };

export function rerank(rows: CandidateRow[], ctx: RankContext): Ranked[] {
  if (rows.length === 0) return [];
  const texts = rows.map((r) => r.text.toLowerCase());
  const { plan } = ctx;
  const present = plan.concepts.map((c) => {
    const re = conceptMatcher(c);
    return texts.map((t) => (re ? re.test(t) : false));
  });
  const n = rows.length;
  const idf = present.map((p) => {
    const df = p.filter(Boolean).length;
    return Math.max(0.1, Math.log((n + 1) / (df + 0.5)));
  });
  const conceptTotal = plan.concepts.reduce((s, c, i) => s + c.weight * idf[i], 0);
  const best = Math.max(...rows.map((r) => -r.rank), 1e-9);
  const latestYear = plan.years.length ? Math.max(...plan.years) : null;
  const bigrams = plan.bigrams.map((b) => wholeWords(b.split(/[^a-z0-9\u00c0-\uffff]+/).filter(Boolean)));
  const yearRe = latestYear !== null ? wholeWords([String(latestYear)]) : null;

  return rows
    .map((row, i) => {
      const text = texts[i];
      const bm = Math.max(0, -row.rank) / best;
      let coverage = 0;
      plan.concepts.forEach((c, ci) => {
        if (present[ci][i]) coverage += c.weight * idf[ci];
      });
      coverage = conceptTotal > 0 ? coverage / conceptTotal : 0;
      const phrase = bigrams.length ? bigrams.filter((b) => b.test(text)).length / bigrams.length : 0;
      let docYear = 0;
      let textYear = 0;
      if (latestYear !== null) {
        const fy = row.fiscal_year;
        if (fy === latestYear) docYear = 1;
        else if (fy !== null && plan.years.includes(fy)) docYear = 0.6;
        else if (fy === latestYear + 1) docYear = 0.4;
        if (plan.quarter !== null && fy === latestYear) docYear = row.fiscal_quarter === plan.quarter ? 1 : 0.6;
        textYear = yearRe?.test(text) ? 1 : 0;
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
