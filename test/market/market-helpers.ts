// Market tests: fixture CSVs (test/fixtures/market, trimmed copies of data/market) sent to the loader as
// multipart, exactly as scripts/market/seed.mjs sends the full files.
import { env, SELF } from "cloudflare:test";
import { ADMIN_TOKEN, BASE } from "../helpers/harness";

export const FIXTURE_FILES = {
  securities_constituents: "constituents.csv",
  securities_nyse: "nyse_securities.csv",
  fundamentals: "fundamentals.csv",
  prices_stocks: "stock_prices.csv",
  prices_spy: "spy_prices.csv",
  prices_sp500: "sp500_index.csv",
  ratios: "constituents_financials.csv",
} as const;

export type DatasetName = keyof typeof FIXTURE_FILES;

export async function fixture(name: string): Promise<string> {
  const res = await env.FIXTURES.fetch(`http://f/market/${name}`);
  if (!res.ok) throw new Error(`fixture market/${name}: ${res.status}`);
  return res.text();
}

export async function upload(dataset: string | null, csv: string | null, token: string | null = ADMIN_TOKEN): Promise<Response> {
  const form = new FormData();
  if (dataset !== null) form.append("dataset", dataset);
  if (csv !== null) form.append("file", new File([csv], "data.csv", { type: "text/csv" }));
  const headers: Record<string, string> = {};
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  return SELF.fetch(`${BASE}/admin/v1/market_data`, { method: "POST", headers, body: form });
}

export async function loadFixture(dataset: DatasetName): Promise<number> {
  const res = await upload(dataset, await fixture(FIXTURE_FILES[dataset]));
  const body = (await res.json()) as { dataset: string; rows_loaded: number };
  if (res.status !== 200) throw new Error(`load ${dataset}: ${res.status} ${JSON.stringify(body)}`);
  return body.rows_loaded;
}

export async function loadAll(order: DatasetName[] = Object.keys(FIXTURE_FILES) as DatasetName[]): Promise<Record<string, number>> {
  const loaded: Record<string, number> = {};
  for (const dataset of order) loaded[dataset] = await loadFixture(dataset);
  return loaded;
}

/** Empties the market tables (children first), so a test can load in a chosen order. */
export async function clearMarket(): Promise<void> {
  await env.MARKET_DB.batch(["prices", "fundamentals", "ratios", "securities"].map((t) => env.MARKET_DB.prepare(`DELETE FROM ${t}`)));
}

export async function security(ticker: string): Promise<Record<string, unknown> | null> {
  return env.MARKET_DB.prepare("SELECT * FROM securities WHERE ticker = ?").bind(ticker).first();
}
