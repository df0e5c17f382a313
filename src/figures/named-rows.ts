// The row a statement names for a figure (checkStatement's last readings, statement.ts): the line item of the
// sources' tables that the words before the figure name as a phrase. Rows are indexed by the words of their
// labels once per source, so a figure is compared only with the rows its words can name.
import { isItemStem, type FigureInContext, type ReadText } from "./context";
import { contentStems, stem, words } from "./text";
import { CATEGORY_AFTER, shareCategoryAfter } from "./clause-words";
import { coreItemWords } from "./line-items";
import { otherBasis, SEGMENT } from "./item-parts";
import { tableRows, type TableRow } from "./figure-index";
import { equalAtSomeScale, kindsMatch, valuesEqual } from "./values";
import { normalizeLabel } from "./table";
import { FIGURES_PER_STEP } from "./steps";
import { COMPARISONS_PER_STEP, MEASURE, type Budget, type FigureCheck } from "./compare";
import { samePeriod } from "./same-period";
import { label, written } from "./labels";

// Words of a cash flow row that say which way the cash went, not what the row is ("provided by (used in)").
const DIRECTION = new Set(["provid", "used"]);
// "Best Buy's", "Johnson & Johnson's": a name of up to four capitalized words in the possessive.
const POSSESSIVE = /\b(?:[A-Z][\w.&-]*\s+(?:&\s+)?){0,3}[A-Z][\w.&-]*['’]s\b/g;
/** Words of the period or the part of the company a statement's item carries ("In the second quarter", "International segment"): no row's words. */
const FRAME = new Set([...contentStems("first second third fourth quarter quarters fiscal"), ...SEGMENT]);
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

/**
 * A figure the statement gives no year, carried by another row's cell ("investments in wireless licenses
 * ($1,071 million)", the cell of "Investments in unconsolidated businesses"), where the row its words name
 * gives no period that value, and the carrying row's words are not the statement's: another row's value given
 * to the named one, a contradiction whatever the year. The named row's cells of the figure's kind must all
 * differ from it (a value of any period of the row carries it).
 */
function undated(c: FigureCheck, named: { row: TableRow; i: number }[]): void {
  const f = c.figure;
  const other = c.by!;
  // "Investing activities lost the least cash compared to financing activities, with $(962) million": the
  // carrying row is named too, and the figure may be its.
  // A column group's row ("Pharmaceutical" intangible asset amortization) is the statement's row when its own words are.
  const own = other.group ? other.item.filter((w) => !other.group!.has(w)) : other.item;
  if (coreItemWords(own).every((w) => f.context.has(w) || DIRECTION.has(w))) return;
  const cells = named.flatMap((n) => n.row.cells.filter((s) => !s.cell!.repeated && kindsMatch(f, s)).map((s) => ({ s, i: n.i })));
  if (!cells.length || cells.some(({ s }) => valuesEqual(f, s) || equalAtSomeScale(f, s))) return;
  const { s, i } = cells[0];
  c.status = "contradicted";
  c.source = i;
  c.by = s;
  c.note = `${f.raw} is ${label(other)}${other.year === null ? "" : ` for ${other.year}`}, not ${label(s)}; the source gives ${written(s)}${s.year === null ? "" : ` for ${s.year}`}.`;
}

/** Rows of one name a figure can be read from (see namedRows). */
const MAX_NAMED_ROWS = 16;

/**
 * The row a statement names for a figure: the one line item of the sources' tables that the words before the
 * figure (since the previous figure of its sentence) name as a phrase, "cross currency swaps, with a notional
 * amount of $19,779 million". When that row gives the figure's period another value, and the figure was not
 * carried by a source sentence or by that row, another row's value was given to it: a contradiction.
 */
export function* namedRows(checks: FigureCheck[], sources: ReadText[], statement: string, known: ReadonlySet<string>, budget: Budget): Generator<void, void, void> {
  const rowsBySource = sources.map(phraseRows);
  // A turn every FIGURES_PER_STEP figures, or sooner where they were read against many rows.
  let turnAt = budget.comparisons - COMPARISONS_PER_STEP;
  for (let k = 0; k < checks.length; k++) {
    if ((k > 0 && k % FIGURES_PER_STEP === 0) || budget.comparisons < turnAt) {
      turnAt = budget.comparisons - COMPARISONS_PER_STEP;
      yield;
    }
    const c = checks[k];
    const f = c.figure;
    // A figure of the statement's own arithmetic ("= $11,435 million", "($25,867 million out of ...)") names no row.
    // "its total assets ($228,275 million)": a figure alone in parentheses is the row the words before it name
    // (not "38.8% of total revenue ($25,867 million out of $66,608 million)", a computation's operands).
    const alone = /\(\s*$/.test(statement.slice(Math.max(0, f.index - 2), f.index)) && /^\s*\)/.test(statement.slice(f.index + f.raw.length, f.index + f.raw.length + 2));
    // A change is read only against a column group of changes the statement names (below).
    if (c.status === "contradicted" || (f.change && f.kind !== "percent") || f.index < 0 || (!f.item.length && !alone)) continue;
    // A figure the statement gives no year is read only when another row's cell carried it (see undated below).
    if (f.year === null && !(c.status === "carried" && c.by?.cell)) continue;
    // A bare number of a formula ("(Operating income / Total revenue) * 100") is no figure of a row.
    if (f.kind === "number" && f.scale === null && /[*×/]\s*$/.test(statement.slice(Math.max(0, f.index - 3), f.index))) continue;
    if (c.status === "carried" && !c.by?.cell) continue;
    const prev = k > 0 && checks[k - 1].figure.sentence === f.sentence ? checks[k - 1].figure : null;
    const start = prev ? prev.index + prev.raw.length : Math.max(statement.lastIndexOf("\n", f.index), statement.lastIndexOf(". ", f.index) + 1, 0);
    // Row labels are read with their hyphens as spaces ("Long-term debt": long, term, debt).
    // A possessive names whose the item is, not a row ("Best Buy's International segment": not the "Best Buy" stores row).
    // "declined 16.1% in Appliances", "45% Computing and Mobile Phones": a category named right after the figure names its row too.
    const following = statement.slice(f.index + f.raw.length, f.index + f.raw.length + 60);
    const category = CATEGORY_AFTER.exec(following) ?? (f.kind === "percent" ? shareCategoryAfter(() => statement.slice(Math.max(statement.lastIndexOf("\n", f.index), statement.lastIndexOf(". ", f.index) + 1, 0), f.index), following) : null);
    const categoryWords = category ? contentStems(category[1]) : [];
    const stems = [...contentStems(statement.slice(start, f.index).replace(POSSESSIVE, " ").replace(/-/g, " ")), ...categoryWords];
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
        // "Diluted EPS" is not the row of adjusted diluted EPS when "Non-GAAP diluted EPS" is beside it.
        if (!namesPhrase(stems, words) || otherBasis(f, row.cells[0])) continue;
        // "declined 16.1% in Appliances": only the rows of the category, not the total's ("Comparable sales % change").
        if (categoryWords.length && !categoryWords.every((w) => words.includes(w) || row.cells[0].context.has(w))) continue;
        // The figure's own item is that row's (its label, or the section it is printed under): "Income tax
        // expense: $(31) million" does not name "Other income".
        const context = row.cells[0].context;
        const fits = (w: string) => words.includes(w) || context.has(w) || DIRECTION.has(w) || MEASURE.has(w) || FRAME.has(w) || (CASH_FLOW.has(w) && words.includes("cash")) || known.has(w);
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
    // Rows of one label in column groups side by side ("Revenue Mix" and "Comparable Sales"): the group the
    // statement's sentence names.
    const sentence = new Set(contentStems(statement.slice(start, f.index + f.raw.length + 80).replace(/-/g, " ")));
    const inNamedGroup = (n: { row: TableRow }) => n.row.cells[0].group !== undefined && [...n.row.cells[0].group].every((w) => sentence.has(w));
    const grouped = named.filter(inNamedGroup);
    if (grouped.length && grouped.length < named.length) named.splice(0, named.length, ...grouped);
    // "comparable sales ... declined 2.4%": a change of a percentage, read only in the row and column group of
    // percentages the statement names ("Comparable Sales" beside "Revenue Mix"), whose cells are such changes.
    if (f.change && !(grouped.length && named.every((n) => inNamedGroup(n) && n.row.cells.every((x) => x.kind === "percent")))) continue;
    if (named.some((n) => c.by && n.row.cells.includes(c.by))) continue;
    if (f.year === null) {
      undated(c, named);
      continue;
    }
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
