// Whether two figures are for one period, decided one way for every reader (compare.ts, the named rows, the
// dated columns): the same year (a fiscal year against a day placed by the filing's words or the company's
// calendar), the same part of it (a quarter is not six months nor the year), the same point of it (a balance at
// the opening is not the one at the close); and the note that names the other period when they are not.
import type { FigureInContext } from "./context";
import { label } from "./labels";
import { dayText, earlyYearEnd, fiscalAgainstDay, yearName, yearsFromDay } from "./fiscal-days";

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
  // A column under a header that names three months ("Three Months Ended June 30, 2023") against a statement
  // that names a year and no part of one ("for fiscal 2023 was $834 million"): the quarter is not the year.
  if (s.quarterColumn && f.part === null && f.wholeYear && !f.partGuessed) return [12, 3];
  // A source's flow figure of a text that names no part of a year ("Net sales were $32,765 million in 2018")
  // against a quarter the statement names for its figure ("fourth-quarter 2018 net sales"): the year is not the quarter.
  if (s.yearOnly && s.part === null && f.part !== null && /^q[1-4]$/.test(f.part) && !f.partGuessed && !f.partFromQuestion) return [3, 12];
  if (s.part !== "mixed") {
    const whole = s.part === null && s.wholeYear && !s.cell && !f.wholeYear;
    return [f.part === "mixed" || (whole && f.partGuessed) ? 0 : span(f.part), whole ? 12 : span(s.part)];
  }
  const a = f.part === null && f.wholeYear ? 12 : f.part === "mixed" ? 0 : span(f.part);
  return [a, s.columnPart === undefined ? 0 : s.columnPart === null ? 12 : span(s.columnPart)];
}

/** A quarter against six or nine months or a year's column, or the other way round. */
export function otherSpan(f: FigureInContext, s: FigureInContext): boolean {
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
export function otherQuarterEnd(f: FigureInContext, s: FigureInContext): boolean {
  const q = quarterEndOf(s);
  const stated = statedQuarter(f);
  return q !== null && stated !== null && fiscalAgainstDay(f, s) === true && stated !== q;
}

/** The note for a figure the source gives for another period: another year, or another part of a year. */
export function otherPeriodNote(f: FigureInContext, s: FigureInContext): string {
  if (otherQuarterEnd(f, s)) {
    return `${f.raw} is ${label(s)} ${s.balance ? "at the end of" : "for"} the ${QUARTER_WORDS[quarterEndOf(s)!]} quarter of fiscal ${s.fiscalYear}, not the ${QUARTER_WORDS[statedQuarter(f)!]}.`;
  }
  if (otherSpan(f, s)) {
    const [a, b] = spans(f, s);
    const when = s.date !== null ? ` ended ${dayText(s.date)}` : s.year !== null ? ` of ${yearName(f, s)}` : "";
    return `${f.raw} is ${label(s)} for the ${SPAN_WORDS[b]}${when}, not for ${a === 12 ? "the full year" : SPAN_WORDS[a]}.`;
  }
  // A balance at the period's other end ("Cash ... at beginning of period" given for the end of the six months).
  if (f.point && s.point && f.point !== s.point) {
    const at = (p: "opening" | "closing") => (p === "opening" ? "beginning" : "end");
    return `${f.raw} is the balance at the ${at(s.point)} of the period (${label(s)}), not at its ${at(f.point)}.`;
  }
  // Another quarter of the same year ("Q2 2022 QTD" for a statement about the third quarter): the quarters named.
  if (f.part && s.part && /^q[1-4]$/.test(f.part) && /^q[1-4]$/.test(s.part) && f.part !== s.part && yearName(f, s) === `${f.year}`) {
    return `${f.raw} is ${label(s)} for the ${QUARTER_WORDS[Number(s.part.slice(1))]} quarter of ${f.year}, not the ${QUARTER_WORDS[Number(f.part.slice(1))]}.`;
  }
  return `${f.raw} is ${label(s)} for ${yearName(f, s)}, not ${f.year}.`;
}
