// The arithmetic an answer writes out ("($25,867 / $66,608) * 100 = 38.82%", "Quick Ratio = $27,111 million /
// $50,171 million", then "Quick Ratio ≈ 0.54") read by a tokenizer in one pass, and the relations that do not
// hold within the rounding of the figures as written. Whole expressions are evaluated (parentheses and
// precedence), so a step is never read from the middle of one ("$66,608) * 100 = 38.82%" is no step). A
// change written in words ("increased by 64%, from $3.7 billion in 2021 to $6 billion in 2022") is one too.
import { quantities, type Quantity } from "../../figures/numbers";
import { sentences } from "../../figures/text";

/** A two-operand step ("a op b = c"): what the fuzz and hostile tests read. */
export interface ArithmeticStep {
  left: number;
  op: "/" | "+" | "-" | "*";
  right: number;
  /** The stated result as written ("4.8"), and whether it is a percentage. */
  result: string;
  percent: boolean;
}

type Op = ArithmeticStep["op"];

interface NumToken {
  t: "num";
  value: number;
  /** The rounding of the number as written (half its last digit's unit), before scale and percent. */
  half: number;
  percent: boolean;
  /** The scale word's multiplier ("million", "M"), 1 when none. */
  scale: number;
  /** Written bare: no currency, scale, percent, separator or decimals ("100", "2", "365"). */
  bare: boolean;
  start: number;
  end: number;
}

type Token = NumToken | { t: "op"; op: Op; start: number } | { t: "(" | ")" | "=" | "break"; start: number };

/** Tokens of one run between a break and an equals sign (or two equals signs): longer runs are not read. */
const MAX_RUN = 48;
/** Equals signs read per text (bounded work on an adversarial answer; an answer writes tens). */
const MAX_EQUALS = 1_000;

const SCALE_WORDS: [string, number][] = [
  ["thousands", 1e3], ["thousand", 1e3], ["millions", 1e6], ["million", 1e6], ["billions", 1e9], ["billion", 1e9],
  ["mn", 1e6], ["mm", 1e6], ["bn", 1e9],
];
const SCALE_LETTERS: Record<string, number> = { k: 1e3, K: 1e3, m: 1e6, M: 1e6, b: 1e9, B: 1e9 };

function isDigit(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return c >= 48 && c <= 57;
}

function isLetter(c: string | undefined): boolean {
  if (c === undefined) return false;
  const code = c.charCodeAt(0);
  if (code < 128) return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  return /\p{L}/u.test(c);
}

/** The scale word at w ("million", "bn"), or null; only read when a letter that begins one is there. */
function scaleWordAt(s: string, w: number): [string, number] | null {
  const c = s[w];
  if (c !== "t" && c !== "T" && c !== "m" && c !== "M" && c !== "b" && c !== "B") return null;
  const word = s.slice(w, w + 9).toLowerCase();
  return SCALE_WORDS.find(([name]) => word.startsWith(name) && !isLetter(s[w + name.length])) ?? null;
}

/** A number at i (after an optional currency sign): digits with separators, decimals, "%", a scale word. */
function readNumber(s: string, i: number): NumToken | null {
  const start = i;
  let j = i;
  let currency = false;
  if (s[j] === "$" || s[j] === "€" || s[j] === "£") {
    currency = true;
    j++;
    if (s[j] === " ") j++;
  }
  if (!isDigit(s, j) && !(s[j] === "." && isDigit(s, j + 1))) return null;
  const first = j;
  let separators = false;
  while (j < s.length) {
    if (isDigit(s, j)) j++;
    else if (s[j] === "," && j > first && isDigit(s, j + 1) && isDigit(s, j + 2) && isDigit(s, j + 3) && !isDigit(s, j + 4)) {
      separators = true;
      j++;
    } else break;
  }
  let decimals = 0;
  if (s[j] === "." && isDigit(s, j + 1)) {
    j++;
    const from = j;
    while (isDigit(s, j)) j++;
    decimals = j - from;
  }
  // A run of hundreds of digits reads as Infinity: a token all the same, so the scan moves past it at once.
  const value = Number(separators ? s.slice(first, j).replace(/,/g, "") : s.slice(first, j));
  let percent = false;
  let scale = 1;
  let k = j;
  if (s[k] === "%" || (s[k] === " " && s[k + 1] === "%")) {
    percent = true;
    k = s[k] === "%" ? k + 1 : k + 2;
  } else if (SCALE_LETTERS[s[k]] && !isLetter(s[k + 1])) {
    // "$51,761M", "$1.2B": a scale letter right after the digits.
    scale = SCALE_LETTERS[s[k]];
    k++;
  } else {
    const w = s[k] === " " ? k + 1 : k;
    const found = scaleWordAt(s, w);
    if (found) {
      scale = found[1];
      k = w + found[0].length;
    }
  }
  const bare = !currency && !percent && scale === 1 && !separators && decimals === 0;
  return { t: "num", value, half: 0.5 * 10 ** -decimals, percent, scale, bare, start, end: k };
}

/** The text as tokens: numbers, operators, brackets, equals signs, and a break for anything else (words). */
function tokenize(s: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  const pushBreak = (at: number) => {
    if (out.at(-1)?.t !== "break") out.push({ t: "break", start: at });
  };
  while (i < s.length) {
    const c = s[i];
    if (c === " " || c === "\t" || c === "\n" || c === "\r") {
      i++;
      continue;
    }
    const n = readNumber(s, i);
    if (n) {
      // "10-K", "Q3", "FY2022": a number inside a word is no figure; nor is a year ("(2022)", "2022 - 2021").
      const year = n.bare && n.value >= 1900 && n.value <= 2100 && n.end - n.start === 4;
      if (year || isLetter(s[i - 1]) || (isLetter(s[n.end]) && n.scale === 1 && !n.percent)) {
        pushBreak(i);
        i = n.end;
        while (i < s.length && (isLetter(s[i]) || isDigit(s, i))) i++;
        continue;
      }
      out.push(n);
      i = n.end;
      continue;
    }
    if (c === "=" || c === "≈" || c === "≅" || (c === "~" && s[i + 1] === "=")) {
      out.push({ t: "=", start: i });
      i += c === "~" ? 2 : 1;
      continue;
    }
    if (c === "(" || c === ")") {
      out.push({ t: c, start: i });
      i++;
      // "(5) million": the scale word after the bracket is the bracketed figure's.
      const prev = out.at(-2);
      if (c === ")" && prev?.t === "num" && prev.scale === 1 && !prev.percent) {
        const w = s[i] === " " ? i + 1 : i;
        const found = scaleWordAt(s, w);
        if (found) {
          prev.scale = found[1];
          prev.bare = false;
          i = w + found[0].length;
        }
      }
      continue;
    }
    // A dash or star that opens a line is a bullet; "**" is emphasis: neither is an operator.
    if ((c === "-" || c === "*" || c === "•") && /(?:^|\n)[ \t]*$/.test(s.slice(Math.max(0, i - 8), i))) {
      pushBreak(i);
      i++;
      continue;
    }
    if (c === "*" && (s[i + 1] === "*" || s[i - 1] === "*")) {
      pushBreak(i);
      i++;
      continue;
    }
    const op: Op | null =
      c === "+" ? "+" : c === "-" || c === "−" || c === "–" ? "-" : c === "*" || c === "×" ? "*" : c === "/" || c === "÷" ? "/" : (c === "x" || c === "X") && s[i - 1] === " " && s[i + 1] === " " ? "*" : null;
    if (op) {
      out.push({ t: "op", op, start: i });
      i++;
      continue;
    }
    // "20% of $66,608 million": a percentage of a figure is their product; "$25,867 million out of $66,608
    // million" is a share, their quotient.
    const last = out.at(-1);
    if (c === "o" && s.startsWith("out of", i) && !isLetter(s[i + 6]) && last?.t === "num") {
      out.push({ t: "op", op: "/", start: i });
      i += 6;
      continue;
    }
    if (c === "o" && s[i + 1] === "f" && !isLetter(s[i + 2]) && s[i - 1] === " " && last?.t === "num" && last.percent && last.end >= i - 1) {
      out.push({ t: "op", op: "*", start: i });
      i += 2;
      continue;
    }
    pushBreak(i);
    if (isLetter(c)) while (i < s.length && isLetter(s[i])) i++;
    else i++;
  }
  return out;
}

/** A value with the rounding it carries from the figures it was computed from. */
interface Value {
  v: number;
  err: number;
  /** Computed (an operator was applied), not a figure as written. */
  computed: boolean;
  /** A division was made or a percentage read: the result may be written as a ratio or as a percentage. */
  ratio: boolean;
}

/**
 * A parser over tokens[from, to) for one reading of scale words (applied, or ignored when the two sides of a
 * relation may write the same scale once). Returns the value of the whole range, or null when it is not
 * one expression. "(5)" alone in brackets is a negative figure, as statements print it.
 */
function evaluate(tokens: Token[], from: number, to: number, scaled: boolean): Value | null {
  let i = from;
  const peek = () => (i < to ? tokens[i] : undefined);
  const isOp = (...ops: Op[]) => {
    const t = peek();
    return t !== undefined && t.t === "op" && ops.includes(t.op);
  };
  let depth = 0;
  const factor = (): Value | null => {
    const t = peek();
    if (!t) return null;
    if (t.t === "num") {
      i++;
      const unit = (t.percent ? 0.01 : 1) * (scaled ? t.scale : 1);
      // A bare whole number a figure is multiplied or divided by (x 100, / 2, 365) is exact.
      const exact = t.bare && (isOp("*", "/") || (i - 2 >= from && tokens[i - 2].t === "op" && ((tokens[i - 2] as { op: Op }).op === "*" || (tokens[i - 2] as { op: Op }).op === "/")));
      return { v: t.value * unit, err: exact ? 0 : t.half * unit, computed: false, ratio: t.percent };
    }
    if (t.t === "op" && t.op === "-") {
      i++;
      const v = factor();
      return v && { ...v, v: -v.v };
    }
    if (t.t === "(") {
      if (++depth > 16) return null;
      i++;
      const inner = sum();
      depth--;
      if (!inner || peek()?.t !== ")") return null;
      i++;
      // "(5,022)": a figure alone in brackets is negative.
      const single = tokens[i - 3]?.t === "(" && tokens[i - 2]?.t === "num";
      return single ? { ...inner, v: -inner.v } : inner;
    }
    return null;
  };
  const product = (): Value | null => {
    let a = factor();
    while (a && isOp("*", "/")) {
      const op = (tokens[i++] as { op: Op }).op;
      const b = factor();
      if (!b) return null;
      if (op === "*") a = { v: a.v * b.v, err: Math.abs(a.v) * b.err + Math.abs(b.v) * a.err, computed: true, ratio: a.ratio || b.ratio };
      else {
        if (b.v === 0) return null;
        const q = a.v / b.v;
        a = { v: q, err: Math.abs(q) * ((a.v === 0 ? 0 : a.err / Math.abs(a.v)) + b.err / Math.abs(b.v)), computed: true, ratio: true };
      }
    }
    return a;
  };
  const sum = (): Value | null => {
    let a = product();
    while (a && isOp("+", "-")) {
      const op = (tokens[i++] as { op: Op }).op;
      const b = product();
      if (!b) return null;
      a = { v: op === "+" ? a.v + b.v : a.v - b.v, err: a.err + b.err, computed: true, ratio: a.ratio || b.ratio };
    }
    return a;
  };
  const v = sum();
  return v && i === to ? v : null;
}

/** One side of a relation: where its expression lies in the tokens. */
interface Side {
  from: number;
  to: number;
}

/** Whether a token continues an expression (an operator or a bracket): an expression is not cut there. */
const joins = (t: Token | undefined) => t !== undefined && (t.t === "op" || t.t === "(" || t.t === ")");

/**
 * The longest expression of tokens[from, to) that ends at `to` (the left side of an equals sign); none when
 * the run before it goes on with an operator, the expression then being cut out of one that has words in it
 * ("(Inventory at the end of FY2021 + ...) / 2 = ...").
 */
function suffixExpression(tokens: Token[], from: number, to: number): Side | null {
  for (let k = Math.max(from, to - MAX_RUN); k < to; k++) {
    if (k > from && joins(tokens[k - 1])) continue;
    if (evaluate(tokens, k, to, true)) return { from: k, to };
  }
  return null;
}

/** The longest expression of tokens[from, to) that starts at `from` (the right side), on the same terms. */
function prefixExpression(tokens: Token[], from: number, to: number): Side | null {
  for (let k = Math.min(to, from + MAX_RUN); k > from; k--) {
    if (k < to && joins(tokens[k])) continue;
    if (evaluate(tokens, from, k, true)) return { from, to: k };
  }
  return null;
}

/** Whether two values are one within the rounding both carry (and 0.2% for intermediate results rounded by the answer). */
function agree(a: Value, b: Value): boolean {
  const close = (x: number, ex: number, y: number, ey: number) => Math.abs(Math.abs(x) - Math.abs(y)) <= ex + ey + 0.002 * Math.max(Math.abs(x), Math.abs(y)) + 1e-12;
  if (close(a.v, a.err, b.v, b.err)) return true;
  // "($25,867 / $66,608) * 100 = 38.82%", "= 0.2249" then "= 22.49": a ratio written as a percentage either way.
  if (a.ratio || b.ratio) return close(a.v * 100, a.err * 100, b.v, b.err) || close(a.v, a.err, b.v * 100, b.err * 100);
  return false;
}

/** A relation the text writes between two expressions (at least one of them computed). */
export interface ArithmeticRelation {
  left: string;
  right: string;
  holds: boolean;
}

interface RelationAt {
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
      if (given) out.push({ tokens, ...given });
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
      out.push({ tokens, left: open.side, right });
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
    out.push({ tokens, left, right });
  }
  return out;
}

/**
 * A figure followed by its working in brackets, "155.5% ($7,396 million / $4,756 million)", or a percentage
 * whose working follows the words it is a share of, "38.8% of the total revenue ($25,867 million out of
 * $66,608 million)": the figure and the bracket's expression, when that has an operator.
 */
function givenWithWorking(tokens: Token[], open: number): { left: Side; right: Side } | null {
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
  let k = open - 1;
  const before = tokens[k];
  if (before?.t === "break" && tokens[k - 1]?.t === "op" && tokens[k - 2]?.t === "num" && (tokens[k - 2] as NumToken).percent) k -= 2;
  else if (before?.t !== "num") return null;
  return { left: { from: k, to: k + 1 }, right: { from: open + 1, to: close } };
}

const sideText = (text: string, r: RelationAt, side: Side) => {
  const last = r.tokens[side.to - 1];
  const end = last.t === "num" ? last.end : last.start + 1;
  return text.slice(r.tokens[side.from].start, end);
};

/** Every relation the text writes between expressions ("a op b = c", "(a - b) / c = d = e%"), left to right. */
export function arithmeticRelations(text: string): ArithmeticRelation[] {
  return relationsAt(text).map((r) => ({ left: sideText(text, r, r.left), right: sideText(text, r, r.right), holds: holds(r) }));
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

/** How many written relations do not hold within the rounding of the figures as written. */
export function arithmeticErrors(answer: string): number {
  let errors = relationsAt(answer).filter((r) => !holds(r)).length;
  // Changes written in words: only sentences that name a level "from" (bounded: the first 400 sentences).
  for (const sentence of sentences(answer).slice(0, 400)) if (/\bfrom\b/i.test(sentence) && /%/.test(sentence) && changeHolds(sentence) === false) errors += 1;
  return errors;
}
