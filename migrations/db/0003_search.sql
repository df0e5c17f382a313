-- Search index: one row per indexed document (its metadata, denormalized for hits), one row per chunk
-- (text and offsets), and an FTS5 index over the chunks whose `scope` column holds filter tokens, so
-- tenant scoping and filters are evaluated inside the MATCH expression (see src/search/scope.ts).
CREATE TABLE search_documents (
  document_id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('source', 'vault', 'external')),
  visibility TEXT NOT NULL CHECK (visibility IN ('private', 'organization')),
  owner_user_id TEXT,
  name TEXT NOT NULL,
  source_batch_id TEXT,
  rms_type TEXT,
  rms_sub_type TEXT,
  doc_type TEXT,
  doc_sub_type TEXT,
  tickers TEXT NOT NULL DEFAULT '[]',
  stock_ids TEXT NOT NULL DEFAULT '[]',
  company_names TEXT NOT NULL DEFAULT '[]',
  fiscal_year INTEGER,
  fiscal_quarter INTEGER,
  calendar_date TEXT,
  published_at TEXT,
  -- published_at, else calendar_date, as RFC 3339 UTC with milliseconds (string order is time order);
  -- NULL when undated. The exact check of published windows (the scope tokens cover whole days).
  dated_at TEXT,
  created_at TEXT NOT NULL,
  chunk_count INTEGER NOT NULL
);
CREATE INDEX search_documents_org ON search_documents(organization_id);

-- id is the FTS5 rowid; chunk_id is the stable public identifier (<document_id>:<page>:<n>).
CREATE TABLE search_chunks (
  id INTEGER PRIMARY KEY,
  chunk_id TEXT NOT NULL UNIQUE,
  document_id TEXT NOT NULL,
  organization_id TEXT NOT NULL,
  page INTEGER,
  chunk_index INTEGER NOT NULL,
  start_offset INTEGER NOT NULL,
  end_offset INTEGER NOT NULL,
  text TEXT NOT NULL
);
CREATE INDEX search_chunks_document ON search_chunks(document_id);

-- Contentless (text lives in search_chunks) with contentless_delete so a document's rows can be removed
-- by rowid. Columns: text (chunk text), title (document name, company names, tickers), scope (filter tokens).
CREATE VIRTUAL TABLE search_fts USING fts5(
  text, title, scope,
  content = '',
  contentless_delete = 1,
  tokenize = 'porter unicode61 remove_diacritics 2'
);

-- Company aliases (names, tickers) of indexed documents, for detecting companies named in a query.
-- Scoped like the documents: an organization sees its own aliases and the external corpus's.
CREATE TABLE search_aliases (
  organization_id TEXT NOT NULL,
  alias TEXT NOT NULL,
  ticker TEXT NOT NULL,
  document_id TEXT NOT NULL,
  PRIMARY KEY (organization_id, alias, ticker, document_id)
) WITHOUT ROWID;
CREATE INDEX search_aliases_document ON search_aliases(document_id);
