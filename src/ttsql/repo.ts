// TTSQL's queries: the securities catalog the local parser names companies from, the guarded SELECT on
// MARKET_DB (the only database TTSQL reads), and the per-organization execution log in the tenant DB.
// Every MARKET_DB query runs under a deadline: MARKET_DB is shared by every tenant.
import type { Env } from "../core/env";
import { tenantD1 } from "../core/db";
import type { CatalogEntry } from "./plan";

/** A MARKET_DB query that did not answer within its deadline. */
export class QueryDeadlineExceeded extends Error {
  constructor(readonly deadlineMs: number) {
    super(`MARKET_DB query did not answer within ${deadlineMs} ms`);
    this.name = "QueryDeadlineExceeded";
  }
}

/**
 * The query's answer, or QueryDeadlineExceeded once deadlineMs have passed. D1 offers no way to cancel a
 * statement: the request stops waiting and answers, and D1 ends the statement at its own limit. What
 * keeps statements short is the guard (no cross joins, no recursion, no blow-up functions); this bounds
 * what a client waits for when a statement is slow anyway.
 */
export async function withDeadline<T>(query: Promise<T>, deadlineMs: number): Promise<T> {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new QueryDeadlineExceeded(deadlineMs)), deadlineMs);
  });
  // A query that loses the race still settles later; its failure then has no one to reach.
  query.catch(() => {});
  try {
    const result = await Promise.race([query, deadline]);
    // Local workerd (npm run dev, tests) runs D1 on the same thread: a long statement holds the timer
    // back and its answer arrives after the deadline. Late is late: the client gets the same answer.
    if (Date.now() - started > deadlineMs) throw new QueryDeadlineExceeded(deadlineMs);
    return result;
  } finally {
    clearTimeout(timer);
  }
}

export async function loadCatalog(env: Env, deadlineMs: number): Promise<{ securities: CatalogEntry[]; ratiosAsOf: string | null }> {
  const [securities, snapshot] = await withDeadline(env.MARKET_DB.batch([
    env.MARKET_DB.prepare(
      `SELECT s.ticker, s.company, s.kind,
        EXISTS (SELECT 1 FROM fundamentals f WHERE f.stock_id = s.stock_id) AS f,
        EXISTS (SELECT 1 FROM prices p WHERE p.stock_id = s.stock_id) AS p,
        EXISTS (SELECT 1 FROM ratios r WHERE r.stock_id = s.stock_id) AS r,
        EXISTS (SELECT 1 FROM earnings_calls e WHERE e.stock_id = s.stock_id) AS e
       FROM securities s`,
    ),
    env.MARKET_DB.prepare("SELECT as_of FROM market_snapshots WHERE dataset = 'ratios'"),
  ]), deadlineMs);
  const rows = securities.results as { ticker: string; company: string; kind: string; f: number; p: number; r: number; e: number }[];
  return {
    securities: rows.map((x) => ({ ticker: x.ticker, company: x.company, kind: x.kind, hasFundamentals: !!x.f, hasPrices: !!x.p, hasRatios: !!x.r, hasCalls: !!x.e })),
    ratiosAsOf: ((snapshot.results[0] as { as_of?: string } | undefined)?.as_of ?? null),
  };
}

/** Runs SQL that guardSql has already accepted; never called with anything else. */
export async function runGuardedSelect(env: Env, guardedSql: string, deadlineMs: number): Promise<Record<string, unknown>[]> {
  const res = await withDeadline(env.MARKET_DB.prepare(guardedSql).all(), deadlineMs);
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
