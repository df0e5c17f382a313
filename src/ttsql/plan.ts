// The SQL plan every engine returns (local parser or a remote model through generateObject): either SQL
// with how to present its rows, or an honest refusal saying what was understood and what was not.
import { z } from "zod";

export const FORMATS = ["usd", "price", "eps", "pct", "fraction_pct", "ratio", "count", "number", "text", "date", "year", "bool", "points"] as const;

export const sqlPlanSchema = z.object({
  status: z.enum(["ok", "unanswerable"]),
  /** Question class the engine recognised (lookup, ranking, growth, ...). */
  intent: z.string().max(40),
  /** What the engine understood, in words. */
  understood: z.string().max(500),
  /** What it could not answer (status unanswerable), or why an ok plan's query may find no row. */
  missing: z.string().max(500).optional(),
  sql: z.string().max(8000).optional(),
  title: z.string().max(200).optional(),
  /** Formats of result columns, by name (otherwise inferred from the name). */
  formats: z.record(z.string(), z.enum(FORMATS)).optional(),
  /** How to read the rows: a table, a single count, a comparison with a winner, an earnings schedule. */
  answer: z.enum(["table", "count", "winner", "schedule", "single"]).optional(),
  /** A computation on the returned rows (SQLite has no median or square root the guard allows). */
  post: z.enum(["median", "volatility"]).optional(),
  /** Column the post step reads. */
  postColumn: z.string().max(80).optional(),
  /** Exact number of rows a "top N" must show. */
  expectRows: z.number().int().positive().optional(),
  notes: z.array(z.string().max(300)).max(5).optional(),
});

export type SqlPlan = z.infer<typeof sqlPlanSchema>;

/** What the local engine gets besides the question: the securities it can name. */
export interface CatalogEntry {
  ticker: string;
  company: string;
  kind: string;
  hasFundamentals: boolean;
  hasPrices: boolean;
  hasRatios: boolean;
  hasCalls: boolean;
}

export interface EngineInput {
  question: string;
  securities: CatalogEntry[];
  ratiosAsOf: string | null;
  today: string;
}
