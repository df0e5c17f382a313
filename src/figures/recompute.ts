// Independent recomputation of a financial metric from statement tables: a metric the question defines
// (as FinanceBench-style questions do) or a standard one (margins, working capital, CAGR, FCF...), with the
// statement figures it read. Shared by the judges (checking an answer against it) and chat (answering with it).
import { ITEMS, itemFor, lookup } from "./line-items";
import { evaluate, value, yearsIn, YEAR_REF, type Context, type Operand } from "./formula";
import { normalizeLabel, parseTables, type StatementTable } from "./table";
import { partsAround, questionText } from "./question-text";
import { datingLinks } from "./company-calendar";
import { fiscalYearOfDay, type FiscalLink } from "./fiscal-days";
import { readText } from "./context";
import { fiscalTickerNamedIn } from "../core/fiscal-calendar";

// ---- The question: which metric, which years.

export interface Recomputation {
  /** How the metric was read: defined by the question, a standard formula, or one of several conventions. */
  basis: "defined" | "standard" | "convention";
  /** A ratio or percentage (scale-free) or an amount in the statement's units (millions, thousands). */
  unit: "ratio" | "amount";
  metric: string;
  year: number;
  value: number;
  operands: Operand[];
  /** The same metric for the earlier year of a question about its direction ("improved between FY2022 and FY2023"). */
  earlier?: { year: number; value: number };
  /** The formula it evaluated (each year of `years`), for showing the arithmetic; absent for CAGR and a single line item. */
  expr?: string;
  /** The years a multi-year average was taken over, oldest first. */
  years?: number[];
  /** CAGR: the line item and the first and last year it was read for. */
  cagr?: { item: string; from: number; to: number };
  definitions?: Map<string, string>;
}

/** "X is defined as: ..." sentences of the question, by the defined name (lower case). */
export function definitionsOf(query: string): Map<string, string> {
  const out = new Map<string, string>();
  const re = /([A-Za-z](?:[A-Za-z &()\-%]{0,59}[A-Za-z()\-%&])?)\s+(?:here\s+)?(?:is|are)\s+(?:defined|calculated|computed)\s+as:?\s*(\S.*?)(?=\.\s+[A-Z]|\.?$|\?\s)/g;
  for (const m of query.trimEnd().matchAll(re)) {
    const name = m[1].trim().replace(/^(the|a|an|where|and)\s+/i, "").replace(/\s+/g, " ");
    out.set(name.toLowerCase(), m[2].trim());
    // "days payable outstanding (DPO)" is also "DPO"
    const abbr = /\(([A-Z]{2,6})\)/.exec(name)?.[1] ?? (/^[A-Z]{2,6}$/.test(name) ? name : null);
    if (abbr) out.set(abbr.toLowerCase(), m[2].trim());
  }
  return out;
}

/**
 * Standard metrics the question names without defining. `convention` marks the ones analysts compute in
 * more than one way (operating vs all current items, average vs ending inventory, cash vs declared
 * dividends, which capex line): a match with one convention proves less, and a miss may be another one.
 */
const STANDARD: { test: RegExp; metric: string; expr: string; convention?: true }[] = [
  { test: /\bworking capital\b/i, metric: "working capital", expr: "total current assets - total current liabilities", convention: true },
  { test: /\bcurrent ratio\b/i, metric: "current ratio", expr: "total current assets / total current liabilities" },
  { test: /\bgross (profit )?margin\b/i, metric: "gross margin", expr: "(revenue - cogs) / revenue * 100" },
  { test: /\boperating (income )?(%\s*)?margin\b/i, metric: "operating margin", expr: "operating income / revenue * 100" },
  { test: /\bnet (income |profit )?(%\s*)?margin\b/i, metric: "net margin", expr: "net income / revenue * 100" },
  { test: /\beffective tax rate\b/i, metric: "effective tax rate", expr: "income tax expense / income before income taxes * 100" },
  { test: /\bfree cash ?flow\b(?! conversion)/i, metric: "free cash flow", expr: "cash from operations - capex", convention: true },
  { test: /\bebitda (%\s*)?margin\b/i, metric: "EBITDA margin", expr: "(operating income + depreciation and amortization) / revenue * 100" },
  { test: /\bebitda\b/i, metric: "EBITDA", expr: "operating income + depreciation and amortization" },
  { test: /\bdividend payout ratio\b/i, metric: "dividend payout ratio", expr: "cash dividends / net income", convention: true },
  { test: /\binventory turnover\b/i, metric: "inventory turnover", expr: "cogs / inventory", convention: true },
  { test: /\bcapex as a % of revenue|capital expenditures? as a % of (total )?revenue/i, metric: "capex as % of revenue", expr: "capex / revenue * 100" },
];

/** A quotient is a ratio or a percentage; sums and differences of line items are amounts. */
function unitOf(expr: string, definitions: Map<string, string>): Recomputation["unit"] {
  const quotient = (e: string) => /\/|÷|divided by/i.test(e);
  const named = [...definitions].filter(([name]) => name.length >= 2 && expr.toLowerCase().includes(name));
  return quotient(expr) || named.some(([, e]) => quotient(e)) ? "ratio" : "amount";
}

/** The fiscal year the metric is asked for: the latest one the question names outside its definitions. */
function askedYear(query: string): number | null {
  const head = query.replace(/\b(?:is|are)\s+(?:defined|calculated|computed)\s+as:?[^.?]*/gi, " ");
  const ys = yearsIn(head);
  return ys.length ? Math.max(...ys) : null;
}

/** loose: also read row labels that lost their spaces (chat reads PDF text as indexed; the judges do not). */
export function recompute(fullQuery: string, passages: string[], loose = false): Recomputation | null {
  return recomputeFromTables(fullQuery, inFiscalYears(passages, fiscalTickerNamedIn(fullQuery)), loose);
}

/**
 * The passages' tables, each column dated by a day named by its fiscal year when the question names a
 * company whose calendar is known (company-calendar.ts): the filing's own fiscal-year words when it has
 * them, else the calendar. "January 28, 2023" over "2023" is Ulta's fiscal 2022, the year a question about
 * fiscal 2022 asks for; the header's calendar year is the prior year's column.
 */
function inFiscalYears(passages: string[], ticker: string | null): StatementTable[] {
  return passages.flatMap((p) => {
    const tables = parseTables(p);
    // The passage's reading is kept (the judges have read every passage already).
    const links = ticker === null ? null : datingLinks(readText(p), ticker);
    return links === null ? tables : tables.map((t) => namedByFiscalYear(t, links));
  });
}

function namedByFiscalYear(t: StatementTable, links: readonly FiscalLink[]): StatementTable {
  const days = t.dates;
  if (!days || days.length !== t.years.length) return t;
  const years = days.map((d) => (d === null ? null : fiscalYearOfDay(links, d)));
  if (years.some((y) => y === null) || years.every((y, i) => y === t.years[i])) return t;
  return { ...t, years: years as number[] };
}

/** recompute over tables already parsed (and chosen: chat leaves out quarter tables for a full-year question). */
export function recomputeFromTables(fullQuery: string, tables: StatementTable[], loose = false): Recomputation | null {
  const query = questionText(fullQuery);
  if (!tables.length) return null;
  const year = askedYear(query);
  if (!year) return null;
  const definitions = definitionsOf(query);
  const ctx = (): Context => ({ tables, year, definitions, depth: 0, operands: [], loose });

  // "What is the FY2018 - FY2020 3 year average of capex as a % of revenue": the mean over the years.
  const span = /\b(\d)\s*(?:-\s*)?year average\b/i.exec(query);
  const yearsAsked = [...new Set(yearsIn(query.replace(/\b(?:is|are)\s+defined\s+as:?[^.?]*/gi, " ")))].sort();

  const attempt = (metric: string, expr: string, basis: Recomputation["basis"]): Recomputation | null => {
    if (span && yearsAsked.length >= 2) {
      const n = Number(span[1]);
      const last = Math.max(...yearsAsked);
      const vals: number[] = [];
      const operands: Operand[] = [];
      for (let y = last - n + 1; y <= last; y++) {
        const c = { ...ctx(), year: y };
        const v = evaluate(expr, c);
        if (v === null) return null;
        vals.push(v);
        operands.push(...c.operands);
      }
      return { basis, unit: unitOf(expr, definitions), metric, year: last, value: vals.reduce((a, b) => a + b, 0) / n, operands, expr, years: Array.from({ length: n }, (_, k) => last - n + 1 + k), definitions };
    }
    const c = ctx();
    const v = evaluate(expr, c);
    if (v === null) return null;
    const r: Recomputation = { basis, unit: unitOf(expr, definitions), metric, year, value: v, operands: c.operands, expr, definitions };
    const before = comparedYear(query, year);
    if (before) {
      const earlier = { ...ctx(), year: before };
      const e = evaluate(expr, earlier);
      if (e !== null) {
        r.earlier = { year: before, value: e };
        r.operands.push(...earlier.operands);
      }
    }
    return r;
  };

  // A metric the question defines: the first definition is the one asked for ("What is the CCC? CCC is
  // defined as: DIO + DSO - DPO. DIO is defined as..."); the later ones are its parts, never the answer.
  const main = [...definitions].find(([name]) => name.length >= 2);
  if (main) return attempt(main[0], main[1], "defined");
  // "using FY2022 Adjusted EBIT as the numerator and annual Interest Expense as the denominator"
  const nd = partsAround(query, ["using", "as the numerator and", "as the denominator"]);
  if (nd && nd[1] && nd[2]) {
    const r = attempt("ratio", `(${nd[1]}) / (${nd[2]})`, "defined");
    if (r) return r;
  }
  // "2 year total revenue CAGR from FY2020 to FY2022"
  const lead = /\b\d\s*year\s/i.exec(query);
  const cagr = lead && partsAround(query.slice(lead.index + lead[0].length), ["cagr from", "to"]);
  if (cagr && cagr[0] && cagr[1] && cagr[2]) {
    const [a, b] = [yearsIn(cagr[1])[0], yearsIn(cagr[2].split(/\s/)[0])[0]];
    if (a && b && b > a) {
      const c = ctx();
      const x = value(cagr[0], a, c);
      const y = value(cagr[0], b, c);
      if (x && y && x > 0 && y > 0) return { basis: "defined", unit: "ratio", metric: "CAGR", year: b, value: ((y / x) ** (1 / (b - a)) - 1) * 100, operands: c.operands, cagr: { item: cagr[0], from: a, to: b } };
    }
  }
  // "X as a % of Y"
  const share = /\b([a-z][a-z &]*?[a-z&])\s+as a (?:%|percent(?:age)?) of\s+([a-z][a-z &]*?[a-z&])(?:\s*[?.,]|\s+(?:for|in|from|between|of)\b|\s*$)/i.exec(query);
  if (share && itemFor(share[1]) && itemFor(share[2])) {
    const r = attempt(`${share[1]} as % of ${share[2]}`, `(${share[1]}) / (${share[2]}) * 100`, "defined");
    if (r) return r;
  }
  for (const s of STANDARD) {
    if (!s.test.test(query)) continue;
    const r = attempt(s.metric, s.expr, s.convention ? "convention" : "standard");
    if (r) return r;
  }
  // "What is the FY2018 capital expenditure amount (in USD millions)": one line item of one year.
  // Only questions that ask for an amount (growth, shares, ratios and segments are other questions).
  const asksAmount = /\b(in|of) (usd|us\$|\$) ?(millions|thousands|billions)\b|\bamount\b|\bhow much\b/i.test(query) && !/\b(growth|change|increase|decrease|percent|%|ratio|margin|per share|segment)\b/i.test(query);
  if (asksAmount && /^\s*(what (is|was|were)|how much)\b/i.test(query)) {
    const words = normalizeLabel(query.replace(YEAR_REF, " "));
    let best: [string, string] | null = null;
    for (const [name, spec] of Object.entries(ITEMS)) {
      for (const a of spec.aliases) if (` ${words} `.includes(` ${a} `) && (!best || a.length > best[1].length)) best = [name, a];
    }
    if (best) {
      const v = lookup(tables, best[0], best[1], year, loose);
      if (v !== null) return { basis: "standard", unit: "amount", metric: best[1], year, value: v, operands: [{ item: best[1], year, value: v }] };
    }
  }
  return null;
}

// A direction question ("Has the quick ratio improved between FY2022 and FY2023?") compares two years.
const DIRECTION_Q = /\b(improv\w*|declin\w*|increas\w*|decreas\w*|grow\w*|grew|drop\w*|deteriorat\w*)\b/i;

/** The earlier year a direction question compares with: the other year it names, else the year before. */
function comparedYear(query: string, year: number): number | null {
  if (!DIRECTION_Q.test(query)) return null;
  const ys = [...new Set(yearsIn(query))].filter((y) => y !== year);
  return ys.length ? Math.min(...ys) : year - 1;
}
