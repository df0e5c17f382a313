-- Market data: one securities table is the one stock_id space for every area (loaded by the market-data loader).
CREATE TABLE securities (
  stock_id TEXT PRIMARY KEY,
  ticker TEXT NOT NULL,
  company TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('stock', 'etf', 'index')),
  cik TEXT,
  gics_sector TEXT,
  gics_sub_industry TEXT,
  gics_sector_2016 TEXT,
  gics_sub_industry_2016 TEXT
);
CREATE UNIQUE INDEX securities_ticker ON securities(ticker);
