// Submission and retrieval of both judges, without HTTP: size caps, idempotency over a canonical hash
// of the body with defaults applied (the organization's key space), recording then queuing (202), and the
// retrieval shapes, readable by the whole organization with other users' private excerpts redacted.
import type { Env } from "../core/env";
import type { Tenant } from "../core/auth";
import { ApiError, notFound } from "../core/errors";
import { sha256Hex } from "../core/crypto";
import { enforceSizeCaps } from "./limits";
import { readFaultHeader } from "./faults";
import * as repo from "./repo";
import { visibleDocumentIds } from "../documents/service";
import type { AgentEvaluation, AgentRequest, Assessment, LlmEvaluation, LlmRequest, LlmResult, RedactedExcerpt } from "./schemas";
import { toUtc } from "./time";

export const MAX_IDEMPOTENCY_KEY = 255;

/** A pending evaluation's answer with the seconds its reader should wait before reading it again. */
export interface Polled<T> {
  payload: T;
  /** Retry-After, while the evaluation is pending. */
  retryAfter?: number;
}

/** Retry-After on a submission's 202, and while the organization's queue has settled too few evaluations
 * since this one was filed to read a rate from: the queue's batch wait is up to a second, and one
 * evaluation's run takes about as long. */
export const FIRST_POLL_SECONDS = 1;
/** Settlements a drain rate is read from, at least: fewer than a batch (20), so the read a second into a burst has one. */
const RATE_SAMPLE = 8;
/** The longest Retry-After: a client checks back at least this often, whatever the estimate. */
const MAX_POLL_SECONDS = 30;
/** The shortest span a drain rate is read over: a batch's settlements come within milliseconds. */
const MIN_RATE_SPAN_MS = 250;

/**
 * Seconds until a pending evaluation is likely settled: its place in the organization's queue over the rate
 * at which that queue has settled evaluations since it was filed (their count over the time from the first
 * of them to now), rounded up, from 1 to 30. Undefined once it is settled.
 */
export function retryAfterSeconds(hint: repo.QueueHint | null, now = Date.now()): number | undefined {
  if (!hint) return undefined;
  const since = hint.settledSince === null ? NaN : Date.parse(hint.settledSince);
  if (hint.settled < RATE_SAMPLE || Number.isNaN(since)) return FIRST_POLL_SECONDS;
  const perSecond = hint.settled / (Math.max(MIN_RATE_SPAN_MS, now - since) / 1000);
  return Math.min(MAX_POLL_SECONDS, Math.max(1, Math.ceil(hint.ahead / perSecond / 2)));
}

export interface JudgeJob {
  kind: "judge.llm" | "judge.agent";
  organization_id: string;
  evaluation_id: string;
  /** The submission's length (UTF-16 units): the consumer runs a batch's jobs together within a budget of it. */
  request_chars: number;
}

/** JSON with object keys sorted at every level: equal bodies hash equally whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

function idempotencyKey(headers: Headers): string | null {
  const key = headers.get("Idempotency-Key");
  if (key === null) return null;
  if (key.trim() === "") throw new ApiError("INVALID_REQUEST_BODY", "Idempotency-Key must not be empty");
  if (key.length > MAX_IDEMPOTENCY_KEY) throw new ApiError("INVALID_REQUEST_BODY", `Idempotency-Key is longer than ${MAX_IDEMPOTENCY_KEY} characters`);
  return key;
}

export async function submit(
  env: Env,
  tenant: Tenant,
  judge: repo.Judge,
  body: LlmRequest | AgentRequest,
  headers: Headers,
): Promise<Polled<{ evaluation_id: string; status: repo.EvaluationStatus }>> {
  const key = idempotencyKey(headers);
  const faults = readFaultHeader(env, headers);
  await enforceSizeCaps(body);
  const id = crypto.randomUUID();
  const outcome = await repo.createEvaluation(env, {
    id,
    organizationId: tenant.organizationId,
    userId: tenant.user?.id ?? null,
    judge,
    searchType: body.search_type,
    request: body,
    faults,
    createdAt: new Date().toISOString(),
    idempotency: key ? { key, bodyHash: await sha256Hex(canonicalJson(body)) } : undefined,
  });
  if (!outcome.created) {
    if (outcome.bodyHash !== (await sha256Hex(canonicalJson(body)))) {
      throw new ApiError("JUDGE_EVALUATION_IDEMPOTENCY_CONFLICT", "Idempotency-Key was already used with a different body");
    }
    // The key space is the organization's: any of its users retrying gets the evaluation it filed.
    const existing = await repo.findEvaluation(env, tenant.organizationId, judge, outcome.evaluationId);
    if (!existing) throw new Error("idempotent evaluation missing");
    return { payload: { evaluation_id: existing.id, status: existing.status }, retryAfter: retryAfterSeconds(existing.hint) };
  }
  const job: JudgeJob = { kind: judge === "llm" ? "judge.llm" : "judge.agent", organization_id: tenant.organizationId, evaluation_id: id, request_chars: outcome.requestChars };
  try {
    await env.JUDGE_QUEUE.send(job);
  } catch (err) {
    await repo.forgetEvaluation(env, tenant.organizationId, id);
    console.error(JSON.stringify({ level: "error", message: "judge job not queued", error: err instanceof Error ? err.message : String(err) }));
    throw new ApiError("JUDGE_EVALUATION_UNAVAILABLE", "The evaluation could not be queued; retry later", { retryAfter: 5 });
  }
  return { payload: { evaluation_id: id, status: "pending" }, retryAfter: FIRST_POLL_SECONDS };
}

/** Evaluations are filed under the organization: any of its users (or a platform key naming it) reads them. */
async function load(env: Env, tenant: Tenant, judge: repo.Judge, id: string) {
  const row = await repo.findEvaluation(env, tenant.organizationId, judge, id);
  if (!row) throw notFound("Evaluation");
  return row;
}

const REDACTED: RedactedExcerpt = { redacted: true, reason: "private document" };

/**
 * A run searches with its submitter's visibility (jobTenant), so its excerpts may quote the submitter's
 * private documents. The submitter reads them as they are; another reader gets the same verdicts and counts
 * with each excerpt of a document it cannot see replaced by the redaction marker.
 */
async function redactorFor(env: Env, tenant: Tenant, row: repo.EvaluationRow, documentIds: string[]) {
  const submitter = row.userId !== null && row.userId === tenant.user?.id;
  const visible = submitter ? null : await visibleDocumentIds(env, tenant, documentIds);
  return <T extends { document_id: string }>(excerpt: T): T | RedactedExcerpt => (visible === null || visible.has(excerpt.document_id) ? excerpt : REDACTED);
}

function failureOf(row: repo.EvaluationRow) {
  return row.status === "failed" ? { failure: { code: row.failureCode ?? "JUDGE_EVALUATION_FAIL", message: row.failureMessage ?? "The evaluation failed" } } : {};
}

async function readableResult(env: Env, tenant: Tenant, row: repo.EvaluationRow): Promise<LlmEvaluation["result"]> {
  if (row.status !== "completed") return null;
  const result = row.result as LlmResult;
  const redact = await redactorFor(env, tenant, row, result.reference_verdicts.flatMap((v) => v.evidence.map((e) => e.document_id)));
  return { ...result, reference_verdicts: result.reference_verdicts.map((v) => ({ ...v, evidence: v.evidence.map(redact) })) };
}

async function readableAssessment(env: Env, tenant: Tenant, row: repo.EvaluationRow): Promise<AgentEvaluation["assessment"]> {
  if (row.status !== "completed" && row.status !== "excluded") return null;
  const assessment = row.result as Assessment;
  const redact = await redactorFor(env, tenant, row, assessment.claims.flatMap((c) => c.sources.map((s) => s.document_id)));
  return { ...assessment, claims: assessment.claims.map((c) => ({ ...c, sources: c.sources.map(redact) })) };
}

export async function getLlmEvaluation(env: Env, tenant: Tenant, id: string): Promise<Polled<LlmEvaluation>> {
  const row = await load(env, tenant, "llm", id);
  const payload: LlmEvaluation = {
    evaluation_id: row.id,
    status: row.status as "pending" | "completed" | "failed",
    created_at: toUtc(row.createdAt),
    completed_at: row.completedAt ? toUtc(row.completedAt) : null,
    search_type: row.searchType,
    result: await readableResult(env, tenant, row),
    ...failureOf(row),
  };
  return { payload, retryAfter: retryAfterSeconds(row.hint) };
}

export async function getAgentEvaluation(env: Env, tenant: Tenant, id: string): Promise<Polled<AgentEvaluation>> {
  const row = await load(env, tenant, "agent", id);
  const payload: AgentEvaluation = {
    evaluation_id: row.id,
    status: row.status,
    created_at: toUtc(row.createdAt),
    completed_at: row.completedAt ? toUtc(row.completedAt) : null,
    assessment: await readableAssessment(env, tenant, row),
    ...failureOf(row),
  };
  return { payload, retryAfter: retryAfterSeconds(row.hint) };
}
