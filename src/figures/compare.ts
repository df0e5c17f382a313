// "The same figure", decided one way for every reader (alignment, verification, grading, the agent
// judge, chat's grounding): same kind, equal within the rounding of the coarser of the two as written, at
// a scale both state; and, in context, under the same line item and for the same year. A figure that the
// sources give to another year or another row while they state a different one for its own is a
// contradiction, and the note names both.
import type { FigureInContext, ReadText } from "./context";
import { label, written } from "./labels";
import { basisOf } from "./basis";
import { contentStems, namedEntities, stem, words } from "./text";
import { coreItemWords, isQualifier, ITEMS, lineItemOf } from "./line-items";
import { candidates, tableRows } from "./figure-index";
import { otherBasis, otherPart, rowContext, rowItem, SEGMENT } from "./item-parts";
import { equalAtSomeScale, kindsMatch, valuesEqual } from "./values";
import { calendarGuess, dayText, earlyYearEnd, fiscalAgainstDay, yearAs, yearName, yearsFromDay } from "./fiscal-days";
import { calendarChoice, twinColumnChoice } from "./column-choice";
import { lossForProfit, movedOtherWay, moveWords, oppositeDirection, profitForLoss, sourceDirection } from "./signs";

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
function itemVocabulary(name: string): Set<string> {
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
  while (own.length && TRAILING_VERBS.has(own[own.length - 1])) own.pop();
  if (!label.length || own.length < label.length || label.some((w, k) => own[own.length - label.length + k] !== w)) return false;
  // "net sales minus cost of sales, totaled", "(Operating Income / Total Revenue) * 100": an operand, not the figure's row.
  if (JOINERS.has(own[own.length - label.length - 1] ?? "")) return false;
  const last = f.itemText.toLowerCase().lastIndexOf(label[label.length - 1]);
  return last >= 0 && !/[()*/+=×÷\d]/.test(f.itemText.slice(last + label[label.length - 1].length));
}

/** Lower-case words of a text ("U.S. government securities:" -> u, s, government, securities). */
const labelWords = (text: string) => text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
const TRAILING_VERBS = new Set(["was", "were", "is", "are", "of", "at", "totaled", "totalled", "amounted", "to", "stood", "reached"]);
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
function marginItem(f: FigureInContext): string | null {
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
    const extra = (x: FigureInContext, other: FigureInContext) => coreItemWords(x.item).every((w) => vocabulary.has(w) || MEASURE.has(w) || other.context.has(w) || known.has(w) || SEGMENT.has(w));
    return extra(f, s) && extra(s, f);
  }
  // "a negative value of $(1,419) million": a word for a figure of any row is no word of the item.
  // Nor is "segment" ("Income Before Tax by Segment"): the word for a group names no item of its own.
  const a = coreItemWords(f.item).filter((w) => !MEASURE.has(w) && !SEGMENT.has(w));
  const b = coreItemWords(s.item).filter((w) => !MEASURE.has(w) && !SEGMENT.has(w));
  if (!a.length || !b.length) return false;
  const said = (w: string, x: FigureInContext) =>
    x.context.has(w) || known.has(w) || SPELLED_OUT.some(([abbr, words]) => (words.has(w) && x.context.has(abbr)) || (w === abbr && [...words].every((v) => x.context.has(v))));
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
 * Words that name the subject rather than a line item (the companies and names a question mentions): a
 * label such as "Net income attributable to Apple" is still net income when the question is about Apple.
 */
export function subjectStems(text: string): Set<string> {
  // Tickers in capitals ("ULTA total assets ...") name the subject wherever they stand.
  const tickers = text.match(/\b[A-Z]{2,5}\b/g) ?? [];
  const stems = new Set([...namedEntities(text), ...tickers].flatMap((e) => contentStems(e)));
  // "Best Buy's Domestic segment": a segment's name is a part of the company, not the company: the company's
  // figure (its consolidated operating income) is not the segment's.
  for (const m of text.matchAll(SEGMENT_NAME)) for (const w of contentStems(m[1])) stems.delete(w);
  // "Amcor's adjusted EBIT, adjusted EPS": measures' abbreviations in capitals are line items to tell apart, not
  // the subject. (One alone, "the highest EBITDAR", names what every figure asked for is.)
  const measures = [...stems].filter((w) => MEASURE_ABBREVIATIONS.has(w));
  if (measures.length > 1) for (const w of measures) stems.delete(w);
  return stems;
}

const MEASURE_ABBREVIATIONS = new Set(
  "eps ebit ebitda ebitdar ebt gaap ifrs roe roa roic roce fcf capex opex cogs sga sg&a r&d d&a pp&e ttm ltm yoy qoq cagr nii nim aum bps ffo affo noi".split(" ").flatMap((w) => contentStems(w)),
);

// Capitalized words right before "segment" or "division" (one to four, "and" or "&" between them).
const SEGMENT_NAME = /(?<![\w.-])((?:[A-Z][\w.-]{0,30}\s(?:(?:and|&)\s)?){1,4})(?:reportable\s)?(?:segments?|divisions?)\b/g;

/**
 * Whether the statement's figure is written finer than the source's (more decimals of one scale) with digits
 * the source's figure does not have: "$0.013" or "$0.008" for "$0.01". Rounding the source's figure is
 * carrying it ("$1.58 billion" for 1,577 million); adding digits to it is not.
 */
function moreDigits(f: FigureInContext, s: FigureInContext): boolean {
  if (f.decimals <= s.decimals || f.scale !== s.scale || f.kind !== s.kind) return false;
  return Math.abs(f.mantissa - s.mantissa) > 0.5 * 10 ** -f.decimals + 1e-12;
}

/** Months of a part of a year ("q2", "quarter": 3; "h1", "h": 6; "9m": 9), 0 when not told. */
function span(part: string | null): number {
  if (part === null) return 0;
  return /^q\d$|^quarter$/.test(part) ? 3 : /^h[12]?$/.test(part) ? 6 : part === "9m" ? 9 : 0;
}

/**
 * Whether two figures are for one period: true when both name the same year and the same part of it (both
 * full years, or the same quarter), false when they name different years or different quarters, null when
 * that cannot be told (a year or a part not named, a table that mixes quarter and year columns).
 */
export function samePeriod(f: FigureInContext, s: FigureInContext): boolean | null {
  // The balance at a period's opening is not the one at its close ("at the end of the first six months", the
  // "at beginning of period" row).
  if (f.point && s.point && f.point !== s.point) return false;
  // A fiscal year against a day: what the source's words place the day in, or not told one calendar year apart (fiscal-days.ts).
  // (Not told only where the year alone would rule it out: a column's other name, altYear, still holds.)
  const fiscal = fiscalAgainstDay(f, s);
  const calendar = f.year === null || s.year === null ? null : f.year === s.year || f.year === s.altYear || (f.altYear !== null && f.altYear === s.year);
  const year = fiscal === undefined || (fiscal === null && calendar === true) ? calendar : fiscal;
  // Columns whose period is uncertain (a January year-end named either way, 13 and 52 weeks side by side) are
  // not surely the same period (anchorByColumn reads them); but a year-end column dated in January or
  // February whose both names are other years is another period: "January 29, 2022" is fiscal 2022 or 2021,
  // never 2023. (A column dated later in such a year, "July 29, 2023", may be fiscal 2024.)
  // Nor is a column dated by a day two or more calendar years from the statement's year, by any calendar (fiscal-days.ts).
  if (f.part === "mixed" || s.part === "mixed") {
    // A column whose header names its span (13 or 52 weeks): a quarter is never the year's figure; and where the
    // filing's own words place its day in a fiscal year (fiscal-days.ts), its period is told.
    const spans = columnSpans(f, s);
    if (spans && spans[0] !== spans[1]) return false;
    if (spans && fiscal !== undefined && fiscal !== null && !s.oneSpan) return fiscal;
    // A balance sheet's column dated on a fiscal year-end the source's words or the company's calendar name
    // ("January 28, 2023": Ulta's fiscal 2022 ends then): its balances are that year's end, a told period.
    if (s.balance && s.fiscalYearEnd && f.part === null && fiscal !== undefined && fiscal !== null) return fiscal;
  }
  // A balance column dated on the end of a fiscal quarter, or a three-month column ended then, for a statement
  // about a quarter ("at the end of the second quarter of fiscal 2024", "in the second quarter of fiscal 2024":
  // the July 29, 2023 column, Best Buy's second quarter ends then): that quarter, or another period.
  // (Not a quarter taken from the question: the statement may be about another of its periods.)
  const quarterEnd = quarterEndOf(s);
  const stated = statedQuarter(f);
  if (quarterEnd !== null && stated !== null && fiscal !== undefined && fiscal !== null) return fiscal && stated === quarterEnd;
  if (f.part === "mixed" || s.part === "mixed") return year === false && !f.fromTable && ((s.altYear !== null && earlyYearEnd(s.date)) || yearsFromDay(f, s) >= 2) ? false : null;
  if (year === false) return false;
  if (f.part === s.part) return year;
  // A quarter is not six or nine months ("$17,691 million in the second quarter", the six months' column).
  if (otherSpan(f, s)) return false;
  if (f.part && s.part && /^q\d$/.test(f.part) && /^q\d$/.test(s.part)) return false;
  return null;
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

/**
 * Months of a statement figure's period and of a column of uncertain year whose header names its span (a
 * "13 Weeks Ended" column: 3; "52 Weeks Ended": 12), a figure the statement dates with no part of the year
 * being the year's; null when either is not told.
 */
function columnSpans(f: FigureInContext, s: FigureInContext): [number, number] | null {
  if (s.part !== "mixed" || s.columnPart === undefined) return null;
  const both = spans(f, s);
  return both[0] ? both : null;
}

/**
 * Months of both periods (0: not told): a statement's figure of a whole year (wholeYear) 12, a column's named
 * span where its year is uncertain.
 */
function spans(f: FigureInContext, s: FigureInContext): [number, number] {
  // Only against a column's named span: a prose figure's or a table's part read from the words around it may be another's.
  // A source sentence's full year ("2022 Full-Year ... $6.73") is twelve months against a statement's quarter,
  // unless the statement's sentence names a full year too ("As of FY2023Q1, PepsiCo raised its full-year guidance").
  // A quarter guessed from the question or the statement's other sentences ("As of FY2023Q1, why did PepsiCo
  // raise its full-year guidance?") is no period of the figure's against a source sentence's full year.
  // A heading's quarter ("June 2023 quarter:" over "GAAP diluted EPS of 12.3 cps") against a statement's whole year;
  // so is a quarterly payment ("its quarterly dividend of $1.19 per share") against an annual one.
  if ((s.sectionPart || (s.part === "quarter" && QUARTERLY.test(s.itemText))) && f.part === null && f.wholeYear) return [12, span(s.part)];
  if (s.part !== "mixed") {
    const whole = s.part === null && s.wholeYear && !s.cell && !f.wholeYear;
    return [f.part === "mixed" || (whole && f.partGuessed) ? 0 : span(f.part), whole ? 12 : span(s.part)];
  }
  const a = f.part === null && f.wholeYear ? 12 : f.part === "mixed" ? 0 : span(f.part);
  return [a, s.columnPart === undefined ? 0 : s.columnPart === null ? 12 : span(s.columnPart)];
}

/** A quarter against six or nine months or a year's column, or the other way round. */
function otherSpan(f: FigureInContext, s: FigureInContext): boolean {
  const [a, b] = spans(f, s);
  return a !== 0 && b !== 0 && a !== b;
}

const QUARTERLY = /\bquarterly\b/i;

const SPAN_WORDS: Record<number, string> = { 3: "three months", 6: "six months", 9: "nine months", 12: "full year" };

const QUARTER_WORDS = ["", "first", "second", "third", "fourth"];

/** The quarter a statement's own words give its figure (1-4), or null: none, or only the question's. */
function statedQuarter(f: FigureInContext): number | null {
  return f.part !== null && !f.partFromQuestion && /^q[1-4]$/.test(f.part) ? Number(f.part.slice(1)) : null;
}

/**
 * The quarter a balance column's day ends, or a three-month column's day ends, by the fiscal calendar that
 * placed the day (1-4); null for other columns or a day not placed.
 */
function quarterEndOf(s: FigureInContext): number | null {
  if (!s.balance && s.part !== "quarter" && !(s.part === "mixed" && s.columnPart === "quarter")) return null;
  return s.fiscalQuarterEnd ?? (s.fiscalYearEnd ? 4 : null);
}

/** A statement's balance at the end of one quarter of a fiscal year, against a column dated on the end of another quarter of that year. */
function otherQuarterEnd(f: FigureInContext, s: FigureInContext): boolean {
  const q = quarterEndOf(s);
  const stated = statedQuarter(f);
  return q !== null && stated !== null && fiscalAgainstDay(f, s) === true && stated !== q;
}

/** The note for a figure the source gives for another period: another year, or another part of a year. */
function otherPeriodNote(f: FigureInContext, s: FigureInContext): string {
  if (otherQuarterEnd(f, s)) {
    return `${f.raw} is ${label(s)} ${s.balance ? "at the end of" : "for"} the ${QUARTER_WORDS[quarterEndOf(s)!]} quarter of fiscal ${s.fiscalYear}, not the ${QUARTER_WORDS[statedQuarter(f)!]}.`;
  }
  if (otherSpan(f, s)) {
    const [a, b] = spans(f, s);
    const when = s.date !== null ? ` ended ${dayText(s.date)}` : s.year !== null ? ` of ${yearName(f, s)}` : "";
    return `${f.raw} is ${label(s)} for the ${SPAN_WORDS[b]}${when}, not for ${a === 12 ? "the full year" : SPAN_WORDS[a]}.`;
  }
  // Another quarter of the same year ("Q2 2022 QTD" for a statement about the third quarter): the quarters named.
  if (f.part && s.part && /^q[1-4]$/.test(f.part) && /^q[1-4]$/.test(s.part) && f.part !== s.part && yearName(f, s) === `${f.year}`) {
    return `${f.raw} is ${label(s)} for the ${QUARTER_WORDS[Number(s.part.slice(1))]} quarter of ${f.year}, not the ${QUARTER_WORDS[Number(f.part.slice(1))]}.`;
  }
  return `${f.raw} is ${label(s)} for ${yearName(f, s)}, not ${f.year}.`;
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
      if (equal) {
        const strong = sameItem(f, s, known);
        // A profit where the source prints a loss, or a loss where it prints a profit: the same digits, the other
        // sign, on one standard profit line (its name tells the item, however the statement words the rest).
        if (year === true && (profitForLoss(f, s) || lossForProfit(f, s) || oppositeDirection(f, s, sources[i]) || (strong && movedOtherWay(f, s)))) {
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
        if (year === true && namesRow(f, s, known)) {
          if (endsWithRow(f, s)) return { figure: f, status: "carried", source: i, by: s, note: "" };
          namedCarry ??= { s, i };
          continue;
        }
        // A column of uncertain period ruled out by both its names: as before, the statement's other figures
        // may still date it (anchorByColumn, datedColumns) when no contradiction is read here.
        if (year === false && s.part === "mixed" && (strong || itemsOverlap(f.item, s.item))) uncertain ??= { s, i };
        if (strong && year === false) otherYear ??= { s, i };
        else if (year === false && itemsOverlap(f.item, rowItem(s))) looseYear ??= { s, i };
        // A word of a column group's name is no word of the row: it overlaps with every row of the group.
        else if (year !== false && (!namesItem(f) || !s.item.length || f.operand || itemsOverlap(f.item, rowItem(s)) || sharesWords(f.context, rowContext(s))) && !otherPart(f, s, known)) {
          // A table cell is the better witness: its row and column can anchor the statement's other years.
          if (!weak || (!weak.s.cell && s.cell)) weak = { s, i };
        } else if (year === true && !strong) otherItem ??= { s, i };
        else if (year === null && s.cell && !strong) otherRow ??= { s, i };
        continue;
      }
      // Another value: a conflict (the first is enough), or the same digits at an unstated scale.
      // A repeated row label may be the other section's row ("Gaming" revenue, then "Gaming" operating income): no conflict from it.
      const rowNamed = !s.cell?.repeated && f.change === s.change && endsWithRow(f, s) && trailFits(f, s) && !equalAtSomeScale(f, s);
      if (rowNamed && year === null && named.length < 8) named.push({ s, i });
      if (!conflict && !s.cell?.repeated && year === true && !calendarGuess(f, s) && f.change === s.change && (sameItem(f, s, known) || rowNamed) && trailFits(f, s) && !equalAtSomeScale(f, s)) {
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
  const beside = w?.s.cell ? named.find((n) => n.i === w.i && n.s.cell!.table === w.s.cell!.table && n.s.cell!.col === w.s.cell!.col && n.s.cell!.row !== w.s.cell!.row) : undefined;
  if (w && beside) return { figure: f, status: "contradicted", source: beside.i, by: beside.s, note: `${f.raw} is ${label(w.s)}, not ${label(beside.s)}; the source gives ${written(beside.s)}.` };
  // The value sits in another row of a column whose period is not told, and the row the statement names holds
  // another value in that column ("Domestic operating income was $2,052 million": the column's gross profit;
  // its operating income is 329): whichever period the column is, the figure is the neighbouring row's.
  const o = otherRow;
  const rowBeside = !w && !otherYear && !uncertain && o ? namedRowBeside(f, sources[o.i], o.s) : undefined;
  if (o && rowBeside) return { figure: f, status: "contradicted", source: o.i, by: rowBeside, note: `${f.raw} is ${label(o.s)}, not ${label(rowBeside)}; the source gives ${written(rowBeside)}.` };
  // A bare whole number with no unit ("Lion Air Flight 610", "the 737 MAX") is as often a name as a figure: not contradicted by its year.
  const bare = f.kind === "number" && f.scale === null && f.decimals === 0 && !/[,.]/.test(f.raw);
  const elsewhere = (o: { s: FigureInContext } | null): o is { s: FigureInContext; i: number } => o !== null && f.year !== null && (!f.years.includes(yearAs(f, o.s)!) || otherSpan(f, o.s) || otherQuarterEnd(f, o.s)) && !bare;
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
