// The stream's mechanics through the Worker: per_event_size and per_event_sleep_time, stop (also during a
// sleep), CONVERSATION_BUSY, reconnect with and without Last-Event-ID (during and after the turn), and
// the turn running to its end after the client drops.
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, jsonOf, type TestOrg } from "../helpers/harness";
import { addDocument, answerOf, chat, doc, eventReader, final, named, readSse, reconnect, references, stopStream, turn, uniqueWord } from "./chat.helpers";

let org: TestOrg;
let word: string;

beforeAll(async () => {
  org = await createOrg();
  word = uniqueWord();
  // Five documents with long passages about the same subject: enough search_results to pack and cut.
  for (let i = 0; i < 5; i++) {
    const text = Array.from({ length: 12 }, (_, j) => `Segment ${word} revenue in quarter ${j + 1} of year ${2015 + i} was ${100 + i * 10 + j} million dollars, up from the prior period.`).join(" ");
    await addDocument(doc({ organizationId: "external", kind: "external", name: `Report ${i}`, tickers: ["SEG"] }), text);
  }
});

const bytes = (v: unknown) => new TextEncoder().encode(JSON.stringify(v)).byteLength;

describe("per_event_size", () => {
  it("streams no search_results when it is 0 (the default)", async () => {
    const r = await chat(org.key, { query: `What was segment ${word} revenue?`, per_event_size: 0 });
    expect(named(r, "search_results")).toEqual([]);
  });

  it("keeps every search_results data object within per_event_size KB, cutting a passage to fit, all before the answer", async () => {
    const r = await chat(org.key, { query: `What was segment ${word} revenue?`, per_event_size: 0.5 });
    const results = named(r, "search_results");
    expect(results.length).toBeGreaterThan(1);
    for (const e of results) {
      expect(bytes(e.data)).toBeLessThanOrEqual(512);
      expect(e.data.results.length).toBeGreaterThan(0);
    }
    expect(results.some((e) => e.data.results.some((x: any) => x.truncated))).toBe(true);
    const names = r.events.map((e) => e.event);
    expect(names.lastIndexOf("search_results")).toBeLessThan(names.indexOf("answer_delta"));
    const big = await chat(org.key, { query: `What was segment ${word} revenue?`, per_event_size: 64 });
    const all = named(big, "search_results");
    expect(all).toHaveLength(1);
    expect(all[0].data.results.every((x: any) => !x.truncated)).toBe(true);
  });

  it("refuses negative values and wrong types with 400 before any event", async () => {
    for (const bad of [{ per_event_size: -1 }, { per_event_sleep_time: -0.5 }, { per_event_size: "1" }, { per_event_sleep_time: true }]) {
      const res = await turn(org.key, { query: "revenue", ...bad });
      expect(res.status).toBe(400);
      expect((await jsonOf(res)).error.code).toBe("INVALID_REQUEST_BODY");
    }
  });
});

describe("stop, busy and reconnect", () => {
  it("stop during a per_event_sleep_time sleep ends the stream with done paused at once; busy while running", async () => {
    const res = await turn(org.key, { query: `What was segment ${word} revenue?`, per_event_size: 0.5, per_event_sleep_time: 5 });
    expect(res.status).toBe(200);
    const stream = eventReader(res);
    const head = await stream.until("search_results");
    const conversationId = head[0].data.conversation_id;
    const dialogueId = head[1].data.chat_message_id;

    const busy = await turn(org.key, { query: "and then?", conversation_id: conversationId });
    expect(busy.status).toBe(409);
    expect((await jsonOf(busy)).error.code).toBe("CONVERSATION_BUSY");

    const asked = Date.now();
    const stop = await stopStream(org.key, { conversation_id: conversationId, dialogue_id: dialogueId });
    expect(stop.status).toBe(200);
    const body = await jsonOf(stop);
    expect(body.status).toBe("paused");
    expect(body.dialogue_id).toBe(dialogueId);
    expect(Number.isInteger(body.paused)).toBe(true);
    expect(typeof body.message).toBe("string");
    const rest = await stream.rest();
    // The sleep was 5 s: the stream ended long before it would have run out.
    expect(Date.now() - asked).toBeLessThan(3000);
    expect(rest.at(-1)!.event).toBe("done");
    expect(rest.at(-1)!.data.finish_reason).toBe("paused");
    expect(rest.filter((e) => e.event === "done" || e.event === "error")).toHaveLength(1);

    // The conversation takes a new turn now; a second stop of the ended dialogue says it had finished.
    const again = await stopStream(org.key, { conversation_id: conversationId, dialogue_id: dialogueId });
    expect((await jsonOf(again)).status).toBe("finished");
    const next = await chat(org.key, { query: `segment ${word} revenue in quarter 2`, conversation_id: conversationId });
    expect(final(next).event).toBe("done");
  });

  it("a stop mid-answer keeps the partial answer and its citations, readable through references", async () => {
    const res = await turn(org.key, { query: `What was segment ${word} revenue?`, per_event_size: 0.5, per_event_sleep_time: 0.4 });
    const stream = eventReader(res);
    const head = await stream.until("citation");
    const conversationId = head[0].data.conversation_id;
    const stopped = await stopStream(org.key, { conversation_id: conversationId, dialogue_id: head[1].data.chat_message_id });
    expect(stopped.status).toBe(200);
    const events = [...head, ...(await stream.rest())];
    const citations = events.filter((e) => e.event === "citation");
    expect(citations.length).toBeGreaterThan(0);
    expect(events.at(-1)!.event).toBe("done");
    const refs = (await jsonOf(await references(org.key, conversationId))).payload.references;
    expect(refs.map((r: any) => r.id)).toEqual(citations.map((c) => c.data.reference_id));
  });

  it("reconnect after the end: without Last-Event-ID the latest dialogue from its start, with it the later events", async () => {
    const first = await chat(org.key, { query: `What was segment ${word} revenue in quarter 3?` });
    const conversationId = first.events[0].data.conversation_id;
    const whole = await reconnect(org.key, conversationId);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("Content-Type")).toBe("text/event-stream");
    expect((await readSse(whole)).events).toEqual(first.events);
    const cut = first.events[3].id;
    const later = await readSse(await reconnect(org.key, conversationId, String(cut)));
    expect(later.events).toEqual(first.events.slice(4));
    const none = await readSse(await reconnect(org.key, conversationId, String(final(first).id)));
    expect(none.events).toEqual([]);
    // A second turn: the latest dialogue is replayed; an id of the first still selects the first.
    const second = await chat(org.key, { query: "and in quarter 4?", conversation_id: conversationId });
    expect((await readSse(await reconnect(org.key, conversationId))).events).toEqual(second.events);
    expect((await readSse(await reconnect(org.key, conversationId, String(cut)))).events).toEqual(first.events.slice(4));
    const bad = await reconnect(org.key, conversationId, "abc");
    expect(bad.status).toBe(400);
  });

  it("the turn runs to its end after the client drops; a reconnect gets every later event once", async () => {
    const res = await turn(org.key, { query: `What was segment ${word} revenue?`, per_event_size: 0.5, per_event_sleep_time: 0.3 });
    const stream = eventReader(res);
    const head = await stream.until("search_results");
    await stream.cancel();
    const conversationId = head[0].data.conversation_id;
    const rest = await readSse(await reconnect(org.key, conversationId, String(head.at(-1)!.id)));
    const all = [...head, ...rest.events];
    const ids = all.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1; i < ids.length; i++) expect(ids[i]).toBeGreaterThan(ids[i - 1]);
    expect(all.at(-1)!.event).toBe("done");
    expect(all.at(-1)!.data.finish_reason).toBe("stop");
    const replay = await readSse(await reconnect(org.key, conversationId));
    expect(replay.events).toEqual(all);
    expect(answerOf(replay)).toMatch(/\[1\]/);
  });

  it("sends a heartbeat comment every 15 s while a turn is quiet", async () => {
    const res = await turn(org.key, { query: `What was segment ${word} revenue?`, per_event_size: 0.3, per_event_sleep_time: 5 });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.includes(": ping\n\n")) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
    }
    expect(text).toContain("\n\n: ping\n\n");
    const conversationId = /"conversation_id":"([^"]+)"/.exec(text)![1];
    const dialogueId = /"chat_message_id":"([^"]+)"/.exec(text)![1];
    expect((await stopStream(org.key, { conversation_id: conversationId, dialogue_id: dialogueId })).status).toBe(200);
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value, { stream: true });
    expect(text.trimEnd().endsWith('"finish_reason":"paused"}}')).toBe(true);
  }, 30_000);
});
