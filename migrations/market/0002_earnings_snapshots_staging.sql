-- TTSQL additions to MARKET_DB: the earnings-call schedule, the as-of dates of point-in-time datasets,
-- and staging tables for the per-table loader (POST /admin/v1/market/{table}): rows are validated, written
-- to staging in batches under a load_id, then switched into the live table in one transaction.

-- One earnings call per company and fiscal quarter. Past calls carry the date the company announced;
-- projected next-quarter calls are flagged is_estimated = 1 until the company confirms them.
CREATE TABLE earnings_calls (
  stock_id TEXT NOT NULL REFERENCES securities(stock_id),
  ticker TEXT NOT NULL,
  fiscal_year INTEGER NOT NULL,          -- the company's fiscal year the quarter belongs to
  fiscal_quarter INTEGER NOT NULL CHECK (fiscal_quarter BETWEEN 1 AND 4),
  call_date TEXT NOT NULL,               -- YYYY-MM-DD
  call_time TEXT,                        -- HH:MM (24 h) in time_zone, NULL when not announced
  time_zone TEXT,                        -- e.g. 'America/New_York'
  is_estimated INTEGER NOT NULL DEFAULT 0 CHECK (is_estimated IN (0, 1)), -- 1 = projected, not confirmed
  source TEXT,                           -- where the date comes from
  PRIMARY KEY (stock_id, fiscal_year, fiscal_quarter)
);
CREATE INDEX earnings_calls_date ON earnings_calls(call_date);

-- As-of dates of point-in-time datasets (the ratios snapshot has no date in its file).
CREATE TABLE market_snapshots (
  dataset TEXT PRIMARY KEY,              -- e.g. 'ratios'
  as_of TEXT NOT NULL,                   -- YYYY-MM-DD
  source TEXT NOT NULL                   -- where the date comes from
);
INSERT INTO market_snapshots (dataset, as_of, source) VALUES
  ('ratios', '2026-08-22', 'datasets/s-and-p-500-companies-financials data/constituents-financials.csv, snapshot commit 44d0ca307550c1615663da85fae5e79efbc7b3a1 dated 2026-08-22 (Yahoo Finance figures; the file itself carries no date)');

-- Staging: same columns as the live tables plus load_id; never read by TTSQL.
CREATE TABLE earnings_calls_staging (
  load_id TEXT NOT NULL, stock_id TEXT NOT NULL, ticker TEXT NOT NULL, fiscal_year INTEGER NOT NULL,
  fiscal_quarter INTEGER NOT NULL, call_date TEXT NOT NULL, call_time TEXT, time_zone TEXT,
  is_estimated INTEGER NOT NULL, source TEXT
);
CREATE INDEX earnings_calls_staging_load ON earnings_calls_staging(load_id);
CREATE TABLE prices_staging (load_id TEXT NOT NULL, stock_id TEXT NOT NULL, ticker TEXT NOT NULL, date TEXT NOT NULL, close REAL NOT NULL);
CREATE INDEX prices_staging_load ON prices_staging(load_id);
CREATE TABLE ratios_staging (
  load_id TEXT NOT NULL, stock_id TEXT NOT NULL, ticker TEXT NOT NULL, price REAL, pe_ratio REAL, dividend_yield REAL,
  eps REAL, week_52_low REAL, week_52_high REAL, market_cap REAL, ebitda REAL, price_to_sales REAL, price_to_book REAL
);
CREATE INDEX ratios_staging_load ON ratios_staging(load_id);
