// The SQL guard: every statement passes it before it runs on MARKET_DB, whoever wrote it.
import { describe, expect, it } from "vitest";
import { guardSql, MAX_ROWS } from "../../src/ttsql/guard";
import { buildPlan } from "../../src/ttsql/sql-builder";
import type { CatalogEntry } from "../../src/ttsql/plan";

const refused = (sql: string) => {
  const r = guardSql(sql);
  expect(r.ok, sql).toBe(false);
  return r.ok ? "" : r.reason;
};

describe("guardSql refuses writes and injection", () => {
  it.each([
    ["DROP TABLE prices", /only SELECT/],
    ["INSERT INTO prices (stock_id, ticker, date, close) VALUES ('US:X', 'X', '2020-01-01', 1)", /only SELECT/],
    ["UPDATE prices SET close = 0", /only SELECT/],
    ["DELETE FROM securities", /only SELECT/],
    ["SELECT ticker FROM prices; DROP TABLE prices", /one statement/],
    ["SELECT ticker FROM prices; SELECT 1", /one statement/],
    ["SELECT ticker FROM prices -- trailing", /comments/],
    ["SELECT ticker /* hidden */ FROM prices", /comments/],
    ["PRAGMA table_info(prices)", /./],
    ["ATTACH DATABASE 'other.db' AS other", /only SELECT/],
    ["SELECT name FROM sqlite_master", /sqlite_master/],
    ["SELECT * FROM sqlite_schema", /sqlite_schema/],
    ["SELECT key_hash FROM api_keys", /api_keys/],
    ["SELECT * FROM ttsql_executions", /ttsql_executions/],
    ["SELECT secret FROM prices", /secret/],
    ["SELECT p.password FROM prices p", /password/],
    ["SELECT load_extension('x')", /load_extension/],
    ["SELECT randomblob(1000000000)", /randomblob/],
    ["SELECT MAX(close) OVER (ORDER BY date) FROM prices", /./],
    ["SELECT * FROM earnings_calls_staging", /staging/],
    ["", /empty/],
  ])("%s", (sql, reason) => {
    expect(refused(sql)).toMatch(reason);
  });

  it("accepts a plain SELECT and enforces the LIMIT", () => {
    expect(guardSql("SELECT ticker, close FROM prices")).toEqual({ ok: true, sql: `SELECT ticker, close FROM prices LIMIT ${MAX_ROWS}` });
    expect(guardSql("SELECT ticker FROM prices LIMIT 5")).toEqual({ ok: true, sql: "SELECT ticker FROM prices LIMIT 5" });
    expect(guardSql("SELECT ticker FROM prices LIMIT 100000")).toEqual({ ok: true, sql: `SELECT * FROM (SELECT ticker FROM prices LIMIT 100000) LIMIT ${MAX_ROWS}` });
    expect(guardSql("SELECT ticker FROM securities WHERE company = 'a; DROP TABLE x'").ok).toBe(true);
  });

  it("parses every query shape the local engine writes", () => {
    const securities: CatalogEntry[] = [
      { ticker: "AAPL", company: "Apple Inc.", kind: "stock", hasFundamentals: true, hasPrices: true, hasRatios: true, hasCalls: true },
      { ticker: "XOM", company: "Exxon Mobil Corp.", kind: "stock", hasFundamentals: true, hasPrices: true, hasRatios: true, hasCalls: false },
      { ticker: "INTC", company: "Intel Corp.", kind: "stock", hasFundamentals: true, hasPrices: false, hasRatios: true, hasCalls: true },
    ];
    const questions = [
      "Apple revenue 2015", "Apple latest EPS", "Top 5 tech companies by net income in 2014", "Top 3 stocks by market cap", "Apple revenue growth 2013-2015",
      "average R&D of health care companies in 2015", "median revenue of energy companies in 2014", "total net income of the energy sector in 2014",
      "Compare Apple and Exxon revenue in 2014", "companies with net income above $10 billion in 2015", "How many companies had revenue above $100B in 2015?",
      "How many S&P 500 companies are in Energy?", "How many companies have a P/E above 50?", "Apple close on 2015-03-02", "Apple return in 2015",
      "Apple volatility 2015", "Apple max drawdown 2015", "When is Intel's next earnings call?", "Intel earnings call dates", "earnings calls in August 2023",
      "When did Apple report Q2 2018 earnings?", "Apple P/E", "How many companies reported a net loss in 2015?", "Which companies have a dividend yield above 5%?",
    ];
    for (const question of questions) {
      const plan = buildPlan({ question, securities, ratiosAsOf: "2026-08-22", today: "2026-11-22" });
      expect(plan.status, question).toBe("ok");
      const g = guardSql(plan.sql!);
      expect(g.ok ? "ok" : g.reason, `${question}: ${plan.sql}`).toBe("ok");
    }
  });
});
