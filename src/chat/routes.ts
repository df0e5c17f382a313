// The streaming chat endpoints: chat, the analytics stream (v2 and v1 paths), deep research, stop, the
// conversation's references and the reconnect stream. Schemas in schemas.ts, logic in service.ts.
import { defineRoute } from "../core/route";
import { readChatFaults } from "./faults";
import * as s from "./schemas";
import * as service from "./service";

const TURN_ERRORS = ["NOT_FOUND", "CONVERSATION_BUSY"] as const;

const chatTurn = (path: string, operationId: string, summary: string, legacyInEu?: string) =>
  defineRoute({
    method: "POST",
    path,
    operationId,
    summary,
    tag: "Chat",
    auth: "key",
    envelope: true,
    body: s.chatRequest,
    response: s.eventStream,
    responseContentType: "text/event-stream",
    errors: [...TURN_ERRORS],
    legacyInEu,
    handler: ({ body }, ctx) => service.startTurn(ctx.env, ctx.tenant, "chat", body, readChatFaults(ctx.env, ctx.request.headers)),
  });

export const chatRoutes = [
  chatTurn("/v1/rms_chat", "rmsChat", "Research chat over RMS and external documents (server-sent events)", "/v2/analytics/sse"),
  chatTurn("/v2/analytics/sse", "analyticsStream", "Analytics stream: research chat answer as server-sent events"),
  chatTurn("/v1/analytics/sse", "analyticsStreamV1", "Analytics stream (v1 path, same as /v2/analytics/sse)"),
  defineRoute({
    method: "POST",
    path: "/v1/rms_deep_research",
    operationId: "rmsDeepResearch",
    summary: "Deep research: a plan, several searches per step, a sectioned cited report (server-sent events)",
    tag: "Chat",
    auth: "key",
    envelope: true,
    body: s.researchRequest,
    response: s.eventStream,
    responseContentType: "text/event-stream",
    errors: [...TURN_ERRORS],
    handler: ({ body }, ctx) => service.startTurn(ctx.env, ctx.tenant, "deep_research", body, readChatFaults(ctx.env, ctx.request.headers)),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/stop_stream",
    operationId: "stopStream",
    summary: "Pause a running chat or deep research stream",
    tag: "Chat",
    auth: "key",
    envelope: false,
    body: s.stopRequest,
    response: s.stopResponse,
    errors: ["ORGANIZATION_ID_MISSING", "NOT_FOUND"],
    tenant: { organizationMissingCode: "ORGANIZATION_ID_MISSING" },
    handler: ({ body }, ctx) => service.stop(ctx.env, ctx.tenant, body),
  }),
  defineRoute({
    method: "GET",
    path: "/v2/conversations/:conversation_id/references",
    operationId: "listConversationReferences",
    summary: "The cited passages of a conversation's answers, in citation order",
    tag: "Chat",
    auth: "key",
    envelope: true,
    params: s.conversationParams,
    query: s.referencesQuery,
    response: s.referencesResponse,
    errors: ["NOT_FOUND"],
    handler: ({ params, query }, ctx) => service.references(ctx.env, ctx.tenant, query, params.conversation_id, query.chat_message_id),
  }),
  defineRoute({
    method: "GET",
    path: "/v2/conversations/:conversation_id/stream",
    operationId: "reconnectConversationStream",
    summary: "Reconnect to a conversation's stream (Last-Event-ID: that dialogue's later events; none: the latest dialogue from its start)",
    tag: "Chat",
    auth: "key",
    envelope: true,
    params: s.conversationParams,
    query: s.streamQuery,
    response: s.eventStream,
    responseContentType: "text/event-stream",
    errors: ["NOT_FOUND"],
    handler: ({ params, query }, ctx) => service.reconnect(ctx.env, ctx.tenant, query, params.conversation_id, ctx.request.headers.get("Last-Event-ID")),
  }),
];
