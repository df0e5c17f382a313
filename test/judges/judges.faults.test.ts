// Fault paths, injected per submission with the test-only X-Judge-Faults header (honoured only when
// WORKERD_LOCAL=true): a failed verifier chunk, a grading call that keeps failing, an LLM or agent judge
// delivery that fails once and is resumed from its checkpoints by the queue's retry.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createOrg } from "../helpers/harness";
import { settledVault, TXT, until, vaultUpload } from "../documents/doc-helpers";
import { parseFaults, readFaultHeader } from "../../src/judges/faults";
import type { Env } from "../../src/core/env";
import { checkpoints, llmBody, settled, submit, usageRows } from "./judge-helpers";

const refs = (n: number) => Array.from({ length: n }, (_, i) => ({ content: `Passage ${i}: revenue of ${100 + i} million in 2023.` }));

describe("faults", () => {
  it("a failed verifier chunk lowers verified_reference_count; only surviving verdicts are reported", async () => {
    const org = await createOrg();
    const { res, json } = await submit("llm", org.key, llmBody({ references: refs(7) }), { "X-Judge-Faults": "verify_chunk:1" });
    expect(res.status).toBe(202);
    const p = await settled("llm", org.key, json.payload.evaluation_id);
    expect(p.status).toBe("completed");
    expect(p.result.input_reference_count).toBe(7);
    expect(p.result.verified_reference_count).toBe(5);
    expect(p.result.reference_verdicts.map((v: { reference_index: number }) => v.reference_index)).toEqual([0, 1, 2, 3, 4]);
  });

  it("a grading call that fails validation twice fails the run with its code", async () => {
    const org = await createOrg();
    const { json } = await submit("llm", org.key, llmBody(), { "X-Judge-Faults": "grade" });
    const p = await settled("llm", org.key, json.payload.evaluation_id);
    expect(p.status).toBe("failed");
    expect(p.result).toBeNull();
    expect(p.failure.code).toBe("JUDGE_EVALUATION_FAIL");
    expect(p.failure.message).toMatch(/Grading failed/);
    expect(p.completed_at).toMatch(/Z$/);
    // The run started once and is billed once.
    expect(await usageRows(org.organizationId)).toBe(1);
  });

  it("an LLM judge delivery that fails after verification is retried and resumes from the stored verification, billed once", async () => {
    const org = await createOrg();
    const { json } = await submit("llm", org.key, llmBody({ references: refs(2) }), { "X-Judge-Faults": "llm_step:verify" });
    const id = json.payload.evaluation_id;
    // The first delivery stores the verification, then fails; the queue retries it about 3 s later. Mark
    // the stored verification in between: only a retry that reads it back (not one that verifies again)
    // can report the mark.
    const stored = await until(
      () => env.DB.prepare("SELECT state FROM judge_checkpoints WHERE evaluation_id = ? AND step = 'verify'").bind(id).first<{ state: string }>(),
      (row) => row !== null,
      10_000,
    );
    const verification = JSON.parse(stored!.state);
    expect(verification.verifiedCount).toBe(2);
    verification.verdicts[0].explanation = "read back from the checkpoint";
    await env.DB.prepare("UPDATE judge_checkpoints SET state = ? WHERE evaluation_id = ? AND step = 'verify'").bind(JSON.stringify(verification), id).run();

    const p = await settled("llm", org.key, id);
    expect(p.status).toBe("completed");
    expect(p.result.reference_verdicts[0].explanation).toBe("read back from the checkpoint");
    expect(p.result.verified_reference_count).toBe(2);
    // Verified on the first delivery, graded on the second.
    expect(await checkpoints(id)).toEqual([
      { step: "verify", attempt: 1 },
      { step: "grade", attempt: 2 },
    ]);
    expect(await usageRows(org.organizationId)).toBe(1);
  });

  it("an LLM judge delivery that fails after grading settles on the retry from both stored steps", async () => {
    const org = await createOrg();
    const { json } = await submit("llm", org.key, llmBody({ references: refs(1) }), { "X-Judge-Faults": "llm_step:grade" });
    const id = json.payload.evaluation_id;
    const p = await settled("llm", org.key, id);
    expect(p.status).toBe("completed");
    expect(p.result.judge_model).toBe("local:local-rules-v1");
    expect(await checkpoints(id)).toEqual([
      { step: "verify", attempt: 1 },
      { step: "grade", attempt: 1 },
    ]);
    expect(await usageRows(org.organizationId)).toBe(1);
  });

  it("an agent step that fails is retried by the queue and resumes from its checkpoints", async () => {
    const org = await createOrg();
    const { json } = await submit("agent", org.key, llmBody({ answer: "3M's capital expenditure was $1,577 million in 2018." }), { "X-Judge-Faults": "agent_step:assess" });
    const id = json.payload.evaluation_id;
    const p = await settled("agent", org.key, id);
    expect(p.status).toBe("completed");
    const steps = await checkpoints(id);
    // claims and evidence were done on the first delivery and read back; assess ran on the retry.
    expect(steps).toEqual([
      { step: "claims", attempt: 1 },
      { step: "evidence", attempt: 1 },
      { step: "assess", attempt: 2 },
    ]);
    expect(await usageRows(org.organizationId)).toBe(1);
  });

  it("unknown fault names are refused; the header means nothing outside local workerd", () => {
    const local = { WORKERD_LOCAL: "true" } as Env;
    const deployed = {} as Env;
    expect(() => readFaultHeader(local, new Headers({ "X-Judge-Faults": "explode" }))).toThrow();
    expect(readFaultHeader(local, new Headers({ "X-Judge-Faults": "grade, verify_chunk:2" }))).toBe("grade,verify_chunk:2");
    expect(() => readFaultHeader(local, new Headers({ "X-Judge-Faults": "llm_step:settle" }))).toThrow();
    expect([...parseFaults(local, "llm_step:verify,agent_step:assess").llmSteps]).toEqual(["verify"]);
    expect(readFaultHeader(deployed, new Headers({ "X-Judge-Faults": "grade" }))).toBeNull();
    expect(parseFaults(deployed, "grade").grade).toBe(false);
    expect(parseFaults(local, "grade").grade).toBe(true);
  });
});

describe("the agent judge's evidence step, stored without its passages' texts", () => {
  const PASSAGE = "Zephyrine Optics reported fiscal 2023 revenue of $4,812 million and capital expenditures of $377 million.";
  const agentBody = () =>
    llmBody({
      query: "What were Zephyrine Optics' fiscal 2023 revenue and capital expenditures?",
      answer: "Zephyrine Optics reported fiscal 2023 revenue of $4,812 million. Its capital expenditures were $377 million.",
      references: [],
      search_type: "rms",
      time_window: { end_time: new Date(Date.now() - 60_000).toISOString() },
    });

  it("is read back on the retry with each passage's text from the index: the same sources as a run that never failed", async () => {
    const org = await createOrg();
    const doc = await vaultUpload(org.key, "zephyrine.txt", TXT, new TextEncoder().encode(PASSAGE), { visibility: "organization" });
    expect((await settledVault(org.key, doc.id)).status).toBe("Synced");

    const whole = await settled("agent", org.key, (await submit("agent", org.key, agentBody())).json.payload.evaluation_id);
    const { json } = await submit("agent", org.key, agentBody(), { "X-Judge-Faults": "agent_step:assess" });
    const id = json.payload.evaluation_id;
    const resumed = await settled("agent", org.key, id);
    expect(resumed.status).toBe("completed");
    expect((await checkpoints(id)).map((c) => c.step)).toEqual(["claims", "evidence", "assess"]);

    // The stored step names each passage by chunk, without its text ...
    const stored = await env.DB.prepare("SELECT state FROM judge_checkpoints WHERE evaluation_id = ? AND step = 'evidence'").bind(id).first<{ state: string }>();
    const evidence = JSON.parse(stored!.state);
    expect(evidence.claims.flatMap((c: { hits: unknown[] }) => c.hits).length).toBeGreaterThan(0);
    for (const hit of evidence.claims.flatMap((c: { hits: object[] }) => c.hits)) expect(Object.keys(hit).sort()).toEqual(["chunk_id", "document_id", "document_name"]);
    expect(stored!.state).not.toContain("and capital expenditures of $377 million");

    // ... and the retry assessed the same passages, texts and all, as the run that never failed.
    const sources = resumed.assessment.claims.flatMap((c: { sources: { document_id: string; text: string }[] }) => c.sources);
    expect(sources.map((s: { document_id: string }) => s.document_id)).toContain(doc.id);
    expect(sources.every((s: { text: string }) => s.text.includes("Zephyrine Optics"))).toBe(true);
    expect(resumed.assessment).toEqual(whole.assessment);
  });
});
