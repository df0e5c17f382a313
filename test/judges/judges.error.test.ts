// Submission validation of both judges through the Worker: field rules, references, time_window, size
// caps (UTF-16 units, bytes, tokens), Idempotency-Key length; rejected submissions record, queue and
// bill nothing.
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createOrg, jsonOf, type TestOrg } from "../helpers/harness";
import { evaluationRows, llmBody, submit, usageRows, WINDOW } from "./judge-helpers";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

async function expectError(judge: "llm" | "agent", body: unknown, code: string, headers: Record<string, string> = {}) {
  const { res, json } = await submit(judge, org.key, body, headers);
  expect(res.status, JSON.stringify(json)).toBe(400);
  expect(json.error.code).toBe(code);
  expect(json.payload).toBeNull();
  return json;
}

describe("LLM judge fields", () => {
  it("rejects unknown fields, scoring_rubric and response_schema", async () => {
    await expectError("llm", llmBody({ extra: 1 }), "INVALID_REQUEST_BODY");
    expect((await expectError("llm", llmBody({ scoring_rubric: "x" }), "INVALID_REQUEST_BODY")).error.message).toContain("scoring_rubric");
    await expectError("llm", llmBody({ response_schema: {} }), "INVALID_REQUEST_BODY");
  });

  it("requires query, answer and time_window with non-whitespace text and known enums", async () => {
    const { query: _q, ...noQuery } = llmBody();
    await expectError("llm", noQuery, "INVALID_REQUEST_BODY");
    const { time_window: _t, ...noWindow } = llmBody();
    await expectError("llm", noWindow, "INVALID_REQUEST_BODY");
    await expectError("llm", llmBody({ answer: "  \n\t " }), "INVALID_REQUEST_BODY");
    await expectError("llm", llmBody({ query: " " }), "INVALID_REQUEST_BODY");
    await expectError("llm", llmBody({ prompt: "   " }), "INVALID_REQUEST_BODY");
    await expectError("llm", llmBody({ prompt: 5 }), "INVALID_REQUEST_BODY");
    await expectError("llm", llmBody({ search_type: "web" }), "INVALID_REQUEST_BODY");
  });
});

describe("references", () => {
  it("are objects of at most title, content, url and metadata", async () => {
    await expectError("llm", llmBody({ references: ["https://example.com/10k.pdf"] }), "INVALID_REQUEST_BODY");
    await expectError("agent", llmBody({ references: ["https://example.com/10k.pdf"] }), "INVALID_REQUEST_BODY");
    await expectError("llm", llmBody({ references: [{ content: "x", source: "y" }] }), "INVALID_REQUEST_BODY");
    await expectError("llm", llmBody({ references: [{ content: "x", metadata: ["a"] }] }), "INVALID_REQUEST_BODY");
    await expectError("llm", llmBody({ references: [{ content: "x", metadata: "2024-01-01" }] }), "INVALID_REQUEST_BODY");
    await expectError("llm", llmBody({ references: [{ content: "x", metadata: null }] }), "INVALID_REQUEST_BODY");
    await expectError("llm", llmBody({ references: [{ url: "https://example.com" }] }), "INVALID_REQUEST_BODY");
    await expectError("llm", llmBody({ references: [{ content: "x", url: "ftp://example.com/a" }] }), "INVALID_REQUEST_BODY");
    const ok = await submit("llm", org.key, llmBody({ references: [{ title: "t", content: "x", url: "https://example.com/a", metadata: { date: "2024-01-01", nested: { a: [1, null, true] } } }] }));
    expect(ok.res.status).toBe(202);
  });

  it("over 50 (LLM) or 200 (agent) is INVALID_REQUEST_BODY", async () => {
    const refs = (n: number) => Array.from({ length: n }, (_, i) => ({ content: `passage ${i}` }));
    await expectError("llm", llmBody({ references: refs(51) }), "INVALID_REQUEST_BODY");
    expect((await submit("llm", org.key, llmBody({ references: refs(50) }))).res.status).toBe(202);
    expect((await submit("agent", org.key, llmBody({ references: refs(51) }))).res.status).toBe(202);
    await expectError("agent", llmBody({ references: refs(201) }), "INVALID_REQUEST_BODY");
  });
});

describe("time_window", () => {
  const bad = ["2025-01-01", "2025-01-01T10:00:00", "2025-02-30T10:00:00Z", "2025-01-01T25:00:00Z", "2025-01-01T10:60:00Z", "2025-01-01T10:00:00+25:00", "yesterday"];
  it.each(bad)("refuses end_time %s", async (end_time) => {
    await expectError("llm", llmBody({ time_window: { end_time } }), "INVALID_REQUEST_BODY");
    await expectError("agent", llmBody({ time_window: { end_time } }), "INVALID_REQUEST_BODY");
  });

  it("accepts Z and numeric offsets, and a couple of minutes of clock skew", async () => {
    for (const end_time of ["2024-12-31T23:59:59Z", "2024-12-31T23:59:59.123+05:30", "2024-12-31T18:00:00-05:00", new Date(Date.now() + 120_000).toISOString()]) {
      const { res } = await submit("llm", org.key, llmBody({ time_window: { start_time: "2020-01-01T00:00:00Z", end_time } }));
      expect(res.status, end_time).toBe(202);
    }
  });

  it("refuses an end_time in the future and a start_time after end_time", async () => {
    await expectError("llm", llmBody({ time_window: { end_time: new Date(Date.now() + 3_600_000).toISOString() } }), "INVALID_REQUEST_BODY");
    await expectError("llm", llmBody({ time_window: { start_time: "2025-01-02T00:00:00Z", end_time: "2025-01-01T00:00:00Z" } }), "INVALID_REQUEST_BODY");
    // Same instant written with two offsets: start equals end, accepted.
    const { res } = await submit("llm", org.key, llmBody({ time_window: { start_time: "2025-01-01T01:00:00+01:00", end_time: "2025-01-01T00:00:00Z" } }));
    expect(res.status).toBe(202);
    await expectError("llm", llmBody({ time_window: { end_time: "2025-01-01T00:00:00Z", until: "x" } }), "INVALID_REQUEST_BODY");
  });
});

describe("size caps: JUDGE_EVALUATION_TOO_LARGE, nothing recorded, queued or billed", () => {
  it("counts UTF-16 code units (astral characters count two) and caps prompt, query, answer", async () => {
    const fresh = await createOrg();
    const send = (body: unknown) => submit("llm", fresh.key, body);
    const cases: [Record<string, unknown>, number][] = [
      [{ prompt: "p".repeat(50_001) }, 400],
      [{ query: "q".repeat(10_001) }, 400],
      [{ query: "😀".repeat(5_001) }, 400],
      [{ answer: "a ".repeat(100_000) + "a" }, 400],
    ];
    for (const [extra, status] of cases) {
      const { res, json } = await send(llmBody(extra));
      expect(res.status).toBe(status);
      expect(json.error.code).toBe("JUDGE_EVALUATION_TOO_LARGE");
    }
    expect(await evaluationRows(fresh.organizationId)).toBe(0);
    expect(await usageRows(fresh.organizationId)).toBe(0);
    // At the caps exactly: accepted.
    expect((await send(llmBody({ query: "😀".repeat(5_000) }))).res.status).toBe(202);
    expect((await send(llmBody({ prompt: "p ".repeat(25_000) }))).res.status).toBe(202);
  });

  it("caps the serialized body at 1,000,000 bytes", async () => {
    const fresh = await createOrg();
    const big = Array.from({ length: 20 }, () => ({ content: "€".repeat(17_000) })); // 20 x 51,000 bytes
    const { res, json } = await submit("agent", fresh.key, llmBody({ references: big }));
    expect(res.status).toBe(400);
    expect(json.error.code).toBe("JUDGE_EVALUATION_TOO_LARGE");
    expect(await evaluationRows(fresh.organizationId)).toBe(0);
  });

  it("reads a body sent without Content-Length only up to the byte cap", async () => {
    const fresh = await createOrg();
    /** A chunked body: `text` then, while more is pulled, 64 KB of spaces per chunk (`extra` chunks). */
    const chunked = (text: string, extra: number) => {
      const state = { pulled: 0 };
      const head = new TextEncoder().encode(text);
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (state.pulled === 0) controller.enqueue(head);
          else if (state.pulled <= extra) controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
          else return controller.close();
          state.pulled++;
        },
      });
      return { stream, state };
    };
    const post = (body: ReadableStream<Uint8Array>) =>
      SELF.fetch("https://api.test/v2/judge/llm", { method: "POST", body, headers: { "X-API-KEY": fresh.key, "Content-Type": "application/json" } });
    // 64 MB offered (JSON followed by whitespace); the cap is 1,000,000 bytes.
    const { stream, state } = chunked(JSON.stringify(llmBody()), 1024);
    const res = await post(stream);
    const json = await jsonOf(res);
    expect(res.status).toBe(400);
    expect(json.error.code).toBe("JUDGE_EVALUATION_TOO_LARGE");
    expect(state.pulled).toBeLessThan(40);
    expect(await evaluationRows(fresh.organizationId)).toBe(0);
    // The same submission chunked, under the cap: accepted.
    const small = chunked(JSON.stringify(llmBody()), 3);
    expect((await post(small.stream)).status).toBe(202);
  });

  it("dense CJK text under the character cap fails the token cap", async () => {
    const fresh = await createOrg();
    const base = "財務報告によると当社の売上高は前年同期比で増加し営業利益率も改善した。";
    const answer = base.repeat(Math.ceil(150_000 / base.length)).slice(0, 150_000);
    expect(answer.length).toBeLessThan(200_000);
    const { res, json } = await submit("llm", fresh.key, llmBody({ answer }));
    expect(res.status).toBe(400);
    expect(json.error.code).toBe("JUDGE_EVALUATION_TOO_LARGE");
    expect(json.error.message).toContain("tokens");
    expect(await evaluationRows(fresh.organizationId)).toBe(0);
    expect(await usageRows(fresh.organizationId)).toBe(0);
  }, 90_000);
});

describe("token counting", () => {
  it("counts special-token strings as plain text: a long answer quoting <|endoftext|> is accepted, not a 500", async () => {
    const base = "Revenue rose 12% to $4,210 million while operating margin reached 18.4% <|endoftext|> in fiscal 2022. ";
    const answer = base.repeat(Math.ceil(150_000 / base.length)).slice(0, 150_000);
    // Over 100,000 UTF-8 bytes, so the tokenizer runs; far under 100,000 tokens.
    const { res, json } = await submit("llm", org.key, llmBody({ answer }));
    expect(res.status, JSON.stringify(json.error)).toBe(202);
  }, 90_000);
});

describe("Idempotency-Key and retrieval parameters", () => {
  it("refuses a key over 255 characters", async () => {
    await expectError("llm", llmBody(), "INVALID_REQUEST_BODY", { "Idempotency-Key": "k".repeat(256) });
    expect((await submit("llm", org.key, llmBody(), { "Idempotency-Key": "k".repeat(255) })).res.status).toBe(202);
  });

  it("malformed evaluation_id is INVALID_REQUEST_BODY, an unknown one 404", async () => {
    for (const judge of ["llm", "agent"]) {
      const bad = await call(`/v2/judge/${judge}/not-a-uuid`, { key: org.key });
      expect(bad.status).toBe(400);
      expect((await jsonOf(bad)).error.code).toBe("INVALID_REQUEST_BODY");
      const unknown = await call(`/v2/judge/${judge}/${crypto.randomUUID()}`, { key: org.key });
      expect(unknown.status).toBe(404);
      expect((await jsonOf(unknown)).error.code).toBe("NOT_FOUND");
    }
  });

  it("needs an API key", async () => {
    const res = await call("/v2/judge/llm", { body: llmBody() });
    expect(res.status).toBe(401);
    expect((await jsonOf(res)).error.code).toBe("API_KEY_MISSING");
  });

  it("agent ignores unknown fields (scoring_rubric included)", async () => {
    const { res, json } = await submit("agent", org.key, { ...llmBody(), scoring_rubric: "x", foo: [1], time_window: WINDOW });
    expect(res.status).toBe(202);
    expect(json.payload.status).toBe("pending");
  });
});
