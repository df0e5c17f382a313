// A table a PDF's text gives as stacked lines: its row labels, one a line, then its values, one line per
// row and column, the labels' order repeated for each column. J&J's guidance table:
//   Adjusted Operational EPS (Diluted) / Mid-point
//   Change vs. Prior Year / Mid-point
//   $9.90 – $10.00 / $9.95        <- the first label, first column (August 2023)
//   11.0% – 12.0% / 11.5%         <- the second label, first column
//   $10.60 – $10.70 / $10.65      <- the first label, second column (July 2023)
//   4.5% – 5.5% / 5.0%            <- the second label, second column
// Read as prose, each value line has no words before its figures: no line item, so any item's figure of
// that value "carried" a statement (Adjusted EPS's $10.00 - $10.10 given as adjusted operational EPS).
import type { FigureInContext } from "./figure-types";
import { basisOf } from "./basis";
import { MONTH_NAMES, monthNumber } from "../core/months";

/** A line of values and what its figures are of: the character range of the line and its label as printed. */
export interface StackedValueLine {
  start: number;
  end: number;
  label: string;
  /** The labels of its block, in order (a change row's label names no item of its own: "Change vs. Prior Year"). */
  labels: string[];
  /** Which stacked table of the text, which of its labels (its row) and which of its columns the line is. */
  table: number;
  row: number;
  column: number;
  /** Its label's place among its block's labels. */
  blockRow: number;
  /** The months heading the table's columns, in order (yyyymm), when the lines above it name one per column. */
  months?: number[];
  /** A row printed whole on one line after the blocks ("Average Shares Outstanding (Diluted) ~2,557.2 2,630.7"): its k-th figure is column k's. */
  perColumn?: boolean;
}

// "August 2023", "July 2023": a column's month over a stacked table.
const MONTH_YEAR = new RegExp(`\\b(${MONTH_NAMES.join("|")})\\s+((?:19|20)\\d\\d)\\b`, "g");
/** Lines above a stacked table read for its columns' months. */
const HEADER_LINES = 8;

/** The months (yyyymm) the lines name, in order, when they name exactly `columns` of them; else undefined. */
function columnMonths(lines: { text: string }[], columns: number): number[] | undefined {
  const found: number[] = [];
  for (const line of lines) {
    for (const m of line.text.matchAll(MONTH_YEAR)) found.push(Number(m[2]) * 100 + monthNumber(m[1]));
    if (found.length > columns) return undefined;
  }
  return found.length === columns && columns > 1 ? found : undefined;
}

/** The name of a month (yyyymm): "July 2023". */
export function monthName(month: number): string {
  return `${MONTH_NAMES[(month % 100) - 1]} ${Math.floor(month / 100)}`;
}

/** Each month's name as a word ("July"), any case. */
const MONTH_WORDS = MONTH_NAMES.map((m) => new RegExp(`\\b${m}\\b`, "i"));

/** Whether a text names the month of a yyyymm ("July", whatever the year). */
export function namesMonth(text: string, month: number): boolean {
  return MONTH_WORDS[(month % 100) - 1].test(text);
}

/** A line of a label, then one value per column and nothing else ("Average Shares Outstanding (Diluted) ~2,557.2 2,630.7"). */
function isWholeRowLine(line: string, columns: number): boolean {
  if (line.length > MAX_VALUE_LINE_LENGTH) return false;
  const tokens = line.trim().split(/\s+/);
  let first = 0;
  while (first < tokens.length && !VALUE_TOKEN.test(tokens[first])) first += 1;
  if (first === 0 || first === tokens.length || !/\p{L}{2}/u.test(tokens.slice(0, first).join(" "))) return false;
  const values = tokens.slice(first);
  return values.every((t) => VALUE_TOKEN.test(t)) && values.filter((t) => /\d/.test(t)).length === columns;
}

/** "$9.90", "(2.0)%", "11.5%", "$83.6B", "~2,557.2", and the marks between them ("–", "/"). */
const VALUE_TOKEN = /^(?:[-–—−/~]|~?[(]?[-−–]?[$€£]?\d[\d,]*(?:\.\d+)?[BMK]?%?[)]?%?)$/;
const MAX_LABELS = 8;
const MAX_LABEL_LENGTH = 80;
/** A stacked table's value line is short (a range and its mid-point per column): a longer one is no such line, and partOf's scan stays bounded. */
const MAX_VALUE_LINE_LENGTH = 160;

function isValueLine(line: string): boolean {
  if (line.length > MAX_VALUE_LINE_LENGTH) return false;
  const tokens = line.trim().split(/\s+/);
  return tokens.length > 0 && /\d/.test(line) && tokens.every((t) => VALUE_TOKEN.test(t));
}

function isLabelLine(line: string): boolean {
  const t = line.trim();
  return t.length > 0 && t.length <= MAX_LABEL_LENGTH && /\p{L}{2}/u.test(t) && !/\d/.test(t) && !/[.:;]$/.test(t);
}

/**
 * The value lines of a text's stacked tables: a run of two to eight label lines (words, no digits) right
 * before a run of value lines (figures only) whose count is a multiple of the labels'. The i-th value line is
 * the (i mod labels)-th label's. Linear in the text.
 */
export function stackedValueLines(text: string): StackedValueLine[] {
  const lines: { start: number; end: number; text: string }[] = [];
  for (let start = 0; start <= text.length; ) {
    const nl = text.indexOf("\n", start);
    const end = nl < 0 ? text.length : nl;
    lines.push({ start, end, text: text.slice(start, end) });
    if (nl < 0) break;
    start = nl + 1;
  }
  const out: StackedValueLine[] = [];
  let tables = 0;
  /** The table the last block was part of: where it ended, its columns and its rows so far. */
  let last: { end: number; columns: number; rows: number; months?: number[] } | null = null;
  let i = 0;
  while (i < lines.length) {
    if (!isLabelLine(lines[i].text)) {
      i += 1;
      continue;
    }
    let labelsEnd = i;
    while (labelsEnd < lines.length && isLabelLine(lines[labelsEnd].text)) labelsEnd += 1;
    let valuesEnd = labelsEnd;
    while (valuesEnd < lines.length && isValueLine(lines[valuesEnd].text)) valuesEnd += 1;
    const values = valuesEnd - labelsEnd;
    // The labels are the whole run, and their count divides the values': a longer run, or one that does not
    // divide them, is no stacked table (a title line above the labels cannot be told from a label, and the
    // values would be read under the wrong ones).
    const labels = labelsEnd - i;
    if (labels >= 2 && labels <= MAX_LABELS && values >= labels && values % labels === 0) {
      const first = labelsEnd - labels;
      const columns = values / labels;
      // A block right after another of as many columns goes on the same table, its rows below the other's
      // (J&J's sales, operational EPS and EPS blocks: one table of two columns).
      const goesOn: boolean = last !== null && last.end === first && last.columns === columns;
      if (!goesOn) tables += 1;
      const rowsBefore: number = goesOn && last ? last.rows : 0;
      const months: number[] | undefined = goesOn && last ? last.months : columnMonths(lines.slice(Math.max(0, first - HEADER_LINES), first), columns);
      const names = lines.slice(first, labelsEnd).map((l) => l.text.trim());
      for (let v = 0; v < values; v++) {
        const line = lines[labelsEnd + v];
        out.push({ start: line.start, end: line.end, label: names[v % labels], labels: names, table: tables, row: rowsBefore + (v % labels), blockRow: v % labels, column: Math.floor(v / labels), ...(months ? { months } : {}) });
      }
      let rows = rowsBefore + labels;
      let end = valuesEnd;
      // A row printed whole after the blocks, one value per column: the table's too.
      if (end < lines.length && isWholeRowLine(lines[end].text, columns)) {
        const line = lines[end];
        const label = line.text.trim().split(/\s+/).filter((t) => !VALUE_TOKEN.test(t)).join(" ");
        out.push({ start: line.start, end: line.end, label, labels: [label], table: tables, row: rows, blockRow: 0, column: 0, perColumn: true, ...(months ? { months } : {}) });
        rows += 1;
        end += 1;
      }
      last = { end, columns, rows, months };
      i = Math.max(end, i + 1);
      continue;
    }
    i = Math.max(valuesEnd, i + 1);
  }
  return out;
}

/**
 * Prose figures on the value lines of a stacked table (stackedValueLines) are its cells: each takes its line's
 * label as its line item and a place in the table (its label's row; its column, and its place on the line,
 * as the column), so the row a statement names and the cell beside it are read as in any table.
 * - A label and its value line split alike by " / " ("Adjusted Operational EPS (Diluted) / Mid-point" over
 *   "$9.90 – $10.00 / $9.95"): each part of the values is that part of the label's, a later part of the first's
 *   ("... Mid-point").
 * - A change row ("Change vs. Prior Year / Mid-point") is the change of the row above it that names an item.
 * - The label is printed without its asides ("(Diluted)"), whose words stay in the item: a statement names the
 *   row "adjusted operational EPS".
 * Stacked tables are numbered after the text's parsed ones; `itemOf` reads a label's item words and whether
 * it names a change (context.ts).
 */
export function withStackedLabels(
  text: string,
  figures: FigureInContext[],
  parsedTables: number,
  itemOf: (label: string) => { item: string[]; change: boolean },
): FigureInContext[] {
  const lines = stackedValueLines(text);
  if (!lines.length) return figures;
  const onLine = new Map<StackedValueLine, number>();
  return figures.map((f) => {
    const line = f.index >= 0 ? lineAt(lines, f.index) : undefined;
    if (!line) return f;
    const place = onLine.get(line) ?? 0;
    onLine.set(line, place + 1);
    const column = line.perColumn ? place : line.column;
    const cell = { table: parsedTables + line.table, row: line.row, col: line.perColumn ? place * MAX_PER_LINE : line.column * MAX_PER_LINE + Math.min(place, MAX_PER_LINE - 1), block: 0, repeated: false };
    const months = line.months && column < line.months.length ? { columnMonth: line.months[column], latestMonth: Math.max(...line.months) } : {};
    const part = line.perColumn ? 0 : partOf(text, line, f.index);
    const own = labelPart(line.label, part);
    const change = itemOf(own).change;
    const above = change ? line.labels.slice(0, line.blockRow).reverse().find((l) => !itemOf(l).change) : undefined;
    const label = above ? `${labelPart(above, 0)} ${own}` : own;
    // A change row is printed as its item's row (the change is the figure's reading): "12.0% is adjusted EPS, not
    // adjusted operational EPS" for a statement's "adjusted operational EPS growth of".
    const parts = line.label.split("/");
    const printed = above ? labelPart(above, 0) + (part > 0 && part < parts.length ? ` ${parts[part].trim()}` : "") : label;
    // Its basis as its label names it ("Adjusted EPS (Diluted)"), as a table row's (basis.ts).
    return { ...f, item: itemOf(label).item, itemText: printed.replace(ASIDE, " ").replace(/\s+/g, " ").trim(), cell, basis: basisOf(label), ...(change ? { change } : {}), ...months };
  });
}

const ASIDE = /\([^()]*\)/g;
/** Which "/" part of its value line a figure is in (a value line holds figures and marks only). */
function partOf(text: string, line: StackedValueLine, at: number): number {
  let part = 0;
  for (let k = line.start; k < at; k++) if (text.charCodeAt(k) === 0x2f) part += 1;
  return part;
}

/** The label's part for a part of the values: the part itself, a later one after the first ("X Mid-point"); the whole label when it has fewer parts. */
function labelPart(label: string, part: number): string {
  const parts = label.split("/").map((p) => p.trim());
  if (parts.length === 1 || part >= parts.length) return label;
  return part === 0 ? parts[0] : `${parts[0]} ${parts[part]}`;
}

/** Figures a stacked table's value line holds at most as separate columns ("$9.90 – $10.00 / $9.95": three). */
export const MAX_PER_LINE = 16;

/** The value line holding a character offset (lines in text order: a binary search, not a scan per figure). */
function lineAt(lines: StackedValueLine[], at: number): StackedValueLine | undefined {
  let lo = 0;
  let hi = lines.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (at < lines[mid].start) hi = mid - 1;
    else if (at >= lines[mid].end) lo = mid + 1;
    else return lines[mid];
  }
  return undefined;
}
