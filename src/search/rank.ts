// Second stage: re-scores the bm25 candidates by how much of the question a chunk covers (weighted by
// rarity within the candidates), phrase matches, the fiscal period and document type asked for, and the
// companies named. bm25 alone favours pages that repeat one word; analysts' questions need all of them.
import { stemPrefix, type Concept, type QueryPlan } from "./query";
export { stemPrefix };
import type { CandidateRow } from "./repo";
import { runSteps } from "../figures/steps";
import { textCache } from "../figures/text-cache";

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

/** Whether a UTF-16 unit is one of WORD's characters. */
function isWordUnit(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c >= 0xc0;
}

/** Whether every unit of a word is one of WORD's characters (such a word stands whole in a text's words). */
function allWordUnits(word: string): boolean {
  for (let i = 0; i < word.length; i++) if (!isWordUnit(word.charCodeAt(i))) return false;
  return word.length > 0;
}

/**
 * A lower-cased text's words (maximal runs of WORD characters): its distinct words sorted, and each word
 * of the text in order as its place among them. Compact (about the text's own size), so a chunk's is kept
 * for the searches that rank it again (chunkWords).
 */
export interface WordIndex {
  vocab: string[];
  ids: Int32Array;
  /** Where each word stands in the text: the places of word k are positions[starts[k] .. starts[k + 1]), ascending. */
  starts: Int32Array;
  positions: Int32Array;
}

export function wordIndex(text: string): WordIndex {
  const firstSeen = new Map<string, number>();
  const order: number[] = [];
  for (let i = 0; i < text.length; ) {
    if (!isWordUnit(text.charCodeAt(i))) {
      i++;
      continue;
    }
    let end = i + 1;
    while (end < text.length && isWordUnit(text.charCodeAt(end))) end++;
    const w = text.slice(i, end);
    let id = firstSeen.get(w);
    if (id === undefined) {
      id = firstSeen.size;
      firstSeen.set(w, id);
    }
    order.push(id);
    i = end;
  }
  const seen = [...firstSeen.keys()];
  const sorted = seen.map((_, k) => k).sort((a, b) => (seen[a] < seen[b] ? -1 : 1));
  const place = new Int32Array(seen.length);
  sorted.forEach((k, at) => (place[k] = at));
  const ids = Int32Array.from(order, (k) => place[k]);
  // The positions grouped by word (a counting sort), each group in text order.
  const starts = new Int32Array(seen.length + 1);
  for (let p = 0; p < ids.length; p++) starts[ids[p] + 1] += 1;
  for (let k = 0; k < seen.length; k++) starts[k + 1] += starts[k];
  const next = starts.slice(0, seen.length);
  const positions = new Int32Array(ids.length);
  for (let p = 0; p < ids.length; p++) positions[next[ids[p]]++] = p;
  return { vocab: sorted.map((k) => seen[k]), ids, starts, positions };
}

/** The first place in the sorted words not before `word`. */
function lowerBound(vocab: string[], word: string): number {
  let lo = 0;
  let hi = vocab.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (vocab[mid] < word) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A word's place among the text's words, -1 when the text does not have it. */
function placeOf(index: WordIndex, word: string): number {
  const at = lowerBound(index.vocab, word);
  return at < index.vocab.length && index.vocab[at] === word ? at : -1;
}

/** The places of the words starting with `prefix`: one run of the sorted words, [from, to). */
function prefixPlaces(index: WordIndex, prefix: string): [number, number] {
  const from = lowerBound(index.vocab, prefix);
  let to = from;
  while (to < index.vocab.length && index.vocab[to].startsWith(prefix)) to++;
  return [from, to];
}

/**
 * Whether the text has `head` one after another, then (when `tail` is given) a word within `tail`'s places,
 * whatever stands between them.
 */
function hasPlaces(index: WordIndex, head: number[], tail?: [number, number]): boolean {
  const { ids, starts, positions } = index;
  const n = head.length + (tail ? 1 : 0);
  if (n === 0) return false;
  // A tail alone: any place of a word within its places (the text holds every word of its vocabulary).
  if (head.length === 0) return tail![0] < tail![1];
  // Only where the first word stands, not every place of the text.
  for (let at = starts[head[0]], end = starts[head[0] + 1]; at < end; at++) {
    const p = positions[at];
    if (p + n > ids.length) break;
    let k = 1;
    while (k < head.length && ids[p + k] === head[k]) k++;
    if (k < head.length) continue;
    if (!tail || head.length === 0) return true;
    const last = ids[p + head.length];
    if (last >= tail[0] && last < tail[1]) return true;
  }
  return false;
}

/**
 * Whether the text has these words one after another, whatever stands between them (the words whole):
 * found by the words' places instead of a scan of the text per phrase (a long query, such as a
 * reference's table, has a hundred phrases).
 */
export function hasWordSequence(index: WordIndex, words: string[]): boolean {
  if (words.length === 0) return false;
  const head: number[] = [];
  for (const w of words) {
    const at = placeOf(index, w);
    if (at < 0) return false;
    head.push(at);
  }
  return hasPlaces(index, head);
}

/**
 * A variant's pattern (sequencePattern) read from a text's words: its words in order, the last one whole
 * when it is a number, else any word starting with its stem. Null when the variant has a character that
 * is no WORD character, or an empty stem: only its pattern tells those.
 */
function variantInWords(variant: string[]): ((index: WordIndex) => boolean) | null {
  const last = variant[variant.length - 1];
  const whole = /^\d+$/.test(last);
  const tail = whole ? last : stemPrefix(last);
  if (!variant.slice(0, -1).every(allWordUnits) || !allWordUnits(tail)) return null;
  const headWords = whole ? variant : variant.slice(0, -1);
  return (index) => {
    const head: number[] = [];
    for (const w of headWords) {
      const at = placeOf(index, w);
      if (at < 0) return false;
      head.push(at);
    }
    if (whole) return hasPlaces(index, head);
    const places = prefixPlaces(index, tail);
    return places[0] < places[1] && hasPlaces(index, head, places);
  };
}

/**
 * One look-up of a chunk per concept: from the chunk's words when it has them (chunkWords) and every
 * variant is made of WORD characters; else its variants as one alternation, scanned for only when the text
 * holds the first word (or prefix) of one of them, which is told far faster than the pattern's scan (most
 * concepts are absent from most candidates).
 */
export function conceptMatcher(c: Concept): ConceptMatcher | null {
  const variants = c.variants.filter((v) => v.length > 0);
  if (variants.length === 0) return null;
  const byWords = variants.map(variantInWords);
  const wordsTell = byWords.every((m) => m !== null);
  // The variants' pattern is compiled only for a text read without its words, or a variant its words cannot tell.
  let scan: ((text: string) => boolean) | null = null;
  return (text, words) => (words && wordsTell ? byWords.some((m) => m!(words)) : (scan ??= textScan(variants))(text));
}

/** A concept's variants scanned for in a text: their pattern, run only when the text holds a variant's first word (or prefix). */
function textScan(variants: string[][]): (text: string) => boolean {
  const re = new RegExp(variants.map(sequencePattern).join("|"));
  // What a variant's pattern needs first: its first word whole (a word of several, or a number), else a
  // word starting with the word's stem.
  const firsts = [...new Map(variants.map((v) => (v.length > 1 || /^\d+$/.test(v[0]) ? [`=${v[0]}`, v[0]] : [`^${v[0]}`, stemPrefix(v[0])]))).values()];
  return (text) => firsts.some((w) => text.includes(w)) && re.test(text);
}

/** Whether a concept is in a lower-cased text; `words` (the text's) tells it without reading the text. */
type ConceptMatcher = (text: string, words?: WordIndex) => boolean;

/** A candidate chunk as the rerank reads it: its lower-cased text and that text's words. */
interface ChunkWords {
  text: string;
  words: WordIndex;
}

/** Heap a chunk's lower-cased text and words hold per character (`npm run bench:memory` measures it). */
export const CHUNK_WORDS_BYTES_PER_CHAR = 6;

/**
 * Each chunk's lower-cased text and words, kept per text: the searches of the judges' claims and references
 * rank the same chunks again and again (bench:judge's agent runs read about 35,000 candidate rows of 2,600
 * chunks), so each is read once per isolate instead of scanned once per concept and word pair of each search.
 */
export const chunkWords = textCache((text: string): ChunkWords => {
  const lower = text.toLowerCase();
  return { text: lower, words: wordIndex(lower) };
}, CHUNK_WORDS_BYTES_PER_CHAR);

export interface RankContext {
  plan: QueryPlan;
  /** Tickers of companies named in the question (upper-case). */
  companies: Set<string>;
}

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
  const { plan } = ctx;
  const matchers = plan.concepts.map(conceptMatcher);
  // The question's word pairs (a pair met twice counts twice), each matched whole in a chunk: looked up
  // in the chunk's words (the same matches as a pattern of the pair's words whole, anything
  // but WORD characters between them).
  const counts = new Map<string, number>();
  for (const b of plan.bigrams) counts.set(b, (counts.get(b) ?? 0) + 1);
  const pairs = [...counts].map(([b, count]) => ({ words: b.split(/[^a-z0-9\u00c0-\uffff]+/).filter(Boolean), count }));
  // present[concept][row], read row by row so the turns fall between rows.
  const present: boolean[][] = plan.concepts.map(() => []);
  const matchStep = rowsPerStep(matchers.length);
  const chunks: ChunkWords[] = [];
  for (const [i, row] of rows.entries()) {
    const c = chunkWords(row.text);
    chunks.push(c);
    matchers.forEach((m, ci) => (present[ci][i] = m ? m(c.text, c.words) : false));
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
  const phraseShare = (words: WordIndex): number => {
    if (!plan.bigrams.length) return 0;
    let matched = 0;
    for (const p of pairs) if (hasWordSequence(words, p.words)) matched += p.count;
    return matched / plan.bigrams.length;
  };

  const scored: Ranked[] = [];
  // A candidate's score reads its concepts found above and looks each word pair up.
  const scoreStep = rowsPerStep(pairs.length);
  for (const [i, row] of rows.entries()) {
    if (i > 0 && i % scoreStep === 0) yield;
    const { words } = chunks[i];
    const bm = Math.max(0, -row.rank) / best;
    let coverage = 0;
    plan.concepts.forEach((c, ci) => {
      if (present[ci][i]) coverage += c.weight * idf[ci];
    });
    coverage = conceptTotal > 0 ? coverage / conceptTotal : 0;
    const phrase = phraseShare(words);
    let docYear = 0;
    let textYear = 0;
    if (latestYear !== null) {
      const fy = row.fiscal_year;
      if (fy === latestYear) docYear = 1;
      else if (fy !== null && plan.years.includes(fy)) docYear = 0.6;
      else if (fy === latestYear + 1) docYear = 0.4;
      if (plan.quarter !== null && fy === latestYear) docYear = row.fiscal_quarter === plan.quarter ? 1 : 0.6;
      textYear = hasWordSequence(words, [String(latestYear)]) ? 1 : 0;
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
