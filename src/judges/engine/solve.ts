// Independent recomputation: when the question asks for a financial metric (defined in the question, as
// FinanceBench-style questions do, or a standard one: margins, working capital, CAGR, FCF...), the engine
// computes it from the statement tables of the sources and checks the answer's figures against it. A
// derivation can use only figures that are in the passage and still be wrong; this catches that.
import { quantities, type Quantity } from "./numbers";
import { normalizeLabel, parseTables, type StatementKind, type StatementTable } from "./table";

interface ItemSpec {
  /** Row labels (normalized) that state the item, best first. */
  labels: string[];
  /** Words a question uses for it. */
  aliases: string[];
  /** Costs and balances are read as magnitudes whatever sign the statement prints. */
  magnitude: boolean;
  /** The statement that states it; its tables are searched first. */
  kind?: StatementKind;
}

const ITEMS: Record<string, ItemSpec> = {
  revenue: {
    labels: ["total revenues", "total revenue", "total net revenues", "total net revenue", "net revenues", "net revenue", "total net sales", "net sales", "revenues", "revenue", "total sales", "sales", "sales to customers", "net operating revenues", "operating revenues"],
    aliases: ["total revenue", "total revenues", "revenue", "revenues", "net revenue", "net revenues", "net sales", "sales", "top line"],
    magnitude: true, kind: "income",
  },
  cogs: {
    labels: ["cost of goods sold", "cost of sales", "total cost of sales", "cost of revenue", "cost of revenues", "total cost of revenue", "total cost of revenues", "cost of products sold", "cost of goods and services sold"],
    aliases: ["cogs", "cost of goods sold", "cost of sales", "cost of revenue", "cost of revenues"],
    magnitude: true, kind: "income",
  },
  grossProfit: { labels: ["gross profit", "gross margin"], aliases: ["gross profit"], magnitude: false, kind: "income" },
  operatingIncome: {
    labels: ["operating income", "income from operations", "operating profit", "operating income loss", "earnings from operations", "operating loss", "loss from operations", "income loss from operations"],
    aliases: ["operating income", "unadjusted operating income", "income from operations", "operating profit", "unadjusted ebit", "ebit"],
    magnitude: false, kind: "income",
  },
  netIncome: {
    labels: ["net income", "net earnings", "net income loss", "net loss", "net income attributable to"],
    aliases: ["net income", "net earnings", "net profit"],
    magnitude: false, kind: "income",
  },
  pretaxIncome: {
    labels: ["income before income taxes", "earnings before income taxes", "income before taxes", "loss before income taxes", "income loss before income taxes", "earnings before provision for taxes on income"],
    aliases: ["income before income taxes", "pretax income", "pre tax income", "earnings before income taxes"],
    magnitude: false, kind: "income",
  },
  incomeTax: {
    labels: ["provision for income taxes", "income tax expense", "income taxes", "income tax expense benefit", "income tax provision", "provision for taxes on income", "income tax benefit expense", "income tax benefit", "provision for benefit from income taxes"],
    aliases: ["income tax expense", "income taxes", "provision for income taxes", "tax expense"],
    magnitude: false, kind: "income",
  },
  inventory: { labels: ["inventories", "inventory", "merchandise inventories", "total inventories", "inventories net"], aliases: ["inventory", "inventories", "merchandise inventories"], magnitude: true, kind: "balance" },
  accountsPayable: { labels: ["accounts payable", "trade accounts payable", "accounts payable trade", "trade payables"], aliases: ["accounts payable", "payables"], magnitude: true, kind: "balance" },
  accountsReceivable: {
    labels: ["accounts receivable net", "accounts receivable", "receivables net", "receivables", "trade receivables net", "trade receivables", "trade accounts receivable"],
    aliases: ["accounts receivable", "receivables"],
    magnitude: true, kind: "balance",
  },
  totalAssets: { labels: ["total assets"], aliases: ["total assets"], magnitude: true, kind: "balance" },
  currentAssets: { labels: ["total current assets"], aliases: ["total current assets", "current assets"], magnitude: true, kind: "balance" },
  currentLiabilities: { labels: ["total current liabilities"], aliases: ["total current liabilities", "current liabilities"], magnitude: true, kind: "balance" },
  ppe: {
    labels: ["property plant and equipment net", "property and equipment net", "net property plant and equipment", "property plant and equipment", "property and equipment"],
    aliases: ["net ppne", "net ppe", "net pp and e", "ppne", "ppe", "pp and e", "property plant and equipment", "fixed assets"],
    magnitude: true, kind: "balance",
  },
  capex: {
    labels: ["purchases of property and equipment", "capital expenditures", "purchases of property plant and equipment", "payments for property plant and equipment", "additions to property and equipment", "additions to property plant and equipment", "capital expenditure", "property plant and equipment additions", "expenditures for property plant and equipment", "payments for acquisition of property plant and equipment"],
    aliases: ["capex", "capital expenditure", "capital expenditures", "capital spending"],
    magnitude: true, kind: "cash",
  },
  operatingCashFlow: {
    labels: ["net cash provided by operating activities", "net cash provided by used in operating activities", "cash provided by operations", "net cash provided by operations", "net cash from operating activities", "cash flows from operating activities", "net cash provided by operating activities from continuing operations", "cash provided by operating activities", "net cash from operations", "net cash provided by operating activities continuing operations"],
    aliases: ["cash from operations", "cash flow from operations", "operating cash flow", "cash from operating activities", "net cash from operating activities"],
    magnitude: false, kind: "cash",
  },
  depreciation: {
    labels: ["depreciation and amortization", "depreciation amortization and other", "depreciation and amortization expense", "depreciation depletion and amortization", "depreciation amortization and accretion", "depreciation amortization", "depreciation"],
    aliases: ["depreciation and amortization", "d and a", "depreciation amortization"],
    magnitude: true, kind: "cash",
  },
  interestExpense: { labels: ["interest expense", "interest and debt expense", "interest expense net"], aliases: ["interest expense"], magnitude: true, kind: "income" },
  dividends: { labels: ["cash dividends paid", "common stock cash dividends paid", "dividends paid to common stockholders", "dividends paid", "dividends paid to shareholders", "cash dividends declared"], aliases: ["cash dividends", "dividends paid", "total cash dividends"], magnitude: true, kind: "cash" },
};

/** Row labels that begin like an item but state something else. */
const NOT_THE_ITEM = /\b(noncontrolling|non controlling|per share|per common share|margin percent|percent of|discontinued|other than|before|after|payable|receivable|deferred|paid)\b/;

type Sources = StatementTable[];

function itemFor(phrase: string): string | null {
  const p = normalizeLabel(phrase).replace(/^(the|annual|total annual|fiscal year|year end|ending|reported)\s+/, "").trim();
  let best: string | null = null;
  let bestLen = 0;
  for (const [name, spec] of Object.entries(ITEMS)) {
    for (const a of spec.aliases) {
      if (` ${p} `.includes(` ${a} `) && a.length > bestLen) {
        best = name;
        bestLen = a.length;
      }
    }
  }
  return best;
}

/** The figure a statement row gives for a year: exact labels first, then labels that start with one. */
function lookup(tables: Sources, item: string, phrase: string, year: number): number | null {
  const spec = ITEMS[item];
  const labels = spec ? spec.labels : [normalizeLabel(phrase)];
  // The item's own statement first: "Inventories" is a balance in the balance sheet and a change in
  // the cash flow statement.
  const groups = spec?.kind ? [tables.filter((t) => t.kind === spec.kind), tables.filter((t) => t.kind !== spec.kind)] : [tables];
  for (const group of groups) {
    for (const pass of ["exact", "prefix"] as const) {
      for (const label of labels) {
        for (const t of group) {
          const col = t.years.indexOf(year);
          if (col < 0) continue;
          for (const row of t.rows) {
            const ok = pass === "exact" ? row.label === label : row.label.startsWith(`${label} `) && !NOT_THE_ITEM.test(row.label.slice(label.length));
            if (!ok) continue;
            const v = row.values[col];
            return spec?.magnitude ? Math.abs(v) : v;
          }
        }
      }
    }
  }
  return null;
}

// ---- Definitions written in words: "365 * (average accounts payable between FY2016 and FY2017) / (FY2017 COGS + change in inventory between FY2016 and FY2017)"

type Token = { op: string } | { num: number } | { phrase: string };

const YEAR_REF = /\b(?:fy\s?|fiscal\s(?:year\s)?)?'?((?:19|20)\d{2})\b|\bfy\s?'?(\d{2})\b/gi;

function yearsIn(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(YEAR_REF)) out.push(m[1] ? Number(m[1]) : 2000 + Number(m[2]));
  return out;
}

function tokenize(expr: string): Token[] {
  const s = expr
    .replace(/÷/g, " / ")
    .replace(/[×]/g, " * ")
    .replace(/\bdivided by\b/gi, " / ")
    .replace(/\b(multiplied by|times)\b/gi, " * ")
    .replace(/\bminus\b/gi, " - ")
    .replace(/\bplus\b/gi, " + ")
    .replace(/\s[x]\s/g, " * ");
  const out: Token[] = [];
  let words: string[] = [];
  const push = () => {
    const phrase = words.join(" ").trim();
    if (phrase) out.push({ phrase });
    words = [];
  };
  for (const part of s.split(/(\s-\s|[()*/+])/)) {
    if (!part) continue;
    const t = part.trim();
    if (["(", ")", "*", "/", "+", "-"].includes(t)) {
      push();
      out.push({ op: t });
    } else if (/^\d+(\.\d+)?$/.test(t)) {
      push();
      out.push({ num: Number(t) });
    } else if (t) words.push(t);
  }
  push();
  return out;
}

interface Context {
  tables: Sources;
  year: number;
  definitions: Map<string, string>;
  depth: number;
  operands: string[];
}

function resolvePhrase(phrase: string, ctx: Context): number | null {
  const p = phrase.replace(/[,;:.]+$/, "").trim();
  const defined = ctx.definitions.get(p.toLowerCase().replace(/\s+/g, " "));
  if (defined !== undefined && ctx.depth < 4) return evaluate(defined, { ...ctx, depth: ctx.depth + 1 });
  const avg = /^(?:the\s+)?average\s+(?:of\s+)?(.+?)\s+between\s+(.+?)\s+and\s+(.+)$/i.exec(p);
  if (avg) {
    const [a, b] = [yearsIn(avg[2])[0], yearsIn(avg[3])[0]];
    if (!a || !b) return null;
    const x = value(avg[1], a, ctx);
    const y = value(avg[1], b, ctx);
    return x === null || y === null ? null : (x + y) / 2;
  }
  const change = /^(?:the\s+)?(?:change|increase|decrease)\s+in\s+(.+?)\s+between\s+(.+?)\s+and\s+(.+)$/i.exec(p);
  if (change) {
    const [a, b] = [yearsIn(change[2])[0], yearsIn(change[3])[0]];
    if (!a || !b) return null;
    const x = value(change[1], a, ctx);
    const y = value(change[1], b, ctx);
    return x === null || y === null ? null : y - x;
  }
  const years = yearsIn(p);
  const item = p.replace(YEAR_REF, " ").replace(/\b(in|for|of|at|as of|end of|year end)\s*$/i, "").replace(/\s+/g, " ").trim();
  return value(item, years[0] ?? ctx.year, ctx);
}

function value(phrase: string, year: number, ctx: Context): number | null {
  const cleaned = phrase.replace(YEAR_REF, " ").replace(/\b(in|for|at)\s*$/i, "").trim();
  const item = itemFor(cleaned);
  const v = item ? lookup(ctx.tables, item, cleaned, year) : lookup(ctx.tables, "", cleaned, year);
  if (v !== null) ctx.operands.push(`${cleaned} ${year} = ${v}`);
  return v;
}

function evaluate(expr: string, ctx: Context): number | null {
  const tokens = tokenize(expr);
  let i = 0;
  const peek = () => tokens[i];
  const isOp = (t: Token | undefined, op: string) => Boolean(t && "op" in t && t.op === op);
  const factor = (): number | null => {
    const t = tokens[i++];
    if (!t) return null;
    if ("num" in t) return t.num;
    if ("phrase" in t) return resolvePhrase(t.phrase, ctx);
    if (t.op === "(") {
      const v = sum();
      if (!isOp(peek(), ")")) return null;
      i += 1;
      return v;
    }
    if (t.op === "-") {
      const v = factor();
      return v === null ? null : -v;
    }
    return null;
  };
  const product = (): number | null => {
    let v = factor();
    while (v !== null && (isOp(peek(), "*") || isOp(peek(), "/"))) {
      const op = (tokens[i++] as { op: string }).op;
      const w = factor();
      if (w === null) return null;
      if (op === "/" && w === 0) return null;
      v = op === "*" ? v * w : v / w;
    }
    return v;
  };
  const sum = (): number | null => {
    let v = product();
    while (v !== null && (isOp(peek(), "+") || isOp(peek(), "-"))) {
      const op = (tokens[i++] as { op: string }).op;
      const w = product();
      if (w === null) return null;
      v = op === "+" ? v + w : v - w;
    }
    return v;
  };
  const v = sum();
  return i === tokens.length && v !== null && Number.isFinite(v) ? v : null;
}

// ---- The question: which metric, which years.

export interface Recomputation {
  /** How the metric was read: defined by the question, a standard formula, or one of several conventions. */
  basis: "defined" | "standard" | "convention";
  /** A ratio or percentage (scale-free) or an amount in the statement's units (millions, thousands). */
  unit: "ratio" | "amount";
  metric: string;
  year: number;
  value: number;
  operands: string[];
  /** The same metric for the earlier year of a question about its direction ("improved between FY2022 and FY2023"). */
  earlier?: { year: number; value: number };
}

/** "X is defined as: ..." sentences of the question, by the defined name (lower case). */
function definitionsOf(query: string): Map<string, string> {
  const out = new Map<string, string>();
  const re = /([A-Za-z][A-Za-z &()\-%]{0,60}?)\s+(?:here\s+)?(?:is|are)\s+(?:defined|calculated|computed)\s+as:?\s*(.+?)(?=\.\s+[A-Z]|\.?\s*$|\?\s)/g;
  for (const m of query.matchAll(re)) {
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

export function recompute(query: string, passages: string[]): Recomputation | null {
  const tables = passages.flatMap(parseTables);
  if (!tables.length) return null;
  const year = askedYear(query);
  if (!year) return null;
  const definitions = definitionsOf(query);
  const ctx = (): Context => ({ tables, year, definitions, depth: 0, operands: [] });

  // "What is the FY2018 - FY2020 3 year average of capex as a % of revenue": the mean over the years.
  const span = /\b(\d)\s*(?:-\s*)?year average\b/i.exec(query);
  const yearsAsked = [...new Set(yearsIn(query.replace(/\b(?:is|are)\s+defined\s+as:?[^.?]*/gi, " ")))].sort();

  const attempt = (metric: string, expr: string, basis: Recomputation["basis"]): Recomputation | null => {
    if (span && yearsAsked.length >= 2) {
      const n = Number(span[1]);
      const last = Math.max(...yearsAsked);
      const vals: number[] = [];
      const operands: string[] = [];
      for (let y = last - n + 1; y <= last; y++) {
        const c = { ...ctx(), year: y };
        const v = evaluate(expr, c);
        if (v === null) return null;
        vals.push(v);
        operands.push(...c.operands);
      }
      return { basis, unit: unitOf(expr, definitions), metric, year: last, value: vals.reduce((a, b) => a + b, 0) / n, operands };
    }
    const c = ctx();
    const v = evaluate(expr, c);
    if (v === null) return null;
    const r: Recomputation = { basis, unit: unitOf(expr, definitions), metric, year, value: v, operands: c.operands };
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
  const nd = /using\s+(.+?)\s+as the numerator and\s+(.+?)\s+as the denominator/i.exec(query);
  if (nd) {
    const r = attempt("ratio", `(${nd[1]}) / (${nd[2]})`, "defined");
    if (r) return r;
  }
  // "2 year total revenue CAGR from FY2020 to FY2022"
  const cagr = /\b(\d)\s*year\s+(.+?)\s+CAGR\s+from\s+(.+?)\s+to\s+(\S+)/i.exec(query);
  if (cagr) {
    const [a, b] = [yearsIn(cagr[3])[0], yearsIn(cagr[4])[0]];
    if (a && b && b > a) {
      const c = ctx();
      const x = value(cagr[2], a, c);
      const y = value(cagr[2], b, c);
      if (x && y && x > 0 && y > 0) return { basis: "defined", unit: "ratio", metric: "CAGR", year: b, value: ((y / x) ** (1 / (b - a)) - 1) * 100, operands: c.operands };
    }
  }
  // "X as a % of Y"
  const share = /\b([a-z][a-z &]+?)\s+as a (?:%|percent(?:age)?) of\s+([a-z][a-z &]+?)(?:[?.,]|\s+(?:for|in|from|between|of)\b|$)/i.exec(query);
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
      const v = lookup(tables, best[0], best[1], year);
      if (v !== null) return { basis: "standard", unit: "amount", metric: best[1], year, value: v, operands: [`${best[1]} ${year} = ${v}`] };
    }
  }
  return null;
}

// ---- The answer against the recomputed figure.

export interface RecomputationCheck {
  status: "match" | "mismatch" | "none";
  recomputation: Recomputation | null;
  note: string;
}

function matches(q: Quantity, expected: number, unit: Recomputation["unit"]): boolean {
  const forms = unit === "ratio" ? [expected, expected * 100, expected / 100] : [expected, expected * 1e3, expected * 1e6, expected * 1e9];
  const written = q.percent ? q.mantissa : q.value;
  const precision = 0.5 * 10 ** -q.decimals * (q.percent ? 1 : q.scale);
  return forms.some((f) => Math.abs(Math.abs(written) - Math.abs(f)) <= Math.max(precision * 1.01, 0.015 * Math.abs(f)) && f !== 0);
}

// ---- Direction and sign: "Has the quick ratio improved between FY2022 and FY2023?", "Does X have an
// improving gross margin profile as of FY2022?", "Does X have positive working capital?"

const DIRECTION_Q = /\b(improv\w*|declin\w*|increas\w*|decreas\w*|grow\w*|grew|drop\w*|deteriorat\w*)\b/i;

/** The earlier year a direction question compares with: the other year it names, else the year before. */
function comparedYear(query: string, year: number): number | null {
  if (!DIRECTION_Q.test(query)) return null;
  const ys = [...new Set(yearsIn(query))].filter((y) => y !== year);
  return ys.length ? Math.min(...ys) : year - 1;
}

const UP = /\b(improv(?:e|ed|es|ing|ement)|increas(?:e|ed|es|ing)|expand(?:ed|ing)|grew|grow(?:n|s|ing|th)?|higher|rose|risen)\b/i;
const DOWN = /\b(declin(?:e|ed|es|ing)|decreas(?:e|ed|es|ing)|deteriorat\w*|contract(?:ed|ing)|fell|fallen|lower|drop(?:ped|s)?|worsen\w*|shrank|weaken\w*)\b/i;
const NEGATED = /\b(not|no|never|n't|neither|nor)\b[^.;,]{0,30}$/i;
const CONCLUSION = /^(therefore|thus|hence|so|overall|in conclusion|in summary|to summari[sz]e|based on (this|these|the above))\b/i;

/** Which way the answer says the metric moved, from its concluding sentence or its first one that says. */
function stanceOf(answer: string): "up" | "down" | null {
  const sentences = answer.replace(/\r/g, "").split(/(?<=[.!?])\s+|\n+/).map((t) => t.trim()).filter(Boolean);
  // The last movement word of a sentence carries its conclusion ("improved from 2020 to 2021 but saw a
  // slight decrease in 2022" says down), turned round by a negation just before it.
  const read = (t: string): "up" | "down" | null => {
    const words = [...t.matchAll(new RegExp(`${UP.source}|${DOWN.source}`, "gi"))];
    const last = words[words.length - 1];
    if (!last || last.index === undefined) return null;
    let way: "up" | "down" = UP.test(last[0]) ? "up" : "down";
    if (NEGATED.test(t.slice(0, last.index))) way = way === "up" ? "down" : "up";
    return way;
  };
  const concluding = sentences.filter((t) => CONCLUSION.test(t)).map(read).filter(Boolean);
  if (concluding.length) return concluding[concluding.length - 1];
  for (const t of sentences) {
    const way = read(t);
    if (way) return way;
  }
  return null;
}

/** "Yes"/"No" of an answer to a yes/no question about a sign ("positive working capital"). */
function signStanceOf(answer: string): boolean | null {
  const head = answer.trim().slice(0, 200);
  if (/^(yes)\b/i.test(head)) return true;
  if (/^(no)\b/i.test(head)) return false;
  if (/\bnegative working capital\b|\bdoes not have (a )?positive\b/i.test(answer)) return false;
  if (/\b(has|have|had) (a )?positive\b/i.test(answer)) return true;
  return null;
}

function directionCheck(query: string, r: Recomputation, answer: string): "agrees" | "disagrees" | null {
  if (/\bpositive\b/i.test(query) && /^\s*(does|is|was|did)\b/i.test(query)) {
    const said = signStanceOf(answer);
    return said === null || r.value === 0 ? null : said === r.value > 0 ? "agrees" : "disagrees";
  }
  if (!r.earlier || r.earlier.value === r.value) return null;
  // Only metrics where up is up: margins, ratios, rates and amounts; a 0.5% relative move is no move.
  if (Math.abs(r.value - r.earlier.value) <= 0.005 * Math.abs(r.earlier.value)) return null;
  const said = stanceOf(answer);
  if (!said) return null;
  const actual = r.value > r.earlier.value ? "up" : "down";
  return said === actual ? "agrees" : "disagrees";
}

function answerFigures(r: Recomputation, text: string): Quantity[] {
  return quantities(text).filter((q) => !(q.mantissa < 10 && q.decimals === 0 && !q.percent && !q.currency && q.scale === 1) || r.value < 10);
}

/**
 * Whether the text works from the same statement figures as the recomputation (it states at least one of
 * its inputs). Only then does a different result mean the text is wrong: when the inputs differ, the engine
 * may have read another line or column than the one meant, and nothing is concluded.
 */
function sameInputs(r: Recomputation, figures: Quantity[]): boolean {
  const inputs = r.operands.map((o) => Number(o.slice(o.lastIndexOf("= ") + 2))).filter((v) => Number.isFinite(v) && v !== 0);
  return inputs.some((v) => figures.some((q) => matches(q, v, "amount")));
}

/** Whether a text (an answer, or one claim of it) states the recomputed figure. */
export function compareToRecomputed(r: Recomputation, text: string): RecomputationCheck {
  const figures = answerFigures(r, text);
  if (!figures.length) return { status: "none", recomputation: r, note: "" };
  const shown = Number(r.value.toPrecision(4));
  if (figures.some((q) => matches(q, r.value, r.unit))) {
    return { status: "match", recomputation: r, note: `Recomputed ${r.metric} for ${r.year} from the sources: ${shown}; the answer states it.` };
  }
  if (!sameInputs(r, figures)) return { status: "none", recomputation: r, note: "" };
  return { status: "mismatch", recomputation: r, note: `Recomputed ${r.metric} for ${r.year} from the sources: ${shown}; the answer uses the same statement figures but no figure of it matches.` };
}

export function checkRecomputation(query: string, answer: string, passages: string[]): RecomputationCheck {
  const r = recompute(query, passages);
  if (!r) return { status: "none", recomputation: null, note: "" };
  const figures = compareToRecomputed(r, answer);
  // The direction or sign the answer concludes, against the recomputed values: a figure can match and the
  // conclusion still be the wrong way round.
  const direction = directionCheck(query, r, answer);
  const figuresOfAnswer = answerFigures(r, answer);
  const sameNumbers = sameInputs(r, figuresOfAnswer) || figuresOfAnswer.some((q) => matches(q, r.value, r.unit) || (r.earlier !== undefined && matches(q, r.earlier.value, r.unit)));
  if (direction === "disagrees" && sameNumbers) {
    const was = r.earlier ? ` (${Number(r.earlier.value.toPrecision(4))} for ${r.earlier.year})` : "";
    return { status: "mismatch", recomputation: r, note: `Recomputed ${r.metric} for ${r.year} from the sources: ${Number(r.value.toPrecision(4))}${was}; the answer's conclusion goes the other way.` };
  }
  return figures;
}
