// Every D1 query of the chat area: conversations, their messages (one per turn) and the references an
// answer cites, always scoped by organization_id and run against the organization's database (tenantD1).
import type { Env } from "../core/env";
import { nowIso, tenantD1 } from "../core/db";
import { EXTERNAL_ORGANIZATION } from "../search";
import type { FinishReason, PriorTurn, TurnKind } from "./types";

export type MessageStatus = "running" | "done" | "paused" | "error";

/** The conversation reference of the spec, as the references endpoint renders it. */
export interface ConversationReference {
  id: string;
  citation_idx: number;
  search_type: string;
  chunk_id: string;
  text: string;
  text_type: string;
  document_id: string;
  document_name: string;
  s3_file_key: string | null;
  external_url: string;
  metadata: Record<string, unknown>;
}

/** Every metadata key the spec names; each may be null. */
export const REFERENCE_METADATA_KEYS = [
  "rms_type",
  "rms_sub_type",
  "rms_document_type",
  "source",
  "countries",
  "regions",
  "participants",
  "tags",
  "publisher",
  "calendar_date",
  "fiscal_year",
  "fiscal_quarter",
  "document_category",
  "document_subcategory",
  "sector",
  "subsector",
  "stock_ids",
  "tickers",
  "company_names",
  "offset",
  "snippet",
] as const;

export interface ConversationRow {
  id: string;
  organizationId: string;
  userId: string;
  createdAt: string;
}

export interface MessageRow {
  id: string;
  conversationId: string;
  userId: string;
  kind: TurnKind;
  query: string;
  resolvedQuery: string | null;
  answer: string;
  status: MessageStatus;
  finishReason: FinishReason | null;
  errorCode: string | null;
  createdAt: string;
  finishedAt: string | null;
}

interface RawMessage {
  id: string;
  conversation_id: string;
  user_id: string;
  kind: TurnKind;
  query: string;
  resolved_query: string | null;
  answer: string;
  status: MessageStatus;
  finish_reason: FinishReason | null;
  error_code: string | null;
  created_at: string;
  finished_at: string | null;
}

const MESSAGE_COLUMNS = "id, conversation_id, user_id, kind, query, resolved_query, answer, status, finish_reason, error_code, created_at, finished_at";

function toMessage(r: RawMessage): MessageRow {
  return {
    id: r.id,
    conversationId: r.conversation_id,
    userId: r.user_id,
    kind: r.kind,
    query: r.query,
    resolvedQuery: r.resolved_query,
    answer: r.answer,
    status: r.status,
    finishReason: r.finish_reason,
    errorCode: r.error_code,
    createdAt: r.created_at,
    finishedAt: r.finished_at,
  };
}

export async function findConversation(env: Env, organizationId: string, conversationId: string): Promise<ConversationRow | null> {
  const row = await tenantD1(env, organizationId)
    .prepare("SELECT id, organization_id, user_id, created_at FROM conversations WHERE id = ? AND organization_id = ?")
    .bind(conversationId, organizationId)
    .first<{ id: string; organization_id: string; user_id: string; created_at: string }>();
  return row ? { id: row.id, organizationId: row.organization_id, userId: row.user_id, createdAt: row.created_at } : null;
}

/**
 * Whether any organization holds a conversation with this id (a new conversation must not reuse another
 * tenant's id: its Durable Object is named by the id alone).
 */
export async function conversationIdTaken(env: Env, organizationId: string, conversationId: string): Promise<boolean> {
  const row = await tenantD1(env, organizationId).prepare("SELECT 1 AS x FROM conversations WHERE id = ?").bind(conversationId).first();
  return row !== null;
}

/** Creates the conversation; false when the id exists already (a concurrent first turn won). */
export async function createConversation(env: Env, organizationId: string, conversationId: string, userId: string): Promise<boolean> {
  const now = nowIso();
  const res = await tenantD1(env, organizationId)
    .prepare("INSERT INTO conversations (id, organization_id, user_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING")
    .bind(conversationId, organizationId, userId, now, now)
    .run();
  return res.meta.changes === 1;
}

export interface NewMessage {
  id: string;
  conversationId: string;
  userId: string;
  kind: TurnKind;
  query: string;
  request: unknown;
}

/** The turn's message row (status running) and the conversation's updated_at, in one batch. */
export async function insertMessage(env: Env, organizationId: string, m: NewMessage): Promise<void> {
  const db = tenantD1(env, organizationId);
  const now = nowIso();
  await db.batch([
    db
      .prepare(
        `INSERT INTO chat_messages (id, organization_id, conversation_id, user_id, kind, query, status, request, created_at)
         VALUES (?, ?, ?, ?, ?, ?, 'running', ?, ?) ON CONFLICT (id) DO NOTHING`,
      )
      .bind(m.id, organizationId, m.conversationId, m.userId, m.kind, m.query, JSON.stringify(m.request ?? {}), now),
    db.prepare("UPDATE conversations SET updated_at = ? WHERE id = ? AND organization_id = ?").bind(now, m.conversationId, organizationId),
  ]);
}

export async function setResolvedQuery(env: Env, organizationId: string, messageId: string, resolvedQuery: string): Promise<void> {
  await tenantD1(env, organizationId)
    .prepare("UPDATE chat_messages SET resolved_query = ? WHERE id = ? AND organization_id = ?")
    .bind(resolvedQuery, messageId, organizationId)
    .run();
}

/** Flushes the answer text written so far (the turn keeps running). */
export async function saveAnswer(env: Env, organizationId: string, messageId: string, answer: string): Promise<void> {
  await tenantD1(env, organizationId)
    .prepare("UPDATE chat_messages SET answer = ? WHERE id = ? AND organization_id = ? AND status = 'running'")
    .bind(answer, messageId, organizationId)
    .run();
}

export interface MessageEnd {
  status: Exclude<MessageStatus, "running">;
  finishReason: FinishReason | null;
  errorCode: string | null;
  answer: string;
}

/** Ends the turn's message once: a message already ended is left as it is. */
export async function finishMessage(env: Env, organizationId: string, messageId: string, end: MessageEnd): Promise<void> {
  await tenantD1(env, organizationId)
    .prepare(
      `UPDATE chat_messages SET status = ?, finish_reason = ?, error_code = ?, answer = ?, finished_at = ?
       WHERE id = ? AND organization_id = ? AND status = 'running'`,
    )
    .bind(end.status, end.finishReason, end.errorCode, end.answer, nowIso(), messageId, organizationId)
    .run();
}

export async function findMessage(env: Env, organizationId: string, messageId: string): Promise<MessageRow | null> {
  const row = await tenantD1(env, organizationId)
    .prepare(`SELECT ${MESSAGE_COLUMNS} FROM chat_messages WHERE id = ? AND organization_id = ?`)
    .bind(messageId, organizationId)
    .first<RawMessage>();
  return row ? toMessage(row) : null;
}

/** The conversation's latest turn, or null. */
export async function latestMessage(env: Env, organizationId: string, conversationId: string): Promise<MessageRow | null> {
  const row = await tenantD1(env, organizationId)
    .prepare(`SELECT ${MESSAGE_COLUMNS} FROM chat_messages WHERE organization_id = ? AND conversation_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1`)
    .bind(organizationId, conversationId)
    .first<RawMessage>();
  return row ? toMessage(row) : null;
}

/** Earlier turns of the conversation (oldest first, at most `limit` of the latest), for follow-ups. */
export async function priorTurns(env: Env, organizationId: string, conversationId: string, exceptMessageId: string, limit = 6): Promise<PriorTurn[]> {
  const rows = await tenantD1(env, organizationId)
    .prepare(
      `SELECT query, resolved_query, answer FROM chat_messages
       WHERE organization_id = ? AND conversation_id = ? AND id != ? AND status != 'running'
       ORDER BY created_at DESC, rowid DESC LIMIT ?`,
    )
    .bind(organizationId, conversationId, exceptMessageId, limit)
    .all<{ query: string; resolved_query: string | null; answer: string }>();
  return rows.results.reverse().map((r) => ({ query: r.query, resolvedQuery: r.resolved_query ?? r.query, answer: r.answer }));
}

export interface NewReference extends ConversationReference {
  conversationId: string;
  chatMessageId: string;
}

/**
 * Writes the reference of a citation when its marker is first used. A turn resumed after its runner died
 * may write a citation number again: the latest write (the one its citation event carries) wins.
 */
export async function insertReference(env: Env, organizationId: string, r: NewReference): Promise<void> {
  await tenantD1(env, organizationId)
    .prepare(
      `INSERT INTO chat_references (id, organization_id, conversation_id, chat_message_id, citation_idx, search_type, chunk_id, text,
         text_type, document_id, document_name, s3_file_key, external_url, metadata, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (chat_message_id, citation_idx) DO UPDATE SET id = excluded.id, search_type = excluded.search_type,
         chunk_id = excluded.chunk_id, text = excluded.text, text_type = excluded.text_type, document_id = excluded.document_id,
         document_name = excluded.document_name, s3_file_key = excluded.s3_file_key, external_url = excluded.external_url,
         metadata = excluded.metadata
       WHERE chat_references.organization_id = excluded.organization_id`,
    )
    .bind(
      r.id,
      organizationId,
      r.conversationId,
      r.chatMessageId,
      r.citation_idx,
      r.search_type,
      r.chunk_id,
      r.text,
      r.text_type,
      r.document_id,
      r.document_name,
      r.s3_file_key,
      r.external_url,
      JSON.stringify(r.metadata),
      nowIso(),
    )
    .run();
}

/** A chat_references row as D1 returns it: the reference, its message, and metadata still as JSON text. */
interface RawReference extends Omit<ConversationReference, "metadata"> {
  chat_message_id: string;
  metadata: string;
}

function toReference(r: RawReference): ConversationReference {
  const stored = JSON.parse(r.metadata) as Record<string, unknown>;
  const metadata: Record<string, unknown> = {};
  for (const key of REFERENCE_METADATA_KEYS) metadata[key] = stored[key] ?? null;
  return {
    id: r.id,
    citation_idx: r.citation_idx,
    search_type: r.search_type,
    chunk_id: r.chunk_id,
    text: r.text,
    text_type: r.text_type,
    document_id: r.document_id,
    document_name: r.document_name,
    s3_file_key: r.s3_file_key,
    external_url: r.external_url,
    metadata,
  };
}

/**
 * The references of a conversation, answer by answer (turn order), each answer's in citation order;
 * narrowed to one answer with chatMessageId.
 */
export async function listReferences(env: Env, organizationId: string, conversationId: string, chatMessageId?: string): Promise<ConversationReference[]> {
  const rows = await tenantD1(env, organizationId)
    .prepare(
      `SELECT r.id, r.chat_message_id, r.citation_idx, r.search_type, r.chunk_id, r.text, r.text_type, r.document_id, r.document_name,
         r.s3_file_key, r.external_url, r.metadata
       FROM chat_references r JOIN chat_messages m ON m.id = r.chat_message_id AND m.organization_id = r.organization_id
       WHERE r.organization_id = ?1 AND r.conversation_id = ?2 AND (?3 IS NULL OR r.chat_message_id = ?3)
       ORDER BY m.created_at, m.rowid, r.citation_idx`,
    )
    .bind(organizationId, conversationId, chatMessageId ?? null)
    .all<RawReference>();
  return rows.results.map(toReference);
}

export interface MessageWithReferences {
  id: string;
  conversationId: string;
  userId: string;
  query: string;
  resolvedQuery: string | null;
  answer: string;
  status: MessageStatus;
  finishReason: FinishReason | null;
  references: ConversationReference[];
}

/** One stored answer with its references in citation order (the analytics judge reads it); null when unknown. */
export async function findMessageWithReferences(env: Env, organizationId: string, chatMessageId: string): Promise<MessageWithReferences | null> {
  const m = await findMessage(env, organizationId, chatMessageId);
  if (!m) return null;
  return {
    id: m.id,
    conversationId: m.conversationId,
    userId: m.userId,
    query: m.query,
    resolvedQuery: m.resolvedQuery,
    answer: m.answer,
    status: m.status,
    finishReason: m.finishReason,
    references: await listReferences(env, organizationId, m.conversationId, m.id),
  };
}

/** What a reference's metadata takes from the document row (the index's hit does not carry these). */
export interface DocumentFacts {
  id: string;
  fileKey: string | null;
  source: string | null;
  tags: string[];
  docType: string | null;
  kind: "source" | "vault" | "external";
}

/** Document rows of cited passages: the tenant's own, then the shared external corpus's. */
export async function documentFacts(env: Env, organizationId: string, documentIds: string[]): Promise<Map<string, DocumentFacts>> {
  const out = new Map<string, DocumentFacts>();
  if (!documentIds.length) return out;
  for (const org of [organizationId, EXTERNAL_ORGANIZATION]) {
    const missing = documentIds.filter((id) => !out.has(id));
    if (!missing.length) break;
    const rows = await tenantD1(env, org)
      .prepare(
        `SELECT id, file_key, source, tags, doc_type, kind FROM documents
         WHERE organization_id = ?1 AND id IN (SELECT value FROM json_each(?2))`,
      )
      .bind(org, JSON.stringify(missing))
      .all<{ id: string; file_key: string | null; source: string | null; tags: string; doc_type: string | null; kind: DocumentFacts["kind"] }>();
    for (const r of rows.results) {
      let tags: string[] = [];
      try {
        const parsed: unknown = JSON.parse(r.tags);
        if (Array.isArray(parsed)) tags = parsed.filter((t): t is string => typeof t === "string");
      } catch {
        tags = [];
      }
      out.set(r.id, { id: r.id, fileKey: r.file_key, source: r.source, tags, docType: r.doc_type, kind: r.kind });
    }
  }
  return out;
}
