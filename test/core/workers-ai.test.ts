// WorkersAiProvider as the judges use it: the inputs handed to the AI binding's run (model, messages with
// the judge prompt as system message, temperature 0, seed 7, the JSON schema as response_format) and the
// handling of what comes back (object or JSON text, invalid output, binding errors, timeouts).
// Why a stand-in: the AI binding has no local implementation; declaring it makes workerd send every call
// to Cloudflare, which needs a login and the network (neither exists in tests or CI). So a plain object
// with the binding's `run(model, inputs)` signature plays Workers AI; our provider code runs unchanged.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createOrg, call, jsonOf } from "../helpers/harness";
import { modelProvider, ProviderError } from "../../src/core/providers";
import { WorkersAiProvider } from "../../src/core/providers/workers-ai";
import { TASK_GRADE } from "../../src/judges/engine";
import { gradeOutputSchema } from "../../src/judges/engine/grade";
import { DEFAULT_JUDGE_PROMPT, failureCodeOf, runLlmJudge } from "../../src/judges/llm-run";
import * as repo from "../../src/judges/repo";
import { runAgentJudge } from "../../src/judges/agent-run";
import type { Env } from "../../src/core/env";

const SCORES = { factuality: 5, completeness: 4, relevance: 5, grounding: 3, reasoning: "Matches the filing." };

/** Plays the AI binding: records each run and answers with the next scripted reply (a value, or an Error to throw). */
function standIn(...replies: (unknown | Error)[]) {
  const calls: { model: string; inputs: Record<string, unknown> }[] = [];
  const ai = {
    calls,
    async run(model: string, inputs: Record<string, unknown>) {
      calls.push({ model, inputs });
      const reply = replies.length > 1 ? replies.shift() : replies[0];
      if (reply instanceof Error) throw reply;
      return reply;
    },
  };
  return ai;
}

const gradeRequest = { task: TASK_GRADE, system: DEFAULT_JUDGE_PROMPT, prompt: "Question: ...", schema: gradeOutputSchema, schemaName: "judge_scores", temperature: 0, seed: 7 };

describe("Workers AI provider (stand-in binding)", () => {
  it("asks the model for the judge's JSON schema at temperature 0, seed 7, and reads an object or JSON text back", async () => {
    const ai = standIn({ response: SCORES }, { response: "```json\n" + JSON.stringify(SCORES) + "\n```" });
    const provider = new WorkersAiProvider(ai, "@cf/meta/llama-3.3-70b-instruct-fp8-fast", 1000);
    expect(await provider.generateObject(gradeRequest)).toEqual(SCORES);
    expect(await provider.generateObject(gradeRequest)).toEqual(SCORES);
    const { model, inputs } = ai.calls[0];
    expect(model).toBe("@cf/meta/llama-3.3-70b-instruct-fp8-fast");
    expect(inputs.messages).toEqual([
      { role: "system", content: DEFAULT_JUDGE_PROMPT },
      { role: "user", content: "Question: ..." },
    ]);
    expect(inputs).toMatchObject({ temperature: 0, seed: 7 });
    // Workers AI takes the JSON Schema itself under json_schema (no OpenAI-style {name, schema} wrapper).
    const format = inputs.response_format as { type: string; json_schema: { type: string; required: string[]; properties: Record<string, unknown> } };
    expect(format.type).toBe("json_schema");
    expect(format.json_schema.type).toBe("object");
    expect(format.json_schema.required.sort()).toEqual(["completeness", "factuality", "grounding", "reasoning", "relevance"]);
    expect(format.json_schema.properties.factuality).toMatchObject({ type: "integer", minimum: 1, maximum: 5 });
  });

  it("retries invalid output once, then fails as the judge's JUDGE_EVALUATION_FAIL", async () => {
    const ai = standIn({ response: { ...SCORES, factuality: 9 } });
    const provider = new WorkersAiProvider(ai, "m", 1000);
    const err = await provider.generateObject(gradeRequest).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).kind).toBe("invalid_output");
    expect(failureCodeOf(err as ProviderError)).toBe("JUDGE_EVALUATION_FAIL");
    expect(ai.calls).toHaveLength(2);
  });

  it("retries a binding error once (recovering, or failing as JUDGE_EVALUATION_UNAVAILABLE)", async () => {
    const flaky = standIn(new Error("InferenceUpstreamError: capacity exceeded"), { response: SCORES });
    expect(await new WorkersAiProvider(flaky, "m", 1000).generateObject(gradeRequest)).toEqual(SCORES);
    expect(flaky.calls).toHaveLength(2);

    const down = standIn(new Error("InferenceUpstreamError: capacity exceeded"));
    const err = (await new WorkersAiProvider(down, "m", 1000).generateObject(gradeRequest).catch((e: unknown) => e)) as ProviderError;
    expect(err.kind).toBe("unavailable");
    expect(failureCodeOf(err)).toBe("JUDGE_EVALUATION_UNAVAILABLE");
    expect(down.calls).toHaveLength(2);
  });

  it("times out a call that never answers, on both attempts", async () => {
    let calls = 0;
    const hanging = { run: () => (calls++, new Promise<never>(() => {})) };
    const err = (await new WorkersAiProvider(hanging, "m", 20).generateObject(gradeRequest).catch((e: unknown) => e)) as ProviderError;
    expect(err.kind).toBe("timeout");
    expect(failureCodeOf(err)).toBe("JUDGE_EVALUATION_FAIL");
    expect(calls).toBe(2);
  });

  it("is what MODEL_PROVIDER=workers-ai selects, and an LLM judge run on it records the model's scores", async () => {
    const ai = standIn({ response: SCORES });
    const workersAiEnv = { ...(env as unknown as Env), MODEL_PROVIDER: "workers-ai", AI: ai as unknown as Ai };
    const provider = modelProvider(workersAiEnv);
    expect(provider).toBeInstanceOf(WorkersAiProvider);
    expect(provider.model).toBe("@cf/meta/llama-3.3-70b-instruct-fp8-fast");

    // The Worker's queue consumer runs on the project's (local) provider, so this evaluation is recorded
    // without a job and run here on the Workers AI env; it is then read back through the API.
    const org = await createOrg();
    const id = crypto.randomUUID();
    const request = { prompt: "Grade strictly.", query: "What was 3M's FY2018 capex?", answer: "$1,577 million.", time_window: { end_time: "2025-01-01T00:00:00Z" }, references: [], search_type: "external" };
    await repo.createEvaluation(workersAiEnv, { id, organizationId: org.organizationId, userId: org.userId, judge: "llm", searchType: "external", request, faults: null, createdAt: new Date().toISOString() });
    await runLlmJudge(workersAiEnv, org.organizationId, id, 1);
    const p = (await jsonOf(await call(`/v2/judge/llm/${id}`, { key: org.key }))).payload;
    expect(p.status).toBe("completed");
    expect(p.result.scores).toEqual({ factuality: 5, completeness: 4, relevance: 5, grounding: 3 });
    expect(p.result.judge_model).toBe("workers-ai:@cf/meta/llama-3.3-70b-instruct-fp8-fast");
    expect((ai.calls[0].inputs.messages as { content: string }[])[0].content).toBe("Grade strictly.");
  });

  it("settles both judges failed with JUDGE_EVALUATION_UNAVAILABLE at once when the provider is not configured", async () => {
    const unconfigured = { ...env, MODEL_PROVIDER: "openai", OPENAI_BASE_URL: undefined } as unknown as Env;
    const org = await createOrg();
    for (const judge of ["llm", "agent"] as const) {
      const id = crypto.randomUUID();
      const request = { query: "What was 3M's FY2018 capex?", answer: "$1,577 million.", references: [], search_type: "external", ...(judge === "llm" ? { prompt: "Grade." } : {}) };
      await repo.createEvaluation(unconfigured, { id, organizationId: org.organizationId, userId: org.userId, judge, searchType: "external", request, faults: null, createdAt: new Date().toISOString() });
      await (judge === "llm" ? runLlmJudge : runAgentJudge)(unconfigured, org.organizationId, id, 1);
      const p = (await jsonOf(await call(`/v2/judge/${judge}/${id}`, { key: org.key }))).payload;
      expect(p.status).toBe("failed");
      expect(p.failure.code).toBe("JUDGE_EVALUATION_UNAVAILABLE");
    }
  });
});
