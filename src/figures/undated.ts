// The one figure the sources give for an item with no period: "Leverage, measured as net debt divided by adjusted
// trailing twelve month EBITDA, was 3.0 times" against an answer's "leverage was 2.5 times" in fiscal 2023. Another
// value of the same item, whatever period the source leaves unsaid, is a contradiction; read last among
// checkStatement's readings (statement.ts), for figures no other reading placed.
import type { FigureInContext, ReadText } from "./context";
import { sameItem, type FigureCheck } from "./compare";
import { undatedOfItem } from "./figure-index";
import { otherBasis } from "./item-parts";
import { equalAtSomeScale, kindsMatch, valuesEqual } from "./values";
import { otherCause } from "./causes";
import { label, written } from "./labels";
import { stemPhrase } from "./text";
import { FIGURES_PER_STEP } from "./steps";

/**
 * Figures no other reading placed, that the statement dates ("leverage was 2.5 times" in 2023), against the one
 * prose figure of their item the sources give with no period ("Leverage ... was 3.0 times"): another value of
 * the same item, whatever period the source leaves unsaid, is a contradiction. Read last (statement.ts).
 */
export function* undatedReadings(checks: FigureCheck[], sources: ReadText[], known: ReadonlySet<string>): Generator<void, void, void> {
  for (const [k, c] of checks.entries()) {
    if (k > 0 && k % FIGURES_PER_STEP === 0) yield;
    const f = c.figure;
    if (c.status !== "unmatched" || f.year === null || f.kind === "number") continue;
    const u = onlyUndatedReading(f, sources, known);
    if (!u) continue;
    c.status = "contradicted";
    c.source = u.i;
    c.by = u.s;
    c.note = `The source gives ${label(u.s)} as ${written(u.s)} (its period not stated), not ${f.raw}.`;
  }
}

/**
 * The one prose figure of f's item in all the sources, another value with no period stated: what the sources
 * give for the item. Null when they give the item two values (then the period would tell which), or give f's
 * value under it.
 */
function onlyUndatedReading(f: FigureInContext, sources: ReadText[], subject: ReadonlySet<string>): { s: FigureInContext; i: number } | null {
  let found: { s: FigureInContext; i: number } | null = null;
  for (const [i, read] of sources.entries()) {
    for (const s of undatedOfItem(f, read)) {
      if (!kindsMatch(f, s) || f.change !== s.change || otherBasis(f, s) || otherCause(f, s) || !sameItem(f, s, subject)) continue;
      // A range's end is read against the same end of the source's range ("$750 million to $850 million" against
      // "$850 million to $950 million": $850 million is the other range's low end).
      if (f.bound !== undefined && s.bound !== undefined && f.bound !== s.bound) continue;
      // "18% of the total consolidated accounts receivable" is not "16% of our consolidated net revenue": the
      // words after a share name what it is of.
      // ... unless both say the same cause after the figure ("from the sale of its Russian plants", "related to the sale of ... plants in Russia").
      const sameCause = f.cause !== undefined && s.cause !== undefined;
      if (!sameCause && f.next && s.next && stemPhrase(f.next) !== stemPhrase(s.next)) continue;
      // "20% and 15% of the total consolidated accounts receivable": a share's words may follow its list; the
      // statement's sentence must say what the source's share is of.
      if (!sameCause && f.kind === "percent" && s.next && !stemPhrase(s.next).split(" ").every((w) => f.context.has(w))) continue;
      if (valuesEqual(f, s) || equalAtSomeScale(f, s)) return null;
      // The same figure again (the reference and the filing it copies): still one reading of the item.
      if (found && !(found.s.value === s.value && found.s.kind === s.kind)) return null;
      found ??= { s, i };
    }
  }
  return found;
}
