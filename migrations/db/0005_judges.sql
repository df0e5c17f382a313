-- Judges: evaluations (both judges), idempotency keys, usage (one row per run started) and the agent
-- judge's step checkpoints. Every table is keyed by organization_id and reached only through
-- src/judges/repo.ts.
CREATE TABLE judge_evaluations (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL,
  user_id TEXT,
  judge TEXT NOT NULL CHECK (judge IN ('llm', 'agent')),
  status TEXT NOT NULL CHECK (status IN ('pending', 'completed', 'excluded', 'failed')),
  search_type TEXT NOT NULL,
  request TEXT NOT NULL,
  faults TEXT,
  result TEXT,
  failure_code TEXT,
  failure_message TEXT,
  created_at TEXT NOT NULL,
  completed_at TEXT
);
CREATE INDEX judge_evaluations_org ON judge_evaluations(organization_id, judge, created_at);

-- One row per (organization, endpoint, key); the unique primary key makes concurrent retries race to a
-- single winner (INSERT ... ON CONFLICT DO NOTHING), whose evaluation is inserted in the same batch.
CREATE TABLE judge_idempotency (
  organization_id TEXT NOT NULL,
  judge TEXT NOT NULL,
  idempotency_key TEXT NOT NULL,
  body_hash TEXT NOT NULL,
  evaluation_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (organization_id, judge, idempotency_key)
);

-- Billing: one row per judge run started (a redelivered job does not bill again).
CREATE TABLE judge_usage (
  evaluation_id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL,
  judge TEXT NOT NULL,
  started_at TEXT NOT NULL
);
CREATE INDEX judge_usage_org ON judge_usage(organization_id, started_at);

-- Agent judge steps: a retried job reads the finished steps back instead of recomputing them.
CREATE TABLE judge_checkpoints (
  evaluation_id TEXT NOT NULL,
  organization_id TEXT NOT NULL,
  step TEXT NOT NULL,
  attempt INTEGER NOT NULL,
  state TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (evaluation_id, step)
);
