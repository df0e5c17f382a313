// The per-table loader's validation (POST /admin/v1/market/{table}): CSV columns named like the table's
// own columns, every row checked on its own, so a response can list each rejected row with its reasons.
import { parseCsv } from "./csv";
import { canonicalTicker, stockIdFor } from "./tickers";
import { FUNDAMENTAL_COLUMNS } from "./fundamentals-columns";

export const LOADABLE_TABLES = ["securities", "fundamentals", "earnings_calls", "prices", "ratios"] as const;
export type LoadableTable = (typeof LOADABLE_TABLES)[number];

type Kind = "ticker" | "int" | "real" | "date" | "time" | "text" | "bool" | "quarter" | "year";

interface ColumnSpec {
  name: string;
  kind: Kind;
  required: boolean;
}

export interface TableSpec {
  /** CSV columns; `ticker` becomes stock_id + ticker. */
  columns: ColumnSpec[];
  /** Live-table columns written, in order (stock_id and ticker first). */
  dbColumns: string[];
  /** Conflict key of the live table. */
  key: string[];
}

const col = (name: string, kind: Kind, required = false): ColumnSpec => ({ name, kind, required });

const SECURITY_TEXT = ["cik", "gics_sector", "gics_sub_industry", "gics_sector_2016", "gics_sub_industry_2016", "headquarters"];
const FUNDAMENTALS = FUNDAMENTAL_COLUMNS.map(([, column]) => column);

export const TABLE_SPECS: Record<LoadableTable, TableSpec> = {
  securities: {
    columns: [
      col("ticker", "ticker", true),
      col("company", "text", true),
      col("kind", "text", true),
      ...SECURITY_TEXT.map((n) => col(n, "text")),
      col("date_added", "date"),
      col("founded", "text"),
      col("in_sp500", "bool", true),
      col("in_sp500_2016", "bool", true),
    ],
    dbColumns: ["stock_id", "ticker", "company", "kind", ...SECURITY_TEXT, "date_added", "founded", "in_sp500", "in_sp500_2016"],
    key: ["stock_id"],
  },
  fundamentals: {
    columns: [col("ticker", "ticker", true), col("period_ending", "date", true), col("fiscal_year", "year", true), ...FUNDAMENTALS.map((n) => col(n, "real"))],
    dbColumns: ["stock_id", "ticker", "period_ending", "fiscal_year", ...FUNDAMENTALS],
    key: ["stock_id", "period_ending"],
  },
  earnings_calls: {
    columns: [
      col("ticker", "ticker", true),
      col("fiscal_year", "year", true),
      col("fiscal_quarter", "quarter", true),
      col("call_date", "date", true),
      col("call_time", "time"),
      col("time_zone", "text"),
      col("is_estimated", "bool", true),
      col("source", "text"),
    ],
    dbColumns: ["stock_id", "ticker", "fiscal_year", "fiscal_quarter", "call_date", "call_time", "time_zone", "is_estimated", "source"],
    key: ["stock_id", "fiscal_year", "fiscal_quarter"],
  },
  prices: {
    columns: [col("ticker", "ticker", true), col("date", "date", true), col("close", "real", true)],
    dbColumns: ["stock_id", "ticker", "date", "close"],
    key: ["stock_id", "date"],
  },
  ratios: {
    columns: [
      col("ticker", "ticker", true),
      ...["price", "pe_ratio", "dividend_yield", "eps", "week_52_low", "week_52_high", "market_cap", "ebitda", "price_to_sales", "price_to_book"].map((n) => col(n, "real")),
    ],
    dbColumns: ["stock_id", "ticker", "price", "pe_ratio", "dividend_yield", "eps", "week_52_low", "week_52_high", "market_cap", "ebitda", "price_to_sales", "price_to_book"],
    key: ["stock_id"],
  },
};

export type Cell = string | number | null;

export interface RejectedRow {
  /** 1-based data row number (the header is row 0). */
  row: number;
  reasons: string[];
}

export type TablePlan =
  | { ok: true; rows: Cell[][]; rowNumbers: number[]; tickers: string[]; rejected: RejectedRow[]; received: number }
  | { ok: false; error: string };

function isIsoDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
}

function convert(kind: Kind, raw: string): { value: Cell } | { error: string } {
  const v = raw.trim();
  switch (kind) {
    case "ticker": {
      const t = canonicalTicker(v);
      return t ? { value: t } : { error: `"${v}" is not a ticker` };
    }
    case "int":
    case "year":
    case "quarter": {
      if (!/^-?\d+$/.test(v)) return { error: `"${v}" is not an integer` };
      const n = Number(v);
      if (kind === "year" && (n < 1900 || n > 2100)) return { error: `${n} is not a plausible year` };
      if (kind === "quarter" && (n < 1 || n > 4)) return { error: `${n} is not a quarter (1-4)` };
      return { value: n };
    }
    case "real": {
      const n = Number(v);
      return v !== "" && Number.isFinite(n) ? { value: n } : { error: `"${v}" is not a number` };
    }
    case "date":
      return isIsoDate(v) ? { value: v } : { error: `"${v}" is not a YYYY-MM-DD date` };
    case "time":
      return /^([01]\d|2[0-3]):[0-5]\d$/.test(v) ? { value: v } : { error: `"${v}" is not an HH:MM time` };
    case "bool": {
      const l = v.toLowerCase();
      if (["true", "1", "yes"].includes(l)) return { value: 1 };
      if (["false", "0", "no"].includes(l)) return { value: 0 };
      return { error: `"${v}" is not true or false` };
    }
    case "text":
      return v.length > 1000 ? { error: "longer than 1000 characters" } : { value: v };
  }
}

/** Validates every row; rows with any problem are rejected whole and listed with all their reasons. */
export function planTableLoad(table: LoadableTable, csvText: string): TablePlan {
  const spec = TABLE_SPECS[table];
  const parsed = parseCsv(csvText);
  if (!parsed.ok) return { ok: false, error: `Malformed CSV: ${parsed.error}` };
  const header = parsed.header.map((h) => h.toLowerCase());
  const known = new Set(spec.columns.map((c) => c.name));
  const unknown = header.filter((h) => !known.has(h));
  if (unknown.length) return { ok: false, error: `Unknown column${unknown.length > 1 ? "s" : ""} for ${table}: ${unknown.join(", ")} (allowed: ${[...known].join(", ")})` };
  const missing = spec.columns.filter((c) => c.required && !header.includes(c.name)).map((c) => c.name);
  if (missing.length) return { ok: false, error: `Missing column${missing.length > 1 ? "s" : ""} for ${table}: ${missing.join(", ")}` };
  if (parsed.rows.length === 0) return { ok: false, error: "The CSV has a header but no data rows" };

  const index = new Map(header.map((h, i) => [h, i]));
  const rows: Cell[][] = [];
  const rowNumbers: number[] = [];
  const rejected: RejectedRow[] = [];
  const tickers = new Set<string>();
  const seenKeys = new Map<string, number>();
  parsed.rows.forEach((record, r) => {
    const reasons: string[] = [];
    const values = new Map<string, Cell>();
    for (const c of spec.columns) {
      const i = index.get(c.name);
      const raw = i === undefined ? "" : record[i];
      if (raw.trim() === "") {
        if (c.required) reasons.push(`${c.name} is empty`);
        values.set(c.name, null);
        continue;
      }
      const out = convert(c.kind, raw);
      if ("error" in out) reasons.push(`${c.name}: ${out.error}`);
      else values.set(c.name, out.value);
    }
    if (table === "prices" && typeof values.get("close") === "number" && (values.get("close") as number) <= 0) reasons.push("close must be positive");
    if (table === "securities" && values.get("kind") !== null && !["stock", "etf", "index"].includes(values.get("kind") as string)) reasons.push("kind must be stock, etf or index");
    const ticker = values.get("ticker");
    const dbRow = spec.dbColumns.map((c) => (c === "stock_id" ? (typeof ticker === "string" ? stockIdFor(ticker) : null) : (values.get(c) ?? null)));
    if (reasons.length === 0) {
      const key = spec.key.map((k) => String(dbRow[spec.dbColumns.indexOf(k)])).join("|");
      const first = seenKeys.get(key);
      if (first !== undefined) reasons.push(`duplicates row ${first} (same ${spec.key.join(", ")})`);
      else seenKeys.set(key, r + 1);
    }
    if (reasons.length) rejected.push({ row: r + 1, reasons });
    else {
      rows.push(dbRow);
      rowNumbers.push(r + 1);
      tickers.add(ticker as string);
    }
  });
  return { ok: true, rows, rowNumbers, tickers: [...tickers], rejected, received: parsed.rows.length };
}
