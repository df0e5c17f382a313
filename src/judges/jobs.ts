// Queue jobs of the judges: judge.llm and judge.agent. A run that throws is retried with backoff by the
// queue; once the dead-letter queue takes it, the evaluation is settled as failed.
import { z } from "zod";
import type { Env } from "../core/env";
import { registerJob } from "../core/jobs";
import "./engine";
import { runAgentJudge } from "./agent-run";
import { runLlmJudge } from "./llm-run";
import { MAX_BODY_BYTES } from "./limits";
import * as repo from "./repo";
import { runGroup, type RunGroup } from "./steps";

// request_chars is absent from messages queued before it was added: such a run weighs a largest submission.
const judgeJob = (kind: "judge.llm" | "judge.agent") =>
  z.object({ kind: z.literal(kind), organization_id: z.string().min(1), evaluation_id: z.uuid(), request_chars: z.number().int().nonnegative().optional() });
type JudgeMessage = { organization_id: string; evaluation_id: string; request_chars?: number };

/**
 * What a run weighs against the batch's budget (core/jobs.ts): its submission's length. The runs of a batch
 * start together as long as their submissions add up to one largest submission (MAX_BODY_BYTES), so a
 * batch of dense submissions runs a few at a time instead of holding all their working sets at once.
 */
const weight = (message: unknown) => Math.min(MAX_BODY_BYTES, (message as JudgeMessage).request_chars ?? MAX_BODY_BYTES);

/**
 * The group of the runs started in the current synchronous stretch: the consumer starts its lanes (one run
 * each) in one loop, so the runs of a batch share their D1 round trips. A stretch is one event of one
 * invocation, so a group never spans two invocations; it closes at the next microtask checkpoint.
 */
let forming: RunGroup | null = null;
function currentGroup(env: Env): RunGroup {
  if (!forming) {
    forming = runGroup(env);
    queueMicrotask(() => {
      forming = null;
    });
  }
  return forming;
}

async function deadLetter(env: Env, message: unknown) {
  const m = message as JudgeMessage;
  await repo.settleEvaluation(env, m.organization_id, m.evaluation_id, { status: "failed", code: "JUDGE_EVALUATION_FAIL", message: "The evaluation could not be completed after several attempts" });
}

registerJob("judge.llm", {
  schema: judgeJob("judge.llm"),
  weight,
  run: (env, message, attempt) => runLlmJudge(env, (message as JudgeMessage).organization_id, (message as JudgeMessage).evaluation_id, attempt, currentGroup(env)),
  onDeadLetter: deadLetter,
});

registerJob("judge.agent", {
  schema: judgeJob("judge.agent"),
  weight,
  run: (env, message, attempt) => runAgentJudge(env, (message as JudgeMessage).organization_id, (message as JudgeMessage).evaluation_id, attempt, currentGroup(env)),
  onDeadLetter: deadLetter,
});
