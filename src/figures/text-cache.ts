// Caches keyed by text: the readers (statement tables, figures in context, a source's reading, a chunk's
// words) parse each passage once while both judges, the ranking check and every claim read the same
// references and sources again. They share one budget of memory, estimated from each text's length, so
// that what an isolate keeps for them stays bounded whatever it reads (a Worker has 128 MB in all).
import { runSteps } from "./steps";

/**
 * The heap the text caches may hold together, as estimated (the readings' bytes per character are measured
 * by `npm run bench:memory`): half of a Worker's 128 MB, leaving room for the code (about 27 MB in `npm run
 * dev`), requests and a job's own reading of a 200,000-character answer. Smaller budgets thrashed the judge
 * bench's two passes over its sources (README, Reliability: budgets).
 */
export const TEXT_CACHE_BYTES = 64_000_000;
/** A kept text's own bytes per character (a value that holds little beyond it). */
const TEXT_BYTES_PER_CHAR = 2;
/** A text whose reading would take more than this share of the budget is read and not kept. */
const LARGEST_SHARE = 1 / 8;

interface Kept {
  value: unknown;
  bytes: number;
  entries: Map<string, Kept>;
  text: string;
}

/** Every cache's entries, least recently used first (a hit moves its entry last). */
const recency = new Set<Kept>();
let keptBytes = 0;

function forget(kept: Kept): void {
  recency.delete(kept);
  kept.entries.delete(kept.text);
  keptBytes -= kept.bytes;
}

/** What the text caches hold now, in estimated bytes, and their entries (for tests and benches). */
export function textCacheUse(): { bytes: number; entries: number; budget: number } {
  return { bytes: keptBytes, entries: recency.size, budget: TEXT_CACHE_BYTES };
}

/**
 * One cache's texts, whose values take about `bytesPerChar` of heap per character of text beyond what the
 * other caches keep for the same text (a source's reading holds its figures, which readText's cache counts).
 */
function textStore<T>(bytesPerChar: number) {
  const entries = new Map<string, Kept>();
  return {
    get(text: string): T | undefined {
      const kept = entries.get(text);
      if (!kept) return undefined;
      recency.delete(kept);
      recency.add(kept);
      return kept.value as T;
    },
    /** Keeps `value` for `text` (unless too large), making room by forgetting the least recently used, and returns it. */
    put(text: string, value: T): T {
      const bytes = text.length * bytesPerChar;
      if (bytes > TEXT_CACHE_BYTES * LARGEST_SHARE) return value;
      const old = entries.get(text);
      if (old) forget(old);
      for (const kept of recency) {
        if (keptBytes + bytes <= TEXT_CACHE_BYTES) break;
        forget(kept);
      }
      const kept: Kept = { value, bytes, entries, text };
      entries.set(text, kept);
      recency.add(kept);
      keptBytes += bytes;
      return value;
    },
  };
}

/**
 * Memoizes `compute` per text within the shared budget (`bytesPerChar`: what a value holds per character of
 * its text); a text too large for it is computed and not kept. Callers only read the results.
 */
export function textCache<T>(compute: (text: string) => T, bytesPerChar = TEXT_BYTES_PER_CHAR): (text: string) => T {
  const store = textStore<T>(bytesPerChar);
  return (text) => store.get(text) ?? store.put(text, compute(text));
}

/** A textCache whose reading also runs in steps (steps.ts): `steps(text)` yields while it reads a text not yet kept. */
export interface SteppedTextCache<T> {
  (text: string): T;
  steps(text: string): Generator<void, T, void>;
}

/**
 * textCache of a reader written in steps: called, it reads straight through; `steps` gives a job's turns
 * (runStepsCooperatively) while a long text is read, and keeps the result for the calls after it.
 */
export function steppedTextCache<T>(computeSteps: (text: string) => Generator<void, T, void>, bytesPerChar = TEXT_BYTES_PER_CHAR): SteppedTextCache<T> {
  const store = textStore<T>(bytesPerChar);
  const read = (text: string): T => store.get(text) ?? store.put(text, runSteps(computeSteps(text)));
  return Object.assign(read, {
    *steps(text: string): Generator<void, T, void> {
      return store.get(text) ?? store.put(text, yield* computeSteps(text));
    },
  });
}

/** Every memoized function's results, for forgetReadings. */
const memos: Map<string, unknown>[] = [];

/**
 * Forgets everything the text caches and the memoized readers keep, as a new isolate would have it (its code
 * compiled already): for the judge bench's measure of a warm isolate reading texts it has not read.
 */
export function forgetReadings(): void {
  for (const kept of [...recency]) forget(kept);
  for (const memo of memos) memo.clear();
}

/** Memoizes a pure function of a short string (a word, a label): at most `max` results, all forgotten when full. */
export function memoized<T>(compute: (key: string) => T, max: number): (key: string) => T {
  const entries = new Map<string, T>();
  memos.push(entries);
  return (key) => {
    let value = entries.get(key);
    if (value === undefined) {
      value = compute(key);
      if (entries.size >= max) entries.clear();
      entries.set(key, value);
    }
    return value;
  };
}
export function forgetAllTextCaches(): void {
  for (const k of [...recency]) forget(k);
}
