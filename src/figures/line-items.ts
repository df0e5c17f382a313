// Statement line items: the row labels that state revenue, COGS, inventories, capex... in filings, the words
// questions use for them, and the lookup of an item's figure for a fiscal year in parsed statement tables.
import { normalizeLabel, type StatementKind, type StatementRow, type StatementTable } from "./table";
import { stem } from "./text";
import { memoized } from "./text-cache";

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

export const ITEMS: Record<string, ItemSpec> = {
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


/**
 * Every item's labels (or aliases), spaced (" net sales "), longest first and in ITEMS' order among equals:
 * the first a text holds is the longest it holds, the one the loop over ITEMS kept before.
 */
function longestFirst(of: (spec: ItemSpec) => string[]): Phrases {
  const list = Object.entries(ITEMS)
    .flatMap(([name, spec]) => of(spec).map((l) => ({ name, spaced: ` ${l} ` })))
    .sort((a, b) => b.spaced.length - a.spaced.length);
  // Each phrase under its first word: a text can hold only the phrases whose first word it has.
  const byFirst = new Map<string, number[]>();
  list.forEach((p, i) => {
    const first = p.spaced.trim().split(" ")[0];
    const ids = byFirst.get(first);
    if (ids) ids.push(i);
    else byFirst.set(first, [i]);
  });
  return { list, byFirst };
}

/** Phrases longest first, and the places of those starting with each word (ascending). */
interface Phrases {
  list: { name: string; spaced: string }[];
  byFirst: Map<string, number[]>;
}

const LABELS_LONGEST_FIRST = longestFirst((spec) => spec.labels);
const ALIASES_LONGEST_FIRST = longestFirst((spec) => spec.aliases);

/**
 * The item of the longest of `phrases` a normalized text (words single-spaced) holds as words ("capex" in
 * "total capex"), or null: the first in their order, looked for only among those starting with a word of the text.
 */
function longestIn(text: string, phrases: Phrases): string | null {
  const spaced = ` ${text} `;
  let best = -1;
  for (const w of text.split(" ")) {
    const ids = phrases.byFirst.get(w);
    if (!ids) continue;
    for (const i of ids) {
      if (best >= 0 && i >= best) break;
      if (spaced.includes(phrases.list[i].spaced)) {
        best = i;
        break;
      }
    }
  }
  return best >= 0 ? phrases.list[best].name : null;
}

export function itemFor(phrase: string): string | null {
  const p = normalizeLabel(phrase).replace(/^(the|annual|total annual|fiscal year|year end|ending|reported)\s+/, "").trim();
  return longestIn(p, ALIASES_LONGEST_FIRST);
}

/**
 * The standard line item a row label or a clause names ("Purchases of property, plant and equipment" and
 * "capital expenditures" are both capex), or null when it names none, or names one with a qualifier that
 * makes it another figure ("net income attributable to noncontrolling interests", "cost of sales as a
 * percentage of net sales").
 */
/** Whether a standard line item is a flow over a period (an income statement's or cash flow's), not a balance at a point. */
export function isFlowItem(standard: string | null): boolean {
  return standard !== null && ITEMS[standard] !== undefined && ITEMS[standard].kind !== "balance";
}

export function lineItemOf(text: string): string | null {
  return lineItems(text);
}

/** Texts already read by lineItemOf (4,096): a statement and a filing repeat their labels ("Net sales"). */
const lineItems = memoized(readLineItem, 4096);

function readLineItem(text: string): string | null {
  const label = normalizeLabel(text);
  if (!label || NOT_THE_ITEM.test(label) || /\b(percent|percentage|margin|ratio|growth|per)\b/.test(label)) return null;
  // The longest label the text contains wins: "purchases of property plant and equipment" is capex, not PP&E.
  return longestIn(label, LABELS_LONGEST_FIRST) ?? itemFor(label);
}

/** The figure a statement row gives for a year: exact labels first, then labels that start with one. */
export function lookup(tables: StatementTable[], item: string, phrase: string, year: number, loose = false): number | null {
  const found = lookupRow(tables, item, phrase, year, loose);
  if (!found) return null;
  const v = found.row.values[found.col];
  return ITEMS[item]?.magnitude ? Math.abs(v) : v;
}

/** Where lookup reads its figure: the table, row and column (the value as printed, sign included). */
export interface RowHit {
  table: StatementTable;
  row: StatementRow;
  col: number;
}

/**
 * The statement row and column lookup reads for an item and a year, or null. loose: when no label matches,
 * also compare labels without their spaces (PDF text that lost them: "Merchandiseinventories"), and take a
 * label that goes on "net of ..." ("Capital expenditures, net of construction payable").
 */
export function lookupRow(tables: StatementTable[], item: string, phrase: string, year: number, loose = false): RowHit | null {
  const spec = ITEMS[item];
  const labels = spec ? spec.labels : [normalizeLabel(phrase)];
  // The item's own statement first: "Inventories" is a balance in the balance sheet and a change in
  // the cash flow statement.
  const groups = spec?.kind ? [tables.filter((t) => t.kind === spec.kind), tables.filter((t) => t.kind !== spec.kind)] : [tables];
  const passes = loose ? (["exact", "prefix", "spaceless"] as const) : (["exact", "prefix"] as const);
  // The loose reading (chat only) also knows a few more labels ("Pretax income" at American Express).
  const all = loose && spec ? [...labels, ...(LOOSE_LABELS[item] ?? [])] : labels;
  for (const group of groups) {
    for (const pass of passes) {
      for (const label of all) {
        const bare = label.replaceAll(" ", "");
        for (const t of group) {
          const col = t.years.indexOf(year);
          if (col < 0) continue;
          for (const row of t.rows) {
            const ok =
              pass === "exact" ? row.label === label
              : pass === "prefix" ? row.label.startsWith(`${label} `) && !NOT_THE_ITEM.test(row.label.slice(label.length))
              : row.label.replaceAll(" ", "") === bare || row.label.startsWith(`${label} net of `) ||
                // "capitalexpenditures netofconstructionpayable": the same, its spaces lost.
                row.label.replaceAll(" ", "").startsWith(`${bare}netof`) ||
                // "netearningsattributabletobestbuyco inc shareholders": the parent's share, run together.
                (label.endsWith(" attributable to") && row.label.replaceAll(" ", "").startsWith(bare) && !/noncontrolling|minority/.test(row.label));
            // "Operating income (as a percentage of net sales) 13.9%": a percentage, never the amount (every item is one).
            if (ok && !row.cells[col]?.percent) return { table: t, row, col };
          }
        }
      }
    }
  }
  return null;
}

/** Row labels (normalized) only the loose reading takes: chat's, so the judges' reading stays as it is. */
const LOOSE_LABELS: Record<string, string[]> = {
  pretaxIncome: ["pretax income", "pre tax income", "income before provision for income taxes", "earnings before income tax expense", "income loss before income taxes"],
  incomeTax: ["provision for income tax", "income tax provision benefit"],
  netIncome: ["net earnings attributable to", "net income attributable to common shareholders"],
};

// Words that qualify a line item without naming another one ("net", "total").
const QUALIFIERS = new Set(["net", "total", "consolidat", "attribut", "report", "adjust", "gaap", "company", "compani", "group", "overall", "full", "annual", "whole"].map(stem));

export function coreItemWords(item: string[]): string[] {
  return item.filter((s) => !QUALIFIERS.has(s));
}

export function isQualifier(word: string): boolean {
  return QUALIFIERS.has(word);
}
