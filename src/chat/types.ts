// The chat area's shared shapes: what a turn asks for, the events it streams, and the pieces an answer
// engine yields. The turn runner (conversation-do.ts), the answer engine (answer.ts) and deep research share them.
import type { Tenant } from "../core/auth";
import type { SearchFilters, SearchHit } from "../search";

export type ChatEventName =
  | "conversation"
  | "chat_message_id"
  | "status"
  | "search_results"
  | "table"
  | "answer_delta"
  | "citation"
  | "done"
  | "error";

/** One event of a conversation's log: `id` rises across the whole conversation, never reused. */
export interface ChatEvent {
  id: number;
  dialogueId: string;
  event_name: ChatEventName;
  data: Record<string, unknown>;
}

export type FinishReason = "stop" | "paused" | "no_results";
export type TurnKind = "chat" | "deep_research";

/** A passage the answer may cite: a search hit, numbered 1..n in the order it was given to the engine. */
export type Passage = SearchHit;

/** An earlier turn of the conversation, for follow-up questions ("and the year before?"). */
export interface PriorTurn {
  query: string;
  /** The query as the engine understood it (follow-ups resolved against earlier turns). */
  resolvedQuery: string;
  answer: string;
}

/**
 * What an answer engine yields: text, or a citation of passages[passage] (0-based). The turn runner numbers
 * citations 1..k in order of first use, writes "[k]" into the answer and emits the citation event.
 */
export type AnswerPiece = { kind: "text"; text: string } | { kind: "cite"; passage: number };

export interface AnswerInput {
  query: string;
  resolvedQuery: string;
  history: PriorTurn[];
  passages: Passage[];
}

/** Everything a turn needs, serializable: the route builds it, the conversation's Durable Object runs it. */
export interface TurnSpec {
  kind: TurnKind;
  conversationId: string;
  /** chat_message_id and dialogue_id (equal). */
  dialogueId: string;
  tenant: Tenant;
  query: string;
  filters: SearchFilters;
  /** Chat filters the search index does not hold, applied to hits (tags, custom_filters, fiscal_period). */
  hitFilters: HitFilters;
  perEventSizeKb: number;
  perEventSleepSeconds: number;
  streamTables: boolean;
  agenticSearch: boolean;
}

export interface HitFilters {
  tags?: string[];
  custom?: Record<string, string[]>;
  fiscalPeriod?: { start?: { year: number; quarter?: number }; end?: { year: number; quarter?: number } };
}
