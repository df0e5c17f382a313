// Chat test helpers: turns and reconnects through the Worker's fetch, SSE bodies read fully and parsed
// into {id, event, data} (framing checked on every event), and document seeding as the search tests do.
import { env } from "cloudflare:test";
import { expect } from "vitest";
import { call } from "../helpers/harness";
import type { Env } from "../../src/core/env";
import { answerPieces } from "../../src/chat/answer";
import { FLAG } from "../../src/chat/grounding";
import type { AnswerPiece, Passage } from "../../src/chat/types";

export { addBatch, addDocument, doc, fixturePage, uniqueWord } from "../search/fixtures";

export interface SseEvent {
  id: number;
  event: string;
  data: Record<string, any>;
}

export interface SseRead {
  events: SseEvent[];
  comments: string[];
  raw: string;
}

/** Parses an SSE body; every event must carry id, event and a data line of {"event_name", "data"}. */
export function parseSse(raw: string): SseRead {
  const events: SseEvent[] = [];
  const comments: string[] = [];
  for (const block of raw.split("\n\n")) {
    if (!block.trim()) continue;
    const lines = block.split("\n");
    if (lines.every((l) => l.startsWith(":"))) {
      comments.push(...lines);
      continue;
    }
    expect(lines).toHaveLength(3);
    const [idLine, eventLine, dataLine] = lines;
    expect(idLine).toMatch(/^id: \d+$/);
    expect(eventLine).toMatch(/^event: [a-z_]+$/);
    expect(dataLine.startsWith("data: ")).toBe(true);
    const payload = JSON.parse(dataLine.slice(6));
    const event = eventLine.slice(7);
    expect(Object.keys(payload).sort()).toEqual(["data", "event_name"]);
    expect(payload.event_name).toBe(event);
    events.push({ id: Number(idLine.slice(4)), event, data: payload.data });
  }
  return { events, comments, raw };
}

export async function readSse(res: Response): Promise<SseRead> {
  return parseSse(await res.text());
}

export async function turn(key: string, body: Record<string, unknown>, opts: { path?: string; headers?: Record<string, string> } = {}): Promise<Response> {
  return call(opts.path ?? "/v1/rms_chat", { key, body, headers: opts.headers });
}

/** A turn that must stream: status 200, SSE headers, body read to its end. */
export async function chat(key: string, body: Record<string, unknown>, opts: { path?: string; headers?: Record<string, string> } = {}): Promise<SseRead> {
  const res = await turn(key, body, opts);
  if (res.status !== 200) throw new Error(`turn -> ${res.status} ${await res.text()}`);
  expect(res.headers.get("Content-Type")).toBe("text/event-stream");
  expect(res.headers.get("Cache-Control")).toBe("no-cache");
  return readSse(res);
}

export const final = (r: SseRead) => r.events[r.events.length - 1];
export const answerOf = (r: SseRead) => r.events.filter((e) => e.event === "answer_delta").map((e) => e.data.text).join("");
export const named = (r: SseRead, name: string) => r.events.filter((e) => e.event === name);
export const conversationOf = (r: SseRead) => r.events[0].data.conversation_id as string;
export const messageOf = (r: SseRead) => r.events[1].data.chat_message_id as string;

export async function references(key: string, conversationId: string, query = ""): Promise<Response> {
  return call(`/v2/conversations/${conversationId}/references${query}`, { key });
}

export async function reconnect(key: string, conversationId: string, lastEventId?: string, query = ""): Promise<Response> {
  return call(`/v2/conversations/${conversationId}/stream${query}`, { key, headers: lastEventId === undefined ? {} : { "Last-Event-ID": lastEventId } });
}

export async function stopStream(key: string, body: Record<string, unknown>): Promise<Response> {
  return call("/v1/stop_stream", { key, body });
}

/** Reads an SSE body event by event (for tests that act mid-stream); `rest` reads it to its end. */
export function eventReader(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let done = false;
  const queue: SseEvent[] = [];
  async function fill(): Promise<void> {
    while (!queue.length && !done) {
      const chunk = await reader.read();
      if (chunk.done) {
        done = true;
        break;
      }
      buffer += decoder.decode(chunk.value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, cut + 2);
        buffer = buffer.slice(cut + 2);
        queue.push(...parseSse(block).events);
      }
    }
  }
  return {
    async next(): Promise<SseEvent | null> {
      await fill();
      return queue.shift() ?? null;
    },
    /** Events until (and including) the first named `name`. */
    async until(name: string): Promise<SseEvent[]> {
      const out: SseEvent[] = [];
      for (;;) {
        const e = await this.next();
        if (!e) return out;
        out.push(e);
        if (e.event === name) return out;
      }
    },
    async rest(): Promise<SseEvent[]> {
      const out: SseEvent[] = [];
      for (let e = await this.next(); e; e = await this.next()) out.push(e);
      return out;
    },
    async cancel(): Promise<void> {
      await reader.cancel();
    },
  };
}

/**
 * The events of a turn whose Durable Object restarts under its stream (test-only restart faults): what the
 * live stream gave before it broke, then reconnects from the last id seen until the final event (a request
 * may still meet the broken instance, so each failed reconnect is retried after 250 ms).
 */
export async function eventsAcrossRestart(key: string, res: Response, attempts = 60): Promise<SseEvent[]> {
  const stream = eventReader(res);
  const seen: SseEvent[] = [];
  try {
    for (let e = await stream.next(); e; e = await stream.next()) seen.push(e);
  } catch {
    // The restart breaks the live stream.
  }
  const conversationId = seen[0].data.conversation_id as string;
  for (let i = 0; i < attempts && !["done", "error"].includes(seen.at(-1)?.event ?? ""); i++) {
    try {
      seen.push(...(await readSse(await reconnect(key, conversationId, String(seen.at(-1)!.id)))).events);
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return seen;
}

let chunk = 0;
/** A retrieved passage of a company's document for the answer engine's tests: each call is a new chunk. */
export function passageOf(text: string, company: string, ticker: string, doc: { fiscalYear: number; form: string; docType: string }, extra: Partial<Passage> = {}): Passage {
  chunk += 1;
  return {
    document_id: `doc-${ticker}`,
    document_name: `${company.toUpperCase().replace(/\W+/g, "")}_${doc.fiscalYear}_${doc.form}`,
    chunk_id: `chunk-${chunk}`,
    text,
    score: 1,
    search_type: "external",
    page: chunk,
    doc_type: doc.docType,
    tickers: [ticker],
    published_at: null,
    offset: 0,
    metadata: { company_names: [company], fiscal_year: doc.fiscalYear, tickers: [ticker] },
    ...extra,
  };
}

/**
 * The answer engine's answer to a first question over `passages`, through answerPieces (so the grounding guard
 * runs over it): its text with each citation as [n], the passages cited in order, and the pieces. No figure
 * of it was flagged by the guard.
 */
export async function answerOver(query: string, passages: Passage[]): Promise<{ text: string; cites: number[]; pieces: AnswerPiece[] }> {
  const pieces: AnswerPiece[] = [];
  for await (const p of answerPieces(env as unknown as Env, { query, resolvedQuery: query, history: [], passages })) pieces.push(p);
  const text = pieces.map((p) => (p.kind === "text" ? p.text : `[${p.passage + 1}]`)).join("");
  expect(text).not.toContain(FLAG);
  return { text, cites: pieces.flatMap((p) => (p.kind === "cite" ? [p.passage] : [])), pieces };
}
