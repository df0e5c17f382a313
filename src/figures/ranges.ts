// A range's two ends ("$9.90 - $10.00", "7.5% to 8.5%") are two figures: the same value at the other end of
// another range does not carry one (compare.ts checkFigure). Amounts and rates only: bare numbers' ranges are as
// often ages or counts.
import type { FigureInContext } from "./context";
import type { Quantity } from "./numbers";
import { kindsMatch } from "./values";

/** Between a range's two ends: a dash or "to" (the second figure may hold the dash: "$10.00 - $10.10" reads "- $10.10"). */
const RANGE_GAP = /^\s*(?:(?:[-–—]|to)\s*)?$/;

/** Marks a sentence's ranges: `figures` are the sentence's, one per quantity of `qs`, in order. */
export function markRanges(sentence: string, qs: Quantity[], figures: FigureInContext[]): void {
  for (let i = 0; i + 1 < qs.length; i++) {
    const [low, high] = [figures[i], figures[i + 1]];
    if (low.kind === "number" || !RANGE_GAP.test(sentence.slice(qs[i].end, qs[i + 1].index)) || !kindsMatch(low, high)) continue;
    low.bound = "low";
    high.bound = "high";
  }
}
