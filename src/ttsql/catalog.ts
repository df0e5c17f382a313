// What TTSQL may read: the allow-listed MARKET_DB tables and columns (the guard's list and the schema
// text remote models get), and the vocabulary of the local parser: metrics with synonyms and units, sectors.
import { FUNDAMENTAL_COLUMNS } from "../market/fundamentals-columns";

/**
 * Columns of the fundamentals file that are rounded to whole percent and unsigned (a -39.9% net margin is
 * written 40): never read. Every one has raw figures to compute it from, signed (see RATIO_METRICS).
 */
export const ROUNDED_COLUMNS: ReadonlySet<string> = new Set(["after_tax_roe", "pre_tax_roe", "gross_margin", "operating_margin", "pre_tax_margin", "profit_margin", "cash_ratio", "current_ratio", "quick_ratio"]);

export const FUNDAMENTAL_VALUE_COLUMNS: readonly string[] = FUNDAMENTAL_COLUMNS.map(([, c]) => c).filter((c) => !ROUNDED_COLUMNS.has(c));

export const ALLOWED_TABLES: Record<string, readonly string[]> = {
  securities: ["stock_id", "ticker", "company", "kind", "cik", "gics_sector", "gics_sub_industry", "gics_sector_2016", "gics_sub_industry_2016", "headquarters", "date_added", "founded", "in_sp500", "in_sp500_2016"],
  fundamentals: ["stock_id", "ticker", "period_ending", "fiscal_year", ...FUNDAMENTAL_VALUE_COLUMNS],
  prices: ["stock_id", "ticker", "date", "close"],
  ratios: ["stock_id", "ticker", "price", "pe_ratio", "dividend_yield", "eps", "week_52_low", "week_52_high", "market_cap", "ebitda", "price_to_sales", "price_to_book"],
  earnings_calls: ["stock_id", "ticker", "fiscal_year", "fiscal_quarter", "call_date", "call_time", "time_zone", "is_estimated", "source"],
  market_snapshots: ["dataset", "as_of", "source"],
};

/** Display formats; the renderer turns raw values into text with units by these. */
export type Format = "usd" | "price" | "eps" | "pct" | "fraction_pct" | "ratio" | "count" | "number" | "text" | "date" | "year" | "bool" | "points";

/** Format of a result column by its name (works for remote-written SQL too, when it keeps column names). */
export function formatOf(column: string): Format {
  const c = column.toLowerCase().replace(/^(avg|sum|median|min|max|total)_(?!revenue$|assets$|liabilities$|equity$|current_assets$|current_liabilities$|liabilities_and_equity$)/, "");
  if (c === "ticker" || c === "company" || c === "stock_id" || c.includes("sector") || c.includes("industry") || c === "source" || c === "time_zone" || c === "call_time" || c === "kind") return "text";
  if (c.includes("date") || c === "period_ending" || c === "as_of") return "date";
  if (c.includes("year") || c === "fiscal_quarter") return "year";
  if (c === "is_estimated") return "bool";
  if (c === "dividend_yield") return "fraction_pct";
  if (c.endsWith("_pct")) return "pct";
  if (c.endsWith("_points")) return "points";
  if (c.endsWith("_per_share")) return "eps";
  if (c.endsWith("_ratio") || c.includes("_to_")) return "ratio";
  if (c === "earnings_per_share" || c === "eps") return "eps";
  if (c === "close" || c.endsWith("_close") || c === "price" || c.startsWith("week_52")) return "price";
  if (["pe_ratio", "price_to_sales", "price_to_book"].includes(c)) return "ratio";
  if (c === "companies" || c.startsWith("count") || c.endsWith("_count") || c === "daily_returns" || c === "n") return "count";
  if (c === "estimated_shares_outstanding") return "number";
  if (FUNDAMENTAL_VALUE_COLUMNS.includes(c) || c === "market_cap" || c === "ebitda" || c.endsWith("_usd") || c.endsWith("_value") || c === "value") return "usd";
  return "number";
}

export interface Metric {
  table: "fundamentals" | "ratios";
  /** The table's column, or for a computed metric the name of its result column. */
  column: string;
  label: string;
  phrases: string[];
  /** A figure computed in SQL from two raw columns: num / den, times scale (100 for a percentage). */
  ratio?: { num: string; den: string; scale: 100 | 1; numSign?: -1 };
  format?: Format;
}

const m = (table: Metric["table"], column: string, label: string, phrases: string[]): Metric => ({ table, column, label, phrases });

/** A signed ratio of two raw fundamentals columns (a loss is a negative margin). */
export function ratioMetric(column: string, label: string, phrases: string[], num: string, den: string, scale: 100 | 1, numSign?: -1): Metric {
  return { table: "fundamentals", column, label, phrases, ratio: { num, den, scale, ...(numSign ? { numSign } : {}) }, format: scale === 100 ? "pct" : column.endsWith("_per_share") ? "eps" : "ratio" };
}

/** The SQL of a metric's value on a fundamentals row alias: its column, or its ratio of raw columns. */
export function metricSql(metric: Metric, alias: string): string {
  if (!metric.ratio) return `${alias}.${metric.column}`;
  const { num, den, scale, numSign } = metric.ratio;
  // Over equity, a ratio is undefined when equity is negative or zero (two negatives make no positive ROE).
  const divisor = den === "total_equity" ? `NULLIF(MAX(${alias}.${den}, 0), 0)` : `NULLIF(${alias}.${den}, 0)`;
  return `${numSign ? "-" : ""}${alias}.${num} * ${scale}.0 / ${divisor}`;
}

/** Synonyms analysts use; longer phrases win over shorter ones. */
export const METRICS: Metric[] = [
  m("fundamentals", "total_revenue", "Total revenue", ["total revenue", "revenues", "revenue", "net sales", "sales", "top line", "top-line", "turnover"]),
  m("fundamentals", "net_income", "Net income", ["net income", "net profit", "net earnings", "bottom line", "bottom-line", "profit", "profits", "earnings", "net loss"]),
  m("fundamentals", "earnings_per_share", "EPS", ["earnings per share", "diluted eps", "eps"]),
  m("fundamentals", "research_and_development", "R&D", ["research and development", "r&d spending", "r&d expense", "r&d expenses", "r&d", "research & development"]),
  m("fundamentals", "capital_expenditures", "Capital expenditures", ["capital expenditures", "capital expenditure", "capital spending", "capex"]),
  m("fundamentals", "gross_profit", "Gross profit", ["gross profit"]),
  m("fundamentals", "operating_income", "Operating income", ["operating income", "operating profit"]),
  m("fundamentals", "earnings_before_interest_and_tax", "EBIT", ["ebit", "earnings before interest and tax"]),
  m("fundamentals", "total_assets", "Total assets", ["total assets", "assets"]),
  m("fundamentals", "total_liabilities", "Total liabilities", ["total liabilities", "liabilities"]),
  m("fundamentals", "long_term_debt", "Long-term debt", ["long-term debt", "long term debt", "lt debt", "debt"]),
  m("fundamentals", "cash_and_cash_equivalents", "Cash and cash equivalents", ["cash and cash equivalents", "cash and equivalents", "cash on hand", "cash"]),
  m("fundamentals", "net_cash_flow_operating", "Operating cash flow", ["operating cash flow", "cash from operations", "cash flow from operations", "cfo"]),
  m("fundamentals", "total_equity", "Total equity", ["shareholders' equity", "shareholders equity", "stockholders' equity", "stockholders equity", "total equity", "book value", "equity"]),
  ratioMetric("net_margin_pct", "Net margin (net income / revenue)", ["profit margin", "net margin", "net profit margin", "net income margin"], "net_income", "total_revenue", 100),
  ratioMetric("gross_margin_pct", "Gross margin (gross profit / revenue)", ["gross margin", "gross profit margin"], "gross_profit", "total_revenue", 100),
  ratioMetric("operating_margin_pct", "Operating margin (operating income / revenue)", ["operating margin", "operating profit margin"], "operating_income", "total_revenue", 100),
  ratioMetric("pre_tax_margin_pct", "Pre-tax margin (earnings before tax / revenue)", ["pre-tax margin", "pretax margin", "pre tax margin", "pre-tax profit margin"], "earnings_before_tax", "total_revenue", 100),
  m("fundamentals", "earnings_before_tax", "Earnings before tax", ["earnings before tax", "pre-tax income", "pretax income", "pre-tax earnings", "income before taxes"]),
  m("fundamentals", "total_current_assets", "Total current assets", ["total current assets", "current assets"]),
  m("fundamentals", "total_current_liabilities", "Total current liabilities", ["total current liabilities", "current liabilities"]),
  m("fundamentals", "cost_of_revenue", "Cost of revenue", ["cost of revenue", "cost of goods sold", "cogs", "cost of sales"]),
  m("fundamentals", "sales_general_and_admin", "SG&A", ["selling, general and administrative expenses", "selling, general and administrative", "sg&a", "sga"]),
  m("fundamentals", "income_tax", "Income tax", ["income tax", "income taxes", "tax expense"]),
  m("fundamentals", "depreciation", "Depreciation", ["depreciation"]),
  m("fundamentals", "inventory", "Inventory", ["inventory", "inventories"]),
  m("fundamentals", "goodwill", "Goodwill", ["goodwill"]),
  m("fundamentals", "interest_expense", "Interest expense", ["interest expense"]),
  ratioMetric("return_on_equity_pct", "Return on equity (net income / total equity)", ["return on equity", "roe"], "net_income", "total_equity", 100),
  ratioMetric("current_ratio", "Current ratio (current assets / current liabilities)", ["current ratio"], "total_current_assets", "total_current_liabilities", 1),
  m("fundamentals", "estimated_shares_outstanding", "Shares outstanding", ["shares outstanding"]),
  m("ratios", "market_cap", "Market cap", ["market capitalization", "market cap", "market value", "mkt cap"]),
  m("ratios", "pe_ratio", "P/E", ["price to earnings", "price-to-earnings", "price-earnings multiple", "price/earnings", "pe ratio", "p/e", "p/e ratio", "pe"]),
  m("ratios", "dividend_yield", "Dividend yield", ["dividend yield", "yield"]),
  m("ratios", "price_to_book", "Price/book", ["price to book", "price-to-book", "p/b", "pb ratio"]),
  m("ratios", "price_to_sales", "Price/sales", ["price to sales", "price-to-sales", "p/s ratio", "p/s"]),
  m("ratios", "ebitda", "EBITDA", ["ebitda"]),
  m("ratios", "week_52_high", "52-week high", ["52-week high", "52 week high"]),
  m("ratios", "week_52_low", "52-week low", ["52-week low", "52 week low"]),
];

/** GICS sectors with the words analysts use; `2016` names differ only for telecoms. */
export const SECTORS: { name: string; name2016: string; phrases: string[] }[] = [
  { name: "Information Technology", name2016: "Information Technology", phrases: ["information technology", "technology", "tech", "it"] },
  { name: "Health Care", name2016: "Health Care", phrases: ["health care", "healthcare", "pharma"] },
  { name: "Financials", name2016: "Financials", phrases: ["financials", "financial", "banks", "banking"] },
  { name: "Energy", name2016: "Energy", phrases: ["energy", "oil and gas", "oil & gas"] },
  { name: "Consumer Staples", name2016: "Consumer Staples", phrases: ["consumer staples", "staples"] },
  { name: "Consumer Discretionary", name2016: "Consumer Discretionary", phrases: ["consumer discretionary", "discretionary"] },
  { name: "Industrials", name2016: "Industrials", phrases: ["industrials", "industrial"] },
  { name: "Utilities", name2016: "Utilities", phrases: ["utilities", "utility"] },
  { name: "Materials", name2016: "Materials", phrases: ["materials"] },
  { name: "Real Estate", name2016: "Real Estate", phrases: ["real estate", "reits", "reit"] },
  { name: "Communication Services", name2016: "Telecommunications Services", phrases: ["communication services", "communications", "telecommunications", "telecom"] },
];

/** The schema as text for remote models. */
export function schemaText(): string {
  return [
    "SQLite database MARKET_DB (read-only). Tables:",
    "securities(stock_id 'US:<TICKER>', ticker, company, kind stock|etf|index, gics_sector (current), gics_sub_industry, gics_sector_2016, gics_sub_industry_2016, in_sp500 0/1, in_sp500_2016 0/1, ...)",
    `fundamentals(stock_id, ticker, period_ending YYYY-MM-DD, fiscal_year, ${FUNDAMENTAL_VALUE_COLUMNS.join(", ")}) -- annual, USD; mostly FY2012-2016; use gics_sector_2016 for sectors; there are no margin or ratio columns: compute them signed from the raw columns (net margin = net_income * 100.0 / NULLIF(total_revenue, 0)); capital_expenditures is an outflow (negative)`,
    "prices(stock_id, ticker, date YYYY-MM-DD, close) -- daily closes, 20 large stocks 1990-2018, SPY, SPX index",
    "ratios(stock_id, ticker, price, pe_ratio, dividend_yield (fraction), eps, week_52_low, week_52_high, market_cap USD, ebitda USD, price_to_sales, price_to_book) -- one snapshot; use gics_sector (current)",
    "earnings_calls(stock_id, ticker, fiscal_year, fiscal_quarter, call_date, call_time, time_zone, is_estimated 0/1, source)",
    "market_snapshots(dataset, as_of, source)",
    "Write one SELECT statement (no comments, no recursive CTEs, no printf widths): join tables with JOIN ... ON an equality of their columns (no cross joins); for running figures over prices use window functions written fn(...) OVER (PARTITION BY ... ORDER BY ...), never a correlated subquery per row; always include ticker and company columns when rows are companies, and a LIMIT.",
  ].join("\n");
}
