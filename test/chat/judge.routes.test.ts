// The analytics judge through the Worker: answers produced by POST /v2/analytics/sse (local provider) over
// filing pages in the external corpus, then judged: the default verdict, verdicts shaped by response_schema,
// the organization's messages only (404 otherwise), and the 400s of the body and path.
import { beforeAll, describe, expect, it } from "vitest";
import { call, createOrg, createUser, jsonOf, platformKey, userKey, type TestOrg } from "../helpers/harness";
import { addDocument, answerOf, chat, doc, fixturePage, messageOf, named, uniqueWord, type SseRead } from "./chat.helpers";

let org: TestOrg;
let other: TestOrg;
let amazonTurn: SseRead;
let noResultsTurn: SseRead;
const PROMPT = "Judge how well each claim of the answer is grounded in the sources it cites.";

beforeAll(async () => {
  org = await createOrg();
  other = await createOrg();
  for (const [name, company, ticker, year] of [
    ["AMAZON_2017_10K_p37", "Amazon", "AMZN", 2017],
    ["3M_2018_10K_p59", "3M", "MMM", 2018],
  ] as const) {
    await addDocument(doc({ organizationId: "external", kind: "external", name: name.replace(/_p\d+$/, ""), tickers: [ticker], companyNames: [company], fiscalYear: year, docSubType: "10k" }), [
      { page: Number(name.split("_p").pop()), text: await fixturePage(name) },
    ]);
  }
  amazonTurn = await chat(org.key, { query: "What was Amazon's FY2017 net income and total net sales?" }, { path: "/v2/analytics/sse" });
  noResultsTurn = await chat(org.key, { query: `What did ${uniqueWord()} report about ${uniqueWord()}?` }, { path: "/v2/analytics/sse" });
});

function judge(key: string, messageId: string, body?: unknown): Promise<Response> {
  return call(`/v2/analytics/messages/${messageId}/judge`, { method: "POST", key, body });
}

async function payloadOf(res: Response): Promise<any> {
  const body = await jsonOf(res);
  expect(res.status, JSON.stringify(body)).toBe(200);
  expect(body.error).toBeNull();
  return body.payload;
}

async function expectError(res: Response, status: number, code: string, message?: RegExp | string) {
  const body = await jsonOf(res);
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(body.error.code).toBe(code);
  if (message !== undefined) expect(body.error.message).toMatch(message);
}

describe("the default verdict", () => {
  it("judges a cited answer claim by claim and counts the distinct references it cites", async () => {
    const id = messageOf(amazonTurn);
    const p = await payloadOf(await judge(org.key, id, { prompt: PROMPT }));
    expect(Object.keys(p).sort()).toEqual(["chat_message_id", "judge_model", "references_evaluated", "verdict"]);
    expect(p.chat_message_id).toBe(id);
    expect(p.judge_model).toBe("local-rules-v1");
    const citations = new Set(named(amazonTurn, "citation").map((c) => c.data.citation_idx));
    expect(citations.size).toBeGreaterThan(0);
    expect(p.references_evaluated).toBe(citations.size);
    const v = p.verdict;
    expect(Object.keys(v).sort()).toEqual(["claims", "report", "score", "ungrounded_numbers"]);
    expect(v.claims.length).toBeGreaterThan(0);
    for (const c of v.claims) {
      expect(Object.keys(c).sort()).toEqual(["citation_idxs", "claim", "grounded", "issue"]);
      expect(answerOf(amazonTurn).replace(/\s*\[\d+\]/g, "")).toContain(c.claim.replace(/\.$/, ""));
      for (const n of c.citation_idxs) expect(citations.has(n)).toBe(true);
    }
    // The chat engine writes no figure its cited passage does not carry: the judge finds none.
    expect(v.ungrounded_numbers).toEqual([]);
    expect(v.claims.every((c: any) => c.grounded && c.issue === null)).toBe(true);
    expect(v.score).toBe(1);
    expect(v.report).toMatch(/claims are grounded/);
  });

  it("has nothing to check in an answer that says the documents do not say", async () => {
    const p = await payloadOf(await judge(org.key, messageOf(noResultsTurn), { prompt: PROMPT }));
    expect(p.references_evaluated).toBe(0);
    expect(p.verdict.claims).toEqual([]);
    expect(p.verdict.score).toBe(1);
  });
});

describe("a verdict shaped by response_schema", () => {
  it("fills the spec's example schema: section scores, section summaries, report", async () => {
    const schema = {
      type: "object",
      properties: {
        section_scores: { type: "object", additionalProperties: { type: "number" } },
        section_content_summaries: { type: "object", additionalProperties: { type: "string" } },
        report: { type: "string" },
      },
      required: ["section_scores", "section_content_summaries", "report"],
    };
    const v = (await payloadOf(await judge(org.key, messageOf(amazonTurn), { prompt: PROMPT, response_schema: schema }))).verdict;
    expect(Object.keys(v).sort()).toEqual(["report", "section_content_summaries", "section_scores"]);
    expect(Object.keys(v.section_scores).length).toBeGreaterThan(0);
    expect(Object.keys(v.section_content_summaries)).toEqual(Object.keys(v.section_scores));
    for (const s of Object.values(v.section_scores)) expect(typeof s).toBe("number");
    for (const s of Object.values(v.section_content_summaries)) expect(typeof s).toBe("string");
    expect(typeof v.report).toBe("string");
  });

  it("scores each section of a deep research report under its heading", async () => {
    const report = await chat(org.key, { query: "How did Amazon do in 2017?" }, { path: "/v1/rms_deep_research" });
    const headings = [...answerOf(report).matchAll(/^## (.+)$/gm)].map((m) => m[1].trim());
    expect(headings.length).toBeGreaterThanOrEqual(3);
    const schema = {
      type: "object",
      properties: { section_scores: { type: "object", additionalProperties: { type: "number", minimum: 0, maximum: 1 } }, report: { type: "string" } },
      required: ["section_scores", "report"],
    };
    const p = await payloadOf(await judge(org.key, messageOf(report), { prompt: PROMPT, response_schema: schema }));
    expect(Object.keys(p.verdict.section_scores)).toEqual(headings);
    expect(p.references_evaluated).toBe(new Set(named(report, "citation").map((c) => c.data.citation_idx)).size);
  });

  it("scores 1-5 when the schema bounds the score, and fills booleans and lists", async () => {
    const schema = {
      type: "object",
      properties: {
        grounding_score: { type: "integer", minimum: 1, maximum: 5 },
        all_claims_grounded: { type: "boolean" },
        unsupported_numbers: { type: "array", items: { type: "string" } },
        verdict: { type: "string", enum: ["pass", "fail"] },
      },
      required: ["grounding_score", "all_claims_grounded", "unsupported_numbers", "verdict"],
      additionalProperties: false,
    };
    const v = (await payloadOf(await judge(org.key, messageOf(amazonTurn), { prompt: PROMPT, response_schema: schema }))).verdict;
    expect(v).toEqual({ grounding_score: 5, all_claims_grounded: true, unsupported_numbers: [], verdict: "pass" });
  });

  it("refuses a response_schema it cannot promise to follow", async () => {
    const id = messageOf(amazonTurn);
    await expectError(await judge(org.key, id, { prompt: PROMPT, response_schema: { type: "object", properties: { a: { anyOf: [{ type: "string" }] } } } }), 400, "INVALID_REQUEST_BODY", /response_schema\.properties\.a/);
    await expectError(await judge(org.key, id, { prompt: PROMPT, response_schema: { type: "string" } }), 400, "INVALID_REQUEST_BODY", /type "object"/);
    await expectError(await judge(org.key, id, { prompt: PROMPT, response_schema: "object" }), 400, "INVALID_REQUEST_BODY", /response_schema must be a JSON object/);
    await expectError(await judge(org.key, id, { prompt: PROMPT, response_schema: { type: "object", required: ["score"] } }), 400, "INVALID_REQUEST_BODY", /required names score/);
  });
});

describe("the request", () => {
  it("needs a prompt", async () => {
    const id = messageOf(amazonTurn);
    await expectError(await judge(org.key, id, {}), 400, "INVALID_REQUEST_BODY", /^prompt is required$/);
    await expectError(await judge(org.key, id), 400, "INVALID_REQUEST_BODY", /^prompt is required$/);
    await expectError(await judge(org.key, id, { prompt: "   " }), 400, "INVALID_REQUEST_BODY", /non-whitespace/);
    await expectError(await judge(org.key, id, { prompt: "x".repeat(50_001) }), 400, "INVALID_REQUEST_BODY", /longer than 50000/);
  });

  it("needs a UUID in the path", async () => {
    await expectError(await judge(org.key, "not-a-uuid", { prompt: PROMPT }), 400, "INVALID_REQUEST_BODY", /chat_message_id must be a UUID/);
  });

  it("needs an API key", async () => {
    await expectError(await judge("", messageOf(amazonTurn), { prompt: PROMPT }), 401, "API_KEY_MISSING");
  });
});

describe("whose messages", () => {
  it("judges any message of the caller's organization, for any of its users", async () => {
    const colleague = await createUser(org.organizationId);
    const p = await payloadOf(await judge(await userKey(org.organizationId, colleague.userId), messageOf(amazonTurn), { prompt: PROMPT }));
    expect(p.chat_message_id).toBe(messageOf(amazonTurn));
  });

  it("answers 404 for another organization's message and an unknown one", async () => {
    await expectError(await judge(other.key, messageOf(amazonTurn), { prompt: PROMPT }), 404, "NOT_FOUND");
    await expectError(await judge(org.key, crypto.randomUUID(), { prompt: PROMPT }), 404, "NOT_FOUND");
  });

  it("takes a platform key acting for the organization, with organization_id in the body", async () => {
    const key = await platformKey(other.organizationId, [org.organizationId]);
    const p = await payloadOf(await judge(key, messageOf(amazonTurn), { prompt: PROMPT, organization_id: org.organizationId }));
    expect(p.chat_message_id).toBe(messageOf(amazonTurn));
    await expectError(await judge(key, messageOf(amazonTurn), { prompt: PROMPT, organization_id: other.organizationId }), 404, "NOT_FOUND");
    await expectError(await judge(key, messageOf(amazonTurn), { prompt: PROMPT }), 400, "INVALID_REQUEST_BODY", /organization_id is required/);
  });
});
