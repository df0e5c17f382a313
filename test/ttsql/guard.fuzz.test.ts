// Property-based fuzzing (fast-check) of the SQL guard (issue 21): statements built from fragments a
// prompt-injected model might write (allowed and forbidden tables, aliases that shadow them, CTEs, joins
// with and without conditions, blow-up functions, comments, quotes, backslashes, second statements) and
// the local engine's own queries mutated at random points. Every run either accepts the statement, and
// then an independent reading of what it accepted finds only allow-listed tables, no recursive CTE, no
// comment and a row cap, or refuses it with a reason (POST /v1/ttsql answers code 4003 with it). A run
// that hung would fail on the test timeout.
import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { Parser } from "node-sql-parser/build/sqlite";
import { ALLOWED_TABLES } from "../../src/ttsql/catalog";
import { guardSql, MAX_ROWS, MAX_SQL_CHARS } from "../../src/ttsql/guard";
import type { CatalogEntry } from "../../src/ttsql/plan";
import { buildPlan } from "../../src/ttsql/sql-builder";

const ALLOWED = Object.keys(ALLOWED_TABLES);
const OPT = { database: "sqlite" };
const oracle = new Parser();

const TABLES = [
  ...ALLOWED, "sqlite_master", "sqlite_schema", "sqlite_temp_master", "api_keys", "ttsql_executions", "earnings_calls_staging",
  "main.sqlite_master", "temp.prices", "main.prices", '"sqlite_master"', "`sqlite_master`", "SQLITE_MASTER", "pragma_table_info('prices')", "json_each('[1]')", "c",
];
const ALIASES = ["", " p", " AS p", " s", " AS sqlite_master", " sqlite_master", " prices", " CROSS", " NATURAL", " t", " c"];
const COLUMNS = ["*", "p.*", "ticker", "close", "stock_id", "date", "company", "sql", "name", "key_hash", "p.close", "p.stock_id", "s.ticker", "sqlite_master.sql", '"close"', '"sql"', "x", "c.x", "q.close"];
const FUNCTIONS = ["MAX", "COUNT", "upper", "length", "abs", "zeroblob", "randomblob", "replace", "char", "hex", "quote", "group_concat", "load_extension", "sqlite_version", "printf", "main.upper", "LAG", "ROW_NUMBER"];
const EXPRESSIONS = [
  "printf('%.2f', close)", "printf('%.*c', 100000000, 'x')", "printf('%100000000c', 'x')", "format('%0999999d', 1)", "MAX(close) OVER (PARTITION BY stock_id ORDER BY date)",
  "(SELECT sql FROM sqlite_master LIMIT 1)", "(SELECT MAX(close) FROM prices)", "(SELECT MAX(p2.close) FROM prices p2 WHERE p2.stock_id = p.stock_id)", "'a''b'", "'x\\'", "1", "1+1",
  "CASE WHEN close > 1 THEN 'a' ELSE 'b' END", "replace(replace(company, 'a', company), 'a', company)", "zeroblob(1000000000)",
];
const JOINS = ["JOIN", "LEFT JOIN", ",", "CROSS JOIN", "NATURAL JOIN", "INNER JOIN", "LEFT OUTER JOIN"];
const JOIN_ALIASES = [" q", " AS q", " sqlite_master", "", " p"];
const CONDITIONS = [" ON q.stock_id = p.stock_id", " ON 1 = 1", " ON q.close > p.close", " USING (stock_id)", "", " ON sqlite_master.name = p.ticker", " ON q.stock_id = q.stock_id"];
const CTES = [
  "", "WITH c AS (SELECT 1 AS x) ", "WITH c AS (SELECT * FROM sqlite_master) ", "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) ",
  "WITH c AS (SELECT x + 1 AS x FROM c) ", "WITH sqlite_master AS (SELECT ticker AS x FROM prices) ", "WITH prices AS (SELECT sql AS close FROM sqlite_master) ",
  "WITH c AS (SELECT stock_id, MAX(close) AS x FROM prices GROUP BY stock_id) ",
];
const WHERES = [
  "", " WHERE p.ticker = 'AAPL'", " WHERE EXISTS (SELECT 1 FROM sqlite_master)", " WHERE ticker IN (SELECT name FROM sqlite_master)", " WHERE ticker = 'a; DROP TABLE x'",
  " WHERE company LIKE '%a%'", " WHERE q.stock_id = p.stock_id", " WHERE NOT EXISTS (SELECT 1 FROM prices z WHERE z.stock_id = p.stock_id)",
];
const TAILS = [
  "", " LIMIT 5", " LIMIT 100000", " LIMIT 10 OFFSET 5", " LIMIT 1, 100000", " ORDER BY 1 DESC LIMIT 3", " UNION SELECT sql FROM sqlite_master", " UNION SELECT ticker FROM prices",
  " -- x", " /* x */", "; DROP TABLE prices", " # x", "\\", "'", ";", " GROUP BY ticker HAVING COUNT(*) > 1",
];

const pick = <T>(xs: readonly T[]) => fc.constantFrom(...xs);
/** Mostly the first (well-formed) choice, so that many statements pass and the oracle has work. */
const mostly = <T>(usual: T, xs: readonly T[]) => fc.oneof({ arbitrary: fc.constant(usual), weight: 5 }, { arbitrary: pick(xs), weight: 1 });
const expr = fc.oneof(
  { arbitrary: pick(["p.ticker", "p.close", "p.date", "MAX(p.close)", "COUNT(*)", "ROUND(p.close, 2)", "MAX(p.close) OVER (PARTITION BY p.stock_id ORDER BY p.date)"]), weight: 3 },
  { arbitrary: pick(COLUMNS), weight: 1 },
  { arbitrary: fc.tuple(pick(FUNCTIONS), pick(COLUMNS)).map(([f, c]) => `${f}(${c})`), weight: 1 },
  { arbitrary: pick(EXPRESSIONS), weight: 1 },
);
const join = fc
  .tuple(mostly("JOIN", JOINS), mostly("securities", TABLES), mostly(" q", JOIN_ALIASES), mostly(" ON q.stock_id = p.stock_id", CONDITIONS))
  .map(([j, t, a, on]) => `${j === "," ? "," : ` ${j}`} ${t}${a}${on}`);

/** A statement assembled from fragments. */
const generated = fc
  .tuple(mostly("", CTES), fc.array(expr, { minLength: 1, maxLength: 3 }), mostly("prices", TABLES), mostly(" p", ALIASES), fc.array(join, { maxLength: 2 }), mostly("", WHERES), mostly("", TAILS))
  .map(([cte, exprs, table, alias, joins, where, tail]) => {
    // A second join takes the alias r where the first took q.
    const from = joins.map((j, i) => (i === 0 ? j : j.replaceAll(" q", " r").replaceAll("q.", "r."))).join("");
    return `${cte}SELECT ${exprs.join(", ")} FROM ${table}${alias}${from}${where}${tail}`;
  });

/** The local engine's queries for a spread of questions: statements the guard accepts today. */
const SECURITIES: CatalogEntry[] = [
  { ticker: "AAPL", company: "Apple Inc.", kind: "stock", hasFundamentals: true, hasPrices: true, hasRatios: true, hasCalls: true },
  { ticker: "XOM", company: "Exxon Mobil Corp.", kind: "stock", hasFundamentals: true, hasPrices: true, hasRatios: true, hasCalls: false },
  { ticker: "INTC", company: "Intel Corp.", kind: "stock", hasFundamentals: true, hasPrices: false, hasRatios: true, hasCalls: true },
  { ticker: "GE", company: "General Electric", kind: "stock", hasFundamentals: false, hasPrices: true, hasRatios: false, hasCalls: false },
];
const QUESTIONS = [
  "Apple revenue 2015", "Apple latest EPS", "Top 5 tech companies by net income in 2014", "Apple revenue growth 2013-2015", "median revenue of energy companies in 2014",
  "Compare Apple and Exxon revenue in 2014", "How many companies had revenue above $100B in 2015?", "Apple close on 2015-03-02", "Apple return in 2015",
  "GE volatility from 1989 to 2018", "GE max drawdown from 1989 to 2018", "When is Intel's next earnings call?", "earnings calls in August 2023", "Apple P/E",
];
const ACCEPTED = QUESTIONS.map((question) => buildPlan({ question, securities: SECURITIES, ratiosAsOf: "2026-08-22", today: "2026-11-22" }).sql!);

const FRAGMENTS = [
  "sqlite_master", " AS sqlite_master", ", sqlite_master", " UNION SELECT sql FROM sqlite_master", "WITH RECURSIVE c(x) AS (SELECT 1) ", " CROSS JOIN prices", " JOIN prices z",
  "--", "/*", "'", "\\'", ";", '"', "`", "printf('%.*c', 100000000, 'x')", "zeroblob(1000000000)", " OR 1=1", "(", ")", "(SELECT sql FROM sqlite_master)", "main.", "temp.", " LIMIT 100000",
];

/** An accepted query cut at a random point, with a fragment inserted, or a slice deleted or repeated. */
const mutated = fc
  .tuple(pick(ACCEPTED), fc.nat(), fc.nat({ max: 60 }), pick(FRAGMENTS), pick(["insert", "delete", "replace", "repeat"] as const), fc.integer({ min: 1, max: 400 }))
  .map(([sql, at, span, fragment, how, times]) => {
    const i = at % (sql.length + 1);
    const j = Math.min(sql.length, i + span);
    if (how === "insert") return sql.slice(0, i) + fragment + sql.slice(i);
    if (how === "delete") return sql.slice(0, i) + sql.slice(j);
    if (how === "replace") return sql.slice(0, i) + fragment + sql.slice(j);
    return sql.slice(0, i) + sql.slice(i, j).repeat(times) + sql.slice(j);
  });

/** Long runs: deep nesting, long chains, the cap's edge. */
const long = fc
  .tuple(pick(["(", "1+", "upper(", "(SELECT ", "ticker = 'a' AND ", "a,", "'", "x", " UNION SELECT 1"]), fc.integer({ min: 100, max: 4_000 }))
  .map(([unit, n]) => `SELECT ${unit.repeat(n)}1 FROM prices`);

/** Names every WITH in the statement defines, at any depth. */
function cteNames(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const x of node) cteNames(x, out);
  else if (node && typeof node === "object") {
    const n = node as Record<string, unknown>;
    if (Array.isArray(n.with)) for (const w of n.with as { name?: { value?: string } }[]) if (w.name?.value) out.add(w.name.value.toLowerCase());
    for (const v of Object.values(n)) cteNames(v, out);
  }
  return out;
}

function hasRecursive(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(hasRecursive);
  if (!node || typeof node !== "object") return false;
  const n = node as Record<string, unknown>;
  return n.recursive === true || Object.values(n).some(hasRecursive);
}

/** An independent reading of an accepted statement: node-sql-parser's own table list, not the guard's walk. */
function expectSafe(input: string, sql: string): void {
  const ast = oracle.astify(sql, OPT);
  expect(Array.isArray(ast) ? ast.length : 1).toBe(1);
  expect(hasRecursive(ast)).toBe(false);
  const ctes = cteNames(ast);
  for (const entry of oracle.tableList(sql, OPT)) {
    const [action, db, table] = entry.split("::");
    expect(action).toBe("select");
    const t = table.toLowerCase();
    const allowed = ALLOWED.includes(t) || ((db === "null" || db === undefined) && ctes.has(t));
    expect(allowed, `${t} in ${sql}`).toBe(true);
    expect(db === "null" || db === "main").toBe(true);
  }
  // Outside string literals: no comment, no second statement, no backslash.
  const code = sql.replace(/'(?:[^']|'')*'/g, "''");
  expect(code).not.toMatch(/--|\/\*|;|\\|#/);
  // A row cap: the statement's own LIMIT (at most MAX_ROWS) or the outer one.
  if (sql !== input.trim()) expect(sql.endsWith(` LIMIT ${MAX_ROWS}`)).toBe(true);
  else expect(sql).toMatch(/\bLIMIT\b/i);
}

function check(input: string): void {
  const result = guardSql(input);
  if (result.ok) expectSafe(input, result.sql);
  else {
    expect(result.reason.length).toBeGreaterThan(0);
    expect(result.reason.length).toBeLessThanOrEqual(300);
  }
}

describe("guardSql on random and mutated SQL", () => {
  test.prop([generated], { numRuns: 400 })("statements built from fragments are accepted safely or refused", check);
  test.prop([mutated], { numRuns: 400 })("the local engine's queries, mutated, are accepted safely or refused", check);
  test.prop([long], { numRuns: 40 })("long runs and deep nesting are refused or accepted without a crash", check);
  test.prop([fc.string({ maxLength: MAX_SQL_CHARS + 100 })], { numRuns: 100 })("arbitrary text", check);

  test.prop([pick(ACCEPTED)], { numRuns: ACCEPTED.length })("every local-engine query is accepted", (sql) => {
    const result = guardSql(sql);
    expect(result.ok ? "ok" : result.reason).toBe("ok");
    if (result.ok) expectSafe(sql, result.sql);
  });
});
