// Queries on MARKET_DB. Writes are idempotent multi-row upserts that stay under D1's 100 bound
// parameters per statement and go out through db.batch (each batch one transaction); reads use drizzle.
import { drizzle } from "drizzle-orm/d1";
import { inArray } from "drizzle-orm";
import type { Env } from "../core/env";
import { securities } from "./schema";
import { FUNDAMENTAL_COLUMNS } from "./fundamentals-columns";
import type { FundamentalRow, PriceRow, RatioRow, SecurityRow, SecuritySource } from "./datasets";
import { SP500_INDEX_TICKER, SPY_TICKER, stockIdFor } from "./tickers";

export type SecurityRecord = typeof securities.$inferSelect;

/** D1 refuses statements with more bound parameters than this. */
export const MAX_BOUND_PARAMS = 100;
/** Statements per db.batch call: one transaction, kept small enough to stay well inside D1's time limits. */
const STATEMENTS_PER_BATCH = 200;

type Value = string | number | null;

interface Upsert {
  table: string;
  columns: readonly string[];
  /** Everything after VALUES (...): the ON CONFLICT clause. */
  onConflict: string;
}

/** Multi-row INSERT statements, as many rows per statement as the parameter limit allows. */
export function upsertStatements(db: D1Database, spec: Upsert, rows: Value[][]): D1PreparedStatement[] {
  const width = spec.columns.length;
  const perStatement = Math.max(1, Math.floor(MAX_BOUND_PARAMS / width));
  const group = `(${new Array(width).fill("?").join(", ")})`;
  const head = `INSERT INTO ${spec.table} (${spec.columns.join(", ")}) VALUES `;
  const statements: D1PreparedStatement[] = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const sql = head + new Array(chunk.length).fill(group).join(", ") + " " + spec.onConflict;
    statements.push(db.prepare(sql).bind(...chunk.flat()));
  }
  return statements;
}

async function runBatches(db: D1Database, statements: D1PreparedStatement[]): Promise<void> {
  for (let start = 0; start < statements.length; start += STATEMENTS_PER_BATCH) {
    await db.batch(statements.slice(start, start + STATEMENTS_PER_BATCH));
  }
}

const setAll = (columns: readonly string[]) => columns.map((c) => `${c} = excluded.${c}`).join(", ");

// Each source owns some columns of a securities row; the name and CIK come from the best list loaded
// (current S&P 500 > 2016 NYSE list > ratios snapshot > built-in instrument name), whatever the load order.
const SECURITY_UPSERTS: Record<SecuritySource, { columns: readonly (keyof SecurityRow | "flag")[]; spec: Upsert }> = {
  sp500_current: {
    columns: ["stockId", "ticker", "company", "kind", "cik", "gicsSector", "gicsSubIndustry", "headquarters", "dateAdded", "founded", "flag"],
    spec: {
      table: "securities",
      columns: ["stock_id", "ticker", "company", "kind", "cik", "gics_sector", "gics_sub_industry", "headquarters", "date_added", "founded", "in_sp500"],
      onConflict:
        "ON CONFLICT(stock_id) DO UPDATE SET company = excluded.company, cik = COALESCE(excluded.cik, securities.cik), " +
        "gics_sector = excluded.gics_sector, gics_sub_industry = excluded.gics_sub_industry, headquarters = excluded.headquarters, " +
        "date_added = excluded.date_added, founded = excluded.founded, in_sp500 = 1",
    },
  },
  sp500_2016: {
    columns: ["stockId", "ticker", "company", "kind", "cik", "gicsSector2016", "gicsSubIndustry2016", "flag"],
    spec: {
      table: "securities",
      columns: ["stock_id", "ticker", "company", "kind", "cik", "gics_sector_2016", "gics_sub_industry_2016", "in_sp500_2016"],
      onConflict:
        "ON CONFLICT(stock_id) DO UPDATE SET " +
        "company = CASE WHEN securities.in_sp500 = 1 THEN securities.company ELSE excluded.company END, " +
        "cik = CASE WHEN securities.in_sp500 = 1 AND securities.cik IS NOT NULL THEN securities.cik ELSE COALESCE(excluded.cik, securities.cik) END, " +
        "gics_sector_2016 = excluded.gics_sector_2016, gics_sub_industry_2016 = excluded.gics_sub_industry_2016, in_sp500_2016 = 1",
    },
  },
  ratios: {
    columns: ["stockId", "ticker", "company", "kind"],
    spec: {
      table: "securities",
      columns: ["stock_id", "ticker", "company", "kind"],
      onConflict: "ON CONFLICT(stock_id) DO UPDATE SET company = CASE WHEN securities.in_sp500 = 1 OR securities.in_sp500_2016 = 1 THEN securities.company ELSE excluded.company END",
    },
  },
  instrument: {
    columns: ["stockId", "ticker", "company", "kind"],
    spec: { table: "securities", columns: ["stock_id", "ticker", "company", "kind"], onConflict: "ON CONFLICT(stock_id) DO NOTHING" },
  },
};

const FUNDAMENTALS_VALUE_COLUMNS = FUNDAMENTAL_COLUMNS.map(([, c]) => c);
const FUNDAMENTALS_UPSERT: Upsert = {
  table: "fundamentals",
  columns: ["stock_id", "ticker", "period_ending", "fiscal_year", ...FUNDAMENTALS_VALUE_COLUMNS],
  onConflict: `ON CONFLICT(stock_id, period_ending) DO UPDATE SET ${setAll(["ticker", "fiscal_year", ...FUNDAMENTALS_VALUE_COLUMNS])}`,
};

const PRICES_UPSERT: Upsert = {
  table: "prices",
  columns: ["stock_id", "ticker", "date", "close"],
  onConflict: "ON CONFLICT(stock_id, date) DO UPDATE SET ticker = excluded.ticker, close = excluded.close",
};

const RATIO_COLUMNS = ["price", "pe_ratio", "dividend_yield", "eps", "week_52_low", "week_52_high", "market_cap", "ebitda", "price_to_sales", "price_to_book"];
const RATIOS_UPSERT: Upsert = {
  table: "ratios",
  columns: ["stock_id", "ticker", ...RATIO_COLUMNS],
  onConflict: `ON CONFLICT(stock_id) DO UPDATE SET ${setAll(["ticker", ...RATIO_COLUMNS])}`,
};

export interface MarketWrite {
  securities: { source: SecuritySource; rows: SecurityRow[] };
  fundamentals: FundamentalRow[];
  prices: PriceRow[];
  ratios: RatioRow[];
}

/** Writes one dataset's rows: securities first, so every data row has its security. */
export async function writeMarketRows(env: Env, write: MarketWrite): Promise<void> {
  const db = env.MARKET_DB;
  const { columns, spec } = SECURITY_UPSERTS[write.securities.source];
  const securityRows = write.securities.rows.map((row) => columns.map((c) => (c === "flag" ? 1 : row[c])));
  await runBatches(db, upsertStatements(db, spec, securityRows));

  const statements = [
    ...upsertStatements(
      db,
      FUNDAMENTALS_UPSERT,
      write.fundamentals.map((f) => [f.stockId, f.ticker, f.periodEnding, f.fiscalYear, ...FUNDAMENTALS_VALUE_COLUMNS.map((c) => f.values[c])]),
    ),
    ...upsertStatements(db, PRICES_UPSERT, write.prices.map((p) => [p.stockId, p.ticker, p.date, p.close])),
    ...upsertStatements(
      db,
      RATIOS_UPSERT,
      write.ratios.map((r) => [r.stockId, r.ticker, r.price, r.peRatio, r.dividendYield, r.eps, r.week52Low, r.week52High, r.marketCap, r.ebitda, r.priceToSales, r.priceToBook]),
    ),
  ];
  await runBatches(db, statements);
}

export interface MarketCounts {
  securities: number;
  securitiesSp500: number;
  securitiesSp5002016: number;
  fundamentals: number;
  prices: number;
  pricesSpy: number;
  pricesSp500Index: number;
  ratios: number;
}

export async function countRows(env: Env): Promise<MarketCounts> {
  const db = env.MARKET_DB;
  const one = (sql: string, ...params: string[]) => db.prepare(sql).bind(...params);
  const results = await db.batch<{ n: number }>([
    one("SELECT COUNT(*) AS n FROM securities"),
    one("SELECT COUNT(*) AS n FROM securities WHERE in_sp500 = 1"),
    one("SELECT COUNT(*) AS n FROM securities WHERE in_sp500_2016 = 1"),
    one("SELECT COUNT(*) AS n FROM fundamentals"),
    one("SELECT COUNT(*) AS n FROM prices"),
    one("SELECT COUNT(*) AS n FROM prices WHERE stock_id = ?", stockIdFor(SPY_TICKER)),
    one("SELECT COUNT(*) AS n FROM prices WHERE stock_id = ?", stockIdFor(SP500_INDEX_TICKER)),
    one("SELECT COUNT(*) AS n FROM ratios"),
  ]);
  const [securitiesAll, sp500, sp5002016, fundamentals, prices, spy, index, ratios] = results.map((r) => Number(r.results[0]?.n ?? 0));
  return {
    securities: securitiesAll,
    securitiesSp500: sp500,
    securitiesSp5002016: sp5002016,
    fundamentals,
    prices,
    pricesSpy: spy,
    pricesSp500Index: index,
    ratios,
  };
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export async function findSecuritiesByTickers(env: Env, tickers: string[]): Promise<SecurityRecord[]> {
  if (tickers.length === 0) return [];
  const db = drizzle(env.MARKET_DB);
  const queries = chunks(tickers, MAX_BOUND_PARAMS).map((part) => db.select().from(securities).where(inArray(securities.ticker, part)));
  const results = await db.batch(queries as [(typeof queries)[number], ...(typeof queries)[number][]]);
  return results.flat();
}

export async function findSecuritiesByStockIds(env: Env, stockIds: string[]): Promise<SecurityRecord[]> {
  if (stockIds.length === 0) return [];
  const db = drizzle(env.MARKET_DB);
  const queries = chunks(stockIds, MAX_BOUND_PARAMS).map((part) => db.select().from(securities).where(inArray(securities.stockId, part)));
  const results = await db.batch(queries as [(typeof queries)[number], ...(typeof queries)[number][]]);
  return results.flat();
}

/** Writes validated rows into `<table>_staging` under one load_id, in statements under the parameter limit. */
export async function stageRows(env: Env, table: string, columns: string[], loadId: string, rows: (string | number | null)[][]): Promise<void> {
  const db = env.MARKET_DB;
  const spec: Upsert = { table: `${table}_staging`, columns: ["load_id", ...columns], onConflict: "" };
  await runBatches(db, upsertStatements(db, spec, rows.map((r) => [loadId, ...r])));
}

/**
 * Switches one staged load into the live table in a single transaction (one db.batch): in replace mode
 * the live rows go first; the staged rows are then upserted and the staging rows removed.
 */
export async function switchStaged(env: Env, table: string, columns: string[], key: string[], loadId: string, mode: "replace" | "upsert"): Promise<void> {
  const db = env.MARKET_DB;
  const list = columns.join(", ");
  const updates = columns.filter((c) => !key.includes(c)).map((c) => `${c} = excluded.${c}`).join(", ");
  const statements = [
    ...(mode === "replace" ? [db.prepare(`DELETE FROM ${table}`)] : []),
    // "WHERE true" keeps SQLite from reading ON CONFLICT as a join constraint of the SELECT.
    db.prepare(`INSERT INTO ${table} (${list}) SELECT ${list} FROM ${table}_staging WHERE load_id = ? AND true ON CONFLICT(${key.join(", ")}) DO UPDATE SET ${updates}`).bind(loadId),
    db.prepare(`DELETE FROM ${table}_staging WHERE load_id = ?`).bind(loadId),
  ];
  await db.batch(statements);
}

export async function dropStaged(env: Env, table: string, loadId: string): Promise<void> {
  await env.MARKET_DB.prepare(`DELETE FROM ${table}_staging WHERE load_id = ?`).bind(loadId).run();
}

export async function countTable(env: Env, table: string): Promise<number> {
  const row = await env.MARKET_DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>();
  return Number(row?.n ?? 0);
}
