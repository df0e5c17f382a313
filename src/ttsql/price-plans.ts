// Plans over daily closes: a close on a date, a return by convention (period, fiscal year, between dates),
// volatility and drawdown in one pass of window functions.
import { fiscalPeriodEnd } from "../core/fiscal-calendar";
import type { CatalogEntry, SqlPlan } from "./plan";
import { companyCols, ISO_DATE, q, refuse, sid, withData } from "./plan-sql";
import type { Frame } from "./understand";

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

export function priceOnDatePlan(f: Frame, understood: string): SqlPlan {
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

export function returnPlan(f: Frame, understood: string): SqlPlan {
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
      missing: `The return needs both fiscal year ends (FY${fa - 1} and FY${fb}) and a close within 7 days before each; the data may not cover them.`,
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
    missing: `The return needs a close ${betweenDates ? "on or in the 7 days before" : "in the 7 days before"} ${from} and one after it; the prices may not cover that (a stock not yet listed, a series that starts later).`,
    notes: [
      betweenDates
        ? `Between two dates: from the close on ${from} (or the last close before it) to the close on ${to} (or the last close before it).`
        : `Period convention: from the last close before ${from} (the end of the previous period) to the last close on or before ${to}.`,
      kindNote,
    ],
    sql: `SELECT ${cols} ${from_} WHERE a.stock_id = ${id} AND a.date = (SELECT MAX(p.date) FROM prices p WHERE p.stock_id = ${id} AND p.date ${betweenDates ? "<=" : "<"} ${q(from)}) AND a.date >= date(${q(from)}, '-7 days') AND b.date = (SELECT MAX(p.date) FROM prices p WHERE p.stock_id = ${id} AND p.date <= ${q(to)}) AND b.date > a.date LIMIT 1`,
  };
}

export function pricePathPlan(f: Frame, understood: string, kind: "volatility" | "drawdown"): SqlPlan {
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
