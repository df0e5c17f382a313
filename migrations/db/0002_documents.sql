-- Documents: source batches, pending uploads (file_key) and one row per stored file (document_id).
-- organization_id = 'external' marks the shared external corpus (transcripts, filings, news, IR slides).
CREATE TABLE source_batches (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL,
  created_by_user_id TEXT,
  name TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX source_batches_org ON source_batches(organization_id);

CREATE TABLE uploads (
  file_key TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL,
  user_id TEXT,
  flow TEXT NOT NULL CHECK (flow IN ('source', 'vault')),
  source_batch_id TEXT,
  file_name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  uploaded_at TEXT,
  document_id TEXT
);
CREATE INDEX uploads_org ON uploads(organization_id);

CREATE TABLE documents (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('source', 'vault', 'external')),
  owner_user_id TEXT,
  visibility TEXT NOT NULL DEFAULT 'organization' CHECK (visibility IN ('private', 'organization')),
  name TEXT NOT NULL,
  file_name TEXT NOT NULL,
  path TEXT,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  r2_key TEXT NOT NULL,
  file_key TEXT,
  source_batch_id TEXT,
  rms_type TEXT,
  rms_sub_type TEXT,
  tags TEXT NOT NULL DEFAULT '[]',
  doc_type TEXT,
  doc_sub_type TEXT,
  source TEXT,
  tickers TEXT NOT NULL DEFAULT '[]',
  stock_ids TEXT NOT NULL DEFAULT '[]',
  fiscal_year INTEGER,
  fiscal_quarter INTEGER,
  calendar_date TEXT,
  published_at TEXT,
  status TEXT NOT NULL CHECK (status IN ('processing', 'success', 'failed')),
  fail_code TEXT,
  error_message TEXT,
  page_count INTEGER,
  chunk_count INTEGER NOT NULL DEFAULT 0,
  summary TEXT,
  last_synced_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX documents_org_kind ON documents(organization_id, kind);
CREATE INDEX documents_org_batch ON documents(organization_id, source_batch_id);
CREATE INDEX documents_org_path ON documents(organization_id, path);
