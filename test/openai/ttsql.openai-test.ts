// POST /v1/ttsql with a remote model writing the SQL (project `openai`, the fake chat-completions server of
// fake-openai.mts). The endpoint's error text never reaches the flat body's message, and whatever SQL the
// model writes (as if a prompt injection told it to) passes the same guard as the local engine's.
import { beforeAll, describe, expect, it } from "vitest";
import type { TestOrg } from "../helpers/harness";
import { ask, createOrg, loadMarketFixtures } from "../ttsql/ttsql-helpers";

/** The start of FAKE_UPSTREAM_DETAIL (fake-openai.mts), in every error body the fake sends. */
const UPSTREAM_TEXT = "UPSTREAM-DETAIL";

let org: TestOrg;
beforeAll(async () => {
  await loadMarketFixtures();
  org = await createOrg();
});

describe("POST /v1/ttsql on the OpenAI-compatible provider", () => {
  it("answers with the SQL the model wrote", async () => {
    const { status, body } = await ask(org, "[fake:sql] SELECT s.ticker, s.company FROM securities s WHERE s.ticker = 'AAPL' LIMIT 1");
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 0, success: true });
    expect(body.response.rdb_result).toContain("AAPL");
  });

  it("5001 with our own words when the endpoint refuses the request: its error body stays in the logs", async () => {
    const { status, body } = await ask(org, `[fake:400] Apple revenue 2015 ${crypto.randomUUID()}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 5001, success: false, message: "The question could not be translated to SQL: the SQL engine is not available." });
    expect(JSON.stringify(body)).not.toContain(UPSTREAM_TEXT);
  });

  it("5001 when the endpoint is down (after one retry), without its error text", async () => {
    const { body } = await ask(org, `[fake:503] Apple revenue 2015 ${crypto.randomUUID()}`);
    expect(body).toMatchObject({ code: 5001, success: false, message: "The question could not be translated to SQL: the SQL engine is unavailable, try again later." });
    expect(JSON.stringify(body)).not.toContain(UPSTREAM_TEXT);
    expect(body.message).not.toMatch(/overloaded/);
  });

  it("5001 when the connection drops, without the runtime's exception text", async () => {
    const { body } = await ask(org, `[fake:drop] Apple revenue 2015 ${crypto.randomUUID()}`);
    expect(body.code).toBe(5001);
    expect(body.message).not.toMatch(/network|connection|lost/i);
  });

  it("5001 when the model's answer breaks the plan schema, without the schema issues", async () => {
    const { body } = await ask(org, `[fake:invalid] Apple revenue 2015 ${crypto.randomUUID()}`);
    expect(body).toMatchObject({ code: 5001, message: "The question could not be translated to SQL: the SQL engine gave an answer that could not be read." });
  });
});
