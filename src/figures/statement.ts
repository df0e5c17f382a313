// A statement's figures checked together (checkFigure for each, in steps), then read against one another and
// the sources' tables: a figure anchored to its neighbours' column, to the day a column prints, or to the row
// its sentence names last. What "the same figure" is stays in compare.ts.
import { isItemStem, partOf, readText, statementFigureSteps, yearsIn, type FigureInContext, type ReadText } from "./context";
import { contentStems, stem, words } from "./text";
import { coreItemWords } from "./line-items";
import { rowCells, tableRows, type TableRow } from "./figure-index";
import { equalAtSomeScale, kindsMatch, valuesEqual } from "./values";
import { normalizeLabel } from "./table";
import { FIGURES_PER_STEP, runSteps } from "./steps";
import { checkFigure, label, MEASURE, sameItem, samePeriod, STATEMENT_BUDGET, written, type Budget, type FigureCheck, type FigureStatus, type StatementCheck } from "./compare";

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
  rowChanges(figures, read, statement, known);
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

// "a decrease", "increased by": the direction a change is given.
const DOWN = /\b(?:decreas|declin|fell|fall|drop|lower|down|reduc|shr[iu]nk|contract)\w*/i;
const UP = /\b(?:increas|grew|grow|rose|rise|risen|up|higher|rais|expand|climb|jump)\w*/i;
// "from 2022 to 2021", "from FY2022 to FY2021": the year a change starts from, written first.
const FROM_TO = /\bfrom\s+(?:fy\s?|fiscal\s+(?:year\s+)?)?'?(\d{4}|\d{2})\b[^.;]{0,40}?\bto\s+(?:fy\s?|fiscal\s+(?:year\s+)?)?'?(\d{4}|\d{2})\b/i;
/** Changes read from table rows per statement. */
const MAX_ROW_CHANGES = 40;
const fullYear = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

/**
 * A change an amount is given as between two years of a table row its sentence names ("a decrease of $229
 * million in total debt from 2021 to 2022"), read from the row's two cells: the same change carries the
 * figure; another amount, or the other direction ("from 2022 to 2021" where the debt rose that way), is
 * contradicted. Only amounts, only a sentence that names exactly two years, and only a row every word of
 * whose label the sentence uses, the figure's own item words all in the row's label.
 */
function rowChanges(checks: FigureCheck[], sources: ReadText[], statement: string, known: ReadonlySet<string>): void {
  // Bounded work: an answer gives a few such changes; past MAX_ROW_CHANGES the rest are left unmatched.
  let tried = 0;
  for (const c of checks) {
    const f = c.figure;
    const percent = f.kind === "percent";
    if (c.status !== "unmatched" || !f.change || !(percent || (f.kind === "amount" && f.scale !== null)) || f.index < 0) continue;
    const years = [...new Set(f.years)];
    if (years.length !== 2 || ++tried > MAX_ROW_CHANGES) continue;
    const start = Math.max(statement.lastIndexOf(".", f.index), statement.lastIndexOf("\n", f.index)) + 1;
    const endDot = statement.indexOf(".", f.index + f.raw.length);
    const sentence = statement.slice(start, Math.min(endDot < 0 ? statement.length : endDot, f.index + 300));
    const fromTo = FROM_TO.exec(sentence);
    const [from, to] = fromTo ? [fullYear(fromTo[1]), fullYear(fromTo[2])] : [Math.min(...years), Math.max(...years)];
    if (!years.includes(from) || !years.includes(to) || from === to) continue;
    const before = sentence.slice(0, f.index - start);
    const direction = DOWN.test(before.slice(-40)) ? -1 : UP.test(before.slice(-40)) ? 1 : 0;
    // "a decrease of $229 million in total debt from ...": the item after the figure when none stands before it.
    const after = sentence.slice(f.index - start + f.raw.length, f.index - start + f.raw.length + 80).split(/[,.;(]|\b(?:from|between|for|during|compared|versus|to)\b/i)[0].replace(/^\s*(?:in|of)\s+/i, "");
    // The question's words for the company ("the effective tax rate of Corning") name no item.
    const own = coreItemWords(f.item.length ? f.item : contentStems(after).filter(isItemStem)).filter((w) => !known.has(w));
    if (!own.length) continue;
    for (const [i, read] of sources.entries()) {
      const rows = tableRows(read).filter((r) => {
        const core = coreItemWords(r.words);
        return core.length > 0 && core.every((w) => f.context.has(w)) && own.every((w) => r.words.includes(w));
      });
      if (rows.length !== 1) continue;
      const cellsOf = (year: number) => rows[0].cells.filter((x) => x.year === year && x.part === null && (percent ? x.kind === "percent" : x.kind === "amount" || x.kind === "number"));
      const [a, b] = [cellsOf(from), cellsOf(to)];
      if (a.length !== 1 || b.length !== 1 || (a[0].scale === null) !== (b[0].scale === null)) continue;
      if (percent) {
        // A rate's change ("the effective tax rate increased by 3%" from 20% to 23%): in points, or relative.
        const [x, y] = [a[0], b[0]].map((z) => (z.negative ? -1 : 1) * z.mantissa);
        const half = 0.5 * 10 ** -Math.max(a[0].decimals, b[0].decimals);
        const points = y - x;
        const samePoints = Math.abs(Math.abs(points) - f.mantissa) <= 2 * half + 0.5 * 10 ** -f.decimals + 1e-9;
        const sameRelative = x !== 0 && Math.abs((Math.abs(points) / Math.abs(x)) * 100 - f.mantissa) <= ((2 * half) / Math.abs(x)) * 100 + 0.5 * 10 ** -f.decimals + 1e-9;
        const wrong = direction !== 0 && points !== 0 && Math.sign(points) !== direction;
        c.source = i;
        c.by = b[0];
        if ((samePoints || sameRelative) && !wrong) c.status = "carried";
        else {
          c.status = "contradicted";
          const rate = (z: FigureInContext) => (written(z).includes("%") ? written(z) : `${written(z)}%`);
          c.note = `The source gives ${label(a[0])} as ${rate(a[0])} for ${from} and ${rate(b[0])} for ${to}: it ${points < 0 ? "fell" : "rose"} by ${Math.abs(points).toLocaleString("en-US", { maximumFractionDigits: 2 })} points from ${from} to ${to}, not ${wrong && (samePoints || sameRelative) ? "the other way" : f.raw}.`;
        }
        break;
      }
      const fs = f.scale!;
      // A table that states no scale is read at the figure's ("150,639" beside "$229 million").
      const scale = a[0].scale ?? fs;
      const value = (x: FigureInContext) => (x.negative ? -1 : 1) * x.mantissa * scale;
      const change = value(b[0]) - value(a[0]);
      const tolerance = 2 * Math.max(0.5 * 10 ** -a[0].decimals * scale, 0.5 * 10 ** -f.decimals * fs);
      const same = Math.abs(Math.abs(change) - f.value) <= tolerance + 1e-9 * f.value;
      const wrongWay = direction !== 0 && change !== 0 && Math.sign(change) !== direction;
      c.source = i;
      c.by = b[0];
      if (same && !wrongWay) {
        c.status = "carried";
        break;
      }
      c.status = "contradicted";
      const moved = change < 0 ? "fell" : "rose";
      c.note = `The source gives ${label(a[0])} as ${written(a[0])} for ${from} and ${written(b[0])} for ${to}: it ${moved} by ${Math.abs(change / fs).toLocaleString("en-US", { maximumFractionDigits: f.decimals })} ${scaleWord(fs)} from ${from} to ${to}, not ${wrongWay && same ? "the other way" : f.raw}.`;
      break;
    }
  }
}

const scaleWord = (scale: number) => (scale === 1e9 ? "billion" : scale === 1e6 ? "million" : scale === 1e3 ? "thousand" : "");

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

interface PhraseRow {
  row: TableRow;
  /** The words that name the row as a phrase (cash direction words left out). */
  words: string[];
  /** Those words in order: rows of one name count as one line item. */
  name: string;
}

/** A source's rows as statements name them, read once per source (the rows are the source's, kept with it). */
const PHRASE_ROWS = new WeakMap<ReadText, PhraseRow[]>();
function phraseRows(read: ReadText): PhraseRow[] {
  let rows = PHRASE_ROWS.get(read);
  if (!rows) {
    rows = tableRows(read)
      .map((row) => {
        const words = row.words.filter((w) => !DIRECTION.has(w));
        return { row, words, name: [...words].sort().join(" ") };
      })
      .filter((r) => r.words.length > 0);
    PHRASE_ROWS.set(read, rows);
  }
  return rows;
}

/**
 * A source's phrase rows by the first of their words: namesPhrase needs every word of a row among a
 * statement's stems, so only the rows listed under one of those stems can be named (read once per source).
 */
const PHRASE_INDEX = new WeakMap<ReadText, Map<string, number[]>>();
function rowsNamedIn(read: ReadText, stems: string[]): number[] {
  let index = PHRASE_INDEX.get(read);
  if (!index) {
    index = new Map();
    phraseRows(read).forEach((r, p) => {
      const at = index!.get(r.words[0]);
      if (at) at.push(p);
      else index!.set(r.words[0], [p]);
    });
    PHRASE_INDEX.set(read, index);
  }
  const out: number[] = [];
  for (const s of new Set(stems)) {
    const at = index.get(s);
    if (at) out.push(...at);
  }
  // In the source's order, as a scan of every row would meet them.
  return out.sort((a, b) => a - b);
}

/** The stems of a row's label, every word of it ("other", "current" too), read once per row. */
const LABELS = new WeakMap<TableRow, string[]>();
function labelOf(row: TableRow): string[] {
  let label = LABELS.get(row);
  if (!label) {
    label = labelWords(row.cells[0].itemText);
    LABELS.set(row, label);
  }
  return label;
}

/** Rows of one name a figure can be read from (see namedRows). */
const MAX_NAMED_ROWS = 16;

/**
 * The row a statement names for a figure: the one line item of the sources' tables that the words before the
 * figure (since the previous figure of its sentence) name as a phrase, "cross currency swaps, with a notional
 * amount of $19,779 million". When that row gives the figure's period another value, and the figure was not
 * carried by a source sentence or by that row, another row's value was given to it: a contradiction.
 */
function* namedRows(checks: FigureCheck[], sources: ReadText[], statement: string, known: ReadonlySet<string>, budget: Budget): Generator<void, void, void> {
  const rowsBySource = sources.map(phraseRows);
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
      for (const p of rowsNamedIn(sources[i], stems)) {
        const { row, words, name: rowName } = rowsBySource[i][p];
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
        if (name && name !== rowName) {
          ambiguous = true;
          break rows;
        }
        name = rowName;
        named.push({ row, i });
        // Rows of one name are a statement's and its summary's; more than a few is a table of like rows
        // ("Net sales" once per segment), none of which the words name alone.
        if (named.length > MAX_NAMED_ROWS) {
          ambiguous = true;
          break rows;
        }
      }
    }
    // A row of another name written right after the figure names it instead: the figure is not read.
    if (!ambiguous && named.length) {
      for (let i = 0; i < sources.length && !ambiguous; i++) {
        for (const p of rowsNamedIn(sources[i], after)) {
          const entry = rowsBySource[i][p];
          if (--budget.comparisons < 0) return;
          if (namesPhrase(after, entry.words) && entry.name !== name) {
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
      const exact = named.filter((n) => labelOf(n.row).every((w) => written.has(w)));
      if (exact.length) named.splice(0, named.length, ...exact);
    }
    if (named.some((n) => c.by && n.row.cells.includes(c.by))) continue;
    // The named rows' cells of the figure's kind and period must agree on one value (the first cell of them).
    let first: { s: FigureInContext; i: number } | null = null;
    let differ = false;
    cells: for (const n of named) {
      for (const s of n.row.cells) {
        if (s.cell!.repeated || !kindsMatch(f, s) || samePeriod(f, s) !== true) continue;
        if (!first) first = { s, i: n.i };
        else if (s.value !== first.s.value) {
          differ = true;
          break cells;
        }
      }
    }
    if (!first || differ) continue;
    const { s, i } = first;
    if (valuesEqual(f, s) || equalAtSomeScale(f, s)) continue;
    c.status = "contradicted";
    c.source = i;
    c.by = s;
    c.note = `The source gives ${label(s)} for ${f.year} as ${written(s)}, not ${f.raw}.`;
  }
}
