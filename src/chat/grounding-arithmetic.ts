// Arithmetic an answer shows ("gross profit $5,000 / revenue $10,000 = 50%"): the expressions between "="
// signs, evaluated from the figures as written, so the guard can accept a result it can redo itself.
// Bounded: short expressions only, a fixed number of tokens, a linear scan.

/** Expressions longer than this are not redone (their result is then checked as any other figure). */
const MAX_EXPRESSION_CHARS = 400;
const MAX_TOKENS = 80;

type Token = { num: number } | { op: string };

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= "0" && c <= "9";
}

/** Numbers and operators of an expression; words, currency signs and scale words between them are skipped. */
function tokens(text: string): Token[] | null {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    if (out.length > MAX_TOKENS) return null;
    const c = text[i];
    if (isDigit(c) || (c === "." && isDigit(text[i + 1]))) {
      let j = i;
      let s = "";
      while (j < text.length && (isDigit(text[j]) || (text[j] === "," && isDigit(text[j + 1]) && isDigit(text[j + 2]) && isDigit(text[j + 3])) || (text[j] === "." && isDigit(text[j + 1])))) {
        if (text[j] !== ",") s += text[j];
        j += 1;
      }
      out.push({ num: Number(s) });
      // A percent sign after an operand: the figure is a percentage, read as written.
      i = j;
      continue;
    }
    if ("+*/^()".includes(c)) out.push({ op: c });
    else if (c === "×" || (c === "x" && text[i - 1] === " " && text[i + 1] === " ")) out.push({ op: "*" });
    else if (c === "÷") out.push({ op: "/" });
    else if ((c === "-" || c === "−" || c === "–") && !/[a-z]/i.test(text[i - 1] ?? "") && !/[a-z]/i.test(text[i + 1] ?? "")) out.push({ op: "-" });
    i += 1;
  }
  return out;
}

/** The value of an arithmetic expression (numbers, + - * / ^, parentheses), or null when it is not one. */
export function evaluateExpression(text: string): number | null {
  if (text.length > MAX_EXPRESSION_CHARS) return null;
  const ts = tokens(text);
  if (!ts || ts.length < 3 || !ts.some((t) => "op" in t && t.op !== "(" && t.op !== ")")) return null;
  let i = 0;
  const isOp = (op: string) => {
    const t = ts[i];
    return t !== undefined && "op" in t && t.op === op;
  };
  const factor = (): number | null => {
    const t = ts[i++];
    if (!t) return null;
    if ("num" in t) return t.num;
    if (t.op === "(") {
      const v = sum();
      if (!isOp(")")) return null;
      i += 1;
      return v;
    }
    if (t.op === "-") {
      const v = factor();
      return v === null ? null : -v;
    }
    return null;
  };
  const power = (): number | null => {
    const base = factor();
    if (base === null || !isOp("^")) return base;
    i += 1;
    const e = factor();
    return e === null ? null : base ** e;
  };
  const product = (): number | null => {
    let v = power();
    while (v !== null && (isOp("*") || isOp("/"))) {
      const op = (ts[i++] as { op: string }).op;
      const w = power();
      v = w === null || (op === "/" && w === 0) ? null : op === "*" ? v * w : v / w;
    }
    return v;
  };
  const sum = (): number | null => {
    let v = product();
    while (v !== null && (isOp("+") || isOp("-"))) {
      const op = (ts[i++] as { op: string }).op;
      const w = product();
      v = w === null ? null : op === "+" ? v + w : v - w;
    }
    return v;
  };
  const v = sum();
  return i === ts.length && v !== null && Number.isFinite(v) ? v : null;
}

export interface ShownArithmetic {
  /** Character ranges [start, end) of the expressions (operands live there). */
  expressions: [number, number][];
  /** Offsets of the results the expressions give correctly ("= 50%" when the expression before it is 50%). */
  results: Set<number>;
}

/** The result a figure written as `raw` states: its number as written (percent sign and scale words aside). */
function writtenNumber(raw: string): { value: number; decimals: number } | null {
  const m = /(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?/.exec(raw);
  if (!m) return null;
  const negative = /^\(|[-−–]/.test(raw.trim());
  const v = Number(`${m[1].replace(/,/g, "")}${m[2] ? `.${m[2]}` : ""}`);
  return { value: negative ? -v : v, decimals: m[2]?.length ?? 0 };
}

/**
 * The arithmetic a sentence shows: for each "=", the expression since the previous "=" (or the sentence's
 * start) and, when the figure right after it is what that expression gives within its written rounding,
 * that figure's offset. `figureAt` gives the raw text of the figure starting at an offset, if any.
 */
export function shownArithmetic(sentence: string, figures: { index: number; raw: string; percent: boolean }[]): ShownArithmetic {
  const expressions: [number, number][] = [];
  const results = new Set<number>();
  let prev = 0;
  for (let eq = sentence.indexOf("="); eq >= 0; eq = sentence.indexOf("=", eq + 1)) {
    const start = prev;
    prev = eq + 1;
    const expr = sentence.slice(start, eq);
    const value = evaluateExpression(expr);
    if (value === null) continue;
    expressions.push([start, eq]);
    const next = figures.find((f) => f.index > eq && /^[\s$]*$/.test(sentence.slice(eq + 1, f.index)));
    if (!next) continue;
    const w = writtenNumber(next.raw);
    if (!w) continue;
    const tol = 0.5 * 10 ** -w.decimals + 1e-9 * Math.abs(w.value);
    const forms = next.percent && !/\*\s*100\b|×\s*100\b/.test(expr) ? [value, value * 100] : [value];
    if (forms.some((v) => Math.abs(v - w.value) <= tol)) results.add(next.index);
  }
  return { expressions, results };
}
