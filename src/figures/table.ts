// Financial statement tables in passage text: a header of years (columns) and rows of a label with one
// figure per column. PDF text puts the label on one line and each figure on the next ones ("$" alone,
// "(3,162)" negative, "—" nil), or a whole row on one line; both read the same way here.
import { steppedTextCache, type SteppedTextCache } from "./text-cache";
import { monthNumber } from "../core/months";
import { namedColumnTables } from "./named-columns";
import { storeTables } from "./store-tables";
import { readReconciliations } from "./reconciliation";
import { groupNames, repeatedRuns, yearGroups } from "./column-groups";
import { changeNamedHeader, isDateline, titlePart } from "./header-lines";
import type { Basis } from "./figure-types";
import { basisOf } from "./basis";
import { cellOf, normalizeLabel, printedLabel, splitRow, type Cell } from "./table-rows";
import { turnAfterChars } from "./steps";

export { isCellToken, normalizeLabel, splitRow, type Cell } from "./table-rows";

export interface StatementRow {
  /** The row label, normalized (lower case, no notes or parentheses): what lookups compare. */
  label: string;
  /** The label as the source prints it, for explanations. */
  printed: string;
  /** One figure per column of the table, in the table's own units (often millions). */
  values: number[];
  /** How each figure was written: its decimals and whether it is a percentage. */
  cells: Cell[];
  /** The section heading the row is under ("Net revenue:", "Operating income (loss):"), or "". */
  section: string;
}


export type StatementKind = "balance" | "income" | "cash" | "other";

export interface StatementTable {
  /** Which statement the table is, from the last title line before its header. */
  kind: StatementKind;
  /** The fiscal year of each column, in column order. */
  years: number[];
  /**
   * The columns are dated in January or February ("January 28, 2023"): a fiscal year that ends early in a
   * calendar year is usually named by the year before (Ulta's fiscal 2022 ends on January 28, 2023).
   */
  fiscalLag?: boolean;
  /**
   * Which period a column is cannot be told for sure: its header mixes dates of different months (a
   * quarter-end beside a year-end balance), repeats a year (13 and 52 weeks side by side), or is dated
   * early in a year (fiscal 2022 or fiscal 2023 depends on the company).
   */
  uncertain?: boolean;
  /** A title or header line before the columns says they are quarters, halves or nine months ("Three Months Ended"). */
  partial?: boolean;
  /**
   * The period of each column as the header and the two lines before it name it ("Three Months Ended",
   * "Twelve Months Ended", "13 Weeks Ended", "Fiscal Year Ended"): "unknown" when they name none, "mixed" when
   * the names cannot be laid onto the columns. Read by chat only (the judges read `partial` and `uncertain`).
   */
  columnPeriods?: ColumnPeriod[];
  /** The header mixes dates of months far apart (uncertain for a reason other than fiscalLag or a repeated year). */
  mixedHeader?: boolean;
  /**
   * The header or the lines just before it name January or February, also as a month split from its day
   * ("January" / "28," / "2023" on lines of their own), which fiscalLag does not see. Read by chat only.
   */
  earlyMonths?: boolean;
  /** The day each column is dated ("July 29, 2023": 20230729) when its header prints one, else null. */
  dates?: (number | null)[];
  /**
   * The name of the column group the table was read from, when a header prints groups side by side, each
   * with its years and a change column ("Consumer & Community Banking", "Corporate & Investment Bank": 2022
   * 2021 Change, 2022 2021 Change): each group is a table of its own, its rows that group's.
   */
  group?: string;
  /**
   * The line item a caption just before the header gives its rows ("Operating income by reportable segment",
   * then "Domestic", "International", "Total operating income"): each row above the first that names a line
   * item of its own is that item's figure for the segment it names (context.ts).
   */
  measure?: string;
  /**
   * The part of the year every column is for, when a title names it ("Q3 2022 QTD": "q3", "Q3 2022 YTD": "9m",
   * "Q4 2022 YTD": null, the year): a table of named columns (namedColumnTables).
   */
  part?: string | null;
  /** Its one column is a change, in percent, of the latest year over the one before ("Comparable constant currency ∆%"). */
  changes?: boolean;
  /** Its cells are counts (stores), whatever scale the text states for its other tables (store-tables.ts). */
  counts?: boolean;
  /** The basis the header's caption names ("Adjusted non-GAAP results 2022 $ million 2023 $ million"): its rows' figures'. */
  basis?: Basis;
  rows: StatementRow[];
}

export type ColumnPeriod = "quarter" | "half" | "nine" | "year" | "unknown" | "mixed";

// Period phrases of a header, each one column group's period. Bounded alternations, no nested quantifiers.
const PERIOD_PHRASE = /\b(?:(three|3|thirteen|13|fourteen|14|six|6|twenty-six|26|nine|9|thirty-nine|39|twelve|12|fifty-two|52|fifty-three|53)[ -](months?|weeks?)|(fourth|third|second|first) quarter|(quarters?) ended|(q[1-4])\b|(fiscal years?|years?) ended|(full[ -]year))/gi;

function phrasePeriod(m: RegExpMatchArray): ColumnPeriod {
  const n = m[1]?.toLowerCase();
  if (n) {
    const weeks = /^w/i.test(m[2]);
    const k = ({ three: 3, thirteen: 13, fourteen: 14, six: 6, "twenty-six": 26, nine: 9, "thirty-nine": 39, twelve: 12, "fifty-two": 52, "fifty-three": 53 } as Record<string, number>)[n] ?? Number(n);
    if (weeks) return k <= 14 ? "quarter" : k === 26 ? "half" : k === 39 ? "nine" : k >= 52 ? "year" : "mixed";
    return k === 3 ? "quarter" : k === 6 ? "half" : k === 9 ? "nine" : k === 12 ? "year" : "mixed";
  }
  if (m[3] || m[4] || m[5]) return "quarter";
  return "year";
}

/** The periods a header's text names, in order (at most 12, from its first 1,000 characters). */
function periodPhrases(headerText: string): ColumnPeriod[] {
  return [...headerText.slice(0, 1_000).matchAll(PERIOD_PHRASE)].slice(0, 12).map(phrasePeriod);
}

/** The distinct periods a header's text names ("Three Months Ended June 30, Twelve Months Ended June 30,": a quarter and a year). */
export function periodsNamed(headerText: string): Set<ColumnPeriod> {
  return new Set(periodPhrases(headerText));
}

/** The period of each of `columns` columns from the header text (the header lines and the two lines before). */
export function columnPeriodsOf(headerText: string, columns: number): ColumnPeriod[] {
  const found = periodPhrases(headerText);
  if (!found.length) return new Array<ColumnPeriod>(columns).fill("unknown");
  if (found.every((p) => p === found[0])) return new Array<ColumnPeriod>(columns).fill(found[0]);
  if (columns % found.length !== 0) return new Array<ColumnPeriod>(columns).fill("mixed");
  const per = columns / found.length;
  return Array.from({ length: columns }, (_, i) => found[Math.floor(i / per)]);
}

const TITLES: [RegExp, StatementKind][] = [
  [/balance sheets?|statements? of financial (position|condition)/i, "balance"],
  [/cash flows?/i, "cash"],
  [/statements? of (consolidated )?(operations|income|earnings|comprehensive)|income statements?|statements? of (net )?earnings/i, "income"],
];

const YEAR = /\b(19[89]\d|20[0-4]\d)\b/g;
/** Whether a text holds a year's digits (YEAR without its word boundaries: a quick test before it). */
const HAS_YEAR = /(?:19[89]|20[0-4])\d/;
const HAS_MONTH_DAY = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b/i;
const PARTIAL = /\b(?:three|six|nine|3|6|9)\s+months\b|\b(?:13|26|39|thirteen|twenty-six|thirty-nine)\s+weeks\b|\bquarter(?:ly)?\b|\bq[1-4]\b/i;
const EARLY_MONTH_DAY = /\b(?:jan|feb)[a-z]*\.?\s+\d{1,2}\b/i;
const EARLY_MONTH = /\b(?:january|february|jan|feb)\b/i;
/** A line of month-and-day columns and nothing else ("December 2,", "January 28, January 29,"). */
const DAYS_LINE = /^(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s*)+$/i;
const MONTH_ALONE = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?$/i;
const DATE_FRAGMENT = /^(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]{0,7}\.?,?|\d{1,2},?|(?:19|20)\d\d,?)$/i;
const MONTH_DAY = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b,?/gi;
// A change column's header between or after the years: "Change", "% Change", "$ Change", "Increase/(Decrease)".
const CHANGE_HEADER = /^(?:[%$]\s?)?change(?:\s?%)?$|^(?:increase|inc\.?)\s?\/\s?\(?(?:decrease|dec\.?)\)?$/i;
// Header lines that name no column group: units, periods, notes.
// "Operating income by reportable segment", "Revenue by geographic area": the item a segment table's rows give.
const BY_SEGMENT = /^(?:the\s+)?([a-z][a-z ,&()-]{2,60}?)\s+by\s+(?:reportable\s+|operating\s+|business\s+)?(?:segments?|geographic\s+(?:areas?|regions?|segments?)|regions?)\b/i;
// "Selected financial data for the Domestic segment was as follows", "Domestic Segment", "International segment
// revenue mix percentages ... were as follows:": the segment a table is of.
const SEGMENT_SCOPE =
  /\bfor\s+(?:the|its|our)\s+([A-Z][A-Za-z&.'-]*(?:\s[A-Z][A-Za-z&.'-]*){0,3})\s+segment\b|^([A-Z][A-Za-z&.'-]*(?:\s[A-Z][A-Za-z&.'-]*){0,3})\s+Segment$|^([A-Z][A-Za-z&.'-]*(?:\s[A-Z][A-Za-z&.'-]*){0,3})\s+segment\s[^.:]*\bas\s+follows:?$/;
const NOT_GROUP = /\b(?:millions|thousands|billions|except|ratios|ended|ending|months|weeks|unaudited|following|table|summar|results)/i;


/** The years a header line names, or null when the line is not a header (it carries other figures). */
function headerYears(line: string): number[] | null {
  const t = line.trim();
  // Most lines name no year at all (both readings below need one).
  if (!HAS_YEAR.test(t)) return null;
  // "2022", "2022 2021 2020", "Fiscal 2023", "FY2022"
  if (/^((fiscal\s*(year\s*)?|fy\s?)?(19[89]\d|20[0-4]\d)\s*)+$/i.test(t)) return [...t.matchAll(YEAR)].map((m) => Number(m[1]));
  // Dates and period words around the years: "January 28, 2023", "December 31, 2022 and 2021", "Year Ended
  // June 30, 2023 2022 2021", and "2022 December 3," when PDF text splits a two-date header over lines.
  const years = [...t.matchAll(YEAR)].map((m) => Number(m[1]));
  if (!years.length) return null;
  const rest = t
    // "(Millions)", "(Dollars in millions, except per share data)", "(Unaudited)": notes on the columns.
    .replace(/\((?:[^()]{0,60}\b(?:millions?|thousands?|billions?|unaudited|audited)\b[^()]{0,60})\)/gi, " ")
    .replace(MONTH_DAY, " ")
    .replace(YEAR, " ")
    .replace(/\b(fiscal|years?|ended|ending|as|of|at|and|twelve|three|six|nine|months?|weeks?|period|fy)\b/gi, " ")
    .replace(/[\s,.]+/g, "");
  return rest === "" && (HAS_MONTH_DAY.test(t) || years.length > 1) ? years : null;
}

// "GAAP results 2022 $ million 2023 $ million": a caption, then each column's year with its unit.
const UNIT_HEADER = /^([A-Za-z][^\d]{0,80}?)?\s?((?:(?:19|20)\d\d\s(?:US)?\$\s?(?:m|mn|million|bn|billion|'000)\s?){2,6})$/;
// "Reported ∆%", "Comparable constant currency ∆%": a change column's name, printed before the years' line.
const DELTA_COLUMN = /[∆Δ]\s?%/;

/** A header line that prints each year with its unit, after a caption: its years and caption, or null. */
function unitHeader(line: string): { years: number[]; caption: string } | null {
  const m = UNIT_HEADER.exec(line.trim());
  return m ? { years: [...m[2].matchAll(YEAR)].map((y) => Number(y[1])), caption: (m[1] ?? "").trim() } : null;
}

/** Heap a text's parsed tables hold per character of the text, the text included (`npm run bench:memory` measures it). */
export const TABLE_BYTES_PER_CHAR = 8;

/**
 * The tables of a text, parsed once: the recomputation and the ranking check read the same references and
 * sources, and the agent judge checks every claim against them.
 */
export const parseTables: SteppedTextCache<StatementTable[]> = steppedTextCache(parseSteps, TABLE_BYTES_PER_CHAR);

/** Lines of a text parsed between two turns of a job (steps.ts). */
const LINES_PER_STEP = 64;

/** "July 29," and 2023 -> 20230729, or null when the month is not read. */
export function dayOf(monthDay: string, year: number): number | null {
  const m = /^\s*([a-z]{3})[a-z]*\.?\s+(\d{1,2})/i.exec(monthDay);
  const month = m ? monthNumber(m[1]) - 1 : -1;
  return m && month >= 0 ? year * 10000 + (month + 1) * 100 + Number(m[2]) : null;
}

/**
 * Whether a header's dates fall in months more than one apart: a quarter-end beside a year-end. Year-ends of
 * 52/53-week years (November 27, December 3) are one apart and read as years.
 */
function monthsApart(months: Set<string>): boolean {
  const ns = [...months].map((m) => monthNumber(m) - 1).filter((n) => n >= 0);
  for (const a of ns) for (const b of ns) if (Math.min(Math.abs(a - b), 12 - Math.abs(a - b)) > 1) return true;
  return false;
}

function* parseSteps(text: string): Generator<void, StatementTable[], void> {
  const tables: StatementTable[] = [];
  let current: StatementTable | null = null;
  let headerRun: number[] = [];
  /** The day each header year is dated (yyyymmdd), in step with headerRun; the month and day of a split date line. */
  let headerDays: (number | null)[] = [];
  let pendingDay: string | null = null;
  /** "January" / "28," on lines of their own, a column each, their years on the header line after them. */
  let splitMonth: string | null = null;
  let splitDays: string[] = [];
  /** How many years the last header line named. */
  let headerLineYears = 0;
  let label = "";
  let pending: number[] = [];
  let pendingCells: Cell[] = [];
  /** Where a row's blank cells were printed (empty lines or lines of spaces after its label), as positions among its figures. */
  let blanks: number[] = [];
  let headerLag = false;
  let headerPartial = false;
  const headerMonths = new Set<string>();
  /** The last lines before a header and the header's own lines: where its period words are. */
  let before: string[] = [];
  let headerText = "";
  let kind: StatementKind = "other";
  let section = "";
  /** The header's columns in order: a year ("y") or a change column ("c"). */
  let template: ("y" | "c")[] = [];
  /** Short lines without figures just before the header began: the names of its column groups, if any. */
  let recent: string[] = [];
  let headerNames: string[] = [];
  /** A header of column groups: one table per group, and the positions of each group's years in a row's cells. */
  let grouped: { tables: StatementTable[]; runs: number[][]; width: number; yearsAlone?: boolean; changes?: { at: number; table: StatementTable }[] } | null = null;
  /** A unit header's caption ("Adjusted non-GAAP results") and the change columns named before its years. */
  let headerCaption = "";
  /** The change columns' names ("Reported", "Comparable constant currency"), in order. */
  let headerDeltas: string[] = [];
  /**
   * A caption's line item ("Operating income by reportable segment") or segment ("for the Domestic segment"),
   * and how many lines ago it was read: a header within 4 lines takes it.
   */
  let caption: { item?: string; scope?: string; ago: number } | null = null;

  const flush = () => {
    if (grouped?.yearsAlone && label && pending.length === grouped.runs[0].length) {
      grouped.tables[0].rows.push({ label: normalizeLabel(label), printed: printedLabel(label), values: [...pending], cells: [...pendingCells], section });
    } else if (grouped && label && pending.length >= grouped.width) {
      grouped.runs.forEach((run, g) => grouped!.tables[g].rows.push({ label: normalizeLabel(label), printed: printedLabel(label), values: run.map((i) => pending[i]), cells: run.map((i) => pendingCells[i]), section }));
      for (const c of grouped.changes ?? []) c.table.rows.push({ label: normalizeLabel(label), printed: printedLabel(label), values: [pending[c.at]], cells: [{ ...pendingCells[c.at], percent: true }], section });
    } else if (!grouped && current && label && pending.length > 0 && pending.length < current.years.length && pending.length + blanks.length === current.years.length) {
      // A row printed with blank cells (an empty line or a line of spaces where a column has no figure): nil there.
      const values = [...pending];
      const rowCells = [...pendingCells];
      for (const at of blanks) {
        values.splice(at, 0, 0);
        rowCells.splice(at, 0, { decimals: 0, percent: false });
      }
      current.rows.push({ label: normalizeLabel(label), printed: printedLabel(label), values, cells: rowCells, section });
    } else if (!grouped && current && label && pending.length >= current.years.length && current.years.length) {
      const n = current.years.length;
      current.rows.push({ label: normalizeLabel(label), printed: printedLabel(label), values: pending.slice(0, n), cells: pendingCells.slice(0, n), section });
    }
    pending = [];
    pendingCells = [];
    blanks = [];
  };

  // A reconciliation's period titles (reconciliation.ts): figures printed a line each under them are its
  // columns' (each period's EBITDA, EBIT, ...), which the years of the titles do not name.
  const reconciled = readReconciliations(text);
  let headerReconciled = false;
  let readSplitCells = true;
  let lineNumber = 0;
  const dateline = isDateline(text);
  for (const raw of text.replace(/\r/g, "").split("\n")) {
    if (++lineNumber % LINES_PER_STEP === 0) yield;
    // "Inventories (Note 3)": a note reference is not a figure.
    // (Both rewrites need a parenthesis: most lines have none.)
    const line = raw.includes("(")
      ? raw
          .replace(/\((?:see\s)?notes?\s[\d,\sand]+\)/gi, " ")
          .replace(/\(\s*(\$?\s?[\d,]+(?:\.\d+)?)\s*\)/g, "($1)")
          .trim()
      : raw.trim();
    if (!line && label && current && !grouped) blanks.push(pending.length);
    if (!line || line === "$") continue;
    if (caption && ++caption.ago > 4 && !headerRun.length) caption = null;
    // The line's header years, read at most once.
    let years0: number[] | null | undefined;
    const lineYears = () => (years0 === undefined ? (years0 = headerYears(line)) : years0);
    // A split day's lines are read on as before; their days wait for the years' line (its columns, in order).
    if (MONTH_ALONE.test(line)) splitMonth = line;
    else if (splitMonth && /^\d{1,2},?$/.test(line)) {
      splitDays.push(`${splitMonth} ${line}`);
      splitMonth = null;
    } else {
      splitMonth = null;
      if (!lineYears()?.length) splitDays = [];
    }
    // A change column's header while the years are read: the years' groups are told apart by it.
    if (headerRun.length && CHANGE_HEADER.test(line)) {
      template.push("c");
      headerText += `\n${line}`;
      continue;
    }
    // "%" on its own line above "Change": part of the change column's header.
    if (headerRun.length && line === "%") continue;
    // "December 2," on its own line, its year on the next, or "January 28, January 29," over "2023 2022" (each
    // column's day, in order): part of the header.
    if (DAYS_LINE.test(line)) {
      const days = [...line.matchAll(MONTH_DAY)].map((m) => m[0]);
      if (days.length === 1) pendingDay = line;
      else splitDays = days;
      if (!headerText) headerText = before.join("\n");
      headerText += `\n${line}`;
      if (EARLY_MONTH_DAY.test(line)) headerLag = true;
      for (const m of line.matchAll(MONTH_DAY)) headerMonths.add(m[0].slice(0, 3).toLowerCase());
      continue;
    }
    // "March 9, 2023" opening a release: its dateline, no column's header (its headline's figures are no table's).
    const plain = lineNumber === 1 && dateline ? null : lineYears();
    const unit = plain ? null : unitHeader(line);
    const changed = plain || unit ? null : changeNamedHeader(line, before);
    if (changed) headerDeltas = changed.names;
    const years = plain ?? unit?.years ?? changed?.years ?? null;
    if (unit) {
      // "Reported ∆%", "Comparable constant currency ∆%" above or before the years: change columns after them.
      // "Reported ∆%" / "Comparable" / "constant" / "currency ∆%Adjusted non-GAAP results 2022 $ million ...":
      // each ∆% closes a change column's name; the words after the last are the caption.
      const parts = `${recent.join(" ")} ${unit.caption}`.split(DELTA_COLUMN).map((p) => p.trim());
      headerCaption = parts.at(-1) ?? "";
      headerDeltas = parts.slice(0, -1).slice(0, 4);
    }
    if (years && years.length) {
      if (reconciled.titleLines.has(lineNumber - 1)) headerReconciled = true;
      if (!headerRun.length) headerNames = recent;
      if (!headerText) headerText = before.join("\n");
      headerText += `\n${line}`;
      if (EARLY_MONTH_DAY.test(line)) headerLag = true;
      for (const m of line.matchAll(MONTH_DAY)) headerMonths.add(m[0].slice(0, 3).toLowerCase());
      // "Years ended December 31, 2022, 2021 and 2020" followed by the column years: the columns win. Dates one
      // a line ("July 29, 2023", "January 28, 2023", "July 30, 2022") are each a column, a year repeated or not.
      // The day of each year: one month and day per year, one for all ("June 30, 2023 2022"), or the split line's.
      const days = [...line.matchAll(MONTH_DAY)].map((m) => m[0]);
      const own = days.length === years.length ? days : days.length === 1 ? years.map(() => days[0]) : !days.length && pendingDay && years.length === 1 ? [pendingDay] : !days.length && splitDays.length === years.length ? splitDays : [];
      splitDays = [];
      const dated = years.map((y, i) => (own[i] ? dayOf(own[i], y) : null));
      pendingDay = null;
      if (years.some((y) => headerRun.includes(y)) && (years.length > 1 || headerLineYears > 1)) {
        headerRun = [...years];
        headerDays = dated;
        template = years.map(() => "y");
      } else {
        headerRun.push(...years);
        headerDays.push(...dated);
        template.push(...years.map(() => "y" as const));
      }
      headerLineYears = years.length;
      continue;
    }
    if (headerRun.length) {
      flush();
      label = "";
      readSplitCells = !headerReconciled;
      headerReconciled = false;
      // A new header starts a new table; a lone year after a title is a one-column table.
      const mixedHeader = monthsApart(headerMonths);
      const uncertain = headerLag || mixedHeader || new Set(headerRun).size < headerRun.length;
      const earlyMonths = headerLag || EARLY_MONTH.test(headerText);
      // Change columns named before the years ("Reported ∆%"): after the years, as a "Change" line after them would be.
      const deltas = template.includes("c") ? 0 : headerDeltas.length;
      for (let d = 0; d < deltas; d++) template.push("c");
      const basis = basisOf(headerCaption);
      let runs = yearGroups(template, headerRun);
      const nameLines = headerNames.filter((n) => !NOT_GROUP.test(n));
      let names = runs && runs.length > 1 ? groupNames(nameLines, runs.length) : [];
      // The same years printed again with no change column ("2023 2022 2023 2022"), under a line naming as many
      // groups ("Revenue Mix Comparable Sales"): a table per group, as with change columns.
      const repeated = runs ? null : repeatedRuns(headerRun);
      if (repeated) {
        const named = groupNames(nameLines, repeated.length);
        if (named.length === repeated.length) {
          runs = repeated;
          names = named;
        }
      }
      // Groups of periods ("Three Months Ended", "Six Months Ended") rather than of names: one period each.
      const periodGroups = runs && runs.length > 1 && names.length !== runs.length ? columnPeriodsOf(headerNames.join("\n"), runs.length) : null;
      const byPeriod = periodGroups !== null && periodGroups.every((p) => p !== "unknown" && p !== "mixed") && new Set(periodGroups).size === runs!.length;
      if (runs && (runs.length === 1 || names.length === runs.length || byPeriod)) {
        // Groups side by side ("2022 2021 Change" per segment): a table per group, each with one run's years.
        const years = runs[0].map((i) => headerRun[template.slice(0, i).filter((x) => x === "y").length]);
        const days = runs[0].map((i) => headerDays[template.slice(0, i).filter((x) => x === "y").length] ?? null);
        const periods = columnPeriodsOf(headerText, years.length);
        const tablesOf = runs.map((_, g) => ({ kind, years, fiscalLag: headerLag, uncertain: headerLag || mixedHeader, partial: headerPartial, columnPeriods: byPeriod ? years.map(() => periodGroups![g]) : periods, mixedHeader, earlyMonths, dates: days, rows: [] as StatementRow[], ...(basis ? { basis } : {}), ...(names[g] && !byPeriod ? { group: caption?.scope ? `${caption.scope} ${names[g]}` : names[g] } : captioned(caption)) }));
        tables.push(...tablesOf);
        current = tablesOf[0];
        grouped = { tables: tablesOf, runs, width: template.length };
      } else {
        // "Three Months Ended June 30, 2022 Three Months Ended June 30, 2023": the header's own words name the quarter too.
        // "(Unaudited; Dollars in Millions) FIRST QUARTER" over "2023 2022 Total Operations Currency": every
        // column is that quarter's (the page's next table the second quarter's, then six months').
        const titled = new Set(headerRun).size === headerRun.length ? titlePart(headerText.split("\n")) : undefined;
        current = { kind, years: [...headerRun], fiscalLag: headerLag, uncertain, partial: headerPartial || PARTIAL.test(headerText), columnPeriods: columnPeriodsOf(headerText, headerRun.length), mixedHeader, earlyMonths, dates: [...headerDays], rows: [], ...(basis ? { basis } : {}), ...captioned(caption), ...(titled !== undefined ? { part: titled } : {}) };
        tables.push(current);
        // Change columns that group nothing the reader can name: the years read without them.
        // A row of the years' cells alone, its change cells blank ("Free Cash Flow 1,066 848"), is read when the
        // change columns were named before the years.
        grouped = template.includes("c") ? { tables: [current], runs: [template.map((t, i) => (t === "y" ? i : -1)).filter((i) => i >= 0)], width: template.length, yearsAlone: deltas > 0 } : null;
        if (grouped && deltas > 0) {
          // Each named change column a table of its own: the latest year's change, in the column's name as its group.
          const latest = Math.max(...current.years);
          grouped.changes = headerDeltas.map((name, k) => ({ at: headerRun.length + k, table: { kind, years: [latest], partial: headerPartial, columnPeriods: [current!.columnPeriods?.at(-1) ?? "unknown"], rows: [] as StatementRow[], changes: true, ...(name ? { group: name } : {}), ...(basis ? { basis } : {}), ...(titled !== undefined ? { part: titled } : {}) } }));
          tables.push(...grouped.changes.map((c) => c.table));
        }
      }
      template = [];
      headerText = "";
      headerPartial = false;
      section = "";
      headerRun = [];
      headerDays = [];
      headerLineYears = 0;
      headerCaption = "";
      headerDeltas = [];
      headerLag = false;
      headerMonths.clear();
      caption = null;
    }
    // Date fragments of a header split over lines ("January", "28,") stay beside the two lines before them.
    before = DATE_FRAGMENT.test(line) ? [...before, line].slice(-16) : [...before.filter((b) => !DATE_FRAGMENT.test(b)).slice(-1), line.slice(0, 200)];
    recent = /\d/.test(line) || line.length > 60 || !/[a-z]{2}/i.test(line) ? [] : [...recent, line].slice(-8);
    if (PARTIAL.test(line) && line.length < 160) headerPartial = true;
    const title = TITLES.find(([re]) => re.test(line) && line.length < 120);
    if (title) kind = title[1];
    const bySegment = BY_SEGMENT.exec(line);
    if (bySegment) caption = { item: bySegment[1].trim(), ago: 0 };
    const scope = line.length < 200 ? SEGMENT_SCOPE.exec(line) : null;
    if (scope) caption = { scope: scope[1] ?? scope[2] ?? scope[3], ago: 0 };
    // "Corporate bonds", then "Level 2", then its cells: the fair value level printed in a column of text is
    // part of the row's label, not its first cell.
    if (label && !pending.length && /^(?:level|tier|stage)\s+[1-3]$/i.test(line)) continue;
    // In a table of column groups, change cells are "(1) %", "NM" (not meaningful) and footnote marks "(a)".
    const { label: rowLabel, figures, cells } = splitRow(grouped ? line.replace(/\(\s?[a-z]\s?\)/gi, " ").replace(/(^|\s)N\/?M(?=\s|$)/g, "$10").replace(/(\S)\s+%/g, "$1%") : line);
    // "Net revenue:" alone on its line heads the rows below it (a segment table prints each segment per section).
    if (current && !figures.length && rowLabel.endsWith(":") && rowLabel.length <= 60 && /[a-z]{2}/i.test(rowLabel)) {
      flush();
      label = "";
      section = rowLabel.slice(0, -1).trim();
      continue;
    }
    // "U.S. $ 10,782 9,857": an abbreviation of capitals and periods is a label too.
    if (rowLabel && (/[a-z]{2}/i.test(rowLabel) || /^(?:[A-Z]\.){2,}$/.test(rowLabel.trim()))) {
      flush();
      label = rowLabel;
      // A whole row on one line: its last figures are the columns ("Accounts receivable, net of allowance
      // of $650 and $633 48,688 44,261"); earlier ones belong to the label's text.
      const width = grouped ? grouped.width : current?.years.length;
      const whole = width !== undefined && figures.length > width;
      // "Net sales $ 10,208,580 100.0% $ 8,630,889 100.0%": each column's amount followed by its percent of
      // sales (a column the header does not date); the columns are the amounts.
      const ofSales = whole && figures.length === 2 * width && cells.every((c, i) => c.percent === (i % 2 === 1));
      // Twice the header's columns or more in one run of cells ("805 805 805 52.9 1,048 1,048 1,048 70.5" under
      // "Twelve Months Ended June 30, 2022 ... 2023", each period's EBITDA, EBIT, net income and EPS): columns the
      // header did not read, so which cell is which year is not known. The row is not read.
      const wider = whole && !ofSales && figures.length >= 2 * width;
      pending = wider ? [] : ofSales ? figures.filter((_, i) => i % 2 === 0) : whole ? figures.slice(-width) : figures;
      pendingCells = wider ? [] : ofSales ? cells.filter((_, i) => i % 2 === 0) : whole ? cells.slice(-width) : cells;
      if (width !== undefined && pending.length >= width) flush();
    } else if (figures.length && readSplitCells) {
      pending.push(...figures);
      pendingCells.push(...cells);
      if (current && pending.length >= (grouped ? grouped.width : current.years.length)) {
        flush();
        label = "";
      }
    }
  }
  flush();
  yield* turnAfterChars(text.length);
  return [...tables.filter((t) => t.rows.length > 0), ...namedColumnTables(text), ...reconciled.tables, ...storeTables(text)];
}

/** A caption's line item (measure) or segment (a group of its own: "Domestic" operating income). */
function captioned(caption: { item?: string; scope?: string } | null): { measure?: string; group?: string } {
  if (caption?.item) return { measure: caption.item };
  return caption?.scope ? { group: caption.scope } : {};
}
