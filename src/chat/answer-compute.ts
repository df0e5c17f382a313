// The figures an answer computes or reads from statement tables: an asked metric (defined in the question,
// a standard ratio or margin, CAGR, a multi-year average: figures/recompute.ts), an asked change between two
// years, or the asked line item for the asked year, each written with its inputs and the [n] of the passage
// each input comes from, and the arithmetic shown so the grounding guard can redo it.
import { evaluate, renderFormula, type Context, type Operand } from "../figures/formula";
import { ITEMS, itemFor } from "../figures/line-items";
import { recomputeFromTables, type Recomputation } from "../figures/recompute";
import { contentStems } from "../figures/text";
import type { AskedQuestion } from "./answer-subject";
import { citeFor, findRow, formatNumber, rowSentence, scaleKnown, trimEnd, type Source } from "./answer-sources";

/** "Round your answer to two decimal places": how many decimals the question wants, else null. */
function askedDecimals(question: string): number | null {
  const m = /\bround(?:ed)?\b[^.?]{0,40}?\bto\s+(?:the\s+nearest\s+)?(one|two|three|zero|no|\d)\s+decimal/i.exec(question);
  if (!m) return null;
  const w = m[1].toLowerCase();
  return { zero: 0, no: 0, one: 1, two: 2, three: 3 }[w] ?? Number(w);
}

/** The table figure renderFormula writes: as the table prints it, negatives in parentheses. */
function shownFigure(v: number): string {
  const s = formatNumber(Math.abs(v), Number.isInteger(v) ? 0 : Math.min(2, (String(Math.abs(v)).split(".")[1] ?? "").length));
  return v < 0 ? `(-${s})` : s;
}

function metricName(r: Recomputation): string {
  const m = r.metric.replace(/^year average of /i, "");
  return /^[a-z]/.test(m) ? m[0].toUpperCase() + m.slice(1) : m;
}

/** Inputs as sentences, each with the [n] of the passage that gives it (one per line item and year). */
function inputSentences(operands: Operand[], sources: Source[]): string[] | null {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const o of operands) {
    const item = itemFor(o.item) ?? "";
    const key = `${item || o.item}|${o.year}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const found = findRow(sources, item, o.item, o.year, o.value);
    if (!found) return null;
    out.push(rowSentence(found, o.year));
  }
  return out;
}

interface Worked {
  text: string;
  value: number;
}

/**
 * The metric for one year with its figures in place and its value, from the same figures. The effective tax
 * rate reads a provision printed in parentheses beside a positive pretax income as the expense it is.
 */
function workedYear(r: Recomputation, sources: Source[], year: number, operands: Operand[]): Worked | null {
  const tables = sources.flatMap((s) => s.yearTables);
  if (r.metric === "effective tax rate") {
    // Both rows from one source when one prints both (one statement, one basis): a second passage's "pretax
    // income from continuing operations" beside the first's provision gives a rate of neither.
    const pair = (within: Source[]) => {
      const tax = findRow(within, "incomeTax", "income tax expense", year);
      const pretax = findRow(within, "pretaxIncome", "income before income taxes", year);
      return tax && pretax ? { tax, pretax } : null;
    };
    const found = sources.map((s) => pair([s])).find((x) => x !== null) ?? pair(sources);
    if (!found) return null;
    const { tax, pretax } = found;
    let t = tax.hit.row.values[tax.hit.col];
    const p = pretax.hit.row.values[pretax.hit.col];
    if (p === 0) return null;
    if (p > 0 && t < 0 && !/benefit/i.test(tax.hit.row.printed)) t = -t;
    operands.push({ item: "income tax expense", year, value: t }, { item: "income before income taxes", year, value: p });
    return { text: `${shownFigure(t)} / ${shownFigure(p)} * 100`, value: (t / p) * 100 };
  }
  if (!r.expr) return null;
  const ctx = (): Context => ({ tables, year, definitions: r.definitions ?? new Map(), depth: 0, operands: [], loose: true });
  const shown = ctx();
  const text = renderFormula(r.expr, shown, shownFigure);
  const value = evaluate(r.expr, ctx());
  if (text === null || value === null) return null;
  operands.push(...shown.operands);
  return { text, value };
}

/** "COGS % margin": a line item as a percentage of revenue, in the words the recomputation reads. */
function asMetric(question: string, noInvestments = false): string {
  // "Define working capital ratio as total current assets divided by ..." is a definition too.
  // Not when the defined term is a part of the asked metric ("... EBITDA % margin? Define EBITDA as ..."): the
  // first definition is read as the metric asked.
  let defined = question.replace(/\bdefine ([a-z][a-z &%-]{0,60}?) as\b/gi, (whole, name: string) =>
    new RegExp(`${name.replace(/[^a-z0-9 ]/gi, "")} (?:%\\s*)?margin`, "i").test(question) ? whole : `${name} is defined as`);
  // The quick ratio as analysts read it when the question does not define it.
  if (/\bquick ratio\b/i.test(defined) && !/\bquick ratio (?:is|are) (?:defined|calculated|computed)\b/i.test(defined)) {
    // A balance sheet without a short-term investments line holds none: cash and receivables over current liabilities.
    const parts = noInvestments ? "cash and cash equivalents + accounts receivable" : "cash and cash equivalents + short-term investments + accounts receivable";
    defined = `${defined.trimEnd()} Quick ratio is defined as: (${parts}) / total current liabilities.`;
  }
  return defined.replace(/\b(cogs|cost of goods sold|cost of sales|capex|capital expenditures?|sg&a|r&d|depreciation and amortization)(?: \([^()]{0,80}\))? (?:as a )?% margin\b/i, "$1 as a % of total revenue");
}

const INVESTMENTS_ROW = /^(?:short term (?:investments?|marketable securities|investment securities)|marketable securities|current investments|investments current|trading securities|available for sale securities)\b/;

/** The sentences that give an asked metric with its inputs and arithmetic, or null when it cannot be computed. */
export function metricSentences(question: AskedQuestion, sources: Source[]): string[] | null {
  const tables = sources.flatMap((s) => s.yearTables);
  let r = recomputeFromTables(asMetric(question.text), tables, true);
  // The quick ratio read by default, on a balance sheet that prints no short-term investments or marketable securities.
  if (!r && /\bquick ratio\b/i.test(question.text) && !/\bquick ratio (?:is|are) (?:defined|calculated|computed)\b/i.test(question.text) && tables.some((t) => t.rows.some((row) => /^total current liabilities/.test(row.label))) && !tables.some((t) => t.rows.some((row) => INVESTMENTS_ROW.test(row.label)))) {
    r = recomputeFromTables(asMetric(question.text, true), tables, true);
  }
  if (!r) return null;
  // A line item read as it is: the input sentence is the answer.
  if (!r.expr && !r.cagr && r.metric !== "effective tax rate") return inputSentences(r.operands, sources);
  const percent = r.cagr !== undefined || r.metric === "effective tax rate" || /\*\s*100\b/.test(r.expr ?? "");
  const amount = r.unit === "amount" && !percent;
  const decimals = askedDecimals(question.text) ?? (percent ? 1 : amount ? 0 : 2);
  const result = (v: number) => `${formatNumber(v, decimals)}${percent ? "%" : ""}`;
  const name = metricName(r);
  const operands: Operand[] = [];
  const lines: string[] = [];
  if (r.cagr) {
    const { from, to } = r.cagr;
    const item = itemFor(r.cagr.item) ?? "";
    const a = findRow(sources, item, r.cagr.item, from);
    const b = findRow(sources, item, r.cagr.item, to);
    if (!a || !b) return null;
    const x = a.hit.row.values[a.hit.col];
    const y = b.hit.row.values[b.hit.col];
    operands.push({ item: r.cagr.item, year: from, value: x }, { item: r.cagr.item, year: to, value: y });
    lines.push(`${name} of ${r.cagr.item} from ${from} to ${to} = ((${shownFigure(y)} / ${shownFigure(x)}) ^ (1 / ${to - from}) - 1) * 100 = ${result(r.value)}`);
  } else if (r.years && r.years.length > 1) {
    const parts: Worked[] = [];
    for (const y of r.years) {
      const w = workedYear(r, sources, y, operands);
      if (!w) return null;
      parts.push(w);
    }
    const mean = parts.reduce((sum, w) => sum + w.value, 0) / parts.length;
    lines.push(`${name}, the ${r.years.length}-year average over ${r.years[0]} to ${r.years.at(-1)} = (${parts.map((w) => `(${w.text})`).join(" + ")}) / ${r.years.length} = ${result(mean)}`);
  } else {
    // A question about a change, a direction or a comparison gets the metric for the earlier year too, when
    // the passages give it (the asked year must be computed).
    const compares = CHANGE.test(question.text) || /\b(?:compare[ds]?|comparison|versus|vs)\b/i.test(question.text);
    const earlier = r.earlier?.year ?? (compares && question.years.length > 1 && question.years[0] < r.year ? question.years[0] : null);
    let then: Worked | null = null;
    if (earlier !== null) {
      const before: Operand[] = [];
      then = workedYear(r, sources, earlier, before);
      if (then) {
        operands.push(...before);
        lines.push(`${name} in ${earlier} = ${then.text} = ${result(then.value)}`);
      }
    }
    const w = workedYear(r, sources, r.year, operands);
    if (!w) return null;
    lines.push(`${name} in ${r.year} = ${w.text} = ${result(w.value)}`);
    // Which way it moved, in words (the figures are the lines above).
    if (then && earlier !== null && result(then.value) !== result(w.value)) {
      lines.push(`${name} was ${w.value > then.value ? "higher" : "lower"} in ${r.year} than in ${earlier}`);
      // A percentage's change in points, from the same figures (not from the rounded results above).
      if (percent) lines.push(`${name} change from ${earlier} to ${r.year} = (${w.text}) - (${then.text}) = ${formatNumber(w.value - then.value, decimals)} percentage points`);
    }
  }
  const inputs = inputSentences(operands, sources);
  if (!inputs) return null;
  const cites = [...new Set(inputs.flatMap((s) => [...s.matchAll(/\[(\d{1,3})\]/g)].map((m) => m[0])))].join("");
  return [...inputs, ...lines.map((l) => `${l} ${cites}.`)];
}

const ADJUSTED = /\b(?<!un)adjusted\s(?:non[- ]gaap\s)?(?:ebitda?|ebit|net\s(?:income|earnings)|earnings|eps|operating\s(?:income|profit|margin)|gross\s(?:profit|margin)|free\scash\sflow|diluted)\b/i;

export const CHANGE = /\b(?:growth|grow|grew|change[ds]?|increase[ds]?|decrease[ds]?|decline[ds]?|difference)\b/i;

/** An asked change of one line item between two years: both figures and the change, in amount and percent. */
function changeSentences(question: AskedQuestion, sources: Source[]): string[] | null {
  if (!CHANGE.test(question.text) || question.items.length !== 1 || !question.years.length) return null;
  const item = question.items[0];
  const to = question.years.at(-1)!;
  const from = question.years.length > 1 ? question.years[0] : to - 1;
  const a = findRow(sources, item, item, from);
  const b = findRow(sources, item, item, to);
  if (!a || !b) return null;
  const x = a.hit.row.values[a.hit.col];
  const y = b.hit.row.values[b.hit.col];
  if (x === 0) return null;
  const decimals = askedDecimals(question.text) ?? 1;
  const pct = ((y - x) / Math.abs(x)) * 100;
  const cites = [...new Set([a.n, b.n])].map((n) => `[${n}]`).join("");
  return [
    rowSentence(a, from),
    rowSentence(b, to),
    `Change in ${ITEMS[item] ? item.replace(/([A-Z])/g, " $1").toLowerCase() : item} from ${from} to ${to} = (${shownFigure(y)} - ${shownFigure(x)}) / ${shownFigure(Math.abs(x))} * 100 = ${formatNumber(pct, decimals)}% ${cites}.`,
  ];
}

/** The asked line items for the asked years, as statement rows give them (latest year first). */
function rowSentences(question: AskedQuestion, sources: Source[]): string[] {
  const out: string[] = [];
  const years = [...question.years].reverse();
  for (const item of question.items.slice(0, 3)) {
    for (const year of years.slice(0, 3)) {
      const found = findRow(sources, item, item, year);
      if (found) out.push(rowSentence(found, year));
    }
  }
  return out;
}

/**
 * Rows of any line item the question names in full ("Adjusted EBITDA", "Customer deposits"): every content
 * word of the row label is a word of the question, at least two of them; the asked year's column.
 */
function namedRowSentences(question: AskedQuestion, sources: Source[]): string[] {
  if (!question.years.length) return [];
  const asked = new Set(contentStems(question.text).filter((w) => !question.subject?.has(w)));
  const out: string[] = [];
  const seen = new Set<string>();
  for (const source of sources) {
    for (const table of source.yearTables) {
      for (const year of [...question.years].reverse()) {
        const col = table.years.indexOf(year);
        if (col < 0) continue;
        for (const row of table.rows) {
          const words = contentStems(row.printed);
          if (words.length < 2 || !words.every((w) => asked.has(w)) || seen.has(`${row.label}|${year}`) || !scaleKnown(source, row.printed)) continue;
          seen.add(`${row.label}|${year}`);
          out.push(rowSentence({ hit: { table, row, col }, source, n: citeFor(source, row.printed) }, year));
          if (out.length >= 3) return out;
        }
      }
    }
  }
  return out;
}

/** What the tables give the question: a computed metric or change with its inputs, else the asked rows. */
export function tableSentences(question: AskedQuestion, sources: Source[]): { sentences: string[]; computed: boolean } {
  // "Which segment / category / instrument ...": a ranking among rows, which the totals of a statement do not answer;
  // nor a segment's or division's own figure ("the Medical segment's net revenue").
  if (/\bwhich\b/i.test(question.text) && /\b(?:segments?|categor(?:y|ies)|divisions?|products?|instruments?|regions?|geograph\w*|business(?:es)?|units?)\b/i.test(question.text)) {
    return { sentences: [], computed: false };
  }
  if (/\b(?:segment|division)(?:'s)?\b/i.test(question.text) && !/\ball (?:of )?(?:its |the )?(?:segments|divisions)\b|\btotal\b/i.test(question.text)) return { sentences: [], computed: false };
  // "Adjusted EBIT", "adjusted net income": a company's own measure, which statement rows (GAAP) do not give;
  // only a row the question names in full ("Adjusted EBIT") answers it.
  if (ADJUSTED.test(question.text)) return { sentences: namedRowSentences(question, sources), computed: false };
  // An asked change of a line item ("how much did net income grow") before the line item alone.
  const metric = metricSentences(question, sources);
  // "Wages expense as a percent of net sales": when that share cannot be computed, the rows of net sales
  // alone would answer another question.
  if (!metric && /\bas a (?:%|percent(?:age)?) of\b|\b(?:%|percent(?:age)?) of (?:net |total )?(?:sales|revenues?)\b/i.test(question.text)) return { sentences: [], computed: false };
  const change = changeSentences(question, sources);
  if (metric && (metric.some((s) => s.includes(" = ")) || !change)) return { sentences: metric, computed: metric.some((s) => s.includes(" = ")) };
  if (change) return { sentences: change, computed: true };
  const rows = rowSentences(question, sources);
  return { sentences: rows.length ? rows : namedRowSentences(question, sources), computed: false };
}
