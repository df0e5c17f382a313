// Indexes over a text's figures, built once per text: the source figures worth comparing with a statement's
// figure (by the rounding range of its value, and by item word and year), and the cells of a table row.
import type { Figure, FigureInContext, ReadText } from "./context";
import { coreItemWords, isQualifier } from "./line-items";
import { halfUnit } from "./values";
import { turnAfter } from "./steps";

/**
 * Lists of figure positions by key, packed (a text's index is kept as long as its reading, src/figures/text-cache.ts):
 * each key maps to one number, the start of its list in `at` times 2^16 plus its length, instead of an array
 * per key (most keys hold one figure, and an array grown by push keeps room for 17), about a fifth of the memory.
 */
interface PackedLists<K> {
  keys: Map<K, number>;
  at: Int32Array;
}

const LENGTH_BITS = 2 ** 16;

/** Packs lists built in a Map: their order and their figures' order within each are kept. */
function packLists<K>(lists: Map<K, number[]>): PackedLists<K> {
  let total = 0;
  for (const list of lists.values()) total += list.length;
  const at = new Int32Array(total);
  const keys = new Map<K, number>();
  let start = 0;
  for (const [key, list] of lists) {
    at.set(list, start);
    keys.set(key, start * LENGTH_BITS + list.length);
    start += list.length;
  }
  return { keys, at };
}

interface FigureIndex {
  /** Figures (their positions in the text's figures) by the buckets their value (and mantissa) may fall in, rounding included. */
  byValue: PackedLists<number>;
  /** Figures by item word (or standard item) and year: the only ones that can conflict with a figure. */
  byItemYear: PackedLists<string>;
  /** Per figure, the last candidates() call that took it (a call's mark, so nothing is taken twice). */
  taken: Uint32Array;
  mark: number;
}

const INDEXES = new WeakMap<ReadText, FigureIndex>();
/** Per item word and year: past this many figures the rest are not compared (a filing repeats "sales"). */
const MAX_PER_ITEM_YEAR = 400;
/** Buckets per decade: about 6% wide. */
const BUCKETS = 40;
/** At most this many source figures are compared with one figure of a statement (bounded work per figure). */
const MAX_CANDIDATES = 1_500;
const ZERO_BUCKET = Number.NEGATIVE_INFINITY;

/** The buckets of the values within tol of v. */
function buckets(v: number, tol: number): number[] {
  const a = Math.abs(v);
  if (a === 0) return [ZERO_BUCKET];
  const lo = Math.max(a - tol, a / 1e3);
  const first = Math.floor(Math.log10(lo) * BUCKETS);
  const last = Math.floor(Math.log10(a + tol) * BUCKETS);
  const out: number[] = [];
  for (let b = first; b <= last && out.length < 64; b++) out.push(b);
  return out;
}

/** The values a figure may be compared by (sameValue): its value with its rounding, and its mantissa. */
function readings(f: Figure): [number, number][] {
  const half = halfUnit(f);
  const out: [number, number][] = [[f.mantissa, half]];
  if (f.value !== f.mantissa) out.push([f.value, half * (f.scale ?? 1)]);
  return out;
}

function itemYearKeys(f: FigureInContext, lookup = false): string[] {
  if (f.year === null) return [];
  // A column's other name, and the fiscal year the filing's own words place its day in (fiscal-days.ts). A
  // statement's fiscal year looks up the calendar year before too: "the second quarter of fiscal 2024" is the
  // column of July 29, 2023 for a year that ends early in 2024 (samePeriod tells).
  // The years in order, each once, and each core word under each (one array and no set per figure: every
  // figure of every source is indexed, and every statement figure looked up, this way).
  const years: number[] = [f.year];
  for (const y of [f.altYear, f.fiscalYear, lookup && f.fiscal ? f.year - 1 : null]) if (y !== null && y !== undefined && !years.includes(y)) years.push(y);
  const out: string[] = [];
  for (const y of years) {
    for (const w of f.item) if (!isQualifier(w)) out.push(`${w}|${y}`);
    if (f.standard) out.push(`std:${f.standard}|${y}`);
  }
  return out;
}

function indexOf(read: ReadText): FigureIndex {
  let index = INDEXES.get(read);
  if (index) return index;
  const byValue = new Map<number, number[]>();
  const byItemYear = new Map<string, number[]>();
  const add = <K>(map: Map<K, number[]>, key: K, at: number, cap = Infinity) => {
    const list = map.get(key);
    if (!list) map.set(key, [at]);
    else if (list.length < cap && list.at(-1) !== at) list.push(at);
  };
  read.figures.forEach((f, at) => {
    for (const [v, tol] of readings(f)) for (const b of buckets(v, tol)) add(byValue, b, at, LENGTH_BITS - 1);
    for (const key of itemYearKeys(f)) add(byItemYear, key, at, Math.min(MAX_PER_ITEM_YEAR, LENGTH_BITS - 1));
  });
  index = { byValue: packLists(byValue), byItemYear: packLists(byItemYear), taken: new Uint32Array(read.figures.length), mark: 0 };
  INDEXES.set(read, index);
  return index;
}

/**
 * Builds a text's figure index and rows now rather than on its first comparison: a caller working in steps
 * gives each source's building steps of their own instead of adding all of them to its first statement's.
 */
export function* indexTextSteps(read: ReadText): Generator<void, void, void> {
  indexOf(read);
  yield* turnAfter(read.figures.length);
  tableRows(read);
}

/**
 * The source figures worth comparing with f: those whose value or mantissa may equal one of f's (their
 * rounding ranges share a bucket) and those under one of its item words for its year. The rest can neither
 * equal it nor conflict with it.
 */
export function candidates(f: FigureInContext, read: ReadText): FigureInContext[] {
  const index = indexOf(read);
  const mark = ++index.mark;
  const out: FigureInContext[] = [];
  const take = <K>(lists: PackedLists<K>, key: K) => {
    const packed = lists.keys.get(key);
    if (packed === undefined) return;
    const start = Math.floor(packed / LENGTH_BITS);
    const end = start + (packed % LENGTH_BITS);
    for (let k = start; k < end && out.length < MAX_CANDIDATES; k++) {
      const at = lists.at[k];
      if (index.taken[at] === mark) continue;
      index.taken[at] = mark;
      out.push(read.figures[at]);
    }
  };
  for (const [v, tol] of readings(f)) for (const b of buckets(v, tol)) take(index.byValue, b);
  for (const key of itemYearKeys(f, true)) take(index.byItemYear, key);
  return out;
}

const UNDATED = new WeakMap<ReadText, Map<string, number[]>>();

/**
 * The prose figures of a text with no period (no year, no part of one) under one of f's item words: built on
 * first use, only for texts an unplaced figure is looked up in (undated.ts).
 */
export function undatedOfItem(f: FigureInContext, read: ReadText): FigureInContext[] {
  let index = UNDATED.get(read);
  if (!index) {
    const built = new Map<string, number[]>();
    read.figures.forEach((s, at) => {
      if (s.cell || s.year !== null || s.part !== null) return;
      for (const w of new Set(coreItemWords(s.item))) {
        const list = built.get(w);
        if (!list) built.set(w, [at]);
        else if (list.length < MAX_PER_ITEM_YEAR) list.push(at);
      }
    });
    UNDATED.set(read, (index = built));
  }
  const at = new Set<number>();
  for (const w of coreItemWords(f.item)) for (const k of index.get(w) ?? []) at.add(k);
  return [...at].map((k) => read.figures[k]);
}

/** A table row of a text: its cells and the words that name its line item. */
export interface TableRow {
  cells: FigureInContext[];
  words: string[];
}

const ROWS = new WeakMap<ReadText, Map<string, TableRow>>();

/** The rows of a text's tables by table and row, built once per text. */
function rowsOf(read: ReadText): Map<string, TableRow> {
  let rows = ROWS.get(read);
  if (!rows) {
    rows = new Map();
    for (const f of read.figures) {
      if (!f.cell) continue;
      const key = `${f.cell.table}:${f.cell.row}`;
      const row = rows.get(key);
      if (row) row.cells.push(f);
      else rows.set(key, { cells: [f], words: [...new Set(coreItemWords(f.item))] });
    }
    ROWS.set(read, rows);
  }
  return rows;
}

/** The cells of a table cell's row. */
export function rowCells(read: ReadText, cell: FigureInContext): FigureInContext[] {
  return rowsOf(read).get(`${cell.cell!.table}:${cell.cell!.row}`)?.cells ?? [];
}

const NAMED_ROWS = new WeakMap<ReadText, TableRow[]>();

/** The text's table rows that have item words of their own. */
export function tableRows(read: ReadText): TableRow[] {
  let rows = NAMED_ROWS.get(read);
  if (!rows) {
    rows = [...rowsOf(read).values()].filter((r) => r.words.length > 0);
    NAMED_ROWS.set(read, rows);
  }
  return rows;
}

/**
 * Up to `each` items on either side of `index` in items sorted by place (`at`): the figures beside a statement's
 * figure, where a sentence of thousands of figures makes every pair of them too many to read.
 */
export function nearest<T>(byPlace: T[], index: number, each: number, at: (x: T) => number): T[] {
  let lo = 0;
  let hi = byPlace.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (at(byPlace[mid]) < index) lo = mid + 1;
    else hi = mid;
  }
  return byPlace.slice(Math.max(0, lo - each), lo + each);
}
