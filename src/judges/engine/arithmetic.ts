// Explicit arithmetic steps of an answer ("$1,577 / $32,765 = 4.8%") read by a scanner in one pass, and
// those that do not hold. A regex of adjacent number quantifiers backtracked cubically on a run of digits.

export interface ArithmeticStep {
  left: number;
  op: "/" | "+" | "-" | "*";
  right: number;
  /** The stated result as written ("4.8"), and whether it is a percentage. */
  result: string;
  percent: boolean;
}

const OPS: Record<string, ArithmeticStep["op"]> = { "/": "/", "÷": "/", "+": "+", "-": "-", "*": "*", x: "*", X: "*", "×": "*" };

interface Operand {
  value: number;
  end: number;
}

function isDigit(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return c >= 48 && c <= 57;
}

const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c);

function skipSpace(s: string, i: number): number {
  while (i < s.length && isSpace(s[i])) i++;
  return i;
}

/**
 * One figure at `i`: `(`? `-`? `$`? digits and commas, an optional decimal part, `)`? and, for an operand, a
 * scale word that is read and ignored ("5 million / 2 million"). Null when no digit is there. Greedy, so
 * the end is the same from any start inside the figure.
 */
function readFigure(s: string, i: number, operand: boolean): Operand | null {
  let j = i;
  const open = operand && s[j] === "(";
  if (open) j++;
  const minus = s[j] === "-";
  if (minus) j++;
  if (s[j] === "$") j++;
  const digitsFrom = j;
  while (j < s.length && (isDigit(s, j) || s[j] === ",")) j++;
  let end = j;
  if (s[j] === "." && isDigit(s, j + 1)) {
    j++;
    while (isDigit(s, j)) j++;
    end = j;
  } else {
    while (end > digitsFrom && s[end - 1] === ",") end--;
    if (end === digitsFrom) return null;
  }
  const value = Number(s.slice(digitsFrom, end).replace(/,/g, ""));
  let k = end;
  const close = operand && s[k] === ")";
  if (close) k++;
  if (operand) {
    const w = skipSpace(s, k);
    const word = s.slice(w, w + 7).toLowerCase();
    if (word === "million" || word === "billion") k = w + 7;
  }
  return { value: minus || (open && close) ? -value : value, end: k };
}

/** The step starting at `i`, or where the scan may resume when none does (past the first figure read). */
function stepAt(s: string, i: number): { step: ArithmeticStep; end: number } | { resume: number } {
  const left = readFigure(s, i, true);
  if (!left) return { resume: i + 1 };
  const fail = { resume: left.end > i ? left.end : i + 1 };
  let j = skipSpace(s, left.end);
  const op = OPS[s[j]];
  if (!op) return fail;
  j = skipSpace(s, j + 1);
  const right = readFigure(s, j, true);
  if (!right) return fail;
  j = skipSpace(s, right.end);
  if (s[j] !== "=") return fail;
  j = skipSpace(s, j + 1);
  const from = j;
  const result = readFigure(s, j, false);
  if (!result) return fail;
  j = skipSpace(s, result.end);
  const percent = s[j] === "%";
  return { step: { left: left.value, op, right: right.value, result: s.slice(from, result.end), percent }, end: percent ? j + 1 : j };
}

/** Every "a op b = c" step of the text, left to right, each read once; linear in the text. */
export function arithmeticSteps(text: string): ArithmeticStep[] {
  const out: ArithmeticStep[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c !== "(" && c !== "-" && c !== "$" && c !== "," && c !== "." && !isDigit(text, i)) {
      i++;
      continue;
    }
    const r = stepAt(text, i);
    if ("step" in r) {
      out.push(r.step);
      i = r.end;
    } else i = r.resume;
  }
  return out;
}

function resultValue(written: string): number {
  const v = Number(written.replace(/[^\d.]/g, ""));
  return written.trim().startsWith("-") ? -v : v;
}

/** Explicit "a / b = c" steps of the answer that do not hold (rounding allowed). */
export function arithmeticErrors(answer: string): number {
  let errors = 0;
  for (const { left: x, op, right: y, result, percent } of arithmeticSteps(answer)) {
    let want = resultValue(result);
    const got = op === "/" ? (y === 0 ? NaN : x / y) : op === "+" ? x + y : op === "-" ? x - y : x * y;
    if (percent) want /= 100;
    if (!Number.isFinite(got)) continue;
    const decimals = (result.split(".")[1] ?? "").length;
    const tol = 0.5 * 10 ** -decimals * (percent ? 0.01 : 1) + Math.abs(got) * 0.002;
    const alt = op === "/" && percent ? got : NaN;
    if (Math.abs(Math.abs(got) - Math.abs(want)) > tol && !(Math.abs(Math.abs(alt * 100) - Math.abs(resultValue(result))) <= tol * 100)) errors += 1;
  }
  return errors;
}
