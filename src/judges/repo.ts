// Every query of the judges: evaluations, idempotency keys, usage rows and run checkpoints, always
// scoped by organization_id and run against the organization's database (tenantD1). A submission larger
// than 16 KiB is kept in R2 (DOCUMENTS, the deployment's jurisdiction), its row holding only the key.
// A queue run's statements go through a Send: alone, or with the D1 calls of the batch's other runs and
// their searches (the RunGroup's batchedReads, steps.ts).
import type { Env } from "../core/env";
import { tenantD1 } from "../core/db";

/**
 * How a run's statements reach D1. The statements of one call run in order in one transaction (one D1
 * batch), as db.batch does; a call's results are its statements' results, in order.
 */
export type Send = (db: D1Database, statements: D1PreparedStatement[]) => Promise<D1Result[]>;

/** Each call its own round trip. */
export const sendDirect: Send = async (db, statements) => (statements.length === 1 ? [await statements[0].run()] : db.batch(statements));

export type Judge = "llm" | "agent";
export type EvaluationStatus = "pending" | "completed" | "excluded" | "failed";

export interface EvaluationRow {
  id: string;
  organizationId: string;
  userId: string | null;
  judge: Judge;
  status: EvaluationStatus;
  searchType: "rms" | "external" | "all";
  /** The submission; one kept in R2 reads as `{r2: key}` except from startRun, which loads it. */
  request: unknown;
  faults: string | null;
  result: unknown;
  failureCode: string | null;
  failureMessage: string | null;
  createdAt: string;
  completedAt: string | null;
}

interface RawRow {
  id: string;
  organization_id: string;
  user_id: string | null;
  judge: Judge;
  status: EvaluationStatus;
  search_type: EvaluationRow["searchType"];
  request: string;
  faults: string | null;
  result: string | null;
  failure_code: string | null;
  failure_message: string | null;
  created_at: string;
  completed_at: string | null;
}

/**
 * Submissions up to this size (serialized) stay in the row; larger ones (up to about 1 MB) go to R2, so D1
 * rows stay small (a database holds 10 GB) and a status poll never reads a whole submission.
 */
const INLINE_REQUEST_CHARS = 16 * 1024;

/** What the row holds for a submission stored in R2. */
interface StoredRequest {
  r2: string;
}

function requestKey(organizationId: string, id: string): string {
  return `judge-requests/${organizationId}/${id}.json`;
}

function isStored(request: unknown): request is StoredRequest {
  return typeof request === "object" && request !== null && Object.keys(request).length === 1 && typeof (request as StoredRequest).r2 === "string";
}

function toRow(r: RawRow): EvaluationRow {
  return {
    id: r.id,
    organizationId: r.organization_id,
    userId: r.user_id,
    judge: r.judge,
    status: r.status,
    searchType: r.search_type,
    request: JSON.parse(r.request),
    faults: r.faults,
    result: r.result === null ? null : JSON.parse(r.result),
    failureCode: r.failure_code,
    failureMessage: r.failure_message,
    createdAt: r.created_at,
    completedAt: r.completed_at,
  };
}

export interface NewEvaluation {
  id: string;
  organizationId: string;
  userId: string | null;
  judge: Judge;
  searchType: string;
  request: unknown;
  faults: string | null;
  createdAt: string;
  idempotency?: { key: string; bodyHash: string };
}

type Inserted = { created: true } | { created: false; evaluationId: string; bodyHash: string };
/** requestChars: the stored submission's length in UTF-16 units (what its run holds in memory scales with it). */
export type CreateOutcome = { created: true; requestChars: number } | { created: false; evaluationId: string; bodyHash: string };

/**
 * Records the evaluation. With an Idempotency-Key the key row and the evaluation are written in one
 * batch (a transaction): the key row is inserted only if absent, and the evaluation only if the key row
 * now names it, so concurrent submissions with one key produce exactly one evaluation.
 */
export async function createEvaluation(env: Env, e: NewEvaluation): Promise<CreateOutcome> {
  const body = JSON.stringify(e.request);
  const sized = (row: Inserted): CreateOutcome => (row.created ? { created: true, requestChars: body.length } : row);
  if (body.length <= INLINE_REQUEST_CHARS) return sized(await insertEvaluation(env, e, body));
  // A large submission goes to R2 while its row is written: no job names the evaluation before both are in
  // (the caller queues it after this returns), and a failed write takes the other one back, so a queued
  // evaluation never names a missing object.
  const key = requestKey(e.organizationId, e.id);
  const [object, row] = await Promise.allSettled([
    env.DOCUMENTS.put(key, body, { httpMetadata: { contentType: "application/json" } }),
    insertEvaluation(env, e, JSON.stringify({ r2: key } satisfies StoredRequest)),
  ]);
  if (object.status === "rejected") {
    if (row.status === "fulfilled" && row.value.created) await forgetEvaluation(env, e.organizationId, e.id);
    throw object.reason;
  }
  if (row.status === "rejected") {
    await env.DOCUMENTS.delete(key);
    throw row.reason;
  }
  // A replay of the key: the evaluation it names already holds the submission.
  if (!row.value.created) await env.DOCUMENTS.delete(key);
  return sized(row.value);
}

async function insertEvaluation(env: Env, e: NewEvaluation, stored: string): Promise<Inserted> {
  const db = tenantD1(env, e.organizationId);
  const insert = `INSERT INTO judge_evaluations (id, organization_id, user_id, judge, status, search_type, request, faults, created_at)
    SELECT ?1, ?2, ?3, ?4, 'pending', ?5, ?6, ?7, ?8`;
  const values = [e.id, e.organizationId, e.userId, e.judge, e.searchType, stored, e.faults, e.createdAt];
  if (!e.idempotency) {
    await db.prepare(insert).bind(...values).run();
    return { created: true };
  }
  const { key, bodyHash } = e.idempotency;
  await db.batch([
    db
      .prepare(
        `INSERT INTO judge_idempotency (organization_id, judge, idempotency_key, body_hash, evaluation_id, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (organization_id, judge, idempotency_key) DO NOTHING`,
      )
      .bind(e.organizationId, e.judge, key, bodyHash, e.id, e.createdAt),
    db
      .prepare(`${insert} WHERE EXISTS (SELECT 1 FROM judge_idempotency WHERE organization_id = ?2 AND judge = ?4 AND idempotency_key = ?9 AND evaluation_id = ?1)`)
      .bind(...values, key),
  ]);
  const owner = await db
    .prepare("SELECT evaluation_id, body_hash FROM judge_idempotency WHERE organization_id = ? AND judge = ? AND idempotency_key = ?")
    .bind(e.organizationId, e.judge, key)
    .first<{ evaluation_id: string; body_hash: string }>();
  if (!owner) throw new Error("idempotency row vanished");
  if (owner.evaluation_id === e.id) return { created: true };
  return { created: false, evaluationId: owner.evaluation_id, bodyHash: owner.body_hash };
}

/** Undoes a submission whose job could not be queued, so a retry with the same key can start afresh. */
export async function forgetEvaluation(env: Env, organizationId: string, id: string): Promise<void> {
  const db = tenantD1(env, organizationId);
  await db.batch([
    db.prepare("DELETE FROM judge_idempotency WHERE organization_id = ? AND evaluation_id = ?").bind(organizationId, id),
    db.prepare("DELETE FROM judge_evaluations WHERE organization_id = ? AND id = ?").bind(organizationId, id),
  ]);
  await env.DOCUMENTS.delete(requestKey(organizationId, id));
}

/**
 * What a pending evaluation's Retry-After is read from (service.ts retryAfterSeconds): its place in the
 * organization's queue, and how fast that queue has settled evaluations since this one was filed (a rate
 * read over its own wait, so an idle spell before it does not count). Null once it is settled.
 */
export interface QueueHint {
  /** The organization's pending evaluations filed up to this one, itself included (at most HINT_CAP). */
  ahead: number;
  /** The organization's evaluations settled since this one was filed (at most HINT_CAP), and the first of those settlements. */
  settled: number;
  settledSince: string | null;
}

/** Rows a count reads at most: a hint for a very long queue needs no exact place. */
const HINT_CAP = 10_000;

/** The QueueHint's columns for the evaluation row `e`, null unless it is pending: index ranges only
 * (migrations/db/0008_judge_poll_hint.sql). */
const HINT_COLUMNS = (() => {
  const pending = (expr: string) => `CASE WHEN e.status = 'pending' THEN (${expr}) END`;
  const since = "FROM judge_evaluations s WHERE s.organization_id = e.organization_id AND s.completed_at >= e.created_at";
  return [
    `${pending(`SELECT count(*) FROM (SELECT 1 FROM judge_evaluations q WHERE q.organization_id = e.organization_id AND q.status = 'pending' AND q.created_at <= e.created_at LIMIT ${HINT_CAP})`)} AS hint_ahead`,
    `${pending(`SELECT count(*) FROM (SELECT 1 ${since} LIMIT ${HINT_CAP})`)} AS hint_settled`,
    `${pending(`SELECT min(s.completed_at) ${since}`)} AS hint_settled_since`,
  ].join(",\n         ");
})();

interface HintColumns {
  hint_ahead: number | null;
  hint_settled: number | null;
  hint_settled_since: string | null;
}

/**
 * The evaluation as a status read needs it: everything but the submission (`request` reads as null), which
 * only a run reads (startRun), and while it is pending its QueueHint, in the same statement. A client polls
 * each evaluation several times, and a submission is up to 16 KiB in the row: D1 would send it and the
 * Worker parse it on every poll.
 */
export async function findEvaluation(
  env: Env,
  organizationId: string,
  judge: Judge,
  id: string,
): Promise<(EvaluationRow & { request: null; hint: QueueHint | null }) | null> {
  const row = await tenantD1(env, organizationId)
    .prepare(
      `SELECT id, organization_id, user_id, judge, status, search_type, 'null' AS request, faults, result, failure_code, failure_message, created_at, completed_at,
         ${HINT_COLUMNS}
       FROM judge_evaluations e WHERE organization_id = ? AND judge = ? AND id = ?`,
    )
    .bind(organizationId, judge, id)
    .first<RawRow & HintColumns>();
  if (!row) return null;
  const hint = row.hint_ahead === null ? null : { ahead: row.hint_ahead, settled: row.hint_settled ?? 0, settledSince: row.hint_settled_since };
  return { ...toRow(row), request: null, hint };
}

export interface RunStart {
  row: EvaluationRow;
  /** The steps a previous delivery finished. */
  checkpoints: Map<string, Checkpoint>;
}

/**
 * Starts (or resumes) a queued run in one round trip: the usage row is inserted only while the evaluation
 * is pending, and only once (a redelivered job finds it present and bills nothing more); then the
 * evaluation and its stored steps are read back. Null when the evaluation is missing or already settled.
 */
export async function startRun(env: Env, organizationId: string, judge: Judge, id: string, send: Send = sendDirect): Promise<RunStart | null> {
  const db = tenantD1(env, organizationId);
  const [, evaluation, steps] = await send(db, [
    db
      .prepare(
        `INSERT INTO judge_usage (evaluation_id, organization_id, judge, started_at)
         SELECT ?1, ?2, ?3, ?4 WHERE EXISTS (SELECT 1 FROM judge_evaluations WHERE organization_id = ?2 AND judge = ?3 AND id = ?1 AND status = 'pending')
         ON CONFLICT (evaluation_id) DO NOTHING`,
      )
      .bind(id, organizationId, judge, new Date().toISOString()),
    db.prepare("SELECT * FROM judge_evaluations WHERE organization_id = ? AND judge = ? AND id = ?").bind(organizationId, judge, id),
    db.prepare("SELECT step, attempt, state FROM judge_checkpoints WHERE organization_id = ? AND evaluation_id = ?").bind(organizationId, id),
  ]);
  const raw = (evaluation.results as RawRow[])[0];
  if (!raw || raw.status !== "pending") return null;
  const row = toRow(raw);
  if (isStored(row.request)) {
    const object = await env.DOCUMENTS.get(row.request.r2);
    // Missing only if R2 lost it: the job fails and is retried, then the dead-letter queue settles it.
    if (!object) throw new Error(`judge submission ${id} not found in R2`);
    row.request = await object.json();
  }
  return { row, checkpoints: toCheckpoints(steps.results as CheckpointRow[]) };
}

export type Settlement =
  | { status: "completed" | "excluded"; result: unknown }
  | { status: "failed"; code: string; message: string };

/**
 * Settles a pending evaluation once; a later settlement of the same evaluation changes nothing. `steps`
 * (the run's last step, see steps.ts lastStep) are stored in the same D1 batch (one transaction): stored
 * if and only if the settlement is.
 */
export async function settleEvaluation(env: Env, organizationId: string, id: string, s: Settlement, send: Send = sendDirect, steps: NewCheckpoint[] = []): Promise<boolean> {
  const now = new Date().toISOString();
  const db = tenantD1(env, organizationId);
  const statement =
    s.status === "failed"
      ? db
          .prepare("UPDATE judge_evaluations SET status = 'failed', failure_code = ?, failure_message = ?, completed_at = ? WHERE organization_id = ? AND id = ? AND status = 'pending'")
          .bind(s.code, s.message, now, organizationId, id)
      : db
          .prepare("UPDATE judge_evaluations SET status = ?, result = ?, completed_at = ? WHERE organization_id = ? AND id = ? AND status = 'pending'")
          .bind(s.status, JSON.stringify(s.result), now, organizationId, id);
  const [res] = await send(db, [statement, ...steps.map((c) => checkpointStatement(db, organizationId, id, c))]);
  return (res.meta.changes ?? 0) > 0;
}

export interface Checkpoint {
  step: string;
  attempt: number;
  state: unknown;
}

interface CheckpointRow {
  step: string;
  attempt: number;
  state: string;
}

function toCheckpoints(rows: CheckpointRow[]): Map<string, Checkpoint> {
  return new Map(rows.map((r) => [r.step, { step: r.step, attempt: r.attempt, state: JSON.parse(r.state) }]));
}

/** A finished step's state, to be stored. */
export interface NewCheckpoint {
  step: string;
  attempt: number;
  state: unknown;
}

function checkpointStatement(db: D1Database, organizationId: string, id: string, c: NewCheckpoint): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO judge_checkpoints (evaluation_id, organization_id, step, attempt, state, created_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (evaluation_id, step) DO NOTHING`,
    )
    .bind(id, organizationId, c.step, c.attempt, JSON.stringify(c.state), new Date().toISOString());
}

export async function saveCheckpoint(env: Env, organizationId: string, id: string, step: string, attempt: number, state: unknown, send: Send = sendDirect): Promise<void> {
  const db = tenantD1(env, organizationId);
  await send(db, [checkpointStatement(db, organizationId, id, { step, attempt, state })]);
}
