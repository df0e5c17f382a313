// The local engine's second half: a question frame becomes one SQL plan per question class, or a refusal
// that says what was understood and what is missing. Every value put into SQL comes from the catalog,
// a parsed number or a validated date, never from raw question text.
import { fiscalPeriodEnd } from "../core/fiscal-calendar";
import { metricSql, ratioMetric, type Metric } from "./catalog";
import type { CatalogEntry, EngineInput, SqlPlan } from "./plan";
import { buildNameIndex, understand, type Company, type Frame } from "./understand";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
const sid = (t: string) => q(`US:${t}`);
const LATEST_PERIOD = "f.period_ending = (SELECT MAX(f2.period_ending) FROM fundamentals f2 WHERE f2.stock_id = f.stock_id AND f2.fiscal_year = f.fiscal_year)";

function refuse(intent: string, understood: string, missing: string): SqlPlan {
  return { status: "unanswerable", intent, understood, missing };
}

function describe(f: Frame): string {
  const parts: string[] = [];
  if (f.companies.length) parts.push(`companies: ${f.companies.map((c) => `${c.company} (${c.ticker})`).join(", ")}`);
  if (f.metric) parts.push(`metric: ${f.metric.label}`);
  if (f.years.length) parts.push(`years: ${f.years.join(", ")}`);
  if (f.dates.length) parts.push(`dates: ${f.dates.join(", ")}`);
  if (f.sector) parts.push(`sector: ${f.sector.name}`);
  return parts.length ? parts.join("; ") : "no company, metric or period I know";
}

/** The candidate ticker of a mention that has the data a question needs. */
function withData(c: Company, need: keyof Pick<CatalogEntry, "hasFundamentals" | "hasPrices" | "hasRatios" | "hasCalls">): CatalogEntry | null {
  return c.candidates.find((x) => x[need]) ?? null;
}

function fundamentalsYearClause(f: Frame, ticker: string | null): { clause: string; label: string } | null {
  if (f.latest || f.years.length === 0) {
    if (ticker) return { clause: `f.fiscal_year = (SELECT MAX(f3.fiscal_year) FROM fundamentals f3 WHERE f3.stock_id = ${sid(ticker)})`, label: "latest fiscal year" };
    return { clause: "f.fiscal_year = (SELECT MAX(f3.fiscal_year) FROM fundamentals f3 WHERE f3.stock_id = f.stock_id)", label: "each company's latest fiscal year" };
  }
  if (f.years.length === 1) return { clause: `f.fiscal_year = ${f.years[0]}`, label: `FY${f.years[0]}` };
  return null;
}

function metricThreshold(metric: Metric, t: NonNullable<Frame["threshold"]>): number {
  // Percent columns of fundamentals are stored x100; the dividend yield as a fraction.
  if (metric.column === "dividend_yield") return t.percent || t.value >= 1 ? t.value / 100 : t.value;
  return t.value;
}

/** The raw columns a computed metric divides, for the answer's table. */
function ratioInputs(metric: Metric): string {
  return metric.ratio ? `f.${metric.ratio.num} AS ${metric.ratio.num}, f.${metric.ratio.den} AS ${metric.ratio.den}, ` : "";
}

function formatsOf(metric: Metric): Pick<SqlPlan, "formats"> {
  return metric.format ? { formats: { [metric.column]: metric.format } } : {};
}

function companyCols(): string {
  return "s.ticker, s.company";
}

export function buildPlan(input: EngineInput): SqlPlan {
  const index = buildNameIndex(input.securities);
  const f = understand(input.question, index);
  const text = f.text;
  const understood = describe(f);

  // Write requests, not finance words: "a 30% drop", "peak-to-trough drop" and "updated prices" are questions.
  const writeRequest =
    /\b(drop|truncate|alter|create)\s+(table|database|index|view|schema)\b/.test(text) ||
    /\b(delete|remove|wipe|erase)\b.*\b(from|all|every|table|database|rows?|records?|companies|prices|data)\b/.test(text) ||
    /\b(insert\s+into|replace\s+into|update\s+\w+\s+set|attach|pragma|grant)\b/.test(text) ||
    /;\s*\w/.test(text);
  if (writeRequest) {
    return refuse("write", understood, "This service only reads market data; it never changes it.");
  }
  if (/\b(will|forecast|predict|prediction|projection for|next year|going to|expected to|should i|buy or sell|recommend)\b/.test(text) && !/earnings|call|report/.test(text)) {
    return refuse("forecast", understood, "Forecasts and investment advice are outside the data: it holds reported history only.");
  }

  // Earnings calls.
  if (/\bearnings (calls?|dates?|releases?|schedule|announcements?)\b|\breports? earnings\b|\breport(ed)? (q[1-4]|fy|fourth|third|second|first)\b|\bconference call\b|\bearnings\b.*\b(when|date|next|upcoming|scheduled)\b|\b(when|next|upcoming)\b.*\bearnings\b/.test(text)) {
    return earningsPlan(f, understood);
  }
  // "X as a percentage of Y", "X to Y", "X per share", "EBIT margin": one figure computed from two.
  const ratio = resolveRatio(f, understood);
  if (ratio && "status" in ratio) return ratio;
  if (ratio) f.metric = ratio;
  if (/\b(how many|count|number of)\b/.test(text)) return countPlan(f, understood);
  if (/\bvolatil|standard deviation|\bstd\b|\bsigma\b/.test(text)) return pricePathPlan(f, understood, "volatility");
  if (/drawdown|peak[- ]to[- ]trough|from (its|the) peak|from (its|the) high/.test(text)) return pricePathPlan(f, understood, "drawdown");
  const priceWords = /\b(clos(e|ed|ing)|stock price|share price|price of|trade[ds]?|trading at)\b/.test(text) || (/\bprice\b/.test(text) && !f.metric);
  if (/\b(return|performance|perform(ed)?|gain(ed)?|appreciat|stock (go up|rise|fall)|price change)\b/.test(text) && !f.metric?.phrases.includes("return on equity") && !(f.metric && f.metric.table === "fundamentals" && !/stock|share/.test(text))) {
    return returnPlan(f, understood);
  }
  if (priceWords && f.dates.length && (!f.metric || f.metric.table === "ratios" && !/p\/e|market/.test(text))) return priceOnDatePlan(f, understood);

  if (!f.metric) {
    if (priceWords) return f.dates.length ? priceOnDatePlan(f, understood) : refuse("price", understood, "Give a date (YYYY-MM-DD or 'March 2, 2015') for a closing price.");
    return refuse("unknown", understood, "I could not find a financial metric I hold (revenue, net income, EPS, market cap, P/E, prices...) in the question.");
  }
  if (f.quarter || f.flags.has("quarterly")) {
    if (f.metric.table === "fundamentals") return refuse("quarterly", understood, "Fundamentals are annual (fiscal years); there are no quarterly figures.");
  }
  if (/\b(grow|grew|growth|increase[ds]?|decrease[ds]?|change[ds]?|cagr|rise|rose|decline[ds]?|fell)\b/.test(text) && (f.yearRange || f.years.length >= 2) && f.metric.table === "fundamentals") {
    return growthPlan(f, understood);
  }
  if (f.companies.length >= 2) return comparisonPlan(f, understood);
  const agg = /\b(average|avg|mean)\b/.test(text) ? "avg" : /\bmedian\b/.test(text) ? "median" : /\b(total|combined|sum|aggregate)\b/.test(text) && !/total (revenue|assets|liabilities|equity|current)/.test(text.replace(/\b(total|combined|sum|aggregate)\s+(total)\b/, "$1")) ? "sum" : /\b(total|combined|sum|aggregate)\b.*\b(sector|companies)\b/.test(text) ? "sum" : null;
  if (agg && (f.sector || /\bsector\b/.test(text)) && f.companies.length === 0) return sectorAggregatePlan(f, understood, agg);
  if (f.companies.length === 0) {
    if (f.threshold) return thresholdPlan(f, understood, "list");
    if (f.order || f.topN) return rankingPlan(f, understood);
    return refuse("lookup", understood, "Name a company (or ask for a ranking, a sector figure or a count): I could not find one I hold.");
  }
  return lookupPlan(f, understood);
}

const PERCENT_OF = /\b(?:percent(?:age)?|%|share|proportion|fraction) of\b/;
const RATIO_BETWEEN = /^\s*(?:to|over|versus|vs\.?|\/|-to-)\s*$/;

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
function resolveRatio(f: Frame, understood: string): Metric | SqlPlan | null {
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

function lookupPlan(f: Frame, understood: string): SqlPlan {
  const metric = f.metric!;
  const fv = metricSql(metric, "f");
  const c = f.companies[0];
  if (metric.table === "ratios") {
    const e = withData(c, "hasRatios");
    if (!e) return refuse("ratios", understood, `The ratios snapshot has no row for ${c.company}.`);
    return {
      status: "ok", intent: "ratios", understood, answer: "single", title: `${metric.label}: ${e.company}`,
      sql: `SELECT ${companyCols()}, r.${metric.column} FROM ratios r JOIN securities s ON s.stock_id = r.stock_id WHERE r.stock_id = ${sid(e.ticker)} LIMIT 1`,
    };
  }
  const e = withData(c, "hasFundamentals");
  if (!e) return refuse("lookup", understood, `There are no annual fundamentals for ${c.company} (${c.ticker}) in the data.`);
  const year = fundamentalsYearClause(f, e.ticker);
  if (!year) return refuse("lookup", understood, "Ask for one fiscal year (or a growth between two years).");
  return {
    status: "ok", intent: f.latest || f.years.length === 0 ? "latest" : "lookup", understood, answer: "single",
    title: `${metric.label}: ${e.company}, ${year.label}`,
    // A computed figure shows the raw figures it comes from, so a reader can check it.
    sql: `SELECT ${companyCols()}, f.fiscal_year, f.period_ending, ${ratioInputs(metric)}${fv} AS ${metric.column} FROM fundamentals f JOIN securities s ON s.stock_id = f.stock_id WHERE f.stock_id = ${sid(e.ticker)} AND ${year.clause} ORDER BY f.period_ending DESC LIMIT 1`,
    ...formatsOf(metric),
  };
}

function rankingPlan(f: Frame, understood: string): SqlPlan {
  const metric = f.metric!;
  const fv = metricSql(metric, "f");
  const n = Math.min(f.topN ?? (/\b(companies|stocks|names|firms)\b/.test(f.text) && !/\b(which|what) (company|stock)\b/.test(f.text) ? 10 : 1), 100);
  const dir = f.order === "asc" ? "ASC" : "DESC";
  if (metric.table === "ratios") {
    const sector = f.sector ? ` AND s.gics_sector = ${q(f.sector.name)}` : "";
    return {
      status: "ok", intent: "ranking", understood, answer: "table", expectRows: n,
      title: `${f.order === "asc" ? "Bottom" : "Top"} ${n}${f.sector ? ` ${f.sector.name}` : ""} by ${metric.label} (current GICS sector)`,
      sql: `SELECT ${companyCols()}, s.gics_sector AS sector, r.${metric.column} FROM ratios r JOIN securities s ON s.stock_id = r.stock_id WHERE r.${metric.column} IS NOT NULL${sector} ORDER BY r.${metric.column} ${dir} LIMIT ${n}`,
    };
  }
  const year = fundamentalsYearClause(f, null);
  if (!year) return refuse("ranking", understood, "Rank within one fiscal year.");
  const sector = f.sector ? ` AND s.gics_sector_2016 = ${q(f.sector.name2016)}` : "";
  return {
    status: "ok", intent: "ranking", understood, answer: "table", expectRows: n,
    title: `${f.order === "asc" ? "Bottom" : "Top"} ${n}${f.sector ? ` ${f.sector.name2016}` : ""} by ${metric.label}, ${year.label}${f.sector ? " (2016 GICS sector)" : ""}`,
    sql: `SELECT ${companyCols()}, s.gics_sector_2016 AS sector_2016, f.fiscal_year, f.period_ending, ${fv} AS ${metric.column} FROM fundamentals f JOIN securities s ON s.stock_id = f.stock_id WHERE ${year.clause} AND ${fv} IS NOT NULL${sector} AND ${LATEST_PERIOD} ORDER BY ${fv} ${dir} LIMIT ${n}`,
  };
}

function thresholdPlan(f: Frame, understood: string, mode: "list" | "count"): SqlPlan {
  const metric = f.metric!;
  const fv = metricSql(metric, "f");
  const t = f.threshold!;
  const v = metricThreshold(metric, t);
  const op = t.op;
  const dir = op === ">" ? "DESC" : "ASC";
  if (metric.table === "ratios") {
    const sector = f.sector ? ` AND s.gics_sector = ${q(f.sector.name)}` : "";
    const where = `r.${metric.column} ${op} ${v}${sector}`;
    return mode === "count"
      ? { status: "ok", intent: "count", understood, answer: "count", title: `Companies with ${metric.label} ${op} ${t.raw.replace(/^\S+\s*/, "")}`, sql: `SELECT COUNT(*) AS companies FROM ratios r JOIN securities s ON s.stock_id = r.stock_id WHERE ${where}` }
      : { status: "ok", intent: "threshold", understood, answer: "table", title: `Companies with ${metric.label} ${t.raw}`, sql: `SELECT ${companyCols()}, r.${metric.column} FROM ratios r JOIN securities s ON s.stock_id = r.stock_id WHERE ${where} ORDER BY r.${metric.column} ${dir} LIMIT 200` };
  }
  const year = fundamentalsYearClause(f, null)!;
  const sector = f.sector ? ` AND s.gics_sector_2016 = ${q(f.sector.name2016)}` : "";
  const where = `${year.clause} AND ${fv} ${op} ${v}${sector} AND ${LATEST_PERIOD}`;
  return mode === "count"
    ? { status: "ok", intent: "count", understood, answer: "count", title: `Companies with ${metric.label} ${t.raw}, ${year.label}`, sql: `SELECT COUNT(DISTINCT f.stock_id) AS companies FROM fundamentals f JOIN securities s ON s.stock_id = f.stock_id WHERE ${where}` }
    : {
        status: "ok", intent: "threshold", understood, answer: "table", title: `Companies with ${metric.label} ${t.raw}, ${year.label}${f.sector ? `, ${f.sector.name2016} (2016 GICS)` : ""}`,
        sql: `SELECT ${companyCols()}, f.fiscal_year, f.period_ending, ${fv} AS ${metric.column} FROM fundamentals f JOIN securities s ON s.stock_id = f.stock_id WHERE ${where} ORDER BY ${fv} ${dir} LIMIT 200`,
      };
}

function countPlan(f: Frame, understood: string): SqlPlan {
  if (f.flags.has("loss") && !f.threshold) {
    f.metric = f.metric ?? null;
    return thresholdPlan({ ...f, metric: { table: "fundamentals", column: "net_income", label: "Net income", phrases: [] }, threshold: { op: "<", value: 0, raw: "below $0 (a net loss)", percent: false } }, understood, "count");
  }
  if (f.metric && f.threshold) return thresholdPlan(f, understood, "count");
  if (f.metric && f.metric.table === "fundamentals" && f.years.length === 1 && /\bfundamentals|data|report(ed)?\b/.test(f.text)) {
    return { status: "ok", intent: "count", understood, answer: "count", title: `Companies with fundamentals for FY${f.years[0]}`, sql: `SELECT COUNT(DISTINCT f.stock_id) AS companies FROM fundamentals f WHERE f.fiscal_year = ${f.years[0]}` };
  }
  if (!f.metric && /\bfundamentals\b/.test(f.text) && f.years.length === 1) {
    return { status: "ok", intent: "count", understood, answer: "count", title: `Companies with fundamentals for FY${f.years[0]}`, sql: `SELECT COUNT(DISTINCT f.stock_id) AS companies FROM fundamentals f WHERE f.fiscal_year = ${f.years[0]}` };
  }
  if (/\b(s&p 500|s&p|sp500|index|constituents|companies|stocks)\b/.test(f.text) && !f.metric) {
    const sector = f.sector ? ` AND gics_sector = ${q(f.sector.name)}` : "";
    return {
      status: "ok", intent: "count", understood, answer: "count",
      title: `S&P 500 constituents${f.sector ? ` in ${f.sector.name} (current GICS sector)` : ""}`,
      sql: `SELECT COUNT(*) AS companies FROM securities WHERE in_sp500 = 1${sector}`,
    };
  }
  return refuse("count", understood, "I could not tell what to count: ask e.g. 'how many S&P 500 companies are in Energy' or 'how many companies had revenue above $100B in 2015'.");
}

function sectorAggregatePlan(f: Frame, understood: string, agg: "avg" | "sum" | "median"): SqlPlan {
  const metric = f.metric!;
  const fv = metricSql(metric, "f");
  if (!f.sector) return refuse("sector_aggregate", understood, "Name the sector.");
  if (metric.table === "ratios") {
    const fn = agg === "sum" ? "SUM" : "AVG";
    if (agg === "median") {
      return { status: "ok", intent: "sector_aggregate", understood, answer: "single", post: "median", postColumn: metric.column, title: `Median ${metric.label}, ${f.sector.name} (current GICS sector)`, sql: `SELECT r.${metric.column} FROM ratios r JOIN securities s ON s.stock_id = r.stock_id WHERE s.gics_sector = ${q(f.sector.name)} AND r.${metric.column} IS NOT NULL ORDER BY r.${metric.column}` };
    }
    return { status: "ok", intent: "sector_aggregate", understood, answer: "single", title: `${agg === "sum" ? "Total" : "Average"} ${metric.label}, ${f.sector.name} (current GICS sector)`, sql: `SELECT MIN(s.gics_sector) AS sector, COUNT(*) AS companies, ${fn}(r.${metric.column}) AS ${agg}_${metric.column} FROM ratios r JOIN securities s ON s.stock_id = r.stock_id WHERE s.gics_sector = ${q(f.sector.name)} AND r.${metric.column} IS NOT NULL` };
  }
  const year = fundamentalsYearClause(f, null);
  if (!year || f.years.length !== 1) return refuse("sector_aggregate", understood, "Name one fiscal year for a sector figure.");
  const where = `s.gics_sector_2016 = ${q(f.sector.name2016)} AND ${year.clause} AND ${fv} IS NOT NULL AND ${LATEST_PERIOD}`;
  if (agg === "median") {
    return {
      status: "ok", intent: "sector_aggregate", understood, answer: "single", post: "median", postColumn: metric.column,
      title: `Median ${metric.label}, ${f.sector.name2016} (2016 GICS sector), ${year.label}`,
      sql: `SELECT f.fiscal_year, ${fv} AS ${metric.column} FROM fundamentals f JOIN securities s ON s.stock_id = f.stock_id WHERE ${where} ORDER BY ${fv}`,
    };
  }
  const fn = agg === "sum" ? "SUM" : "AVG";
  return {
    status: "ok", intent: "sector_aggregate", understood, answer: "single",
    title: `${agg === "sum" ? "Total" : "Average"} ${metric.label}, ${f.sector.name2016} (2016 GICS sector), ${year.label}`,
    sql: `SELECT MIN(s.gics_sector_2016) AS sector_2016, f.fiscal_year, COUNT(*) AS companies, ${fn}(${fv}) AS ${agg}_${metric.column} FROM fundamentals f JOIN securities s ON s.stock_id = f.stock_id WHERE ${where} GROUP BY f.fiscal_year`,
  };
}

function comparisonPlan(f: Frame, understood: string): SqlPlan {
  const metric = f.metric!;
  const fv = metricSql(metric, "f");
  const need = metric.table === "ratios" ? "hasRatios" : "hasFundamentals";
  const entries = f.companies.map((c) => withData(c, need));
  const missing = f.companies.filter((_, i) => !entries[i]);
  if (missing.length) return refuse("comparison", understood, `No ${metric.table === "ratios" ? "ratios" : "fundamentals"} for ${missing.map((c) => c.company).join(", ")}.`);
  const ids = entries.map((e) => sid(e!.ticker)).join(", ");
  if (metric.table === "ratios") {
    return { status: "ok", intent: "comparison", understood, answer: "winner", title: `${metric.label}: ${entries.map((e) => e!.ticker).join(" vs ")}`, sql: `SELECT ${companyCols()}, r.${metric.column} FROM ratios r JOIN securities s ON s.stock_id = r.stock_id WHERE r.stock_id IN (${ids}) ORDER BY r.${metric.column} DESC LIMIT ${entries.length}` };
  }
  const year = f.years.length === 1 && !f.latest ? { clause: `f.fiscal_year = ${f.years[0]}`, label: `FY${f.years[0]}` } : fundamentalsYearClause({ ...f, latest: true }, null)!;
  return {
    status: "ok", intent: "comparison", understood, answer: "winner",
    title: `${metric.label}: ${entries.map((e) => e!.ticker).join(" vs ")}, ${year.label}`,
    sql: `SELECT ${companyCols()}, f.fiscal_year, f.period_ending, ${fv} AS ${metric.column} FROM fundamentals f JOIN securities s ON s.stock_id = f.stock_id WHERE f.stock_id IN (${ids}) AND ${year.clause} AND ${LATEST_PERIOD} ORDER BY ${fv} DESC LIMIT ${entries.length}`,
  };
}

function growthPlan(f: Frame, understood: string): SqlPlan {
  const metric = f.metric!;
  const fv = metricSql(metric, "f");
  const c = f.companies[0];
  if (!c) return refuse("growth", understood, "Name the company whose growth you want.");
  const e = withData(c, "hasFundamentals");
  if (!e) return refuse("growth", understood, `There are no annual fundamentals for ${c.company}.`);
  const [a, b] = f.yearRange ?? [Math.min(...f.years), Math.max(...f.years)];
  const [va, vb] = [metricSql(metric, "a"), metricSql(metric, "b")];
  const valueFormat = metric.format ?? (metric.column === "earnings_per_share" ? "eps" : "usd");
  // A change of a percentage (a margin) is in percentage points; of an amount, in percent of the start.
  const change = metric.format === "pct" ? `(${vb}) - (${va}) AS change_points` : `((${vb}) - (${va})) * 100.0 / ABS(${va}) AS change_pct`;
  return {
    status: "ok", intent: "growth", understood, answer: "single",
    title: `${metric.label} ${metric.format === "pct" ? "change" : "growth"}: ${e.company}, FY${a} to FY${b}`,
    sql: `SELECT ${companyCols()}, a.fiscal_year AS from_year, ${va} AS from_value, b.fiscal_year AS to_year, ${vb} AS to_value, ${change} FROM fundamentals a JOIN fundamentals b ON b.stock_id = a.stock_id JOIN securities s ON s.stock_id = a.stock_id WHERE a.stock_id = ${sid(e.ticker)} AND a.fiscal_year = ${a} AND b.fiscal_year = ${b} ORDER BY a.period_ending DESC, b.period_ending DESC LIMIT 1`,
    formats: { from_value: valueFormat, to_value: valueFormat, from_year: "year", to_year: "year", change_pct: "pct", change_points: "number" },
  };
}

function period(f: Frame): [string, string] | null {
  if (f.dates.length >= 2) return [f.dates[0], f.dates[f.dates.length - 1]];
  if (f.yearRange) return [`${f.yearRange[0]}-01-01`, `${f.yearRange[1]}-12-31`];
  if (f.months) return f.months;
  if (f.years.length === 1) return [`${f.years[0]}-01-01`, `${f.years[0]}-12-31`];
  if (f.years.length >= 2) return [`${Math.min(...f.years)}-01-01`, `${Math.max(...f.years)}-12-31`];
  return null;
}

function priceCompany(f: Frame, understood: string, intent: string): CatalogEntry | SqlPlan {
  const c = f.companies[0];
  if (!c) {
    if (/\bs&p 500\b|\bs&p\b|\bthe index\b|\bthe market\b/.test(f.text)) return { ticker: "SPX", company: "S&P 500 Index", kind: "index", hasPrices: true, hasFundamentals: false, hasRatios: false, hasCalls: false };
    return refuse(intent, understood, "Name a stock with daily prices (20 large US stocks, SPY, the S&P 500 index).");
  }
  const e = withData(c, "hasPrices");
  if (!e) return refuse(intent, understood, `There are no daily prices for ${c.company} (${c.ticker}); prices cover 20 large US stocks, SPY and the S&P 500 index.`);
  return e;
}

function priceOnDatePlan(f: Frame, understood: string): SqlPlan {
  const e = priceCompany(f, understood, "price_on_date");
  if ("status" in e) return e;
  const d = f.dates[0];
  return {
    status: "ok", intent: "price_on_date", understood, answer: "single",
    title: `Closing price: ${e.company}, ${d}`,
    ...indexLevels(e, ["close"]),
    notes: ["The close of the last trading day on or before the date (within a week); adjusted closes for stocks and SPY."],
    sql: `SELECT ${companyCols()}, p.date, p.close FROM prices p JOIN securities s ON s.stock_id = p.stock_id WHERE p.stock_id = ${sid(e.ticker)} AND p.date <= ${q(d)} AND p.date >= date(${q(d)}, '-7 days') ORDER BY p.date DESC LIMIT 1`,
  };
}

/**
 * Returns by convention. A period (calendar year, years, whole months): from the last close before its
 * first day to its last close. A fiscal year: from the last close on or before the previous fiscal year's
 * end to the last close on or before this one's (the period ends of the company's annual reports). Between
 * two dates: from the close on, or last before, the start date. A base close more than 7 days before the
 * start (a stock not yet listed) gives no row, so no answer.
 */
/** An index's closes are levels in points, not dollars: shown as plain numbers, no currency. */
function indexLevels(e: CatalogEntry, columns: string[]): Pick<SqlPlan, "formats"> {
  return e.kind === "index" ? { formats: Object.fromEntries(columns.map((c) => [c, "ratio" as const])) } : {};
}

function returnPlan(f: Frame, understood: string): SqlPlan {
  const e = priceCompany(f, understood, "return");
  if ("status" in e) return e;
  const id = sid(e.ticker);
  const kindNote = e.kind === "index" ? "Price return: the index level leaves dividends out." : "Total return: adjusted closes (dividends and splits reinvested).";
  const cols = `${companyCols()}, a.date AS start_date, a.close AS start_close, b.date AS end_date, b.close AS end_close, (b.close / a.close - 1) * 100 AS return_pct`;
  const from_ = `FROM prices a JOIN prices b ON b.stock_id = a.stock_id JOIN securities s ON s.stock_id = a.stock_id`;
  const fiscalYears = f.fiscal && f.dates.length < 2 && !f.months ? (f.yearRange ?? (f.years.length === 1 ? [f.years[0], f.years[0]] : null)) : null;
  if (fiscalYears) {
    const [fa, fb] = fiscalYears;
    // Year ends: the period ends of the company's annual reports (fundamentals), else its fiscal calendar
    // (src/core/fiscal-calendar.ts) for years the fundamentals do not cover.
    const calendar = [fiscalPeriodEnd(e.ticker, fa - 1), fiscalPeriodEnd(e.ticker, fb)].map((d) => (d && ISO_DATE.test(d) ? q(d) : "NULL"));
    if (!e.hasFundamentals && calendar.includes("NULL")) return refuse("return", understood, `A fiscal-year return needs ${e.company}'s fiscal year ends, which the data does not hold; ask for a calendar year or two dates.`);
    const endsFrom = e.hasFundamentals
      ? `SELECT fy.stock_id, COALESCE(MAX(IIF(fy.fiscal_year = ${fa - 1}, fy.period_ending, NULL)), ${calendar[0]}) AS prior_end, COALESCE(MAX(IIF(fy.fiscal_year = ${fb}, fy.period_ending, NULL)), ${calendar[1]}) AS fy_end FROM fundamentals fy WHERE fy.stock_id = ${id} GROUP BY fy.stock_id`
      : `SELECT p0.stock_id, ${calendar[0]} AS prior_end, ${calendar[1]} AS fy_end FROM prices p0 WHERE p0.stock_id = ${id} GROUP BY p0.stock_id`;
    // The two fiscal year ends, then the two closes in one pass over the stock's prices, then those rows by key.
    const ends = `WITH ends AS (${endsFrom}), span AS (SELECT p.stock_id, e.prior_end, e.fy_end, MAX(IIF(p.date <= e.prior_end, p.date, NULL)) AS base_date, MAX(IIF(p.date <= e.fy_end, p.date, NULL)) AS last_date FROM prices p JOIN ends e ON e.stock_id = p.stock_id WHERE p.stock_id = ${id} GROUP BY p.stock_id, e.prior_end, e.fy_end)`;
    return {
      status: "ok", intent: "return", understood, answer: "single",
      ...indexLevels(e, ["start_close", "end_close"]),
      title: `${e.kind === "index" ? "Price" : "Total"} return: ${e.company}, FY${fa}${fb !== fa ? ` to FY${fb}` : ""}`,
      notes: [`Fiscal-year convention: from the last close on or before the end of FY${fa - 1} to the last close on or before the end of FY${fb}; fiscal year ends are the period ends of the company's annual reports, else of its fiscal calendar.`, kindNote],
      sql: `${ends} SELECT ${cols}, sp.prior_end AS prior_fiscal_year_end, sp.fy_end AS fiscal_year_end FROM span sp JOIN prices a ON a.stock_id = sp.stock_id AND a.date = sp.base_date JOIN prices b ON b.stock_id = sp.stock_id AND b.date = sp.last_date JOIN securities s ON s.stock_id = sp.stock_id WHERE a.date >= date(sp.prior_end, '-7 days') AND b.date > a.date LIMIT 1`,
    };
  }
  const p = period(f);
  if (!p) return refuse("return", understood, "Give the period: a year, or a start and an end date.");
  const [from, to] = p;
  const betweenDates = f.dates.length >= 2;
  const label = betweenDates ? `${from} to ${to}` : f.months ? `${from} to ${to}` : from.slice(0, 4) === to.slice(0, 4) ? `calendar ${from.slice(0, 4)}` : `calendar ${from.slice(0, 4)} to ${to.slice(0, 4)}`;
  return {
    status: "ok", intent: "return", understood, answer: "single",
    ...indexLevels(e, ["start_close", "end_close"]),
    title: `${e.kind === "index" ? "Price" : "Total"} return: ${e.company}, ${label}`,
    notes: [
      betweenDates
        ? `Between two dates: from the close on ${from} (or the last close before it) to the close on ${to} (or the last close before it).`
        : `Period convention: from the last close before ${from} (the end of the previous period) to the last close on or before ${to}.`,
      kindNote,
    ],
    sql: `SELECT ${cols} ${from_} WHERE a.stock_id = ${id} AND a.date = (SELECT MAX(p.date) FROM prices p WHERE p.stock_id = ${id} AND p.date ${betweenDates ? "<=" : "<"} ${q(from)}) AND a.date >= date(${q(from)}, '-7 days') AND b.date = (SELECT MAX(p.date) FROM prices p WHERE p.stock_id = ${id} AND p.date <= ${q(to)}) AND b.date > a.date LIMIT 1`,
  };
}

function pricePathPlan(f: Frame, understood: string, kind: "volatility" | "drawdown"): SqlPlan {
  const e = priceCompany(f, understood, kind);
  if ("status" in e) return e;
  const p = period(f);
  if (!p) return refuse(kind, understood, "Give the period: a year, or a start and an end date.");
  const [from, to] = p;
  // One pass over the period's rows with window functions (linear in the rows, not a correlated
  // subquery per row: a 30-year window is about 7,500 closes).
  const inRange = `p.stock_id = ${sid(e.ticker)} AND p.date >= ${q(from)} AND p.date <= ${q(to)}`;
  if (kind === "volatility") {
    return {
      status: "ok", intent: "volatility", understood, answer: "single", post: "volatility", postColumn: "variance",
      title: `Annualized volatility: ${e.company}, ${from} to ${to}`,
      notes: ["Standard deviation of daily close-to-close returns within the period, times the square root of 252."],
      sql: `SELECT ${companyCols()}, MIN(d.date) AS start_date, MAX(d.date) AS end_date, COUNT(*) AS daily_returns, AVG(d.r * d.r) - AVG(d.r) * AVG(d.r) AS variance FROM (SELECT p.stock_id, p.date, p.close / LAG(p.close) OVER (PARTITION BY p.stock_id ORDER BY p.date) - 1 AS r FROM prices p WHERE ${inRange}) d JOIN securities s ON s.stock_id = d.stock_id WHERE d.r IS NOT NULL GROUP BY s.ticker, s.company`,
    };
  }
  return {
    status: "ok", intent: "drawdown", understood, answer: "single",
    title: `Maximum drawdown: ${e.company}, ${from} to ${to}`,
    notes: ["Largest fall of a close below the highest earlier close within the period."],
    sql: `SELECT ${companyCols()}, d.peak_close, d.date AS trough_date, d.close AS trough_close, (d.close / d.peak_close - 1) * 100 AS max_drawdown_pct FROM (SELECT p.stock_id, p.date, p.close, MAX(p.close) OVER (PARTITION BY p.stock_id ORDER BY p.date) AS peak_close FROM prices p WHERE ${inRange}) d JOIN securities s ON s.stock_id = d.stock_id ORDER BY d.close / d.peak_close ASC, d.date ASC LIMIT 1`,
  };
}

function earningsPlan(f: Frame, understood: string): SqlPlan {
  const cols = "s.ticker, s.company, e.fiscal_year, e.fiscal_quarter, e.call_date, e.call_time, e.time_zone, e.is_estimated, e.stock_id";
  const from = "FROM earnings_calls e JOIN securities s ON s.stock_id = e.stock_id";
  const base = { status: "ok" as const, intent: "earnings_calls", understood, answer: "schedule" as const };
  if (f.companies.length === 0) {
    const p = f.dates.length >= 2 ? [f.dates[0], f.dates[1]] : f.months ?? (f.years.length === 1 ? [`${f.years[0]}-01-01`, `${f.years[0]}-12-31`] : null);
    if (p) return { ...base, title: `Earnings calls ${p[0]} to ${p[1]}`, sql: `SELECT ${cols} ${from} WHERE e.call_date >= ${q(p[0])} AND e.call_date <= ${q(p[1])} ORDER BY e.call_date, s.ticker LIMIT 200` };
    if (/\b(upcoming|next|scheduled|projected)\b/.test(f.text)) return { ...base, title: "Upcoming (projected) earnings calls", sql: `SELECT ${cols} ${from} WHERE e.is_estimated = 1 ORDER BY e.call_date, s.ticker LIMIT 200` };
    return refuse("earnings_calls", understood, "Name a company or a period (e.g. 'in August 2023') for earnings-call dates.");
  }
  const entries = f.companies.map((c) => withData(c, "hasCalls"));
  const missing = f.companies.filter((_, i) => !entries[i]);
  if (missing.length) return refuse("earnings_calls", understood, `The earnings-call schedule has no calls for ${missing.map((c) => c.company).join(", ")}.`);
  const ids = entries.map((e) => sid(e!.ticker)).join(", ");
  const names = entries.map((e) => e!.company).join(", ");
  if (f.quarter) {
    const fy = f.years[0];
    const yearClause = fy ? ` AND e.fiscal_year = ${fy}` : "";
    return { ...base, title: `Earnings call: ${names}, Q${f.quarter}${fy ? ` FY${fy}` : ""}`, sql: `SELECT ${cols} ${from} WHERE e.stock_id IN (${ids}) AND e.fiscal_quarter = ${f.quarter}${yearClause} ORDER BY e.call_date DESC LIMIT ${fy ? entries.length : 4}` };
  }
  if (/\b(next|upcoming|coming|scheduled)\b/.test(f.text)) {
    return {
      ...base, title: `Next earnings call: ${names}`,
      sql: `SELECT ${cols} ${from} WHERE e.stock_id IN (${ids}) AND e.call_date > (SELECT COALESCE(MAX(e2.call_date), '0000-00-00') FROM earnings_calls e2 WHERE e2.stock_id = e.stock_id AND e2.is_estimated = 0) ORDER BY e.call_date LIMIT ${entries.length}`,
    };
  }
  if (/\b(last|latest|most recent|previous)\b/.test(f.text)) {
    return { ...base, title: `Last earnings call: ${names}`, sql: `SELECT ${cols} ${from} WHERE e.stock_id IN (${ids}) AND e.is_estimated = 0 ORDER BY e.call_date DESC LIMIT ${entries.length}` };
  }
  return { ...base, title: `Earnings calls: ${names}`, sql: `SELECT ${cols} ${from} WHERE e.stock_id IN (${ids}) ORDER BY e.call_date LIMIT 100` };
}
