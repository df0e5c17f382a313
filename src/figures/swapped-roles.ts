// A current figure and its comparison swapped: the source says "Domestic operating income was $329 million,
// compared with $343 million" and the statement "Domestic operating income was $343 million, compared with
// $329 million". Each value is the source's, so each is carried alone; but the source sentence pairs the same
// two values for the same line item in the opposite roles, so both are contradicted. Read from the roles the
// comparison clause gives (comparison.ts), with no calendar: only where the statement's years (when it gives
// both) run the same way as its roles, the later period the current one. The same roles read for one figure:
// a comparison's value given as the current one (comparedAsCurrent), and a sentence's state given to its other
// figure ("remaining" under the program's size: stateOfOther).
import type { FigureInContext, ReadText } from "./context";
import { candidates, rowCells } from "./figure-index";
import { kindsMatch, valuesEqual } from "./values";
import { MEASURE, sameItem, type FigureCheck } from "./compare";
import { label, written } from "./labels";
import { coreItemWords } from "./line-items";
import { contentStems } from "./text";
import { FIGURES_PER_STEP } from "./steps";

/** Comparisons read per statement: past this many the rest are left (bounded work). */
const MAX_PAIRS = 24;

interface Found {
  current: FigureInContext;
  compared: FigureInContext;
  i: number;
}

/** The statement's pairs: each comparison-clause figure with the level its sentence compares it with. */
function statementPairs(checks: FigureCheck[]): [FigureCheck, FigureCheck][] {
  const pairs: [FigureCheck, FigureCheck][] = [];
  checks.forEach((b, k) => {
    const f = b.figure;
    if (!f.compared || f.change || f.index < 0 || pairs.length >= MAX_PAIRS) return;
    const level = (c: FigureCheck) => c.figure.sentence === f.sentence && c.figure.index >= 0 && !c.figure.compared && !c.figure.change && kindsMatch(f, c.figure);
    // The level before it ("$329 million, compared with $343 million"), else the one after ("from $Y to $X").
    let a: FigureCheck | undefined;
    for (let j = k - 1; j >= 0 && !a; j--) if (level(checks[j])) a = checks[j];
    for (let j = k + 1; j < checks.length && !a && checks[j].figure.sentence === f.sentence; j++) if (level(checks[j])) a = checks[j];
    if (!a) return;
    // "$8,630.9 million in 2021, compared with $10,208.6 million in 2022": a comparison written backwards on purpose.
    if (a.figure.year !== null && f.year !== null && a.figure.year <= f.year) return;
    pairs.push([a, b]);
  });
  return pairs;
}

/**
 * Whether every word of the statement's item is among the source figure's words: "the quarterly cash
 * dividend" within "The Amcor Board of Directors declared a quarterly cash dividend of". One way only, and
 * only where both values of the pair match: a level and its comparison of one sentence, in the other roles.
 */
function namedWithin(x: FigureInContext, r: FigureInContext, known: ReadonlySet<string>): boolean {
  const words = coreItemWords(x.item).filter((w) => !MEASURE.has(w));
  return words.length > 0 && words.every((w) => r.context.has(w) || known.has(w));
}

/** Source sentences that give x and y as a level and its comparison, one line item: in those roles (same) or swapped. */
function sourcePair(x: FigureInContext, y: FigureInContext, sources: ReadText[], known: ReadonlySet<string>): { same: Found | null; swapped: Found | null } {
  let same: Found | null = null;
  let swapped: Found | null = null;
  sources.forEach((read, i) => {
    const xs = candidates(x, read).filter((s) => s.index >= 0 && !s.change && kindsMatch(x, s) && valuesEqual(x, s));
    if (!xs.length) return;
    for (const s of candidates(y, read)) {
      if (s.index < 0 || s.change || !kindsMatch(y, s) || !valuesEqual(y, s)) continue;
      for (const r of xs) {
        if (r.sentence !== s.sentence || Boolean(r.compared) === Boolean(s.compared)) continue;
        // One line item: the comparison takes its level's item, or both name it.
        if (r.item !== s.item && !sameItem(r, s, known)) continue;
        if (!sameItem(x, r, known) && !sameItem(y, s, known) && !namedWithin(x, r, known)) continue;
        const found = r.compared ? { current: s, compared: r, i } : { current: r, compared: s, i };
        if (found.current === r) same ??= found;
        else swapped ??= found;
      }
    }
  });
  return { same, swapped };
}

/** Which of two cells of one row is the later period's: 1 when a is, -1 when b is, 0 when their columns do not tell. */
function laterCell(a: FigureInContext, b: FigureInContext): number {
  if (a.date !== null && b.date !== null) return Math.sign(a.date - b.date);
  if (a.date === null && b.date === null && a.year !== null && b.year !== null) return Math.sign(a.year - b.year);
  return 0;
}

/**
 * Table rows that hold x and y in two columns of one span ("Operating income $ 329 $ 343", July 29, 2023
 * then July 30, 2022): the later column is the current period, the earlier its comparison; in the
 * statement's roles (same) or swapped. A row printed in two sections is left (which section is not read).
 */
function tablePair(x: FigureInContext, y: FigureInContext, sources: ReadText[], known: ReadonlySet<string>): { same: Found | null; swapped: Found | null } {
  let same: Found | null = null;
  let swapped: Found | null = null;
  sources.forEach((read, i) => {
    for (const r of candidates(x, read)) {
      if (!r.cell || r.cell.repeated || r.change || !kindsMatch(x, r) || !valuesEqual(x, r)) continue;
      if (!sameItem(x, r, known) && !namedWithin(x, r, known)) continue;
      for (const s of rowCells(read, r)) {
        if (s === r || s.cell!.block !== r.cell.block || s.part !== r.part || !kindsMatch(y, s) || !valuesEqual(y, s)) continue;
        const later = laterCell(r, s);
        if (later > 0) same ??= { current: r, compared: s, i };
        else if (later < 0) swapped ??= { current: s, compared: r, i };
      }
    }
  });
  return { same, swapped };
}

/**
 * Contradicts a statement's level and its comparison where a source sentence pairs the same two values for
 * the same line item the other way round, and none pairs them the statement's way.
 */
export function* swappedRoles(checks: FigureCheck[], sources: ReadText[], known: ReadonlySet<string>): Generator<void, void, void> {
  let pairs = 0;
  for (const [a, b] of statementPairs(checks)) {
    if (++pairs % FIGURES_PER_STEP === 0) yield;
    const prose = sourcePair(a.figure, b.figure, sources, known);
    if (prose.same) continue;
    // A sentence that pairs them is the better witness; else a table row's two columns.
    const table = prose.swapped ? null : tablePair(a.figure, b.figure, sources, known);
    if (table?.same) continue;
    const swapped = prose.swapped ?? table?.swapped;
    if (!swapped) continue;
    // The item as the statement words it ("quarterly cash dividend"), else as the source does.
    const item = coreItemWords(a.figure.item).length ? label(a.figure) : label(swapped.current);
    for (const [c, role, other] of [
      [a, "the comparison period's", "the current one's"],
      [b, "the current period's", "the comparison period's"],
    ] as const) {
      if (c.status === "contradicted") continue;
      c.status = "contradicted";
      c.source = swapped.i;
      c.by = c === a ? swapped.compared : swapped.current;
      c.note = `${c.figure.raw} is ${role} ${item}, not ${other}: the source gives ${written(swapped.current)}, compared with ${written(swapped.compared)}.`;
    }
  }
}

/** Words of a statement's sentence that place its figure in a comparison period ("last year", "a year earlier", "prior-year"). */
const PRIOR = new Set(contentStems("last prior previous ago earlier"));

/**
 * A statement's level carried only by a source's comparison figure: "Amcor declared a quarterly cash dividend
 * of 12.0 cents per share in August 2023" where the source says "declared a quarterly cash dividend of 12.25
 * cents per share (compared with 12.0 cents per share in the same quarter last year)". The statement dates the
 * value (its own year or the question's) and gives it as the current period's; the source gives it as what
 * the current level is compared with: contradicted. Left as carried when the statement's words place it in
 * the comparison period ("last year", "a year earlier"), when its year is the one the source gives the
 * comparison, or when a source also gives the value as a level of the item.
 */
export function comparedAsCurrent(checks: FigureCheck[], sources: ReadText[], known: ReadonlySet<string>): void {
  for (const c of checks) {
    const f = c.figure;
    const s = c.by;
    if (c.status !== "carried" || !s?.compared || s.index < 0 || f.compared || f.change || f.yearBefore || f.index < 0) continue;
    // Its year, or its sentence's one year ("a quarterly cash dividend of 12.0 cents in August 2023": a quarter's figure, the year its sentence names).
    const year = f.year ?? (f.years.length === 1 ? f.years[0] : null);
    if (year === null || (s.year !== null && s.year === year)) continue;
    if ([...f.context].some((w) => PRIOR.has(w)) || [...(f.sentenceWords ?? [])].some((w) => PRIOR.has(w))) continue;
    const read = sources[c.source];
    // The level the source compares it with: the figure before it in its sentence, of its kind, another value.
    const level = read.figures.filter((r) => r.sentence === s.sentence && r.index >= 0 && r.index < s.index && !r.compared && !r.change && kindsMatch(r, s)).at(-1);
    if (!level || valuesEqual(level, s) || (level.year !== null && level.year !== year)) continue;
    if (sources.some((r) => candidates(f, r).some((x) => x !== s && !x.compared && !x.change && kindsMatch(f, x) && valuesEqual(f, x) && sameItem(f, x, known)))) continue;
    c.status = "contradicted";
    c.by = level;
    const item = coreItemWords(f.item).length ? label(f) : label(level);
    c.note = `${f.raw} is the comparison period's ${item}, not the current one's: the source gives ${written(level)}, compared with ${written(s)}.`;
  }
}

/** Words of what is left of an amount ("remaining", "available", "outstanding"): the state a sentence gives one of its figures. */
const STATE = new Set(contentStems("remaining remained available outstanding unused unspent undrawn"));

/**
 * A statement's amount in a state ("$2.0 billion remaining under its share repurchase program") carried by a
 * source figure of another item in a sentence that gives that state to its other figure ("$1.1 billion remained
 * available under the $2.0 billion share repurchase program"): the program's size given as what is left.
 * Contradicted, the note naming both.
 */
export function stateOfOther(checks: FigureCheck[], sources: ReadText[]): void {
  for (const c of checks) {
    const f = c.figure;
    const s = c.by;
    if (c.status !== "carried" || !s || s.index < 0 || s.fromTable) continue;
    const state = f.item.filter((w) => STATE.has(w) && !s.item.includes(w));
    if (!state.length) continue;
    const own = (r: FigureInContext) => new Set([...r.item, ...contentStems(r.next)]);
    if (state.every((w) => own(s).has(w))) continue;
    const other = sources[c.source].figures.find((r) => r !== s && r.sentence === s.sentence && r.index >= 0 && kindsMatch(f, r) && !valuesEqual(r, s) && state.every((w) => own(r).has(w)));
    if (!other) continue;
    c.status = "contradicted";
    c.by = other;
    c.note = `${f.raw} is ${label(s)}, not what ${other.next.trim() || "is left"}: the source gives ${written(other)}.`;
  }
}
