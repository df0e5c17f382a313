// Segment tables printed with one column group per segment (a bank's "Segment results": the segment names
// stacked above "(in millions)", then "2021 2020 Change" once per segment, then each row's cells group by
// group), which the shared table reader does not lay out. Read here for ranking questions ("which of the
// segments had the lowest net revenue in 2021 Q1"): each segment's figure cited, then the one that ranks first.
import { fiscalPeriodOf } from "../core/fiscal-calendar";
import { contentStems } from "../figures/text";
import { formatNumber, type Source } from "./answer-sources";
import type { AskedQuestion } from "./answer-subject";
import { monthNumber } from "../core/months";

/** Lines of a source read, names looked back for, and lines of rows read after a header. */
const MAX_LINES = 1_500;
const MAX_NAMES = 8;
const MAX_ROW_LINES = 120;

const UNITS = /^\((?:\$\s)?(?:in\s|dollars in\s)?(millions|thousands|billions)\b/i;
const PERIOD = /^(three|six|nine|twelve) months ended\s(january|february|march|april|may|june|july|august|september|october|november|december)\s(\d{1,2}),?$|^years? ended\s(december)\s(31),?$/i;
const YEAR = /^(?:19|20)\d\d$/;
const CELL = /^\(?-?\d{1,3}(?:,\d{3})*(?:\.\d+)?\)?$|^nm$/i;
const FOOTNOTE = /^\([a-z]\)$/i;

interface GroupedRow {
  label: string;
  /** Per segment, one cell per year column (change columns left out); null where the cell is not a figure. */
  cells: (string | null)[][];
}

export interface ColumnGroupTable {
  /** "three months ended March 31", as printed. */
  period: string;
  months: number;
  /** Month and day the period ends. */
  end: { month: number; day: number };
  names: string[];
  years: number[];
  rows: GroupedRow[];
  n: number;
}

/** Tokens of a row's cell lines: "$", "%" and footnote marks left out. */
function cellTokens(line: string): string[] {
  return line.split(/\s+/).filter((t) => t && t !== "$" && t !== "%" && !FOOTNOTE.test(t)).map((t) => (t.endsWith("%") ? t.slice(0, -1) : t)).filter(Boolean);
}

/** The column-group tables of a source, each with the [n] of the passage that prints it. */
export function columnGroupTables(source: Source): ColumnGroupTable[] {
  return columnGroupTablesOf(source.text).map((t) => ({
    ...t,
    n: (source.members.find((m) => m.text.includes(t.names[0]) && m.text.includes(t.rows[0].label)) ?? source.members[0]).n,
  }));
}

/** The column-group tables of a text, each read from its period line, names, units line, year header and rows. */
export function columnGroupTablesOf(text: string): Omit<ColumnGroupTable, "n">[] {
  const lines = text.split("\n", MAX_LINES).map((l) => l.replace(/\s+/g, " ").trim());
  const out: Omit<ColumnGroupTable, "n">[] = [];
  for (let u = 0; u < lines.length; u++) {
    if (!UNITS.test(lines[u])) continue;
    // Names above the units line, up to the period line.
    const names: string[] = [];
    let p = u - 1;
    while (p >= 0 && names.length <= MAX_NAMES && !PERIOD.test(lines[p]) && /[a-z]{3}/i.test(lines[p]) && !/\d/.test(lines[p]) && lines[p].length <= 60) names.unshift(lines[p--]);
    const period = p >= 0 ? PERIOD.exec(lines[p]) : null;
    if (!period || names.length < 2 || names.length > MAX_NAMES) continue;
    // The header: the same years (and a change column) once per name.
    let h = u + 1;
    const header: string[] = [];
    while (h < lines.length && (YEAR.test(lines[h]) || /^change$/i.test(lines[h])) && header.length < 40) header.push(lines[h++]);
    const per = header.length / names.length;
    if (!Number.isInteger(per) || per < 2) continue;
    const group = header.slice(0, per);
    if (header.some((t, i) => t !== group[i % per])) continue;
    const yearAt = group.flatMap((t, i) => (YEAR.test(t) ? [i] : []));
    if (!yearAt.length) continue;
    const rows: GroupedRow[] = [];
    let label: string | null = null;
    let tokens: string[] = [];
    const close = () => {
      if (label && tokens.length === per * names.length) {
        rows.push({ label, cells: names.map((_, g) => yearAt.map((i) => (/^nm$/i.test(tokens[g * per + i]) ? null : tokens[g * per + i]))) });
      }
    };
    for (let r = h; r < Math.min(lines.length, h + MAX_ROW_LINES); r++) {
      const line = lines[r];
      if (UNITS.test(line) || PERIOD.test(line)) break;
      const cells = cellTokens(line);
      // A line of "$" or a footnote mark alone is part of the row.
      if (!cells.length) continue;
      if (cells.every((c) => CELL.test(c))) {
        tokens.push(...cells);
        continue;
      }
      close();
      label = /[a-z]{3}/i.test(line) ? line : null;
      tokens = [];
    }
    close();
    if (!rows.length) continue;
    const month = monthNumber(period[2] ?? period[4]);
    out.push({ period: lines[p].replace(/,$/, ""), months: period[1] ? ({ three: 3, six: 6, nine: 9, twelve: 12 } as Record<string, number>)[period[1].toLowerCase()] : 12, end: { month, day: Number(period[3] ?? period[5]) }, names, years: group.filter((t) => YEAR.test(t)).map(Number), rows });
  }
  return out;
}

const HIGHEST = /\b(?:highest|largest|biggest|greatest|most|top|best|strongest)\b/i;
const LOWEST = /\b(?:lowest|smallest|least|fewest|worst|weakest)\b/i;
const QUARTER = /\bq([1-4])\b|\b(first|second|third|fourth) quarter\b/i;
/** Words of a ranking question that say how to rank or what kind of column, not which row. */
const RANKING_WORDS = new Set(contentStems("which what highest largest biggest greatest most top best strongest lowest smallest least fewest worst weakest segment segments business businesses reporting line lines fy fiscal year quarter had has have"));

const value = (cell: string) => (cell.startsWith("(") ? -1 : 1) * Number(cell.replace(/[(),]/g, ""));

/**
 * "Which of JPM's business segments had the lowest net revenue in 2021 Q1?": the asked row of the column-group
 * table of the asked period, each segment's figure with [n], then the segment that ranks first (the table's
 * total column left out). Null when the question ranks nothing or no table fits it.
 */
export function columnGroupRanking(question: AskedQuestion, sources: Source[], ticker: string | null): string[] | null {
  const text = question.text;
  const high = HIGHEST.test(text);
  if (!/\bwhich\b/i.test(text) || high === LOWEST.test(text) || !/\bsegments?\b|\bbusiness(?:es)?\b|\blines? of business\b/i.test(text)) return null;
  const year = question.years.at(-1);
  if (year === undefined) return null;
  const q = QUARTER.exec(text);
  const quarter = q ? (q[1] ? Number(q[1]) : ["first", "second", "third", "fourth"].indexOf(q[2].toLowerCase()) + 1) : null;
  const figure = new Set(contentStems(text).filter((w) => !RANKING_WORDS.has(w) && !question.subject?.has(w) && !/^(?:fy)?\d/.test(w) && !/^q[1-4]$/.test(w)));
  const tables = sources.flatMap(columnGroupTables).filter((t) => {
    if (!t.years.includes(year)) return false;
    if (quarter === null) return t.months === 12;
    if (t.months !== 3 || !ticker) return false;
    const f = fiscalPeriodOf(ticker, `${year}-${String(t.end.month).padStart(2, "0")}-${String(t.end.day).padStart(2, "0")}`);
    return f !== null && f.fiscalYear === year && f.quarter === quarter;
  });
  if (!tables.length) return null;
  // The asked row: the label sharing most of the question's figure words, in every table of the period.
  const score = (label: string) => new Set(contentStems(label).filter((w) => figure.has(w))).size;
  const best = Math.max(0, ...tables.flatMap((t) => t.rows.map((r) => score(r.label))));
  if (best < 1) return null;
  const entries: { name: string; cell: string; label: string; n: number }[] = [];
  for (const t of tables) {
    const col = t.years.indexOf(year);
    const row = t.rows.find((r) => score(r.label) === best);
    if (!row) continue;
    t.names.forEach((name, g) => {
      const cell = row.cells[g][col];
      if (cell !== null && !/^total$/i.test(name) && !entries.some((e) => e.name === name)) entries.push({ name, cell, label: row.label, n: t.n });
    });
  }
  if (entries.length < 2 || new Set(entries.map((e) => e.label)).size > 1) return null;
  const scale = ({ 1e3: " thousand", 1e6: " million", 1e9: " billion" } as Record<number, string>)[sourcesScale(sources) ?? 0] ?? "";
  const when = `the ${tables[0].period[0].toLowerCase()}${tables[0].period.slice(1)}, ${year}`;
  const lines = entries.map((e) => `${e.name}: ${e.label} in ${when} was ${value(e.cell) < 0 ? `$(${formatNumber(-value(e.cell), 0)})` : `$${e.cell}`}${scale} [${e.n}].`);
  const sorted = [...entries].sort((a, b) => (high ? value(b.cell) - value(a.cell) : value(a.cell) - value(b.cell)));
  if (value(sorted[0].cell) === value(sorted[1].cell)) return [lines.join("\n")];
  lines.push(`${sorted[0].name} had the ${high ? "highest" : "lowest"} ${entries[0].label.toLowerCase()} of the segments in ${when} [${sorted[0].n}].`);
  return [lines.join("\n")];
}

/** The one scale the sources' units lines state, else null. */
function sourcesScale(sources: Source[]): number | null {
  const found = new Set<number>();
  for (const s of sources) for (const line of s.text.split("\n", MAX_LINES)) {
    const m = UNITS.exec(line.trim());
    if (m) found.add({ millions: 1e6, thousands: 1e3, billions: 1e9 }[m[1].toLowerCase() as "millions"]);
  }
  return found.size === 1 ? [...found][0] : null;
}

/** Tables of the passages the guard reads, kept for the next sentences of the answer (they cite the same few). */
const cache = new Map<string, Omit<ColumnGroupTable, "n">[]>();
const MAX_CACHED = 32;

function cachedTables(text: string): Omit<ColumnGroupTable, "n">[] {
  let tables = cache.get(text);
  if (!tables) {
    if (cache.size >= MAX_CACHED) cache.clear();
    tables = columnGroupTablesOf(text);
    cache.set(text, tables);
  }
  return tables;
}

/**
 * What the column-group tables of a text say of a figure in a sentence written as the ranking writes it
 * ("<segment>: <row> in the <period>, <year> was $<cell>"): true when they print it at that segment, row,
 * period and year, false when they print another figure there, null when no table speaks to the sentence (the
 * guard's own reading: the shared table reader does not lay such tables out). `figure` is the figure as written.
 */
export function columnGroupReading(sentence: string, figure: string, text: string): boolean | null {
  const m = /\(?\d[\d,]*(?:\.\d+)?\)?/.exec(figure);
  if (!m) return null;
  const written = m[0];
  const lower = sentence.toLowerCase();
  let verdict: boolean | null = null;
  for (const t of cachedTables(text)) {
    if (!lower.includes(t.period.toLowerCase())) continue;
    for (const [g, name] of t.names.entries()) {
      if (!sentence.startsWith(`${name}: `)) continue;
      for (const row of t.rows) {
        if (!sentence.includes(` ${row.label} in `)) continue;
        for (const [col, year] of t.years.entries()) {
          if (!lower.includes(`, ${year} was `)) continue;
          if (row.cells[g][col] === written) return true;
          verdict = false;
        }
      }
    }
  }
  return verdict;
}
