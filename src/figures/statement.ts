// A statement's figures checked together (checkFigure for each, in steps), then read against one another and
// the sources' tables: a figure anchored to its neighbours' column, to the day a column prints, to the row its
// sentence names last (named-rows.ts), or to a row's change between two years. What "the same figure" is stays
// in compare.ts.
import { OPENING } from "./clause-words";
import { isItemStem, partOf, readText, statementFigureSteps, yearsIn, type FigureInContext, type ReadText } from "./context";
import { unquarterly } from "./year-part";
import { contentStems, stemSet, words } from "./text";
import { figureSentences } from "./prose-lines";
import { coreItemWords } from "./line-items";
import { candidates, nearest, rowCells, tableRows } from "./figure-index";
import { changedCopySteps } from "./changed-copies";
import { undatedReadings } from "./undated";
import { equalAtSomeScale, kindsMatch, valuesEqual } from "./values";
import { FIGURES_PER_STEP, runSteps, turnAfter } from "./steps";
import { namedRows } from "./named-rows";
import { reversedYears } from "./reversed-years";
import { comparedAsCurrent, stateOfOther, swappedRoles } from "./swapped-roles";
import { supersededColumns } from "./superseded-columns";
import { withSharedLinks } from "./shared-links";
import { withCompanyCalendar } from "./company-calendar";
import { fiscalTickerNamedIn } from "../core/fiscal-calendar";
import { dayText, markFiscalYears } from "./fiscal-days";
import { samePeriod } from "./same-period";
import { checkFigure, COMPARISONS_PER_STEP, sameItem, STATEMENT_BUDGET, type Budget, type FigureCheck, type FigureStatus, type StatementCheck } from "./compare";
import { label, written } from "./labels";
import { segmentAt, segmentNames } from "./subject";
import { levelChanges } from "./level-changes";
import { levelMultiples, levelShares } from "./level-shares";
import { levelSums } from "./level-sums";
import { bareChanges } from "./bare-changes";
import { wordedMoves } from "./worded-moves";

/**
 * The one year a statement and its question name, or null when they name none or several: "cash from
 * operations was $5,841 million" answers "in FY2023" when nothing else names another year.
 */
/** Sentences of a statement whose words are gathered between two turns. */
const SENTENCES_PER_STEP = 64;

const LABEL_NOTE = /\$\s?\d[\d,]{0,12}(?:\.\d{1,3})?\s\((?:19|20)\d\d,\s\$\s?\d[\d,]{0,12}(?:\.\d{1,3})?\)/g;

const NOTE_REFERENCE = /\((?:see\s)?notes?\s\d{1,3}(?:(?:,\s?|\sand\s)\d{1,3}){0,4}\)/gi;

// A year named as the comparison's period: "than in fiscal 2022", "compared with 2021", "versus FY2021".
const COMPARISON_YEAR = /\b(?:than|compared\s(?:with|to)|versus|vs\.?|relative\sto)\s(?:(?:in|the|fiscal|year)\s){0,3}(?:fy\s?)?((?:19|20)\d\d)\b/gi;

/** Whether every mention of `year` in the statement names a comparison's period (COMPARISON_YEAR). */
function onlyCompared(statement: string, year: number): boolean {
  const compared = [...statement.matchAll(COMPARISON_YEAR)].filter((m) => Number(m[1]) === year).length;
  return compared > 0 && compared === yearsIn(statement).filter((y) => y === year).length;
}

function onlyYear(text: string): number | null {
  const years = new Set(yearsIn(text));
  return years.size === 1 ? [...years][0] : null;
}

/** What the text around a statement tells its check (an answer, for one of its claims; a reference, for one of its lines). */
export interface Around {
  /** The years it names: with the statement's and the question's, they tell how a table's January year-ends are named (compare.ts, calendarChoice). */
  years?: Iterable<number>;
  /** The company it is about (a ticker of src/core/fiscal-calendar.ts), whose calendar dates the sources' days; else the one the question names. */
  company?: string | null;
}

/**
 * Every figure of a statement checked in context against the sources (texts or already read). context: the
 * question, whose one year (with the statement's) dates the figures that name none, and whose company's
 * fiscal calendar, when known, dates the sources' days (company-calendar.ts).
 */
export function checkStatement(
  statement: string,
  sources: (string | ReadText)[],
  known: ReadonlySet<string> = new Set(),
  context = "",
  budget: Budget = { comparisons: STATEMENT_BUDGET },
  around: Around = {},
): StatementCheck {
  return runSteps(checkStatementSteps(statement, sources, known, context, budget, around));
}

/** checkStatement in steps (figures/steps.ts): a turn every FIGURES_PER_STEP figures. */
export function* checkStatementSteps(
  statement: string,
  sources: (string | ReadText)[],
  known: ReadonlySet<string> = new Set(),
  context = "",
  budget: Budget = { comparisons: STATEMENT_BUDGET },
  around: Around = {},
): Generator<void, StatementCheck, void> {
  // A filing's own fiscal-year links date the other sources' days too (shared-links.ts), and the company's
  // known calendar those of sources without links (company-calendar.ts).
  const company = around.company !== undefined ? around.company : fiscalTickerNamedIn(context);
  const read = withCompanyCalendar(withSharedLinks(sources.map((s) => (typeof s === "string" ? readText(s) : s))), company);
  // The statement's own one year dates its figures, whatever year the question names ("in fiscal 2022 at a
  // total cost of $431 million" answering about fiscal 2023); a statement naming none takes the question's.
  // "Accounts receivable trade, less allowances for doubtful accounts $203 (2021, $230)": a note of the label
  // (this year's allowance and last year's), not the row's figures or its year.
  // "Interest and other expense (income), net (Note 18)": a note reference, no figure (as table.ts reads a row).
  statement = statement.replace(LABEL_NOTE, (m) => " ".repeat(m.length)).replace(NOTE_REFERENCE, (m) => " ".repeat(m.length));
  const stated = new Set(yearsIn(statement));
  const questionYear = onlyYear(context);
  let ownYear = stated.size === 1 ? [...stated][0] : stated.size === 0 ? questionYear : null;
  // A quarter or half named anywhere: the figures without a year of their own take the one quarter named (the
  // statement's, else the question's: "Domestic operating income was $329 million" answering about "the second
  // quarter of fiscal 2024") with that year, or stay undated. "Quarterly" names how often ("a quarterly cash
  // dividend of 12.25 cents"), not the statement's period: its own clause's figure reads it as its part.
  const whole = partOf(unquarterly(`${context} ${statement}`)) === null;
  const quarter = whole ? null : partOf(unquarterly(statement)) ?? partOf(unquarterly(context));
  const askedPart = whole ? null : quarter && /^q[1-4]$/.test(quarter) ? quarter : undefined;
  // The question's quarter, where the statement names none ("at January 28, 2023 (the end of fiscal 2023)",
  // answering about fiscal 2023 and Q2 of fiscal 2024): a guess at the figure's part, not its statement's word.
  const partFromQuestion = !whole && partOf(unquarterly(statement)) === null;
  // "Inventory at the beginning of 2022" is the balance at the end of 2021: not dated by the question's year.
  const own = yield* statementFigureSteps(statement);
  const sentenceWords: Set<string>[] = [];
  const segments: { text: string; start: number; names: ReturnType<typeof segmentNames> }[] = [];
  for (const s of figureSentences(statement)) {
    sentenceWords.push(stemSet(s.text));
    segments.push({ text: s.text, start: s.start, names: segmentNames(s.text) });
    if (sentenceWords.length % SENTENCES_PER_STEP === 0) yield;
  }
  own.forEach((f, k) => {
    if (f.sentence < 0) return;
    f.sentenceWords = sentenceWords[f.sentence];
    const named = segments[f.sentence];
    const segment = named?.names.length ? segmentAt(named.text, named.names, f.index - named.start) : null;
    if (segment) f.segment = segment;
    if (k > 0 && own[k - 1].sentence === f.sentence) f.ownerWords = own[k - 1].item;
  });
  // "Net sales increased 18.3% to $10.2 billion compared to $8.6 billion in fiscal 2021": the one year named is
  // the comparison's, not the level's; the level takes the question's year, if another. So is a year named only
  // after a comparison's word ("was 3.4% lower than in fiscal 2022", "compared with 2021") where the question
  // names another year: the level is the question's year's.
  if (
    ownYear !== null &&
    stated.size === 1 &&
    ((own.some((f) => f.compared && f.year === ownYear) && !own.some((f) => !f.compared && f.year === ownYear)) ||
      (questionYear !== null && questionYear !== ownYear && onlyCompared(statement, ownYear)))
  ) {
    ownYear = questionYear !== ownYear ? questionYear : null;
  }
  // A figure of a comparison clause is the comparison period's ("compared with $8,630.9 million"): not dated
  // by the statement's year; the year before it where the clause says so ("a year earlier"): comparison.ts.
  const dated = own.map((f) => {
    if (ownYear === null || askedPart === undefined || f.year !== null || f.part !== null || f.change || OPENING.test(f.itemText)) return f;
    if (askedPart === null) return f.compared && !f.yearBefore ? f : { ...f, year: f.yearBefore ? ownYear - 1 : ownYear };
    return f.compared || f.index < 0 ? f : { ...f, year: ownYear, part: askedPart, partGuessed: true, ...(partFromQuestion ? { partFromQuestion: true } : {}) };
  });
  // "net sales were $3,226.8 million in fiscal 2022", no quarter named anywhere: the year's figure (compare.ts).
  if (whole) for (const f of dated) if (f.year !== null && f.part === null && !f.change) f.wholeYear = true;
  // "in the second quarter of fiscal 2024": a fiscal year, which a source's day may fall in a calendar year apart.
  yield* turnAfter(dated.length);
  yield* markFiscalYears(statement, context, own, dated);
  yield* turnAfter(dated.length);
  const figures: FigureCheck[] = [];
  const namedYears = new Set([...stated, ...yearsIn(context), ...(around.years ?? [])]);
  // A turn every FIGURES_PER_STEP figures, or sooner where they were compared with many source figures.
  let turnAt = budget.comparisons - COMPARISONS_PER_STEP;
  for (const f of dated) {
    figures.push(checkFigure(f, read, known, false, budget, namedYears));
    if (figures.length % FIGURES_PER_STEP === 0 || budget.comparisons < turnAt) {
      turnAt = budget.comparisons - COMPARISONS_PER_STEP;
      yield;
    }
  }
  yield* anchorByColumn(figures, read, known);
  yield* turnAfter(dated.length);
  datedColumns(figures, read);
  yield* turnAfter(dated.length);
  yield* namedRows(figures, read, statement, known, budget);
  rowChanges(figures, read, statement, known);
  yield* levelChanges(figures, read, statement, known);
  levelShares(figures, read, statement);
  levelMultiples(figures, statement);
  yield* levelSums(figures, read, statement, known);
  yield* bareChanges(figures, read, statement, known);
  yield* turnAfter(dated.length);
  // Figures with a year of their own (their sentence's, or the heading's they are under), not the statement's.
  otherColumns(figures.filter((c, k) => own[k].year !== null), read);
  yield* turnAfter(dated.length);
  reversedYears(figures.filter((c, k) => own[k].year !== null), read);
  yield* turnAfter(dated.length);
  yield* swappedRoles(figures, read, known);
  comparedAsCurrent(figures, read, known);
  stateOfOther(figures, read);
  supersededColumns(figures, read, statement, context);
  yield* turnAfter(dated.length);
  yield* changedCopySteps(figures, read);
  yield* undatedReadings(figures, read, known);
  // Moves said in words alone ("net sales decreased in 2018"): checks of their own, after every figure's.
  figures.push(...wordedMoves(statement, read, known, yearsIn(context)));
  const count = (st: FigureStatus) => figures.filter((c) => c.status === st).length;
  return { figures, carried: count("carried"), contradicted: count("contradicted"), unmatched: count("unmatched"), notes: figures.filter((c) => c.note).map((c) => c.note) };
}

/** Carried figures on each side of a figure that anchorByColumn reads as its sentence's anchors. */
const ANCHORS_EACH_SIDE = 4;

/**
 * Figures a sentence gives one line item for several years, where the table's columns are not sure years
 * (a fiscal year ending in January, 13 and 52 weeks side by side): a carried figure of the sentence fixes
 * which column is which of its years, and the sentence's other years are then read from the neighbouring
 * columns of the same row and run of years. "$12,400.0 million for fiscal 2022, compared to $8,630.9 million
 * in fiscal 2021": 8,630.9 sits in the column dated 2022, so fiscal 2022 is the column dated 2023: 10,208.6.
 */
function* anchorByColumn(checks: FigureCheck[], sources: ReadText[], known: ReadonlySet<string>): Generator<void, void, void> {
  const anchors = checks.filter((a) => a.status === "carried" && a.by?.cell && a.by.year !== null && a.figure.year !== null).sort((a, b) => a.figure.index - b.figure.index);
  if (!anchors.length) return;
  for (const [k, c] of checks.entries()) {
    if (k > 0 && k % FIGURES_PER_STEP === 0) yield;
    const f = c.figure;
    if (c.status !== "unmatched" || f.year === null || f.change) continue;
    // The anchors beside the figure in its sentence (a sentence of thousands of figures made every pair one to read).
    for (const anchor of nearest(anchors, f.index, ANCHORS_EACH_SIDE, (a) => a.figure.index)) {
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

// Words of a working that may take a balance from the year before ("average inventory", "beginning of 2022").
const OPENING_BALANCE = new Set(["averag", "begin", "open", "start", "prior", "previou"]);

/**
 * An operand of the answer's working, or a figure its words give no item ("Total debt = $5,247 million +
 * $41,990 million" for FY2022), that no source gives for its year while exactly one table row gives it for
 * another year the statement does not name, that row giving the figure's year another value: the other
 * column's value, a contradiction ("$5,247 million is current portion of long-term debt for 2023, not 2022").
 * Not in a working that may take the year before's balance (an average, a beginning-of-year figure).
 */
function otherColumns(checks: FigureCheck[], sources: ReadText[]): void {
  for (const c of checks) {
    const f = c.figure;
    // Only a year its own sentence names (or the heading over it, when the sentence names none): a year the
    // statement or question gives every figure may be the closing year of a working over two years'
    // balances written on lines of their own (the caller passes only figures with a year of their own).
    if (c.status !== "unmatched" || f.year === null || (f.years.length && !f.years.includes(f.year)) || f.change || f.index < 0 || !(f.operand || !f.item.length)) continue;
    if ([...f.context].some((w) => OPENING_BALANCE.has(w))) continue;
    let found: { s: FigureInContext; i: number } | null = null;
    let rows = 0;
    for (const [i, read] of sources.entries()) {
      for (const s of candidates(f, read)) {
        if (!s.cell || s.cell.repeated || !kindsMatch(f, s) || !valuesEqual(f, s) || samePeriod(f, s) !== false || f.years.includes(s.year!)) continue;
        if (found && found.i === i && found.s.cell!.table === s.cell.table && found.s.cell!.row === s.cell.row) continue;
        found = { s, i };
        rows += 1;
      }
    }
    if (rows !== 1 || !found) continue;
    const own = rowCells(sources[found.i], found.s).filter((x) => x.cell!.block === found.s.cell!.block && samePeriod(f, x) === true && kindsMatch(f, x));
    if (own.length !== 1 || equalAtSomeScale(f, own[0])) continue;
    c.status = "contradicted";
    c.source = found.i;
    c.by = own[0];
    c.note = `${f.raw} is ${label(found.s)} for ${found.s.year}, not ${f.year}; the source gives ${written(own[0])} for ${f.year}.`;
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
