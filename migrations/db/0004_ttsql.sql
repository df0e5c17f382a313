-- TTSQL execution log: one row per POST /v1/ttsql answer (or refusal), per organization.
CREATE TABLE ttsql_executions (
  id TEXT PRIMARY KEY,                   -- execution_id returned to the caller
  organization_id TEXT NOT NULL,
  user_id TEXT,
  question TEXT NOT NULL,
  sql TEXT,                              -- the guarded SQL that ran (NULL when none did)
  engine TEXT NOT NULL,                  -- provider name and model, e.g. 'local/local-rules-v1'
  intent TEXT,                           -- question class the engine recognised
  outcome TEXT NOT NULL CHECK (outcome IN ('success', 'unanswerable', 'rejected_sql', 'error')),
  row_count INTEGER NOT NULL DEFAULT 0,
  duration_ms INTEGER NOT NULL,
  message TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX ttsql_executions_org ON ttsql_executions(organization_id, created_at);
