// A margin or a share of revenue checked against the levels it is worked out from. A statement's percentage
// that names a margin ("a net margin of 19.3%") or a share of revenue written after its numerator ("capital
// expenditures were $1,577 million, about 6.8% of sales"), in a sentence whose level a source carries, is
// worked out from the profit line (or that numerator) and total revenue the same source gives for that year:
// equal within the rounding of the figures as written it is carried; another share is contradicted.
import type { FigureInContext, ReadText } from "./context";
import { itemVocabulary, marginItem, type FigureCheck } from "./compare";
import { coreItemWords } from "./line-items";
import { halfUnit, kindsMatch } from "./values";
import { levelRounding, levelValue, theOneValue } from "./level-values";
import { label, written } from "./labels";
import { MAX_LEVEL_READS, periodText } from "./level-changes";

// "6.8% of sales", "4.8% of net revenues", "of total revenue": a share of the company's revenue.
const OF_REVENUE = /^\s{0,3}of\s{1,3}(?:(?:its|the|total|net|consolidated)\s{1,3}){0,3}(?:revenues?|sales)\b/i;
// "of Domestic revenue", "of International sales" are a segment's, not the company's: not read here.

/** Kinds the levels are of. */
const LEVEL_KINDS = new Set(["amount", "number"]);

/** Whether a source figure is the company's total revenue: its item's words all revenue words ("Net sales", "Total revenues"). */
function totalRevenue(x: FigureInContext): boolean {
  if (x.standard !== "revenue") return false;
  const vocabulary = itemVocabulary("revenue");
  const core = coreItemWords(x.item);
  return core.length > 0 && core.every((w) => vocabulary.has(w));
}

/** The one value a source gives for a standard item (by `is`) in a year and part, as the anchor is given; null when none or several. */
function oneLevel(read: ReadText, anchor: FigureInContext, is: (x: FigureInContext) => boolean): FigureInContext | null {
  const found = read.figures.filter(
    (x) =>
      !x.change &&
      !x.bound &&
      x.year === anchor.year &&
      x.part === anchor.part &&
      x.basis === anchor.basis &&
      LEVEL_KINDS.has(x.kind) &&
      kindsMatch(x, anchor) &&
      (x.scale === null) === (anchor.scale === null) &&
      is(x),
  );
  return theOneValue(found);
}

/** The one revenue cell of a table cell's own table and column (a segment's table names its revenue "Revenue"), or null. */
function revenueBeside(read: ReadText, n: FigureInContext): FigureInContext | null {
  if (!n.cell) return null;
  const found = read.figures.filter((x) => x.cell && x.cell.table === n.cell!.table && x.cell.col === n.cell!.col && x.standard === "revenue" && !x.change && LEVEL_KINDS.has(x.kind));
  return theOneValue(found);
}

/**
 * Reads each unmatched percentage of a margin or of revenue against the levels above. Only in a sentence with
 * a carried level (which fixes the source and the period), and only where that source gives each level once.
 */
export function levelShares(checks: FigureCheck[], sources: ReadText[], statement: string): void {
  let reads = 0;
  checks.forEach((c, k) => {
    const g = c.figure;
    if (c.status !== "unmatched" || g.kind !== "percent" || g.change || g.index < 0 || g.negative) return;
    const profit = marginItem(g);
    const before = checks[k - 1];
    const ofRevenue = OF_REVENUE.test(statement.slice(g.index + g.raw.length, g.index + g.raw.length + 60));
    // The numerator of a share of revenue: the carried level right before it in its sentence.
    const own = ofRevenue && before?.status === "carried" && before.by && before.figure.sentence === g.sentence && !before.figure.change && LEVEL_KINDS.has(before.by.kind) ? before : null;
    if ((profit === null && !own) || ++reads > MAX_LEVEL_READS) return;
    const anchor = own ?? checks.find((a) => a.status === "carried" && a.by && a.figure.sentence === g.sentence && !a.figure.change && a.by.year !== null && LEVEL_KINDS.has(a.by.kind));
    const s = anchor?.by;
    if (!anchor || !s || s.year === null) return;
    const read = sources[anchor.source];
    // The sentence's own carried levels first (their items as the sentence names them), else the source's one level.
    const carried = (is: (x: FigureInContext) => boolean) =>
      checks.find((a) => a.status === "carried" && a.by && a.source === anchor.source && a.figure.sentence === g.sentence && !a.figure.change && a.by.year === s.year && is(a.by))?.by ?? oneLevel(read, s, is);
    const numerator = own ? s : carried((x) => x.standard === profit);
    if (!numerator) return;
    // Over the company's total revenue, and over the revenue row of the numerator's own table and column (a
    // segment's table: "Domestic ... gross margin" is over the segment's revenue): either base carries the share,
    // and it is contradicted only when it is neither's.
    const bases = [carried(totalRevenue), revenueBeside(read, numerator)].filter((b, i, all): b is FigureInContext => b !== null && b !== numerator && levelValue(b) > 0 && all.indexOf(b) === i);
    if (!bases.length) return;
    const shareOver = (base: FigureInContext) => (levelValue(numerator) / levelValue(base)) * 100;
    const within = (base: FigureInContext) => {
      const error = (100 * levelRounding(numerator)) / levelValue(base) + (100 * Math.abs(levelValue(numerator)) * levelRounding(base)) / levelValue(base) ** 2;
      return Math.abs(shareOver(base) - g.mantissa) <= halfUnit(g) + error + 1e-9;
    };
    c.source = anchor.source;
    c.by = numerator;
    if (bases.some(within)) {
      c.status = "carried";
      return;
    }
    const base = bases[bases.length - 1];
    c.status = "contradicted";
    const worked = shareOver(base).toLocaleString("en-US", { maximumFractionDigits: Math.max(1, g.decimals) });
    c.note = `The source gives ${label(numerator)} as ${written(numerator)} and ${label(base)} as ${written(base)} for ${periodText(numerator)}: ${worked}% of it, not ${g.raw}.`;
  });
}
