// A level's value as the level readers compare them (level-changes.ts, level-shares.ts, worded-moves.ts): signed,
// in base units where its scale is known (a rate in its percentage units), its rounding as written, and the one
// value a source gives among several figures of an item.
import type { FigureInContext } from "./context";
import { halfUnit, roundingOf } from "./values";

/** A level's signed value: base units where its scale is known, else as written; a rate in percentage units. */
export function levelValue(x: FigureInContext): number {
  return (x.negative ? -1 : 1) * (x.scale !== null && x.kind !== "percent" ? x.value : x.mantissa);
}

/** How far a level may be from the value it rounds, in levelValue's units. */
export function levelRounding(x: FigureInContext): number {
  return x.scale !== null && x.kind !== "percent" ? roundingOf(x) : halfUnit(x);
}

/** The first of `found` when they all give one value, else null (none, or several values: which is meant is not told). */
export function theOneValue(found: FigureInContext[]): FigureInContext | null {
  return found.length > 0 && new Set(found.map(levelValue)).size === 1 ? found[0] : null;
}
