// Pieces every local SQL plan is built from: quoting of catalog values, stock ids, the refusal shape, the
// company columns, and the pick of a mention's ticker that holds the data a question needs.
import type { CatalogEntry, SqlPlan } from "./plan";
import type { Company } from "./understand";

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
export const sid = (t: string) => q(`US:${t}`);

export function refuse(intent: string, understood: string, missing: string): SqlPlan {
  return { status: "unanswerable", intent, understood, missing };
}

/** The candidate ticker of a mention that has the data a question needs. */
export function withData(c: Company, need: keyof Pick<CatalogEntry, "hasFundamentals" | "hasPrices" | "hasRatios" | "hasCalls">): CatalogEntry | null {
  return c.candidates.find((x) => x[need]) ?? null;
}

export function companyCols(): string {
  return "s.ticker, s.company";
}
