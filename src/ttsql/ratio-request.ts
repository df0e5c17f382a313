// "X as a percentage of Y", "X to Y", "X per share", "EBIT margin": a question asking for one figure over
// another becomes a metric computed signed in SQL from two raw columns, or a refusal naming what is missing.
import { ratioMetric, type Metric } from "./catalog";
import type { SqlPlan } from "./plan";
import { refuse } from "./plan-sql";
import type { Frame } from "./understand";

const PERCENT_OF = /\b(?:percent(?:age)?|%|share|proportion|fraction) of\b/;
const RATIO_BETWEEN = /^\s*(?:to|over|\/|-to-)\s*$/;

/** A raw fundamentals figure, the kind a computed ratio may divide. */
function rawFundamental(metric: Metric): boolean {
  return metric.table === "fundamentals" && !metric.ratio && metric.column !== "earnings_per_share";
}

/** Capital expenditures are an outflow in the data (negative): as a share of something they are the spend. */
function computed(num: Metric, den: Metric, scale: 100 | 1, suffix: string, label: string): Metric {
  const outflow = num.column === "capital_expenditures" ? (-1 as const) : undefined;
  return ratioMetric(`${num.column}_to_${den.column}${suffix}`, label, [], num.column, den.column, scale, outflow);
}

/**
 * A ratio the question asks for: the metric computing it, a refusal when one side is not a figure the
 * data holds (never the numerator alone), or null when the question asks for no ratio.
 */
export function resolveRatio(f: Frame, understood: string): Metric | SqlPlan | null {
  const text = f.text;
  const ms = f.mentions;
  const cannot = (what: string) => refuse("ratio", understood, `${what} The data holds annual figures such as revenue, net income, R&D, SG&A, capex, cash flows, assets, debt, equity and shares outstanding; a ratio of two of them can be computed, nothing else is given in its place.`);
  const pct = PERCENT_OF.exec(text);
  if (pct) {
    const num = ms.filter((x) => x.end <= pct.index).pop();
    const den = ms.find((x) => x.at >= pct.index + pct[0].length);
    if (!num || !den) return cannot(`I understood a percentage of one figure over another, but could not find ${!num ? "the figure to divide" : "the figure to divide by"} among the figures held.`);
    if (!rawFundamental(num.metric) || !rawFundamental(den.metric)) return cannot(`${num.metric.label} as a percentage of ${den.metric.label} cannot be computed from the annual figures.`);
    return computed(num.metric, den.metric, 100, "_pct", `${num.metric.label}${num.metric.column === "capital_expenditures" ? " (spend)" : ""} as % of ${den.metric.label}`);
  }
  for (let i = 0; i + 1 < ms.length; i++) {
    const [a, b] = [ms[i], ms[i + 1]];
    if (!RATIO_BETWEEN.test(text.slice(a.end, b.at))) continue;
    if (!rawFundamental(a.metric) || !rawFundamental(b.metric)) return cannot(`${a.metric.label} to ${b.metric.label} cannot be computed from the annual figures.`);
    return computed(a.metric, b.metric, 1, "", `${a.metric.label} / ${b.metric.label}`);
  }
  const perShare = /\bper share\b/.exec(text);
  if (perShare && !ms.some((x) => x.at <= perShare.index && x.end > perShare.index)) {
    const num = ms.filter((x) => x.end <= perShare.index).pop();
    if (!num || !rawFundamental(num.metric)) return cannot("I understood a per-share figure but not of which figure.");
    const shares: Metric = { table: "fundamentals", column: "estimated_shares_outstanding", label: "Shares outstanding", phrases: [] };
    return ratioMetric(`${num.metric.column}_per_share`, `${num.metric.label} per share (estimated shares outstanding)`, [], num.metric.column, shares.column, 1);
  }
  const margin = /\bmargins?\b/.exec(text);
  if (margin && !ms.some((x) => x.metric.ratio && x.metric.format === "pct")) {
    const num = ms.filter((x) => x.end <= margin.index).pop();
    if (!num || !rawFundamental(num.metric)) return cannot("I understood a margin but not of which figure (gross, operating, pre-tax or net margin; or a figure such as EBIT over revenue).");
    const revenue: Metric = { table: "fundamentals", column: "total_revenue", label: "Total revenue", phrases: [] };
    if (num.metric.column === "total_revenue") return null;
    return computed(num.metric, revenue, 100, "_pct", `${num.metric.label} margin (${num.metric.label} / revenue)`);
  }
  if (/\bratio\b/.test(text) && !ms.some((x) => x.metric.phrases.some((p) => p.includes("ratio")) || x.metric.table === "ratios")) {
    return cannot("I understood a ratio but not of which two figures.");
  }
  return null;
}
