// Chat on the OpenAI-compatible provider (the fake server of test/openai): the model's streamed tokens become
// answer_delta events with citations numbered as the local engine's are, a figure no cited passage carries is
// replaced before it is sent, and a stream that breaks off ends the turn with an error event.
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { addDocument, answerOf, chat, doc, final, named, references } from "../chat/chat.helpers";
import { jsonOf } from "../helpers/harness";

let org: TestOrg;
const WORD = `zq${crypto.randomUUID().replace(/-/g, "").slice(0, 10)}`;

beforeAll(async () => {
  org = await createOrg();
  await addDocument(
    doc({ organizationId: org.organizationId, kind: "vault", visibility: "organization", name: "Falcon results", tickers: ["FLCN"], companyNames: ["Falcon Corp"], fiscalYear: 2018 }),
    `Falcon ${WORD} revenue was $12,400 million in 2018, up 8 percent. The board approved a dividend.`,
  );
});

describe("chat on a remote model", () => {
  it("streams the model's answer with its citation, numbered and stored like the local engine's", async () => {
    const r = await chat(org.key, { query: `What was Falcon ${WORD} revenue in 2018?`, search_types: ["rms"] });
    expect(final(r).data.finish_reason).toBe("stop");
    expect(answerOf(r)).toBe(`Falcon ${WORD} revenue was $12,400 million in 2018, up 8 percent. [1]`);
    const [citation] = named(r, "citation");
    expect(citation.data.citation_idx).toBe(1);
    const refs = (await jsonOf(await references(org.key, r.events[0].data.conversation_id))).payload.references;
    expect(refs.map((x: { id: string }) => x.id)).toEqual([citation.data.reference_id]);
  });

  it("replaces a figure no cited passage carries before it is sent", async () => {
    const r = await chat(org.key, { query: `What was Falcon ${WORD} revenue in 2018? [fake:invent]`, search_types: ["rms"] });
    const answer = answerOf(r);
    expect(answer).not.toContain("987,654");
    expect(answer).toContain("[figure not in sources]");
    expect(answer).toContain("$12,400 million");
  });

  it("ends with an error event in our words when the model's stream breaks off mid-sentence (the unfinished sentence is never sent)", async () => {
    const r = await chat(org.key, { query: `What was Falcon ${WORD} revenue in 2018? [fake:cut]`, search_types: ["rms"] });
    expect(final(r).event).toBe("error");
    expect(final(r).data.code).toBe("ANSWER_FAILED");
    expect(JSON.stringify(r.events)).not.toContain("UPSTREAM");
    expect(answerOf(r)).toBe("");
  });
});
