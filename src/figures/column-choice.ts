// Which of a table row's columns a statement's figure is in, when the table alone does not tell: a
// January or February year-end named by either calendar year, or twin columns of one year under group names
// the reader does not split. A figure carried only by such a column is "undated" (compare.ts, checkFigure):
// some support, never a carried figure, never a contradiction.
import type { FigureInContext, ReadText } from "./context";
import { rowCells } from "./figure-index";
import { earlyYearEnd } from "./fiscal-days";
import { kindsMatch, valuesEqual } from "./values";

/** A column dated by a day early in a year (January or February) that the source's words place in no fiscal year. */
function yearEndOfEitherName(s: FigureInContext): boolean {
  return s.part === "mixed" && s.date !== null && s.fiscalYear === undefined && earlyYearEnd(s.date);
}

/**
 * Whether a table cell carries the statement's year only by a guess of the company's calendar: its column is
 * a year-end in January or February that the source does not place in a fiscal year ("January 29, 2022" is
 * fiscal 2021 for Ulta and Target, fiscal 2022 for others), and another column of its row, dated so too,
 * could be the statement's year as well and holds another value. "Cash was $431.6 million at the end of fiscal
 * 2022" is the prior column's figure if Ulta names its years by their start: which of the two the statement
 * means is the calendar's to say, so neither carries nor contradicts it. A statement that names the day
 * itself is read by the day; and the years the statement and its question name decide when only one way of
 * naming gives each of them a column ("FY2015 - FY2017" against columns ended January 2017, 2016 and 2015:
 * named by their start, fiscal 2017 would have none). samePeriod: same-period.ts's, whether the other column may
 * be the statement's period.
 */
export function calendarChoice(
  f: FigureInContext,
  read: ReadText,
  s: FigureInContext,
  namedYears: ReadonlySet<number>,
  samePeriod: (f: FigureInContext, s: FigureInContext) => boolean | null,
): boolean {
  if (f.year === null || f.date !== null || !s.cell || !yearEndOfEitherName(s)) return false;
  const row = rowCells(read, s).filter(yearEndOfEitherName);
  const dayYears = new Set(row.map((o) => Math.floor(o.date! / 10000)));
  for (const y of namedYears) {
    const byEnd = dayYears.has(y);
    const byStart = dayYears.has(y + 1);
    if (byEnd !== byStart) return false;
  }
  return row.some((o) => o.cell!.col !== s.cell!.col && kindsMatch(f, o) && !valuesEqual(f, o) && samePeriod(f, o) !== false);
}

/**
 * Whether a table cell's column has a twin the statement could mean as well: a table that repeats its years
 * under group names the reader does not split ("Revenue Mix" and "Comparable Sales", each "Three Months
 * Ended July 29, 2023 July 30, 2022"), where the row's other column of the same year, day and span holds
 * another value. "Comparable sales declined 45%" is the revenue mix's 45%: which group's column a figure is
 * in is not told, so neither carries it (the columns of 13 and 52 weeks side by side are told by their spans).
 */
export function twinColumnChoice(f: FigureInContext, read: ReadText, s: FigureInContext): boolean {
  if (!s.cell || new Set(s.years).size === s.years.length) return false;
  return rowCells(read, s).some((o) => o.cell!.col !== s.cell!.col && o.year === s.year && o.date === s.date && o.part === s.part && o.columnPart === s.columnPart && kindsMatch(f, o) && !valuesEqual(f, o));
}
