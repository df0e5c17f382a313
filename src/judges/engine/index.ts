// Registers the judges' local engines with the local model provider (the default and the tests').
import { registerLocalEngine } from "../../core/providers";
import { gradeAnswerCooperatively, type GradeInput } from "./grade";
import { assessClaims, extractAnswerClaims, type AssessInput, type ClaimsInput } from "./assess";

export const TASK_GRADE = "judge.llm.grade";
export const TASK_CLAIMS = "judge.agent.claims";
export const TASK_ASSESS = "judge.agent.assess";

registerLocalEngine(TASK_GRADE, { object: (req) => gradeAnswerCooperatively(req.input as GradeInput) });
registerLocalEngine(TASK_CLAIMS, { object: (req) => extractAnswerClaims(req.input as ClaimsInput) });
registerLocalEngine(TASK_ASSESS, { object: (req) => assessClaims(req.input as AssessInput) });
