// Whether each figure of an answer is stated in the sources or derivable from them by one or two
// arithmetic steps (difference, sum, ratio, percent change, margin, average, CAGR). A figure that is
// neither is the strongest sign of a wrong answer; this is what the grader's figure reading rests on.
import { isBareSmall, statedAmong, type Quantity } from "../../figures/numbers";

export type FigureSupport = "stated" | "derived" | "unsupported" | "constant";

export interface FigureReading {
  figure: Quantity;
  support: FigureSupport;
}

/** Formula constants (x 100, / 2, 365 days): not claims of the answer. */
function isConstant(q: Quantity): boolean {
  return !q.percent && !q.currency && q.decimals === 0 && q.scale === 1 && [100, 360, 365, 1000].includes(q.mantissa);
}

/** Half a unit of the last written digit (relative to the figure), with a little slack for rounded inputs. */
function tolerance(target: number, q: Quantity): number {
  const unit = 0.5 * 10 ** -q.decimals * (q.percent ? 0.01 : q.scale);
  return Math.max(unit, Math.abs(target) * 0.001);
}

const SCALES = [1, 1e3, 1e6, 1e9, 1e-3, 1e-6];

/** Whether a computed value equals the target figure at some scale (tables state their scale once). */
function matches(value: number, target: Quantity, ratio: boolean): boolean {
  if (!Number.isFinite(value) || value === 0) return false;
  const t = target.percent ? target.mantissa / 100 : target.value;
  const tol = tolerance(t, target);
  if (ratio || target.percent) {
    if (Math.abs(Math.abs(value) - Math.abs(t)) <= tol) return true;
    // "0.96x" and "96%" and "96 times 0.01" are the same ratio; a ratio written as a percent number.
    if (!target.percent && target.scale === 1 && Math.abs(Math.abs(value * 100) - Math.abs(t)) <= tol) return true;
    return false;
  }
  for (const k of SCALES) if (Math.abs(Math.abs(value * k) - Math.abs(t)) <= Math.max(tol, 0.5 * k)) return true;
  return false;
}

/** Results of one step from two operands: sums and differences share a scale; ratios are scale-free. */
function oneStep(x: number, y: number): { value: number; ratio: boolean }[] {
  const out = [
    { value: x + y, ratio: false },
    { value: x - y, ratio: false },
    { value: (x + y) / 2, ratio: false },
  ];
  if (y !== 0) out.push({ value: x / y, ratio: true }, { value: (x - y) / y, ratio: true });
  return out;
}

function signed(q: Quantity): number {
  const v = q.percent ? q.mantissa / 100 : q.value;
  return q.negative ? -v : v;
}

export interface DeriveOptions {
  /** Two-step derivations over the answer's own grounded figures (its calculation chain). */
  twoSteps?: boolean;
  /** At most this many source operands are combined (the most relevant first). */
  maxOperands?: number;
}

/**
 * Reads each figure of an answer in order: stated when a source states it, derived when one or two steps
 * combine figures the sources state (or the answer already derived), else unsupported. The answer's own
 * grounded figures come first among the operands, because a calculation quotes its inputs before its result.
 */
export function readFigures(answerFigures: Quantity[], sourceFigures: Quantity[], relevantSource: Quantity[], options: DeriveOptions = {}): FigureReading[] {
  const maxOperands = options.maxOperands ?? 24;
  const grounded: number[] = [];
  const out: FigureReading[] = [];
  const sourceOps = relevantSource.filter((q) => !isBareSmall(q)).slice(0, maxOperands).map(signed);
  for (const f of answerFigures) {
    if (isConstant(f)) {
      out.push({ figure: f, support: "constant" });
      continue;
    }
    if (statedAmong(f, sourceFigures)) {
      out.push({ figure: f, support: "stated" });
      grounded.push(signed(f));
      continue;
    }
    const ops = [...new Set([...grounded, ...sourceOps])].slice(0, maxOperands + 16);
    let ok = false;
    // One step from any two operands.
    outer: for (let i = 0; i < ops.length; i++) {
      for (let j = 0; j < ops.length; j++) {
        if (i === j) continue;
        for (const r of oneStep(ops[i], ops[j])) {
          if (matches(r.value, f, r.ratio)) {
            ok = true;
            break outer;
          }
        }
      }
    }
    // Two steps over the answer's own chain: (a +/- b) / c, a / ((b + c) / 2), a + b + c, CAGR over n years.
    if (!ok && options.twoSteps !== false) ok = twoSteps(f, [...new Set(grounded)].slice(-14), sourceOps.slice(0, 12));
    out.push({ figure: f, support: ok ? "derived" : "unsupported" });
    if (ok) grounded.push(signed(f));
  }
  return out;
}

function twoSteps(f: Quantity, chain: number[], sourceOps: number[]): boolean {
  const ops = [...new Set([...chain, ...sourceOps])];
  const n = ops.length;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const a = ops[i];
      const b = ops[j];
      // CAGR between two values over 1..10 years.
      if (f.percent && b !== 0 && a / b > 0) {
        for (let years = 2; years <= 10; years++) if (matches(Math.pow(a / b, 1 / years) - 1, f, true)) return true;
      }
      for (let k = 0; k < n; k++) {
        if (k === i || k === j) continue;
        const c = ops[k];
        if (c === 0) continue;
        const candidates = [(a + b) / c, (a - b) / c, a / ((b + c) / 2), a + b + c, a + b - c, (a - b) / a];
        for (let m = 0; m < candidates.length; m++) if (matches(candidates[m], f, m < 3 || m === 5)) return true;
      }
    }
  }
  return false;
}
