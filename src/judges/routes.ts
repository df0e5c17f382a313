// The judge endpoints: POST /v2/judge/llm, POST /v2/judge/agent (202, recorded and queued) and their
// retrieval endpoints. Schemas in schemas.ts, logic in service.ts; the handlers only wire.
import { defineRoute, type RequestLog } from "../core/route";
import type { ErrorCode } from "../core/errors";
import { MAX_BODY_BYTES } from "./limits";
import { agentEvaluationResponse, agentRequestSchema, evaluationIdParams, llmEvaluationResponse, llmRequestSchema, submitResponse } from "./schemas";
import * as service from "./service";

/** What a submission can answer besides validation and auth: README's judge rows of the error table. */
const JUDGE_SUBMIT_ERRORS: ErrorCode[] = [
  "JUDGE_EVALUATION_INVALID_INPUT",
  "JUDGE_EVALUATION_IDEMPOTENCY_CONFLICT",
  "JUDGE_EVALUATION_FAIL",
  "JUDGE_EVALUATION_UNAVAILABLE",
];

/** A service's answer as the route's payload, its Retry-After for the response (app.ts sets the header). */
function polled<T>(log: RequestLog, answer: service.Polled<T>): T {
  log.retryAfter = answer.retryAfter;
  return answer.payload;
}

/** The OpenAPI document's words for it: on the 202, and on a read. */
const RETRY_AFTER_ACCEPTED = "1: read the evaluation after a second, then as each pending read's Retry-After says.";
const RETRY_AFTER_WHILE_PENDING =
  "While the evaluation is pending: half the seconds until it is likely settled (its place in the organization's queue over the rate that queue has settled evaluations since it was filed; 1 until 8 have), from 1 to 30. Absent once it is settled.";

export const judgeRoutes = [
  defineRoute({
    method: "POST",
    path: "/v2/judge/llm",
    operationId: "submitLlmJudgeEvaluation",
    summary: "Submit an LLM judge evaluation (fixed four-dimension rubric, reference verification)",
    tag: "Judges",
    auth: "key",
    envelope: true,
    errors: JUDGE_SUBMIT_ERRORS,
    successStatus: 202,
    body: llmRequestSchema,
    maxBodyBytes: MAX_BODY_BYTES,
    tooLargeCode: "JUDGE_EVALUATION_TOO_LARGE",
    tenant: { platformKeys: "forbidden" },
    response: submitResponse,
    retryAfterOnSuccess: RETRY_AFTER_ACCEPTED,
    handler: async ({ body }, ctx) => polled(ctx.log, await service.submit(ctx.env, ctx.tenant, "llm", body, ctx.request.headers)),
  }),
  defineRoute({
    method: "POST",
    path: "/v2/judge/agent",
    operationId: "submitAgentJudgeEvaluation",
    summary: "Submit an agent judge evaluation (written assessment of the material claims)",
    tag: "Judges",
    auth: "key",
    envelope: true,
    errors: JUDGE_SUBMIT_ERRORS,
    successStatus: 202,
    body: agentRequestSchema,
    maxBodyBytes: MAX_BODY_BYTES,
    tooLargeCode: "JUDGE_EVALUATION_TOO_LARGE",
    response: submitResponse,
    retryAfterOnSuccess: RETRY_AFTER_ACCEPTED,
    handler: async ({ body }, ctx) => polled(ctx.log, await service.submit(ctx.env, ctx.tenant, "agent", body, ctx.request.headers)),
  }),
  defineRoute({
    method: "GET",
    path: "/v2/judge/llm/:evaluation_id",
    operationId: "getLlmJudgeEvaluation",
    summary: "Read an LLM judge evaluation: status, scores, reference verdicts",
    tag: "Judges",
    auth: "key",
    envelope: true,
    errors: ["NOT_FOUND"],
    params: evaluationIdParams,
    tenant: { platformKeys: "forbidden" },
    response: llmEvaluationResponse,
    retryAfterOnSuccess: RETRY_AFTER_WHILE_PENDING,
    handler: async ({ params }, ctx) => polled(ctx.log, await service.getLlmEvaluation(ctx.env, ctx.tenant, params.evaluation_id)),
  }),
  defineRoute({
    method: "GET",
    path: "/v2/judge/agent/:evaluation_id",
    operationId: "getAgentJudgeEvaluation",
    summary: "Read an agent judge evaluation: status and written assessment",
    tag: "Judges",
    auth: "key",
    envelope: true,
    errors: ["NOT_FOUND"],
    params: evaluationIdParams,
    response: agentEvaluationResponse,
    retryAfterOnSuccess: RETRY_AFTER_WHILE_PENDING,
    handler: async ({ params }, ctx) => polled(ctx.log, await service.getAgentEvaluation(ctx.env, ctx.tenant, params.evaluation_id)),
  }),
];
