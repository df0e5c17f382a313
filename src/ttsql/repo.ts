// TTSQL's queries: the securities catalog the local parser names companies from, the guarded SELECT on
// MARKET_DB (the only database TTSQL reads), and the per-organization execution log in the tenant DB.
import type { Env } from "../core/env";
import { tenantD1 } from "../core/db";
import type { CatalogEntry } from "./plan";

export async function loadCatalog(env: Env): Promise<{ securities: CatalogEntry[]; ratiosAsOf: string | null }> {
  const [securities, snapshot] = await env.MARKET_DB.batch([
    env.MARKET_DB.prepare(
      `SELECT s.ticker, s.company, s.kind,
        EXISTS (SELECT 1 FROM fundamentals f WHERE f.stock_id = s.stock_id) AS f,
        EXISTS (SELECT 1 FROM prices p WHERE p.stock_id = s.stock_id) AS p,
        EXISTS (SELECT 1 FROM ratios r WHERE r.stock_id = s.stock_id) AS r,
        EXISTS (SELECT 1 FROM earnings_calls e WHERE e.stock_id = s.stock_id) AS e
       FROM securities s`,
    ),
    env.MARKET_DB.prepare("SELECT as_of FROM market_snapshots WHERE dataset = 'ratios'"),
  ]);
  const rows = securities.results as { ticker: string; company: string; kind: string; f: number; p: number; r: number; e: number }[];
  return {
    securities: rows.map((x) => ({ ticker: x.ticker, company: x.company, kind: x.kind, hasFundamentals: !!x.f, hasPrices: !!x.p, hasRatios: !!x.r, hasCalls: !!x.e })),
    ratiosAsOf: ((snapshot.results[0] as { as_of?: string } | undefined)?.as_of ?? null),
  };
}

/** Runs SQL that guardSql has already accepted; never called with anything else. */
export async function runGuardedSelect(env: Env, guardedSql: string): Promise<Record<string, unknown>[]> {
  const res = await env.MARKET_DB.prepare(guardedSql).all();
  return res.results as Record<string, unknown>[];
}

export interface ExecutionLog {
  id: string;
  organizationId: string;
  userId: string | null;
  question: string;
  sql: string | null;
  engine: string;
  intent: string | null;
  outcome: "success" | "unanswerable" | "rejected_sql" | "error";
  rowCount: number;
  durationMs: number;
  message: string;
}

export async function logExecution(env: Env, log: ExecutionLog): Promise<void> {
  await tenantD1(env, log.organizationId)
    .prepare(
      "INSERT INTO ttsql_executions (id, organization_id, user_id, question, sql, engine, intent, outcome, row_count, duration_ms, message, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(log.id, log.organizationId, log.userId, log.question.slice(0, 2000), log.sql, log.engine, log.intent, log.outcome, log.rowCount, log.durationMs, log.message.slice(0, 1000), new Date().toISOString())
    .run();
}
