// Server-sent event framing of the chat stream: every event is `id: <n>`, `event: <name>` and one `data:`
// line holding {"event_name", "data"}; heartbeats are comment lines. Shared by the Durable Object and tests.
import type { ChatEvent } from "./types";

export const SSE_HEADERS = {
  "Content-Type": "text/event-stream",
  "Cache-Control": "no-cache",
  Connection: "keep-alive",
  "X-Accel-Buffering": "no",
} as const;

/** Seconds between heartbeat comments on an open stream. */
export const HEARTBEAT_SECONDS = 15;

export const HEARTBEAT = ": ping\n\n";

/** One event as it goes on the wire. JSON.stringify never writes a raw newline, so one data line suffices. */
export function frameEvent(event: Pick<ChatEvent, "id" | "event_name" | "data">): string {
  return `id: ${event.id}\nevent: ${event.event_name}\ndata: ${JSON.stringify({ event_name: event.event_name, data: event.data })}\n\n`;
}

/** The events that end a dialogue's stream. */
export const FINAL_EVENTS = new Set(["done", "error"]);
