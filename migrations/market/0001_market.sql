-- Market data (MARKET_DB), loaded through POST /admin/v1/market_data from data/market/ (see its SOURCES.md).
-- securities is the one stock_id space for every area: stock_id = 'US:' || ticker (canonical ticker, upper
-- case, share classes with a dot: 'US:BRK.B'); the S&P 500 index is ticker 'SPX' (stock_id 'US:SPX').
-- Drizzle mirror for typed reads: src/market/schema.ts. Later read by the text-to-SQL feature, so names
-- say what the values are.

CREATE TABLE securities (
  stock_id TEXT PRIMARY KEY,             -- 'US:<TICKER>', e.g. 'US:AAPL', 'US:BRK.B', 'US:SPY', 'US:SPX'
  ticker TEXT NOT NULL,                  -- canonical ticker, e.g. 'AAPL', 'BRK.B'
  company TEXT NOT NULL,                 -- name from the current S&P 500 list, else the 2016 list, else the ratios snapshot
  kind TEXT NOT NULL CHECK (kind IN ('stock', 'etf', 'index')),
  cik TEXT,                              -- SEC CIK, 10 digits with leading zeros; current list first, else 2016 list
  gics_sector TEXT,                      -- current GICS sector (S&P 500 constituents list)
  gics_sub_industry TEXT,                -- current GICS sub-industry
  gics_sector_2016 TEXT,                 -- GICS sector as of 2016 (NYSE securities list)
  gics_sub_industry_2016 TEXT,           -- GICS sub-industry as of 2016
  headquarters TEXT,                     -- e.g. 'Cupertino, California' (current list)
  date_added TEXT,                       -- date added to the S&P 500, YYYY-MM-DD (current list)
  founded TEXT,                          -- founding year as given, e.g. '1976' or '2013 (1888)'
  in_sp500 INTEGER NOT NULL DEFAULT 0,   -- 1 = in the current S&P 500 constituents list
  in_sp500_2016 INTEGER NOT NULL DEFAULT 0 -- 1 = in the 2016 NYSE securities list
);
CREATE UNIQUE INDEX securities_ticker ON securities(ticker);
CREATE INDEX securities_gics_sector ON securities(gics_sector);

-- Annual fundamentals, mostly FY2012-2016 (a few older periods, e.g. COTY 2003-2007), one row per company and fiscal period end. Money in raw USD; ratio,
-- margin and ROE columns are percentages (x100), as in the source.
CREATE TABLE fundamentals (
  stock_id TEXT NOT NULL REFERENCES securities(stock_id),
  ticker TEXT NOT NULL,
  period_ending TEXT NOT NULL,           -- fiscal period end, YYYY-MM-DD
  fiscal_year INTEGER NOT NULL,          -- the source's 'For Year'; where missing, the year of period_ending (minus 1 for January/February ends)
  accounts_payable REAL,
  accounts_receivable REAL,
  addl_income_expense_items REAL,
  after_tax_roe REAL,
  capital_expenditures REAL,
  capital_surplus REAL,
  cash_ratio REAL,
  cash_and_cash_equivalents REAL,
  changes_in_inventories REAL,
  common_stocks REAL,
  cost_of_revenue REAL,
  current_ratio REAL,
  deferred_asset_charges REAL,
  deferred_liability_charges REAL,
  depreciation REAL,
  earnings_before_interest_and_tax REAL,
  earnings_before_tax REAL,
  effect_of_exchange_rate REAL,
  equity_earnings_loss_unconsolidated_subsidiary REAL,
  fixed_assets REAL,
  goodwill REAL,
  gross_margin REAL,
  gross_profit REAL,
  income_tax REAL,
  intangible_assets REAL,
  interest_expense REAL,
  inventory REAL,
  investments REAL,
  liabilities REAL,
  long_term_debt REAL,
  long_term_investments REAL,
  minority_interest REAL,
  misc_stocks REAL,
  net_borrowings REAL,
  net_cash_flow REAL,
  net_cash_flow_operating REAL,
  net_cash_flows_financing REAL,
  net_cash_flows_investing REAL,
  net_income REAL,
  net_income_adjustments REAL,
  net_income_applicable_to_common_shareholders REAL,
  net_income_cont_operations REAL,
  net_receivables REAL,
  non_recurring_items REAL,
  operating_income REAL,
  operating_margin REAL,
  other_assets REAL,
  other_current_assets REAL,
  other_current_liabilities REAL,
  other_equity REAL,
  other_financing_activities REAL,
  other_investing_activities REAL,
  other_liabilities REAL,
  other_operating_activities REAL,
  other_operating_items REAL,
  pre_tax_margin REAL,
  pre_tax_roe REAL,
  profit_margin REAL,
  quick_ratio REAL,
  research_and_development REAL,
  retained_earnings REAL,
  sale_and_purchase_of_stock REAL,
  sales_general_and_admin REAL,
  short_term_debt_current_portion_of_long_term_debt REAL,
  short_term_investments REAL,
  total_assets REAL,
  total_current_assets REAL,
  total_current_liabilities REAL,
  total_equity REAL,
  total_liabilities REAL,
  total_liabilities_and_equity REAL,
  total_revenue REAL,
  treasury_stock REAL,
  earnings_per_share REAL,
  estimated_shares_outstanding REAL,
  PRIMARY KEY (stock_id, period_ending)
);
CREATE INDEX fundamentals_ticker_year ON fundamentals(ticker, fiscal_year);
CREATE INDEX fundamentals_year ON fundamentals(fiscal_year);

-- Daily closing prices: 20 large US stocks (adjusted, 1989-2018), SPY (adjusted, 1993-2019) and the
-- S&P 500 index level (ticker 'SPX', 2010-2016). No rows for days without a price.
CREATE TABLE prices (
  stock_id TEXT NOT NULL REFERENCES securities(stock_id),
  ticker TEXT NOT NULL,
  date TEXT NOT NULL,                    -- trading day, YYYY-MM-DD
  close REAL NOT NULL,                   -- closing price in USD (index: index points)
  PRIMARY KEY (stock_id, date)
);
CREATE INDEX prices_ticker_date ON prices(ticker, date);
CREATE INDEX prices_date ON prices(date);

-- One point-in-time snapshot of valuation figures per S&P 500 company (Yahoo Finance via datasets/s-and-p-500-companies-financials).
CREATE TABLE ratios (
  stock_id TEXT PRIMARY KEY REFERENCES securities(stock_id),
  ticker TEXT NOT NULL,
  price REAL,                            -- share price, USD
  pe_ratio REAL,                         -- price / earnings
  dividend_yield REAL,                   -- as in the source, e.g. 0.0175
  eps REAL,                              -- earnings per share, USD
  week_52_low REAL,                      -- 52-week low price, USD
  week_52_high REAL,                     -- 52-week high price, USD
  market_cap REAL,                       -- market capitalization, USD
  ebitda REAL,                           -- EBITDA, USD
  price_to_sales REAL,
  price_to_book REAL
);
CREATE UNIQUE INDEX ratios_ticker ON ratios(ticker);
