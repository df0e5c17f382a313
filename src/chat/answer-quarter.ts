// Quarter questions ("between FY 2023 and Q2 of FY2024") answered from balance-sheet columns dated by day:
// each column's date is mapped onto the company's fiscal quarter with fiscalPeriodOf (Best Buy's July 29,
// 2023 is Q2 of fiscal 2024, January 28, 2023 the end of fiscal 2023), never guessed from the calendar.
import { fiscalPeriodOf } from "../core/fiscal-calendar";
import { contentStems } from "../figures/text";
import { formatNumber, type Source } from "./answer-sources";
import { monthNumber } from "../core/months";

/** A period the question asks about: a fiscal quarter, or a fiscal year's end (quarter 4). */
interface AskedPeriod {
  fiscalYear: number;
  quarter: 1 | 2 | 3 | 4;
  yearEnd: boolean;
}

const QUARTER_FIRST = /\bq([1-4])\s{0,2}(?:of\s{1,2})?(?:fy|fiscal(?:\s{1,2}year)?)?\s{0,2}'?((?:19|20)\d\d)\b/gi;
const YEAR_FIRST = /\b(?:fy\s{0,2})?((?:19|20)\d\d)\s{0,2}q([1-4])\b/gi;
const YEAR_ONLY = /\b(?:fy|fiscal(?:\s{1,2}year)?)\s{0,2}((?:19|20)\d\d)\b(?!\s{0,2}q[1-4])/gi;

/** The periods the question names, when it names at least one quarter ("Q2 of FY2024", "FY2023Q1", "2022 Q2"). */
export function askedPeriods(question: string): AskedPeriod[] {
  const text = question.slice(0, 2_000);
  const out: AskedPeriod[] = [];
  const add = (p: AskedPeriod) => {
    if (!out.some((o) => o.fiscalYear === p.fiscalYear && o.quarter === p.quarter)) out.push(p);
  };
  for (const m of text.matchAll(QUARTER_FIRST)) add({ fiscalYear: Number(m[2]), quarter: Number(m[1]) as 1, yearEnd: false });
  for (const m of text.matchAll(YEAR_FIRST)) add({ fiscalYear: Number(m[1]), quarter: Number(m[2]) as 1, yearEnd: false });
  if (!out.length) return [];
  // A year named apart from a quarter ("between FY 2023 and Q2 of FY2024") is that year's end.
  const rest = text.replace(QUARTER_FIRST, " ").replace(YEAR_FIRST, " ");
  for (const m of rest.matchAll(YEAR_ONLY)) add({ fiscalYear: Number(m[1]), quarter: 4, yearEnd: true });
  return out;
}

const DATE = /\b(january|february|march|april|may|june|july|august|september|october|november|december)\s{1,3}(\d{1,2}),\s{0,3}((?:19|20)\d\d)\b/gi;
const CELL = /^\(?-?\d{1,3}(?:,\d{3})*(?:\.\d+)?\)?$/;

/** Lines of a source read after a date header, and header lines looked for. */
const MAX_LINES = 400;
const ROWS_AFTER_HEADER = 40;

interface DatedRow {
  label: string;
  values: number[];
  cells: string[];
  n: number;
}

/** Rows printed on one line after a header line of dates (a balance sheet's columns), with the ISO date of each column. */
function datedRows(source: Source): { dates: string[]; printed: string[]; rows: DatedRow[] }[] {
  const out: { dates: string[]; printed: string[]; rows: DatedRow[] }[] = [];
  const lines = source.text.split("\n").slice(0, MAX_LINES);
  for (let i = 0; i < lines.length; i++) {
    const found = [...lines[i].matchAll(DATE)];
    // A header is the dates alone ("July 29, 2023 January 28, 2023 July 30, 2022").
    if (found.length < 2 || lines[i].replace(DATE, "").trim().length > 3) continue;
    const dates = found.map((m) => `${m[3]}-${String(monthNumber(m[1])).padStart(2, "0")}-${m[2].padStart(2, "0")}`);
    const printed = found.map((m) => m[0]);
    const rows: DatedRow[] = [];
    for (const line of lines.slice(i + 1, i + 1 + ROWS_AFTER_HEADER)) {
      if ([...line.matchAll(DATE)].length >= 2) break;
      const tokens = line.trim().split(/\s+/).filter((t) => t !== "$");
      const cells = tokens.slice(-dates.length);
      if (cells.length < dates.length || !cells.every((c) => CELL.test(c))) continue;
      const label = tokens.slice(0, tokens.length - dates.length).join(" ");
      if (!/[a-z]{3}/i.test(label)) continue;
      const values = cells.map((c) => (c.startsWith("(") ? -1 : 1) * Number(c.replace(/[(),]/g, "")));
      rows.push({ label, values, cells, n: (source.members.find((m) => m.text.includes(label)) ?? source.members[0]).n });
    }
    if (rows.length) out.push({ dates, printed, rows });
  }
  return out;
}

const SCALE_WORD: Record<number, string> = { 1e3: " thousand", 1e6: " million", 1e9: " billion" };

function periodName(p: AskedPeriod): string {
  return p.yearEnd ? `the end of fiscal ${p.fiscalYear}` : `Q${p.quarter} of fiscal ${p.fiscalYear}`;
}

/**
 * The rows the question names in full (every content word of the label is a word of the question), at the
 * columns whose dates are the asked periods' ends by the company's calendar, and the change between two.
 */
export function quarterSentences(question: string, sources: Source[], ticker: string | null): string[] {
  const periods = askedPeriods(question);
  if (!periods.length || !ticker) return [];
  const asked = new Set(contentStems(question));
  const out: string[] = [];
  for (const source of sources) {
    for (const { dates, printed, rows } of datedRows(source)) {
      const cols = periods.map((p) => dates.findIndex((d) => {
        const f = fiscalPeriodOf(ticker, d);
        return f !== null && f.fiscalYear === p.fiscalYear && f.quarter === p.quarter;
      }));
      if (cols.some((c) => c < 0)) continue;
      for (const row of rows) {
        const words = contentStems(row.label);
        if (!words.length || !words.every((w) => asked.has(w))) continue;
        if (row.values.some((v) => v < 0)) continue;
        const scale = source.scale ? SCALE_WORD[source.scale] ?? "" : "";
        periods.forEach((p, i) => out.push(`${row.label} at ${printed[cols[i]]} (${periodName(p)}) was ${source.currency ? "$" : ""}${row.cells[cols[i]]}${scale} [${row.n}].`));
        if (periods.length === 2) {
          const [a, b] = [...cols].sort((x, y) => dates[x].localeCompare(dates[y]));
          const [x, y] = [row.values[a], row.values[b]];
          if (x !== 0) out.push(`Change in ${row.label.toLowerCase()} from ${printed[a]} to ${printed[b]} = (${row.cells[b]} - ${row.cells[a]}) / ${row.cells[a]} * 100 = ${formatNumber(((y - x) / x) * 100, 1)}% [${row.n}].`);
        }
        if (out.length) return out;
      }
    }
  }
  return out;
}
