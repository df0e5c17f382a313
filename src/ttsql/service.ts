// POST /v1/ttsql: question -> SQL plan (through the model provider) -> guard -> MARKET_DB -> markdown.
// Every outcome is logged for the organization; a question the data cannot answer is a flat body with a
// non-zero code saying what was understood and what was not, never a table presented as an answer.
import { loadConfig, type Env } from "../core/env";
import type { Tenant } from "../core/auth";
import { modelProvider, ProviderError } from "../core/providers";
import type { ProviderErrorKind } from "../core/providers/types";
import { planRequest } from "./engine";
import type { SqlPlan } from "./plan";
import { formatFor, formatValue, markdownTable, type Row } from "./render";
import * as repo from "./repo";
import { nameAsOf } from "../market/historical-names";

/** Codes of the flat body: 0 success; 4xxx the question cannot be answered from the data; 5xxx a failure. */
export const TTSQL_CODES = { OK: 0, UNANSWERABLE: 4001, NO_DATA: 4002, SQL_REJECTED: 4003, ENGINE_FAILED: 5001, QUERY_FAILED: 5002, QUERY_TIMEOUT: 5003 } as const;

const ENGINE_FAILURE: Record<ProviderErrorKind, string> = {
  timeout: "the SQL engine did not answer in time",
  unavailable: "the SQL engine is unavailable, try again later",
  invalid_output: "the SQL engine gave an answer that could not be read",
  configuration: "the SQL engine is not available",
};

export const EARNINGS_ENTITLEMENT = "earnings_schedule";
const SCHEDULE_MAX = 50;

export interface ScheduleEntry {
  stock_id: string;
  ticker: string;
  company: string;
  fiscal_year: number;
  fiscal_quarter: number;
  call_date: string;
  call_time: string | null;
  time_zone: string | null;
  is_estimated: boolean;
}

export interface TtsqlResponse {
  code: number;
  success: boolean;
  message: string;
  response: {
    execution_id: string;
    stock_name_mapping: Record<string, string>;
    currency_info: { currency: string; exchange_rate: number }[];
    field_currency_info: Record<string, Record<string, string>>;
    execution_duration: number;
    date_range: [string, string] | [];
    rdb_result: string;
    earnings_schedule?: ScheduleEntry[];
    earnings_schedule_truncated?: boolean;
  };
}

const MONEY_FORMATS = new Set(["usd", "price", "eps"]);
const HIDDEN = new Set(["stock_id", "variance"]);

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

function dateRange(rows: Row[], plan: SqlPlan, ratiosAsOf: string | null): [string, string] | [] {
  const dates: string[] = [];
  for (const r of rows) {
    for (const [k, v] of Object.entries(r)) {
      if (typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v)) dates.push(v);
      else if (typeof v === "number" && /(^|_)year$/.test(k) && Number.isInteger(v) && !Object.keys(r).includes("period_ending")) dates.push(`${v}-01-01`, `${v}-12-31`);
    }
  }
  if (dates.length === 0 && plan.sql && /\bratios\b/.test(plan.sql) && ratiosAsOf) return [ratiosAsOf, ratiosAsOf];
  if (dates.length === 0) return [today(), today()];
  dates.sort();
  return [dates[0], dates[dates.length - 1]];
}

function median(values: number[]): number {
  const v = [...values].sort((a, b) => a - b);
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
}

/** Steps SQLite (as the guard parses it) cannot do: a median, a square root. */
function postProcess(plan: SqlPlan, rows: Row[]): Row[] {
  if (plan.post === "median" && plan.postColumn) {
    const values = rows.map((r) => r[plan.postColumn!]).filter((v): v is number => typeof v === "number");
    if (values.length === 0) return [];
    const first = rows[0];
    const out: Row = {};
    if ("fiscal_year" in first) out.fiscal_year = first.fiscal_year;
    out.companies = values.length;
    out[`median_${plan.postColumn}`] = median(values);
    return [out];
  }
  if (plan.post === "volatility") {
    return rows.map((r) => ({ ...r, annualized_volatility_pct: typeof r.variance === "number" ? Math.sqrt(Math.max(0, r.variance)) * Math.sqrt(252) * 100 : null }));
  }
  return rows;
}

/** The date a row's figure is for: a period end, a return's end, a price's date; a fiscal year's end at worst. */
function rowDate(r: Row): string | null {
  for (const k of ["end_date", "fiscal_year_end", "period_ending", "date", "trough_date", "call_date"]) if (typeof r[k] === "string") return r[k] as string;
  for (const k of ["fiscal_year", "to_year"]) if (typeof r[k] === "number") return `${r[k]}-12-31`;
  return null;
}

/**
 * Each row's company under the name it had at the row's date ("General Electric (now GE Aerospace)" for
 * 2016), and the title with it when the answer is about one company.
 */
function namesAsOfPeriod(plan: SqlPlan, rows: Row[]): { rows: Row[]; title: string | undefined } {
  let title = plan.title;
  const out = rows.map((r) => {
    if (typeof r.ticker !== "string" || typeof r.company !== "string") return r;
    const shown = nameAsOf(r.ticker, rowDate(r), r.company);
    if (shown === r.company) return r;
    if (title && !title.includes(shown) && new Set(rows.map((x) => x.ticker)).size === 1) title = title.split(r.company).join(shown);
    return { ...r, company: shown };
  });
  return { rows: out, title };
}

function schedule(rows: Row[]): ScheduleEntry[] {
  return rows
    .filter((r) => typeof r.call_date === "string")
    .map((r) => ({
      stock_id: String(r.stock_id ?? `US:${r.ticker}`),
      ticker: String(r.ticker),
      company: String(r.company ?? r.ticker),
      fiscal_year: Number(r.fiscal_year),
      fiscal_quarter: Number(r.fiscal_quarter),
      call_date: String(r.call_date),
      call_time: (r.call_time as string | null) ?? null,
      time_zone: (r.time_zone as string | null) ?? null,
      is_estimated: Boolean(r.is_estimated),
    }));
}

function valueColumns(rows: Row[], plan: SqlPlan): string[] {
  if (!rows.length) return [];
  return Object.keys(rows[0]).filter((c) => !HIDDEN.has(c) && !["text", "date", "year", "bool"].includes(formatFor(plan, c)));
}

function summarize(plan: SqlPlan, rows: Row[], columns: string[]): string {
  const first = rows[0];
  const metricCol = valueColumns(rows, plan).filter((c) => !["companies", "daily_returns"].includes(c)).pop() ?? valueColumns(rows, plan).pop();
  const show = (r: Row, c: string | undefined) => (c ? formatValue(r[c], formatFor(plan, c)) : "");
  const who = (r: Row) => (r.company ? `${r.company}${r.ticker ? ` (${r.ticker})` : ""}` : String(r.ticker ?? ""));
  switch (plan.answer) {
    case "count": {
      const c = columns.find((k) => formatFor(plan, k) === "count") ?? columns[0];
      return `${formatValue(first[c], "count")}`;
    }
    case "winner":
      if (rows.length >= 2 && metricCol) {
        return `${who(rows[0])} is higher: ${show(rows[0], metricCol)} vs ${show(rows[1], metricCol)} for ${who(rows[1])}.`;
      }
      return rows.length === 1 ? `Only ${who(first)} has a value: ${show(first, metricCol)}.` : "";
    case "schedule":
      return `${rows.length} earnings call${rows.length === 1 ? "" : "s"}${rows.some((r) => r.is_estimated) ? " (dates marked estimated are projections, not confirmed)" : ""}.`;
    case "single":
      return `${first.company ? `${who(first)}: ` : ""}${metricCol ? show(first, metricCol) : ""}`.trim();
    default:
      // A one-row table (the top company of a ranking) names it and its figure, as a single answer does.
      if (rows.length === 1 && first.company && metricCol) return `${who(first)}: ${show(first, metricCol)}`;
      return `${rows.length} row${rows.length === 1 ? "" : "s"}.`;
  }
}

function failure(code: number, message: string, executionId: string, started: number): TtsqlResponse {
  return {
    code,
    success: false,
    message,
    response: { execution_id: executionId, stock_name_mapping: {}, currency_info: [], field_currency_info: {}, execution_duration: Date.now() - started, date_range: [], rdb_result: "" },
  };
}

export async function answerQuestion(env: Env, tenant: Tenant, question: string): Promise<TtsqlResponse> {
  const started = Date.now();
  const executionId = crypto.randomUUID();
  const provider = modelProvider(env);
  const engine = `${provider.name}/${provider.model}`;
  let plan: SqlPlan | null = null;
  let guarded: string | null = null;
  const finish = async (res: TtsqlResponse, outcome: repo.ExecutionLog["outcome"], rowCount: number) => {
    res.response.execution_duration = Date.now() - started;
    await repo.logExecution(env, {
      id: executionId, organizationId: tenant.organizationId, userId: tenant.user?.id ?? null, question, sql: guarded ?? plan?.sql ?? null,
      engine, intent: plan?.intent ?? null, outcome, rowCount, durationMs: res.response.execution_duration, message: res.message,
    });
    return res;
  };

  const deadlineMs = loadConfig(env).ttsqlQueryTimeoutMs;
  const timedOut = (understood: string | null) =>
    failure(
      TTSQL_CODES.QUERY_TIMEOUT,
      `${understood ? `Understood: ${understood}. ` : ""}The query did not finish within its ${deadlineMs / 1000} s budget; ask about a shorter period or fewer companies, or try again later.`,
      executionId,
      started,
    );
  let catalog: Awaited<ReturnType<typeof repo.loadCatalog>>;
  try {
    catalog = await repo.loadCatalog(env, deadlineMs);
  } catch (err) {
    if (!(err instanceof repo.QueryDeadlineExceeded)) throw err;
    console.error(JSON.stringify({ level: "error", ttsql: executionId, message: err.message, query: "catalog" }));
    return finish(timedOut(null), "error", 0);
  }
  try {
    plan = await provider.generateObject(planRequest({ question, securities: catalog.securities, ratiosAsOf: catalog.ratiosAsOf, today: today() }));
  } catch (err) {
    // Our words by kind, never the provider's text (that is in the provider's log line; this one ties it to the execution).
    const why = err instanceof ProviderError ? ENGINE_FAILURE[err.kind] : "the SQL engine failed";
    console.error(JSON.stringify({ level: "error", ttsql: executionId, engine, message: err instanceof Error ? err.message : String(err) }));
    return finish(failure(TTSQL_CODES.ENGINE_FAILED, `The question could not be translated to SQL: ${why}.`, executionId, started), "error", 0);
  }
  if (plan.status === "unanswerable" || !plan.sql) {
    const msg = `Understood: ${plan.understood}. Cannot answer: ${plan.missing ?? "the data does not cover this question"}`;
    return finish(failure(TTSQL_CODES.UNANSWERABLE, msg, executionId, started), "unanswerable", 0);
  }
  // The SQL parser (200 kB) loads with the first query, not with the Worker that every request starts.
  const { guardSql } = await import("./guard");
  const guard = guardSql(plan.sql);
  if (!guard.ok) {
    return finish(failure(TTSQL_CODES.SQL_REJECTED, `Understood: ${plan.understood}. The generated SQL was refused: ${guard.reason}`, executionId, started), "rejected_sql", 0);
  }
  guarded = guard.sql;
  let rows: Row[];
  try {
    rows = postProcess(plan, await repo.runGuardedSelect(env, guarded, deadlineMs));
  } catch (err) {
    console.error(JSON.stringify({ level: "error", ttsql: executionId, message: err instanceof Error ? err.message : String(err) }));
    if (err instanceof repo.QueryDeadlineExceeded) return finish(timedOut(plan.understood), "error", 0);
    return finish(failure(TTSQL_CODES.QUERY_FAILED, `Understood: ${plan.understood}. The query failed to run.`, executionId, started), "error", 0);
  }
  const columns = rows.length ? Object.keys(rows[0]).filter((c) => !HIDDEN.has(c)) : [];
  const valueCols = valueColumns(rows, plan);
  // A single answer needs its figure (the last value column); a table needs some figure in some row.
  const primary = valueCols[valueCols.length - 1];
  const empty =
    rows.length === 0 ||
    (plan.answer === "single" && primary !== undefined && rows.every((r) => r[primary] === null || r[primary] === undefined)) ||
    (plan.answer !== "schedule" && plan.answer !== "count" && valueCols.length > 0 && rows.every((r) => valueCols.every((c) => r[c] === null || r[c] === undefined)));
  if (empty) {
    return finish(failure(TTSQL_CODES.NO_DATA, `Understood: ${plan.understood}. Cannot answer: the data holds no value for it${plan.title ? ` (${plan.title})` : ""}.${plan.missing ? ` ${plan.missing}` : ""}`, executionId, started), "unanswerable", rows.length);
  }

  const named = namesAsOfPeriod(plan, rows);
  rows = named.rows;
  plan = { ...plan, title: named.title };
  const notes = [...(plan.notes ?? [])];
  if (plan.sql && /\bratios\b/.test(plan.sql)) notes.push(`Ratios are a point-in-time snapshot as of ${catalog.ratiosAsOf ?? "an unstated date"} (Yahoo Finance via datasets/s-and-p-500-companies-financials).`);
  if (plan.sql && /\bfundamentals\b/.test(plan.sql)) notes.push("Fundamentals: annual reports in USD; sectors of 2012-2016 figures are the 2016 GICS sectors.");
  if (plan.expectRows && rows.length < plan.expectRows) notes.push(`Only ${rows.length} companies have this figure; fewer than the ${plan.expectRows} asked for.`);
  if (rows.some((r) => r.is_estimated)) notes.push("is_estimated = yes: a projected date, not yet confirmed by the company.");

  const summary = summarize(plan, rows, columns);
  const rdb = [`### ${plan.title ?? "Result"}`, "", plan.answer === "count" ? `**${summary}**\n` : "", markdownTable(rows, columns, plan), notes.length ? "\n" + notes.map((n) => `_${n}_`).join("\n\n") : ""].filter((x) => x !== "").join("\n");

  const stockNames: Record<string, string> = {};
  const fieldCurrency: Record<string, Record<string, string>> = {};
  const moneyCols = columns.filter((c) => MONEY_FORMATS.has(formatFor(plan!, c)));
  for (const r of rows) {
    if (typeof r.ticker !== "string") continue;
    const id = typeof r.stock_id === "string" ? r.stock_id : `US:${r.ticker}`;
    stockNames[id] = String(r.company ?? r.ticker);
    if (moneyCols.length) fieldCurrency[id] = Object.fromEntries(moneyCols.map((c) => [c, "USD"]));
  }
  const res: TtsqlResponse = {
    code: TTSQL_CODES.OK,
    success: true,
    message: plan.answer === "count" ? summary : `${plan.title ?? "Result"}: ${summary}`,
    response: {
      execution_id: executionId,
      stock_name_mapping: stockNames,
      currency_info: [{ currency: "USD", exchange_rate: 1 }],
      field_currency_info: fieldCurrency,
      execution_duration: 0,
      date_range: dateRange(rows, plan, catalog.ratiosAsOf),
      rdb_result: rdb,
    },
  };
  if (tenant.entitlements.includes(EARNINGS_ENTITLEMENT)) {
    const entries = plan.answer === "schedule" ? schedule(rows) : [];
    res.response.earnings_schedule = entries.slice(0, SCHEDULE_MAX);
    res.response.earnings_schedule_truncated = entries.length > SCHEDULE_MAX;
  }
  return finish(res, "success", rows.length);
}
