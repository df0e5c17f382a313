// A figure's basis: adjusted (non-GAAP) or GAAP, as its words, its table's caption or row, or its sentence
// tell it. One item on two bases is never one figure (item-parts.ts, otherBasis).
import type { Basis, FigureInContext } from "./figure-types";
import type { StatementTable } from "./table";
import { coreItemWords } from "./line-items";

// "Adjusted EBIT", "non-GAAP diluted EPS", "underlying earnings": an adjusted figure; "GAAP net income" a GAAP one.
const ADJUSTED_BASIS = /\b(?:adjusted|non-?\s?gaap|underlying)\b/i;
const GAAP_BASIS = /(?<!non-?\s?)\bgaap\b/i;

/** The basis a text names for its figure, or undefined when it names none or both. */
export function basisOf(text: string): Basis | undefined {
  const adjusted = ADJUSTED_BASIS.test(text);
  const gaap = GAAP_BASIS.test(text);
  return adjusted === gaap ? undefined : adjusted ? "adjusted" : "gaap";
}

/** "Non-GAAP": the word "adjusted" for an item's reading (context.ts reads "Non-GAAP diluted EPS" as adjusted diluted EPS). */
export const NON_GAAP = /\bnon-?\s?gaap\b/gi;

/** The financial statements' tables (table.ts, StatementKind): their plain rows are GAAP figures. */
const STATEMENT_KINDS: ReadonlySet<string> = new Set(["income", "balance", "cash"]);

/** "Reported Income Before Tax by Segment": a row the label calls reported, beside its adjusted one. */
const REPORTED_ROW = /^reported\b/i;

/**
 * The basis of each row of a table: its caption's ("Adjusted non-GAAP results"), else its label's ("Adjusted
 * EBITDA"). A plain row beside its adjusted one ("Diluted EPS" above "Non-GAAP diluted EPS"), a row labelled
 * "Reported", or a row of a financial statement (the income statement, balance sheet, cash flows) is GAAP's.
 * itemOf: a label's item stems, as context.ts reads them.
 */
export function tableRowBases(table: StatementTable, itemOf: (label: string) => string[]): (Basis | undefined)[] {
  const core = (label: string) => coreItemWords(itemOf(label)).join(" ");
  /** The items of the table's adjusted rows ("Non-GAAP operating income": operating income). */
  const adjusted = new Set(table.rows.filter((r) => basisOf(r.printed) === "adjusted").map((r) => core(r.label)));
  return table.rows.map((row) => table.basis ?? basisOf(row.printed) ?? (REPORTED_ROW.test(row.printed) || adjusted.has(core(row.label)) || STATEMENT_KINDS.has(table.kind) ? "gaap" : undefined));
}

/**
 * "earnings per share (EPS) of $1.33 ... and adjusted EPS of $2.35": a sentence that gives one item on both
 * bases. Its plain figure is the GAAP one, and its adjusted figure is contrasted with it: a figure given with no
 * basis is not read against it (item-parts.ts, otherBasis).
 */
export function contrastBases(figures: FigureInContext[], from: number): void {
  for (let a = from; a < figures.length; a++) {
    const adjusted = figures[a];
    if (adjusted.basis !== "adjusted") continue;
    const core = coreItemWords(adjusted.item).join(" ");
    if (!core) continue;
    for (let p = from; p < figures.length; p++) {
      const plain = figures[p];
      const words = coreItemWords(plain.item).join(" ");
      if (plain.basis !== undefined || plain.kind !== adjusted.kind || (words !== core && !words.endsWith(` ${core}`))) continue;
      plain.basis = "gaap";
      adjusted.contrasted = true;
    }
  }
}
