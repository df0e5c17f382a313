// Deep research in the conversation's Durable Object, one alarm per step: plan the sub-questions, research
// each (several searches per step, a status event each), then write the sectioned, cited report. After
// every step a checkpoint is stored, so a restarted object resumes from the last finished step.
import type { Env } from "../core/env";
import { resolveFollowUp } from "./follow-up";
import { InjectedFault } from "./faults";
import { planResearch, reportPieces, researchQueries } from "./deep-research";
import { priorTurns, setResolvedQuery, type DocumentFacts } from "./repo";
import { retrieve } from "./retrieval";
import { AnswerWriter, failTurn, scopeOf, stage, streamSearchResults, streamTables, writeAnswer, type ChatRun, type TurnSink } from "./turn";
import type { Passage } from "./types";

/** Passages kept per section, and per search of a step. */
const SECTION_PASSAGES = 6;
const PASSAGES_PER_SEARCH = 4;

export interface ResearchCheckpoint {
  resolvedQuery: string;
  plan: string[];
  /** Sections researched so far, in plan order. */
  sections: { question: string; passages: Passage[] }[];
  facts: [string, DocumentFacts][];
}

export type StepOutcome = { next: ResearchCheckpoint } | { finished: true };

/**
 * One step: with no checkpoint, the plan; with a plan left to research, its next sub-question; else the
 * report and the final event.
 */
export async function researchStep(env: Env, run: ChatRun, sink: TurnSink, checkpoint: ResearchCheckpoint | null): Promise<StepOutcome> {
  try {
    if (!checkpoint) {
      const history = await stage("INTERNAL_ERROR", "The conversation could not be read", () => priorTurns(env, run.tenant.organizationId, run.conversationId, run.dialogueId));
      const resolvedQuery = resolveFollowUp(run.query, history);
      await stage("INTERNAL_ERROR", "The message could not be stored", () => setResolvedQuery(env, run.tenant.organizationId, run.dialogueId, resolvedQuery));
      const plan = planResearch(resolvedQuery);
      sink.emit("status", { stage: "planning", message: `Plan: ${plan.map((q, i) => `${i + 1}) ${q}`).join(" ")}`, plan });
      return { next: { resolvedQuery, plan, sections: [], facts: [] } };
    }
    const step = checkpoint.sections.length + 1;
    if (step <= checkpoint.plan.length) {
      if (run.faults.researchRestart === step) await sink.restartOnce(`research_step:${step}`);
      const question = checkpoint.plan[step - 1];
      const queries = researchQueries(question);
      sink.emit("status", { stage: "researching", message: `Step ${step} of ${checkpoint.plan.length}: ${question}`, step, steps: checkpoint.plan.length, queries });
      const facts = new Map(checkpoint.facts);
      const passages: Passage[] = [];
      await stage("RESEARCH_STEP_FAILED", `Research step ${step} failed`, async () => {
        if (run.faults.researchStep === step) throw new InjectedFault(`research step ${step}`);
        if (run.faults.search) throw new InjectedFault("search");
        for (const q of queries) {
          const found = await retrieve(env, scopeOf(run), q, PASSAGES_PER_SEARCH);
          for (const [id, f] of found.facts) facts.set(id, f);
          for (const p of found.passages) if (!passages.some((x) => x.chunk_id === p.chunk_id)) passages.push(p);
        }
      });
      return { next: { ...checkpoint, sections: [...checkpoint.sections, { question, passages: passages.slice(0, SECTION_PASSAGES) }], facts: [...facts] } };
    }
    await writeReport(env, run, sink, checkpoint);
    return { finished: true };
  } catch (err) {
    await failTurn(sink, null, err);
    return { finished: true };
  }
}

async function writeReport(env: Env, run: ChatRun, sink: TurnSink, checkpoint: ResearchCheckpoint): Promise<void> {
  const passages = checkpoint.sections.flatMap((s) => s.passages);
  if (!sink.resume.hasAnswer) sink.emit("status", { stage: "writing", message: `Writing the report from ${passages.length} passages` });
  const unique = passages.filter((p, i) => passages.findIndex((x) => x.chunk_id === p.chunk_id) === i);
  await streamSearchResults(run, sink, unique);
  if (!sink.live()) return;
  const writer = new AnswerWriter(env, run, sink, new Map(checkpoint.facts));
  try {
    const pieces = reportPieces(env, checkpoint.resolvedQuery, checkpoint.sections);
    if (!(await writeAnswer(sink, writer, pieces, passages, run.faults))) return;
    await writer.flush();
    if (run.streamTables) streamTables(sink, writer, unique);
    await sink.end({ kind: "done", finishReason: writer.citationCount > 0 ? "stop" : "no_results" });
  } catch (err) {
    await failTurn(sink, writer, err);
  }
}
