// A results release's reconciliation table (table.ts reads tables of one figure per year): two periods side
// by side ("Twelve Months Ended June 30, 2022" / "Twelve Months Ended June 30, 2023"), each with the same named
// columns ("EBITDA EBIT Net Income EPS (Diluted US cents)"), and rows that name the columns' items in a list
// ("Adjusted EBITDA, EBIT, Net income and EPS 2,117 1,701 1,224 80.5 2,018 1,608 1,089 73.3"): such a row is
// one figure per item and period, read as one table per item ("Adjusted EBIT": 1,701 for 2022, 1,608 for 2023).
// A list row with one figure per item ("% growth - Adjusted EBITDA, EBIT, Net income, and EPS (5) (5) (11) (9)")
// is each item's change over the later period, as is a "% ... growth" row under it ("% comparable constant
// currency growth 1 1 (4) (2)"): change tables, named as a key-financials table names its change columns.
// Rows that name one item (the reconciling items: "Tax expense", "Pension settlements") are not read: which
// item each of their figures adjusts is the column's, and a figure of "Net income attributable to Amcor" under
// EPS is cents. Rows print whole on a line, or as a label line and a figure a line (a PDF's text).
import { dayOf, normalizeLabel, splitRow, type Cell, type StatementRow, type StatementTable } from "./table";

// "Twelve Months Ended June 30, 2023": a period column group's title, with its year.
const PERIOD_TITLE = /\b(three|six|nine|twelve)\s+months\s+ended\s+((?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}),?\s+((?:19|20)\d\d)\b/gi;
/** Lines between the period titles and the first row: the columns' names. */
const MAX_NAME_LINES = 40;
/** Lines of rows read after the names, not counting empty ones (a PDF's text prints a blank cell as one). */
const MAX_ROW_LINES = 150;
/** The items a row label lists, in order: "EBITDA, EBIT, Net income and EPS", "... Net income, and EPS". */
function listParts(label: string): string[] {
  return label
    .replace(/ and /gi, ", ")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
}

/** A label without the dashes and spaces at its ends ("% growth - Adjusted" less its "% growth"). */
function trimDashes(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && (text[start] === "-" || text[start] === " ")) start++;
  while (end > start && (text[end - 1] === "-" || text[end - 1] === " ")) end--;
  return text.slice(start, end);
}

/** A change row's label: "% growth - Adjusted EBITDA, ..." (kind "", the items after) or "% comparable constant currency growth" (kind, no items). */
function changeRow(label: string): { kind: string; rest: string } | null {
  if (!label.startsWith("%")) return null;
  const body = label.slice(1).trim();
  const at = body.toLowerCase().search(/\bgrowth\b/);
  return at < 0 ? null : { kind: body.slice(0, at).trim(), rest: trimDashes(body.slice(at + "growth".length)) };
}

interface Row {
  label: string;
  figures: number[];
  cells: Cell[];
}

/** The period titles a line prints and nothing else (one a line, or side by side): their years and days. */
function periodTitles(line: string): { months: string; year: number; day: number | null }[] {
  const found = [...line.matchAll(PERIOD_TITLE)];
  if (!found.length || line.replace(PERIOD_TITLE, "").replace(/[\s,.]+/g, "") !== "") return [];
  return found.map((m) => ({ months: m[1].toLowerCase(), year: Number(m[3]), day: dayOf(m[2], Number(m[3])) }));
}

function isFigureLine(line: string): boolean {
  const { label, figures } = splitRow(line);
  return figures.length > 0 && label === "";
}

/** The rows after the names: whole on a line, or a label line (wrapped over lines) and a figure a line. */
function readRows(lines: string[]): Row[] {
  const rows: Row[] = [];
  let pending: Row | null = null;
  const flush = () => {
    if (pending?.figures.length) rows.push(pending);
    pending = null;
  };
  for (const line of lines) {
    if (!line || line === "$") continue;
    const { label, figures, cells } = splitRow(line);
    if (label && figures.length) {
      flush();
      rows.push({ label, figures, cells });
    } else if (label) {
      // A label wrapped over two lines ("Net income attributable to non-controlling" / "interests").
      if (pending && !pending.figures.length) pending.label = `${pending.label} ${label}`;
      else {
        flush();
        pending = { label, figures: [], cells: [] };
      }
    } else if (pending) {
      pending.figures.push(...figures);
      pending.cells.push(...cells);
    }
  }
  flush();
  return rows;
}

/** The columns' names as printed, and lower-cased with parentheses as spaces, for look-ups of a whole item. */
interface ColumnNames {
  printed: string;
  words: string;
}

function columnNames(printed: string): ColumnNames {
  return { printed, words: ` ${printed.toLowerCase().replace(/[()]/g, " ").replace(/\s+/g, " ")} ` };
}

/** Whether the columns name an item, whole words ("EBIT", not the start of "EBITDA"). */
function names(columns: ColumnNames, item: string): boolean {
  return columns.words.includes(` ${item.toLowerCase()} `);
}

/**
 * A row label that lists the columns' items, each named by the columns ("EBITDA", "Net income"): the words
 * before the first item ("Adjusted", "% growth - Adjusted") and the items, or null.
 */
function listedItems(label: string, columns: ColumnNames): { prefix: string; items: string[] } | null {
  const parts = listParts(label.replace(/\(\d\)$/, ""));
  if (parts.length < 2 || !parts.slice(1).every((p) => names(columns, p))) return null;
  // The first item is the longest run of the first part's last words that the columns name.
  const words = parts[0].split(/\s+/);
  for (let i = 0; i < words.length; i++) {
    const item = words.slice(i).join(" ");
    if (names(columns, item)) return { prefix: words.slice(0, i).join(" "), items: [item, ...parts.slice(1)] };
  }
  return null;
}

/** An item as the columns print it, with the note after its name ("EPS (Diluted US cents)"; not a footnote mark "(1)"). */
function columnName(item: string, columns: ColumnNames): string {
  const lower = columns.printed.toLowerCase();
  const wanted = item.toLowerCase();
  // The item's first whole-word place ("EBIT", not the start of "EBITDA").
  let at = lower.indexOf(wanted);
  while (at >= 0 && ((at > 0 && lower[at - 1] !== " ") || /[a-z0-9]/.test(lower[at + wanted.length] ?? ""))) at = lower.indexOf(wanted, at + 1);
  if (at < 0) return item;
  const after = columns.printed.slice(at + item.length).trimStart();
  const close = after.startsWith("(") ? after.indexOf(")") : -1;
  const note = close > 0 ? after.slice(0, close + 1) : "";
  return /[a-z]/.test(note) ? `${item} ${note}` : item;
}

/** The tables of one reconciliation: after its period titles (the line at `start`), its names, then its rows. */
function readReconciliation(lines: string[], start: number, periods: { year: number; day: number | null; months: string }[]): StatementTable[] {
  const groups = periods.length;
  // The names end where the first row begins: a line with figures, or a label whose figures follow on the next lines.
  let end = start;
  while (end < lines.length && end - start < MAX_NAME_LINES) {
    const line = lines[end];
    if (line && splitRow(line).figures.length) break;
    const next = lines.slice(end + 1, end + 4).find((l) => l && l !== "$");
    if (line && next !== undefined && isFigureLine(next) && !/^\(/.test(line)) break;
    end += 1;
  }
  const printed = lines.slice(start, end).filter(Boolean).join(" ").replace(/\s+/g, " ");
  if (!printed) return [];
  const columns = columnNames(printed);
  let last = end;
  for (let filled = 0; last < lines.length && filled < MAX_ROW_LINES; last++) if (lines[last]) filled += 1;
  const rows = readRows(lines.slice(end, last));
  const partial = periods[0].months !== "twelve";
  const years = periods.map((p) => p.year);
  const dates = periods.map((p) => p.day);
  /** One table per item of the first list row that fills every column; its list rows' figures, per period. */
  const items = new Map<string, StatementTable>();
  const changes = new Map<string, StatementTable>();
  let width = 0;
  let lastList: { prefix: string; items: string[] } | null = null;
  for (const row of rows) {
    const change = changeRow(row.label);
    const list = listedItems(change ? change.rest || row.label : row.label, columns);
    if (list && row.figures.length === groups * list.items.length && !change && (width === 0 || width === list.items.length)) {
      width = list.items.length;
      list.items.forEach((item, j) => {
        const printed = `${list.prefix} ${columnName(item, columns)}`.trim();
        const values = periods.map((_, g) => row.figures[g * width + j]);
        const cells = periods.map((_, g) => row.cells[g * width + j]);
        let table = items.get(item.toLowerCase());
        if (!table) items.set(item.toLowerCase(), (table = { kind: "other", years, dates, ...(partial ? { partial } : {}), rows: [] }));
        table.rows.push({ label: normalizeLabel(printed), printed, values, cells, section: "" });
      });
      continue;
    }
    // A change row: its own list of the items ("% growth - Adjusted EBITDA, ..."), or under one ("% comparable
    // constant currency growth"); "% items affecting comparability" and "% currency impact" are no item's change.
    if (!change) continue;
    const own = list && list.items.length === row.figures.length ? list : null;
    if (own) lastList = own;
    const of = own ?? (lastList && lastList.items.length === row.figures.length ? lastList : null);
    if (!of) continue;
    const name = own ? "Reported" : change.kind.replace(/^./, (c) => c.toUpperCase());
    if (!name) continue;
    const table: StatementTable = { kind: "other", years: [years.at(-1)!], ...(partial ? { partial } : {}), changes: true, group: name, rows: [] };
    of.items.forEach((item, j) => {
      const printed = `${trimDashes(of.prefix)} ${columnName(item, columns)}`.trim();
      table.rows.push({ label: normalizeLabel(printed), printed, values: [row.figures[j]], cells: [{ ...row.cells[j], percent: true }], section: "" } satisfies StatementRow);
    });
    changes.set(name.toLowerCase(), table);
  }
  if (!items.size && !changes.size) return columnGroupTables(rows, columns.printed, periods);
  return [...items.values(), ...changes.values()];
}

// A column's name ends with its unit: "Net sales $ million", "EBIT / Sales %", "funds employed %(1)".
const UNIT_END = /\s?(?:\$\s?million|%(?:\(\d\))?)(?:\s|$)/;
const PERCENT_UNIT = /%/;
const SALES = /^(?:net\s+)?(?:sales|revenues?)$/i;

/**
 * A segment table of a release: each period's group of named columns side by side ("Twelve Months Ended June 30,
 * 2022" / "... 2023", each "Net sales $ million EBIT $ million EBIT / Sales %"), and rows that name a segment
 * ("Flexibles 11,151 1,517 13.6 11,154 1,429 12.8"). One table per column, its rows the segments, one figure
 * per period; a row without the group's last column ("EBIT / Average funds employed %", printed only for the
 * total) is read for the others. A caption before the first name ("Adjusted non-GAAP results") gives the basis.
 */
function columnGroupTables(rows: Row[], printed: string, periods: { year: number; day: number | null; months: string }[]): StatementTable[] {
  const names: { name: string; percent: boolean }[] = [];
  let rest = printed;
  for (let m = UNIT_END.exec(rest); m && names.length < 24; m = UNIT_END.exec(rest)) {
    const name = rest.slice(0, m.index).trim();
    if (!name) break;
    names.push({ name, percent: PERCENT_UNIT.test(m[0]) });
    rest = rest.slice(m.index + m[0].length);
  }
  const groups = periods.length;
  if (rest.trim() || names.length < groups * 2 || names.length % groups !== 0) return [];
  const k = names.length / groups;
  const columns = names.slice(names.length - k);
  // Every group names the same columns; the first may open with the caption.
  for (let g = 0; g < groups; g++) {
    for (let c = 0; c < k; c++) {
      const here = names[g * k + c].name;
      if (here !== columns[c].name && !(g === 0 && c === 0 && here.endsWith(` ${columns[0].name}`))) return [];
    }
  }
  const caption = names[0].name.slice(0, names[0].name.length - columns[0].name.length).trim();
  const basis = /\b(?:adjusted|non-gaap)\b/i.test(caption) ? ("adjusted" as const) : undefined;
  const partial = periods[0].months !== "twelve";
  const years = periods.map((p) => p.year);
  const dates = periods.map((p) => p.day);
  // Sales are no adjusted measure: the caption's basis is the other columns' ("EBIT", "EBIT / Sales").
  const adjusted = (c: number) => basis !== undefined && !SALES.test(columns[c].name);
  const tables = columns.map((_, c): StatementTable => ({ kind: "other", years, dates, ...(partial ? { partial } : {}), ...(adjusted(c) ? { basis } : {}), rows: [] }));
  for (const row of rows) {
    const width = row.figures.length === groups * k ? k : row.figures.length === groups * (k - 1) ? k - 1 : 0;
    if (!width || !row.label) continue;
    for (let c = 0; c < width; c++) {
      const label = `${row.label.replace(/\(\d\)$/, "").trim()} ${adjusted(c) ? "adjusted " : ""}${columns[c].name}`;
      tables[c].rows.push({
        label: normalizeLabel(label),
        printed: label,
        values: periods.map((_, g) => row.figures[g * width + c]),
        cells: periods.map((_, g) => ({ ...row.cells[g * width + c], percent: row.cells[g * width + c].percent || columns[c].percent })),
        section: "",
      });
    }
  }
  return tables.filter((t) => t.rows.length > 0);
}

/**
 * Every reconciliation table of a text (see the top of this file), and the lines (0-based, of the text split
 * at line breaks) of the period titles each was read under: table.ts does not read figures printed a line
 * each under those titles, whose columns its header does not name.
 */
export function readReconciliations(text: string): { tables: StatementTable[]; titleLines: Set<number> } {
  const out: StatementTable[] = [];
  const titleLines = new Set<number>();
  if (!/months\s+ended/i.test(text)) return { tables: out, titleLines };
  const lines = text.replace(/\r/g, "").split("\n").map((l) => l.trim());
  for (let i = 0; i < lines.length; i++) {
    const periods = periodTitles(lines[i]);
    if (!periods.length) continue;
    // Titles one a line: the next lines' titles join them.
    let j = i + 1;
    while (j < lines.length && periods.length < 4) {
      if (!lines[j]) {
        j += 1;
        continue;
      }
      const more = periodTitles(lines[j]);
      if (!more.length) break;
      periods.push(...more);
      j += 1;
    }
    if (periods.length < 2 || periods.length > 4 || new Set(periods.map((p) => p.months)).size > 1 || new Set(periods.map((p) => p.year)).size !== periods.length) {
      i = j - 1;
      continue;
    }
    const tables = readReconciliation(lines, j, periods);
    if (tables.length) {
      out.push(...tables);
      for (let k = i; k < j; k++) titleLines.add(k);
    }
    i = j - 1;
  }
  return { tables: out, titleLines };
}
