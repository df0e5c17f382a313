// The local engine's second half: a question frame becomes one SQL plan per question class, or a refusal
// that says what was understood and what is missing. Every value put into SQL comes from the catalog,
// a parsed number or a validated date, never from raw question text.
import { metricSql, type Metric } from "./catalog";
import type { EngineInput, SqlPlan } from "./plan";
import { companyCols, q, refuse, sid, withData } from "./plan-sql";
import { priceOnDatePlan, pricePathPlan, returnPlan } from "./price-plans";
import { resolveRatio } from "./ratio-request";
import { buildNameIndex, understand, type Frame } from "./understand";

const LATEST_PERIOD = "f.period_ending = (SELECT MAX(f2.period_ending) FROM fundamentals f2 WHERE f2.stock_id = f.stock_id AND f2.fiscal_year = f.fiscal_year)";

function describe(f: Frame): string {
  const parts: string[] = [];
  if (f.companies.length) parts.push(`companies: ${f.companies.map((c) => `${c.company} (${c.ticker})`).join(", ")}`);
  if (f.metric) parts.push(`metric: ${f.metric.label}`);
  if (f.years.length) parts.push(`years: ${f.years.join(", ")}`);
  if (f.dates.length) parts.push(`dates: ${f.dates.join(", ")}`);
  if (f.sector) parts.push(`sector: ${f.sector.name}`);
  return parts.length ? parts.join("; ") : "no company, metric or period I know";
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
    ...(metric.ratio ? { missing: `${metric.label} is not defined when ${metric.ratio.den === "total_equity" ? "total equity is negative or zero" : "the figure divided by is zero"} or either figure is missing.` } : {}),
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
    formats: { from_value: valueFormat, to_value: valueFormat, from_year: "year", to_year: "year", change_pct: "pct", change_points: "points" },
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
