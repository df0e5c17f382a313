// Store roll-forward tables (table.ts reads tables of one figure per year): the stores open at a period's
// beginning, opened, closed and open at its end, printed as four columns with their names over a few lines.
// Ulta's "Store Update" gives one row per quarter of the fiscal year its header names ("Fiscal 2022 ... 1st
// Quarter 1,308 10 0 1,318"); Best Buy's 10-Q one row per store brand, the four columns once per fiscal year
// ("Fiscal 2024 Fiscal 2023", "... End of Second Quarter", "Total 966 5 (2) 969 977 7 (2) 982"). Each period
// is read as one table whose rows are the four columns, named as a sentence would name them ("Total stores
// at end of the quarter"), its cells counts whatever scale the text's other tables state.
import { normalizeLabel, splitRow, type StatementRow, type StatementTable } from "./table";

/** The four columns, in the order every such table prints them, and the words that name each. */
const COLUMNS = ["stores open at beginning of the period", "stores opened", "stores closed", "stores open at end of the period"] as const;
// The header's words: a store count at a period's two ends and the stores opened and closed between.
const HEADER_WORDS = [/\bstores?\b/i, /\bbeginning\b/i, /\bopened\b/i, /\bclosed\b/i, /\bend\b/i];
const FISCAL_YEAR = /\bfiscal\s+((?:19|20)\d\d)\b/gi;
const QUARTER_WORD: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4 };
const QUARTER = /\b(first|second|third|fourth|1st|2nd|3rd|4th)\s+quarters?\b/i;
/** Lines of header read before the first row, at most. */
const MAX_HEADER_LINES = 24;
/** Rows of one table, at most. */
const MAX_ROWS = 40;

function quarterOf(text: string): number | null {
  const m = QUARTER.exec(text);
  return m ? QUARTER_WORD[m[1].toLowerCase()] : null;
}

// "Domestic segment stores open at the beginning and end of ...": the segment the table counts the stores of.
const SEGMENT_TITLE = /^(\p{Lu}[\p{L}&'-]*(?:\s\p{Lu}[\p{L}&'-]*){0,3})\s+segment\b/u;

/** A table per period: its rows the four columns, one figure each (the period's year its one column). */
function periodTable(year: number, quarter: number | null, label: string, figures: number[], group: string | null): StatementTable {
  const where = label ? `${label} ` : "";
  const rows: StatementRow[] = COLUMNS.map((name, c) => {
    const printed = `${where}${name.replace("the period", quarter ? "the quarter" : "the year")}`;
    return { label: normalizeLabel(printed), printed, values: [figures[c]], cells: [{ decimals: 0, percent: false }], section: "" };
  });
  return { kind: "other", years: [year], counts: true, ...(quarter ? { partial: true, part: `q${quarter}` } : {}), ...(group ? { group } : {}), rows };
}

/** The store roll-forward tables of a text (see the top of this file). */
export function storeTables(text: string): StatementTable[] {
  if (!/\bstores?\b/i.test(text) || !/\bopened\b/i.test(text)) return [];
  const lines = text.replace(/\r/g, "").split("\n").map((l) => l.trim());
  const out: StatementTable[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/\bstores?\b/i.test(lines[i]) || splitRow(lines[i]).figures.length) continue;
    // The header: from this line to the first line of four figures or more.
    let end = i;
    while (end < lines.length && end - i < MAX_HEADER_LINES && splitRow(lines[end]).figures.length < 4) end += 1;
    const header = lines.slice(i, end).join(" ");
    if (end >= lines.length || !HEADER_WORDS.every((w) => w.test(header))) continue;
    // "... second quarters of fiscal 2024 and fiscal 2023 were as follows:" then "Fiscal 2024 Fiscal 2023": each year once.
    const years = [...new Set([...header.matchAll(FISCAL_YEAR)].map((m) => Number(m[1])))];
    if (!years.length) continue;
    const headerQuarter = quarterOf(header);
    const group = SEGMENT_TITLE.exec(lines[i])?.[1] ?? null;
    let r = end;
    for (; r < lines.length && r - end < MAX_ROWS; r++) {
      const { label, figures } = splitRow(lines[r]);
      if (!lines[r]) continue;
      if (figures.length !== 4 * years.length || !label) break;
      const rowQuarter = quarterOf(label);
      // Rows of quarters (one year's): each row its quarter. Rows of brands: the header's quarter, each year's four.
      if (rowQuarter !== null && years.length === 1) out.push(periodTable(years[0], rowQuarter, "", figures, group));
      else if (rowQuarter === null) years.forEach((y, g) => out.push(periodTable(y, headerQuarter, label, figures.slice(4 * g, 4 * g + 4), group)));
    }
    i = r - 1;
  }
  return out;
}
