// A figure inside an arithmetic working an answer writes out ("(47,262 - 36,689) / 47,262 = 22.4%"): whether
// it stands next to an operator in a working that divides, read character by character (a regular
// expression for how far a working runs backtracks on a long run of figures and operators).
import type { Quantity } from "./numbers";

const OPERATORS = "+×*/÷";
const MINUS = "-–−";
const SPACE = " \t";
// Characters of a written working (figures, brackets, operators) and its scale words, read by hand: how far
// a working runs is read without a regular expression (a pattern for it backtracks on a long run).
const WORKING_CHARS = "0123456789,.$%()+×*/÷-–− \t";
const SCALE_WORDS = ["million", "billion", "thousand"];
/** How far a working reads from a figure, each way. */
const WORKING_REACH = 60;

/** The index of the last character before `end` that is not one of `skip`, or -1. */
function backOver(text: string, end: number, skip: string): number {
  let i = end - 1;
  while (i >= 0 && skip.includes(text[i])) i--;
  return i;
}

/** The index of the first character from `start` that is not one of `skip`. */
function forwardOver(text: string, start: number, skip: string): number {
  let i = start;
  while (i < text.length && skip.includes(text[i])) i++;
  return i;
}

/** An operator right before the digits at `at`: "/ 47,262", "+ $12,483 million", "47,262 - 36,689". */
function operatorBefore(text: string, at: number): boolean {
  const i = backOver(text, at, " \t$(");
  if (i < 0) return false;
  if (OPERATORS.includes(text[i])) return true;
  // A minus between spaces after a figure (not "2021-2022", not a sign): quantities() reads it as the figure's sign.
  return MINUS.includes(text[i]) && SPACE.includes(text[i + 1] ?? "") && SPACE.includes(text[i - 1] ?? "") && /[\d%]/.test(text[backOver(text, i, " \t)")] ?? "");
}

/** An operator right after a figure ending at `end`, and a figure after it. */
function operatorAfter(text: string, end: number): boolean {
  const i = forwardOver(text, end, " \t)");
  const c = text[i] ?? "";
  if (!OPERATORS.includes(c) && !(MINUS.includes(c) && SPACE.includes(text[i + 1] ?? ""))) return false;
  return /\d/.test(text[forwardOver(text, i + 1, " \t($")] ?? "");
}

/** Whether the working a figure is in (figures and operators up to an equals sign or words, each way) divides. */
function workingDivides(text: string, from: number, to: number): boolean {
  const lower = text.toLowerCase();
  for (let i = from - 1; i >= Math.max(0, from - WORKING_REACH); i--) {
    const c = text[i];
    if (c === "/" || c === "÷") return true;
    if (WORKING_CHARS.includes(c)) continue;
    const word = SCALE_WORDS.find((w) => lower.endsWith(w, i + 1));
    if (!word) break;
    i -= word.length - 1;
  }
  for (let i = to; i < Math.min(text.length, to + WORKING_REACH); i++) {
    const c = text[i];
    if (c === "/" || c === "÷") return true;
    if (WORKING_CHARS.includes(c)) continue;
    const word = SCALE_WORDS.find((w) => lower.startsWith(w, i));
    if (!word) break;
    i += word.length - 1;
  }
  return false;
}

/**
 * Whether a figure is an operand of a ratio the answer works out ("the gross margin is (47,262 - 36,689) /
 * 47,262 = 22.4%", "$9,585 million / $52,862 million"): next to an operator, in a working that divides. The
 * words before the working name the ratio (a margin, a turnover), not its revenue or its average inventory.
 * A sum or difference ("working capital is $7,453 million - $5,175 million") is read as before: its words
 * name its operands' item.
 */
export function ratioOperand(sentence: string, q: Quantity): boolean {
  // quantities() reads "- 36,689" with its minus as a sign: the minus is the operator before it.
  const digits = q.index + Math.max(0, q.raw.search(/[\d.]/));
  if (!operatorBefore(sentence, digits) && !operatorAfter(sentence, q.end)) return false;
  return workingDivides(sentence, digits, q.end);
}
