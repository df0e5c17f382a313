// Turns result rows into what a reader trusts at a glance: a headed markdown table with units and
// thousands separators ("$233.7B", "12.34%", "$1,019.97"), and a one-line message (the count, the winner).
import { formatOf, type Format } from "./catalog";
import type { SqlPlan } from "./plan";

export type Row = Record<string, unknown>;

const HEADERS: Record<string, string> = { ticker: "Ticker", company: "Company", fiscal_year: "Fiscal year", period_ending: "Period end", sector: "Sector", sector_2016: "Sector (2016)", date: "Date", close: "Close", pe_ratio: "P/E", price_to_book: "Price/book", price_to_sales: "Price/sales", earnings_per_share: "EPS", eps: "EPS" };

function header(column: string): string {
  if (HEADERS[column]) return HEADERS[column];
  const words = column.replace(/_pct$/, " (%)").replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function grouped(n: number, decimals: number): string {
  return n.toLocaleString("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** Money with a scale suffix and at least 3 significant digits. */
export function money(v: number): string {
  const sign = v < 0 ? "-" : "";
  const a = Math.abs(v);
  const scales: [number, string][] = [[1e12, "T"], [1e9, "B"], [1e6, "M"], [1e3, "K"]];
  for (const [size, suffix] of scales) {
    if (a >= size) {
      const x = a / size;
      return `${sign}$${grouped(x, x >= 100 ? 1 : 2)}${suffix}`;
    }
  }
  return `${sign}$${grouped(a, 2)}`;
}

export function formatValue(value: unknown, format: Format): string {
  if (value === null || value === undefined) return "n/a";
  if (typeof value !== "number") return String(value);
  switch (format) {
    case "usd":
      return money(value);
    case "price":
    case "eps":
      return `${value < 0 ? "-" : ""}$${grouped(Math.abs(value), 2)}`;
    case "pct":
      return `${grouped(value, 2)}%`;
    case "fraction_pct":
      return `${grouped(value * 100, 2)}%`;
    case "ratio":
      // At least 3 significant digits: R&D to revenue of 0.0336 is not "0.03".
      return Math.abs(value) < 1 && value !== 0 ? String(Number(value.toPrecision(3))) : grouped(value, 2);
    case "count":
      return grouped(value, 0);
    case "points":
      // A change of a percentage, in percentage points.
      return `${value > 0 ? "+" : ""}${grouped(value, 2)} pts`;
    case "year":
      return String(value);
    case "bool":
      return value ? "yes" : "no";
    case "number":
      return Math.abs(value) >= 1000 ? grouped(value, 0) : grouped(value, Math.abs(value) >= 100 ? 1 : Math.abs(value) >= 1 ? 2 : 4);
    default:
      return String(value);
  }
}

export function formatFor(plan: SqlPlan, column: string): Format {
  return plan.formats?.[column] ?? formatOf(column);
}

export function markdownTable(rows: Row[], columns: string[], plan: SqlPlan): string {
  const esc = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");
  const head = `| ${columns.map(header).join(" | ")} |`;
  const sep = `| ${columns.map((c) => (["text", "date"].includes(formatFor(plan, c)) ? "---" : "---:")).join(" | ")} |`;
  const body = rows.map((r) => `| ${columns.map((c) => esc(formatValue(r[c], formatFor(plan, c)))).join(" | ")} |`);
  return [head, sep, ...body].join("\n");
}
