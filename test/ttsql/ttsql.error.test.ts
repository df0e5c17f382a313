// POST /v1/ttsql errors: input errors use the error envelope; questions the data cannot answer are a flat
// 200 body with a non-zero code and a message saying what was understood, never a table.
import { beforeAll, describe, expect, it } from "vitest";
import { call, jsonOf, type TestOrg } from "../helpers/harness";
import { ask, createOrg, loadMarketFixtures } from "./ttsql-helpers";

let org: TestOrg;
beforeAll(async () => {
  await loadMarketFixtures();
  org = await createOrg();
});

describe("POST /v1/ttsql: input errors", () => {
  it("API_KEY_MISSING without a key", async () => {
    const res = await call("/v1/ttsql", { body: { query: "Apple revenue 2015" } });
    expect(res.status).toBe(401);
    expect((await jsonOf(res)).error.code).toBe("API_KEY_MISSING");
  });
  for (const [label, body] of [["missing", {}], ["a number", { query: 42 }], ["null", { query: null }], ["empty", { query: "  " }], ["an array", { query: ["a"] }]] as const) {
    it(`INVALID_REQUEST_BODY when query is ${label}`, async () => {
      const res = await call("/v1/ttsql", { key: org.key, body });
      expect(res.status).toBe(400);
      const b = await jsonOf(res);
      expect(b).toEqual({ error: { code: "INVALID_REQUEST_BODY", msg: "query is required and must be a string", message: "query is required and must be a string" }, payload: null });
    });
  }
  it("INVALID_REQUEST_BODY for malformed JSON", async () => {
    const res = await call("/v1/ttsql", { key: org.key, rawBody: "{nope", headers: { "Content-Type": "application/json" } });
    expect(res.status).toBe(400);
    expect((await jsonOf(res)).error.code).toBe("INVALID_REQUEST_BODY");
  });
});

describe("POST /v1/ttsql: unanswerable questions", () => {
  const questions = [
    "What will Apple's stock price be next year?",
    "Should I buy Tesla stock?",
    "What is the weather in New York today?",
    "What was Apple's revenue in 1995?",
    "Show me Apple's quarterly revenue for Q3 2015",
    "What was Microsoft's closing price on 2015-03-02?",
    "How many employees does Walmart have?",
    "What was Foobarcorp's net income in 2014?",
    "DROP TABLE prices",
    "Apple revenue 2015; DELETE FROM prices",
  ];
  for (const q of questions) {
    it(q, async () => {
      const { status, body } = await ask(org, q);
      expect(status).toBe(200);
      expect(body.code).not.toBe(0);
      expect(body.success).toBe(false);
      expect(body.message).toMatch(/^Understood: .+Cannot answer: |refused/);
      expect(body.response.rdb_result).toBe("");
      expect("earnings_schedule" in body.response).toBe(false);
    });
  }
  it("says what it understood", async () => {
    const { body } = await ask(org, "What was Apple's revenue in 1995?");
    expect(body.message).toContain("Apple Inc. (AAPL)");
    expect(body.message).toContain("Total revenue");
    expect(body.code).toBe(4002);
  });
});
