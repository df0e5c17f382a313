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
    // The parser reads OVER only with PARTITION BY (and no frame clause): anything else is refused.
    ["SELECT MAX(close) OVER (ORDER BY date) FROM prices", /does not parse/],
    ["SELECT * FROM earnings_calls_staging", /staging/],
    ["", /empty/],
  ])("%s", (sql, reason) => {
    expect(refused(sql)).toMatch(reason);
  });

  it("accepts a plain SELECT and enforces the LIMIT", () => {
    expect(guardSql("SELECT ticker, close FROM prices")).toEqual({ ok: true, sql: `SELECT ticker, close FROM prices LIMIT ${MAX_ROWS}` });
    expect(guardSql("SELECT ticker FROM prices LIMIT 5")).toEqual({ ok: true, sql: "SELECT ticker FROM prices LIMIT 5" });
    expect(guardSql("SELECT ticker FROM prices LIMIT 100000")).toEqual({ ok: true, sql: `SELECT * FROM (SELECT ticker FROM prices LIMIT 100000) LIMIT ${MAX_ROWS}` });
    // The parser reads "LIMIT1" as LIMIT 1; SQLite reads an identifier: the outer LIMIT caps it (found by guard.fuzz).
    const glued = "SELECT ticker FROM prices WHERE ticker = 'AAPL' LIMIT1";
    expect(guardSql(glued)).toEqual({ ok: true, sql: `SELECT * FROM (${glued}) LIMIT ${MAX_ROWS}` });
    expect(guardSql("SELECT ticker FROM securities WHERE company = 'a; DROP TABLE x'").ok).toBe(true);
  });

  it("reads the row count of LIMIT n OFFSET m and LIMIT m, n (not the offset)", () => {
    expect(guardSql("SELECT ticker FROM prices LIMIT 10 OFFSET 5")).toEqual({ ok: true, sql: "SELECT ticker FROM prices LIMIT 10 OFFSET 5" });
    expect(guardSql("SELECT ticker FROM prices LIMIT 100000 OFFSET 1")).toEqual({ ok: true, sql: `SELECT * FROM (SELECT ticker FROM prices LIMIT 100000 OFFSET 1) LIMIT ${MAX_ROWS}` });
    expect(guardSql("SELECT ticker FROM prices LIMIT 1, 100000")).toEqual({ ok: true, sql: `SELECT * FROM (SELECT ticker FROM prices LIMIT 1, 100000) LIMIT ${MAX_ROWS}` });
    expect(guardSql("SELECT ticker FROM prices UNION SELECT ticker FROM securities LIMIT 3")).toEqual({ ok: true, sql: `SELECT * FROM (SELECT ticker FROM prices UNION SELECT ticker FROM securities LIMIT 3) LIMIT ${MAX_ROWS}` });
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

// Issue 21, item 5: holes a prompt-injected model could use. Each statement is refused, with the reason.
describe("guardSql resolves every table reference after aliases and CTEs", () => {
  it.each([
    ["SELECT * FROM sqlite_master AS sqlite_master", /table sqlite_master is not allowed/],
    ["SELECT * FROM sqlite_master AS prices", /table sqlite_master is not allowed/],
    ["SELECT * FROM sqlite_master sm", /table sqlite_master is not allowed/],
    ["SELECT m.sql FROM prices AS sqlite_master JOIN sqlite_master m ON m.name = sqlite_master.ticker", /table sqlite_master is not allowed/],
    ["SELECT * FROM (SELECT * FROM sqlite_master) AS prices", /table sqlite_master is not allowed/],
    ["SELECT ticker FROM prices p WHERE EXISTS (SELECT 1 FROM sqlite_master)", /table sqlite_master is not allowed/],
    ["SELECT ticker FROM prices p WHERE NOT EXISTS (SELECT 1 FROM sqlite_master)", /table sqlite_master is not allowed/],
    ["SELECT (SELECT sql FROM sqlite_master LIMIT 1) AS s FROM prices", /table sqlite_master is not allowed/],
    ["SELECT ticker FROM prices WHERE ticker IN (SELECT name FROM sqlite_master)", /table sqlite_master is not allowed/],
    ["SELECT ticker FROM prices UNION SELECT sql FROM sqlite_master", /table sqlite_master is not allowed/],
    ["WITH sqlite_master AS (SELECT * FROM sqlite_master) SELECT * FROM sqlite_master", /table sqlite_master is not allowed/],
    ["WITH prices AS (SELECT sql AS close FROM sqlite_master) SELECT close FROM prices", /table sqlite_master is not allowed/],
    ["WITH a AS (SELECT 1 AS x) SELECT * FROM a JOIN sqlite_master m ON m.name = a.x", /table sqlite_master is not allowed/],
    ["WITH a AS (SELECT * FROM b), b AS (SELECT * FROM sqlite_master) SELECT * FROM a", /table b is not allowed/],
    ["SELECT * FROM main.sqlite_master", /table sqlite_master is not allowed/],
    ["SELECT * FROM temp.sqlite_master", /database temp is not allowed/],
    ["SELECT * FROM main.prices JOIN temp.prices t ON t.stock_id = prices.stock_id", /database temp is not allowed/],
    ['SELECT * FROM "sqlite_master"', /table sqlite_master is not allowed/],
    ["SELECT * FROM `sqlite_master`", /table sqlite_master is not allowed/],
    ["SELECT * FROM SQLITE_MASTER", /table SQLITE_MASTER is not allowed/],
    ["SELECT * FROM sqlite_temp_master", /not allowed/],
    ["SELECT * FROM [sqlite_master]", /bracketed identifiers/],
    ["SELECT * FROM pragma_table_info('prices')", /table-valued function pragma_table_info/],
    ["SELECT * FROM json_each('[1,2]')", /table-valued function json_each/],
    ["SELECT sqlite_master.sql FROM prices", /table sqlite_master is not allowed/],
    ['SELECT "key_hash" FROM securities', /column key_hash is not allowed/],
    ["SELECT s.key_hash FROM securities s", /column s.key_hash is not allowed/],
    ["SELECT x.close FROM prices p", /table x is not allowed/],
  ])("%s", (sql, reason) => {
    expect(refused(sql)).toMatch(reason);
  });
});

describe("guardSql refuses unbounded work", () => {
  it.each([
    ["WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i FROM n", /recursive CTEs/],
    ["WITH RECURSIVE n(i) AS (SELECT 1) SELECT i FROM n", /recursive CTEs/],
    ["WITH n AS (SELECT 1 AS i UNION ALL SELECT i + 1 FROM n) SELECT i FROM n", /table n is not allowed/],
    ["SELECT COUNT(*) FROM prices a, prices b", /cross joins/],
    ["SELECT COUNT(*) FROM prices a, prices b WHERE a.close > b.close", /cross joins/],
    ["SELECT COUNT(*) FROM prices a CROSS JOIN prices b", /does not parse/],
    ["SELECT COUNT(*) FROM prices CROSS JOIN securities", /alias CROSS|cross joins/],
    ["SELECT COUNT(*) FROM prices NATURAL JOIN securities", /alias NATURAL|cross joins/],
    ["SELECT COUNT(*) FROM prices a JOIN prices b", /cross joins/],
    ["SELECT COUNT(*) FROM prices a JOIN prices b ON 1 = 1", /cross joins/],
    ["SELECT COUNT(*) FROM prices a JOIN prices b ON a.close > b.close", /cross joins/],
    ["SELECT COUNT(*) FROM prices a LEFT JOIN prices b ON a.stock_id = a.stock_id", /cross joins/],
    ["SELECT COUNT(*) FROM prices a JOIN prices b ON a.stock_id = b.stock_id JOIN prices c ON 1 = 1", /cross joins/],
    ["SELECT COUNT(*) FROM prices a JOIN (SELECT 1 AS x) ON 1 = 1", /cross joins/],
    ["SELECT printf('%.*c', 100000000, 'x') AS x", /printf with a precision taken from an argument/],
    ["SELECT printf('%*c', 100000000, 'x') AS x", /printf with a width taken from an argument/],
    ["SELECT printf('%100000000c', 'x') AS x", /printf with a width above 50/],
    ["SELECT printf('%.100000000f', 1.0) AS x", /printf with a precision above 50/],
    ["SELECT format('%0999999d', 1) AS x", /format with a width above 50/],
    ["SELECT printf(ticker, 1) AS x FROM prices", /printf needs a literal format string/],
    ["SELECT zeroblob(1000000000) AS x", /function zeroblob/],
    ["SELECT randomblob(1000000000) AS x", /function randomblob/],
    ["SELECT length(zeroblob(1000000000)) AS x", /function zeroblob/],
    ["SELECT replace(replace(replace(company, 'a', company), 'a', company), 'a', company) AS x FROM securities", /function replace/],
    ["SELECT char(65, 65, 65) AS x", /function char/],
    ["SELECT hex(company) AS x FROM securities", /function hex/],
    ["SELECT group_concat(company) AS x FROM securities", /function group_concat/],
    ["SELECT upper(substr(company, 1, 2)) || quote(company) AS x FROM securities", /function quote/],
    ["SELECT sqlite_version() AS v", /function sqlite_version/],
    ["SELECT main.upper(company) AS v FROM securities", /function main.upper/],
    [`SELECT ticker FROM securities WHERE company LIKE '${"%a".repeat(150)}'`, /LIKE pattern longer than 200/],
    ["SELECT a.ticker FROM prices a JOIN prices b ON b.stock_id = a.stock_id JOIN prices c ON c.stock_id = a.stock_id JOIN prices d ON d.stock_id = a.stock_id JOIN prices e ON e.stock_id = a.stock_id JOIN prices f ON f.stock_id = a.stock_id JOIN prices g ON g.stock_id = a.stock_id JOIN prices h ON h.stock_id = a.stock_id JOIN prices i ON i.stock_id = a.stock_id", /more than 8 tables/],
    ["SELECT (SELECT (SELECT (SELECT MAX(close) FROM prices) FROM prices LIMIT 1) FROM prices LIMIT 1) AS x FROM prices", /levels of nested SELECT/],
  ])("%s", (sql, reason) => {
    expect(refused(sql)).toMatch(reason);
  });
});

describe("guardSql reads the text as SQLite does", () => {
  it.each([
    // The parser reads \' as an escaped quote; SQLite ends the string there and runs what follows.
    ["SELECT ticker FROM prices WHERE ticker = 'x\\' UNION SELECT sql FROM sqlite_master WHERE name = '\\'", /backslashes/],
    ["SELECT ticker FROM prices WHERE ticker = 'a\\b'", /backslashes/],
    ["SELECT ticker FROM prices # a comment", /comments/],
    ["SELECT ticker FROM prices WHERE ticker = ?", /parameters/],
    ["SELECT ticker FROM prices WHERE ticker = :t", /parameters/],
    ["SELECT ticker FROM prices\u00a0WHERE 1", /outside ASCII/],
    ["SELECT ticker FROM prices WHERE ticker = 'open", /not closed/],
    // Shapes that cost node-sql-parser exponential time are refused before it runs (CAST( 8 deep: 15 s).
    ["SELECT CAST(CAST(CAST(CAST(CAST(close AS INT) AS INT) AS INT) AS INT) AS INT) AS x FROM prices", /parentheses nested more than 4 deep/],
    [`SELECT ${"(SELECT ".repeat(14)}1 FROM prices`, /levels of nested SELECT|parentheses nested/],
    ["SELECT ((close) AS x FROM prices", /parentheses are not balanced/],
    ["SELECT close) AS x FROM prices", /parentheses are not balanced/],
    [`SELECT ${"1+".repeat(1000)}1 AS x FROM prices`, /nested more than 150 levels/],
  ])("%s", (sql, reason) => {
    expect(refused(sql.replace("\\u00a0", "\u00a0"))).toMatch(reason);
  });
  it("keeps quotes, semicolons and text outside ASCII inside string literals", () => {
    expect(guardSql("SELECT ticker FROM securities WHERE company = 'L''Oréal; -- /* #'").ok).toBe(true);
  });
});

describe("guardSql accepts what a careful model writes", () => {
  it.each([
    "SELECT p.date, MAX(p.close) OVER (PARTITION BY p.stock_id ORDER BY p.date) AS peak FROM prices p WHERE p.stock_id = 'US:GE'",
    "SELECT p.date, p.close / LAG(p.close) OVER (PARTITION BY p.stock_id ORDER BY p.date) - 1 AS r FROM prices p",
    "SELECT ROW_NUMBER() OVER (PARTITION BY f.stock_id ORDER BY f.period_ending DESC) AS n, f.ticker FROM fundamentals f",
    "WITH latest AS (SELECT stock_id, MAX(date) AS d FROM prices GROUP BY stock_id) SELECT p.ticker, p.close FROM prices p JOIN latest l ON l.stock_id = p.stock_id AND l.d = p.date",
    "WITH a AS (SELECT stock_id, close FROM prices), b AS (SELECT stock_id, MAX(close) AS m FROM a GROUP BY stock_id) SELECT s.ticker, b.m FROM b JOIN securities s ON s.stock_id = b.stock_id",
    "SELECT s.ticker FROM prices p, securities s WHERE s.stock_id = p.stock_id AND p.close > 10",
    "SELECT s.ticker, f.net_income FROM securities s JOIN fundamentals f USING (stock_id)",
    "SELECT s.ticker, t.m FROM securities s JOIN (SELECT stock_id, MAX(close) AS m FROM prices GROUP BY stock_id) t ON t.stock_id = s.stock_id ORDER BY t.m DESC",
    "SELECT printf('%.2f', close) AS c, printf('%5d', 3) AS d FROM prices",
    "SELECT ticker, close AS c FROM prices ORDER BY c DESC",
    'SELECT "ticker", "close" FROM prices',
    "SELECT s.ticker FROM securities s WHERE s.company LIKE '%apple%'",
    "SELECT CASE WHEN close > 100 THEN 'high' ELSE 'low' END AS band, CAST(close AS INTEGER) AS c FROM prices",
    // A CTE may take any name, sqlite_master included, once its own body passes: the query then reads the CTE.
    "WITH sqlite_master AS (SELECT ticker FROM prices) SELECT ticker FROM sqlite_master",
  ])("%s", (sql) => {
    const r = guardSql(sql);
    expect(r.ok ? "ok" : r.reason).toBe("ok");
  });
});
