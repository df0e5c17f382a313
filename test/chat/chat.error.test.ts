// Request errors before any event (envelope, 400/404) and faults inside a turn (test-only X-Chat-Faults):
// a failing search or a provider failing mid-answer ends the stream with one error event, the partial
// answer and its citations kept in D1 and readable through references.
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, jsonOf, type TestOrg } from "../helpers/harness";
import { addBatch, addDocument, answerOf, chat, doc, eventsAcrossRestart, final, named, references, turn, uniqueWord } from "./chat.helpers";

let org: TestOrg;
let other: TestOrg;
let word: string;

beforeAll(async () => {
  org = await createOrg();
  other = await createOrg();
  word = uniqueWord();
  for (let i = 0; i < 3; i++) {
    await addDocument(doc({ organizationId: "external", kind: "external", name: `Fault report ${i}` }), `Fault ${word} revenue in ${2019 + i} was ${50 + i} million dollars. Fault ${word} margin in ${2019 + i} was ${10 + i} percent.`);
  }
});

async function expectInvalid(body: Record<string, unknown>, status = 400, code = "INVALID_REQUEST_BODY") {
  const res = await turn(org.key, body);
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(res.headers.get("Content-Type")).toMatch(/application\/json/);
  const json = await jsonOf(res);
  expect(json.payload).toBeNull();
  expect(json.error.code).toBe(code);
  expect(json.error.msg).toBe(json.error.message);
}

describe("request errors", () => {
  it("refuses invalid bodies with 400 INVALID_REQUEST_BODY", async () => {
    await expectInvalid({});
    await expectInvalid({ query: "   " });
    await expectInvalid({ query: "x", unknown_field: 1 });
    await expectInvalid({ query: "x", search_types: ["web"] });
    await expectInvalid({ query: "x", external_types: ["blog"] });
    await expectInvalid({ query: "x", document_ids: ["nope"] });
    await expectInvalid({ query: "x", upload_period: {} });
    await expectInvalid({ query: "x", upload_period: { start_time: { year: 2023, month: 2, day: 30 } } });
    await expectInvalid({ query: "x", fiscal_period: { start_time: { year: 2023, quarter: 5 } } });
    await expectInvalid({ query: "x", fiscal_period: { start_time: { year: 2024 }, end_time: { year: 2023 } } });
    await expectInvalid({ query: "x", rms_sub_types: ["a"] });
    await expectInvalid({ query: "x", prerelease_filters: { stream_table: "yes" } });
    await expectInvalid({ query: "x", agentic_search: "true" });
    await expectInvalid({ query: "x", client_api_url: "not a url" });
    await expectInvalid({ query: "x", custom_filters: { sector: { nested: true } } });
  });

  it("source_ids need source_batch_id and must be in that batch; batches must be the organization's", async () => {
    const batch = await addBatch(org.organizationId);
    const source = await addDocument(doc({ organizationId: org.organizationId, kind: "source", sourceBatchId: batch }), `Batch ${word} note.`);
    await expectInvalid({ query: "x", source_ids: [source.id] });
    await expectInvalid({ query: "x", source_batch_id: batch, source_ids: [crypto.randomUUID()] });
    const theirs = await addBatch(other.organizationId);
    await expectInvalid({ query: "x", source_batch_id: theirs }, 404, "NOT_FOUND");
    await expectInvalid({ query: "x", container_ids: [theirs] }, 404, "NOT_FOUND");
    await expectInvalid({ query: "x", source_batch_id: crypto.randomUUID() }, 404, "NOT_FOUND");
    const ok = await chat(org.key, { query: `Batch ${word}`, source_batch_id: batch, source_ids: [source.id] });
    expect(named(ok, "citation")[0].data.document_id).toBe(source.id);
  });

  it("refuses an unknown X-Chat-Faults value with 400", async () => {
    const res = await turn(org.key, { query: "x" }, { headers: { "X-Chat-Faults": "explode" } });
    expect(res.status).toBe(400);
    await res.text();
  });
});

describe("faults", () => {
  it("a failing search ends the stream with one error event {code, msg, message}", async () => {
    const r = await chat(org.key, { query: `Fault ${word} revenue` }, { headers: { "X-Chat-Faults": "search" } });
    const end = final(r);
    expect(end.event).toBe("error");
    expect(Object.keys(end.data).sort()).toEqual(["code", "message", "msg"]);
    expect(end.data.code).toBe("SEARCH_FAILED");
    expect(r.events.filter((e) => e.event === "done" || e.event === "error")).toHaveLength(1);
    expect(named(r, "answer_delta")).toEqual([]);
  });

  it("a provider failing mid-answer keeps the partial answer and its citations", async () => {
    const r = await chat(org.key, { query: `What was Fault ${word} revenue and margin?` }, { headers: { "X-Chat-Faults": "answer:3" } });
    const end = final(r);
    expect(end.event).toBe("error");
    expect(end.data.code).toBe("ANSWER_FAILED");
    const citations = named(r, "citation");
    expect(citations.length).toBeGreaterThan(0);
    expect(answerOf(r).length).toBeGreaterThan(0);
    const refs = (await jsonOf(await references(org.key, r.events[0].data.conversation_id))).payload.references;
    expect(refs.map((x: any) => x.id)).toEqual(citations.map((c) => c.data.reference_id));
    // The conversation takes the next turn, and the kept answer is the follow-up's history.
    const next = await chat(org.key, { query: "and in 2021?", conversation_id: r.events[0].data.conversation_id });
    expect(final(next).event).toBe("done");
  });
});

describe("a restart mid-answer", () => {
  it("the alarm watchdog resumes the turn in a fresh instance; a reconnect gets the rest, nothing twice", async () => {
    const query = { query: `What was Fault ${word} revenue and margin?` };
    const plain = await chat(org.key, query);
    const res = await turn(org.key, query, { headers: { "X-Chat-Faults": "answer_restart:2" } });
    expect(res.status).toBe(200);
    const all = { events: await eventsAcrossRestart(org.key, res), comments: [], raw: "" };
    const conversationId = all.events[0].data.conversation_id;
    const ids = all.events.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(final(all).event).toBe("done");
    expect(answerOf(all)).toBe(answerOf(plain));
    expect(named(all, "citation").map((c) => c.data.chunk_id)).toEqual(named(plain, "citation").map((c) => c.data.chunk_id));
    const refs = (await jsonOf(await references(org.key, conversationId))).payload.references;
    expect(refs.map((x: any) => x.id)).toEqual(named(all, "citation").map((c) => c.data.reference_id));
  });
});
