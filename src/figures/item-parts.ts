// Which part of a company and which reading of an item a figure is for: a column group's or segment's row
// (group), a part the statement names ("Domestic", "International"), the company's total, and reported
// against adjusted or basic against diluted. compare.ts reads these before it calls two figures one item.
import type { FigureInContext } from "./context";
import { contentStems } from "./text";
import { coreItemWords, isQualifier } from "./line-items";

/** A source figure's own row words: a column group's name ("Corporate & Investment Bank") left out. */
export function rowItem(s: FigureInContext): string[] {
  return s.group ? s.item.filter((w) => !s.group!.has(w)) : s.item;
}

export function rowContext(s: FigureInContext): ReadonlySet<string> {
  return s.group ? new Set([...s.context].filter((w) => !s.group!.has(w))) : s.context;
}

/**
 * The statement names another column group than the cell's: its group's words are not all there, and its
 * item has words the cell's row and group do not ("Corporate & Investment Bank net income" is not Consumer &
 * Community Banking's).
 */
function otherGroup(f: FigureInContext, s: FigureInContext, known: ReadonlySet<string>): boolean {
  // "Worldwide Total": a qualifier of the group's name is no word the statement must repeat.
  if (!s.group || [...s.group].every((w) => f.context.has(w) || isQualifier(w))) return false;
  // A change table named for a reading ("Operations" under "Percent Change"): the reading decides (opposed).
  if (s.change && s.groupName !== undefined && [...READING_GROUPS.values()].some((r) => r.test(s.groupName!))) return false;
  // "Total operating income" is no segment's: the company's total is not a group's row. The question's
  // subject ("Johnson & Johnson's worldwide adjusted income") names no other group.
  if (TOTAL.test(f.itemText)) return true;
  const unsaid = coreItemWords(f.item).filter((w) => !s.context.has(w) && !known.has(w));
  // A group its sentence names in an earlier clause ("Best Buy's Domestic revenue was $8,890 million, ..., and
  // the gross profit rate was 23.1%"), the figure's own words naming nothing the row does not but what kind of
  // figure it is: that group's. Words of another group ("$1,671 million for Pharmaceutical") still name another.
  if (f.sentenceWords && [...s.group].every((w) => f.sentenceWords!.has(w) || isQualifier(w))) return unsaid.some((w) => !KIND_WORDS.has(w));
  return unsaid.length > 0;
}

/** Words for what kind of figure an item's is, not which item: "the gross profit rate", "the margin". */
const KIND_WORDS = new Set(contentStems("rate rates margin margins percentage percent share"));

/** "Domestic segment revenue": the word for a group names no item of its own. */
export const SEGMENT = new Set(contentStems("segment segments division divisions reportable"));

const TOTAL = /\b(?:total|consolidated|company-wide|overall)\b/i;

/**
 * Words that narrow an item to a part of the company ("Domestic operating income", "International revenue"):
 * a figure given for that part is not carried by a row or sentence that does not name it.
 */
const SCOPE = new Set(contentStems("domestic international americas america europe emea asia pacific apac china japan canada mexico latin"));

/**
 * Words of one reading of an item against the other's: reported (GAAP) against adjusted, basic against diluted,
 * a reported change against one at constant currency or organic ("adjusted EPS declined 2% on a comparable
 * constant currency basis" is not the reported change's 9%; nor is "operational" growth the reported one).
 */
const REPORTED = new Set(contentStems("reported"));
const CONSTANT = new Set(contentStems("constant organic"));
const OPPOSED: [Set<string>, Set<string>][] = [
  [REPORTED, new Set(contentStems("adjusted"))],
  [new Set(contentStems("basic")), new Set(contentStems("diluted"))],
  [REPORTED, CONSTANT],
  // "Common stock ... 900,000 shares authorized" is not the preferred stock's "2,000 shares authorized".
  [new Set(contentStems("common")), new Set(contentStems("preferred"))],
];

/**
 * A reading named by the figure's line item as written, which its own clause may not repeat: "adjusted
 * reported EPS of $10.00 - $10.10, reflecting growth of 12.5%" gives the growth the EPS's reading. And
 * "Adjusted Operational EPS", "Operational Sales Growth": a reading at constant currency (Johnson & Johnson's
 * word), against the reported one, read as the word itself: its stem is that of "operations" ("income from
 * continuing operations"), which names no reading.
 */
const READING_WORDS = new Map<Set<string>, RegExp>([
  [REPORTED, /\breported\b/i],
  [CONSTANT, /\boperational(?:ly)?\b/i],
]);

/**
 * A change table's column name as a reading (J&J's sales data: "Percent Change" over "Total", "Operations",
 * "Currency"): the total change is the reported one, the operations' change the one at constant currency.
 */
const READING_GROUPS = new Map<Set<string>, RegExp>([
  [REPORTED, /^total$/i],
  [CONSTANT, /^operations?$|^operational$/i],
]);

/** Whether a figure names the reading `words` stand for: in its clause, its item and the words after it, or its change table's name. */
function namesReading(x: FigureInContext, words: Set<string>): boolean {
  return (
    [...words].some((w) => x.context.has(w)) ||
    (READING_WORDS.get(words)?.test(x.next ? `${x.itemText} ${x.next}` : x.itemText) ?? false) ||
    (x.change && x.groupName !== undefined && (READING_GROUPS.get(words)?.test(x.groupName) ?? false))
  );
}

/** A figure given at constant currency or organically ("grew 14.3% operationally", "on a constant currency basis"). */
export function atConstantCurrency(f: FigureInContext): boolean {
  return namesReading(f, CONSTANT);
}

/** The statement names one reading of its item and the source figure the other ("reported" income, the "Adjusted" row). */
function opposed(f: FigureInContext, s: FigureInContext): boolean {
  return OPPOSED.some(([a, b]) => namesReading(f, a) !== namesReading(f, b) && namesReading(s, a) !== namesReading(s, b) && namesReading(f, a) !== namesReading(s, a));
}

/** The statement's item names a part of the company that the source figure's row or sentence does not. */
function otherScope(f: FigureInContext, s: FigureInContext): boolean {
  for (const w of f.item) if (SCOPE.has(w) && !s.context.has(w) && !s.item.includes(w)) return true;
  return false;
}

/**
 * The source figure is of another basis than the statement's (figure-types.ts, Basis): adjusted EBIT and GAAP
 * EBIT are one item on two bases. An adjusted figure is not read against a GAAP figure, nor against a table
 * row that names no basis (the GAAP figures of a summary table); a figure given as GAAP is not read against an
 * adjusted one, nor is a figure given with no basis against an adjusted row ("Non-GAAP diluted EPS") or an
 * adjusted figure its sentence sets beside the GAAP one ("EPS of $1.33 ... and adjusted EPS of $2.35"). A
 * sentence's figure may carry its basis in words the reading does not tie to it ("adjusted EPS of $2.35
 * increasing by 10.3%", "adjusted EPS was $10.15, and the company guides to $10.50"): read as before.
 */
export function otherBasis(f: FigureInContext, s: FigureInContext): boolean {
  if (f.basis === "adjusted") return s.basis === "gaap" || (s.basis === undefined && s.cell !== null);
  return s.basis === "adjusted" && (f.basis === "gaap" || s.cell !== null || s.contrasted === true);
}

/** The statement's figure is for another part of the company or another reading of the item than the source's. */
export function otherPart(f: FigureInContext, s: FigureInContext, known: ReadonlySet<string> = new Set()): boolean {
  return otherGroup(f, s, known) || otherScope(f, s) || opposed(f, s) || otherBasis(f, s);
}
