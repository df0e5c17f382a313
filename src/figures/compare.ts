// "The same figure", decided one way for every reader (alignment, verification, grading, the agent
// judge, chat's grounding): same kind, equal within the rounding of the coarser of the two as written, at
// a scale both state; and, in context, under the same line item and for the same year. A figure that the
// sources give to another year or another row while they state a different one for its own is a
// contradiction, and the note names both.
import { isItemStem, partOf, readText, statementFigureSteps, yearsIn, type FigureInContext, type ReadText } from "./context";
import { contentStems, namedEntities, stem, words } from "./text";
import { coreItemWords, isQualifier, ITEMS } from "./line-items";
import { candidates, rowCells, tableRows, type TableRow } from "./figure-index";
import { equalAtSomeScale, kindsMatch, valuesEqual } from "./values";
import { normalizeLabel } from "./table";
import { FIGURES_PER_STEP, runSteps } from "./steps";

/** Whether two line items share a word that names the item (not only "net" or "total"). */
function itemsOverlap(a: string[], b: string[]): boolean {
  const bs = new Set(coreItemWords(b));
  return coreItemWords(a).some((s) => bs.has(s));
}

const VOCABULARIES = new Map<string, Set<string>>();

/** The words of a standard line item's labels and aliases. */
function itemVocabulary(name: string): Set<string> {
  let words = VOCABULARIES.get(name);
  if (!words) {
    const spec = ITEMS[name];
    // Labels are normalized ("pp and e", "d and a"): the abbreviation is also written with "&" ("PP&E", "D&A").
    const labels = spec ? [...spec.labels, ...spec.aliases] : [];
    words = new Set(labels.flatMap((l) => contentStems(`${l} ${l.replace(/\b(\w{1,3}) and (\w{1,3})\b/g, "$1&$2")}`)));
    VOCABULARIES.set(name, words);
  }
  return words;
}

/** Every item word of a source figure's row is among the words around the statement's figure. */
function namesRow(f: FigureInContext, s: FigureInContext, known: ReadonlySet<string>): boolean {
  const b = coreItemWords(s.item);
  return b.length > 0 && b.every((w) => f.context.has(w) || known.has(w));
}

const PROFIT_ITEMS = new Set(["netIncome", "operatingIncome", "pretaxIncome", "grossProfit"]);
const LOSS_WORDS = /\b(loss|losses|deficit|negative|shortfall)\b/i;

/**
 * Whether a statement gives a profit line (net, operating, pretax income, gross profit) as a gain where the
 * source prints the same digits as a loss ("(5,053)" or "-5,053"). Only profit lines: cash outflows and
 * costs are printed negative and written positive as a matter of course.
 */
function profitForLoss(f: FigureInContext, s: FigureInContext): boolean {
  if (f.negative || !s.negative || f.change || s.change) return false;
  if (!PROFIT_ITEMS.has(f.standard ?? "") || f.standard !== s.standard) return false;
  return !LOSS_WORDS.test(`${f.itemText} ${f.trail.join(" ")}`);
}

/** "a 12.9% volume increase" is not the worldwide sales row's figure: the words after it must be the row's. */
function trailFits(f: FigureInContext, s: FigureInContext): boolean {
  return coreItemWords(f.trail).every((w) => s.context.has(w) || s.item.includes(w));
}

function sharesWords(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  for (const w of a) if (!isQualifier(w) && b.has(w)) return true;
  return false;
}

/**
 * The same line item: each side's item words are all found in the other's sentence (or row label), or
 * among the words every reader knows from the question. "Net sales" and "net income" differ; "net income"
 * and "net income attributable to 3M" are one item when the answer names 3M.
 */
function sameItem(f: FigureInContext, s: FigureInContext, known: ReadonlySet<string>): boolean {
  // "Capital expenditures" and "Purchases of property, plant and equipment" are one standard item.
  if (f.standard !== null && s.standard !== null) {
    if (f.standard !== s.standard) return false;
    // ... unless either names more than the standard item ("Data Center revenue" is not total revenue).
    const vocabulary = itemVocabulary(f.standard);
    // "The PP&E value": a word for a figure of any row names no other item.
    const extra = (x: FigureInContext, other: FigureInContext) => coreItemWords(x.item).every((w) => vocabulary.has(w) || MEASURE.has(w) || other.context.has(w) || known.has(w));
    return extra(f, s) && extra(s, f);
  }
  const a = coreItemWords(f.item);
  const b = coreItemWords(s.item);
  if (!a.length || !b.length) return false;
  return b.every((w) => f.context.has(w) || known.has(w)) && a.every((w) => s.context.has(w) || known.has(w));
}

/**
 * Words that name the subject rather than a line item (the companies and names a question mentions): a
 * label such as "Net income attributable to Apple" is still net income when the question is about Apple.
 */
export function subjectStems(text: string): Set<string> {
  // Tickers in capitals ("ULTA total assets ...") name the subject wherever they stand.
  const tickers = text.match(/\b[A-Z]{2,5}\b/g) ?? [];
  return new Set([...namedEntities(text), ...tickers].flatMap((e) => contentStems(e)));
}

/**
 * Whether two figures are for one period: true when both name the same year and the same part of it (both
 * full years, or the same quarter), false when they name different years or different quarters, null when
 * that cannot be told (a year or a part not named, a table that mixes quarter and year columns).
 */
function samePeriod(f: FigureInContext, s: FigureInContext): boolean | null {
  // Columns whose period is uncertain are neither the same nor another period (anchorByColumn reads them).
  if (f.part === "mixed" || s.part === "mixed") return null;
  const year = f.year === null || s.year === null ? null : f.year === s.year || f.year === s.altYear || (f.altYear !== null && f.altYear === s.year);
  if (year === false) return false;
  if (f.part === s.part) return year;
  if (f.part && s.part && /^q\d$/.test(f.part) && /^q\d$/.test(s.part)) return false;
  return null;
}

/**
 * rescaled: the same digits as a source figure whose text states no scale ("$1.2 billion" beside a bare
 * "1,200"): not carried, since the scale is not stated, but a lesser sign than a figure found nowhere.
 */
export type FigureStatus = "carried" | "contradicted" | "rescaled" | "unmatched";

export interface FigureCheck {
  figure: FigureInContext;
  status: FigureStatus;
  /** Which source and which of its figures carried or contradicted it. */
  source: number;
  by: FigureInContext | null;
  /** For a contradiction: what the sources say, naming both figures. */
  note: string;
}

function label(s: FigureInContext): string {
  const text = s.itemText.replace(/^(?:the|in|and|of|for|while|compared (?:with|to))\s+/i, "").replace(/(?<!\s)\s+(?:was|were|is|are|of|totaled|amounted to|reached|(?:fell|rose|grew|increased|decreased|declined|dropped)(?:\s+(?:to|from|by))?)$/i, "").trim();
  const item = text || "this item";
  // "Net sales" reads "net sales" inside a sentence; "3M" and "EBITDA" keep their capitals.
  return /^[A-Z][a-z]/.test(item) ? item[0].toLowerCase() + item.slice(1) : item;
}

function written(s: FigureInContext): string {
  return s.fromTable ? `${s.raw}${s.scale === 1e6 ? " million" : s.scale === 1e3 ? " thousand" : s.scale === 1e9 ? " billion" : ""}` : s.raw;
}

export interface Budget {
  /** Source figures that may still be compared; when spent, the remaining figures are left unmatched. */
  comparisons: number;
}

/**
 * Comparisons one statement (or one grading, shared by all its statements) may make: the largest answer
 * against the largest references stays within about a second of CPU.
 */
export const STATEMENT_BUDGET = 400_000;

/**
 * One figure of a statement against the sources' figures in context. Carried: a source gives the same
 * value under the same item for the same year (or, when either side names no item or year, the same value
 * under an overlapping item). Contradicted: a source gives the same item for the same year another value,
 * or gives this value to the same item in another year that the statement does not name for it.
 */
export function checkFigure(f: FigureInContext, sources: ReadText[], known: ReadonlySet<string> = new Set(), exhaustive = false, budget: Budget = { comparisons: Infinity }): FigureCheck {
  let weak: { s: FigureInContext; i: number } | null = null;
  let conflict: { s: FigureInContext; i: number } | null = null;
  let otherYear: { s: FigureInContext; i: number } | null = null;
  let otherItem: { s: FigureInContext; i: number } | null = null;
  let looseYear: { s: FigureInContext; i: number } | null = null;
  let rescaled: { s: FigureInContext; i: number } | null = null;
  if (budget.comparisons <= 0) return { figure: f, status: "unmatched", source: -1, by: null, note: "" };
  for (let i = 0; i < sources.length; i++) {
    for (const s of exhaustive ? sources[i].figures : candidates(f, sources[i])) {
      if (--budget.comparisons < 0) break;
      if (!kindsMatch(f, s)) continue;
      const year = samePeriod(f, s);
      if (valuesEqual(f, s)) {
        const strong = sameItem(f, s, known);
        // A profit where the source prints a loss: the same digits, the other sign.
        if (strong && year === true && profitForLoss(f, s)) {
          conflict ??= { s, i };
          continue;
        }
        if (strong && year === true) return { figure: f, status: "carried", source: i, by: s, note: "" };
        // The statement names the row that holds the value ("Commercial Airplanes ... $25,867 million").
        if (year === true && namesRow(f, s, known)) return { figure: f, status: "carried", source: i, by: s, note: "" };
        if (strong && year === false) otherYear ??= { s, i };
        else if (year === false && itemsOverlap(f.item, s.item)) looseYear ??= { s, i };
        else if (year !== false && (!f.item.length || !s.item.length || itemsOverlap(f.item, s.item) || sharesWords(f.context, s.context))) {
          // A table cell is the better witness: its row and column can anchor the statement's other years.
          if (!weak || (!weak.s.cell && s.cell)) weak = { s, i };
        } else if (year === true && !strong) otherItem ??= { s, i };
        continue;
      }
      // Another value: a conflict (the first is enough), or the same digits at an unstated scale.
      // A repeated row label may be the other section's row ("Gaming" revenue, then "Gaming" operating income): no conflict from it.
      if (!conflict && !s.cell?.repeated && year === true && f.change === s.change && sameItem(f, s, known) && trailFits(f, s) && !equalAtSomeScale(f, s)) conflict = { s, i };
      else if (!rescaled && (f.scale === null || s.scale === null) && year !== false && equalAtSomeScale(f, s) && (itemsOverlap(f.item, s.item) || sharesWords(f.context, s.context) || sameItem(f, s, known))) rescaled = { s, i };
    }
  }
  // The value under a looser wording of the item, in another year: as telling as the same wording.
  otherYear ??= looseYear;
  const when = f.year === null ? "" : ` for ${f.year}`;
  if (conflict) {
    const c = conflict.s;
    const note = otherYear
      ? `${f.raw} is ${label(otherYear.s)} for ${otherYear.s.year}, not ${f.year}; the source gives ${written(c)} for ${f.year}.`
      : otherItem
        ? `${f.raw} is ${label(otherItem.s)}${when}, not ${label(c)}; the source gives ${written(c)}.`
        : c.negative && !f.negative && valuesEqual(f, c)
          ? `The source gives ${label(c)}${when} as a loss of ${written(c).replace(/[()-]/g, "")}, not a profit of ${f.raw}.`
          : `The source gives ${label(c)}${when} as ${written(c)}, not ${f.raw}.`;
    return { figure: f, status: "contradicted", source: conflict.i, by: c, note };
  }
  if (weak) return { figure: f, status: "carried", source: weak.i, by: weak.s, note: "" };
  // The value is this item's for another year, and the statement gives it to a year of its own.
  // A bare whole number with no unit ("Lion Air Flight 610", "the 737 MAX") is as often a name as a figure: not contradicted by its year.
  const bare = f.kind === "number" && f.scale === null && f.decimals === 0 && !/[,.]/.test(f.raw);
  if (otherYear && f.year !== null && !f.years.includes(otherYear.s.year!) && !bare) {
    return { figure: f, status: "contradicted", source: otherYear.i, by: otherYear.s, note: `${f.raw} is ${label(otherYear.s)} for ${otherYear.s.year}, not ${f.year}.` };
  }
  if (rescaled) return { figure: f, status: "rescaled", source: rescaled.i, by: rescaled.s, note: "" };
  return { figure: f, status: "unmatched", source: -1, by: null, note: "" };
}

export interface StatementCheck {
  figures: FigureCheck[];
  carried: number;
  contradicted: number;
  unmatched: number;
  notes: string[];
}

/**
 * The one year a statement and its question name, or null when they name none or several: "cash from
 * operations was $5,841 million" answers "in FY2023" when nothing else names another year.
 */
function onlyYear(text: string): number | null {
  const years = new Set(yearsIn(text));
  return years.size === 1 ? [...years][0] : null;
}

/**
 * Every figure of a statement checked in context against the sources (texts or already read). context: the
 * question, whose one year (with the statement's) dates the figures that name none.
 */
export function checkStatement(
  statement: string,
  sources: (string | ReadText)[],
  known: ReadonlySet<string> = new Set(),
  context = "",
  budget: Budget = { comparisons: STATEMENT_BUDGET },
): StatementCheck {
  return runSteps(checkStatementSteps(statement, sources, known, context, budget));
}

/** checkStatement in steps (figures/steps.ts): a turn every FIGURES_PER_STEP figures. */
export function* checkStatementSteps(
  statement: string,
  sources: (string | ReadText)[],
  known: ReadonlySet<string> = new Set(),
  context = "",
  budget: Budget = { comparisons: STATEMENT_BUDGET },
): Generator<void, StatementCheck, void> {
  const read = sources.map((s) => (typeof s === "string" ? readText(s) : s));
  // A quarter or half named anywhere: the figures without a year of their own are not dated.
  const year = partOf(`${context} ${statement}`) === null ? onlyYear(`${context} ${statement}`) : null;
  // "Inventory at the beginning of 2022" is the balance at the end of 2021: not dated by the question's year.
  const dated = (yield* statementFigureSteps(statement)).map((f) =>
    year !== null && f.year === null && f.part === null && !f.change && !/\b(?:beginning|start|opening)\b/i.test(f.itemText) ? { ...f, year } : f,
  );
  yield;
  const figures: FigureCheck[] = [];
  for (const f of dated) {
    figures.push(checkFigure(f, read, known, false, budget));
    if (figures.length % FIGURES_PER_STEP === 0) yield;
  }
  anchorByColumn(figures, read, known);
  datedColumns(figures, read);
  yield;
  yield* namedRows(figures, read, statement, known, budget);
  const count = (st: FigureStatus) => figures.filter((c) => c.status === st).length;
  return { figures, carried: count("carried"), contradicted: count("contradicted"), unmatched: count("unmatched"), notes: figures.filter((c) => c.note).map((c) => c.note) };
}

/**
 * Figures a sentence gives one line item for several years, where the table's columns are not sure years
 * (a fiscal year ending in January, 13 and 52 weeks side by side): a carried figure of the sentence fixes
 * which column is which of its years, and the sentence's other years are then read from the neighbouring
 * columns of the same row and run of years. "$12,400.0 million for fiscal 2022, compared to $8,630.9 million
 * in fiscal 2021": 8,630.9 sits in the column dated 2022, so fiscal 2022 is the column dated 2023: 10,208.6.
 */
function anchorByColumn(checks: FigureCheck[], sources: ReadText[], known: ReadonlySet<string>): void {
  const anchors = checks.filter((a) => a.status === "carried" && a.by?.cell && a.by.year !== null && a.figure.year !== null);
  if (!anchors.length) return;
  for (const c of checks) {
    const f = c.figure;
    if (c.status !== "unmatched" || f.year === null || f.change) continue;
    for (const anchor of anchors) {
      const a = anchor.by!;
      if (anchor.figure.sentence !== f.sentence || anchor.figure.part !== f.part || !sameItem(f, a, known)) continue;
      const column = a.year! - anchor.figure.year! + f.year;
      const cells = rowCells(sources[anchor.source], a).filter((s) => s.cell!.block === a.cell!.block && s.year === column);
      if (cells.length !== 1 || !kindsMatch(f, cells[0]) || equalAtSomeScale(f, cells[0])) continue;
      const s = cells[0];
      c.status = "contradicted";
      c.source = anchor.source;
      c.by = s;
      c.note = `The source gives ${label(s)} for ${f.year} as ${written(s)} (the column of ${anchor.figure.raw} for ${anchor.figure.year} read the same way), not ${f.raw}.`;
      break;
    }
  }
}

function dayText(d: number): string {
  const months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
  return `${months[Math.floor(d / 100) % 100 - 1]} ${d % 100}, ${Math.floor(d / 10000)}`;
}

/**
 * Figures read from a row whose columns are dated to the day (a quarter-end beside a fiscal year-end in
 * January, where the year alone does not tell the columns apart). A figure the statement dates to a day
 * ("$1,093 million by July 29, 2023") is that day's column's: another value there is a contradiction. And
 * two figures of one row given years that run the other way than their columns' days ("$1,874 million in
 * FY 2024 to $1,093 million in FY 2023", printed under January 28, 2023 and July 29, 2023) are contradicted.
 */
function datedColumns(checks: FigureCheck[], sources: ReadText[]): void {
  for (const c of checks) {
    const f = c.figure;
    const s = c.by;
    if (c.status !== "carried" || !s?.cell || s.date === null || f.date === null || f.date === s.date) continue;
    const row = rowCells(sources[c.source], s);
    const sameDay = row.filter((x) => x.date === f.date && kindsMatch(f, x));
    // A day no column of the row is dated ("by July 29, 2024" where the columns are July 29, 2023, January
    // 28, 2023 and July 30, 2022): the value is the other day's.
    if (!sameDay.length && row.every((x) => x.date !== null)) {
      c.status = "contradicted";
      c.note = `${f.raw} is ${label(s)} as of ${dayText(s.date)}, not ${dayText(f.date)}.`;
      continue;
    }
    if (!sameDay.length) continue;
    const equal = sameDay.find((x) => valuesEqual(f, x) || equalAtSomeScale(f, x));
    if (equal) {
      c.by = equal;
      continue;
    }
    c.status = "contradicted";
    c.by = sameDay[0];
    c.note = `The source gives ${label(sameDay[0])} as of ${dayText(f.date)} as ${written(sameDay[0])}, not ${f.raw}.`;
  }
  // Figures of one row with a year of their own sentence, read from columns dated to the day: one cell is
  // one period (unless the row prints its value twice), and later days are not earlier years.
  const own = checks.filter((c) => c.status === "carried" && c.by?.cell && c.by.date !== null && c.figure.year !== null && c.figure.years.includes(c.figure.year));
  own.forEach((b, j) => {
    const a = own.slice(0, j).find((x) => x.by === b.by && x.figure.year !== b.figure.year);
    if (!a || rowCells(sources[b.source], b.by!).filter((x) => x.value === b.by!.value).length > 1) return;
    b.status = "contradicted";
    b.note = `${b.figure.raw} is ${label(b.by!)} as of ${dayText(b.by!.date!)} only, given for ${a.figure.year} already, not also for ${b.figure.year}.`;
  });
  // Figures of one row with a year of their own sentence, read from columns dated to the day.
  const dated = checks.filter((c) => c.status === "carried" && c.by?.cell && c.by.date !== null && c.figure.year !== null && c.figure.years.includes(c.figure.year));
  for (const a of dated) {
    for (const b of dated) {
      const [x, y] = [a.by!, b.by!];
      if (a.source !== b.source || x.cell!.table !== y.cell!.table || x.cell!.row !== y.cell!.row) continue;
      if (!(x.date! < y.date! && a.figure.year! > b.figure.year!)) continue;
      for (const [c, other] of [[a, b], [b, a]] as const) {
        c.status = "contradicted";
        c.note = `${c.figure.raw} is ${label(c.by!)} as of ${dayText(c.by!.date!)}, and ${other.figure.raw} as of ${dayText(other.by!.date!)}: not ${c.figure.year} beside ${other.figure.year}.`;
      }
    }
  }
}

// Words of a cash flow row that say which way the cash went, not what the row is ("provided by (used in)").
const DIRECTION = new Set(["provid", "used"]);
// Words for a figure of any row: "cross currency swaps, with a notional amount of $32,502 million".
const MEASURE = new Set(["amount", "valu", "notion", "figur", "level", "sum"]);
// Words a sentence uses for a cash flow row's figure: "financing activities resulted in a net cash outflow of".
const CASH_FLOW = new Set(["outflow", "inflow", "flow", "result", "brought", "gener"]);

/** Whether the words of a row label all stand within a short run of the stems (a phrase, not scattered). */
function namesPhrase(stems: string[], words: string[]): boolean {
  const span = words.length + 2;
  for (let i = 0; i < stems.length; i++) {
    if (!words.includes(stems[i])) continue;
    const run = stems.slice(i, i + span);
    if (words.every((w) => run.includes(w))) return true;
  }
  return false;
}

/**
 * Where the last run of stems that names a row's words as a phrase ends (the index after its last word of
 * the row), or -1 when the stems name none.
 */
function phraseEnd(stems: string[], words: string[]): number {
  const span = words.length + 2;
  let end = -1;
  for (let i = 0; i < stems.length; i++) {
    if (!words.includes(stems[i])) continue;
    const missing = new Set(words);
    for (let j = i; j < Math.min(stems.length, i + span); j++) {
      missing.delete(stems[j]);
      if (!missing.size) {
        end = j + 1;
        break;
      }
    }
  }
  return end;
}

/** Every word of a row label but its function words, stemmed ("Other current assets": other, current, asset). */
function labelWords(label: string): string[] {
  return words(normalizeLabel(label)).filter((w) => !/^(?:and|of|the|in|for|to|by|from|a|an|on|at|with|or)$/.test(w)).map(stem);
}

/** Whether the stems name a row's words as a phrase, and every stem after the last such phrase passes `fits`. */
function lastNamed(stems: string[], words: string[], fits: (w: string) => boolean): boolean {
  const end = phraseEnd(stems, words);
  return end >= 0 && stems.slice(end).every(fits);
}

/**
 * The row a statement names for a figure: the one line item of the sources' tables that the words before the
 * figure (since the previous figure of its sentence) name as a phrase, "cross currency swaps, with a notional
 * amount of $19,779 million". When that row gives the figure's period another value, and the figure was not
 * carried by a source sentence or by that row, another row's value was given to it: a contradiction.
 */
function* namedRows(checks: FigureCheck[], sources: ReadText[], statement: string, known: ReadonlySet<string>, budget: Budget): Generator<void, void, void> {
  // Each source's rows with the words that name them as a phrase (cash direction words left out), once per statement.
  const rowsBySource = sources.map((read) =>
    tableRows(read)
      .map((row) => ({ row, words: row.words.filter((w) => !DIRECTION.has(w)) }))
      .filter((r) => r.words.length > 0),
  );
  for (let k = 0; k < checks.length; k++) {
    if (k > 0 && k % FIGURES_PER_STEP === 0) yield;
    const c = checks[k];
    const f = c.figure;
    // A figure of the statement's own arithmetic ("= $11,435 million", "($25,867 million out of ...)") names no row.
    // "its total assets ($228,275 million)": a figure alone in parentheses is the row the words before it name
    // (not "38.8% of total revenue ($25,867 million out of $66,608 million)", a computation's operands).
    const alone = /\(\s*$/.test(statement.slice(Math.max(0, f.index - 2), f.index)) && /^\s*\)/.test(statement.slice(f.index + f.raw.length, f.index + f.raw.length + 2));
    if (c.status === "contradicted" || f.year === null || f.change || f.index < 0 || (!f.item.length && !alone)) continue;
    // A bare number of a formula ("(Operating income / Total revenue) * 100") is no figure of a row.
    if (f.kind === "number" && f.scale === null && /[*×/]\s*$/.test(statement.slice(Math.max(0, f.index - 3), f.index))) continue;
    if (c.status === "carried" && !c.by?.cell) continue;
    const prev = k > 0 && checks[k - 1].figure.sentence === f.sentence ? checks[k - 1].figure : null;
    const start = prev ? prev.index + prev.raw.length : Math.max(statement.lastIndexOf("\n", f.index), statement.lastIndexOf(". ", f.index) + 1, 0);
    // Row labels are read with their hyphens as spaces ("Long-term debt": long, term, debt).
    const stems = contentStems(statement.slice(start, f.index).replace(/-/g, " "));
    if (!stems.length) continue;
    const itemWords = coreItemWords(f.item);
    // The last clause before the figure ("... from investing activities and $3.3 billion": none), and the
    // item words written right after it ("$3.3 billion net cash outflow from financing"), which must be the row's.
    const lead = statement.slice(start, f.index);
    const clause = contentStems(lead.replace(/-/g, " ").slice(Math.max(0, ...[...lead.matchAll(/[,;:]|\b(?:and|or|while|whereas|compared|versus|vs)\b/gi)].map((m) => (m.index ?? 0) + m[0].length))));
    // The words right after the figure, to the end of its clause ("$3.3 billion net cash outflow from financing activities").
    const next = k + 1 < checks.length && checks[k + 1].figure.sentence === f.sentence ? checks[k + 1].figure.index : f.index + f.raw.length + 80;
    const tail = statement.slice(f.index + f.raw.length, next).split(/[,;:.]\s|\b(?:and|while|whereas|compared|versus)\b/i)[0];
    const after = contentStems(tail.replace(/-/g, " "));
    const named: { row: TableRow; i: number }[] = [];
    let name = "";
    let ambiguous = false;
    rows: for (let i = 0; i < sources.length; i++) {
      for (const { row, words } of rowsBySource[i]) {
        if (--budget.comparisons < 0) return;
        if (!namesPhrase(stems, words)) continue;
        // The figure's own item is that row's (its label, or the section it is printed under): "Income tax
        // expense: $(31) million" does not name "Other income".
        const context = row.cells[0].context;
        const fits = (w: string) => words.includes(w) || context.has(w) || DIRECTION.has(w) || MEASURE.has(w) || (CASH_FLOW.has(w) && words.includes("cash")) || known.has(w);
        // ... or the row is the last item the words before the figure name, the words before it framing the
        // answer ("the derivative instrument with the highest notional value was cross currency swaps, with a
        // value of $X"; "in fact, the long-term debt decreased from $X"): only words that name no item follow it.
        // A row named by one word ("Revenue") is not told apart from the words before it ("Data Center: revenue").
        if (!itemWords.every(fits) && !(coreItemWords(words).length > 1 && lastNamed(clause, words, (w) => fits(w) || !isItemStem(w)))) continue;
        // Rows of one name (an income statement's and a summary's "Revenues") count as one line item; two
        // line items named before the figure leave it unread.
        const rowName = [...words].sort().join(" ");
        if (name && name !== rowName) {
          ambiguous = true;
          break rows;
        }
        name = rowName;
        named.push({ row, i });
      }
    }
    // A row of another name written right after the figure names it instead: the figure is not read.
    if (!ambiguous && named.length) {
      for (let i = 0; i < sources.length && !ambiguous; i++) {
        for (const { words } of rowsBySource[i]) {
          if (--budget.comparisons < 0) return;
          if (namesPhrase(after, words) && [...words].sort().join(" ") !== name) {
            ambiguous = true;
            break;
          }
        }
      }
    }
    if (ambiguous || !named.length) continue;
    // Rows whose item words are the same ("Total assets", "Other assets", "Other current assets": asset) are
    // told apart by every word of their label, "other" and "current" too, written before the figure.
    if (named.length > 1) {
      const written = new Set(words(statement.slice(start, f.index).replace(/-/g, " ")).map(stem));
      const exact = named.filter((n) => labelWords(n.row.cells[0].itemText).every((w) => written.has(w)));
      if (exact.length) named.splice(0, named.length, ...exact);
    }
    if (named.some((n) => c.by && n.row.cells.includes(c.by))) continue;
    const cellsOf = (rows: typeof named) => rows.flatMap((n) => n.row.cells.filter((s) => !s.cell!.repeated && kindsMatch(f, s) && samePeriod(f, s) === true).map((s) => ({ s, i: n.i })));
    const cells = cellsOf(named);
    if (!cells.length || cells.some(({ s }) => s.value !== cells[0].s.value)) continue;
    const { s, i } = cells[0];
    if (valuesEqual(f, s) || equalAtSomeScale(f, s)) continue;
    c.status = "contradicted";
    c.source = i;
    c.by = s;
    c.note = `The source gives ${label(s)} for ${f.year} as ${written(s)}, not ${f.raw}.`;
  }
}
