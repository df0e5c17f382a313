// Request and response schemas of both judges (zod): structure, required and enum rules, the reference
// shape, the time window. Size caps live in limits.ts because they answer JUDGE_EVALUATION_TOO_LARGE.
import { z } from "zod";
import { parseInstant } from "./time";

/** Clock skew tolerated on a future end_time. */
export const FUTURE_SKEW_MS = 5 * 60 * 1000;

const nonBlank = (field: string) => z.string({ error: (i) => (i.input === undefined ? `${field} is required` : `${field} must be a string`) }).refine((s) => s.trim().length > 0, `${field} must contain non-whitespace text`);

const instant = (field: string) =>
  z.string({ error: (i) => (i.input === undefined ? `${field} is required` : `${field} must be a string`) }).refine((s) => parseInstant(s) !== null, {
    message: `${field} must be an RFC 3339 timestamp with Z or a numeric offset (e.g. 2025-03-31T23:59:59Z)`,
  });

export const timeWindowSchema = z
  .strictObject({ start_time: instant("time_window.start_time").optional(), end_time: instant("time_window.end_time") })
  .superRefine((w, ctx) => {
    const end = parseInstant(w.end_time);
    const start = w.start_time === undefined ? null : parseInstant(w.start_time);
    if (end !== null && end > Date.now() + FUTURE_SKEW_MS) ctx.addIssue({ code: "custom", path: ["end_time"], message: "time_window.end_time is in the future" });
    if (end !== null && start !== null && start > end) ctx.addIssue({ code: "custom", path: ["start_time"], message: "time_window.start_time is after end_time" });
  });

const httpUrl = z.string().refine((s) => {
  try {
    const u = new URL(s);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}, "url must be an http(s) URL");

const plainObject = z.record(z.string(), z.unknown(), { error: "metadata must be a JSON object" });

export const referenceSchema = z.strictObject(
  {
    title: z.string().optional(),
    content: nonBlank("content"),
    url: httpUrl.optional(),
    metadata: plainObject.optional(),
  },
  { error: (i) => (typeof i.input === "object" && i.input !== null ? undefined : "each reference must be an object {title?, content, url?, metadata?}") },
);

export const searchTypeSchema = z.enum(["rms", "external", "all"]);

export const LLM_MAX_REFERENCES = 50;
export const AGENT_MAX_REFERENCES = 200;

export const llmRequestSchema = z.strictObject({
  prompt: nonBlank("prompt").optional(),
  query: nonBlank("query"),
  answer: nonBlank("answer"),
  time_window: timeWindowSchema,
  references: z.array(referenceSchema).max(LLM_MAX_REFERENCES, `references has at most ${LLM_MAX_REFERENCES} items`).default([]),
  search_type: searchTypeSchema.default("external"),
});

/** Unknown fields are ignored (stripped), as the spec says; organization_id etc. are read by tenant resolution. */
export const agentRequestSchema = z.object({
  query: nonBlank("query"),
  answer: nonBlank("answer"),
  time_window: timeWindowSchema,
  references: z.array(referenceSchema).max(AGENT_MAX_REFERENCES, `references has at most ${AGENT_MAX_REFERENCES} items`).default([]),
  search_type: searchTypeSchema.default("external"),
});

export type LlmRequest = z.output<typeof llmRequestSchema>;
export type AgentRequest = z.output<typeof agentRequestSchema>;
export type Reference = z.output<typeof referenceSchema>;
export type SearchType = z.output<typeof searchTypeSchema>;

export const evaluationIdParams = z.object({ evaluation_id: z.uuid({ error: "evaluation_id must be a UUID" }) });

export const submitResponse = z.object({ evaluation_id: z.uuid(), status: z.enum(["pending", "completed", "excluded", "failed"]) });

const evidence = z.object({ document_id: z.string(), document_name: z.string(), chunk_id: z.string(), text: z.string(), published_at: z.string().nullable() });
const claimSource = z.object({ document_id: z.string(), document_name: z.string(), chunk_id: z.string(), text: z.string() });

/**
 * What a reader other than the submitter gets in place of an excerpt (and its document's id and name) taken
 * from a document that reader cannot see: the run searched with the submitter's visibility.
 */
export const redactedExcerpt = z.object({ redacted: z.literal(true), reason: z.literal("private document") });
const score = z.number().int().min(1).max(5);

export const referenceVerdictSchema = z.object({
  reference_index: z.number().int().min(0),
  verdict: z.enum(["supported", "contradicted", "unresolved"]),
  evidence: z.array(evidence),
  explanation: z.string(),
});

export const llmResultSchema = z.object({
  scores: z.object({ factuality: score, completeness: score, relevance: score, grounding: score }),
  overall_score: z.number(),
  reasoning: z.string(),
  reference_verdicts: z.array(referenceVerdictSchema),
  input_reference_count: z.number().int(),
  verified_reference_count: z.number().int(),
  judge_model: z.string(),
});

const failure = z.object({ code: z.string(), message: z.string() });

/** The result as read: llmResultSchema with each evidence excerpt possibly redacted for the reader. */
const llmResultView = llmResultSchema.extend({
  reference_verdicts: z.array(referenceVerdictSchema.extend({ evidence: z.array(z.union([evidence, redactedExcerpt])) })),
});

export const llmEvaluationResponse = z.object({
  evaluation_id: z.uuid(),
  status: z.enum(["pending", "completed", "failed"]),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  search_type: searchTypeSchema,
  result: llmResultView.nullable(),
  failure: failure.optional(),
});

export const claimSchema = z.object({
  claim: z.string(),
  material: z.boolean(),
  verdict: z.enum(["supported", "contradicted", "unsupported"]),
  explanation: z.string(),
  sources: z.array(claimSource),
});

export const assessmentSchema = z.object({
  summary: z.string(),
  verdict: z.enum(["accurate", "minor_issues", "major_issues"]).nullable(),
  claims: z.array(claimSchema),
  exclusion_reason: z.enum(["refusal", "no_material_claims"]).nullable(),
});

/** The assessment as read: assessmentSchema with each claim source possibly redacted for the reader. */
const assessmentView = assessmentSchema.extend({ claims: z.array(claimSchema.extend({ sources: z.array(z.union([claimSource, redactedExcerpt])) })) });

export const agentEvaluationResponse = z.object({
  evaluation_id: z.uuid(),
  status: z.enum(["pending", "completed", "excluded", "failed"]),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  assessment: assessmentView.nullable(),
  failure: failure.optional(),
});

export type LlmResult = z.output<typeof llmResultSchema>;
export type ReferenceVerdict = z.output<typeof referenceVerdictSchema>;
export type Assessment = z.output<typeof assessmentSchema>;
export type Claim = z.output<typeof claimSchema>;
export type RedactedExcerpt = z.output<typeof redactedExcerpt>;
export type LlmEvaluation = z.output<typeof llmEvaluationResponse>;
export type AgentEvaluation = z.output<typeof agentEvaluationResponse>;
