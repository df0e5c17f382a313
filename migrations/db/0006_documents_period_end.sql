-- The end of the period a document covers, as the document states it (a filing's cover, an 8-K's date of
-- report, a release's "52 weeks ended ..."), read at parse time. NULL when the document states none; the
-- listing's fiscal_date then falls back to the company's fiscal calendar (src/core/fiscal-calendar.ts).
ALTER TABLE documents ADD COLUMN period_end TEXT;
