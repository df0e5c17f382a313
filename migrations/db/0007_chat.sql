-- Streaming chat: conversations, their messages (one per turn: chat_message_id = dialogue_id) and the
-- references (citations) each answer used. Every table is keyed by organization_id and reached only
-- through src/chat/repo.ts. A turn's event log lives in the conversation's Durable Object, not here.
CREATE TABLE conversations (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX conversations_org_user ON conversations(organization_id, user_id);

-- One row per turn, written when the turn starts; answer text is flushed as it grows and at its end.
CREATE TABLE chat_messages (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL,
  conversation_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('chat', 'deep_research')),
  query TEXT NOT NULL,
  resolved_query TEXT,
  answer TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL CHECK (status IN ('running', 'done', 'paused', 'error')),
  finish_reason TEXT CHECK (finish_reason IS NULL OR finish_reason IN ('stop', 'paused', 'no_results')),
  error_code TEXT,
  -- The turn's request (filters, per_event_size, client_api_url ...) as JSON, for audit and follow-ups.
  request TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL,
  finished_at TEXT
);
CREATE INDEX chat_messages_org_conversation ON chat_messages(organization_id, conversation_id, created_at);

-- A citation of an answer: written when its marker is first used, numbered 1..k in order of first use.
CREATE TABLE chat_references (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL,
  conversation_id TEXT NOT NULL,
  chat_message_id TEXT NOT NULL,
  citation_idx INTEGER NOT NULL,
  search_type TEXT NOT NULL,
  chunk_id TEXT NOT NULL,
  text TEXT NOT NULL,
  text_type TEXT NOT NULL,
  document_id TEXT NOT NULL,
  document_name TEXT NOT NULL,
  s3_file_key TEXT,
  external_url TEXT NOT NULL DEFAULT '',
  -- JSON object holding every metadata key of the conversation reference (values may be null).
  metadata TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL,
  UNIQUE (chat_message_id, citation_idx)
);
CREATE INDEX chat_references_org_conversation ON chat_references(organization_id, conversation_id, chat_message_id, citation_idx);
