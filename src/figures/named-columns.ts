// Tables whose columns are named, not dated (table.ts reads the dated ones): a title naming the period
// ("Q3 2022 QTD - Income Before Tax by Segment", or a year alone), a line of column names (segments, or
// quarters and the full year), then rows with a figure per name.
import { normalizeLabel, splitRow, type StatementRow, type StatementTable } from "./table";

// "Q3 2022 QTD - Income Before Tax by Segment", "Q4 2022 YTD": a quarter's or the year-to-date's title.
const PERIOD_TITLE = /\bQ([1-4])\s(?:FY\s?)?((?:19|20)\d\d)(?:\s(QTD|YTD))?\b/i;
/** The part of the year a year-to-date through each quarter is. */
const YEAR_TO_DATE: (string | null)[] = ["q1", "h1", "9m", null];
// "(Dollars in Millions) Pharmaceutical MedTech Unallocated Worldwide Total": a units note, then column names.
const UNITS_NOTE = /^\((?:dollars|\$|amounts?)\s+in\s+(?:millions|thousands|billions)[^()]{0,40}\)\s*/i;
const COLUMN_NAME = /^[A-Z][A-Za-z&./'-]{0,40}$|^Q[1-4]$/;
// "2022" alone on its line: the year of the quarters named below it ("Q1 Q2 Q3 Q4 FULL YEAR").
const YEAR_TITLE = /^((?:19|20)\d\d)$/;
/** A column named by its period: a quarter, or the full year. */
const QUARTER_COLUMN = /^(?:Q([1-4])|full year|fy|total year)$/i;

/**
 * Tables whose columns are named, not dated: a title naming the period ("Q3 2022 QTD - Income Before Tax by
 * Segment"), a line of column names ("Pharmaceutical MedTech Unallocated Worldwide Total"), then rows with a
 * figure per name. Read as one table per column, the column's name its group (as columns printed side by
 * side per segment), all of the title's year and part of the year. A line of names that cannot be laid onto
 * the rows' figures ("Medical Devices" or "Medical" and "Devices") reads no table.
 */
export function namedColumnTables(text: string): StatementTable[] {
  const out: StatementTable[] = [];
  /** The title's year and part of the year; part undefined for a bare year, whose columns name their periods. */
  let title: { year: number; part: string | null | undefined; ago: number } | null = null;
  let names: string[] | null = null;
  let columns: StatementTable[] = [];
  let pending = "";
  const end = () => {
    if (columns.length && columns[0].rows.length) out.push(...columns);
    columns = [];
    names = null;
    pending = "";
  };
  for (const raw of text.replace(/\r/g, "").split("\n")) {
    const trimmed = raw.trim();
    const line = trimmed.includes("%") ? trimmed.replace(/(\S)\s+%/g, "$1%") : trimmed;
    if (!line) continue;
    const period = line.length < 160 ? PERIOD_TITLE.exec(line) : null;
    if (period) {
      end();
      const q = Number(period[1]);
      title = { year: Number(period[2]), part: period[3]?.toUpperCase() === "YTD" ? YEAR_TO_DATE[q - 1] : `q${q}`, ago: 0 };
      continue;
    }
    const bare = YEAR_TITLE.exec(line);
    if (bare) {
      end();
      // A year alone names no part: its columns must (quarters and the full year).
      title = { year: Number(bare[1]), part: undefined, ago: 0 };
      continue;
    }
    // Before any title a line is neither a column's row nor a line of column names: not split.
    if (!names && !title) continue;
    const { label, figures, cells } = splitRow(line);
    if (names) {
      const width: number = names.length;
      if (figures.length === width && /[a-z]{2}/i.test(`${pending} ${label}`)) {
        // "Reported Income Before Tax by Segment from Continuing" over "Operations $ 4,186": a label wrapped onto
        // the row's line; "Pre-tax Adjustments" over "Intangible Asset Amortization expense 1,014": a heading.
        const wrapped = pending && (label.split(/\s+/).length <= 2 || /\b(?:of|from|by|and|to|in|for|before|after|on)$/i.test(pending));
        const own = wrapped ? `${pending} ${label}`.trim() : label;
        // "% to Sales" under "Reported Income Before Tax", again under "Adjusted ...": the row above's share.
        const above = columns[0].rows.at(-1)?.printed;
        const printed = own.startsWith("%") && above ? `${above} ${own}` : own;
        columns.forEach((t, c) => t.rows.push({ label: normalizeLabel(printed), printed, values: [figures[c]], cells: [cells[c]], section: "" }));
        pending = "";
      } else if (!figures.length && line.length <= 100 && pending.length <= 100) pending = `${pending} ${line}`.trim();
      else end();
      continue;
    }
    if (!title || ++title.ago > 3 || figures.length) continue;
    const words = line.replace(UNITS_NOTE, "").split(/\s+/);
    if (words.length < 2 || words.length > 12 || !words.every((w) => COLUMN_NAME.test(w))) continue;
    // "Worldwide Total", "FULL YEAR": a total's or year's word joins the name before it.
    const joined: string[] = [];
    for (const w of words) if (/^(?:total|year)$/i.test(w) && joined.length) joined[joined.length - 1] += ` ${w}`; else joined.push(w);
    const { year, part } = title;
    if (part === undefined) {
      // "Q1 Q2 Q3 Q4 FULL YEAR" under "2022": each column its own period, no group.
      const periods = joined.map((n) => QUARTER_COLUMN.exec(n));
      if (!periods.every(Boolean)) continue;
      names = joined;
      columns = periods.map((m) => ({ kind: "other" as const, years: [year], partial: Boolean(m![1]), part: m![1] ? `q${m![1]}` : null, rows: [] as StatementRow[] }));
      continue;
    }
    names = joined;
    columns = joined.map((name) => ({ kind: "other" as const, years: [year], partial: part !== null, part, group: name, rows: [] as StatementRow[] }));
  }
  end();
  return out;
}
