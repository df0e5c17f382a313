// Drizzle mirror of migrations/market/0001_market.sql: the market tables in MARKET_DB, for typed reads.
// The SQL migration is the source of truth; keep the two in step.
import { sqliteTable, text, integer, real, primaryKey } from "drizzle-orm/sqlite-core";
import { FUNDAMENTAL_COLUMNS, type FundamentalColumn } from "./fundamentals-columns";

export const securities = sqliteTable("securities", {
  stockId: text("stock_id").primaryKey(),
  ticker: text("ticker").notNull(),
  company: text("company").notNull(),
  kind: text("kind", { enum: ["stock", "etf", "index"] }).notNull(),
  cik: text("cik"),
  gicsSector: text("gics_sector"),
  gicsSubIndustry: text("gics_sub_industry"),
  gicsSector2016: text("gics_sector_2016"),
  gicsSubIndustry2016: text("gics_sub_industry_2016"),
  headquarters: text("headquarters"),
  dateAdded: text("date_added"),
  founded: text("founded"),
  inSp500: integer("in_sp500", { mode: "boolean" }).notNull(),
  inSp5002016: integer("in_sp500_2016", { mode: "boolean" }).notNull(),
});

const fundamentalValues = Object.fromEntries(FUNDAMENTAL_COLUMNS.map(([, column]) => [column, real(column)])) as {
  [C in FundamentalColumn]: ReturnType<typeof real<C>>;
};

export const fundamentals = sqliteTable(
  "fundamentals",
  {
    stockId: text("stock_id").notNull(),
    ticker: text("ticker").notNull(),
    periodEnding: text("period_ending").notNull(),
    fiscalYear: integer("fiscal_year").notNull(),
    ...fundamentalValues,
  },
  (t) => [primaryKey({ columns: [t.stockId, t.periodEnding] })],
);

export const prices = sqliteTable(
  "prices",
  {
    stockId: text("stock_id").notNull(),
    ticker: text("ticker").notNull(),
    date: text("date").notNull(),
    close: real("close").notNull(),
  },
  (t) => [primaryKey({ columns: [t.stockId, t.date] })],
);

export const ratios = sqliteTable("ratios", {
  stockId: text("stock_id").primaryKey(),
  ticker: text("ticker").notNull(),
  price: real("price"),
  peRatio: real("pe_ratio"),
  dividendYield: real("dividend_yield"),
  eps: real("eps"),
  week52Low: real("week_52_low"),
  week52High: real("week_52_high"),
  marketCap: real("market_cap"),
  ebitda: real("ebitda"),
  priceToSales: real("price_to_sales"),
  priceToBook: real("price_to_book"),
});
