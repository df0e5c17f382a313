// Whether each figure of an answer is stated in the sources (in context: same item and year, src/figures),
// contradicted by them, or derivable from them by one or two arithmetic steps (difference, sum, ratio,
// percent change, margin, average, CAGR). A figure that is none of these is the strongest sign of a wrong
// answer; this is what the grader's figure reading rests on.
import type { FigureCheck } from "../../figures/compare";
import { roundingOf, statesValue } from "../../figures/values";
import type { Figure, FigureInContext } from "../../figures/context";
import { FIGURES_PER_STEP, runSteps, turnAfter } from "../../figures/steps";

export type FigureSupport = "stated" | "derived" | "undated" | "contradicted" | "unsupported" | "constant";

export interface FigureReading {
  figure: FigureInContext;
  support: FigureSupport;
  /** For a contradicted figure: what the sources state instead. */
  note: string;
}

/** Formula constants (x 100, / 2, 365 days): not claims of the answer. */
export function isConstant(f: Figure): boolean {
  return f.kind === "number" && f.decimals === 0 && (f.scale === null || f.scale === 1) && [100, 360, 365, 1000].includes(f.mantissa);
}

/** An operand of arithmetic: its signed value, the rounding it carries, and whether its scale is known. */
interface Operand {
  v: number;
  err: number;
  scaled: boolean;
}

function operandOf(f: Figure): Operand {
  const scaled = f.kind === "percent" || f.scale !== null;
  const v = f.kind === "percent" ? f.mantissa / 100 : scaled ? f.value : f.mantissa;
  return { v: f.negative ? -v : v, err: scaled ? roundingOf(f) : 0.5 * 10 ** -f.decimals, scaled };
}

/** A computed value, the rounding it carries, whether it is a ratio, and whether it is the relative change of two operands. */
interface Step {
  value: number;
  err: number;
  ratio: boolean;
  change?: boolean;
}

/** Results of one step from two operands of one scale reading, with the rounding they carry. */
function oneStep(x: Operand, y: Operand): Step[] {
  const out: Step[] = [
    { value: x.v + y.v, err: x.err + y.err, ratio: false },
    { value: x.v - y.v, err: x.err + y.err, ratio: false },
    { value: (x.v + y.v) / 2, err: (x.err + y.err) / 2, ratio: false },
  ];
  if (y.v !== 0 && x.v !== 0) {
    const rel = x.err / Math.abs(x.v) + y.err / Math.abs(y.v);
    out.push({ value: x.v / y.v, err: Math.abs(x.v / y.v) * rel, ratio: true }, { value: (x.v - y.v) / y.v, err: Math.abs(x.v / y.v) * rel, ratio: true, change: true });
  }
  return out;
}

/** Whether a computed value states the target: ratios as a percentage or a plain ratio, amounts at the operands' scale reading. */
function matches(r: Step, target: Figure, scaled: boolean): boolean {
  // Intermediate results rounded by the answer (a margin quoted to one decimal, then reused) carry 0.1%.
  const err = r.err + Math.abs(r.value) * 0.001;
  if (r.ratio || target.kind === "percent") {
    if (target.kind === "percent") return statesValue(r.value, err, target, true);
    // "0.96" as a plain ratio, or "96" as a ratio written as a percent number.
    if ((target.kind !== "number" && target.kind !== "ratio") || (target.scale !== null && target.scale !== 1)) return false;
    return statesValue(r.value, err, target, false) || statesValue(r.value * 100, err * 100, target, false);
  }
  return statesValue(r.value, err, target, scaled);
}

// Stems of the words that present a figure as worked out from others. Not "net": "net income", "net sales"
// name a line item's level (a "net income of $5,548 million" is not looked for as a sum of two source figures).
const WORKED_OUT = new Set(["total", "combin", "sum", "together", "aggregat", "differ", "differenc", "increas", "decreas", "chang", "grew", "grow", "growth", "declin", "rose", "fell", "averag", "minu", "plu", "less", "exclud", "includ", "adjust", "calcul", "comput", "result", "therefor", "ratio", "margin", "rate", "turnover", "yield", "return", "share", "proport", "percentag", "times"]);

// Metrics that are worked out from line items by definition ("working capital was $2,278 million").
const COMPUTED_METRIC = /\b(?:working capital|free cash flows?|net debt|ebitda|ebit|capital employed|invested capital)\b/i;

/** Whether a figure may be a derivation: not an amount given as a line item's plain level. */
function derivable(f: FigureInContext): boolean {
  if (f.kind !== "amount" && f.kind !== "number") return true;
  if (f.change || !f.item.length || COMPUTED_METRIC.test(f.itemText)) return true;
  for (const w of f.context) if (WORKED_OUT.has(w)) return true;
  return false;
}

/** How many of the answer's own grounded figures a derivation may combine. */
const CHAIN = 16;
/** Figures of one answer searched for a derivation (a calculation chain is tens of figures, not thousands). */
const MAX_DERIVATIONS = 200;
/** Of those, the first this many are also searched for two-step derivations (cubic in the operands). */
const MAX_TWO_STEP = 60;
/**
 * Work of the derivation counted for turnAfter (steps.ts) as one figure's: pairs of operands tried for one
 * step, triples for two. A figure tried against 40 operands is a few figures' worth; one tried in two steps
 * against 26 (17,576 triples, six results each) is some thirty, its own turn.
 */
const PAIRS_PER_FIGURE = 256;
const TRIPLES_PER_FIGURE = 600;

export interface DeriveOptions {
  /** Two-step derivations over the answer's own grounded figures (its calculation chain). */
  twoSteps?: boolean;
  /** At most this many source operands are combined (the most relevant first). */
  maxOperands?: number;
}

/**
 * Reads each figure of an answer in order: stated when a source gives it in context, contradicted when a
 * source gives its item and year another value, derived when one or two steps combine figures the sources
 * state (or the answer already derived), else unsupported. The answer's own grounded figures come first
 * among the operands, because a calculation quotes its inputs before its result.
 */
export function readFigures(checks: FigureCheck[], relevantSource: Figure[], options: DeriveOptions = {}): FigureReading[] {
  return runSteps(readFiguresSteps(checks, relevantSource, options));
}

/** readFigures in steps (figures/steps.ts): a turn every FIGURES_PER_STEP figures. */
export function* readFiguresSteps(checks: FigureCheck[], relevantSource: Figure[], options: DeriveOptions = {}): Generator<void, FigureReading[], void> {
  const maxOperands = options.maxOperands ?? 24;
  const grounded: Operand[] = [];
  const out: FigureReading[] = [];
  let attempts = 0;
  const sourceOps = relevantSource
    .filter((f) => !(f.kind === "number" && f.mantissa < 10 && f.decimals === 0))
    .slice(0, maxOperands)
    .map(operandOf);
  for (const [k, c] of checks.entries()) {
    if (k > 0 && k % FIGURES_PER_STEP === 0) yield;
    const f = c.figure;
    // Formula constants, and numbers of names ("the 737 MAX") that no source states as the answer does.
    if (isConstant(f) || (f.name && c.status !== "carried")) {
      out.push({ figure: f, support: "constant", note: "" });
      continue;
    }
    if (c.status === "carried") {
      out.push({ figure: f, support: "stated", note: "" });
      grounded.push(operandOf(f));
      continue;
    }
    // The same digits as a figure whose scale its text does not state, or the row's value in a column that may
    // not be the statement's year (compare.ts, FigureStatus): read as derived, not as stated.
    if (c.status === "rescaled" || c.status === "undated") {
      out.push({ figure: f, support: c.status === "undated" ? "undated" : "derived", note: "" });
      grounded.push(operandOf(f));
      continue;
    }
    if (c.status === "contradicted") {
      out.push({ figure: f, support: "contradicted", note: c.note });
      continue;
    }
    // The chain: the answer's most recent grounded figures (a calculation quotes its inputs just before its result).
    // Bounded work: past MAX_DERIVATIONS figures of one answer, the rest are not searched for a derivation.
    if (++attempts > MAX_DERIVATIONS) {
      out.push({ figure: f, support: "unsupported", note: "" });
      continue;
    }
    // A line item's level written as such ("a gain of $5,323 million") is stated or not: only a figure its words
    // present as worked out (a total, a change, an average, a result after "=") is looked for as a derivation.
    if (!derivable(f)) {
      out.push({ figure: f, support: "unsupported", note: "" });
      continue;
    }
    const ops = dedupe([...grounded.slice(-CHAIN), ...sourceOps]).slice(0, maxOperands + 16);
    let ok = false;
    outer: for (let i = 0; i < ops.length; i++) {
      for (let j = 0; j < ops.length; j++) {
        if (i === j || ops[i].scaled !== ops[j].scaled) continue;
        for (const r of oneStep(ops[i], ops[j])) {
          // "decreased 19.2%" is not the rise from 375.6 to 447.6: a change said one way is not worked out the other.
          if (r.change && f.said && Math.sign(r.value) !== f.said) continue;
          if (matches(r, f, ops[i].scaled)) {
            ok = true;
            break outer;
          }
        }
      }
    }
    // Two steps over the answer's own chain: (a +/- b) / c, a / ((b + c) / 2), a + b + c, CAGR over n years.
    yield* turnAfter(Math.ceil((ops.length * ops.length) / PAIRS_PER_FIGURE));
    if (!ok && options.twoSteps !== false && attempts <= MAX_TWO_STEP) {
      const chain = dedupe(grounded).slice(-14);
      const sources = sourceOps.slice(0, 12);
      ok = twoSteps(f, chain, sources);
      const n = chain.length + sources.length;
      yield* turnAfter(Math.ceil((n * n * n) / TRIPLES_PER_FIGURE));
    }
    out.push({ figure: f, support: ok ? "derived" : "unsupported", note: "" });
    if (ok) grounded.push(operandOf(f));
  }
  return out;
}

function dedupe(ops: Operand[]): Operand[] {
  const seen = new Set<string>();
  return ops.filter((o) => {
    const key = `${o.v}|${o.scaled}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function twoSteps(f: Figure, chain: Operand[], sourceOps: Operand[]): boolean {
  const ops = dedupe([...chain, ...sourceOps]);
  const n = ops.length;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (j === i || ops[i].scaled !== ops[j].scaled) continue;
      const a = ops[i];
      const b = ops[j];
      // CAGR between two values over 2..10 years.
      if (f.kind === "percent" && b.v !== 0 && a.v / b.v > 0) {
        const rel = a.err / Math.abs(a.v) + b.err / Math.abs(b.v);
        for (let years = 2; years <= 10; years++) if (matches({ value: Math.pow(a.v / b.v, 1 / years) - 1, err: rel / years, ratio: true }, f, true)) return true;
      }
      for (let k = 0; k < n; k++) {
        if (k === i || k === j || ops[k].scaled !== a.scaled) continue;
        const c = ops[k];
        if (c.v === 0) continue;
        const sum = a.err + b.err;
        const candidates = [
          { value: (a.v + b.v) / c.v, err: Math.abs((a.v + b.v) / c.v) * (sum / Math.max(1e-12, Math.abs(a.v + b.v)) + c.err / Math.abs(c.v)), ratio: true },
          { value: (a.v - b.v) / c.v, err: Math.abs((a.v - b.v) / c.v) * (sum / Math.max(1e-12, Math.abs(a.v - b.v)) + c.err / Math.abs(c.v)), ratio: true },
          { value: a.v / ((b.v + c.v) / 2), err: Math.abs(a.v / ((b.v + c.v) / 2)) * (a.err / Math.max(1e-12, Math.abs(a.v)) + (b.err + c.err) / Math.max(1e-12, Math.abs(b.v + c.v))), ratio: true },
          { value: a.v + b.v + c.v, err: sum + c.err, ratio: false },
          { value: a.v + b.v - c.v, err: sum + c.err, ratio: false },
          { value: a.v !== 0 ? (a.v - b.v) / a.v : NaN, err: a.v !== 0 ? Math.abs(b.v / a.v) * (a.err / Math.abs(a.v) + b.err / Math.max(1e-12, Math.abs(b.v))) : 0, ratio: true },
        ];
        for (const r of candidates) if (Number.isFinite(r.value) && matches(r, f, a.scaled)) return true;
      }
    }
  }
  return false;
}
