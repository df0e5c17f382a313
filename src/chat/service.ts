// Chat without HTTP: who may start a turn (onboarded user, entitlement), which conversation it joins, the
// request turned into a ChatRun for the conversation's Durable Object, and stop, reconnect and references
// (the conversation's user only; unknown or another organization's conversation: 404).
import type { Env } from "../core/env";
import type { Tenant, TenantUser } from "../core/auth";
import { ApiError, forbidden, invalidBody, notFound } from "../core/errors";
import { tenantD1 } from "../core/db";
import { stubByName } from "../core/durable";
import { checkBatch, type SearchFilters } from "../search";
import type { ConversationStream } from "./conversation-do";
import type { ChatFaults } from "./faults";
import { MAX_SLEEP_SECONDS } from "./conversation-do";
import { createConversation, findConversation, findMessage, listReferences, type ConversationRow } from "./repo";
import type { ChatRequest, ResearchRequest } from "./schemas";
import type { ChatRun } from "./turn";
import type { HitFilters, TurnKind } from "./types";

/** The identity fields of a request (platform keys name the user with them). */
export interface UserSelector {
  user_id?: string;
  user_email?: string;
}

function conversationStub(env: Env, conversationId: string) {
  return stubByName<ConversationStream>(env, env.CONVERSATIONS, conversationId);
}

/**
 * The user a turn, stop or reconnect acts as. Platform keys name it (user_id and/or user_email; both on
 * references); an organization key without a bound user acts for nobody.
 */
function requireUser(tenant: Tenant, selector: UserSelector, both = false): TenantUser {
  if (tenant.keyKind === "platform") {
    const given = [selector.user_id, selector.user_email].filter((v) => v !== undefined && v !== "");
    if (both ? given.length < 2 : given.length === 0) throw invalidBody(both ? "user_id and user_email are required" : "user_id or user_email is required");
  }
  if (!tenant.user) throw forbidden("This API key is bound to no user; chat needs one");
  return tenant.user;
}

function requireTurnAccess(tenant: Tenant, selector: UserSelector, kind: TurnKind): TenantUser {
  const user = requireUser(tenant, selector);
  if (!user.onboarded) throw forbidden("The user is not onboarded to research chat");
  const entitlement = kind === "deep_research" ? "deep_research" : "chat";
  if (!tenant.entitlements.includes(entitlement)) throw forbidden(`The organization is not entitled to ${entitlement === "chat" ? "chat" : "deep research"}`);
  return user;
}

/** The conversation, if the user may use it: unknown or another organization's -> 404, another user's -> 403. */
async function ownConversation(env: Env, tenant: Tenant, user: TenantUser, conversationId: string): Promise<ConversationRow> {
  const conversation = await findConversation(env, tenant.organizationId, conversationId);
  if (!conversation) throw notFound("Conversation");
  if (conversation.userId !== user.id) throw forbidden("The conversation belongs to another user");
  return conversation;
}

type TurnRequest = ChatRequest | (ResearchRequest & Partial<Omit<ChatRequest, keyof ResearchRequest>>);

function hitFiltersOf(req: TurnRequest): HitFilters {
  const custom = req.custom_filters
    ? Object.fromEntries(Object.entries(req.custom_filters).map(([k, v]) => [k, (Array.isArray(v) ? v : [v]).map(String)]))
    : undefined;
  return {
    tags: req.tags,
    custom,
    fiscalPeriod: req.fiscal_period ? { start: req.fiscal_period.start_time, end: req.fiscal_period.end_time } : undefined,
  };
}

function searchFiltersOf(req: TurnRequest): SearchFilters {
  return {
    stockIds: req.stock_ids,
    externalTypes: req.external_types,
    uploadPeriod: req.upload_period ? { start: req.upload_period.start_time, end: req.upload_period.end_time } : undefined,
    searchTypes: req.search_types,
    rmsTypes: req.rms_types,
    sourceBatchId: req.source_batch_id,
    sourceIds: req.source_ids,
    documentIds: req.document_ids,
  };
}

/** source_ids need source_batch_id and must be in it; every named batch must be the organization's. */
async function checkBatches(env: Env, tenant: Tenant, req: TurnRequest): Promise<string[]> {
  if (req.source_ids?.length && !req.source_batch_id) throw invalidBody("source_ids requires source_batch_id");
  const db = tenantD1(env, tenant.organizationId);
  const batchIds: string[] = [];
  if (req.source_batch_id) {
    await checkBatch(db, tenant.organizationId, req.source_batch_id, req.source_ids);
    batchIds.push(req.source_batch_id);
  }
  for (const id of req.container_ids ?? []) {
    if (batchIds.includes(id)) continue;
    await checkBatch(db, tenant.organizationId, id, undefined);
    batchIds.push(id);
  }
  return batchIds;
}

/** Starts a turn in the conversation's Durable Object and answers with its event stream. */
export async function startTurn(env: Env, tenant: Tenant, kind: TurnKind, req: TurnRequest, faults: ChatFaults): Promise<Response> {
  const user = requireTurnAccess(tenant, req, kind);
  const batchIds = await checkBatches(env, tenant, req);
  let conversationId = req.conversation_id;
  if (conversationId) {
    await ownConversation(env, tenant, user, conversationId);
  } else {
    conversationId = crypto.randomUUID();
    await createConversation(env, tenant.organizationId, conversationId, user.id);
  }
  const dialogueId = crypto.randomUUID();
  const { organization_id: _o, user_id: _u, user_email: _e, user_name: _n, ...request } = req;
  const run: ChatRun = {
    kind,
    conversationId,
    dialogueId,
    tenant,
    query: req.query,
    filters: searchFiltersOf(req),
    hitFilters: hitFiltersOf(req),
    perEventSizeKb: req.per_event_size ?? 0,
    perEventSleepSeconds: Math.min(req.per_event_sleep_time ?? 0, MAX_SLEEP_SECONDS),
    streamTables: req.prerelease_filters?.stream_table === true,
    agenticSearch: req.agentic_search === true,
    batchIds,
    rmsSubTypeMap: req.rms_sub_types,
    faults,
    request,
  };
  const started = await conversationStub(env, conversationId).startTurn(run);
  if ("busy" in started) throw new ApiError("CONVERSATION_BUSY", "A turn of this conversation is running; wait for its final event or stop it");
  return openStream(env, conversationId, `dialogue_id=${dialogueId}&after=0`);
}

/**
 * The conversation's stream. An object that restarts under the request (a deploy, an eviction) breaks the
 * call: the stream is opened again, once, on a fresh stub; it replays from the log, so nothing is lost.
 */
async function openStream(env: Env, conversationId: string, query: string): Promise<Response> {
  const url = `https://conversation/stream${query ? `?${query}` : ""}`;
  try {
    return await conversationStub(env, conversationId).fetch(url);
  } catch {
    return conversationStub(env, conversationId).fetch(url);
  }
}

/** Reconnect: the dialogue of Last-Event-ID after that event, or the latest dialogue from its start. */
export async function reconnect(env: Env, tenant: Tenant, selector: UserSelector, conversationId: string, lastEventIdHeader: string | null): Promise<Response> {
  const user = requireUser(tenant, selector);
  await ownConversation(env, tenant, user, conversationId);
  let after = "";
  if (lastEventIdHeader !== null && lastEventIdHeader.trim() !== "") {
    const id = lastEventIdHeader.trim();
    if (!/^\d{1,15}$/.test(id)) throw invalidBody("Last-Event-ID must be an event id (a non-negative integer)");
    after = `after=${Number(id)}`;
  }
  const res = await openStream(env, conversationId, after);
  if (res.status === 404) throw notFound("Stream of the conversation");
  return res;
}

export async function stop(env: Env, tenant: Tenant, req: UserSelector & { conversation_id?: string; dialogue_id: string }) {
  const user = requireUser(tenant, req);
  const message = await findMessage(env, tenant.organizationId, req.dialogue_id);
  if (!message || (req.conversation_id && message.conversationId !== req.conversation_id)) throw notFound("Dialogue");
  await ownConversation(env, tenant, user, message.conversationId);
  const result = await conversationStub(env, message.conversationId).stop(req.dialogue_id);
  const paused = result.state === "paused";
  return {
    status: paused ? "paused" : "finished",
    message: paused ? "The stream was paused; the partial answer and its citations are kept" : "The answer had already finished",
    dialogue_id: req.dialogue_id,
    paused: result.pausedAt,
  };
}

export async function references(env: Env, tenant: Tenant, selector: UserSelector, conversationId: string, chatMessageId: string | undefined) {
  const user = requireUser(tenant, selector, true);
  await ownConversation(env, tenant, user, conversationId);
  if (chatMessageId) {
    const message = await findMessage(env, tenant.organizationId, chatMessageId);
    if (!message || message.conversationId !== conversationId) throw notFound("Chat message");
  }
  return { references: await listReferences(env, tenant.organizationId, conversationId, chatMessageId) };
}
