// Test-only fault injection. A submission may carry `X-Judge-Faults`, honoured only when the Worker runs
// in local workerd (WORKERD_LOCAL=true: tests and `npm run dev`, never deployed config). Faults are
// chosen per submission because tests cannot change the Worker's env per request.
//   verify_chunk:<n>   the n-th (0-based) reference verification chunk fails
//   grade              every grading call fails (invalid model output, also on the retry)
//   agent_step:<step>  the agent step fails on the job's first delivery only (the retry resumes)
//   llm_step:<step>    the LLM judge step (verify, grade) runs and is stored, then the job's first delivery
//                      fails (the retry resumes from the stored step)
import type { Env } from "../core/env";
import { invalidBody } from "../core/errors";

export const FAULT_HEADER = "X-Judge-Faults";
const FAULT = /^(verify_chunk:\d+|grade|agent_step:(claims|evidence|assess)|llm_step:(verify|grade))$/;

export interface Faults {
  verifyChunks: Set<number>;
  grade: boolean;
  agentSteps: Set<string>;
  llmSteps: Set<string>;
}

export function faultsEnabled(env: Env): boolean {
  return env.WORKERD_LOCAL === "true";
}

/** The header's value normalized for storage, or null (also whenever fault injection is off). */
export function readFaultHeader(env: Env, headers: Headers): string | null {
  const raw = headers.get(FAULT_HEADER);
  if (!raw || !faultsEnabled(env)) return null;
  const items = raw.split(",").map((s) => s.trim()).filter(Boolean);
  for (const item of items) if (!FAULT.test(item)) throw invalidBody(`Unknown fault ${item}`);
  return items.join(",") || null;
}

export function parseFaults(env: Env, stored: string | null): Faults {
  const faults: Faults = { verifyChunks: new Set(), grade: false, agentSteps: new Set(), llmSteps: new Set() };
  if (!stored || !faultsEnabled(env)) return faults;
  for (const item of stored.split(",")) {
    const [name, arg] = item.split(":");
    if (name === "verify_chunk") faults.verifyChunks.add(Number(arg));
    else if (name === "grade") faults.grade = true;
    else if (name === "agent_step") faults.agentSteps.add(arg);
    else if (name === "llm_step") faults.llmSteps.add(arg);
  }
  return faults;
}

export class InjectedFault extends Error {
  constructor(what: string) {
    super(`Injected fault: ${what}`);
    this.name = "InjectedFault";
  }
}
