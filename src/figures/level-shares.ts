// A margin or a share of revenue checked against the levels it is worked out from. A statement's percentage
// that names a margin ("a net margin of 19.3%") or a share of revenue written after its numerator ("capital
// expenditures were $1,577 million, about 6.8% of sales"), in a sentence whose level a source carries, is
// worked out from the profit line (or that numerator) and total revenue the same source gives for that year:
// equal within the rounding of the figures as written it is carried; another share is contradicted.
import type { FigureInContext, ReadText } from "./context";
import { itemVocabulary, marginItem, type FigureCheck } from "./compare";
import { coreItemWords } from "./line-items";
import { shareBaseWords } from "./operands";
import { halfUnit, kindsMatch } from "./values";
import { levelRounding, levelValue, theOneValue } from "./level-values";
import { label, written } from "./labels";
import { MAX_LEVEL_READS, periodText } from "./level-changes";

// "6.8% of sales", "4.8% of net revenues", "of total revenue": a share of the company's revenue.
const OF_REVENUE = /^\s{0,3}of\s{1,3}(?:(?:its|the|total|net|consolidated)\s{1,3}){0,3}(?:revenues?|sales)\b/i;
// "of Domestic revenue", "of International sales" are a segment's, not the company's: not read here.
// "39.5% of net income", "about 30% of operating cash flow": a share of another line item, named after "of" (operands.ts shareBaseWords).

// "more than 20% of the total company revenues", "less than 5% of net income": a bound on the share, not its value.
const AT_LEAST = /\b(?:more\s{1,3}than|greater\s{1,3}than|over|above|at\s{1,3}least|exceed(?:s|ed|ing)?|in\s{1,3}excess\s{1,3}of)\s{0,3}$/i;
const AT_MOST = /\b(?:less\s{1,3}than|fewer\s{1,3}than|under|below|at\s{1,3}most)\s{0,3}$/i;

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
    const after = statement.slice(g.index + g.raw.length, g.index + g.raw.length + 60);
    const ofRevenue = OF_REVENUE.test(after);
    // A share of another line item ("capital expenditures were $1,577 million, 39.5% of net income"): its base is
    // that item's one level for the numerator's period.
    const baseWords = ofRevenue || profit !== null ? [] : shareBaseWords(after);
    const ofItem = baseWords.length ? baseWords : null;
    // The numerator of a share of revenue or of another item: the carried level right before it in its sentence.
    const own = (ofRevenue || ofItem) && before?.status === "carried" && before.by && before.figure.sentence === g.sentence && !before.figure.change && LEVEL_KINDS.has(before.by.kind) ? before : null;
    if ((profit === null && !own) || ++reads > MAX_LEVEL_READS) return;
    const anchor = own ?? checks.find((a) => a.status === "carried" && a.by && a.figure.sentence === g.sentence && !a.figure.change && a.by.year !== null && LEVEL_KINDS.has(a.by.kind));
    const s = anchor?.by;
    if (!anchor || !s || s.year === null) return;
    const read = sources[anchor.source];
    // The sentence's own carried levels first (their items as the sentence names them), else the source's one level.
    // The share's own year where it names another than the anchor's ("rose to 16.3% in 2018 from 15.3% in 2017":
    // 15.3% is 2017's, worked out from 2017's levels).
    const at = own || g.year === null || g.year === s.year ? s : { ...s, year: g.year };
    const carried = (is: (x: FigureInContext) => boolean) =>
      checks.find((a) => a.status === "carried" && a.by && a.source === anchor.source && a.figure.sentence === g.sentence && !a.figure.change && a.by.year === at.year && is(a.by))?.by ?? oneLevel(read, at, is);
    const numerator = own ? s : carried((x) => x.standard === profit);
    if (!numerator) return;
    // Over the company's total revenue, and over the revenue row of the numerator's own table and column (a
    // segment's table: "Domestic ... gross margin" is over the segment's revenue): either base carries the share,
    // and it is contradicted only when it is neither's.
    const named = (x: FigureInContext) => ofItem!.every((w) => x.item.includes(w));
    const bases = (ofItem ? [carried(named)] : [carried(totalRevenue), revenueBeside(read, numerator)]).filter((b, i, all): b is FigureInContext => b !== null && b !== numerator && levelValue(b) > 0 && all.indexOf(b) === i);
    if (!bases.length) return;
    const shareOver = (base: FigureInContext) => (levelValue(numerator) / levelValue(base)) * 100;
    const lead = statement.slice(Math.max(0, g.index - 30), g.index);
    const bound = AT_LEAST.test(lead) ? 1 : AT_MOST.test(lead) ? -1 : 0;
    const within = (base: FigureInContext) => {
      const error = (100 * levelRounding(numerator)) / levelValue(base) + (100 * Math.abs(levelValue(numerator)) * levelRounding(base)) / levelValue(base) ** 2;
      const off = shareOver(base) - g.mantissa;
      // A bound holds on its side of the figure ("more than 20%": any share from 20% up).
      if (bound !== 0) return bound * off >= -(halfUnit(g) + error + 1e-9);
      return Math.abs(off) <= halfUnit(g) + error + 1e-9;
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
    c.note = `The source gives ${label(numerator)} as ${written(numerator)} and ${label(base)} as ${written(base)} for ${periodText(numerator)}: ${worked}% of it, not ${bound > 0 ? "more than " : bound < 0 ? "less than " : ""}${g.raw}.`;
  });
}

// "were about 6.1 times its net income": a multiple of another figure of the sentence.
const TIMES_AFTER = /^\s{0,2}(?:times|x)\b/i;

/**
 * Reads each unmatched multiple between two carried levels of its sentence ("net sales of $32,765 million were
 * about 6.1 times its net income of $5,349 million"): the level before it over the level after it, within the
 * rounding of the figures as written, carries it; another multiple is contradicted, naming both levels.
 */
export function levelMultiples(checks: FigureCheck[], statement: string): void {
  let reads = 0;
  checks.forEach((c, k) => {
    const g = c.figure;
    if (c.status !== "unmatched" || g.kind !== "ratio" || g.change || g.index < 0 || g.negative) return;
    if (!TIMES_AFTER.test(statement.slice(g.index + g.raw.length, g.index + g.raw.length + 10))) return;
    const level = (a: FigureCheck | undefined) => (a && a.status === "carried" && a.by && a.figure.sentence === g.sentence && !a.figure.change && LEVEL_KINDS.has(a.by.kind) ? a : null);
    const top = level(checks[k - 1]);
    const bottom = level(checks[k + 1]);
    if (!top || !bottom || top.by!.year !== bottom.by!.year || ++reads > MAX_LEVEL_READS) return;
    const [x, y] = [top.by!, bottom.by!];
    if (levelValue(y) <= 0 || levelValue(x) <= 0 || (x.scale === null) !== (y.scale === null)) return;
    const ratio = levelValue(x) / levelValue(y);
    const error = levelRounding(x) / levelValue(y) + (levelValue(x) * levelRounding(y)) / levelValue(y) ** 2;
    c.source = top.source;
    c.by = x;
    if (Math.abs(ratio - g.mantissa) <= halfUnit(g) + error + 1e-9) {
      c.status = "carried";
      return;
    }
    c.status = "contradicted";
    c.note = `The source gives ${label(x)} as ${written(x)} and ${label(y)} as ${written(y)} for ${periodText(x)}: ${ratio.toLocaleString("en-US", { maximumFractionDigits: Math.max(1, g.decimals) })} times, not ${g.raw}.`;
  });
}
