// Registers the judges' local engines with the local model provider (the default and the tests'). Each runs
// in steps with turns between them, since the judge jobs share their isolate with requests.
import { registerLocalEngine } from "../../core/providers";
import { gradeAnswerCooperatively, type GradeInput } from "./grade";
import { runStepsCooperatively } from "../../figures/steps";
import { assessClaimsSteps, extractAnswerClaimsSteps, type AssessInput, type ClaimsInput } from "./assess";

export const TASK_GRADE = "judge.llm.grade";
export const TASK_CLAIMS = "judge.agent.claims";
export const TASK_ASSESS = "judge.agent.assess";

registerLocalEngine(TASK_GRADE, { object: (req) => gradeAnswerCooperatively(req.input as GradeInput) });
registerLocalEngine(TASK_CLAIMS, { object: (req) => runStepsCooperatively(extractAnswerClaimsSteps(req.input as ClaimsInput)) });
registerLocalEngine(TASK_ASSESS, { object: (req) => runStepsCooperatively(assessClaimsSteps(req.input as AssessInput)) });
