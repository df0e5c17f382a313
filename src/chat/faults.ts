// Test-only fault injection for chat turns, as the judges do it: a turn request may carry `X-Chat-Faults`,
// honoured only in local workerd (WORKERD_LOCAL=true: tests and `npm run dev`, never deployed config).
//   search              the turn's search fails
//   answer:<n>          the answer engine fails after yielding n pieces (mid-answer)
//   answer_restart:<n>  the Durable Object restarts (ctx.abort) once after n answer pieces; the alarm
//                       watchdog resumes the turn in a fresh instance without sending anything twice
//   research_step:<n>   deep research step n (1-based) fails: the turn ends with an error event
//   research_restart:<n> the Durable Object restarts (ctx.abort) once, before deep research step n runs;
//                       the alarm resumes the run from its checkpoint in a fresh instance
import type { Env } from "../core/env";
import { invalidBody } from "../core/errors";

export const CHAT_FAULT_HEADER = "X-Chat-Faults";
const FAULT = /^(search|answer:\d{1,4}|answer_restart:\d{1,4}|research_step:\d{1,2}|research_restart:\d{1,2})$/;

export interface ChatFaults {
  search: boolean;
  /** Pieces the answer engine yields before it fails; null: no fault. */
  answerAfter: number | null;
  /** Answer pieces after which the object restarts once; null: no fault. */
  answerRestart: number | null;
  researchStep: number | null;
  researchRestart: number | null;
}

export const NO_FAULTS: ChatFaults = { search: false, answerAfter: null, answerRestart: null, researchStep: null, researchRestart: null };

export function faultsEnabled(env: Env): boolean {
  return env.WORKERD_LOCAL === "true";
}

/** The header read into faults; none (and no validation) whenever fault injection is off. */
export function readChatFaults(env: Env, headers: Headers): ChatFaults {
  const raw = headers.get(CHAT_FAULT_HEADER);
  if (!raw || !faultsEnabled(env)) return NO_FAULTS;
  const faults: ChatFaults = { ...NO_FAULTS };
  for (const item of raw.split(",").map((s) => s.trim()).filter(Boolean)) {
    if (!FAULT.test(item)) throw invalidBody(`Unknown fault ${item}`);
    const [name, arg] = item.split(":");
    if (name === "search") faults.search = true;
    else if (name === "answer") faults.answerAfter = Number(arg);
    else if (name === "answer_restart") faults.answerRestart = Number(arg);
    else if (name === "research_step") faults.researchStep = Number(arg);
    else faults.researchRestart = Number(arg);
  }
  return faults;
}

export class InjectedFault extends Error {
  constructor(what: string) {
    super(`Injected fault: ${what}`);
    this.name = "InjectedFault";
  }
}
