// A range's two ends ("$9.90 - $10.00", "7.5% to 8.5%") are two figures: the same value at the other end of
// another range does not carry one (compare.ts checkFigure). Amounts and rates only: bare numbers' ranges are as
// often ages or counts.
import type { FigureInContext } from "./context";
import type { Quantity } from "./numbers";
import { kindsMatch } from "./values";

/** Between a range's two ends: a dash or "to" (the second figure may hold the dash: "$10.00 - $10.10" reads "- $10.10"). */
const RANGE_GAP = /^\s*(?:(?:[-–—]|to)\s*)?$/;

/** How far apart a range's two ends may be: "$1 billion to $3 billion" is one; "by $491 million to $5,349 million" is not. */
const RANGE_SPREAD = 3;

/**
 * "increased by $491 million to $5,349 million", "rose 2% to 45%": a change, then the level it reached, not a
 * range of changes (whose ends are of one size: "growth of 11.0% to 12.0%").
 */
function changeThenLevel(low: FigureInContext, high: FigureInContext): boolean {
  if (!low.change) return false;
  const [a, b] = low.scale !== null && high.scale !== null ? [low.value, high.value] : [low.mantissa, high.mantissa];
  return a > 0 && b > RANGE_SPREAD * a;
}

/**
 * Marks a sentence's ranges: `figures` are the sentence's, one per quantity of `qs`, in order. A range written
 * with a bare hyphen ("67-71 cents", "$850-950 million") is read whole: the hyphen is the range's, not a minus
 * sign of its high end, and a scale word written once after the high end is the low end's too.
 */
export function markRanges(sentence: string, qs: Quantity[], figures: FigureInContext[]): void {
  for (let i = 0; i + 1 < qs.length; i++) {
    const [low, high] = [figures[i], figures[i + 1]];
    const gap = sentence.slice(qs[i].end, qs[i + 1].index);
    // Written close ("67-71"), not spaced as a working's minus ("(47,262 - 36,689)").
    const hyphen = gap === "" && /^[-–—][$\d]/.test(high.raw) && !low.negative && !qs[i].percent;
    if (hyphen && high.negative) {
      high.negative = false;
      high.raw = high.raw.slice(1);
    }
    if (hyphen && qs[i].scale === 1 && qs[i + 1].scale > 1 && low.kind === "amount" && (low.scale === null || low.scale === 1)) {
      low.scale = qs[i + 1].scale;
      low.value = low.mantissa * qs[i + 1].scale;
    }
    if (low.kind === "number" || !RANGE_GAP.test(gap) || !kindsMatch(low, high) || changeThenLevel(low, high)) continue;
    low.bound = "low";
    high.bound = "high";
    // "11.0% – 12.0%": the dash the high end holds is the range's, not a minus sign (unless the low end is negative too).
    if (high.negative && !low.negative && /^[-\u2212\u2013\u2014]/.test(high.raw)) {
      high.negative = false;
      high.raw = high.raw.replace(/^[-\u2212\u2013\u2014]\s*/, "");
    }
    // "growth of 11.0% to 12.0%": the "to" is the range's, not a level reached; both ends are the change.
    if (low.change && !high.change) high.change = true;
  }
}
