// The one gate every SQL statement passes before it runs, whoever wrote it (the local parser or a remote
// model): parsed with node-sql-parser, a single SELECT over allow-listed tables, columns and functions,
// no comments, and a LIMIT no larger than MAX_ROWS. Only the returned SQL is ever executed, on MARKET_DB.
import { Parser } from "node-sql-parser/build/sqlite";
import { ALLOWED_TABLES } from "./catalog";

export const MAX_ROWS = 500;

export type GuardResult = { ok: true; sql: string } | { ok: false; reason: string };

const parser = new Parser();
const OPT = { database: "sqlite" };

const ALL_COLUMNS = new Set(Object.values(ALLOWED_TABLES).flat());
const FUNCTIONS = new Set([
  "count", "sum", "avg", "min", "max", "total", "round", "abs", "coalesce", "ifnull", "nullif", "iif", "upper", "lower", "length",
  "substr", "substring", "trim", "date", "strftime", "julianday", "cast", "instr", "replace", "sqrt", "power", "pow", "ln", "log", "exp", "printf",
]);

/** Comments are refused outright: the engines never write them and they hide injected text. */
function hasComment(sql: string): boolean {
  let quote: string | null = null;
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i];
    if (quote) {
      if (ch === quote) quote = sql[i + 1] === quote ? (i++, quote) : null;
      continue;
    }
    if (ch === "'" || ch === '"' || ch === "`") quote = ch;
    else if ((ch === "-" && sql[i + 1] === "-") || (ch === "/" && sql[i + 1] === "*") || ch === "#") return true;
  }
  return false;
}

type Node = Record<string, unknown>;

function walk(node: unknown, visit: (n: Node) => void): void {
  if (Array.isArray(node)) for (const x of node) walk(x, visit);
  else if (node && typeof node === "object") {
    visit(node as Node);
    for (const v of Object.values(node)) walk(v, visit);
  }
}

function functionName(n: Node): string | null {
  if (n.type !== "function" && n.type !== "aggr_func") return null;
  const name = n.name as unknown;
  if (typeof name === "string") return name.toLowerCase();
  const parts = (name as { name?: { value?: string }[] })?.name;
  if (Array.isArray(parts)) return parts.map((p) => String(p.value)).join(".").toLowerCase();
  return String(name).toLowerCase();
}

export function guardSql(input: string): GuardResult {
  const sql = input.trim().replace(/;\s*$/, "");
  if (!sql) return { ok: false, reason: "empty SQL" };
  if (sql.length > 8000) return { ok: false, reason: "SQL longer than 8000 characters" };
  if (hasComment(sql)) return { ok: false, reason: "comments are not allowed" };
  if (sql.includes(";")) {
    // A semicolon outside a string literal means a second statement.
    const stripped = sql.replace(/'(?:[^']|'')*'/g, "''");
    if (stripped.includes(";")) return { ok: false, reason: "only one statement is allowed" };
  }
  let ast: unknown;
  try {
    ast = parser.astify(sql, OPT);
  } catch (err) {
    return { ok: false, reason: `SQL does not parse: ${(err instanceof Error ? err.message : String(err)).slice(0, 160)}` };
  }
  const statements = Array.isArray(ast) ? ast : [ast];
  if (statements.length !== 1) return { ok: false, reason: "only one statement is allowed" };
  const root = statements[0] as Node;
  if (root.type !== "select") return { ok: false, reason: `only SELECT is allowed (got ${String(root.type).toUpperCase()})` };

  // Names the query defines itself: CTEs, table aliases and column aliases.
  const defined = new Set<string>();
  walk(root, (n) => {
    if (typeof n.as === "string") defined.add(n.as.toLowerCase());
    const name = (n.name as { value?: string } | undefined)?.value;
    if (n.stmt && typeof name === "string") defined.add(name.toLowerCase());
  });

  let tables: string[];
  let columns: string[];
  try {
    tables = parser.tableList(sql, OPT);
    columns = parser.columnList(sql, OPT);
  } catch (err) {
    return { ok: false, reason: `SQL does not parse: ${(err instanceof Error ? err.message : String(err)).slice(0, 160)}` };
  }
  for (const entry of tables) {
    const [action, db, table] = entry.split("::");
    if (action !== "select") return { ok: false, reason: `only SELECT is allowed (${action})` };
    if (db !== "null" && db !== "main") return { ok: false, reason: `database ${db} is not allowed` };
    const t = table.toLowerCase();
    if (!ALLOWED_TABLES[t] && !defined.has(t)) return { ok: false, reason: `table ${table} is not allowed` };
  }
  for (const entry of columns) {
    const [, table, column] = entry.split("::");
    const c = column.toLowerCase();
    if (c === "*" || c === "(.*)") continue;
    const t = table.toLowerCase();
    if (ALLOWED_TABLES[t]) {
      if (!ALLOWED_TABLES[t].includes(c)) return { ok: false, reason: `column ${table}.${column} is not allowed` };
    } else if (!ALL_COLUMNS.has(c) && !defined.has(c)) {
      return { ok: false, reason: `column ${column} is not allowed` };
    }
  }
  let bad: string | null = null;
  walk(root, (n) => {
    const f = functionName(n);
    if (f !== null && !FUNCTIONS.has(f)) bad ??= f;
    if (n.type === "window_func" || n.over) bad ??= "window functions";
  });
  if (bad) return { ok: false, reason: `function ${bad} is not allowed` };

  const limit = root.limit as { value?: { type?: string; value?: unknown }[] } | null | undefined;
  const values = limit?.value ?? [];
  if (values.length === 0) return { ok: true, sql: `${sql} LIMIT ${MAX_ROWS}` };
  const n = values.length === 1 ? values[0] : values[values.length - 1];
  if (n?.type === "number" && typeof n.value === "number" && n.value <= MAX_ROWS && values.every((v) => v.type === "number")) return { ok: true, sql };
  // Anything else (too large, an expression): the outer LIMIT caps it.
  return { ok: true, sql: `SELECT * FROM (${sql}) LIMIT ${MAX_ROWS}` };
}
