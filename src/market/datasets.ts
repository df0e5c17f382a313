// The loader's datasets: which CSV columns each one needs and how its records become table rows. Pure:
// text in, rows or one error a person can act on out; the service writes the rows.
import { parseCsv } from "./csv";
import { FUNDAMENTAL_COLUMNS, type FundamentalColumn } from "./fundamentals-columns";
import { canonicalTicker, PRICE_INSTRUMENTS, SP500_INDEX_TICKER, SPY_TICKER, stockIdFor, type SecurityKind } from "./tickers";

export const DATASETS = ["securities_constituents", "securities_nyse", "fundamentals", "prices_stocks", "prices_spy", "prices_sp500", "ratios"] as const;
export type Dataset = (typeof DATASETS)[number];

/**
 * Where a securities row comes from decides which of its columns it may set (see repo.upsertSecurities):
 * the current S&P 500 list owns the current fields, the 2016 NYSE list the 2016 fields, and the name is
 * taken from the best list loaded so far; "instrument" only creates rows that are missing.
 */
export type SecuritySource = "sp500_current" | "sp500_2016" | "ratios" | "instrument";

export interface SecurityRow {
  stockId: string;
  ticker: string;
  company: string;
  kind: SecurityKind;
  cik: string | null;
  gicsSector: string | null;
  gicsSubIndustry: string | null;
  gicsSector2016: string | null;
  gicsSubIndustry2016: string | null;
  headquarters: string | null;
  dateAdded: string | null;
  founded: string | null;
}

export interface FundamentalRow {
  stockId: string;
  ticker: string;
  periodEnding: string;
  fiscalYear: number;
  values: Record<FundamentalColumn, number | null>;
}

export interface PriceRow {
  stockId: string;
  ticker: string;
  date: string;
  close: number;
}

export interface RatioRow {
  stockId: string;
  ticker: string;
  price: number | null;
  peRatio: number | null;
  dividendYield: number | null;
  eps: number | null;
  week52Low: number | null;
  week52High: number | null;
  marketCap: number | null;
  ebitda: number | null;
  priceToSales: number | null;
  priceToBook: number | null;
}

export interface LoadPlan {
  dataset: Dataset;
  securities: { source: SecuritySource; rows: SecurityRow[] };
  fundamentals: FundamentalRow[];
  prices: PriceRow[];
  ratios: RatioRow[];
  /** Records written to the dataset's own table (price points for price files). */
  rowsLoaded: number;
}

export type PlanResult = { ok: true; plan: LoadPlan } | { ok: false; error: string };

class RowError extends Error {}

/** Reads one CSV by column name (case-insensitive), with the row number in every complaint. */
class Table {
  private readonly index = new Map<string, number>();
  constructor(
    readonly header: string[],
    readonly rows: string[][],
  ) {
    header.forEach((h, i) => {
      const key = h.toLowerCase();
      if (!this.index.has(key)) this.index.set(key, i);
    });
  }

  has(name: string): boolean {
    return this.index.has(name.toLowerCase());
  }

  require(names: readonly string[]): void {
    const missing = names.filter((n) => !this.has(n));
    if (missing.length) throw new RowError(`missing column${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}`);
  }

  text(row: number, name: string): string | null {
    const i = this.index.get(name.toLowerCase());
    if (i === undefined) return null;
    const v = this.rows[row][i].trim();
    return v === "" ? null : v;
  }

  requiredText(row: number, name: string): string {
    const v = this.text(row, name);
    if (v === null) throw new RowError(`row ${row + 1}: ${name} is empty`);
    return v;
  }

  ticker(row: number, name: string): string {
    const raw = this.requiredText(row, name);
    const t = canonicalTicker(raw);
    if (!t) throw new RowError(`row ${row + 1}: ${name} "${raw}" is not a ticker`);
    return t;
  }

  number(row: number, name: string): number | null {
    return toNumber(this.text(row, name), () => `row ${row + 1}: ${name}`);
  }

  date(row: number, name: string): string {
    const v = this.requiredText(row, name);
    if (!isIsoDate(v)) throw new RowError(`row ${row + 1}: ${name} "${v}" is not a YYYY-MM-DD date`);
    return v;
  }

  cik(row: number, name: string): string | null {
    const v = this.text(row, name);
    if (v === null) return null;
    if (!/^\d{1,10}$/.test(v)) throw new RowError(`row ${row + 1}: ${name} "${v}" is not a CIK`);
    return v.padStart(10, "0");
  }
}

const MISSING_NUMBER = new Set(["", ".", "na", "n/a", "nan", "null", "-"]);

function toNumber(v: string | null, where: () => string): number | null {
  if (v === null || MISSING_NUMBER.has(v.toLowerCase())) return null;
  const n = Number(v);
  if (!Number.isFinite(n)) throw new RowError(`${where()} "${v}" is not a number`);
  return n;
}

function isIsoDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
}

function security(ticker: string, company: string, fields: Partial<SecurityRow> = {}): SecurityRow {
  return {
    stockId: stockIdFor(ticker),
    ticker,
    company,
    kind: PRICE_INSTRUMENTS[ticker]?.kind ?? "stock",
    cik: null,
    gicsSector: null,
    gicsSubIndustry: null,
    gicsSector2016: null,
    gicsSubIndustry2016: null,
    headquarters: null,
    dateAdded: null,
    founded: null,
    ...fields,
  };
}

/** A row for an instrument a data file names, so its rows have a security whatever the load order. */
function instrument(ticker: string): SecurityRow {
  return security(ticker, PRICE_INSTRUMENTS[ticker]?.company ?? ticker);
}

function emptyPlan(dataset: Dataset, source: SecuritySource): LoadPlan {
  return { dataset, securities: { source, rows: [] }, fundamentals: [], prices: [], ratios: [], rowsLoaded: 0 };
}

function constituents(t: Table): LoadPlan {
  t.require(["Symbol", "Security", "GICS Sector", "GICS Sub-Industry", "CIK"]);
  const plan = emptyPlan("securities_constituents", "sp500_current");
  for (let r = 0; r < t.rows.length; r++) {
    const ticker = t.ticker(r, "Symbol");
    plan.securities.rows.push(
      security(ticker, t.requiredText(r, "Security"), {
        cik: t.cik(r, "CIK"),
        gicsSector: t.text(r, "GICS Sector"),
        gicsSubIndustry: t.text(r, "GICS Sub-Industry"),
        headquarters: t.text(r, "Headquarters Location"),
        dateAdded: t.text(r, "Date added"),
        founded: t.text(r, "Founded"),
      }),
    );
  }
  plan.rowsLoaded = plan.securities.rows.length;
  return plan;
}

function nyseSecurities(t: Table): LoadPlan {
  t.require(["Ticker symbol", "Security", "GICS Sector", "GICS Sub Industry", "CIK"]);
  const plan = emptyPlan("securities_nyse", "sp500_2016");
  for (let r = 0; r < t.rows.length; r++) {
    const ticker = t.ticker(r, "Ticker symbol");
    plan.securities.rows.push(
      security(ticker, t.requiredText(r, "Security"), {
        cik: t.cik(r, "CIK"),
        gicsSector2016: t.text(r, "GICS Sector"),
        gicsSubIndustry2016: t.text(r, "GICS Sub Industry"),
      }),
    );
  }
  plan.rowsLoaded = plan.securities.rows.length;
  return plan;
}

/** The source's "For Year" when present and plausible; otherwise the year of the period end (the rule of issue 8). */
export function fiscalYearOf(forYear: number | null, periodEnding: string): number {
  if (forYear !== null && Number.isInteger(forYear) && forYear >= 1900 && forYear <= 2100) return forYear;
  return Number(periodEnding.slice(0, 4));
}

function fundamentals(t: Table): LoadPlan {
  t.require(["Ticker Symbol", "Period Ending", ...FUNDAMENTAL_COLUMNS.map(([h]) => h)]);
  const plan = emptyPlan("fundamentals", "instrument");
  const tickers = new Set<string>();
  for (let r = 0; r < t.rows.length; r++) {
    const ticker = t.ticker(r, "Ticker Symbol");
    const periodEnding = t.date(r, "Period Ending");
    const values = {} as Record<FundamentalColumn, number | null>;
    for (const [header, column] of FUNDAMENTAL_COLUMNS) values[column] = t.number(r, header);
    tickers.add(ticker);
    plan.fundamentals.push({ stockId: stockIdFor(ticker), ticker, periodEnding, fiscalYear: fiscalYearOf(t.number(r, "For Year"), periodEnding), values });
  }
  plan.securities.rows = [...tickers].map(instrument);
  plan.rowsLoaded = plan.fundamentals.length;
  return plan;
}

/** A wide price file: a date column and one column of closes per ticker; empty cells are days without a price. */
function widePrices(t: Table, dataset: Dataset, only?: string): LoadPlan {
  const dateHeader = t.header.findIndex((h) => h.toLowerCase() === "date");
  if (dateHeader < 0) throw new RowError("missing column: date");
  if (only) t.require([only]);
  const columns: { index: number; ticker: string }[] = [];
  t.header.forEach((h, index) => {
    if (index === dateHeader || (only && h.toUpperCase() !== only)) return;
    const ticker = canonicalTicker(h);
    if (!ticker) throw new RowError(`column "${h}" is not a ticker`);
    columns.push({ index, ticker });
  });
  if (columns.length === 0) throw new RowError("no ticker columns besides date");
  const plan = emptyPlan(dataset, "instrument");
  const seen = new Set<string>();
  for (let r = 0; r < t.rows.length; r++) {
    const date = t.date(r, t.header[dateHeader]);
    for (const { index, ticker } of columns) {
      const close = toNumber(t.rows[r][index].trim() || null, () => `row ${r + 1}: ${t.header[index]}`);
      if (close === null) continue;
      seen.add(ticker);
      plan.prices.push({ stockId: stockIdFor(ticker), ticker, date, close });
    }
  }
  plan.securities.rows = [...seen].map(instrument);
  plan.rowsLoaded = plan.prices.length;
  return plan;
}

/** The S&P 500 index file (FRED layout: an unnamed index column, DATE, VALUE; "." marks a holiday). */
function indexPrices(t: Table): LoadPlan {
  t.require(["DATE", "VALUE"]);
  const plan = emptyPlan("prices_sp500", "instrument");
  const ticker = SP500_INDEX_TICKER;
  for (let r = 0; r < t.rows.length; r++) {
    const close = t.number(r, "VALUE");
    if (close === null) continue;
    plan.prices.push({ stockId: stockIdFor(ticker), ticker, date: t.date(r, "DATE"), close });
  }
  plan.securities.rows = plan.prices.length ? [instrument(ticker)] : [];
  plan.rowsLoaded = plan.prices.length;
  return plan;
}

function ratios(t: Table): LoadPlan {
  t.require(["Symbol", "Name", "Price", "Price/Earnings", "Dividend Yield", "Earnings/Share", "52 Week Low", "52 Week High", "Market Cap", "EBITDA", "Price/Sales", "Price/Book"]);
  const plan = emptyPlan("ratios", "ratios");
  for (let r = 0; r < t.rows.length; r++) {
    const ticker = t.ticker(r, "Symbol");
    plan.securities.rows.push(security(ticker, t.requiredText(r, "Name")));
    plan.ratios.push({
      stockId: stockIdFor(ticker),
      ticker,
      price: t.number(r, "Price"),
      peRatio: t.number(r, "Price/Earnings"),
      dividendYield: t.number(r, "Dividend Yield"),
      eps: t.number(r, "Earnings/Share"),
      week52Low: t.number(r, "52 Week Low"),
      week52High: t.number(r, "52 Week High"),
      marketCap: t.number(r, "Market Cap"),
      ebitda: t.number(r, "EBITDA"),
      priceToSales: t.number(r, "Price/Sales"),
      priceToBook: t.number(r, "Price/Book"),
    });
  }
  plan.rowsLoaded = plan.ratios.length;
  return plan;
}

const BUILDERS: Record<Dataset, (t: Table) => LoadPlan> = {
  securities_constituents: constituents,
  securities_nyse: nyseSecurities,
  fundamentals,
  prices_stocks: (t) => widePrices(t, "prices_stocks"),
  prices_spy: (t) => widePrices(t, "prices_spy", SPY_TICKER),
  prices_sp500: indexPrices,
  ratios,
};

/** Parses and validates one dataset file into the rows to write. */
export function planLoad(dataset: Dataset, csvText: string): PlanResult {
  const parsed = parseCsv(csvText);
  if (!parsed.ok) return { ok: false, error: `Malformed CSV: ${parsed.error}` };
  if (parsed.rows.length === 0) return { ok: false, error: "The CSV has a header but no data rows" };
  try {
    return { ok: true, plan: BUILDERS[dataset](new Table(parsed.header, parsed.rows)) };
  } catch (err) {
    if (err instanceof RowError) return { ok: false, error: `Invalid ${dataset} file: ${err.message}` };
    throw err;
  }
}
