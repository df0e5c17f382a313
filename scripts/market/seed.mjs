#!/usr/bin/env node
// Loads the market datasets in data/market/ into a running Worker through POST /admin/v1/market_data,
// skipping those GET /admin/v1/market_data already reports in full. Node 20+, no dependencies.
//
//   node scripts/market/seed.mjs http://127.0.0.1:8787 dev-admin-token [--force]
//
// Big files go up in slices of whole CSV records (header repeated), so no single request writes more
// than a few hundred D1 statements; the loader upserts, so repeating a slice or a dataset is harmless.
import { readFile } from "node:fs/promises";
import { gunzipSync } from "node:zlib";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const DATA_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "data", "market");

/** Load order: securities lists first so names are right from the start (any order gives the same result). */
export const DATASETS = [
  { name: "securities_constituents", rowsPerRequest: 1000 },
  { name: "securities_nyse", rowsPerRequest: 1000 },
  { name: "ratios", rowsPerRequest: 1000 },
  { name: "fundamentals", rowsPerRequest: 200 },
  { name: "prices_stocks", rowsPerRequest: 500, wide: true },
  { name: "prices_spy", rowsPerRequest: 2000, wide: true },
  { name: "prices_sp500", rowsPerRequest: 2000 },
];

/** Plain CSV files in data/market loaded through the per-table loader. */
export const TABLES = ["earnings_calls"];

/** Splits CSV text into records (a newline inside quotes belongs to the field), dropping blank lines. */
export function csvRecords(text) {
  const records = [];
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let quoted = false;
  for (let i = start; i <= text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if ((ch === "\n" && !quoted) || i === text.length) {
      const record = text.slice(start, i).replace(/\r$/, "");
      if (record.trim() !== "") records.push(record);
      start = i + 1;
    }
  }
  return records;
}

/** Rows the loader will report for this file: records, or non-empty price cells for a wide price file. */
function expectedRows(dataset, records) {
  const data = records.slice(1);
  if (!dataset.wide) return data.length;
  const header = records[0].split(",");
  const only = dataset.name === "prices_spy" ? header.findIndex((h) => h.trim().toUpperCase() === "SPY") : -1;
  let cells = 0;
  for (const record of data) {
    const fields = record.split(",");
    for (let i = 1; i < fields.length; i++) if ((only < 0 || i === only) && fields[i].trim() !== "") cells++;
  }
  return cells;
}

async function request(baseUrl, adminToken, path, init = {}) {
  const res = await fetch(new URL(path, baseUrl), { ...init, headers: { Authorization: `Bearer ${adminToken}`, ...(init.headers ?? {}) } });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path} -> ${res.status} ${text.slice(0, 500)}`);
  return JSON.parse(text);
}

async function upload(baseUrl, adminToken, dataset, csv) {
  const form = new FormData();
  form.append("dataset", dataset);
  form.append("file", new Blob([csv], { type: "text/csv" }), `${dataset}.csv`);
  const body = await request(baseUrl, adminToken, "/admin/v1/market_data", { method: "POST", body: form });
  return body.rows_loaded;
}

/**
 * Loads every dataset not yet fully loaded. Returns {loaded: {dataset: rows}, skipped: [dataset]}.
 * `force` reloads everything.
 */
export async function seedMarketData(baseUrl, adminToken, { force = false, log = console.log } = {}) {
  if (!adminToken) throw new Error("an admin token is required");
  const status = await request(baseUrl, adminToken, "/admin/v1/market_data");
  const result = { loaded: {}, skipped: [] };
  for (const dataset of DATASETS) {
    const text = gunzipSync(await readFile(join(DATA_DIR, `${dataset.name}.csv.gz`))).toString("utf8");
    const records = csvRecords(text);
    const expected = expectedRows(dataset, records);
    const have = status.datasets?.[dataset.name] ?? 0;
    if (!force && have >= expected) {
      result.skipped.push(dataset.name);
      continue;
    }
    const started = Date.now();
    let rows = 0;
    for (let i = 1; i < records.length; i += dataset.rowsPerRequest) {
      const slice = [records[0], ...records.slice(i, i + dataset.rowsPerRequest)].join("\n") + "\n";
      rows += await upload(baseUrl, adminToken, dataset.name, slice);
    }
    result.loaded[dataset.name] = rows;
    log(`market data: ${dataset.name} ${rows} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  if (result.skipped.length) log(`market data: already loaded: ${result.skipped.join(", ")}`);
  // Tables in the loader's own column layout (POST /admin/v1/market/{table}): small, replaced whole.
  for (const table of TABLES) {
    const csv = await readFile(join(DATA_DIR, `${table}.csv`), "utf8");
    const body = await request(baseUrl, adminToken, `/admin/v1/market/${table}?mode=replace`, { method: "POST", body: csv, headers: { "Content-Type": "text/csv" } });
    result.loaded[table] = body.rows_loaded;
    log(`market data: ${table} ${body.rows_loaded} rows${body.rows_rejected ? `, ${body.rows_rejected} rejected` : ""}`);
  }
  return result;
}

export default seedMarketData;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  const force = process.argv.includes("--force");
  const [baseUrl = "http://127.0.0.1:8787", adminToken = process.env.ADMIN_TOKEN] = args;
  seedMarketData(baseUrl, adminToken, { force }).catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
