// The judge endpoints: POST /v2/judge/llm, POST /v2/judge/agent (202, recorded and queued) and their
// retrieval endpoints. Schemas in schemas.ts, logic in service.ts; the handlers only wire.
import { defineRoute } from "../core/route";
import { MAX_BODY_BYTES } from "./limits";
import { agentEvaluationResponse, agentRequestSchema, evaluationIdParams, llmEvaluationResponse, llmRequestSchema, submitResponse } from "./schemas";
import * as service from "./service";

export const judgeRoutes = [
  defineRoute({
    method: "POST",
    path: "/v2/judge/llm",
    summary: "Submit an LLM judge evaluation (fixed four-dimension rubric, reference verification)",
    tag: "Judges",
    auth: "key",
    envelope: true,
    successStatus: 202,
    body: llmRequestSchema,
    maxBodyBytes: MAX_BODY_BYTES,
    tooLargeCode: "JUDGE_EVALUATION_TOO_LARGE",
    tenant: { platformKeys: "forbidden" },
    response: submitResponse,
    handler: ({ body }, ctx) => service.submit(ctx.env, ctx.tenant, "llm", body, ctx.request.headers),
  }),
  defineRoute({
    method: "POST",
    path: "/v2/judge/agent",
    summary: "Submit an agent judge evaluation (written assessment of the material claims)",
    tag: "Judges",
    auth: "key",
    envelope: true,
    successStatus: 202,
    body: agentRequestSchema,
    maxBodyBytes: MAX_BODY_BYTES,
    tooLargeCode: "JUDGE_EVALUATION_TOO_LARGE",
    response: submitResponse,
    handler: ({ body }, ctx) => service.submit(ctx.env, ctx.tenant, "agent", body, ctx.request.headers),
  }),
  defineRoute({
    method: "GET",
    path: "/v2/judge/llm/:evaluation_id",
    summary: "Read an LLM judge evaluation: status, scores, reference verdicts",
    tag: "Judges",
    auth: "key",
    envelope: true,
    params: evaluationIdParams,
    tenant: { platformKeys: "forbidden" },
    response: llmEvaluationResponse,
    handler: ({ params }, ctx) => service.getLlmEvaluation(ctx.env, ctx.tenant, params.evaluation_id),
  }),
  defineRoute({
    method: "GET",
    path: "/v2/judge/agent/:evaluation_id",
    summary: "Read an agent judge evaluation: status and written assessment",
    tag: "Judges",
    auth: "key",
    envelope: true,
    params: evaluationIdParams,
    response: agentEvaluationResponse,
    handler: ({ params }, ctx) => service.getAgentEvaluation(ctx.env, ctx.tenant, params.evaluation_id),
  }),
];
