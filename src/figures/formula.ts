// Formulas written in words, as questions define metrics: "365 * (average accounts payable between FY2016
// and FY2017) / (FY2017 COGS + change in inventory between FY2016 and FY2017)", evaluated on statement tables.
import { itemFor, lookup } from "./line-items";
import type { StatementTable } from "./table";
import { partsAround } from "./question-text";

type Token = { op: string } | { num: number } | { phrase: string };

export const YEAR_REF = /\b(?:fy\s?|fiscal\s(?:year\s)?)?'?((?:19|20)\d{2})\b|\bfy\s?'?(\d{2})\b/gi;

export function yearsIn(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(YEAR_REF)) out.push(m[1] ? Number(m[1]) : 2000 + Number(m[2]));
  return out;
}

function tokenize(expr: string): Token[] {
  const s = expr
    .replace(/÷/g, " / ")
    .replace(/[×]/g, " * ")
    .replace(/\bdivided by\b/gi, " / ")
    .replace(/\b(multiplied by|times)\b/gi, " * ")
    .replace(/\bminus\b/gi, " - ")
    .replace(/\bplus\b/gi, " + ")
    .replace(/\s[x]\s/g, " * ");
  const out: Token[] = [];
  let words: string[] = [];
  const push = () => {
    const phrase = words.join(" ").trim();
    if (phrase) out.push({ phrase });
    words = [];
  };
  for (const part of s.split(/(\s-\s|[()*/+])/)) {
    if (!part) continue;
    const t = part.trim();
    if (["(", ")", "*", "/", "+", "-"].includes(t)) {
      push();
      out.push({ op: t });
    } else if (/^\d+(\.\d+)?$/.test(t)) {
      push();
      out.push({ num: Number(t) });
    } else if (t) words.push(t);
  }
  push();
  return out;
}

/** One statement figure a formula read. */
export interface Operand {
  item: string;
  year: number;
  value: number;
}

export interface Context {
  tables: StatementTable[];
  year: number;
  definitions: Map<string, string>;
  depth: number;
  /** The statement figures read, in order. */
  operands: Operand[];
  /** Read row labels that lost their spaces too (lookupRow's loose). */
  loose?: boolean;
}

function resolvePhrase(phrase: string, ctx: Context): number | null {
  const p = phrase.replace(/(?<![,;:.])[,;:.]+$/, "").trim();
  const defined = ctx.definitions.get(p.toLowerCase().replace(/\s+/g, " "));
  if (defined !== undefined && ctx.depth < 4) return evaluate(defined, { ...ctx, depth: ctx.depth + 1 });
  // "average X between FY2016 and FY2017", "change in X between FY2016 and FY2017"
  const pair = (lead: RegExp, combine: (earlier: number, later: number) => number): number | null | undefined => {
    const values = yearPair(p, lead, ctx);
    return values === undefined || values === null ? values : combine(values[0], values[1]);
  };
  const average = pair(AVERAGE, (x, y) => (x + y) / 2);
  if (average !== undefined) return average;
  const change = pair(CHANGE, (x, y) => y - x);
  if (change !== undefined) return change;
  return value(p, yearsIn(p)[0] ?? ctx.year, ctx);
}

const AVERAGE = /^(?:the\s+)?average\s+(?:of\s+)?/i;
const CHANGE = /^(?:the\s+)?(?:change|increase|decrease)\s+in\s+/i;

/**
 * "average X between FY2016 and FY2017", "change in X between ...": X's values for the two years; undefined
 * when the phrase is not of that form (after `lead`), null when a year or a value is not found.
 */
function yearPair(p: string, lead: RegExp, ctx: Context): [number, number] | null | undefined {
  const m = lead.exec(p);
  const parts = m && partsAround(p.slice(m[0].length), ["between", "and"]);
  if (!parts || parts.some((part) => part === "")) return undefined;
  const [item, from, to] = parts;
  const [a, b] = [yearsIn(from)[0], yearsIn(to)[0]];
  if (!a || !b) return null;
  const x = value(item, a, ctx);
  const y = value(item, b, ctx);
  return x === null || y === null ? null : [x, y];
}

export function value(phrase: string, year: number, ctx: Context): number | null {
  const cleaned = phrase.replace(YEAR_REF, " ").replace(/\b(in|for|of|at|as of|end of|year end)\s*$/i, "").replace(/\s+/g, " ").trim();
  const v = lookup(ctx.tables, itemFor(cleaned) ?? "", cleaned, year, ctx.loose);
  if (v !== null) ctx.operands.push({ item: cleaned, year, value: v });
  return v;
}

export function evaluate(expr: string, ctx: Context): number | null {
  const tokens = tokenize(expr);
  let i = 0;
  const peek = () => tokens[i];
  const isOp = (t: Token | undefined, op: string) => Boolean(t && "op" in t && t.op === op);
  const factor = (): number | null => {
    const t = tokens[i++];
    if (!t) return null;
    if ("num" in t) return t.num;
    if ("phrase" in t) return resolvePhrase(t.phrase, ctx);
    if (t.op === "(") {
      const v = sum();
      if (!isOp(peek(), ")")) return null;
      i += 1;
      return v;
    }
    if (t.op === "-") {
      const v = factor();
      return v === null ? null : -v;
    }
    return null;
  };
  // One precedence level: operands of the next level joined left to right by this level's operators.
  const level = (next: () => number | null, ops: string[], apply: (op: string, v: number, w: number) => number | null) => (): number | null => {
    let v = next();
    while (v !== null && ops.some((op) => isOp(peek(), op))) {
      const op = (tokens[i++] as { op: string }).op;
      const w = next();
      v = w === null ? null : apply(op, v, w);
    }
    return v;
  };
  const product = level(factor, ["*", "/"], (op, v, w) => (op === "*" ? v * w : w === 0 ? null : v / w));
  const sum = level(product, ["+", "-"], (op, v, w) => (op === "+" ? v + w : v - w));
  const v = sum();
  return i === tokens.length && v !== null && Number.isFinite(v) ? v : null;
}

/** How renderFormula writes one statement figure (in the table's units, as the sources print it). */
export type ShowFigure = (v: number) => string;

/**
 * The formula with each phrase replaced by the statement figures it reads, "(1,234 + 1,456) / 2" for an
 * average, so an answer can show its arithmetic and a reader (chat's grounding guard) can redo it. Null
 * when a figure is missing, as evaluate. Reads the same figures as evaluate (same phrases, same years).
 */
export function renderFormula(expr: string, ctx: Context, show: ShowFigure): string | null {
  const out: string[] = [];
  for (const t of tokenize(expr)) {
    if ("op" in t) out.push(t.op === "(" || t.op === ")" ? t.op : ` ${t.op} `);
    else if ("num" in t) out.push(String(t.num));
    else {
      const shown = renderPhrase(t.phrase, ctx, show);
      if (shown === null) return null;
      out.push(shown);
    }
  }
  return out.join("").replace(/\s{2,}/g, " ").trim();
}

function renderPhrase(phrase: string, ctx: Context, show: ShowFigure): string | null {
  const p = phrase.replace(/(?<![,;:.])[,;:.]+$/, "").trim();
  const defined = ctx.definitions.get(p.toLowerCase().replace(/\s+/g, " "));
  if (defined !== undefined && ctx.depth < 4) {
    const inner = renderFormula(defined, { ...ctx, depth: ctx.depth + 1 }, show);
    return inner === null ? null : `(${inner})`;
  }
  const pair = (lead: RegExp, combine: (earlier: string, later: string) => string): string | null | undefined => {
    const values = yearPair(p, lead, ctx);
    return values === undefined || values === null ? values : combine(show(values[0]), show(values[1]));
  };
  const average = pair(AVERAGE, (x, y) => `((${x} + ${y}) / 2)`);
  if (average !== undefined) return average;
  const change = pair(CHANGE, (x, y) => `(${y} - ${x})`);
  if (change !== undefined) return change;
  const v = value(p, yearsIn(p)[0] ?? ctx.year, ctx);
  return v === null ? null : show(v);
}
