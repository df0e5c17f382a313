// One agent judge run (queue consumer), in checkpointed steps: claims (extraction and refusal check),
// evidence (primary sources per material claim), assess (claim verdicts and the written assessment).
// Each finished step is stored in D1 (assess with the settlement, in one batch), so a redelivered job
// resumes where the last delivery stopped.
import type { Env } from "../core/env";
import { modelProvider, ProviderError, type ModelProvider } from "../core/providers";
import { parseFaults } from "./faults";
import { TASK_ASSESS, TASK_CLAIMS } from "./engine";
import { assessOutputSchema, claimsOutputSchema, type AssessOutput, type ClaimsOutput } from "./engine/assess";
import { failureCodeOf } from "./llm-run";
import * as repo from "./repo";
import type { AgentRequest, Assessment } from "./schemas";
import { aboutSubject, jobTenant, primarySearch } from "./sources";
import { contentStems } from "../figures/text";
import { lastStep, resumeRunSteps, runGroup, settleRun, step, type RunGroup, type StepCodec } from "./steps";
import { chunkTexts } from "../search";

const AGENT_SYSTEM =
  "You are an expert financial fact-checker. Work only from the question, the answer, the references and the primary-source passages given. Return JSON that matches the schema.";

interface EvidenceState {
  claims: { claim: string; hits: { document_id: string; document_name: string; chunk_id: string; text: string }[] }[];
}

/**
 * The evidence step stored without its passages' texts, which the index holds (an agent run's 25 claims
 * find up to 75 passages, about 2,000 characters each): a redelivery reads them again by chunk id. A
 * passage whose chunk was removed meanwhile (its document deleted or indexed again) is no longer evidence.
 */
function evidenceCodec(env: Env, organizationId: string): StepCodec<EvidenceState> {
  return {
    store: (state) => ({ claims: state.claims.map((c) => ({ claim: c.claim, hits: c.hits.map(({ text: _text, ...place }) => place) })) }),
    async load(stored) {
      const claims = (stored as EvidenceState).claims;
      // A step stored before passages were stored without their texts keeps its own.
      const texts = await chunkTexts(env, organizationId, [...new Set(claims.flatMap((c) => c.hits.filter((h) => h.text === undefined).map((h) => h.chunk_id)))]);
      return {
        claims: claims.map((c) => ({
          claim: c.claim,
          hits: c.hits.flatMap((h) => {
            const text = h.text ?? texts.get(h.chunk_id);
            return text === undefined ? [] : [{ ...h, text }];
          }),
        })),
      };
    },
  };
}

const MAX_MATERIAL = 25;

/** Words of its own (numbers aside) below which a claim is searched with its question's words too. */
const MIN_SEARCH_WORDS = 3;

/**
 * What a claim's search reads: the claim's own words, or with its question's when it has too few to find
 * anything by ("It rose 5%"). One search per claim: the question's companies scope it either way (the
 * search's context), so a second search with the question's words, as before, found no other company's
 * passages that could bear the claim out.
 */
export function searchText(claim: string, query: string): string {
  const own = new Set(contentStems(claim).filter((w) => !/^\d/.test(w)));
  return own.size >= MIN_SEARCH_WORDS ? claim : `${claim} ${query}`;
}

export async function runAgentJudge(env: Env, organizationId: string, evaluationId: string, attempt: number, group: RunGroup = runGroup(env)): Promise<void> {
  const start = await repo.startRun(env, organizationId, "agent", evaluationId, group.send);
  if (!start) return;
  const { row } = start;
  const req = row.request as AgentRequest;
  // Test-only: an agent_step fault fails the step on the first delivery; the retry resumes from the stored steps.
  const run = resumeRunSteps(env, start, attempt, group, { before: parseFaults(env, row.faults).agentSteps });
  const fail = (err: ProviderError) => settleRun(run, { status: "failed", code: failureCodeOf(err), message: `Assessment failed: ${err.message}` });
  // A provider that is not configured settles the run at once (JUDGE_EVALUATION_UNAVAILABLE), as in the LLM judge.
  let provider: ModelProvider;
  try {
    provider = modelProvider(env);
  } catch (err) {
    if (err instanceof ProviderError) return void (await fail(err));
    throw err;
  }

  let claims: ClaimsOutput;
  try {
    claims = await step(run, "claims", () =>
      provider.generateObject({
        task: TASK_CLAIMS,
        system: AGENT_SYSTEM,
        prompt: `List the claims of the answer, mark the material ones (figures, dates, entities, causal claims), and say whether the answer is a refusal.\n\nQuestion:\n${req.query}\n\nAnswer:\n${req.answer}`,
        input: { query: req.query, answer: req.answer },
        schema: claimsOutputSchema,
        schemaName: "answer_claims",
        temperature: 0,
        seed: 7,
      }),
    );
  } catch (err) {
    if (err instanceof ProviderError) return void (await fail(err));
    throw err;
  }
  const material = claims.claims.filter((c) => c.material).slice(0, MAX_MATERIAL);
  if (claims.refusal || material.length === 0) {
    const reason = claims.refusal ? "refusal" : "no_material_claims";
    const assessment: Assessment = {
      summary: claims.refusal ? "The answer declines to answer, so there is nothing to assess." : "The answer makes no material factual claim to check.",
      verdict: null,
      claims: [],
      exclusion_reason: reason,
    };
    await settleRun(run, { status: "excluded", result: assessment });
    return;
  }

  const evidence = await step<EvidenceState>(run, "evidence", async () => {
    const search = primarySearch(env, await jobTenant(env, organizationId, row.userId, group.tenants), req.search_type, req.time_window, group.search);
    // The claims' searches are independent: run together, so the run waits on D1 once, not once per claim.
    const claims = await Promise.all(
      material.map(async (c) => {
        // Only sources about the claim's company (named by the claim or the question) can bear it out: the
        // claim's words are searched among the documents of the companies the claim or its question names.
        const hits = (await search(searchText(c.claim, req.query), 3, req.query)).filter(aboutSubject(`${c.claim} ${req.query}`));
        return { claim: c.claim, hits: hits.map((h) => ({ document_id: h.document_id, document_name: h.document_name, chunk_id: h.chunk_id, text: h.text })) };
      }),
    );
    return { claims };
  }, evidenceCodec(env, organizationId));

  let assessed: AssessOutput;
  try {
    assessed = await lastStep(run, "assess", () =>
      provider.generateObject({
        task: TASK_ASSESS,
        system: AGENT_SYSTEM,
        prompt:
          `Check each material claim against the references and its primary-source passages; give supported, contradicted or unsupported with a short explanation and the passages used, then a summary and an overall verdict.\n\n` +
          `Question:\n${req.query}\n\nReferences:\n${req.references.map((r, i) => `[R${i}] ${r.content}`).join("\n\n") || "(none)"}\n\n` +
          evidence.claims.map((c, i) => `Claim ${i}: ${c.claim}\n${c.hits.map((h, j) => `  [${j}] ${h.text}`).join("\n")}`).join("\n\n"),
        input: { query: req.query, references: req.references.map((r) => r.content), claims: evidence.claims.map((c) => ({ claim: c.claim, passages: c.hits.map((h) => h.text) })) },
        schema: assessOutputSchema,
        schemaName: "assessment",
        temperature: 0,
        seed: 7,
      }),
    );
  } catch (err) {
    if (err instanceof ProviderError) return void (await fail(err));
    throw err;
  }

  const byIndex = new Map(assessed.claims.map((c) => [c.index, c]));
  const assessment: Assessment = {
    summary: assessed.summary,
    verdict: assessed.verdict,
    claims: evidence.claims.map((c, i) => {
      const a = byIndex.get(i);
      return {
        claim: c.claim,
        material: true,
        verdict: a?.verdict ?? "unsupported",
        explanation: a?.explanation ?? "Not assessed.",
        sources: (a?.sources ?? []).filter((j) => j < c.hits.length).map((j) => c.hits[j]),
      };
    }),
    exclusion_reason: null,
  };
  await settleRun(run, { status: "completed", result: assessment });
}
