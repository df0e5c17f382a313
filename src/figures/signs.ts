// Which way a figure goes, read the same way by every reader: a profit line given as a loss or a loss as a
// profit, and a change given as a rise where the source gives a decline (or the other way). compare.ts reads
// these before it calls two figures with the same digits one figure.
import type { FigureInContext, ReadText } from "./context";

const PROFIT_ITEMS = new Set(["netIncome", "operatingIncome", "pretaxIncome", "grossProfit"]);
const LOSS_WORDS = /\b(loss|losses|deficit|negative|shortfall)\b/i;

/**
 * Whether a statement gives a profit line (net, operating, pretax income, gross profit) as a gain where the
 * source prints the same digits as a loss ("(5,053)" or "-5,053"). Only profit lines: cash outflows and
 * costs are printed negative and written positive as a matter of course.
 */
export function profitForLoss(f: FigureInContext, s: FigureInContext): boolean {
  if (f.negative || !s.negative || f.change || s.change) return false;
  if (!PROFIT_ITEMS.has(f.standard ?? "") || f.standard !== s.standard) return false;
  return !LOSS_WORDS.test(`${f.itemText} ${f.trail.join(" ")}`);
}

/**
 * The other way round: a statement that gives a profit line as a loss ("a net loss of $5,349 million",
 * "$(5,349)") where the source prints the same digits as a profit under a label that names no loss.
 */
export function lossForProfit(f: FigureInContext, s: FigureInContext): boolean {
  if (s.negative || f.change || s.change) return false;
  if (!PROFIT_ITEMS.has(s.standard ?? "") || f.standard !== s.standard) return false;
  return (f.negative || LOSS_WORDS.test(`${f.itemText} ${f.trail.join(" ")}`)) && !LOSS_WORDS.test(`${s.itemText} ${s.trail.join(" ")}`);
}

// "rose 2.4%", "increased by 2.4%"; "declined 2.4%", "fell by 2.4%": a change given as a rise or a decline by
// the word before it (a statement's, a source sentence's, or a row label's: "Comparable Sales Increased").
const RISE_BEFORE = /\b(?:rose|risen|rises|rising|increased|increases|increasing|grew|grown|grows|growing|gained|climbed|jumped|improved|up|higher)(?:\s+by)?$/i;
const DECLINE_BEFORE = /\b(?:fell|fallen|falls|falling|declined|declines|declining|decreased|decreases|decreasing|dropped|drops|dropping|shrank|contracted|down|lower)(?:\s+by)?$/i;

export function wordDirection(text: string): 1 | -1 | 0 {
  const t = text.trim();
  return RISE_BEFORE.test(t) ? 1 : DECLINE_BEFORE.test(t) ? -1 : 0;
}

// "growth of 12.5%", "an increase of $5 million"; "a decline of 3%", "a reduction of": the change a noun right
// before the figure names.
const RISE_NOUN = /\b(?:growth|increases?|rises?|improvements?)\s+of$/i;
const DECLINE_NOUN = /\b(?:declines?|decreases?|drops?|falls?|reductions?|contractions?)\s+of$/i;

/**
 * Which way a figure's own words give it: a verb right before it ("rose 2.4%", wordDirection), else a noun
 * ("reflecting increased growth of 12.5%", "a decline of 12.5%"). Growth of a negative figure ("growth of
 * (2.0)%") is a decline.
 */
/** Which way a change noun goes ("increase", "decline"), as the words after a figure name it ("a 1.8% decline in average ticket"). */
export function nounDirection(noun: string): 1 | -1 {
  return DECLINE_NOUN.test(`${noun} of`) ? -1 : 1;
}

export function saidDirection(text: string, negative: boolean): 1 | -1 | 0 {
  const verb = wordDirection(text);
  if (verb !== 0) return verb;
  const t = text.trim();
  if (RISE_NOUN.test(t)) return negative ? -1 : 1;
  return DECLINE_NOUN.test(t) ? -1 : 0;
}

/** Per source, its table rows ("table:row") that print a negative cell: rows of signed changes, where a positive cell is a rise. */
const SIGNED_ROWS = new WeakMap<ReadText, Set<string>>();
function signedRows(read: ReadText): Set<string> {
  let rows = SIGNED_ROWS.get(read);
  if (!rows) {
    rows = new Set(read.figures.filter((x) => x.cell && x.negative).map((x) => `${x.cell!.table}:${x.cell!.row}`));
    SIGNED_ROWS.set(read, rows);
  }
  return rows;
}

/** Which way a source figure goes: its words, a cell printed negative, or a positive cell of a row of signed changes. */
export function sourceDirection(s: FigureInContext, read: ReadText): 1 | -1 | 0 {
  // "EPS of $1.33 decreasing 24.9%": the word right before the figure, whatever item its sentence gives it.
  const said = wordDirection(s.itemText) || (s.said ?? 0);
  if (said !== 0) return said;
  if (!s.cell) return 0;
  if (s.negative) return -1;
  // A change column's cell ("Comparable constant currency ∆%"): a positive change is a rise.
  if (s.change) return s.mantissa > 0 ? 1 : 0;
  return signedRows(read).has(`${s.cell.table}:${s.cell.row}`) ? 1 : 0;
}

/** A statement's change given one way ("rose 2.4%") where the source gives the same digits the other way ("(2.4)%", "increased 15.6%"). */
export function oppositeDirection(f: FigureInContext, s: FigureInContext, read: ReadText): boolean {
  if (!f.change && !f.said) return false;
  const said = f.negative ? -1 : wordDirection(f.itemText) || (f.said ?? 0);
  return said !== 0 && said === -sourceDirection(s, read);
}

// "increased to 37.6%", "fell to 23.6%": a level reached by a rise or a decline. Not "improved to": an
// expense ratio improves by falling.
const RISE_TO = /\b(?:rose|risen|increased|grew|grown|climbed|expanded|jumped|up)\s+to\s*$/i;
const DECLINE_TO = /\b(?:fell|fallen|decreased|declined|dropped|contracted|shrank|down)\s+to\s*$/i;
// "unchanged at 37.6%"; "gross profit of 37.6% was flat compared to ...": a level that did not move.
const FLAT_BEFORE = /\b(?:unchanged|flat|steady|stable)\s+at\s*$/i;
const FLAT_AFTER = /^[\s,]*(?:was|were|remained|stayed|held|is|are)\s+(?:flat|unchanged|stable|steady)\b/i;

// "this increases the annual dividend for fiscal 2023 to 49.0 cents", "reduced its quarterly dividend to": a
// level someone raised or cut, the item between the verb and "to".
const RAISED_TO = /\b(?:increases|increased|raises|raised|lifts|lifted|boosts|boosted)(?:\s+[\w'’&-]+){1,8}?\s+to\s*$/i;
const CUT_TO = /\b(?:decreases|decreased|reduces|reduced|cuts|lowers|lowered|trims|trimmed)(?:\s+[\w'’&-]+){1,8}?\s+to\s*$/i;

/** How a level's words say it was reached (FigureInContext.move): the clause before it and the words after it. */
export function levelMove(before: string, after: string): 1 | -1 | 0 | undefined {
  const t = before.trimEnd();
  if (RISE_TO.test(t) || RAISED_TO.test(t)) return 1;
  if (DECLINE_TO.test(t) || CUT_TO.test(t)) return -1;
  return FLAT_BEFORE.test(t) || FLAT_AFTER.test(after) ? 0 : undefined;
}

/** A statement's level reached one way ("increased to 37.6%") where the source says it moved another ("37.6% was flat"). */
export function movedOtherWay(f: FigureInContext, s: FigureInContext): boolean {
  return f.move !== undefined && s.move !== undefined && f.move !== s.move && !f.change && !s.change;
}

/** A level's move in words: "an increase to", "a decline to", "flat at". */
export function moveWords(move: 1 | -1 | 0 | undefined): string {
  return move === 1 ? "an increase to" : move === -1 ? "a decline to" : "flat at";
}
