// Statement rows as the answer engine reads them from its passages: the passages of one page read together
// into tables (full-year columns kept apart), a row found for a line item and year with the [n] of the
// passage that prints it, and its figure written as printed (scale, sign, a profit line's loss).
import { ITEMS, lineItemOf, lookupRow, type RowHit } from "../figures/line-items";
import { parseTables, type StatementTable } from "../figures/table";
import { statedScale } from "../figures/context";
import { fiscalYearEnd } from "../core/fiscal-calendar";
import { statementText } from "./answer-notes";

/**
 * What the engine reads tables from: the passages of one document page together, in page order (a statement
 * cut into chunks has its header in one and its rows in the next), with the [n] of each.
 */
export interface Source {
  members: { n: number; text: string }[];
  text: string;
  tables: StatementTable[];
  /**
   * The tables a full-year question reads, with only their full-year columns (yearColumns): a column its
   * header names a quarter, half or nine months is left out, and so is a table whose columns' periods or
   * fiscal years cannot be told (a header mixing far-apart months or repeating a year, a year ending in
   * January or February of a company whose fiscal calendar is not known).
   */
  yearTables: StatementTable[];
  scale: number | null;
  currency: boolean;
}

/** "($ million)", "(US$ thousand)": the singular forms figures/context.ts statedScale does not read. */
const SINGULAR_SCALE = /\(\s{0,3}(?:\$|us\$|usd|€|£)?\s{0,3}(?:in\s{1,3})?(thousand|million|billion)s?\b/gi;

/** The scale a source states for its figures: statedScale's reading, else a singular "($ million)"; null when none or two. */
export function sourceScale(text: string): number | null {
  const stated = statedScale(text);
  if (stated) return stated;
  const found = new Set<number>();
  for (const m of text.slice(0, 40_000).matchAll(SINGULAR_SCALE)) found.add({ thousand: 1e3, million: 1e6, billion: 1e9 }[m[1].toLowerCase() as "thousand"]);
  return found.size === 1 ? [...found][0] : null;
}

/**
 * A table as a full-year question may read it: only its columns that are full years (or that no header
 * word says otherwise), its years the company's fiscal years; null when none is left.
 */
export function yearColumns(table: StatementTable, ticker: string | null): StatementTable | null {
  if (table.mixedHeader) return null;
  let years = table.years;
  if (table.fiscalLag || table.earlyMonths) {
    // Columns dated in January or February: the fiscal year is named by the calendar year it ends in (Best
    // Buy) or starts in (Ulta), which only the company's calendar says.
    const cal = ticker ? fiscalYearEnd(ticker) : null;
    if (!cal || cal.anchor.month > 2) return null;
    if (cal.names === "start-year") years = years.map((y) => y - 1);
  }
  const periods = table.columnPeriods ?? years.map(() => "unknown" as const);
  if (periods.some((p) => p === "mixed")) return null;
  const keep = years.map((_, i) => periods[i] === "year" || periods[i] === "unknown");
  if (!keep.some(Boolean)) return null;
  // A year left twice (13 and 52 weeks side by side with no words to tell them apart): which is which is unknown.
  const kept = years.filter((_, i) => keep[i]);
  if (new Set(kept).size < kept.length) return null;
  if (keep.every(Boolean) && years === table.years) return table;
  const pick = <T,>(xs: T[]) => xs.filter((_, i) => keep[i]);
  return { ...table, years: pick(years), rows: table.rows.map((r) => ({ ...r, values: pick(r.values), cells: pick(r.cells) })) };
}

/** A standard line item's labels without their spaces ("capitalexpenditures"), to the label as spaced. */
const SPACED = new Map(Object.values(ITEMS).flatMap((spec) => spec.labels.map((l) => [l.replaceAll(" ", ""), l] as const)));

/**
 * A table whose row labels lost their spaces in the PDF text ("capitalexpenditures netofconstructionpayable"),
 * with the words of a standard line item's label and a "net of" spaced again, so the label is read as that
 * item's ("capital expenditures net of constructionpayable"). A copy: the shared reader's tables are cached.
 */
function respaced(table: StatementTable): StatementTable {
  let changed = false;
  const rows = table.rows.map((row) => {
    const words = row.label.split(" ");
    if (!words.some((w) => w.length >= 12)) return row;
    const label = words.map((w) => SPACED.get(w) ?? (w.startsWith("netof") && w.length > 5 ? `net of ${w.slice(5)}` : w)).join(" ");
    if (label === row.label) return row;
    changed = true;
    return { ...row, label };
  });
  return changed ? { ...table, rows } : table;
}

/** Groups passages (1-based n, text, document and page, offset, ticker) by page, each group read as one text. */
export function sourcesOf(passages: { n: number; text: string; document: string; page: number | null; offset: number; ticker?: string | null }[]): Source[] {
  const groups = new Map<string, typeof passages>();
  for (const p of passages) {
    const key = p.page === null ? `${p.document}#n${p.n}` : `${p.document}#${p.page}`;
    const g = groups.get(key);
    if (g) g.push(p);
    else groups.set(key, [p]);
  }
  return [...groups.values()].map((g) => {
    const members = [...g].sort((a, b) => a.offset - b.offset).map((p) => ({ n: p.n, text: p.text }));
    const text = members.map((m) => m.text).join("\n");
    // "($ million, except per share amounts) 2022 2023 2022 2023": the header's note in the singular, which the
    // shared reader takes for a row label; read as the plural it means (chat only: the judges' reading stays).
    const tables = parseTables(statementText(text.replace(/\((\$|US\$|USD)\s?(thousand|million|billion),/gi, "($1 $2s,"))).map(respaced);
    const ticker = g.find((p) => p.ticker)?.ticker ?? null;
    const yearTables = tables.flatMap((t) => yearColumns(t, ticker) ?? []);
    return { members, text, tables, yearTables, scale: sourceScale(text), currency: text.includes("$") };
  });
}

/** The passage of a source that prints a row (its label as printed), else the source's first. */
export function citeFor(source: Source, printed: string): number {
  return (source.members.find((m) => m.text.includes(printed)) ?? source.members[0]).n;
}

/** The text without the given characters at its end (a scan, not a regex anchored at the end). */
export function trimEnd(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && (chars.includes(text[end - 1]) || /\s/.test(text[end - 1]))) end -= 1;
  return text.slice(0, end);
}

/** A number with thousands separators and at most `decimals` decimals (no locale tables). */
export function formatNumber(v: number, decimals: number): string {
  const negative = v < 0;
  const fixed = Math.abs(v).toFixed(decimals);
  const [whole, frac] = fixed.split(".");
  let grouped = "";
  for (let i = 0; i < whole.length; i++) {
    if (i > 0 && (whole.length - i) % 3 === 0) grouped += ",";
    grouped += whole[i];
  }
  return `${negative ? "-" : ""}${grouped}${frac ? `.${frac}` : ""}`;
}

const SCALE_WORD: Record<number, string> = { 1e3: " thousand", 1e6: " million", 1e9: " billion" };

/** A table figure as a sentence writes it: "$1,577 million" (the table's stated scale), or bare. */
function moneyOf(v: number, decimals: number, s: Source, unscaled = false): string {
  return `${s.currency ? "$" : ""}${formatNumber(Math.abs(v), decimals)}${s.scale && !unscaled ? SCALE_WORD[s.scale] ?? "" : ""}`;
}

/** A row whose figures take no scale word: per-share amounts, percentages, ratios, counts of shares are not "$0.70 million" (an interest rate swap's notional amount is an amount). */
const UNSCALED_ROW = /\bper\b|\bshares?\b|%|\bratio\b|\brate\b(?! (?:swaps?|caps?|locks?|contracts?|derivatives?|hedges?)\b)|\bmargin\b|\bcps\b|\bcents\b/i;

const SCALE_NOTE = /\b(?:in|amounts in|dollars in)\s(thousands|millions|billions)\b|\((?:\$|us\$|usd)?\s?(?:in\s)?(thousands?|millions?|billions?)\b/gi;

/**
 * The scale a row's figures are in: the source's one stated scale; when it states several, the last one
 * stated before the row's label ("(Millions, except percentages)" above the table, not "(billions)" further
 * down); null when it states several and none before the row.
 */
function rowScale(s: Source, printed: string): number | null {
  if (s.scale !== null) return s.scale;
  // The row itself, a line of its own, before a mention of its label in the prose above the table.
  const line = s.text.indexOf(`\n${printed}`);
  const at = line >= 0 ? line + 1 : s.text.indexOf(printed);
  if (at < 0) return null;
  let last: number | null = null;
  for (const m of s.text.slice(0, Math.min(at, 40_000)).matchAll(SCALE_NOTE)) {
    const w = (m[1] ?? m[2]).toLowerCase().replace(/s$/, "");
    last = { thousand: 1e3, million: 1e6, billion: 1e9 }[w] ?? last;
  }
  return last;
}

/**
 * Whether a row's figures can be written with their scale: one is stated for it, or the source names none
 * at all (figures as printed). Otherwise the row is not read: written bare, a figure would lose the scale
 * its table states.
 */
export function scaleKnown(s: Source, printed: string): boolean {
  return rowScale(s, printed) !== null || !/\b(?:thousands?|millions?|billions?)\b/i.test(s.text);
}

/**
 * Where an item's figure for a year is read: the first source (in passage order) whose tables give it. With
 * `value`, only a row printing that figure, sign aside (the operand a formula read): the inputs shown are the ones used.
 */
export function findRow(sources: Source[], item: string, phrase: string, year: number, value?: number): Found | null {
  for (const loose of [false, true]) {
    for (const source of sources) {
      const tables = value === undefined ? [source.yearTables] : source.yearTables.map((t) => [t]);
      for (const t of tables) {
        const raw = lookupRow(t, item, phrase, year, loose);
        for (const hit of [parentShare(raw, item), raw]) {
          if (!hit || !scaleKnown(source, hit.row.printed)) continue;
          if (value !== undefined && Math.abs(hit.row.values[hit.col]) !== Math.abs(value)) continue;
          return { hit, source, n: citeFor(source, hit.row.printed) };
        }
      }
    }
  }
  return null;
}

/**
 * Net income as the company reports it: when the statement goes on from "Net income" to the part
 * attributable to the company ("Net income attributable to Amcor plc" below "... to non-controlling
 * interests"), the company's part.
 */
function parentShare(hit: RowHit | null, item: string): RowHit | null {
  if (!hit || item !== "netIncome" || !/^net (?:income|earnings)$/.test(hit.row.label)) return hit;
  const parent = hit.table.rows.find((r) => /^net (?:income|earnings) attributable to /.test(r.label) && !/noncontrolling|non controlling|minority/.test(r.label));
  return parent ? { ...hit, row: parent } : hit;
}

export interface Found {
  hit: RowHit;
  source: Source;
  n: number;
}

export function rowSentence(found: Found, year: number): string {
  const { hit, source, n } = found;
  const v = hit.row.values[hit.col];
  const decimals = hit.row.cells[hit.col]?.decimals ?? 0;
  const unscaled = hit.row.cells[hit.col]?.percent || UNSCALED_ROW.test(hit.row.printed);
  const scale = rowScale(source, hit.row.printed);
  const money = (x: number, d: number, s: Source) => moneyOf(x, d, { ...s, scale }, unscaled);
  const item = lineItemOf(hit.row.printed) ?? (/\b(?:net|operating) (?:income|loss|earnings)|\bincome before|\bgross (?:profit|margin)/i.test(hit.row.printed) ? "netIncome" : null);
  // A profit line printed negative is a loss; a cost or balance is its magnitude; any other line keeps its sign as printed.
  const written = v >= 0 ? money(v, decimals, source)
    : item && PROFIT_ITEMS.has(item) ? `a loss of ${money(v, decimals, source)}`
    : item && ITEMS[item]?.magnitude ? money(v, decimals, source)
    : `${source.currency ? "$" : ""}(${formatNumber(-v, decimals)})${scale && !unscaled ? SCALE_WORD[scale] ?? "" : ""}`;
  return `${trimEnd(hit.row.printed, ".: ")} in ${year} was ${written} [${n}].`;
}

const PROFIT_ITEMS = new Set(["netIncome", "operatingIncome", "pretaxIncome", "grossProfit"]);
