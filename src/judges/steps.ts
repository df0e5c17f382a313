// Checkpointed steps of a judge run: a finished step's state is stored in judge_checkpoints, so a
// redelivered queue job reads it back instead of doing (and paying for) the work again. Runs started
// together by one queue batch share a RunGroup, so their D1 statements and searches travel together.
import type { Env } from "../core/env";
import type { Tenant } from "../core/auth";
import { batchedReads, batchedSearchChunks, type ChunkSearch } from "../search";
import { InjectedFault } from "./faults";
import * as repo from "./repo";

/** Test-only (X-Judge-Faults): steps that fail the job's first delivery, before they run or once stored. */
export interface StepFaults {
  before?: Set<string>;
  after?: Set<string>;
}

/**
 * What the runs of one queue invocation share: one batchedReads, through which their D1 statements (send)
 * and their searches' D1 reads (search) travel together, and the tenant each searches as, looked up once
 * per organization and user.
 */
export interface RunGroup {
  send: repo.Send;
  /** send for statements that can wait a few turns for the next flush (BatchedReads.sendLater): checkpoints and settlements. */
  sendLater: repo.Send;
  search: ChunkSearch;
  tenants: Map<string, Promise<Tenant>>;
}

/** A group for runs of one invocation (never share one between invocations: see BatchedReads.send). */
export function runGroup(env: Env): RunGroup {
  const reads = batchedReads();
  return { send: reads.send, sendLater: reads.sendLater, search: batchedSearchChunks(env, reads), tenants: new Map() };
}

export interface RunSteps {
  env: Env;
  organizationId: string;
  evaluationId: string;
  /** The queue delivery (1 on the first). */
  attempt: number;
  done: Map<string, repo.Checkpoint>;
  faults: StepFaults;
  /** How the run's checkpoints and settlement travel: with the next flush of its group's D1 reads (RunGroup.sendLater). */
  send: repo.Send;
  /** The last step's state, stored with the settlement (lastStep, settleRun). */
  unsaved: repo.NewCheckpoint[];
}

/** A run resuming after the steps `done` (read by repo.startRun). */
export function resumeRunSteps(env: Env, start: repo.RunStart, attempt: number, group: RunGroup, faults: StepFaults = {}): RunSteps {
  return { env, organizationId: start.row.organizationId, evaluationId: start.row.id, attempt, done: start.checkpoints, faults, send: group.sendLater, unsaved: [] };
}

/**
 * How a step's state is stored when it holds what D1 has already (a passage's text): `store` gives the
 * stored form, `load` the state again from it. Without one, the state is stored as it is.
 */
export interface StepCodec<T> {
  store(state: T): unknown;
  load(stored: unknown): Promise<T>;
}

/** The stored state of step `name`, or the state `work` produces, stored before it is returned. */
export async function step<T>(run: RunSteps, name: string, work: () => Promise<T>, codec?: StepCodec<T>): Promise<T> {
  const saved = run.done.get(name);
  if (saved) return codec ? codec.load(saved.state) : (saved.state as T);
  const firstDelivery = run.attempt <= 1;
  if (firstDelivery && run.faults.before?.has(name)) throw new InjectedFault(`step ${name}`);
  const state = await work();
  await repo.saveCheckpoint(run.env, run.organizationId, run.evaluationId, name, run.attempt, codec ? codec.store(state) : state, run.send);
  if (firstDelivery && run.faults.after?.has(name)) throw new InjectedFault(`after step ${name}`);
  return state;
}

/**
 * step for the run's last step, the one settleRun follows: its state is stored by settleRun in the
 * settlement's own D1 batch (one transaction, one round trip fewer), so it is stored exactly when the run
 * settles. A delivery that stops before then left no settlement, so its redelivery runs the step again,
 * as one that stopped before storing a step does. A test fault after the step stores it at once.
 */
export async function lastStep<T>(run: RunSteps, name: string, work: () => Promise<T>): Promise<T> {
  const saved = run.done.get(name);
  if (saved) return saved.state as T;
  const firstDelivery = run.attempt <= 1;
  if (firstDelivery && run.faults.after?.has(name)) return step(run, name, work);
  if (firstDelivery && run.faults.before?.has(name)) throw new InjectedFault(`step ${name}`);
  const state = await work();
  run.unsaved.push({ step: name, attempt: run.attempt, state });
  return state;
}

/** Settles the run's evaluation, storing the state of its last step (lastStep) in the same D1 batch. */
export function settleRun(run: RunSteps, s: repo.Settlement): Promise<boolean> {
  return repo.settleEvaluation(run.env, run.organizationId, run.evaluationId, s, run.send, run.unsaved.splice(0));
}
