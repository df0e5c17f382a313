// The arithmetic an answer writes out ("($25,867 / $66,608) * 100 = 38.82%", "Quick Ratio = $27,111 million /
// $50,171 million", then "Quick Ratio ≈ 0.54") read by a tokenizer in one pass, and the relations that do not
// hold within the rounding of the figures as written. Whole expressions are evaluated (parentheses and
// precedence), so a step is never read from the middle of one ("$66,608) * 100 = 38.82%" is no step). A
// change written in words ("increased by 64%, from $3.7 billion in 2021 to $6 billion in 2022") is one too.
import { quantities, type Quantity } from "../../figures/numbers";
import { sentences } from "../../figures/text";
import { runSteps, turnAfterChars } from "../../figures/steps";
import { agree, evaluate, MAX_RUN, prefixExpression, suffixExpression, tokenize, type NumToken, type Op, type Side, type Token } from "./expressions";

/** Equals signs (and brackets) read per text: bounded work on an adversarial answer; an answer writes tens. */
const MAX_EQUALS = 1_000;

/** A two-operand step ("a op b = c"): what the fuzz and hostile tests read. */
export interface ArithmeticStep {
  left: number;
  op: Op;
  right: number;
  /** The stated result as written ("4.8"), and whether it is a percentage. */
  result: string;
  percent: boolean;
}

/** A relation the text writes between two expressions (at least one of them computed). */
export interface ArithmeticRelation {
  left: string;
  right: string;
  holds: boolean;
}

interface RelationAt {
  /** The text the tokens were read from (the answer, or two lines of it joined by "="). */
  text: string;
  tokens: Token[];
  left: Side;
  right: Side;
}

function holds(r: RelationAt): boolean {
  // Scale words applied ("$1.2 billion - $800 million = $400 million"), or read as written on both sides
  // ("$4,835 + $1,020 = $5,855 million").
  for (const scaled of [true, false]) {
    const a = evaluate(r.tokens, r.left.from, r.left.to, scaled);
    const b = evaluate(r.tokens, r.right.from, r.right.to, scaled);
    // A figure of hundreds of digits cannot be checked: no error is counted.
    if (a && b && (!Number.isFinite(a.v) || !Number.isFinite(b.v) || agree(a, b))) return true;
  }
  return false;
}

/**
 * The name a line gives the quantity it works out ("Quick Ratio" in "Quick Ratio = $9,981 / $6,369"): the
 * words since the line, clause or sentence began, when they are words only; else null.
 */
function labelBefore(text: string, at: number): { label: string; start: number } | null {
  const head = text.slice(Math.max(0, at - 80), at);
  let cut = -1;
  for (const m of head.matchAll(/[\n:;=]|\.\s/g)) cut = (m.index ?? 0) + m[0].length;
  if (cut < 0 && at > 80) return null;
  const raw = head.slice(Math.max(0, cut));
  const label = raw.replace(/[*#]+/g, " ").replace(/^\s*[-•]\s*/, "").replace(/\s+/g, " ").trim().toLowerCase();
  if (!/^[a-z][a-z &'’()/.,-]{1,59}$/.test(label)) return null;
  return { label, start: at - raw.length + (raw.length - raw.trimStart().length) };
}

function relationsAt(text: string): RelationAt[] {
  if (!/[=≈≅(]/.test(text)) return [];
  const tokens = tokenize(text);
  const out: RelationAt[] = [];
  // Where the run before each token began: after the last break or equals sign.
  let runStart = 0;
  let equals = 0;
  let brackets = 0;
  // The last line that worked a named quantity out without a result ("Total debt = $2,749 million + $47,032
  // million"), which the next line may give ("Total debt = $49,781 million").
  let open: { label: string; side: Side; end: number } | null = null;
  let chainLabel: string | null = null;
  for (let e = 0; e < tokens.length && equals < MAX_EQUALS; e++) {
    const t = tokens[e];
    if (t.t === "break") {
      runStart = e + 1;
      continue;
    }
    if (t.t === "(") {
      // Bounded as the equals signs are: an answer writes tens of brackets.
      if (++brackets > MAX_EQUALS) continue;
      const given = givenWithWorking(tokens, e);
      if (given) out.push({ text, tokens, ...given });
      continue;
    }
    if (t.t !== "=") continue;
    equals++;
    let runEnd = e + 1;
    while (runEnd < tokens.length && tokens[runEnd].t !== "break" && tokens[runEnd].t !== "=") runEnd++;
    const left = suffixExpression(tokens, runStart, e);
    const right = prefixExpression(tokens, e + 1, runEnd);
    const named = runStart === e && tokens[e - 1]?.t === "break" ? labelBefore(text, t.start) : null;
    if (named) chainLabel = named.label;
    else if (!left) chainLabel = null;
    runStart = e + 1;
    if (named && right && open && open.label === named.label && /^[\s*#-]*$/.test(text.slice(open.end, named.start))) {
      out.push({ text, tokens, left: open.side, right });
    }
    if (right) {
      const last = tokens[right.to - 1];
      const end = last.t === "num" ? last.end : last.start + 1;
      const ends = right.to === runEnd && tokens[runEnd]?.t !== "=";
      open = ends && chainLabel && evaluate(tokens, right.from, right.to, true)!.computed ? { label: chainLabel, side: right, end } : null;
    }
    if (!left || !right) continue;
    const a = evaluate(tokens, left.from, left.to, true)!;
    const b = evaluate(tokens, right.from, right.to, true)!;
    if (!a.computed && !b.computed) continue;
    out.push({ text, tokens, left, right });
  }
  return out;
}

/**
 * A figure followed by its working in brackets, "155.5% ($7,396 million / $4,756 million)", or a percentage
 * whose working follows the words it is a share of, "38.8% of the total revenue ($25,867 million out of
 * $66,608 million)": the figure and the bracket's expression, when that has an operator.
 */
function givenWithWorking(tokens: Token[], open: number): { left: Side; right: Side } | null {
  let k = open - 1;
  const before = tokens[k];
  if (before?.t === "break" && tokens[k - 1]?.t === "op" && tokens[k - 2]?.t === "num" && (tokens[k - 2] as NumToken).percent) k -= 2;
  else if (before?.t !== "num") return null;
  let close = open + 1;
  let depth = 1;
  for (; close < tokens.length && close - open <= MAX_RUN; close++) {
    const t = tokens[close].t;
    if (t === "(") depth++;
    else if (t === ")" && --depth === 0) break;
    else if (t === "=" || t === "break") return null;
  }
  if (depth !== 0 || close >= tokens.length) return null;
  const inner = evaluate(tokens, open + 1, close, true);
  if (!inner?.computed) return null;
  return { left: { from: k, to: k + 1 }, right: { from: open + 1, to: close } };
}

const sideText = (r: RelationAt, side: Side) => {
  const last = r.tokens[side.to - 1];
  const end = last.t === "num" ? last.end : last.start + 1;
  return r.text.slice(r.tokens[side.from].start, end);
};

// "Percentage Increase: (($6,043 - $3,694) / $3,694) * 100": a named quantity worked out after a colon.
const LABELLED_LINE = /^[ \t]*(?:[-*•][ \t]*)?([A-Za-z][A-Za-z &'’()/.-]{0,58}[A-Za-z)]):[ \t]*([^\n=≈]{1,300})$/gm;

/** Pairs of such lines read per text: an answer writes tens. */
const MAX_LABELLED_PAIRS = 200;

/**
 * Lines that name a quantity and work it out after a colon, the next line giving the same name its next step
 * or its value ("Percentage Increase: ($2,349 / $3,694) * 100" then "Percentage Increase: 63.59%"): each
 * pair read as one relation, as if written with "=" (the first 2,000 such lines, 200 pairs).
 */
function labelledLines(text: string): RelationAt[] {
  if (!text.includes(":")) return [];
  const out: RelationAt[] = [];
  let prev: { label: string; rest: string; end: number } | null = null;
  let seen = 0;
  let pairs = 0;
  for (const m of text.matchAll(LABELLED_LINE)) {
    if (++seen > 2_000 || pairs >= MAX_LABELLED_PAIRS) break;
    const at = m.index ?? 0;
    const label = m[1].toLowerCase().replace(/\s+/g, " ");
    if (prev && prev.label === label && /^\n[ \t]*$/.test(text.slice(prev.end, at).replace(/^[ \t]*/, ""))) {
      pairs++;
      for (const r of relationsAt(`${prev.rest} = ${m[2]}`)) if (r.left.from === 0) out.push(r);
    }
    prev = { label, rest: m[2], end: at + m[0].length };
  }
  return out;
}

/** Every relation the text writes between expressions ("a op b = c", "(a - b) / c = d = e%"), left to right. */
function allRelations(text: string): RelationAt[] {
  return [...relationsAt(text), ...labelledLines(text)];
}

/** Every relation the text writes between expressions ("a op b = c", "(a - b) / c = d = e%"), left to right. */
export function arithmeticRelations(text: string): ArithmeticRelation[] {
  return allRelations(text).map((r) => ({ left: sideText(r, r.left), right: sideText(r, r.right), holds: holds(r) }));
}

/** The relations of two figures and one operator whose result is one figure ("$1,577 / $32,765 = 4.8%"). */
export function arithmeticSteps(text: string): ArithmeticStep[] {
  const out: ArithmeticStep[] = [];
  for (const r of relationsAt(text)) {
    const lt = r.tokens.slice(r.left.from, r.left.to);
    const rt = r.tokens.slice(r.right.from, r.right.to);
    const operands = lt.filter((t) => t.t === "num");
    const ops = lt.filter((t): t is { t: "op"; op: Op; start: number } => t.t === "op");
    const result = rt.filter((t): t is NumToken => t.t === "num");
    if (operands.length !== 2 || result.length !== 1 || rt.some((t) => t.t === "op" && !(t.op === "-" && t === rt[0]))) continue;
    const binary = ops.filter((o) => o.start > operands[0].start && o.start < operands[1].start);
    if (binary.length !== 1) continue;
    const left = evaluate(r.tokens, r.left.from, r.left.from + lt.indexOf(binary[0]), false);
    const right = evaluate(r.tokens, r.left.from + lt.indexOf(binary[0]) + 1, r.left.to, false);
    if (!left || !right) continue;
    const num = result[0];
    const written = text.slice(rt[0].start, num.end).replace(/\s/g, "").replace(/%$/, "");
    out.push({ left: left.v, op: binary[0].op, right: right.v, result: written.replace(/^\$/, ""), percent: num.percent });
  }
  return out;
}

// "from $5,034 million in Q2 2022 to": the level a change starts from, and where it goes to.
const FROM = /\bfrom\s+(?:(?:a|an|the|about|approximately|roughly|around|nearly|level|value|of|negative|positive)\s+){0,4}$/i;
const TO = /^[^;\d]{0,12}(?:(?:in|at|for|during|as of|on)\s+[^;]{0,28}?)?\bto\s+(?:(?:about|approximately|roughly|around|nearly)\s+)?$/i;
// "increased by 64%", "grew 64%", "a decrease of 74%", "a 74% decrease": a percentage given as the change.
const CHANGE_BEFORE = /\b(?:increas|decreas|grew|grow|declin|rose|fell|dropp|jump|climb|went up|went down|up|down|(?:increase|decrease|decline|drop|growth|rise|reduction|fall)\s+of)\w*\s+(?:by\s+)?(?:only\s+|about\s+|approximately\s+|roughly\s+|nearly\s+|around\s+)?$/i;
const CHANGE_AFTER = /^\s*(?:year-over-year\s+|yoy\s+)?(?:increase|decrease|decline|drop|growth|rise|reduction|fall|jump)\b/i;

/** Whether two figures are read with their scale words (both have one, or the same) or both as written. */
const scaledPair = (a: Quantity, b: Quantity) => a.scale === b.scale || (a.scale > 1 && b.scale > 1);

/**
 * Whether a change written in words holds: a percentage given as the change between a level "from" and a
 * level "to" in one sentence, as a relative change or, between two percentages, in points; within the
 * rounding of the three figures as written. Null when the sentence does not write exactly one such change.
 */
function changeHolds(sentence: string): boolean | null {
  const qs = quantities(sentence).filter((q) => !(q.mantissa < 10 && q.decimals === 0 && !q.percent && !q.currency && q.scale === 1));
  const pairs: [Quantity, Quantity][] = [];
  for (let i = 0; i + 1 < qs.length; i++) {
    const [a, b] = [qs[i], qs[i + 1]];
    if (a.percent !== b.percent || a.mantissa === 0) continue;
    if (FROM.test(sentence.slice(Math.max(0, a.index - 60), a.index)) && TO.test(sentence.slice(a.end, b.index))) pairs.push([a, b]);
  }
  const changes = qs.filter((q) => q.percent && (CHANGE_BEFORE.test(sentence.slice(Math.max(0, q.index - 40), q.index)) || CHANGE_AFTER.test(sentence.slice(q.end, q.end + 30))) && !pairs.some(([a, b]) => a === q || b === q));
  if (pairs.length === 0 && changes.length === 1) return changeFromHolds(sentence, qs, changes[0]);
  if (pairs.length !== 1 || changes.length !== 1) return null;
  const [[a, b]] = pairs;
  const p = changes[0];
  const scaled = scaledPair(a, b);
  const [x, y] = scaled ? [a.value, b.value] : [a.mantissa, b.mantissa];
  const unit = (q: Quantity) => 0.5 * 10 ** -q.decimals * (scaled ? q.scale : 1);
  const [hx, hy, hp] = [unit(a), unit(b), 0.5 * 10 ** -p.decimals];
  const relative = (Math.abs(y - x) / Math.abs(x)) * 100;
  const relErr = (100 * (hx + hy)) / Math.abs(x) + (relative * hx) / Math.abs(x);
  if (Math.abs(relative - p.mantissa) <= relErr + hp + 0.005 * p.mantissa) return true;
  // "increased by 3% from 20% to 23%": a change in points between two percentages.
  return a.percent && Math.abs(Math.abs(b.mantissa - a.mantissa) - p.mantissa) <= hx + hy + hp + 1e-9;
}

// "$9,569 million, down 7.1% from $8,890 million": the words between a level and its change, and between
// the change and the level it changed from.
const LEVEL_TO_CHANGE = /^[^;\d%]{0,60}$/;
const YEARS = /(?<![\d.,])(?:19|20)\d\d(?!\d|[.,]\d|%)/g;
/** "... from $8,890 million to ...": the from-to form, which changeHolds reads. */
const toFollows = (sentence: string, b: Quantity) => /^\s*(?:in\s+[^;]{0,28}?)?\bto\b/i.test(sentence.slice(b.end, b.end + 40));
const CHANGE_TO_BASE = /^\s*(?:year-over-year\s+|yoy\s+)?(?:from|compared\s+(?:with|to)|versus|vs\.?|over)\s+(?:(?:a|an|the|about|approximately|roughly|around|nearly)\s+)?$/i;
const FALLS = /\b(?:decreas|declin|fell|dropp|went down|down|decrease|decline|drop|reduction|fall|lower)\w*/i;

/**
 * The other way a change is written in words: a level, the change as a percentage, and the level it changed
 * from ("was $8,890 million, down 7.1% from $9,569 million"). Holds when the percentage is the change from
 * the base within the rounding of the three figures and the level lies on the side the words give (down:
 * below the base). Null when the sentence does not write exactly that.
 */
function changeFromHolds(sentence: string, qs: Quantity[], p: Quantity): boolean | null {
  // The level: the figure before the change (quantities() reads no year: "in the second quarter of fiscal 2024"
  // between them is words, its year removed below).
  const at = qs.indexOf(p);
  const [a, b] = [qs[at - 1], qs[at + 1]];
  if (!a || !b || a.percent !== b.percent || b.mantissa === 0 || !scaledPair(a, b)) return null;
  if (!LEVEL_TO_CHANGE.test(sentence.slice(a.end, p.index).replace(YEARS, "")) || !CHANGE_TO_BASE.test(sentence.slice(p.end, b.index))) return null;
  if (toFollows(sentence, b)) return null;
  const falls = FALLS.test(sentence.slice(Math.max(a.end, p.index - 40), p.index)) || /^\s*(?:decrease|decline|drop|reduction|fall)\b/i.test(sentence.slice(p.end, p.end + 20));
  const [x, y] = [a.value, b.value];
  if (x !== y && x < y !== falls) return false;
  const unit = (q: Quantity) => 0.5 * 10 ** -q.decimals * q.scale;
  const [hx, hy, hp] = [unit(a), unit(b), 0.5 * 10 ** -p.decimals];
  const relative = (Math.abs(x - y) / Math.abs(y)) * 100;
  const relErr = (100 * (hx + hy)) / Math.abs(y) + (relative * hy) / Math.abs(y);
  if (Math.abs(relative - p.mantissa) <= relErr + hp + 0.005 * p.mantissa) return true;
  // "down 3 points from 25%": a change in points between two percentages.
  return a.percent && Math.abs(Math.abs(x - y) - p.mantissa) <= hx + hy + hp + 1e-9;
}

/**
 * How many steps written with "=" hold and rest on grounded figures: every figure of the step that is not a
 * formula constant (x 100, / 2) is one `grounded` accepts (by its offset in the text, e.g. a figure the
 * sources state or one the answer derived from them). Such a step is a calculation the sources check, not a
 * chance of error they do not state. And quotes: equals signs that only name what follows them ("Total
 * Revenues = $66,608 million", "Gross Margin = ($66,608 million - $63,078 million) / $66,608 million"), a
 * grounded figure or a grounded ratio's working, whose own steps are counted as steps. A named sum or
 * difference ("Working capital = $57,517 million - $45,101 million") stays a step: in the calibration half such
 * answers from grounded figures were labelled wrong as often as right (the metric's convention, which the
 * figures do not show), so the name is where the answer may go wrong.
 */
export function groundedSteps(answer: string, grounded: (start: number, end: number) => boolean): { steps: number; quotes: number } {
  let n = 0;
  let quotes = 0;
  // Results of checked steps, as written: a later step may start from them ("= $10,573" then "$10,573 / $47,262").
  const results = new Set<string>();
  const key = (t: NumToken) => `${t.value}|${t.scale}|${t.percent}`;
  const ok = (t: NumToken) => t.bare || results.has(key(t)) || grounded(t.start, t.end);
  // The equals sign of each checked step (the last before its right side), by its offset in the answer.
  const stepEquals = new Set<number>();
  for (const r of relationsAt(answer)) {
    if (!r.tokens.slice(r.left.to, r.right.from).some((t) => t.t === "=") || !holds(r)) continue;
    const sides = [r.left, r.right].map((side) => ({ nums: r.tokens.slice(side.from, side.to).filter((t): t is NumToken => t.t === "num"), computed: evaluate(r.tokens, side.from, side.to, true)?.computed ?? false }));
    const pinned = pinnedFigure(sides, ok);
    // The operands: every figure of a computed side; a side that is one figure is the result.
    if (!pinned && !sides.every((s) => !s.computed || s.nums.every(ok))) continue;
    n += 1;
    for (const s of sides) if (!s.computed) for (const t of s.nums) results.add(key(t));
    if (pinned) results.add(key(pinned));
    let sign = r.right.from - 1;
    while (sign >= 0 && r.tokens[sign].t !== "=") sign--;
    if (sign >= 0) stepEquals.add(r.tokens[sign].start);
  }
  if (!answer.includes("=")) return { steps: n, quotes };
  const tokens = tokenize(answer);
  for (let e = 1; e + 1 < tokens.length && e < MAX_EQUALS * 8; e++) {
    const t = tokens[e];
    if (t.t !== "=" || tokens[e - 1].t !== "break" || stepEquals.has(t.start)) continue;
    if (namesGroundedWorking(tokens, e + 1, ok)) quotes += 1;
  }
  return { steps: n, quotes };
}

/**
 * A step that holds, one side all grounded and the other computed with one figure that is not: that figure
 * is pinned by the step ("($66,608 million - $63,078 million) / $66,608 million = $3,530 million / $66,608
 * million" gives $3,530 million), so the step is checked and the figure is a result. Else null.
 */
function pinnedFigure(sides: { nums: NumToken[]; computed: boolean }[], ok: (t: NumToken) => boolean): NumToken | null {
  const [a, b] = sides;
  for (const [known, other] of [[a, b], [b, a]]) {
    if (!known.nums.length || !known.nums.every(ok) || !other.computed) continue;
    const open = other.nums.filter((t) => !ok(t));
    if (open.length === 1) return open[0];
  }
  return null;
}

/**
 * Whether the run from `from` to the next equals sign or words is one grounded figure (formula constants
 * aside), or a ratio's working (it divides) whose every figure is grounded.
 */
function namesGroundedWorking(tokens: Token[], from: number, ok: (t: NumToken) => boolean): boolean {
  let figures = 0;
  let divides = false;
  for (let k = from; k < tokens.length && k - from <= MAX_RUN; k++) {
    const t = tokens[k];
    if (t.t === "break" || t.t === "=") break;
    if (t.t === "op" && t.op === "/") divides = true;
    if (t.t !== "num") continue;
    if (!ok(t)) return false;
    if (!t.bare) figures += 1;
  }
  return figures === 1 || (figures > 0 && divides);
}

// "12.0 cents per share, up from 12.25 cents": the words between a level and the level it moved from, and
// the direction they give.
const MOVED_FROM = /^[^;\d%]{0,60}?\b(?:(up|higher|rising|rose|grew|increased|an increase)|(down|lower|falling|fell|declined|dropped|decreased|a decrease|a decline))\s+(?:from|than)\s+(?:(?:a|an|the|about|approximately|roughly|around|nearly)\s+)?$/i;

/**
 * A level and the level it moved from with no change written ("was 12.0 cents per share, up from 12.25
 * cents"): false when the level lies on the other side of the words' direction, null when the sentence
 * writes no such pair (or the two are equal as written, or a "to" follows: the from-to form).
 */
function directionHolds(sentence: string): boolean | null {
  const qs = quantities(sentence).filter((q) => !(q.mantissa < 10 && q.decimals === 0 && !q.percent && !q.currency && q.scale === 1));
  for (let i = 0; i + 1 < qs.length; i++) {
    const [a, b] = [qs[i], qs[i + 1]];
    if (a.percent !== b.percent || !scaledPair(a, b)) continue;
    const m = MOVED_FROM.exec(sentence.slice(a.end, b.index).replace(YEARS, ""));
    if (!m || toFollows(sentence, b)) continue;
    const signed = (q: Quantity) => (q.negative ? -q.value : q.value);
    const [x, y] = [signed(a), signed(b)];
    if (x === y) continue;
    return m[1] ? x > y : x < y;
  }
  return null;
}

/** How many written relations do not hold within the rounding of the figures as written. */
export function arithmeticErrors(answer: string): number {
  return runSteps(arithmeticErrorsSteps(answer));
}

/** A sentence longer than this is no change written in words (a hostile answer's one sentence of thousands of figures). */
const MAX_CHANGE_SENTENCE = 2_000;

/** arithmeticErrors in steps (figures/steps.ts): the changes in words read with a turn after each sentence's worth (turnAfterChars). */
export function* arithmeticErrorsSteps(answer: string): Generator<void, number, void> {
  let errors = allRelations(answer).filter((r) => !holds(r)).length;
  yield* turnAfterChars(answer.length);
  // Changes written in words: only sentences that name a level "from" (bounded: the first 400 sentences).
  for (const sentence of sentences(answer).slice(0, 400)) {
    if (sentence.length > MAX_CHANGE_SENTENCE || !/\b(?:from|than)\b/i.test(sentence)) continue;
    yield* turnAfterChars(sentence.length);
    const change = /%/.test(sentence) ? changeHolds(sentence) : null;
    if (change === false || (change === null && directionHolds(sentence) === false)) errors += 1;
  }
  return errors;
}
