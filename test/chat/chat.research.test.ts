// Deep research through the Worker: a plan, a status event per step with several searches each, a
// sectioned cited report; a step fault ends it with an error event; a restart of the Durable Object
// mid-run resumes from the last checkpoint (a reconnect gets the rest); stop; the entitlement.
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, jsonOf, type TestOrg } from "../helpers/harness";
import { addDocument, answerOf, chat, doc, eventReader, eventsAcrossRestart, final, named, reconnect, references, stopStream, turn, uniqueWord } from "./chat.helpers";

const PATH = { path: "/v1/rms_deep_research" };
let org: TestOrg;
let word: string;

beforeAll(async () => {
  org = await createOrg();
  word = uniqueWord();
  await addDocument(doc({ organizationId: "external", kind: "external", name: "Gadget annual report", tickers: ["GDG"] }), `Gadget ${word} revenue in 2022 was 120 million dollars. Gadget ${word} margin in 2022 was 14 percent.`);
  await addDocument(doc({ organizationId: "external", kind: "external", name: "Gadget outlook", tickers: ["GDG"] }), `Gadget ${word} guidance for 2023 expects revenue growth of 8 percent. Gadget ${word} capital spending will rise.`);
});

const query = () => `What was Gadget ${word} revenue in 2022 and what is the ${word} guidance for 2023?`;

describe("deep research", () => {
  it("plans, reports each step as a status event, and writes a sectioned report with citations", async () => {
    const r = await chat(org.key, { query: query() }, PATH);
    const names = r.events.map((e) => e.event);
    expect(names.slice(0, 2)).toEqual(["conversation", "chat_message_id"]);
    const status = named(r, "status");
    expect(status[0].data.stage).toBe("planning");
    const steps = status.filter((s) => s.data.stage === "researching");
    expect(steps.length).toBe(status[0].data.plan.length);
    expect(steps.length).toBeGreaterThan(1);
    for (const s of steps) expect(s.data.queries.length).toBeGreaterThan(1);
    expect(names.lastIndexOf("status")).toBeLessThan(names.indexOf("answer_delta"));
    expect(named(r, "citation").length).toBeGreaterThan(0);
    expect(answerOf(r)).toContain("[1]");
    expect(final(r).data.finish_reason).toBe("stop");
    const refs = (await jsonOf(await references(org.key, r.events[0].data.conversation_id))).payload.references;
    expect(refs.length).toBe(named(r, "citation").length);
  });

  it("a failing step ends the run with an error event", async () => {
    const r = await chat(org.key, { query: query() }, { ...PATH, headers: { "X-Chat-Faults": "research_step:2" } });
    const end = final(r);
    expect(end.event).toBe("error");
    expect(end.data.code).toBe("RESEARCH_STEP_FAILED");
    expect(end.data.msg).toBe(end.data.message);
    expect(named(r, "status").filter((s) => s.data.stage === "researching")).toHaveLength(2);
  });

  it("resumes from its checkpoint after the Durable Object restarts; a reconnect gets the rest of the run", async () => {
    const res = await turn(org.key, { query: query() }, { ...PATH, headers: { "X-Chat-Faults": "research_restart:2" } });
    expect(res.status).toBe(200);
    const all = await eventsAcrossRestart(org.key, res, 40);
    const ids = all.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const steps = all.filter((e) => e.event === "status" && e.data.stage === "researching").map((e) => e.data.step);
    // Step 1 ran once, before the restart; the run went on from step 2.
    expect(steps.filter((s) => s === 1)).toHaveLength(1);
    expect(all.some((e) => e.event === "status" && e.data.stage === "resumed" && e.data.step === 1)).toBe(true);
    expect(all.at(-1)!.event).toBe("done");
    expect(all.filter((e) => e.event === "citation").length).toBeGreaterThan(0);
  });

  it("obeys stop", async () => {
    const res = await turn(org.key, { query: query(), per_event_size: 0.3, per_event_sleep_time: 5 }, PATH);
    const stream = eventReader(res);
    const head = await stream.until("search_results");
    const stop = await stopStream(org.key, { conversation_id: head[0].data.conversation_id, dialogue_id: head[1].data.chat_message_id });
    expect((await jsonOf(stop)).status).toBe("paused");
    const rest = await stream.rest();
    expect(rest.at(-1)!.data.finish_reason).toBe("paused");
  });

  it("needs the deep_research entitlement (chat alone is not enough)", async () => {
    const chatOnly = await createOrg({ entitlements: ["chat"] });
    const res = await turn(chatOnly.key, { query: query() }, PATH);
    expect(res.status).toBe(403);
    expect(await jsonOf(res)).toEqual({ error: { message: expect.any(String) }, payload: null });
    expect((await turn(chatOnly.key, { query: query() })).status).toBe(200);
  });
});
