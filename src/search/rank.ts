// Second stage: re-scores the bm25 candidates by how much of the question a chunk covers (weighted by
// rarity within the candidates), phrase matches, the fiscal period and document type asked for, and the
// companies named. bm25 alone favours pages that repeat one word; analysts' questions need all of them.
import { stemPrefix, type Concept, type QueryPlan } from "./query";
export { stemPrefix };
import type { CandidateRow } from "./repo";
import { runSteps } from "../figures/steps";

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

/** Whether a UTF-16 unit is one of WORD's characters. */
function isWordUnit(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c >= 0xc0;
}

/** A lower-cased text's words (maximal runs of WORD characters) and where each stands. */
export interface WordIndex {
  words: string[];
  at: Map<string, number[]>;
}

export function wordIndex(text: string): WordIndex {
  const words: string[] = [];
  const at = new Map<string, number[]>();
  for (let i = 0; i < text.length; ) {
    if (!isWordUnit(text.charCodeAt(i))) {
      i++;
      continue;
    }
    let end = i + 1;
    while (end < text.length && isWordUnit(text.charCodeAt(end))) end++;
    const w = text.slice(i, end);
    const list = at.get(w);
    if (list) list.push(words.length);
    else at.set(w, [words.length]);
    words.push(w);
    i = end;
  }
  return { words, at };
}

/**
 * Whether the text has these words one after another, whatever stands between them: what
 * wholeWords(words) matches, found by the words' places instead of a scan of the text per phrase (a
 * long query, such as a reference's table, has a hundred phrases).
 */
export function hasWordSequence(index: WordIndex, words: string[]): boolean {
  if (words.length === 0) return false;
  for (const p of index.at.get(words[0]) ?? []) {
    let k = 1;
    while (k < words.length && index.words[p + k] === words[k]) k++;
    if (k === words.length) return true;
  }
  return false;
}

/**
 * One look-up of a chunk per concept: its variants as one alternation, scanned for only when the text
 * holds the first word (or prefix) of one of them, which is told far faster than the pattern's scan (most
 * concepts are absent from most candidates): by a substring search, or for a query of many concepts by the
 * chunk's words, read once for all of them (wordSet).
 */
export function conceptMatcher(c: Concept): ConceptMatcher | null {
  const variants = c.variants.filter((v) => v.length > 0);
  if (variants.length === 0) return null;
  const re = new RegExp(variants.map(sequencePattern).join("|"));
  // What a variant's pattern needs first: its first word whole (a word of several, or a number), else a
  // word starting with the word's stem.
  const firsts = [...new Map(variants.map((v) => (v.length > 1 || /^\d+$/.test(v[0]) ? [`=${v[0]}`, { word: v[0], whole: true }] : [`^${v[0]}`, { word: stemPrefix(v[0]), whole: false }]))).values()];
  // A first word with a character that is no WORD character never stands in a text's words: its text is searched.
  const byWords = firsts.every((f) => [...f.word].every((ch) => isWordUnit(ch.charCodeAt(0))));
  return (text, words) =>
    (words && byWords ? firsts.some((f) => (f.whole ? words.has(f.word) : words.hasPrefix(f.word))) : firsts.some((f) => text.includes(f.word))) && re.test(text);
}

/** Whether a concept is in a lower-cased text; `words` (the text's, for a query of many concepts) tells first. */
type ConceptMatcher = (text: string, words?: WordSet) => boolean;

/** A text's distinct words, for many look-ups: whole words, and whether any word starts with a prefix. */
interface WordSet {
  has(word: string): boolean;
  hasPrefix(prefix: string): boolean;
}

export function wordSet(index: WordIndex): WordSet {
  const sorted = [...index.at.keys()].sort();
  return {
    has: (w) => index.at.has(w),
    hasPrefix(prefix) {
      let lo = 0;
      let hi = sorted.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (sorted[mid] < prefix) lo = mid + 1;
        else hi = mid;
      }
      return lo < sorted.length && sorted[lo].startsWith(prefix);
    },
  };
}

/** Concepts of a query beyond which each candidate's words are read once to tell which of them it may hold. */
const MAX_SCANNED_CONCEPTS = 24;

export interface RankContext {
  plan: QueryPlan;
  /** Tickers of companies named in the question (upper-case). */
  companies: Set<string>;
}

/** Distinct word pairs of a query beyond which the rerank looks them up in each chunk's words (see phraseShare). */
const MAX_SCANNED_PHRASES = 24;

export const WEIGHTS = { bm25: 0.3, coverage: 0.4, phrase: 0.1, docYear: 0.2, textYear: 0.05, docType: 0.05, company: 0.25 };

/**
 * Look-ups (a concept or a word pair in one candidate) between two turns of a rerank: a claim's query (ten
 * concepts) reads all its 48 candidates in one step, a reference's table (500 concepts, 2,000 word pairs)
 * one candidate a step. Eight candidates a step, as before, held the isolate 5-10 ms per step for such a query.
 */
const LOOKUPS_PER_STEP = 600;

/** Candidates read between two turns when each costs `perRow` look-ups (one at least). */
const rowsPerStep = (perRow: number) => Math.max(1, Math.floor(LOOKUPS_PER_STEP / Math.max(1, perRow)));

export function rerank(rows: CandidateRow[], ctx: RankContext): Ranked[] {
  return runSteps(rerankSteps(rows, ctx));
}

/** rerank in steps (figures/steps.ts): a turn every LOOKUPS_PER_STEP look-ups, so a long query's rerank never holds the isolate whole. */
export function* rerankSteps(rows: CandidateRow[], ctx: RankContext): Generator<void, Ranked[], void> {
  if (rows.length === 0) return [];
  const texts = rows.map((r) => r.text.toLowerCase());
  const { plan } = ctx;
  const matchers = plan.concepts.map(conceptMatcher);
  // The question's word pairs (a pair met twice counts twice), each matched whole in a chunk. A few
  // distinct pairs are scanned for with their patterns; many (a long query such as a reference's table
  // has a hundred) are looked up in the chunk's words, one pass over the chunk however many there are.
  // Both read the same matches.
  const counts = new Map<string, number>();
  for (const b of plan.bigrams) counts.set(b, (counts.get(b) ?? 0) + 1);
  const pairs = [...counts].map(([b, count]) => ({ words: b.split(/[^a-z0-9\u00c0-\uffff]+/).filter(Boolean), count }));
  const manyPairs = pairs.length > MAX_SCANNED_PHRASES && pairs.every((p) => p.words.length > 0);
  const patterns = manyPairs ? [] : pairs.map((p) => ({ words: p.words, re: wholeWords(p.words), count: p.count }));
  // present[concept][row], read row by row so the turns fall between rows.
  const present: boolean[][] = plan.concepts.map(() => []);
  const matchStep = rowsPerStep(matchers.length);
  const manyConcepts = matchers.length > MAX_SCANNED_CONCEPTS;
  // Each candidate's words, read once when the query has many concepts or word pairs (see phraseShare).
  const indexes: (WordIndex | undefined)[] = [];
  for (const [i, t] of texts.entries()) {
    const index = manyConcepts || manyPairs ? wordIndex(t) : undefined;
    if (manyPairs) indexes[i] = index;
    const words = manyConcepts && index ? wordSet(index) : undefined;
    matchers.forEach((m, ci) => (present[ci][i] = m ? m(t, words) : false));
    if ((i + 1) % matchStep === 0) yield;
  }
  const n = rows.length;
  const idf = present.map((p) => {
    const df = p.filter(Boolean).length;
    return Math.max(0.1, Math.log((n + 1) / (df + 0.5)));
  });
  const conceptTotal = plan.concepts.reduce((s, c, i) => s + c.weight * idf[i], 0);
  const best = Math.max(...rows.map((r) => -r.rank), 1e-9);
  const latestYear = plan.years.length ? Math.max(...plan.years) : null;
  const phraseShare = (text: string, index: WordIndex | undefined): number => {
    if (!plan.bigrams.length) return 0;
    let matched = 0;
    if (index) {
      for (const p of pairs) if (hasWordSequence(index, p.words)) matched += p.count;
    } else {
      for (const p of patterns) if (p.words.every((w) => text.includes(w)) && p.re.test(text)) matched += p.count;
    }
    return matched / plan.bigrams.length;
  };
  const yearRe = latestYear !== null ? wholeWords([String(latestYear)]) : null;

  const scored: Ranked[] = [];
  // A candidate's score reads its concepts found above and looks each word pair up.
  const scoreStep = rowsPerStep(pairs.length);
  for (const [i, row] of rows.entries()) {
    if (i > 0 && i % scoreStep === 0) yield;
    const text = texts[i];
    const bm = Math.max(0, -row.rank) / best;
    let coverage = 0;
    plan.concepts.forEach((c, ci) => {
      if (present[ci][i]) coverage += c.weight * idf[ci];
    });
    coverage = conceptTotal > 0 ? coverage / conceptTotal : 0;
    const phrase = phraseShare(text, indexes[i]);
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
    scored.push({ row, score });
  }
  return scored.sort((a, b) => b.score - a.score);
}
