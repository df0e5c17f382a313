// POST /v2/analytics/messages/{chat_message_id}/judge: the synchronous source-grounding judge of a stored
// analytics answer. Schemas here, logic in judge.ts (engine and service) and judge-verdict.ts (schemas).
import { z } from "zod";
import { defineRoute } from "../core/route";
import { judgeMessage } from "./judge";
import { SCHEMA_LIMITS } from "./judge-verdict";

/** The judging instruction, in UTF-16 code units (the LLM judge's prompt cap). */
export const MAX_JUDGE_PROMPT = 50_000;
/** A prompt at its cap is up to 3 bytes per code unit, plus the schema and the JSON around them. */
const MAX_BODY_BYTES = 3 * MAX_JUDGE_PROMPT + SCHEMA_LIMITS.bytes + 4_096;

const judgeParams = z.object({ chat_message_id: z.uuid({ error: "chat_message_id must be a UUID" }) });

/** Unknown fields are ignored (organization_id is read by tenant resolution). */
const judgeRequest = z.object({
  prompt: z
    .string()
    .refine((s) => s.trim().length > 0, "prompt must contain non-whitespace text")
    .refine((s) => s.length <= MAX_JUDGE_PROMPT, `prompt is longer than ${MAX_JUDGE_PROMPT} UTF-16 code units`)
    .describe("The entire judging instruction (the service adds no criteria); at most 50,000 UTF-16 code units"),
  response_schema: z
    .record(z.string(), z.unknown(), { error: "response_schema must be a JSON object" })
    .optional()
    .describe(
      "JSON-schema-style shape of the verdict: type object with properties, required, additionalProperties; property types string (enum), number and integer (minimum, maximum, enum), boolean, null, array (items, maxItems), object, or one of them with null. At most 32,768 characters, 8 levels, 400 schemas",
    ),
});

const judgeResponse = z.object({
  chat_message_id: z.uuid(),
  verdict: z
    .record(z.string(), z.unknown())
    .describe("Follows response_schema; without one: {score (0-1), claims: [{claim, citation_idxs, grounded, issue}], ungrounded_numbers, report}"),
  judge_model: z.string(),
  references_evaluated: z.number().int().describe("Distinct references the answer cites"),
});

export const analyticsJudgeRoutes = [
  defineRoute({
    method: "POST",
    path: "/v2/analytics/messages/:chat_message_id/judge",
    operationId: "judgeAnalyticsMessage",
    summary: "Source-grounding judge of a stored analytics answer: each claim against the passages it cites (synchronous)",
    tag: "Chat",
    auth: "key",
    envelope: true,
    params: judgeParams,
    body: judgeRequest,
    emptyBodyAllowed: true,
    maxBodyBytes: MAX_BODY_BYTES,
    response: judgeResponse,
    errors: ["NOT_FOUND", "JUDGE_EVALUATION_FAIL", "JUDGE_EVALUATION_UNAVAILABLE"],
    handler: ({ params, body }, ctx) => judgeMessage(ctx.env, ctx.tenant, params.chat_message_id, body),
  }),
];
