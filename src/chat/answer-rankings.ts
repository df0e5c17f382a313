// Ranking questions ("which segment had the highest net revenue", "in which segment did sales increase the
// most", "the largest liability"): the rows of one statement group (a section's rows, the rows a total adds
// up, or a small table of like rows), each figure cited, and which row ranks first, from those figures only.
import { contentStems } from "../figures/text";
import type { StatementRow, StatementTable } from "../figures/table";
import { citeFor, formatNumber, rowSentence, scaleKnown, type Source } from "./answer-sources";
import type { AskedQuestion } from "./answer-subject";

const HIGHEST = /\b(?:highest|largest|biggest|greatest|most|top|best|strongest)\b/i;
const LOWEST = /\b(?:lowest|smallest|least|fewest|worst|weakest)\b/i;
/** "Which segment ...", "What was the largest liability ...": a question that asks for one row among several. */
const RANKS = /\bwhich\b|\bwhat (?:was|is|were|are) (?:the )?(?:single )?(?:largest|highest|biggest|greatest|lowest|smallest)\b/i;
const CHANGE_ASKED = /\b(?:grow|grew|growth|increase[ds]?|decrease[ds]?|decline[ds]?|change[ds]?)\b/i;
/** "excluding Embedded", "other than Corporate": names of rows the question leaves out. */
const EXCLUDED = /\b(?:excluding|except(?: for)?|other than|apart from|aside from)\s+((?:[A-Z][\w&'-]*\s?){1,4})/g;

/** Words of a ranking question that say how to rank or what kind of row, not which figure. */
const RANKING_WORDS = new Set(
  contentStems(
    `which what highest largest biggest greatest most top best strongest lowest smallest least fewest worst weakest segment segments business
    businesses reporting operating category categories division divisions unit units region regions geography geographies product products line
    lines instrument instruments one company firm fy fiscal year quarter q1 q2 q3 q4 had has have did does performed perform excluding except
    proportionally proportion percentage percent terms amount value among all used use total overall`,
  ),
);

/** Words of a figure's name that mean the same figure in statements. */
const SAME_FIGURE: Record<string, string[]> = { sale: ["revenu"], revenu: ["sale"], liability: ["liabiliti"], liabiliti: ["liability"] };

/** Words many statement rows carry: sharing one says nothing of what the rows are. */
const GENERIC = new Set(contentStems("net total cash income expense expenses other operating activities provided used gross"));

/** Rows of a group a ranking reads at most, and groups looked at. */
const MAX_ROWS = 12;
const MAX_GROUPS = 200;

interface Group {
  source: Source;
  table: StatementTable;
  /** What the rows are rows of ("Net revenue", "liabilities"), as printed. */
  name: string;
  rows: StatementRow[];
  /** How many of the figure's words the group's name (or, for a table of like rows, its rows) shares. */
  score: number;
}

function stemsWithSynonyms(text: string): Set<string> {
  const out = new Set(contentStems(text));
  for (const w of [...out]) for (const s of SAME_FIGURE[w] ?? []) out.add(s);
  return out;
}

/** A label without the spaces, colons and full stops it ends in (a scan, not a regex anchored at the end). */
function trimLabel(text: string): string {
  let end = text.length;
  while (end > 0 && /[\s:.]/.test(text[end - 1])) end -= 1;
  return text.slice(0, end);
}

const isTotal = (r: StatementRow) => /^(?:total|net total)\b/.test(r.label);

/** The row groups of a table: each section's rows, the rows each total adds up, or the whole table of like rows. */
function groupsOf(source: Source, table: StatementTable, figure: Set<string>, asked: Set<string>): Group[] {
  const out: Group[] = [];
  const score = (name: string) => [...stemsWithSynonyms(name)].filter((w) => figure.has(w)).length;
  const sections = new Map<string, StatementRow[]>();
  for (const r of table.rows) if (r.section) sections.set(r.section, [...(sections.get(r.section) ?? []), r]);
  for (const [name, rows] of sections) out.push({ source, table, name, rows: rows.filter((r) => !isTotal(r)), score: score(name) });
  // The rows since the last total (or the table's start), up to a total: the parts of what it adds up.
  let start = 0;
  for (let i = 0; i < table.rows.length; i++) {
    const r = table.rows[i];
    if (!isTotal(r)) continue;
    const name = trimLabel(r.printed.replace(/^\s*total\s/i, "").trim());
    const rows = table.rows.slice(start, i).filter((x) => !x.section || x.section === r.section);
    if (rows.length) out.push({ source, table, name, rows, score: score(name) });
    start = i + 1;
  }
  // A small table, not a statement, without sections or totals: its rows are alike when most of them share
  // the question's words (words most statement rows carry aside).
  if (table.kind === "other" && !sections.size && !table.rows.some(isTotal) && table.rows.length <= MAX_ROWS) {
    const sharing = table.rows.filter((r) => contentStems(r.printed).some((w) => asked.has(w) && !GENERIC.has(w))).length;
    if (sharing * 2 >= table.rows.length) out.push({ source, table, name: "", rows: table.rows, score: 0.5 });
  }
  return out;
}

/** Names of rows the question leaves out, lower case. */
function excludedNames(question: string): string[] {
  return [...question.matchAll(EXCLUDED)].map((m) => m[1].trim().toLowerCase()).filter((n) => n.length >= 3);
}

/** Whether a question asks for one row among several ("which segment ... the highest"), which no single row's figure answers. */
export function asksRanking(text: string): boolean {
  return RANKS.test(text) && HIGHEST.test(text) !== (LOWEST.test(text) || /\bdragged down\b/i.test(text));
}

/**
 * The rows of the group the question ranks, each with its figure for the asked year (or its change from the
 * year before, when a change is asked) and [n], then the row that ranks first; null when the question ranks
 * nothing, names no year, or no group of at least two rows fits it.
 */
export function rankingSentences(question: AskedQuestion, sources: Source[]): string[] | null {
  const text = question.text;
  const high = HIGHEST.test(text);
  const low = LOWEST.test(text) || /\bdragged down\b/i.test(text);
  if (!RANKS.test(text) || high === low) return null;
  const year = question.years.at(-1);
  if (year === undefined) return null;
  const change = CHANGE_ASKED.test(text) || /\bdragged down\b/i.test(text);
  const from = question.years.length > 1 && question.years[0] < year ? question.years[0] : year - 1;
  const asked = new Set(contentStems(text).filter((w) => !question.subject?.has(w) && !/^(?:fy)?\d/.test(w)));
  const figure = new Set([...asked].filter((w) => !RANKING_WORDS.has(w)));
  for (const w of [...figure]) for (const s of SAME_FIGURE[w] ?? []) figure.add(s);
  const excluded = excludedNames(text);
  const groups: Group[] = [];
  for (const source of sources) for (const table of source.yearTables) if (groups.length < MAX_GROUPS) groups.push(...groupsOf(source, table, figure, asked));
  let best: { group: Group; ranked: { row: StatementRow; value: number; col: number; was: number }[] } | null = null;
  for (const group of groups) {
    if (group.score <= 0 || (best && group.score <= best.group.score)) continue;
    const col = group.table.years.indexOf(year);
    const before = group.table.years.indexOf(from);
    if (col < 0 || (change && before < 0)) continue;
    const rows = group.rows.filter((r) => !excluded.some((x) => r.label.includes(x)) && !r.cells[col]?.percent).slice(0, MAX_ROWS);
    if (rows.length < 2 || !scaleKnown(group.source, rows[0].printed)) continue;
    const ranked = rows.flatMap((row) => {
      const v = row.values[col];
      if (!Number.isFinite(v)) return [];
      if (!change) return [{ row, value: v, col, was: 0 }];
      const w = row.values[before];
      return Number.isFinite(w) && w > 0 ? [{ row, value: ((v - w) / w) * 100, col, was: before }] : [];
    });
    if (ranked.length < 2) continue;
    best = { group, ranked };
  }
  if (!best) return null;
  const { group, ranked } = best;
  const out: string[] = [];
  const label = (row: StatementRow) => trimLabel(row.printed);
  for (const r of ranked) {
    const n = citeFor(group.source, r.row.printed);
    // A section's row is named with its section ("Data Center (Net revenue)"): the label alone names no figure.
    const named = (sentence: string) => (r.row.section && sentence.startsWith(label(r.row)) ? `${label(r.row)} (${r.row.section})${sentence.slice(label(r.row).length)}` : sentence);
    const found = (c: number) => ({ hit: { table: group.table, row: r.row, col: c }, source: group.source, n });
    if (change) {
      out.push(named(rowSentence(found(r.was), from)), named(rowSentence(found(r.col), year)));
      const [x, y] = [r.row.values[r.was], r.row.values[r.col]];
      out.push(`Change in ${label(r.row)} from ${from} to ${year} = (${shown(y)} - ${shown(x)}) / ${shown(x)} * 100 = ${formatNumber(r.value, 1)}% [${n}].`);
    } else out.push(named(rowSentence(found(r.col), year)));
  }
  const first = [...ranked].sort((a, b) => (high ? b.value - a.value : a.value - b.value))[0];
  // Ties are not broken by guessing. One part: a row the guard would drop takes the ranking with it (a
  // ranking over the rows left would name the first of fewer rows).
  if (ranked.filter((r) => r.value === first.value).length > 1) return [out.join("\n")];
  const of = group.name ? ` of the rows under ${group.name}` : "";
  const what = change ? `${high ? "highest" : "lowest"} percentage change from ${from} to ${year}` : `${high ? "highest" : "lowest"} figure in ${year}`;
  out.push(`${label(first.row)} had the ${what}${of} [${citeFor(group.source, first.row.printed)}].`);
  return [out.join("\n")];
}

/** A table figure as the arithmetic shows it: as printed, negatives with a minus. */
function shown(v: number): string {
  const decimals = Number.isInteger(v) ? 0 : Math.min(2, (String(Math.abs(v)).split(".")[1] ?? "").length);
  return `${v < 0 ? "-" : ""}${formatNumber(Math.abs(v), decimals)}`;
}
