// The one gate every SQL statement passes before it runs, whoever wrote it (the local parser or a remote
// model told what to write by an injected prompt): one SELECT, read by SQLite's lexical rules, parsed with
// node-sql-parser, every table reference resolved through its scope (aliases, CTEs, subqueries) to an
// allow-listed table, allow-listed columns and functions, joins with a join condition, bounded size.
// Only the returned SQL is ever executed, on MARKET_DB, under the deadline of repo.ts.
import { Parser } from "node-sql-parser/build/sqlite";
import { ALLOWED_TABLES } from "./catalog";

/** Rows a query may return (an outer LIMIT is added or tightened). */
export const MAX_ROWS = 500;
export const MAX_SQL_CHARS = 8000;
/** FROM items (tables, CTE uses, subqueries) in one statement, counted over every SELECT in it. */
export const MAX_TABLE_REFS = 8;
/** SELECTs nested inside one another (CTE bodies and subqueries). */
export const MAX_SUBQUERY_DEPTH = 3;
/** Width or precision of a printf conversion ('%.2f' yes, '%.100000000c' no). */
export const MAX_FORMAT_WIDTH = 50;
/** Characters of a literal LIKE / GLOB pattern. */
export const MAX_PATTERN_CHARS = 200;
/** Levels of the syntax tree inside one SELECT ("1+1+...+1" is as deep as it is long). */
export const MAX_EXPRESSION_DEPTH = 150;
/**
 * Parentheses open at once. node-sql-parser backtracks: its time grows about four-fold with each level
 * of nesting it fails to parse (CAST( eight deep: 15 s). At four levels the worst found is about 0.2 s.
 */
export const MAX_PAREN_DEPTH = 4;

export type GuardResult = { ok: true; sql: string } | { ok: false; reason: string };

const parser = new Parser();
const OPT = { database: "sqlite" };

/**
 * Functions a query may call: aggregates, window functions (their frames cannot be written in the dialect
 * the parser reads, so each is one pass over its partition), and scalar functions whose output is no
 * larger than their input. Not here: printf/format (checked apart), replace, char, hex, zeroblob,
 * randomblob, group_concat, load_extension, sqlite_* and every other function.
 */
const FUNCTIONS = new Set([
  "exists", "count", "sum", "avg", "min", "max", "total",
  "row_number", "rank", "dense_rank", "percent_rank", "cume_dist", "ntile", "lag", "lead", "first_value", "last_value",
  "round", "abs", "sign", "coalesce", "ifnull", "nullif", "iif", "upper", "lower", "length", "substr", "substring", "trim", "ltrim", "rtrim", "instr",
  "date", "time", "datetime", "julianday", "strftime", "sqrt", "power", "pow", "ln", "log", "log10", "exp",
]);
const FORMAT_FUNCTIONS = new Set(["printf", "format"]);

/** Words the parser would take as an alias where SQLite reads a join ("prices CROSS JOIN x" is not "prices AS cross"). */
const RESERVED_ALIASES = new Set([
  "cross", "natural", "inner", "outer", "left", "right", "full", "join", "on", "using", "where", "group", "order", "limit", "offset", "having",
  "union", "intersect", "except", "as", "indexed", "not", "select", "from", "with", "window", "values",
]);
const NAME = /^[a-z_][a-z0-9_]*$/;

class Refusal extends Error {}

/** Names in a reason are the query's own and may be 8,000 characters long: each word is cut to 60. */
function shortened(reason: string): string {
  return reason
    .split(" ")
    .map((w) => (w.length > 60 ? `${w.slice(0, 57)}...` : w))
    .join(" ")
    .slice(0, 300);
}

const refuse = (reason: string): never => {
  throw new Refusal(shortened(reason));
};

/**
 * SQLite's lexical rules over the whole text, before the parser sees it: quotes are doubled to escape
 * them and a backslash is an ordinary character. Anything that SQLite and the parser could read
 * differently is refused here: backslashes (the parser takes \' as an escaped quote), comments, a
 * second statement, parameters, and non-ASCII outside string literals. So are shapes that cost the
 * parser exponential time: unbalanced or deep parentheses, SELECTs nested too deep.
 */
function lexicalProblem(sql: string): string | null {
  let quote: string | null = null;
  // One entry per open parenthesis: whether a SELECT has started directly inside it.
  const parens: boolean[] = [];
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i];
    if (ch === "\\") return "backslashes are not allowed";
    if (quote) {
      if (ch === quote) quote = sql[i + 1] === quote ? (i++, quote) : null;
      continue;
    }
    const code = sql.charCodeAt(i);
    if (isWordStart(ch)) {
      let end = i + 1;
      while (end < sql.length && isWordPart(sql[end])) end++;
      if (end - i === 6 && sql.slice(i, end).toLowerCase() === "select") {
        if (parens.length > 0) parens[parens.length - 1] = true;
        if (1 + parens.filter(Boolean).length > MAX_SUBQUERY_DEPTH) return `more than ${MAX_SUBQUERY_DEPTH} levels of nested SELECT are not allowed`;
      }
      i = end - 1;
      continue;
    }
    if (ch === "(") {
      parens.push(false);
      if (parens.length > MAX_PAREN_DEPTH) return `parentheses nested more than ${MAX_PAREN_DEPTH} deep are not allowed`;
    } else if (ch === ")") {
      if (parens.pop() === undefined) return "parentheses are not balanced";
    } else if (ch === "'" || ch === '"' || ch === "`") quote = ch;
    else if ((ch === "-" && sql[i + 1] === "-") || (ch === "/" && sql[i + 1] === "*") || ch === "#") return "comments are not allowed";
    else if (ch === ";") return "only one statement is allowed";
    else if (ch === "?" || ch === ":" || ch === "@" || ch === "$") return "parameters are not allowed";
    else if (ch === "[") return "bracketed identifiers are not allowed";
    else if (code > 126 || (code < 32 && ch !== "\n" && ch !== "\r" && ch !== "\t")) return "characters outside ASCII are only allowed inside string literals";
  }
  if (quote) return "a quoted string or name is not closed";
  return parens.length ? "parentheses are not balanced" : null;
}

const isWordStart = (ch: string) => (ch >= "a" && ch <= "z") || (ch >= "A" && ch <= "Z") || ch === "_";
const isWordPart = (ch: string) => isWordStart(ch) || (ch >= "0" && ch <= "9") || ch === "$";

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === "object" && v !== null && !Array.isArray(v);
const lower = (v: unknown): string => String(v).toLowerCase();

/** A name the AST gives as a string or as { value } / { expr: { value } }. */
function nameOf(v: unknown): string | null {
  if (typeof v === "string") return v;
  if (isNode(v)) {
    if (typeof v.value === "string") return v.value;
    if (isNode(v.expr) && typeof v.expr.value === "string") return v.expr.value;
  }
  return null;
}

/** What a FROM item, CTE or subquery offers: the columns a query may read from it. */
interface Source {
  /** The allow-listed table behind it, or null for a CTE or subquery. */
  table: string | null;
  columns: ReadonlySet<string>;
}

interface Scope {
  sources: Map<string, Source>;
  /** Names the SELECT being checked gives with AS (ORDER BY and HAVING may use them). */
  aliases: ReadonlySet<string>;
  parent: Scope | null;
}

interface Walk {
  tableRefs: number;
}

function lookupSource(scope: Scope | null, name: string): Source | null {
  for (let s = scope; s; s = s.parent) {
    const hit = s.sources.get(name);
    if (hit) return hit;
  }
  return null;
}

function checkColumn(scope: Scope, table: string | null, column: string): void {
  const c = column.toLowerCase();
  if (table !== null) {
    const t = table.toLowerCase();
    const source = lookupSource(scope, t);
    if (!source) refuse(`table ${table} is not allowed`);
    if (c === "*") return;
    if (!source!.columns.has(c)) refuse(`column ${table}.${column} is not allowed`);
    return;
  }
  if (c === "*") return;
  for (let s: Scope | null = scope; s; s = s.parent) {
    if (s.aliases.has(c)) return;
    for (const source of s.sources.values()) if (source.columns.has(c)) return;
  }
  refuse(`column ${column} is not allowed`);
}

/** The called name, with its schema when one is written ("main.upper" is not "upper"). */
function functionName(n: Node): string {
  const name = n.name as unknown;
  if (typeof name === "string") return name.toLowerCase();
  const { name: parts, schema } = (name ?? {}) as { name?: { value?: string }[]; schema?: unknown };
  const prefix = schema ? `${nameOf(schema) ?? "?"}.` : "";
  if (Array.isArray(parts)) return `${prefix}${parts.map((p) => String(p.value)).join(".")}`.toLowerCase();
  return lower(name);
}

function argsOf(n: Node): unknown[] {
  const args = n.args as { value?: unknown[]; expr?: unknown } | undefined;
  if (!args) return [];
  if (Array.isArray(args.value)) return args.value;
  return args.expr === undefined ? [] : [args.expr];
}

/** printf('%.2f', x) is fine; a format that is not a literal, or asks for a huge width or precision, is not. */
function checkFormat(fn: string, n: Node): void {
  const first = argsOf(n)[0] as Node | undefined;
  if (!first || first.type !== "single_quote_string" || typeof first.value !== "string") refuse(`${fn} needs a literal format string`);
  const format = String(first!.value);
  for (let i = 0; i < format.length; i++) {
    if (format[i] !== "%") continue;
    i++;
    while (i < format.length && "-+ 0#,!".includes(format[i])) i++;
    for (const part of ["width", "precision"]) {
      if (part === "precision") {
        if (format[i] !== ".") break;
        i++;
      }
      if (format[i] === "*") refuse(`${fn} with a ${part} taken from an argument is not allowed`);
      let digits = "";
      while (i < format.length && format[i] >= "0" && format[i] <= "9") digits += format[i++];
      if (digits && Number(digits) > MAX_FORMAT_WIDTH) refuse(`${fn} with a ${part} above ${MAX_FORMAT_WIDTH} is not allowed`);
    }
  }
}

/** Columns, conditions and subqueries of one SELECT (everything but its FROM list, checked before). */
function checkExpr(node: unknown, scope: Scope, walk: Walk, depth: number, level = 0): void {
  if (level > MAX_EXPRESSION_DEPTH) refuse(`expressions nested more than ${MAX_EXPRESSION_DEPTH} levels deep are not allowed`);
  if (Array.isArray(node)) {
    for (const x of node) checkExpr(x, scope, walk, depth, level + 1);
    return;
  }
  if (!isNode(node)) return;
  if (node.type === "select") {
    checkSelect(node, scope, new Map(), walk, depth + 1);
    return;
  }
  if (isNode(node.ast) && node.ast.type === "select") {
    checkSelect(node.ast, scope, new Map(), walk, depth + 1);
    return;
  }
  switch (node.type) {
    case "column_ref": {
      const column = nameOf(node.column);
      if (column === null) refuse("a column reference could not be read");
      checkColumn(scope, node.table === null || node.table === undefined ? null : String(nameOf(node.table) ?? node.table), column!);
      return;
    }
    case "double_quote_string":
    case "backticks_quote_string":
      // SQLite reads "x" as the column x when one is in scope: check it as a column.
      checkColumn(scope, null, String(node.value));
      return;
    case "param":
    case "var":
      refuse("parameters are not allowed");
      return;
    case "function":
    case "aggr_func": {
      const fn = functionName(node);
      if (FORMAT_FUNCTIONS.has(fn)) checkFormat(fn, node);
      else if (!FUNCTIONS.has(fn)) refuse(`function ${fn} is not allowed`);
      break;
    }
    case "binary_expr": {
      const op = lower(node.operator);
      const right = node.right as Node | undefined;
      if ((op.endsWith("like") || op.endsWith("glob")) && right && typeof right.value === "string" && right.value.length > MAX_PATTERN_CHARS) {
        refuse(`a ${op.toUpperCase()} pattern longer than ${MAX_PATTERN_CHARS} characters is not allowed`);
      }
      break;
    }
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === "tableList" || key === "columnList") continue;
    checkExpr(value, scope, walk, depth, level + 1);
  }
}

/** Top-level AND terms of a condition (a loop: a chain of thousands of ANDs is a deep tree). */
function conjuncts(expr: unknown): Node[] {
  const out: Node[] = [];
  const stack = [expr];
  while (stack.length) {
    const e = stack.pop();
    if (!isNode(e)) continue;
    if (e.type === "binary_expr" && lower(e.operator) === "and") stack.push(e.right, e.left);
    else out.push(e);
  }
  return out;
}

/** Does the condition equate a column of `item` with a column of one of `earlier`? */
function links(condition: unknown, item: string, earlier: Set<string>): boolean {
  for (const term of conjuncts(condition)) {
    if (term.type !== "binary_expr" || !["=", "==", "is"].includes(lower(term.operator))) continue;
    const [l, r] = [term.left, term.right] as Node[];
    if (l?.type !== "column_ref" || r?.type !== "column_ref" || !l.table || !r.table) continue;
    const [a, b] = [lower(nameOf(l.table) ?? l.table), lower(nameOf(r.table) ?? r.table)];
    if ((a === item && earlier.has(b)) || (b === item && earlier.has(a))) return true;
  }
  return false;
}

/** The names a SELECT gives with AS: a bare column is no alias ("SELECT secret FROM prices" names no column secret). */
function aliasesOf(sel: Node): Set<string> {
  const out = new Set<string>();
  for (const col of Array.isArray(sel.columns) ? (sel.columns as Node[]) : []) {
    const as = nameOf(col.as);
    if (as) out.add(as.toLowerCase());
  }
  return out;
}

/** The names a SELECT gives its result columns (what a CTE or subquery built on it offers). */
function outputColumns(sel: Node, sources: Map<string, Source>): Set<string> {
  const out = new Set<string>();
  const columns = Array.isArray(sel.columns) ? (sel.columns as Node[]) : [];
  for (const col of columns) {
    const as = nameOf(col.as);
    const expr = col.expr as Node | undefined;
    if (as) out.add(as.toLowerCase());
    else if (expr?.type === "column_ref") {
      const name = lower(nameOf(expr.column));
      if (name !== "*") out.add(name);
      else if (expr.table) for (const c of sources.get(lower(nameOf(expr.table) ?? expr.table))?.columns ?? []) out.add(c);
      else for (const s of sources.values()) for (const c of s.columns) out.add(c);
    }
  }
  return out;
}

/**
 * One SELECT (and the members of its UNION/INTERSECT/EXCEPT): its CTEs, then its FROM list, then every
 * expression. `ctes` holds the CTE names visible here; returns the names of its result columns.
 */
function checkSelect(sel: Node, outer: Scope | null, visible: Map<string, Source>, walk: Walk, depth: number): Set<string> {
  if (depth > MAX_SUBQUERY_DEPTH) refuse(`more than ${MAX_SUBQUERY_DEPTH} levels of nested SELECT are not allowed`);
  const ctes = new Map(visible);
  for (const cte of (Array.isArray(sel.with) ? sel.with : []) as Node[]) {
    if (cte.recursive) refuse("recursive CTEs are not allowed");
    const name = nameOf(cte.name)?.toLowerCase();
    const body = isNode(cte.stmt) && isNode(cte.stmt.ast) ? cte.stmt.ast : isNode(cte.stmt) && cte.stmt.type === "select" ? cte.stmt : null;
    if (!name || !body) refuse("a CTE could not be read");
    if (!NAME.test(name!)) refuse(`the CTE name ${name} is not allowed`);
    // The body sees only the CTEs before it: a CTE that reads itself is recursive, whatever its keyword.
    const produced = checkSelect(body!, outer, ctes, walk, depth + 1);
    const declared = Array.isArray(cte.columns) ? (cte.columns as unknown[]).map((c) => lower(nameOf(isNode(c) && c.type === "column_ref" ? c.column : c))) : null;
    ctes.set(name!, { table: null, columns: declared ? new Set(declared) : produced });
  }

  const scope: Scope = { sources: new Map(), aliases: new Set(), parent: outer };
  const from = Array.isArray(sel.from) ? (sel.from as Node[]) : [];
  const names: string[] = [];
  for (const [i, item] of from.entries()) {
    walk.tableRefs++;
    if (walk.tableRefs > MAX_TABLE_REFS) refuse(`more than ${MAX_TABLE_REFS} tables in one query are not allowed`);
    const alias = item.as === null || item.as === undefined ? null : nameOf(item.as);
    if (alias !== null && (!NAME.test(alias.toLowerCase()) || RESERVED_ALIASES.has(alias.toLowerCase()))) refuse(`the alias ${alias} is not allowed`);
    let source: Source;
    let name: string;
    if (typeof item.table === "string") {
      if (item.db !== null && item.db !== undefined && lower(item.db) !== "main") refuse(`database ${String(item.db)} is not allowed`);
      const t = item.table.toLowerCase();
      const cte = item.db ? undefined : ctes.get(t);
      if (cte) source = cte;
      else if (Object.hasOwn(ALLOWED_TABLES, t)) source = { table: t, columns: new Set(ALLOWED_TABLES[t]) };
      else return refuse(`table ${item.table} is not allowed`);
      name = (alias ?? t).toLowerCase();
    } else if (isNode(item.expr) && isNode(item.expr.ast) && item.expr.ast.type === "select") {
      source = { table: null, columns: checkSelect(item.expr.ast, outer, ctes, walk, depth + 1) };
      name = (alias ?? `(subquery ${i})`).toLowerCase();
    } else {
      const fn = isNode(item.expr) && item.expr.type === "function" ? functionName(item.expr) : "this FROM item";
      return refuse(`table-valued function ${fn} is not allowed`);
    }
    if (scope.sources.has(name)) refuse(`the table name ${name} is used twice`);
    if (i > 0) {
      const earlier = new Set(names);
      const using = Array.isArray(item.using) && item.using.length > 0;
      const condition = item.join ? item.on : sel.where;
      if (!using && !links(condition, name, earlier)) {
        refuse(`a join needs a condition equating a column of ${name} with a column of ${names.join(", ")} (cross joins are not allowed)`);
      }
    }
    scope.sources.set(name, source);
    names.push(name);
  }
  for (const item of from) {
    if (item.on) checkExpr(item.on, scope, walk, depth);
    for (const u of Array.isArray(item.using) ? item.using : []) {
      const column = lower(nameOf(u));
      if (![...scope.sources.values()].some((s) => s.columns.has(column))) refuse(`column ${column} is not allowed`);
    }
  }

  const output = outputColumns(sel, scope.sources);
  scope.aliases = aliasesOf(sel);
  for (const key of ["columns", "where", "groupby", "having", "orderby", "limit"]) checkExpr(sel[key], scope, walk, depth);

  if (isNode(sel._next)) {
    // Members of a compound SELECT share its CTEs; its ORDER BY may name the first member's columns.
    const memberOuter: Scope = { sources: new Map(), aliases: scope.aliases, parent: outer };
    checkSelect(sel._next, memberOuter, ctes, walk, depth);
  }
  return output;
}

/** The row count of a LIMIT: "LIMIT n", "LIMIT n OFFSET m" and SQLite's "LIMIT m, n". */
function limitCount(root: Node): { present: boolean; count: { type?: string; value?: unknown } | undefined } {
  const limit = root.limit as { seperator?: string; value?: { type?: string; value?: unknown }[] } | null | undefined;
  const values = limit?.value ?? [];
  if (values.length === 0) return { present: false, count: undefined };
  return { present: true, count: limit?.seperator === "," ? values[1] : values[0] };
}

export function guardSql(input: string): GuardResult {
  const sql = input.trim().replace(/;\s*$/, "");
  if (!sql) return { ok: false, reason: "empty SQL" };
  if (sql.length > MAX_SQL_CHARS) return { ok: false, reason: `SQL longer than ${MAX_SQL_CHARS} characters` };
  const lexical = lexicalProblem(sql);
  if (lexical) return { ok: false, reason: lexical };
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
  try {
    checkSelect(root, null, new Map(), { tableRefs: 0 }, 1);
  } catch (err) {
    if (err instanceof Refusal) return { ok: false, reason: err.message };
    // Fail closed: a tree this code cannot walk (a stack overflow on some shape) runs nowhere.
    console.error(JSON.stringify({ level: "error", guard: "unexpected", message: err instanceof Error ? err.message : String(err) }));
    return { ok: false, reason: "SQL could not be checked" };
  }

  // A compound SELECT keeps its ORDER BY and LIMIT on its last member: the outer LIMIT caps it.
  if (isNode(root._next)) return { ok: true, sql: `SELECT * FROM (${sql}) LIMIT ${MAX_ROWS}` };
  const { present, count } = limitCount(root);
  if (!present) return { ok: true, sql: `${sql} LIMIT ${MAX_ROWS}` };
  // Kept only where the text writes the LIMIT as SQLite reads it: the parser also reads "LIMIT1" as LIMIT 1.
  const written = /\bLIMIT\s/i.test(sql.replace(/'(?:[^']|'')*'/g, "''"));
  if (written && count?.type === "number" && typeof count.value === "number" && count.value >= 0 && count.value <= MAX_ROWS) return { ok: true, sql };
  // Anything else (too large, an expression): the outer LIMIT caps it.
  return { ok: true, sql: `SELECT * FROM (${sql}) LIMIT ${MAX_ROWS}` };
}
