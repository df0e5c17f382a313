// Market data: loading the reference datasets into MARKET_DB, and resolving tickers to the one stock_id
// space every area shares. resolveTickers and securitiesByStockIds are the entry points for other areas.
import type { Env } from "../core/env";
import { invalidBody } from "../core/errors";
import { planLoad, type Dataset } from "./datasets";
import * as repo from "./repo";
import { canonicalTicker } from "./tickers";
import { planTableLoad, TABLE_SPECS, type LoadableTable, type RejectedRow } from "./tables";

export type Security = repo.SecurityRecord;

export interface TickerMapping {
  /** The canonical ticker (BRK.B for an input of brk-b). */
  ticker: string;
  stock_id: string;
  company_name: string;
}

export interface TickerResolution {
  /** One per distinct input, in input order. */
  mappings: TickerMapping[];
  /** Inputs (trimmed, as given) that name no known security, in input order. */
  unmatched: string[];
}

export async function loadDataset(env: Env, dataset: Dataset, csvText: string): Promise<{ dataset: Dataset; rows_loaded: number }> {
  const result = planLoad(dataset, csvText);
  if (!result.ok) throw invalidBody(result.error);
  await repo.writeMarketRows(env, result.plan);
  return { dataset, rows_loaded: result.plan.rowsLoaded };
}

/** Rows per dataset as the tables hold them now (a dataset counts as loaded when its count is above 0). */
export async function datasetStatus(env: Env) {
  const c = await repo.countRows(env);
  const datasets: Record<Dataset, number> = {
    securities_constituents: c.securitiesSp500,
    securities_nyse: c.securitiesSp5002016,
    fundamentals: c.fundamentals,
    prices_stocks: c.prices - c.pricesSpy - c.pricesSp500Index,
    prices_spy: c.pricesSpy,
    prices_sp500: c.pricesSp500Index,
    ratios: c.ratios,
  };
  return { datasets, tables: { securities: c.securities, fundamentals: c.fundamentals, prices: c.prices, ratios: c.ratios } };
}

/**
 * Maps tickers to securities. Case and surrounding space do not matter, nor share-class spelling
 * (BRK.B, BRK-B, BRK/B) or a cashtag "$"; repeated inputs are answered once.
 */
export async function resolveTickers(env: Env, tickers: string[]): Promise<TickerResolution> {
  const inputs: { given: string; canonical: string | null }[] = [];
  const seen = new Set<string>();
  for (const raw of tickers) {
    const given = raw.trim();
    if (!given) continue;
    const canonical = canonicalTicker(given);
    const key = canonical ?? given.toUpperCase();
    if (seen.has(key)) continue;
    seen.add(key);
    inputs.push({ given, canonical });
  }
  const wanted = [...new Set(inputs.flatMap((i) => (i.canonical ? [i.canonical] : [])))];
  const byTicker = new Map((await repo.findSecuritiesByTickers(env, wanted)).map((s) => [s.ticker, s]));

  const result: TickerResolution = { mappings: [], unmatched: [] };
  for (const { given, canonical } of inputs) {
    const found = canonical ? byTicker.get(canonical) : undefined;
    if (found) result.mappings.push({ ticker: found.ticker, stock_id: found.stockId, company_name: found.company });
    else result.unmatched.push(given);
  }
  return result;
}

/** The securities with these stock_ids, keyed by stock_id; unknown ids are absent from the map. */
export async function securitiesByStockIds(env: Env, stockIds: string[]): Promise<Map<string, Security>> {
  const rows = await repo.findSecuritiesByStockIds(env, [...new Set(stockIds)]);
  return new Map(rows.map((s) => [s.stockId, s]));
}

export interface TableLoadResult {
  table: LoadableTable;
  mode: "replace" | "upsert";
  rows_received: number;
  rows_loaded: number;
  rows_rejected: number;
  rejected: RejectedRow[];
}

/**
 * The per-table loader: validates every row (types, ranges, duplicates, known ticker), stages the valid
 * rows in batches and switches them in with one transaction. Any rejected row refuses the whole file
 * (nothing changes) unless skipInvalid, which loads the valid rows and still reports the rejected ones.
 */
export async function loadTable(env: Env, table: LoadableTable, csvText: string, opts: { mode: "replace" | "upsert"; skipInvalid: boolean }): Promise<TableLoadResult> {
  const plan = planTableLoad(table, csvText);
  if (!plan.ok) throw invalidBody(plan.error);
  // Securities rows define tickers; a replace would orphan the prices and fundamentals that reference them.
  if (table === "securities" && opts.mode === "replace") throw invalidBody("securities are loaded with mode=upsert only");
  const known = table === "securities" ? new Set(plan.tickers) : new Set((await repo.findSecuritiesByTickers(env, plan.tickers)).map((s) => s.ticker));
  const rejected = [...plan.rejected];
  const rows: typeof plan.rows = [];
  const tickerAt = TABLE_SPECS[table].dbColumns.indexOf("ticker");
  plan.rows.forEach((row, i) => {
    if (known.has(row[tickerAt] as string)) rows.push(row);
    else rejected.push({ row: plan.rowNumbers[i], reasons: [`ticker ${row[tickerAt]} is not a known security (load the securities lists first)`] });
  });
  rejected.sort((a, b) => a.row - b.row);
  const result = { table, mode: opts.mode, rows_received: plan.received, rows_loaded: 0, rows_rejected: rejected.length, rejected: rejected.slice(0, 500) };
  if (rejected.length && !opts.skipInvalid) {
    throw invalidBody(`${rejected.length} of ${plan.received} rows rejected; nothing was loaded (send skip_invalid=true to load the valid rows)`, { rejected: result.rejected });
  }
  if (rows.length === 0) return result;
  const spec = TABLE_SPECS[table];
  const loadId = crypto.randomUUID();
  try {
    await repo.stageRows(env, table, spec.dbColumns, loadId, rows);
    await repo.switchStaged(env, table, spec.dbColumns, spec.key, loadId, opts.mode);
  } catch (err) {
    await repo.dropStaged(env, table, loadId).catch(() => undefined);
    throw err;
  }
  return { ...result, rows_loaded: rows.length };
}
