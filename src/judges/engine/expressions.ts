// An arithmetic expression as an answer writes it ("($25,867 / $66,608) * 100", "$2,749 million + $47,032
// million", "20% of $66,608 million"): a tokenizer in one pass over the text, and an evaluator that carries the
// rounding of the figures as written into the result. What the relations of arithmetic.ts are read with.

export type Op = "/" | "+" | "-" | "*";

export interface NumToken {
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

export type Token = NumToken | { t: "op"; op: Op; start: number } | { t: "(" | ")" | "=" | "break"; start: number };

/** Tokens of one run between a break and an equals sign (or two equals signs): longer runs are not read. */
export const MAX_RUN = 48;

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
export function tokenize(s: string): Token[] {
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
    // A dash or star that opens a line before a space is a bullet ("- Cash: $4,835", not "-0.0996 * 100");
    // "**" is emphasis: neither is an operator.
    if ((c === "•" || ((c === "-" || c === "*") && (s[i + 1] === " " || s[i + 1] === "\t"))) && /(?:^|\n)[ \t]*$/.test(s.slice(Math.max(0, i - 8), i))) {
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
export interface Value {
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
export function evaluate(tokens: Token[], from: number, to: number, scaled: boolean): Value | null {
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
export interface Side {
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
export function suffixExpression(tokens: Token[], from: number, to: number): Side | null {
  for (let k = Math.max(from, to - MAX_RUN); k < to; k++) {
    if (k > from && joins(tokens[k - 1])) continue;
    if (evaluate(tokens, k, to, true)) return { from: k, to };
  }
  return null;
}

/** The longest expression of tokens[from, to) that starts at `from` (the right side), on the same terms. */
export function prefixExpression(tokens: Token[], from: number, to: number): Side | null {
  for (let k = Math.min(to, from + MAX_RUN); k > from; k--) {
    // "= -9.96% (This is a decrease)": a bracket that opens words goes on with no expression.
    if (k < to && joins(tokens[k]) && !(tokens[k].t === "(" && tokens[k + 1]?.t === "break")) continue;
    if (evaluate(tokens, from, k, true)) return { from, to: k };
  }
  return null;
}

/** Whether two values are one within the rounding both carry (and 0.2% for intermediate results rounded by the answer). */
export function agree(a: Value, b: Value): boolean {
  const close = (x: number, ex: number, y: number, ey: number) => Math.abs(Math.abs(x) - Math.abs(y)) <= ex + ey + 0.002 * Math.max(Math.abs(x), Math.abs(y)) + 1e-12;
  if (close(a.v, a.err, b.v, b.err)) return true;
  // "($25,867 / $66,608) * 100 = 38.82%", "= 0.2249" then "= 22.49": a ratio written as a percentage either way.
  if (a.ratio || b.ratio) return close(a.v * 100, a.err * 100, b.v, b.err) || close(a.v, a.err, b.v * 100, b.err * 100);
  return false;
}
