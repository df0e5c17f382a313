-- Control plane: organizations, users, API keys (hashed). See src/core/schema/platform.ts.
CREATE TABLE organizations (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  region TEXT NOT NULL,
  entitlements TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE users (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  email TEXT NOT NULL,
  name TEXT NOT NULL,
  onboarded INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX users_org_email ON users(organization_id, email);

CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  kind TEXT NOT NULL CHECK (kind IN ('organization', 'platform')),
  user_id TEXT REFERENCES users(id),
  key_hash TEXT NOT NULL,
  prefix TEXT NOT NULL,
  organization_ids TEXT NOT NULL DEFAULT '[]',
  rate_limit_per_minute INTEGER,
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE UNIQUE INDEX api_keys_hash ON api_keys(key_hash);
CREATE INDEX api_keys_org ON api_keys(organization_id);
