// POST /v1/ttsql with a remote model writing the SQL (project `openai`, the fake chat-completions server of
// fake-openai.mts). The endpoint's error text never reaches the flat body's message, and whatever SQL the
// model writes (as if a prompt injection told it to) passes the same guard as the local engine's.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../src/index";
import type { Env } from "../../src/core/env";
import { BASE, type TestOrg } from "../helpers/harness";
import { ask, createOrg, loadLongGeHistory, loadMarketFixtures } from "../ttsql/ttsql-helpers";

/** The start of FAKE_UPSTREAM_DETAIL (fake-openai.mts), in every error body the fake sends. */
const UPSTREAM_TEXT = "UPSTREAM-DETAIL";

let org: TestOrg;
beforeAll(async () => {
  await loadMarketFixtures();
  await loadLongGeHistory();
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

  it.each([
    "SELECT * FROM sqlite_master AS sqlite_master",
    "SELECT name, sql FROM sqlite_schema",
    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i FROM n",
    "SELECT COUNT(*) FROM prices a, prices b, prices c",
    "SELECT printf('%.*c', 100000000, 'x') AS x",
  ])("4003 for SQL a prompt injection could make the model write: %s", async (sql) => {
    const { body } = await ask(org, `[fake:sql] ${sql}`);
    expect(body).toMatchObject({ code: 4003, success: false });
    expect(body.message).toMatch(/The generated SQL was refused/);
    expect(body.response.rdb_result).toBe("");
  });

  it("5003 when the model's SQL runs past TTSQL_QUERY_TIMEOUT_MS (here 100 ms), with what was understood", async () => {
    // A self-join of 30 years of GE closes on stock_id: about 60 million row pairs, seconds of SQLite work.
    // It passes the guard (it has a join condition); the deadline is what bounds the wait.
    const sql = "SELECT COUNT(*) AS n FROM prices a JOIN prices b ON b.stock_id = a.stock_id WHERE a.stock_id = 'US:GE'";
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request(`${BASE}/v1/ttsql`, { method: "POST", headers: { "X-API-KEY": org.key, "Content-Type": "application/json" }, body: JSON.stringify({ query: `[fake:sql] ${sql}` }) }),
      { ...(env as unknown as Env), TTSQL_QUERY_TIMEOUT_MS: "100" } as Env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { code: number; success: boolean; message: string; response: { rdb_result: string } };
    expect(body).toMatchObject({ code: 5003, success: false });
    expect(body.message).toBe("Understood: Fake SQL writer. The query did not finish within its 0.1 s budget; ask about a shorter period or fewer companies, or try again later.");
    expect(body.response.rdb_result).toBe("");
  });
});
