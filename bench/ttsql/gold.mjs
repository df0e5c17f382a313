#!/usr/bin/env node
// Computes the TTSQL benchmark's gold answers straight from the source CSVs (../shared/data, or the
// gzipped copies in data/market), with plain JavaScript: never through the engine, its SQL or D1.
// Writes bench/ttsql/gold.json: one expected answer per question of questions.json. With
// TTSQL_QUESTIONS=heldout it reads heldout-questions.json and writes heldout-gold.json instead (the
// held-out set: `TTSQL_QUESTIONS=heldout npm run bench:ttsql`).
import { readFileSync, existsSync, writeFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const shared = process.env.BENCH_DATA_DIR ?? join(root, "..", "shared", "data");

function read(sharedPath, marketGz) {
  const p = join(shared, sharedPath);
  if (existsSync(p)) return readFileSync(p, "utf8");
  return gunzipSync(readFileSync(join(root, "data", "market", marketGz))).toString("utf8");
}

function parseCsv(text) {
  const rows = [];
  let row = [], field = "", quoted = false;
  for (let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') { if (text[i + 1] === '"') { field += '"'; i++; } else quoted = false; } else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") { row.push(field); field = ""; }
    else if (ch === "\n" || ch === "\r") { if (ch === "\r" && text[i + 1] === "\n") i++; row.push(field); field = ""; if (row.length > 1 || row[0] !== "") rows.push(row); row = []; }
    else field += ch;
  }
  if (field !== "" || row.length) { row.push(field); rows.push(row); }
  const [header, ...data] = rows;
  return data.map((r) => Object.fromEntries(header.map((h, i) => [h.trim(), r[i]])));
}

const num = (v) => (v === undefined || v === null || v.trim() === "" ? null : Number(v));
const ticker = (t) => t.trim().toUpperCase().replace(/[-/]/g, ".");

// --- the source files
const constituents = parseCsv(read("sp500_reference/constituents.csv", "securities_constituents.csv.gz"));
const financials = parseCsv(read("sp500_reference/constituents-financials.csv", "ratios.csv.gz"));
const nyse = parseCsv(read("nyse_fundamentals/securities.csv", "securities_nyse.csv.gz"));
const fundamentalsRaw = parseCsv(read("nyse_fundamentals/fundamentals.csv", "fundamentals.csv.gz"));
const stockPrices = parseCsv(read("stock_prices/stock_prices.csv", "prices_stocks.csv.gz"));
const spyPrices = parseCsv(read("stock_prices/spy_prices.csv", "prices_spy.csv.gz"));
const earnings = parseCsv(readFileSync(join(root, "data", "market", "earnings_calls.csv"), "utf8"));

const sectorNow = new Map(constituents.map((r) => [ticker(r.Symbol), r["GICS Sector"]]));
const sector2016 = new Map(nyse.map((r) => [ticker(r["Ticker symbol"]), r["GICS Sector"]]));

// Header names of the fundamentals file by snake_case column.
const snake = (h) => h.toLowerCase().replace(/&/g, "and").replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "");
const COLUMN_ALIASES = { addl_income_expense_items: "Add'l income/expense items", total_liabilities_and_equity: "Total Liabilities & Equity" };
function fundamentalsHeader(column) {
  if (COLUMN_ALIASES[column]) return COLUMN_ALIASES[column];
  const h = Object.keys(fundamentalsRaw[0]).find((k) => snake(k) === column || snake(k.replace(/\./g, "")) === column);
  if (!h) throw new Error(`no fundamentals column for ${column}`);
  return h;
}
// Fiscal year: the "For Year" column when present and plausible, else the year of "Period Ending".
function fiscalYear(r) {
  const f = num(r["For Year"]);
  if (f !== null && Number.isInteger(f) && f >= 1900 && f <= 2100) return f;
  return Number(r["Period Ending"].slice(0, 4));
}
// One row per (ticker, fiscal year): the latest period end.
const fundamentals = new Map();
for (const r of fundamentalsRaw) {
  const key = `${ticker(r["Ticker Symbol"])}|${fiscalYear(r)}`;
  const have = fundamentals.get(key);
  if (!have || have["Period Ending"] < r["Period Ending"]) fundamentals.set(key, r);
}
const fundRows = [...fundamentals.entries()].map(([k, r]) => ({ ticker: k.split("|")[0], year: Number(k.split("|")[1]), r }));
// The file's margin and ROE columns are rounded to whole percent and unsigned (APA's -39.9% net margin of
// 2014 is written 40). By the conventions of issue 20 a question about them is answered from the raw
// figures, signed: the gold computes them the same way, for every set.
const COMPUTED_FROM_RAW = {
  profit_margin: ["net_income", "total_revenue"],
  gross_margin: ["gross_profit", "total_revenue"],
  operating_margin: ["operating_income", "total_revenue"],
  pre_tax_margin: ["earnings_before_tax", "total_revenue"],
  after_tax_roe: ["net_income", "total_equity"],
};
function rowValue(r, column) {
  const parts = COMPUTED_FROM_RAW[column];
  if (!parts) return num(r[fundamentalsHeader(column)]);
  const [n, d] = parts.map((c) => num(r[fundamentalsHeader(c)]));
  return n === null || d === null || d === 0 || (parts[1] === "total_equity" && d < 0) ? null : (n / d) * 100;
}
const fval = (t, column, year) => {
  const r = fundamentals.get(`${t}|${year}`);
  return r ? rowValue(r, column) : null;
};
const latestYear = (t) => Math.max(...fundRows.filter((x) => x.ticker === t).map((x) => x.year));

const RATIO_HEADERS = { market_cap: "Market Cap", pe_ratio: "Price/Earnings", dividend_yield: "Dividend Yield", price_to_book: "Price/Book", ebitda: "EBITDA", price_to_sales: "Price/Sales", eps: "Earnings/Share", price: "Price" };

// Prices: ticker -> sorted [date, close].
const prices = new Map();
for (const row of stockPrices) for (const [h, v] of Object.entries(row)) {
  if (h === "date" || v === undefined || v.trim() === "") continue;
  if (!prices.has(h)) prices.set(h, []);
  prices.get(h).push([row.date, Number(v)]);
}
prices.set("SPY", spyPrices.filter((r) => r.SPY && r.SPY.trim() !== "").map((r) => [r.date, Number(r.SPY)]));
for (const series of prices.values()) series.sort((a, b) => (a[0] < b[0] ? -1 : 1));
const window = (t, from, to) => (prices.get(t) ?? []).filter(([d]) => d >= from && d <= to);

// S&P 500 index closes (the FRED series file), for the index's returns.
const spx = parseCsv(read("stock_prices/SP500.csv", "prices_sp500.csv.gz")).map((r) => [r.DATE, num(r.VALUE)]).filter(([, v]) => v !== null).sort((a, b) => (a[0] < b[0] ? -1 : 1));
prices.set("SPX", spx);

/**
 * Return by the conventions of issue 20. A period (calendar or fiscal year, whole months): from the last
 * close before its first day to its last close. Between two dates (onOrBefore): from the close on, or last
 * before, the start date. No base close within 7 days before the start: no answer.
 */
function conventionReturn(t, from, to, onOrBefore) {
  const series = prices.get(t) ?? [];
  const base = [...series].reverse().find(([d]) => (onOrBefore ? d <= from : d < from));
  const last = [...series].reverse().find(([d]) => d <= to);
  if (!base || !last || last[0] < from || Date.parse(from) - Date.parse(base[0]) > 7 * 86_400_000) return { type: "unanswerable" };
  return { type: "number", value: (last[1] / base[1] - 1) * 100, unit: "pct", signed: true, base: base[0], last: last[0] };
}

const nameCheck = (g) => (g.name ? { name: g.name } : {});

const cmp = (op, a, b) => (op === ">" ? a > b : a < b);

function answer(g) {
  switch (g.kind) {
    case "value":
      if (g.source === "ratios") {
        const r = financials.find((x) => ticker(x.Symbol) === g.ticker);
        return { type: "number", value: num(r[RATIO_HEADERS[g.column]]) };
      }
      return { type: "number", value: fval(g.ticker, g.column, g.year === "latest" ? latestYear(g.ticker) : g.year), ...(g.year === "latest" ? { year: latestYear(g.ticker) } : {}), ...nameCheck(g) };
    case "rank": {
      let rows;
      if (g.source === "ratios") {
        rows = financials.map((r) => ({ t: ticker(r.Symbol), v: num(r[RATIO_HEADERS[g.column]]) })).filter((x) => !g.sector || sectorNow.get(x.t) === g.sector);
      } else {
        rows = fundRows.filter((x) => x.year === g.year && (!g.sector || sector2016.get(x.ticker) === g.sector)).map((x) => ({ t: x.ticker, v: rowValue(x.r, g.column) }));
      }
      rows = rows.filter((x) => x.v !== null).sort((a, b) => (g.order === "asc" ? a.v - b.v : b.v - a.v));
      return { type: "tickers_ordered", tickers: rows.slice(0, g.n).map((x) => x.t), values: rows.slice(0, g.n).map((x) => x.v) };
    }
    case "growth": {
      const a = fval(g.ticker, g.column, g.from), b = fval(g.ticker, g.column, g.to);
      return { type: "number", value: ((b - a) / Math.abs(a)) * 100, unit: "pct" };
    }
    case "sector_agg": {
      const vs = fundRows.filter((x) => x.year === g.year && sector2016.get(x.ticker) === g.sector).map((x) => rowValue(x.r, g.column)).filter((v) => v !== null).sort((a, b) => a - b);
      const sum = vs.reduce((s, v) => s + v, 0);
      const median = vs.length % 2 ? vs[(vs.length - 1) / 2] : (vs[vs.length / 2 - 1] + vs[vs.length / 2]) / 2;
      return { type: "number", value: g.agg === "sum" ? sum : g.agg === "avg" ? sum / vs.length : median, n: vs.length };
    }
    case "compare": {
      const [a, b] = g.tickers.map((t) => fval(t, g.column, g.year));
      return { type: "winner", ticker: a >= b ? g.tickers[0] : g.tickers[1], values: [a, b] };
    }
    case "list": {
      const ts = fundRows.filter((x) => x.year === g.year && (!g.sector || sector2016.get(x.ticker) === g.sector)).filter((x) => {
        const v = rowValue(x.r, g.column);
        return v !== null && cmp(g.op, v, g.value);
      }).map((x) => x.ticker);
      return { type: "tickers_set", tickers: ts.sort() };
    }
    case "count": {
      if (g.what === "sp500") return { type: "count", value: constituents.length };
      if (g.what === "sp500_sector") return { type: "count", value: constituents.filter((r) => r["GICS Sector"] === g.sector).length };
      if (g.what === "fund_year") return { type: "count", value: new Set(fundRows.filter((x) => x.year === g.year).map((x) => x.ticker)).size };
      if (g.what === "fund_threshold") return { type: "count", value: new Set(fundRows.filter((x) => x.year === g.year && (() => { const v = rowValue(x.r, g.column); return v !== null && cmp(g.op, v, g.value); })()).map((x) => x.ticker)).size };
      if (g.what === "ratio_threshold") return { type: "count", value: financials.filter((r) => { const v = num(r[RATIO_HEADERS[g.column]]); return v !== null && cmp(g.op, v, g.value); }).length };
      throw new Error(`count ${g.what}`);
    }
    case "price": {
      const hit = (prices.get(g.ticker) ?? []).find(([d]) => d === g.date);
      return hit ? { type: "number", value: hit[1] } : { type: "unanswerable" };
    }
    case "return":
      // From the close on, or last before, the start date: for a calendar year (from YYYY-01-01) that is
      // the previous year's last close, the calendar-year convention.
      return conventionReturn(g.ticker, g.from, g.to, true);
    case "volatility": {
      const w = window(g.ticker, g.from, g.to);
      const rs = w.slice(1).map(([, c], i) => c / w[i][1] - 1);
      const mean = rs.reduce((s, r) => s + r, 0) / rs.length;
      const variance = rs.reduce((s, r) => s + (r - mean) ** 2, 0) / rs.length;
      return { type: "number", value: Math.sqrt(variance) * Math.sqrt(252) * 100, unit: "pct", days: rs.length };
    }
    case "drawdown": {
      let peak = -Infinity, worst = 0;
      for (const [, c] of window(g.ticker, g.from, g.to)) {
        peak = Math.max(peak, c);
        worst = Math.min(worst, c / peak - 1);
      }
      return { type: "number", value: worst * 100, unit: "pct" };
    }
    case "earnings": {
      const calls = earnings.filter((r) => ticker(r.ticker) === g.ticker).sort((a, b) => (a.call_date < b.call_date ? -1 : 1));
      if (g.which === "all") return { type: "dates", dates: calls.map((r) => r.call_date) };
      if (g.which === "next_estimated") return { type: "dates", dates: calls.filter((r) => r.is_estimated === "true").map((r) => r.call_date) };
      const r = calls.find((x) => Number(x.fiscal_year) === g.fiscal_year && Number(x.fiscal_quarter) === g.fiscal_quarter);
      return { type: "dates", dates: [r.call_date] };
    }
    case "earnings_range":
      return { type: "tickers_set", tickers: [...new Set(earnings.filter((r) => r.call_date >= g.from && r.call_date <= g.to).map((r) => ticker(r.ticker)))].sort() };
    // Conventions set (issue 20): signed ratios from raw columns, return conventions, names as of the period.
    case "ratio": {
      const n = fval(g.ticker, g.num, g.year), d = fval(g.ticker, g.den, g.year);
      // Over equity, undefined when equity is negative or zero.
      if (n === null || d === null || d === 0 || (g.den === "total_equity" && d < 0)) return { type: "unanswerable" };
      return { type: "number", value: ((g.num_outflow ? -n : n) / d) * g.scale, signed: true, ...nameCheck(g) };
    }
    case "rank_ratio": {
      const rows = fundRows.filter((x) => x.year === g.year && (!g.sector || sector2016.get(x.ticker) === g.sector)).map((x) => {
        const n = num(x.r[fundamentalsHeader(g.num)]), d = num(x.r[fundamentalsHeader(g.den)]);
        return { t: x.ticker, v: n === null || d === null || d === 0 ? null : (n / d) * 100 };
      }).filter((x) => x.v !== null).sort((a, b) => (g.order === "asc" ? a.v - b.v : b.v - a.v));
      return { type: "tickers_ordered", tickers: rows.slice(0, g.n).map((x) => x.t), values: rows.slice(0, g.n).map((x) => x.v), signed: true };
    }
    case "return_calendar":
      return { ...conventionReturn(g.ticker, `${g.from_year}-01-01`, `${g.to_year}-12-31`, false), ...nameCheck(g) };
    case "return_dates":
      return { ...conventionReturn(g.ticker, g.from, g.to, true), ...nameCheck(g) };
    case "return_fiscal": {
      // The fiscal year's end and the previous one's: the period ends of the fundamentals file.
      const end = fundamentals.get(`${g.ticker}|${g.year}`)?.["Period Ending"], start = fundamentals.get(`${g.ticker}|${g.year - 1}`)?.["Period Ending"];
      if (!end || !start) return { type: "unanswerable" };
      // The period starts the day after the previous fiscal year's end: the base is that end's last close.
      const next = new Date(Date.parse(start) + 86_400_000).toISOString().slice(0, 10);
      return { ...conventionReturn(g.ticker, next, end, false), fiscal: [start, end] };
    }
    case "unanswerable":
      return { type: "unanswerable" };
  }
  throw new Error(`unknown gold kind ${g.kind}`);
}

// Every set's gold on every run: the frozen set, the held-out set and the conventions set.
for (const set of ["", "heldout-", "conventions-"]) {
  const { questions } = JSON.parse(readFileSync(join(here, `${set}questions.json`), "utf8"));
  const gold = {};
  for (const q of questions) {
    let a = answer(q.gold);
    // The source has no figure: the right answer is to say so (an unanswerable outcome), not a number.
    if (a.type === "number" && (a.value === null || !Number.isFinite(a.value))) a = { type: "unanswerable", reason: "no value in the source" };
    // Growth in the conventions set is signed too (a fall is negative).
    if (set === "conventions-" && a.type === "number") a.signed = true;
    gold[q.id] = a;
  }
  writeFileSync(join(here, `${set}gold.json`), JSON.stringify(gold, null, 1) + "\n");
  console.log(`gold answers for ${Object.keys(gold).length} questions -> bench/ttsql/${set}gold.json`);
}
