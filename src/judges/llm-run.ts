// One LLM judge run (queue consumer), in checkpointed steps: verify (the references against primary
// sources), then grade (the model provider: caller's prompt as the system message, temperature 0, seed 7,
// schema-checked output retried once by the provider), then settle. A redelivered job resumes from the
// stored steps, so it neither verifies nor grades again (grade is stored with the settlement, in one batch).
import type { Env } from "../core/env";
import { modelProvider, ProviderError } from "../core/providers";
import { parseFaults, InjectedFault } from "./faults";
import { TASK_GRADE } from "./engine";
import { gradeOutputSchema, type GradeInput, type GradeOutput } from "./engine/grade";
import * as repo from "./repo";
import type { LlmRequest, LlmResult } from "./schemas";
import { jobTenant } from "./sources";
import { lastStep, resumeRunSteps, runGroup, settleRun, step, type RunGroup } from "./steps";
import { verifyReferences, type Verification } from "./verify";

export const DEFAULT_JUDGE_PROMPT =
  "You are a meticulous financial research reviewer. Grade the answer to the user's question on four fixed dimensions, " +
  "each an integer from 1 (poor) to 5 (excellent): factuality (figures, dates and names are correct), completeness (every " +
  "part of the question is answered), relevance (the answer addresses the question asked) and grounding (the claims are " +
  "carried by the references and the verified primary sources). Treat references marked contradicted as unreliable. " +
  "Return JSON with factuality, completeness, relevance, grounding and a short reasoning.";

function renderPrompt(input: GradeInput, verdicts: { reference_index: number; verdict: string }[]): string {
  return [
    `Question:\n${input.query}`,
    `Answer:\n${input.answer}`,
    `References (as submitted, with their verification verdicts):\n${input.references.map((r, i) => `[${i}] ${r}`).join("\n\n") || "(none)"}`,
    `Verification verdicts: ${JSON.stringify(verdicts)}`,
    `Primary-source evidence:\n${input.evidence.map((e, i) => `[E${i}] ${e}`).join("\n\n") || "(none)"}`,
  ].join("\n\n");
}

export function failureCodeOf(err: ProviderError): string {
  return err.kind === "unavailable" || err.kind === "configuration" ? "JUDGE_EVALUATION_UNAVAILABLE" : "JUDGE_EVALUATION_FAIL";
}

/** The grade step's stored state: the scores and the provider:model that gave them. */
interface Graded {
  grade: GradeOutput;
  judge_model: string;
}

export async function runLlmJudge(env: Env, organizationId: string, evaluationId: string, attempt: number, group: RunGroup = runGroup(env)): Promise<void> {
  // One usage row per evaluation: a redelivery finds it present and bills nothing more.
  const start = await repo.startRun(env, organizationId, "llm", evaluationId, group.send);
  if (!start) return;
  const { row } = start;
  const req = row.request as LlmRequest;
  const faults = parseFaults(env, row.faults);
  // Test-only: an llm_step fault fails the first delivery once the step is stored; the retry resumes.
  const run = resumeRunSteps(env, start, attempt, group, { after: faults.llmSteps });

  // Without references verification is skipped: nothing to do, nothing to store.
  const verification: Verification = req.references.length
    ? await step(run, "verify", async () => verifyReferences(env, await jobTenant(env, organizationId, row.userId, group.tenants), req.references, req.search_type, req.time_window, faults, req.query, group.search))
    : { verdicts: [], verifiedCount: 0, evidence: [] };
  // Only surviving verdicts reach the grader; references contradicted by primary sources are left out.
  const contradicted = new Set(verification.verdicts.filter((v) => v.verdict === "contradicted").map((v) => v.reference_index));
  const input: GradeInput = {
    query: req.query,
    answer: req.answer,
    references: req.references.filter((_, i) => !contradicted.has(i)).map((r) => r.content),
    evidence: verification.evidence,
    verdicts: {
      supported: verification.verdicts.filter((v) => v.verdict === "supported").length,
      contradicted: contradicted.size,
      unresolved: verification.verdicts.filter((v) => v.verdict === "unresolved").length,
    },
  };

  let graded: Graded;
  try {
    graded = await lastStep(run, "grade", async () => {
      if (faults.grade) throw new ProviderError("invalid_output", `${new InjectedFault("grading output failed validation on both attempts").message}`);
      const provider = modelProvider(env);
      const grade = await provider.generateObject({
        task: TASK_GRADE,
        system: req.prompt ?? DEFAULT_JUDGE_PROMPT,
        prompt: renderPrompt(input, verification.verdicts),
        input,
        schema: gradeOutputSchema,
        schemaName: "judge_scores",
        temperature: 0,
        seed: 7,
      });
      return { grade, judge_model: `${provider.name}:${provider.model}` };
    });
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    await settleRun(run, { status: "failed", code: failureCodeOf(err), message: `Grading failed: ${err.message}` });
    return;
  }
  const { grade } = graded;
  const scores = { factuality: grade.factuality, completeness: grade.completeness, relevance: grade.relevance, grounding: grade.grounding };
  const result: LlmResult = {
    scores,
    overall_score: (scores.factuality + scores.completeness + scores.relevance + scores.grounding) / 4,
    reasoning: grade.reasoning,
    reference_verdicts: verification.verdicts,
    input_reference_count: req.references.length,
    verified_reference_count: verification.verifiedCount,
    judge_model: graded.judge_model,
  };
  await settleRun(run, { status: "completed", result });
}
