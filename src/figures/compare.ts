// "The same figure", decided one way for every reader (alignment, verification, grading, the agent
// judge, chat's grounding): same kind, equal within the rounding of the coarser of the two as written, at
// a scale both state; and, in context, under the same line item and for the same year. A figure that the
// sources give to another year or another row while they state a different one for its own is a
// contradiction, and the note names both.
import type { FigureInContext, ReadText } from "./context";
import { label, written } from "./labels";
import { basisOf } from "./basis";
import { contentStems, stem, words } from "./text";
import { coreItemWords, isQualifier, ITEMS, lineItemOf } from "./line-items";
import { candidates, tableRows } from "./figure-index";
import { otherBasis, otherPart, rowContext, rowItem, SEGMENT } from "./item-parts";
import { equalAtSomeScale, kindsMatch, valuesEqual } from "./values";
import { calendarGuess, yearAs } from "./fiscal-days";
import { otherCause } from "./causes";
import { calendarChoice, twinColumnChoice } from "./column-choice";
import { lossForProfit, movedOtherWay, moveWords, oppositeDirection, profitForLoss, sourceDirection } from "./signs";
import { otherPeriodNote, otherQuarterEnd, otherSpan, samePeriod } from "./same-period";

// Words for a figure of any row: "cross currency swaps, with a notional amount of $32,502 million".
export const MEASURE = new Set(["amount", "valu", "notion", "figur", "level", "sum"]);

/** Words for a figure of any item, or any rate: "the growth rate of 3.6%", "the value". */
const NAMES_NO_ITEM = new Set([...MEASURE, "rate"]);

/** Whether a figure's words name a line item, not only what kind of figure it is. */
function namesItem(f: FigureInContext): boolean {
  return f.item.some((w) => !NAMES_NO_ITEM.has(w));
}

/** Whether two items share a word that names an item (qualifiers such as "total" or "adjusted" aside). */
export function itemsOverlap(a: string[], b: string[]): boolean {
  const bs = new Set(coreItemWords(b));
  return coreItemWords(a).some((s) => bs.has(s));
}

const VOCABULARIES = new Map<string, Set<string>>();

/** The words of a standard line item's labels and aliases. */
export function itemVocabulary(name: string): Set<string> {
  let words = VOCABULARIES.get(name);
  if (!words) {
    const spec = ITEMS[name];
    // Labels are normalized ("pp and e", "d and a"): the abbreviation is also written with "&" ("PP&E", "D&A").
    const labels = spec ? [...spec.labels, ...spec.aliases] : [];
    words = new Set(labels.flatMap((l) => contentStems(`${l} ${l.replace(/\b(\w{1,3}) and (\w{1,3})\b/g, "$1&$2")}`)));
    VOCABULARIES.set(name, words);
  }
  return words;
}

/** Every item word of a source figure's row is among the words around the statement's figure. */
function namesRow(f: FigureInContext, s: FigureInContext, known: ReadonlySet<string>): boolean {
  if (otherPart(f, s, known)) return false;
  const b = coreItemWords(s.item);
  return b.length > 0 && b.every((w) => f.context.has(w) || known.has(w));
}

/**
 * The statement's item ends with a table row's words ("the investment in Corporate bonds was", "- U.S.
 * government securities:"): the figure is given to that row, whatever words come before. Not when the row's
 * words are joined to another item's ("cash and inventories"), a sum or a list.
 */
function endsWithRow(f: FigureInContext, s: FigureInContext): boolean {
  // A column group's or a segment's row: the statement names the group ("Domestic segment revenue was").
  if (!s.cell || (s.group && ![...s.group].every((w) => f.context.has(w))) || !coreItemWords(s.item).length) return false;
  // The row's label as printed, word for word ("total assets" does not name "Total current assets").
  const label = labelWords(s.itemText);
  const own = labelWords(f.itemText);
  // "adjusted operational EPS growth of 11.0%" names the row of its item in a change row ("Change vs. Prior Year").
  while (own.length && (TRAILING_VERBS.has(own[own.length - 1]) || (f.change && s.change && CHANGE_TAIL.has(own[own.length - 1])))) own.pop();
  if (!label.length || own.length < label.length || label.some((w, k) => own[own.length - label.length + k] !== w)) return false;
  // "net sales minus cost of sales, totaled", "(Operating Income / Total Revenue) * 100": an operand, not the figure's row.
  if (JOINERS.has(own[own.length - label.length - 1] ?? "")) return false;
  const last = f.itemText.toLowerCase().lastIndexOf(label[label.length - 1]);
  return last >= 0 && !/[()*/+=×÷\d]/.test(f.itemText.slice(last + label[label.length - 1].length));
}

/** Lower-case words of a text ("U.S. government securities:" -> u, s, government, securities). */
const labelWords = (text: string) => text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
const TRAILING_VERBS = new Set(["was", "were", "is", "are", "of", "at", "totaled", "totalled", "amounted", "to", "stood", "reached"]);
/** A change's word after its item ("EPS growth of"), left off when a change figure names a change row's item. */
const CHANGE_TAIL = new Set(["growth", "change", "increase", "decrease", "decline", "rise"]);
const JOINERS = new Set(["and", "plus", "or", "minus", "less", "over", "by", "times", "versus", "vs", "than", "divided"]);

/**
 * "a 12.9% volume increase" is not the worldwide sales row's figure: the words after it must be the row's
 * ("on a comparable constant currency basis": the column group's, "basis" and "terms" aside).
 */
function trailFits(f: FigureInContext, s: FigureInContext): boolean {
  return coreItemWords(f.trail).every((w) => BASIS_WORDS.has(w) || s.context.has(w) || s.item.includes(w));
}

const BASIS_WORDS = new Set(contentStems("basis terms"));

function sharesWords(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  for (const w of a) if (!isQualifier(w) && b.has(w)) return true;
  return false;
}

// "operating margin", "gross profit margin", "net income margin": a profit line's percentage of sales.
// "gross margin", "operating income margin"; "gross profit rate", "operating income rate" (Best Buy's words).
const MARGIN = /\b(gross|operating|net|pre-?tax)\s+(?:(?:profit|income)\s+rates?|(?:profit\s+|income\s+)?margins?)\b(?![\s\S]*\b(?:margins?|rates?)\b)/i;
const MARGIN_ITEM: Record<string, string> = { gross: "grossProfit", operating: "operatingIncome", net: "netIncome", pretax: "pretaxIncome", "pre-tax": "pretaxIncome" };

const SHARE_OF_SALES = /^(.{3,60}?)\s(?:as\sa\s)?(?:%|percent|percentage)\sof\s(?:total\s|net\s)?(?:revenues?|sales)\b/i;

/** The line item of a row of shares of sales ("Gross profit as a % of revenue": gross profit), or null. */
function shareOfSalesItem(label: string): string | null {
  const m = SHARE_OF_SALES.exec(label);
  return m ? lineItemOf(m[1]) : null;
}

/** The profit line a statement's percentage names as its margin ("its operating margin was 13.9%": operating income), or null. */
export function marginItem(f: FigureInContext): string | null {
  if (f.kind !== "percent" || f.fromTable) return null;
  const m = MARGIN.exec(f.itemText);
  return m ? MARGIN_ITEM[m[1].toLowerCase()] : null;
}

/**
 * The same line item: each side's item words are all found in the other's sentence (or row label), or
 * among the words every reader knows from the question. "Net sales" and "net income" differ; "net income"
 * and "net income attributable to 3M" are one item when the answer names 3M.
 */
export function sameItem(f: FigureInContext, s: FigureInContext, known: ReadonlySet<string>): boolean {
  // A question that names a segment ("Domestic") lets its words stand for a group's, not another segment's or the total's.
  if (otherPart(f, s, known)) return false;
  // A margin is its profit line's row of percentages ("Operating income (as a percentage of net sales) 13.9%").
  // ... and its row "Gross profit as a % of revenue" (Best Buy's), whose label names the profit line before the share.
  const sStandard = s.kind === "percent" ? (s.standard ?? shareOfSalesItem(s.itemText)) : s.standard;
  const margin = s.kind === "percent" && sStandard !== null ? marginItem(f) : null;
  if (margin !== null) return margin === sStandard;
  // "Capital expenditures" and "Purchases of property, plant and equipment" are one standard item.
  if (f.standard !== null && s.standard !== null) {
    if (f.standard !== s.standard) return false;
    // ... unless either names more than the standard item ("Data Center revenue" is not total revenue).
    const vocabulary = itemVocabulary(f.standard);
    // "The PP&E value": a word for a figure of any row names no other item.
    const extra = (x: FigureInContext, other: FigureInContext) =>
      coreItemWords(x.item).every((w) => vocabulary.has(w) || MEASURE.has(w) || other.context.has(w) || known.has(w) || SEGMENT.has(w) || (other.ownerWords?.includes(w) ?? false));
    return extra(f, s) && extra(s, f);
  }
  // "a negative value of $(1,419) million": a word for a figure of any row is no word of the item.
  // Nor is "segment" ("Income Before Tax by Segment"): the word for a group names no item of its own.
  const a = coreItemWords(f.item).filter((w) => !MEASURE.has(w) && !SEGMENT.has(w));
  const b = coreItemWords(s.item).filter((w) => !MEASURE.has(w) && !SEGMENT.has(w));
  if (!a.length || !b.length) return false;
  const said = (w: string, x: FigureInContext) =>
    x.context.has(w) || known.has(w) || (x.ownerWords?.includes(w) ?? false) || SPELLED_OUT.some(([abbr, words]) => (words.has(w) && x.context.has(abbr)) || (w === abbr && [...words].every((v) => x.context.has(v))));
  return b.every((w) => said(w, f)) && a.every((w) => said(w, s));
}

/**
 * An abbreviation and the words it stands for: "Adjusted Reported Earnings Per Share (EPS)" is the item an
 * answer's "adjusted reported EPS" names, its spelled-out words said by the abbreviation; "Selling, general
 * and administrative (SG&A) expenses" the item of "SG&A expenses", and the other way round.
 */
const SPELLED_OUT: [string, ReadonlySet<string>][] = [
  ["eps", "earnings per share"],
  ["sg&a", "selling general administrative"],
  ["r&d", "research development"],
  ["d&a", "depreciation amortization"],
  ["pp&e", "property plant equipment"],
].map(([abbr, words]) => [stem(abbr), new Set(contentStems(words))]);

/**
 * Whether the statement's figure is written finer than the source's (more decimals of one scale) with digits
 * the source's figure does not have: "$0.013" or "$0.008" for "$0.01". Rounding the source's figure is
 * carrying it ("$1.58 billion" for 1,577 million); adding digits to it is not.
 */
function moreDigits(f: FigureInContext, s: FigureInContext): boolean {
  if (f.decimals <= s.decimals || f.scale !== s.scale || f.kind !== s.kind) return false;
  return Math.abs(f.mantissa - s.mantissa) > 0.5 * 10 ** -f.decimals + 1e-12;
}

/** The own row words of each table of a read text, by table. */
const rowWords = new WeakMap<ReadText, Map<number, Set<string>>>();

/**
 * The subject words that may stand for a table cell's item words: not a word that labels another row of its
 * table. "Domestic" in "What was Best Buy's Domestic segment operating income?" names the Domestic row, so
 * "Total operating income" is not Domestic's figure, though the question capitalizes the segment's name.
 */
function knownFor(subject: ReadonlySet<string>, subjectItem: string[], read: ReadText, s: FigureInContext): ReadonlySet<string> {
  if (!s.cell) return subject;
  let tables = rowWords.get(read);
  if (!tables) {
    tables = new Map();
    for (const x of read.figures) if (x.cell) for (const w of rowItem(x)) (tables.get(x.cell.table) ?? tables.set(x.cell.table, new Set()).get(x.cell.table)!).add(w);
    rowWords.set(read, tables);
  }
  const rows = tables.get(s.cell.table);
  const other = subjectItem.filter((w) => rows?.has(w) && !s.item.includes(w));
  return other.length ? new Set([...subject].filter((w) => !other.includes(w))) : subject;
}

/**
 * rescaled: the same digits as a source figure whose text states no scale ("$1.2 billion" beside a bare
 * "1,200"): not carried, since the scale is not stated, but a lesser sign than a figure found nowhere.
 * undated: the value of the statement's row in one of two columns that could each be the statement's
 * (column-choice.ts). Rescaled and undated figures are read as derived, not as stated.
 */
export type FigureStatus = "carried" | "contradicted" | "rescaled" | "undated" | "unmatched";

export interface FigureCheck {
  figure: FigureInContext;
  status: FigureStatus;
  /** Which source and which of its figures carried or contradicted it. */
  source: number;
  by: FigureInContext | null;
  /** For a contradiction: what the sources say, naming both figures. */
  note: string;
}

/** A figure's label, its basis named ("GAAP EPS", "adjusted EPS") when the other figure's basis differs and the label does not say it. */
function basisLabel(s: FigureInContext, other: FigureInContext): string {
  const text = label(s);
  if (!s.basis || s.basis === other.basis || basisOf(text)) return text;
  return `${s.basis === "gaap" ? "GAAP" : "adjusted"} ${text}`;
}

export interface Budget {
  /** Source figures that may still be compared; when spent, the remaining figures are left unmatched. */
  comparisons: number;
}

/**
 * Comparisons one statement (or one grading, shared by all its statements) may make: the largest answer
 * against the largest references stays within about a second of CPU.
 */
export const STATEMENT_BUDGET = 400_000;

/** Comparisons between two turns of a statement's check (steps.ts): about a millisecond of CPU at the budget's rate. */
export const COMPARISONS_PER_STEP = 400;

/**
 * One figure of a statement against the sources' figures in context. Carried: a source gives the same
 * value under the same item for the same year (or, when either side names no item or year, the same value
 * under an overlapping item). Contradicted: a source gives the same item for the same year another value,
 * or gives this value to the same item in another year that the statement does not name for it.
 */
export function checkFigure(
  f: FigureInContext,
  sources: ReadText[],
  subject: ReadonlySet<string> = new Set(),
  exhaustive = false,
  budget: Budget = { comparisons: Infinity },
  namedYears: ReadonlySet<number> = new Set(),
): FigureCheck {
  const subjectItem = subject.size ? f.item.filter((w) => subject.has(w)) : [];
  let weak: { s: FigureInContext; i: number } | null = null;
  let conflict: { s: FigureInContext; i: number } | null = null;
  let otherYear: { s: FigureInContext; i: number } | null = null;
  let otherItem: { s: FigureInContext; i: number } | null = null;
  let looseYear: { s: FigureInContext; i: number } | null = null;
  let rescaled: { s: FigureInContext; i: number } | null = null;
  let uncertain: { s: FigureInContext; i: number } | null = null;
  /** Cells of rows the statement's item ends with, holding another value: a period not told for sure. */
  const named: { s: FigureInContext; i: number }[] = [];
  let namedCarry: { s: FigureInContext; i: number } | null = null;
  /** A table cell of the value, in a row of another item, its period not told: a neighbouring row's value, if the named row's cell beside it holds another. */
  let otherRow: { s: FigureInContext; i: number } | null = null;
  let conflictNamed = false;
  /** The same value the other way (a loss for a profit, a decline for a rise, a move not said): whatever else carries it. */
  let signConflict: { s: FigureInContext; i: number } | null = null;
  let strongCarry: { s: FigureInContext; i: number } | null = null;
  if (budget.comparisons <= 0) return { figure: f, status: "unmatched", source: -1, by: null, note: "" };
  for (let i = 0; i < sources.length; i++) {
    for (const s of exhaustive ? sources[i].figures : candidates(f, sources[i])) {
      if (--budget.comparisons < 0) break;
      if (!kindsMatch(f, s)) continue;
      // A segment's figure (FigureInContext.segment) is not the figure of another segment's section, nor carried
      // or contradicted by a table cell that does not name the segment (the company's line, another segment's
      // row): such a cell of its value only tells whose the value is.
      const foreign = f.segment !== undefined && !namesSegment(f.segment, s);
      if (foreign && !s.fromTable) continue;
      // Adjusted EBIT and GAAP EBIT are one item on two bases: neither carries nor contradicts the other, but
      // the other basis's figure of the value names what the figure is ("$5,468 million is adjusted ..., not reported").
      if (otherBasis(f, s)) {
        if (!otherItem && valuesEqual(f, s) && samePeriod(f, s) === true) otherItem = { s, i };
        continue;
      }
      const known = subjectItem.length ? knownFor(subject, subjectItem, sources[i], s) : subject;
      const year = samePeriod(f, s);
      // "$0.013" where the source prints "$0.01": within its rounding, but the added digits are not the source's.
      const equal = valuesEqual(f, s);
      if (equal && moreDigits(f, s)) continue;
      // "an impact of 6% from the sale of its Russian plants" is not the source's "impact of 6% related to higher
      // interest and tax expense": another effect under one name (causes.ts).
      if (otherCause(f, s)) continue;
      // "$10.00 - $10.10" is not carried by the "$10.00" that ends the range "$9.90 - $10.00".
      if (equal && f.bound !== undefined && s.bound !== undefined && f.bound !== s.bound) continue;
      if (equal) {
        const strong = !foreign && sameItem(f, s, known);
        // A profit where the source prints a loss, or a loss where it prints a profit: the same digits, the other
        // sign, on one standard profit line (its name tells the item, however the statement words the rest).
        // The same digits the other way are the same figure only under the same item: "adjusted EBIT ... 3% higher" is
        // not "volumes ... 3% lower".
        const sameWords = strong || itemsOverlap(f.item, s.item);
        if (year === true && (profitForLoss(f, s) || lossForProfit(f, s) || (sameWords && oppositeDirection(f, s, sources[i])) || (sameWords && movedOtherWay(f, s)))) {
          conflict ??= { s, i };
          signConflict ??= { s, i };
          continue;
        }
        // The same digits the other way in a period not told ("down 10.3%", the source's "increasing by 10.3%"): no witness.
        if (oppositeDirection(f, s, sources[i])) continue;
        if (strong && year === true) {
          // A level said to have moved ("increased to 37.6%"): carried unless another source says it moved otherwise.
          if (f.move === undefined) return { figure: f, status: "carried", source: i, by: s, note: "" };
          strongCarry ??= { s, i };
          continue;
        }
        // The statement names the row that holds the value ("Commercial Airplanes ... $25,867 million").
        // Unless the statement's clause ends with another row's label ("total assets ($4,620 million)" is not
        // "Other assets" because its sentence says "assets"): then that row's value decides.
        if (year === true && !foreign && namesRow(f, s, known)) {
          if (endsWithRow(f, s)) return { figure: f, status: "carried", source: i, by: s, note: "" };
          namedCarry ??= { s, i };
          continue;
        }
        // A column of uncertain period ruled out by both its names: as before, the statement's other figures
        // may still date it (anchorByColumn, datedColumns) when no contradiction is read here.
        // ... but not a balance at the period's other end ("at beginning of year" for one "at the end of fiscal 2022"),
        // nor a column whose day the company's fiscal calendar places in another fiscal year than the one named: those are sure.
        const sure = (f.point && s.point && f.point !== s.point) || (f.fiscal === true && f.year !== null && s.fiscalYear != null && s.fiscalYear !== f.year);
        if (year === false && !foreign && s.part === "mixed" && (strong || itemsOverlap(f.item, s.item)) && !sure) uncertain ??= { s, i };
        if (strong && year === false) otherYear ??= { s, i };
        else if (year === false && !foreign && itemsOverlap(f.item, rowItem(s))) looseYear ??= { s, i };
        // A word of a column group's name is no word of the row: it overlaps with every row of the group.
        else if (year !== false && !foreign && (!namesItem(f) || !s.item.length || f.operand || itemsOverlap(f.item, rowItem(s)) || sharesWords(f.context, rowContext(s))) && !otherPart(f, s, known)) {
          // A table cell is the better witness: its row and column can anchor the statement's other years.
          if (!weak || (!weak.s.cell && s.cell)) weak = { s, i };
        } else if (year === true && !strong) otherItem ??= { s, i };
        else if (year === null && s.cell && !strong) otherRow ??= { s, i };
        continue;
      }
      if (foreign) continue;
      // Another value: a conflict (the first is enough), or the same digits at an unstated scale.
      // A repeated row label may be the other section's row ("Gaming" revenue, then "Gaming" operating income): no conflict from it.
      const rowNamed = !s.cell?.repeated && f.change === s.change && endsWithRow(f, s) && trailFits(f, s) && !equalAtSomeScale(f, s);
      if (rowNamed && year === null && named.length < 8) named.push({ s, i });
      // A balance at the point the statement names ("ended the quarter with") is the better witness than another row of the item.
      const better = conflict !== null && f.point !== undefined && conflict.s.point !== f.point && s.point === f.point;
      if ((!conflict || better) && !s.cell?.repeated && year === true && !calendarGuess(f, s) && f.change === s.change && (sameItem(f, s, known) || rowNamed) && trailFits(f, s) && !equalAtSomeScale(f, s)) {
        conflict = { s, i };
        conflictNamed = rowNamed;
      }
      else if (!rescaled && (f.scale === null || s.scale === null) && year !== false && equalAtSomeScale(f, s) && (itemsOverlap(f.item, rowItem(s)) || sharesWords(f.context, rowContext(s)) || sameItem(f, s, known))) rescaled = { s, i };
    }
  }
  if (strongCarry && !signConflict) return { figure: f, status: "carried", source: strongCarry.i, by: strongCarry.s, note: "" };
  if (signConflict) conflict = signConflict;
  if (namedCarry && !(conflict && conflictNamed)) return { figure: f, status: "carried", source: namedCarry.i, by: namedCarry.s, note: "" };
  // The value under a looser wording of the item, in another year: as telling as the same wording (a column's
  // span or day the source's words place, a sentence's year).
  otherYear ??= looseYear;
  const when = f.year === null ? "" : ` for ${f.year}`;
  if (conflict) {
    const c = conflict.s;
    // The same digits the other way (a decline given as a rise): that, whatever other period holds them too.
    const opposite = oppositeDirection(f, c, sources[conflict.i]) && valuesEqual(f, c);
    const down = sourceDirection(c, sources[conflict.i]) < 0;
    const note = opposite
      ? `The source gives ${label(c)}${when} as ${down ? "a decline" : "an increase"} of ${written(c).replace(/[()-]/g, "")}, not ${down ? "a rise" : "a decline"} of ${f.raw.replace(/^-/, "")}.`
      : movedOtherWay(f, c) && valuesEqual(f, c)
        ? `The source gives ${label(c)}${when} as ${moveWords(c.move)} ${written(c)}, not ${moveWords(f.move)} ${f.raw}.`
      : otherYear
        ? `${otherPeriodNote(f, otherYear.s).slice(0, -1)}; the source gives ${written(c)} for ${f.year}.`
        : otherItem
          ? `${f.raw} is ${basisLabel(otherItem.s, c)}${when}, not ${basisLabel(c, otherItem.s)}; the source gives ${written(c)}.`
          : c.negative && !f.negative && valuesEqual(f, c)
            ? `The source gives ${label(c)}${when} as a loss of ${written(c).replace(/[()-]/g, "")}, not a profit of ${f.raw}.`
            : !c.negative && valuesEqual(f, c) && lossForProfit(f, c)
              ? `The source gives ${label(c)}${when} as a profit of ${written(c)}, not a loss.`
              : `The source gives ${label(c)}${when} as ${written(c)}, not ${f.raw}.`;
    return { figure: f, status: "contradicted", source: conflict.i, by: c, note };
  }
  // Carried only loosely by a cell whose column holds another value in the row the statement names ("the
  // investment in Corporate bonds was $4,561", the commercial paper's cell): the neighbouring row's value.
  const w = weak;
  // The named row's cell among the candidates, else found in the table (a figure of no year is looked up by value only).
  const namedBeside = w?.s.cell ? named.find((n) => n.i === w.i && n.s.cell!.table === w.s.cell!.table && n.s.cell!.col === w.s.cell!.col && n.s.cell!.row !== w.s.cell!.row) : undefined;
  const found = w?.s.cell && !namedBeside && f.year === null && f.change && w.s.change ? namedRowBeside(f, sources[w.i], w.s) : undefined;
  const beside = namedBeside ?? (found && w ? { s: found, i: w.i } : undefined);
  if (w && beside) return { figure: f, status: "contradicted", source: beside.i, by: beside.s, note: `${f.raw} is ${label(w.s)}, not ${label(beside.s)}; the source gives ${written(beside.s)}.` };
  // The value sits in another row of a column whose period is not told, and the row the statement names holds
  // another value in that column ("Domestic operating income was $2,052 million": the column's gross profit;
  // its operating income is 329): whichever period the column is, the figure is the neighbouring row's.
  const o = otherRow;
  const rowBeside = !w && !otherYear && !uncertain && o ? namedRowBeside(f, sources[o.i], o.s) : undefined;
  if (o && rowBeside) return { figure: f, status: "contradicted", source: o.i, by: rowBeside, note: `${f.raw} is ${label(o.s)}, not ${label(rowBeside)}; the source gives ${written(rowBeside)}.` };
  // A bare whole number with no unit ("Lion Air Flight 610", "the 737 MAX") is as often a name as a figure: not contradicted by its year.
  const bare = f.kind === "number" && f.scale === null && f.decimals === 0 && !/[,.]/.test(f.raw);
  // ... or a balance at the other end of the period ("at beginning of year" for one "at the end of fiscal 2022").
  const elsewhere = (o: { s: FigureInContext } | null): o is { s: FigureInContext; i: number } =>
    o !== null &&
    !bare &&
    // "its annual dividend of $1.19 per share" against "its quarterly dividend of $1.19 per share": spans both written, whatever the year.
    ((f.year === null && otherSpan(f, o.s)) ||
      (f.year !== null && (!f.years.includes(yearAs(f, o.s)!) || otherSpan(f, o.s) || otherQuarterEnd(f, o.s) || (f.point !== undefined && o.s.point !== undefined && f.point !== o.s.point))));
  // A figure one witness places in another period is not carried by one that cannot tell the period (a
  // headline's "$3.2 billion" undated, beside the table's 13-week column for the year's "$3,226.8 million").
  if (weak && elsewhere(otherYear) && samePeriod(f, weak.s) === null) return { figure: f, status: "contradicted", source: otherYear.i, by: otherYear.s, note: otherPeriodNote(f, otherYear.s) };
  if (weak && (calendarChoice(f, sources[weak.i], weak.s, namedYears, samePeriod) || twinColumnChoice(f, sources[weak.i], weak.s))) return { figure: f, status: "undated", source: weak.i, by: weak.s, note: "" };
  if (weak) return { figure: f, status: "carried", source: weak.i, by: weak.s, note: "" };
  // The value is this item's for another year, and the statement gives it to a year of its own.
  if (elsewhere(otherYear)) {
    return { figure: f, status: "contradicted", source: otherYear.i, by: otherYear.s, note: otherPeriodNote(f, otherYear.s) };
  }
  if (uncertain) return { figure: f, status: "carried", source: uncertain.i, by: uncertain.s, note: "" };
  if (rescaled) return { figure: f, status: "rescaled", source: rescaled.i, by: rescaled.s, note: "" };
  return { figure: f, status: "unmatched", source: -1, by: null, note: "" };
}

/** Whether a source figure is the segment's: a table cell whose row, item or column group names it, or prose under no other segment's section line. */
function namesSegment(segment: readonly string[], s: FigureInContext): boolean {
  if (!s.fromTable) return s.scope === undefined || segment.every((w) => s.scope!.includes(w));
  return segment.every((w) => s.context.has(w) || s.item.includes(w) || (s.group?.has(w) ?? false));
}

/**
 * The cell, in the column of `cell`, of the row the statement's item ends with (endsWithRow), when that row
 * holds another value there and nowhere the statement's value.
 */
function namedRowBeside(f: FigureInContext, read: ReadText, cell: FigureInContext): FigureInContext | undefined {
  const at = cell.cell!;
  for (const row of tableRows(read)) {
    const first = row.cells[0].cell!;
    if (first.table !== at.table || first.row === at.row || first.repeated) continue;
    const beside = row.cells.find((c) => c.cell!.col === at.col);
    if (!beside || !kindsMatch(f, beside) || f.change !== beside.change || !endsWithRow(f, beside) || !trailFits(f, beside)) continue;
    if (row.cells.some((c) => valuesEqual(f, c) || equalAtSomeScale(f, c))) continue;
    return beside;
  }
  return undefined;
}

export interface StatementCheck {
  figures: FigureCheck[];
  carried: number;
  contradicted: number;
  unmatched: number;
  notes: string[];
}
