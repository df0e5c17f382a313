// Fault paths, injected per submission with the test-only X-Judge-Faults header (honoured only when
// WORKERD_LOCAL=true): a failed verifier chunk, a grading call that keeps failing, an agent step that
// fails once and is resumed from its checkpoint by the queue's retry.
import { describe, expect, it } from "vitest";
import { createOrg } from "../helpers/harness";
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
    expect(readFaultHeader(deployed, new Headers({ "X-Judge-Faults": "grade" }))).toBeNull();
    expect(parseFaults(deployed, "grade").grade).toBe(false);
    expect(parseFaults(local, "grade").grade).toBe(true);
  });
});
