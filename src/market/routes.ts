// Market-data endpoints: the admin loader (multipart CSV upload per dataset) with its status, and
// ticker -> stock_id mapping for API keys. Logic lives in service.ts.
import { z } from "zod";
import { tenantSelectorFields } from "../core/schemas";
import { defineRoute } from "../core/route";
import { invalidBody } from "../core/errors";
import { parseWith } from "../core/http";
import { DATASETS, type Dataset } from "./datasets";
import * as service from "./service";
import { LOADABLE_TABLES } from "./tables";

const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

const datasetSchema = z.enum(DATASETS);
const datasetCounts = z.object(Object.fromEntries(DATASETS.map((d) => [d, z.number().int()])) as Record<Dataset, z.ZodNumber>);

/** Reads the loader's multipart body: one `dataset` field and one `file` part holding UTF-8 CSV. */
async function readUpload(request: Request): Promise<{ dataset: Dataset; csv: string }> {
  const declared = Number(request.headers.get("Content-Length") ?? "NaN");
  if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES) throw invalidBody(`Upload exceeds ${MAX_UPLOAD_BYTES} bytes`);
  const contentType = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (!contentType.startsWith("multipart/form-data")) throw invalidBody("Content-Type must be multipart/form-data with the fields dataset and file");
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw invalidBody("The multipart body could not be read");
  }
  const dataset = parseWith(z.object({ dataset: datasetSchema }), { dataset: form.get("dataset") ?? undefined }).dataset;
  // workers-types still declare get() as string-only; with this compatibility date file parts are File objects.
  const file = form.get("file") as File | string | null;
  if (file === null) throw invalidBody("file is required");
  const bytes = typeof file === "string" ? new TextEncoder().encode(file) : new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw invalidBody(`file exceeds ${MAX_UPLOAD_BYTES} bytes`);
  try {
    return { dataset, csv: new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes) };
  } catch {
    throw invalidBody("file must be UTF-8 text");
  }
}

/** The per-table loader's body: CSV as text/csv (or a multipart `file` part). */
async function readCsvBody(request: Request): Promise<string> {
  const declared = Number(request.headers.get("Content-Length") ?? "NaN");
  if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES) throw invalidBody(`Upload exceeds ${MAX_UPLOAD_BYTES} bytes`);
  const contentType = (request.headers.get("Content-Type") ?? "").toLowerCase();
  let bytes: Uint8Array;
  if (contentType.startsWith("multipart/form-data")) {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw invalidBody("The multipart body could not be read");
    }
    const file = form.get("file") as File | string | null;
    if (file === null) throw invalidBody("file is required");
    bytes = typeof file === "string" ? new TextEncoder().encode(file) : new Uint8Array(await file.arrayBuffer());
  } else if (contentType.startsWith("text/csv") || contentType.startsWith("text/plain")) {
    bytes = new Uint8Array(await request.arrayBuffer());
  } else {
    throw invalidBody("Content-Type must be text/csv (or multipart/form-data with a file part)");
  }
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw invalidBody(`file exceeds ${MAX_UPLOAD_BYTES} bytes`);
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw invalidBody("file must be UTF-8 text");
  }
}

const rejectedRow = z.object({ row: z.number().int(), reasons: z.array(z.string()) });

export const marketRoutes = [
  defineRoute({
    method: "POST",
    path: "/admin/v1/market/:table",
    operationId: "loadMarketTable",
    summary: "Load one market table from CSV (columns named like the table's); every row validated, rejected rows reported, valid rows switched in atomically",
    tag: "Admin",
    auth: "admin",
    envelope: false,
    bodyKind: "raw",
    rawBodyDoc: { contentType: "text/csv", schema: z.string().describe("CSV with a header of the table's column names (ticker instead of stock_id)") },
    params: z.object({ table: z.enum(LOADABLE_TABLES) }),
    query: z.object({
      mode: z.enum(["replace", "upsert"]).optional().describe("replace (default; securities: upsert only): the file becomes the table; upsert: merged by key"),
      skip_invalid: z.enum(["true", "false"]).default("false").describe("true: load the valid rows even when some are rejected"),
    }),
    response: z.object({
      table: z.enum(LOADABLE_TABLES),
      mode: z.enum(["replace", "upsert"]),
      rows_received: z.number().int(),
      rows_loaded: z.number().int(),
      rows_rejected: z.number().int(),
      rejected: z.array(rejectedRow),
    }),
    handler: async ({ params, query }, ctx) => {
      const csv = await readCsvBody(ctx.request);
      const mode = query.mode ?? (params.table === "securities" ? "upsert" : "replace");
      return service.loadTable(ctx.env, params.table, csv, { mode, skipInvalid: query.skip_invalid === "true" });
    },
  }),
  defineRoute({
    method: "POST",
    path: "/admin/v1/market_data",
    operationId: "loadMarketDataset",
    summary: "Load one market-data CSV (multipart: dataset, file); idempotent upsert",
    tag: "Admin",
    auth: "admin",
    envelope: false,
    // multipart/form-data, read by the handler.
    bodyKind: "raw",
    rawBodyDoc: { contentType: "multipart/form-data", schema: z.object({ dataset: datasetSchema, file: z.string().describe("CSV file (binary part)") }) },
    response: z.object({ dataset: datasetSchema, rows_loaded: z.number().int() }),
    handler: async (_input, ctx) => {
      const upload = await readUpload(ctx.request);
      return service.loadDataset(ctx.env, upload.dataset, upload.csv);
    },
  }),
  defineRoute({
    method: "GET",
    path: "/admin/v1/market_data",
    operationId: "getMarketDataStatus",
    summary: "Rows held per market dataset and per table",
    tag: "Admin",
    auth: "admin",
    envelope: false,
    response: z.object({
      datasets: datasetCounts,
      tables: z.object({ securities: z.number().int(), fundamentals: z.number().int(), prices: z.number().int(), ratios: z.number().int() }),
    }),
    handler: (_input, ctx) => service.datasetStatus(ctx.env),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/stocks/map_tickers",
    operationId: "mapTickers",
    summary: "Map tickers to stock_ids and company names",
    tag: "Stocks",
    auth: "key",
    envelope: true,
    body: z.strictObject({
      tickers: z.array(z.string().trim().min(1).max(32)).min(1).max(500),
      ...tenantSelectorFields,
    }),
    response: z.object({
      mappings: z.array(z.object({ ticker: z.string(), stock_id: z.string(), company_name: z.string() })),
      unmatched: z.array(z.string()),
    }),
    handler: ({ body }, ctx) => service.resolveTickers(ctx.env, body.tickers),
  }),
];
