// Both judges on the OpenAI-compatible provider (project `openai`: MODEL_PROVIDER=openai, OPENAI_BASE_URL
// pointing at the fake chat-completions server of fake-openai.mts, a real HTTP server on 127.0.0.1). Requests
// go through the Worker's fetch and the real judge-jobs consumer; only the remote model is played.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createOrg } from "../helpers/harness";
import { llmBody, settled, submit, usageRows } from "../judges/judge-helpers";
import { DEFAULT_JUDGE_PROMPT } from "../../src/judges/llm-run";
import type { Env } from "../../src/core/env";

const config = env as unknown as Env;

interface Recorded {
  path: string;
  authorization: string | null;
  body: {
    model: string;
    temperature: number;
    seed: number;
    messages: { role: string; content: string }[];
    response_format: { type: string; json_schema: { name: string; schema: { properties: Record<string, { type?: string; minimum?: number; maximum?: number }>; required: string[] } } };
  };
}

/** The requests the fake model endpoint received whose messages contain `marker`. */
async function requestsWith(marker: string): Promise<Recorded[]> {
  const res = await fetch(new URL(`/__requests?marker=${encodeURIComponent(marker)}`, config.OPENAI_BASE_URL!));
  return (await res.json()) as Recorded[];
}

const marker = () => `case-${crypto.randomUUID()}`;

/** The start of FAKE_UPSTREAM_DETAIL (fake-openai.mts), in every error body the fake sends. */
const UPSTREAM_TEXT = "UPSTREAM-DETAIL";

describe("LLM judge on the OpenAI-compatible provider", () => {
  it("sends the caller's prompt as the system message, temperature 0, seed 7, the JSON schema and the model, and completes with the model's scores", async () => {
    const org = await createOrg();
    const m = marker();
    const prompt = `Weigh factuality above all. ${m}`;
    const withPrompt = await submit("llm", org.key, llmBody({ prompt, references: [{ content: "3M purchases of PP&E were 1,577 million in 2018." }] }));
    const m2 = marker();
    const withoutPrompt = await submit("llm", org.key, llmBody({ query: `What was 3M's FY2018 capital expenditure? ${m2}` }));
    const p = await settled("llm", org.key, withPrompt.json.payload.evaluation_id);
    expect(p.status).toBe("completed");
    expect(p.result.scores).toEqual({ factuality: 4, completeness: 3, relevance: 5, grounding: 2 });
    expect(p.result.overall_score).toBe(3.5);
    expect(p.result.reasoning).toBe("Fake grader: figures match, grounding is thin.");
    expect(p.result.judge_model).toBe("openai:fake-judge-1");
    expect(p.result.input_reference_count).toBe(1);

    const [req] = await requestsWith(m);
    expect(await requestsWith(m)).toHaveLength(1);
    expect(req.path).toBe("/v1/chat/completions");
    expect(req.authorization).toBe(`Bearer ${config.OPENAI_API_KEY}`);
    expect(req.body.model).toBe("fake-judge-1");
    expect(req.body.temperature).toBe(0);
    expect(req.body.seed).toBe(7);
    expect(req.body.messages[0]).toEqual({ role: "system", content: prompt });
    expect(req.body.messages[1].role).toBe("user");
    expect(req.body.messages[1].content).toContain("3M's FY2018 capital expenditure was $1,577 million.");
    expect(req.body.messages[1].content).toContain("Verification verdicts");
    expect(req.body.response_format.type).toBe("json_schema");
    expect(req.body.response_format.json_schema.name).toBe("judge_scores");
    const schema = req.body.response_format.json_schema.schema;
    expect(schema.required.sort()).toEqual(["completeness", "factuality", "grounding", "reasoning", "relevance"]);
    expect(schema.properties.factuality).toMatchObject({ type: "integer", minimum: 1, maximum: 5 });

    // Without a prompt the service default is the system message.
    expect((await settled("llm", org.key, withoutPrompt.json.payload.evaluation_id)).status).toBe("completed");
    const [defaulted] = await requestsWith(m2);
    expect(defaulted.body.messages[0]).toEqual({ role: "system", content: DEFAULT_JUDGE_PROMPT });
    expect(await usageRows(org.organizationId)).toBe(2);
  });

  it("retries invalid model output once, then fails the evaluation with JUDGE_EVALUATION_FAIL", async () => {
    const org = await createOrg();
    const m = marker();
    const { json } = await submit("llm", org.key, llmBody({ prompt: `[fake:invalid] ${m}` }));
    const p = await settled("llm", org.key, json.payload.evaluation_id);
    expect(p.status).toBe("failed");
    expect(p.result).toBeNull();
    expect(p.failure.code).toBe("JUDGE_EVALUATION_FAIL");
    expect(p.failure.message).toMatch(/does not match the schema/);
    expect(await requestsWith(m)).toHaveLength(2);
    expect(await usageRows(org.organizationId)).toBe(1);
  });

  it("fails with JUDGE_EVALUATION_UNAVAILABLE when the endpoint answers 5xx or drops the connection, after one retry", async () => {
    const org = await createOrg();
    const [busy, dropped] = [marker(), marker()];
    const a = await submit("llm", org.key, llmBody({ prompt: `[fake:503] ${busy}` }));
    const b = await submit("llm", org.key, llmBody({ prompt: `[fake:drop] ${dropped}` }));
    for (const [id, m, cause] of [
      [a.json.payload.evaluation_id, busy, /answered 503/],
      [b.json.payload.evaluation_id, dropped, /could not be reached/],
    ] as const) {
      const p = await settled("llm", org.key, id);
      expect(p.status).toBe("failed");
      expect(p.failure.code).toBe("JUDGE_EVALUATION_UNAVAILABLE");
      expect(p.failure.message).toMatch(cause);
      expect(p.failure.message).not.toContain(UPSTREAM_TEXT);
      expect(p.failure.message).not.toMatch(/overloaded|network|connection/i);
      expect(await requestsWith(m)).toHaveLength(2);
    }
  });

  it("keeps the endpoint's error body out of failure.message when it refuses the request (4xx, not retried)", async () => {
    const org = await createOrg();
    const m = marker();
    const { json } = await submit("llm", org.key, llmBody({ prompt: `[fake:400] ${m}` }));
    const p = await settled("llm", org.key, json.payload.evaluation_id);
    expect(p.status).toBe("failed");
    expect(p.failure.code).toBe("JUDGE_EVALUATION_UNAVAILABLE");
    expect(p.failure.message).toBe("Grading failed: Model endpoint refused the request (400)");
    expect(JSON.stringify(p)).not.toContain(UPSTREAM_TEXT);
    expect(JSON.stringify(p)).not.toContain("invalid_request_error");
    expect(await requestsWith(m)).toHaveLength(1);
  });
});

describe("agent judge on the OpenAI-compatible provider", () => {
  it("extracts claims and assesses them through the model, and completes with its assessment", async () => {
    const org = await createOrg();
    const m = marker();
    const answer = "3M's purchases of property, plant and equipment were $1,577 million in 2018.";
    const { json } = await submit("agent", org.key, llmBody({ query: `What was 3M's FY2018 capital expenditure? ${m}`, answer }));
    const p = await settled("agent", org.key, json.payload.evaluation_id);
    expect(p.status).toBe("completed");
    expect(p.assessment.verdict).toBe("minor_issues");
    expect(p.assessment.summary).toBe("Fake assessor: the claim is supported.");
    expect(p.assessment.claims).toEqual([{ claim: answer, material: true, verdict: "supported", explanation: "Fake assessor agrees.", sources: [] }]);

    const requests = await requestsWith(m);
    expect(requests.map((r) => r.body.response_format.json_schema.name)).toEqual(["answer_claims", "assessment"]);
    for (const r of requests) {
      expect(r.body).toMatchObject({ model: "fake-judge-1", temperature: 0, seed: 7 });
      expect(r.body.messages[0].role).toBe("system");
    }
  });

  it("fails with JUDGE_EVALUATION_UNAVAILABLE when the endpoint is down", async () => {
    const org = await createOrg();
    const m = marker();
    const { json } = await submit("agent", org.key, llmBody({ query: `What was 3M's FY2018 capital expenditure? [fake:503] ${m}` }));
    const p = await settled("agent", org.key, json.payload.evaluation_id);
    expect(p.status).toBe("failed");
    expect(p.failure.code).toBe("JUDGE_EVALUATION_UNAVAILABLE");
    expect(JSON.stringify(p)).not.toContain(UPSTREAM_TEXT);
    expect(await requestsWith(m)).toHaveLength(2);
  });

  it("keeps the endpoint's error body out of failure.message when it refuses the request", async () => {
    const org = await createOrg();
    const m = marker();
    const { json } = await submit("agent", org.key, llmBody({ query: `What was 3M's FY2018 capital expenditure? [fake:400] ${m}` }));
    const p = await settled("agent", org.key, json.payload.evaluation_id);
    expect(p.status).toBe("failed");
    expect(p.failure.message).toMatch(/^Assessment failed: Model endpoint refused the request \(400\)$/);
    expect(JSON.stringify(p)).not.toContain(UPSTREAM_TEXT);
  });
});
