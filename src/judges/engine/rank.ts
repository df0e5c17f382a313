// "Which region had the highest EBITDAR?", "which geographic region had the biggest drop (on a percentage
// basis)?": the question asks for the top or bottom row of a table. The rows of the sources' tables are
// ranked for the asked period and the row the answer picks is compared with the winner. A check is made
// only when the reading is unambiguous: every column of the asked period gives the same winner, and the
// answer names exactly one of the rows in the sentence that states its pick.
import { normalizeLabel, parseTables, type StatementTable } from "../../figures/table";
import { contentStems, sentences } from "../../figures/text";
import { periodYears } from "../../figures/numbers";
import { questionText } from "../../figures/question-text";
import { statementFigures } from "../../figures/context";
import { partOf } from "../../figures/year-part";

export interface RankCheck {
  status: "match" | "mismatch" | "none";
  note: string;
}

const NONE: RankCheck = { status: "none", note: "" };
const TOP = /\b(highest|largest|biggest|greatest|most|strongest|best)\b/i;
const BOTTOM = /\b(lowest|smallest|least|weakest|worst)\b/i;
const FALL = /\b(drop|decline|decrease|fall|loss|reduction|shrink)\w*\b/i;
const CHANGE = /\b(increase|growth|grew|grow|rise|rose|gain|change|drop|decline|decrease|fall|reduction)\w*\b/i;
const RELATIVE = /\b(percent(age)?|proportional(ly)?|relative|%)\b/i;
const WHICH = /\b(which|what)\b/i;
const QUARTER_ASKED = /\bq[1-4](?:\s?(?:fy)?'?\d{2}(?:\d{2})?)?\b|\b(?:first|second|third|fourth)\s+quarter\b/i;
const YEAR_TO_DATE = /\b(?:ytd|year[- ]to[- ]date)\b/i;
const KIND = /\b(segments?|regions?|geograph\w*|divisions?|units?|business|markets?|areas?|countr\w+|brands?|products?|categor\w*|activit\w*|types?)\b/i;
// "Among operations, investing, and financing activities, which ...": the question lists the candidates.
const AMONG = /\bamong\s+([^?\s,](?:[^?]*?[^?\s,])?),?\s+(which|what)\b/i;
// Rows that sum or adjust the others are not candidates.
// "Corporate" and "corporate and other" are no segment; "corporate bonds" is a row like any other.
const NOT_CANDIDATE = /^(total|net|consolidated|corporate(?=$|\s+(?:and|other|items|expenses?|costs?|unallocated|eliminations)\b)|eliminations?|other|reconcil|adjust|stock|unallocated|revenues?$|sales$)/i;
// Column groups printed side by side are the company's reported segments ("Corporate" among them at
// JPMorgan); only a group that sums or reconciles the others is no candidate.
const NOT_GROUP_CANDIDATE = /^(?:total|consolidated|eliminations?|reconcil|adjust|unallocated)|\btotal$/i;

interface Reading {
  /** Larger is the winner: "highest X" reads the values, "lowest X" and "biggest drop" read them negated. */
  sign: 1 | -1;
  change: boolean;
  relative: boolean;
}

function readQuestion(query: string): Reading | null {
  if (!WHICH.test(query) || !KIND.test(query)) return null;
  // "the most (or lost the least)": the aside restates the same end of the ranking.
  // "Best Buy's Domestic segment": a capitalized word before another inside the question, with no article before
  // it, is a name, not "best" ("which region had the Highest EBITDAR" still asks for the top).
  const plain = query.replace(/\([^()]*\)/g, " ").replace(/(?<=\S )(?<!\b(?:[Tt]he|[Aa]n?) )[A-Z][a-z]+(?= [A-Z])/g, (w) => (TOP.test(w) || BOTTOM.test(w) ? " " : w));
  const top = TOP.test(plain);
  const bottom = BOTTOM.test(plain);
  if (top === bottom) return null;
  const change = CHANGE.test(query);
  const falls = change && FALL.test(query);
  const sign = (top ? 1 : -1) * (falls ? -1 : 1);
  return { sign: sign as 1 | -1, change, relative: change && RELATIVE.test(query) };
}

/** The distinctive stems of each candidate label: those no other candidate shares. */
function distinctive(labels: string[], query: string): Set<string>[] {
  // The company's name or the metric, when a label carries it, names no row in particular.
  const asked = new Set(contentStems(query));
  const stems = labels.map((l) => new Set(contentStems(l).filter((w) => !asked.has(w))));
  return stems.map((own, i) => new Set([...own].filter((s) => !stems.some((o, j) => j !== i && o.has(s)))));
}

/** Which candidate a sentence names: the one whose distinctive stems it carries best (at least half). */
function named(sentence: string, cues: Set<string>[]): number[] {
  const have = new Set(contentStems(sentence));
  const cover = cues.map((c) => (c.size ? [...c].filter((s) => have.has(s)).length / c.size : 0));
  return cover.map((c, i) => (c >= 0.5 ? i : -1)).filter((i) => i >= 0);
}

/** The winner among a table's candidate rows for one column (or one pair of columns for a change). */
function winner(rows: { values: number[] }[], col: number, prior: number | null, reading: Reading): number | null {
  const score = (v: number[]) => {
    if (!reading.change) return v[col];
    if (prior === null) return NaN;
    const d = v[col] - v[prior];
    return reading.relative ? (v[prior] === 0 ? NaN : d / Math.abs(v[prior])) : d;
  };
  let best = -1;
  let bestScore = -Infinity;
  for (let i = 0; i < rows.length; i++) {
    const s = reading.sign * score(rows[i].values);
    if (!Number.isFinite(s)) return null;
    if (s === bestScore) return null;
    if (s > bestScore) { best = i; bestScore = s; }
  }
  return best >= 0 ? best : null;
}

/** The question's own list of candidates ("among operations, investing, and financing activities"), as stems. */
function listedCandidates(query: string): string[] | null {
  const m = AMONG.exec(query);
  if (!m) return null;
  const items = m[1].split(/,|\band\b|\bor\b/).map((x) => contentStems(x)[0]).filter((x): x is string => !!x && x.length >= 4);
  return items.length >= 2 ? items : null;
}

/** Two stems of one word family ("oper" of operations, "operat" of operating): a shared start of 4 letters or more. */
const prefixMatch = (a: string, b: string) => a.length >= 4 && b.length >= 4 && a.slice(0, 4) === b.slice(0, 4);

interface Ranked {
  labels: string[];
  printed: string[];
  winner: number;
  /** The stems that name each row in an answer. */
  cues: Set<string>[];
  /** Rows named by their printed name as a phrase (column groups: "Corporate" inside "Corporate & Investment Bank" is not it). */
  phrases?: boolean;
  /** The winner's figures in the ranked columns. */
  winnerValues: number[];
  /** For a ranking on a relative change: the winner's change in each ranked column, as a percentage. */
  winnerChanges: number[];
}

/** A table whose rows are column groups ranked on one of their rows' figures. */
interface GroupPivot extends StatementTable {
  pivot: true;
}

/**
 * Column groups side by side (table.ts: one table per group, "Consumer & Community Banking", "Corporate &
 * Investment Bank", ... each with the same rows), read the other way round: for each row the question names
 * ("net revenue" names "Total net revenue"), a table of the groups with that row's figures.
 */
function groupPivots(tables: StatementTable[], query: string): GroupPivot[] {
  const asked = new Set(contentStems(query));
  const sets = new Map<string, StatementTable[]>();
  // One set per period: a quarter's named columns and the year to date's have the same year ("Q3 2022 QTD", "YTD").
  const key = (t: StatementTable) => `${t.years.join(",")}|${t.part === undefined ? "" : String(t.part)}`;
  for (const t of tables) if (t.group) sets.set(key(t), [...(sets.get(key(t)) ?? []), t]);
  const out: GroupPivot[] = [];
  for (const groups of sets.values()) {
    if (groups.length < 2) continue;
    // The rows the question names: all of a label's words ("net revenue"), else the one label it names most
    // of, at least half ("reported income before tax" names "Reported Income Before Tax by Segment from
    // Continuing Operations", not the Adjusted row).
    const words = (label: string) => contentStems(label).filter((w) => w !== "total");
    const cover = (label: string) => words(label).filter((w) => asked.has(w)).length / Math.max(1, words(label).length);
    let named = groups[0].rows.filter((row) => words(row.label).length && cover(row.label) === 1);
    if (!named.length) {
      const best = Math.max(0, ...groups[0].rows.map((r) => cover(r.label)));
      const top = groups[0].rows.filter((r) => cover(r.label) === best);
      named = best >= 0.5 && new Set(top.map((r) => r.label)).size === 1 ? top.slice(0, 1) : [];
    }
    for (const row of named) {
      const rows = groups.map((g) => ({ g, r: g.rows.find((x) => x.label === row.label) })).filter((x) => x.r);
      if (rows.length !== groups.length) continue;
      out.push({ ...groups[0], group: undefined, kind: "other", pivot: true, rows: rows.map(({ g, r }) => ({ label: normalizeLabel(g.group ?? ""), printed: g.group ?? "", values: r!.values, cells: r!.cells, section: "" })) });
    }
  }
  return out;
}

/**
 * Which rows a sentence names by their printed names as phrases (their words' stems in a row: "Corporate and
 * Investment Banking" names "Corporate & Investment Bank"), a name inside a longer named one left out.
 */
function namedByPhrase(sentence: string, printed: string[]): number[] {
  const words = contentStems(sentence).slice(0, 400);
  const spans = printed.map((p) => {
    const name = contentStems(p);
    const found: [number, number][] = [];
    if (!name.length) return found;
    for (let at = 0; at + name.length <= words.length; at++) if (name.every((w, k) => words[at + k] === w)) found.push([at, at + name.length]);
    return found;
  });
  const within = (a: [number, number], i: number) => spans.some((other, j) => j !== i && other.some((b) => b[1] - b[0] > a[1] - a[0] && b[0] <= a[0] && a[1] <= b[1]));
  return spans.map((found, i) => (found.some((a) => !within(a, i)) ? i : -1)).filter((i) => i >= 0);
}

function tableWinner(table: StatementTable, year: number | null, reading: Reading, listed: string[] | null, query: string): Ranked | null {
  const complete = table.rows.filter((r) => r.values.length === table.years.length);
  const pivot = "pivot" in table;
  // Listed candidates: the one row that names each (cash flow totals read "net cash provided by operating activities").
  let rows = complete.filter((r) => !(pivot ? NOT_GROUP_CANDIDATE : NOT_CANDIDATE).test(r.label));
  // "Among the short term investments": the rows of the one section the question names (its total left out).
  const asked = new Set(contentStems(query.replace(/-/g, " ")));
  const sectionWords = (x: string) => contentStems(x.replace(/-/g, " "));
  const sections = [...new Set(complete.map((r) => r.section).filter((x) => x && sectionWords(x).length && sectionWords(x).every((w) => asked.has(w))))];
  if (sections.length === 1) rows = rows.filter((r) => r.section === sections[0] && normalizeLabel(r.label) !== normalizeLabel(sections[0]));
  let cues: Set<string>[] | null = null;
  if (listed) {
    // Each listed item names its row, by the label's word for it ("operations" names "operating activities").
    rows = [];
    cues = [];
    for (const item of listed) {
      const hits = complete.filter((r) => /^net cash|^total/.test(r.label) && contentStems(r.label).some((w) => prefixMatch(w, item)));
      if (hits.length !== 1) return null;
      rows.push(hits[0]);
      cues.push(new Set([item, ...contentStems(hits[0].label).filter((w) => prefixMatch(w, item))]));
    }
  }
  const labels = rows.map((r) => r.label);
  // Two segments printed as named columns rank as surely as a list of them (Johnson & Johnson's Pharmaceutical and MedTech).
  if (rows.length < (listed || pivot ? 2 : 3) || new Set(labels).size !== labels.length) return null;
  const years = year === null ? [Math.max(...table.years)] : [year];
  const cols = table.years.map((y, i) => (years.includes(y) ? i : -1)).filter((i) => i >= 0);
  if (!cols.length) return null;
  const winners = new Set<number | null>();
  const priors: number[] = [];
  for (const col of cols) {
    // A change compares with the column of the year before, the nearest such one to its right.
    const prior = reading.change ? table.years.findIndex((y, i) => i > col && y === table.years[col] - 1) : null;
    if (prior !== null && prior >= 0) priors.push(prior);
    winners.add(winner(rows, col, prior === -1 ? null : prior, reading));
  }
  const only = [...winners];
  if (only.length !== 1 || only[0] === null) return null;
  const w = rows[only[0]].values;
  const winnerChanges = reading.relative && priors.length === cols.length ? cols.map((c, k) => (w[priors[k]] === 0 ? NaN : (100 * (w[c] - w[priors[k]])) / Math.abs(w[priors[k]]))) : [];
  return { labels, printed: rows.map((r) => r.printed), winner: only[0], cues: cues ?? distinctive(labels, query), phrases: pivot && !listed, winnerValues: cols.map((c) => w[c]), winnerChanges };
}

/**
 * The figure the sentence stating the right pick gives for it, when that is another cell of the sources'
 * tables (the row's prior-year column, the neighbouring row) and none of its figures is the pick's own for
 * the ranked period: a right pick carried by a wrong figure. Amounts only, compared digit for digit as printed.
 */
function otherCell(sentence: string, own: number[], tables: StatementTable[]): string | null {
  const stated = statementFigures(sentence).filter((f) => (f.kind === "amount" || f.kind === "number") && !f.name && f.mantissa >= 10);
  const equal = (f: { mantissa: number; decimals: number }, v: number) => Math.abs(f.mantissa - Math.abs(v)) <= 0.5 * 10 ** -f.decimals + 1e-9;
  if (!stated.length || stated.some((f) => own.some((v) => equal(f, v)))) return null;
  const other = stated.find((f) => tables.some((t) => t.rows.some((r) => r.values.some((v) => Math.abs(v) >= 10 && equal(f, v)))));
  if (other) return other.raw;
  // A whole figure written in the table's units (as many digits as the pick's own) that is not the pick's.
  const digits = (x: number) => String(Math.round(Math.abs(x))).length;
  const wrong = stated.find((f) => f.decimals === 0 && own.some((v) => Math.abs(v) >= 10 && digits(v) === digits(f.mantissa)));
  return wrong ? wrong.raw : null;
}

/**
 * The change the sentence stating the right pick gives it, when the ranking is on a relative change and none
 * of the sentence's percentages is the pick's change as the table's figures give it (within the rounding of
 * the percentage as written, or a point for the table's own rounding): "a decrease of 118%" for a 74% drop.
 */
function otherChange(sentence: string, changes: number[]): string | null {
  if (!changes.length || changes.some((c) => !Number.isFinite(c))) return null;
  const stated = statementFigures(sentence).filter((f) => f.kind === "percent");
  const fits = (m: number, decimals: number) => changes.some((c) => Math.abs(m - Math.abs(c)) <= Math.max(0.5 * 10 ** -decimals, 0.5) + 1e-9);
  if (!stated.length || stated.some((f) => fits(f.mantissa, f.decimals))) return null;
  return stated[0].raw;
}

/**
 * The answer's pick against the ranked rows. `claimOnly`: the text is one claim of the answer, which states a
 * pick only with a superlative word ("MGM China reported a loss" names a row and ranks nothing).
 */
export function checkRanking(fullQuery: string, answer: string, passages: string[], claimOnly = false): RankCheck {
  const query = questionText(fullQuery);
  const reading = readQuestion(query);
  if (!reading) return NONE;
  const asked = [...periodYears(query)];
  const year = asked.length === 1 ? asked[0] : asked.length === 0 ? null : Math.max(...asked);
  const listed = listedCandidates(query);
  const quarter = partOf(query);
  const picks = new Set<string>();
  let result: RankCheck = NONE;
  const ss = sentences(answer);
  for (const passage of passages) {
    const tables = parseTables(passage);
    for (const table of [...tables, ...groupPivots(tables, query)]) {
      // A quarter asked ("Q2 2023", "Q22023", "the second quarter"): tables of six or nine months or of years are not it.
      if (QUARTER_ASKED.test(query) && table.columnPeriods?.length && table.columnPeriods.every((p) => p === "half" || p === "nine" || p === "year")) continue;
      // A table of named columns under its period's title: the asked quarter's, or the year to date's when asked.
      if (table.part !== undefined && QUARTER_ASKED.test(query) && (YEAR_TO_DATE.test(query) === /^q[1-4]$/.test(table.part ?? "") || (quarter !== null && /^q[1-4]$/.test(quarter) && /^q[1-4]$/.test(table.part ?? "") && table.part !== quarter))) continue;
      const ranked = tableWinner(table, year, reading, listed, query);
      if (!ranked) continue;
      const cues = ranked.cues;
      const names = (s: string) => (ranked.phrases ? namedByPhrase(s, ranked.printed) : named(s, cues));
      // The sentence that states the pick: the first with a superlative word naming exactly one row, else
      // (a whole answer) the first naming exactly one row.
      const superlative = ss.find((s) => (TOP.test(s) || BOTTOM.test(s)) && names(s).length === 1);
      const stating = superlative ?? (claimOnly ? undefined : ss.find((s) => names(s).length === 1));
      if (!stating) continue;
      const pick = names(stating)[0];
      const win = ranked.printed[ranked.winner];
      picks.add(`${ranked.labels[pick]}|${ranked.labels[ranked.winner]}`);
      const misquoted = pick === ranked.winner ? (otherChange(stating, ranked.winnerChanges) ?? otherCell(stating, ranked.winnerValues, tables)) : null;
      result =
        pick !== ranked.winner
          ? { status: "mismatch", note: `Ranked the table rows from the sources: ${win} comes first, not ${ranked.printed[pick]} as the answer says.` }
          : misquoted
            ? { status: "mismatch", note: `Ranked the table rows from the sources: ${win} comes first, as the answer says, but the figure it gives, ${misquoted}, is not the one the table gives ${win} for the asked period.` }
            : { status: "match", note: `Ranked the table rows from the sources: ${win} comes first, as the answer says.` };
    }
  }
  // Two tables read two ways: no verdict.
  return picks.size === 1 ? result : NONE;
}
