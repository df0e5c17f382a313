// The D1 round trips of a queue run, through the Worker's fetch and the real queue consumer: the run's
// last step (grade, assess) is stored in the settlement's own D1 batch, not a round trip of its own.
import { afterEach, beforeAll, expect, it } from "vitest";
import { recordD1Calls as recordCalls } from "../helpers/d1-calls";
import { createOrg, type TestOrg } from "../helpers/harness";
import { checkpoints, llmBody, settled, submit } from "./judge-helpers";

let org: TestOrg;

beforeAll(async () => {
  org = await createOrg();
});

/** The SQL of every D1 call of the isolate while recording (test/helpers/d1-calls.ts), whitespace folded. */
const calls: string[][] = [];
let restore: (() => void) | null = null;
function recordD1Calls(): void {
  restore = recordCalls((statements) => calls.push(statements.map((q) => q.replace(/\s+/g, " "))));
}

afterEach(() => {
  restore?.();
  restore = null;
  calls.length = 0;
});

const settles = (sql: string) => sql.startsWith("UPDATE judge_evaluations SET status");
const storesStep = (sql: string) => sql.startsWith("INSERT INTO judge_checkpoints");

it.each(["llm", "agent"] as const)("the %s judge stores its last step in the settlement's D1 batch", async (judge) => {
  recordD1Calls();
  const { json } = await submit(judge, org.key, llmBody({ references: [{ title: "3M 2018 10-K", content: "Purchases of property, plant and equipment (PP&E) (1,577)" }] }));
  const id = json.payload.evaluation_id;
  const p = await settled(judge, org.key, id);
  expect(p.status).toBe("completed");
  const steps = judge === "llm" ? ["verify", "grade"] : ["claims", "evidence", "assess"];
  expect(await checkpoints(id)).toEqual(steps.map((step) => ({ step, attempt: 1 })));
  // Every earlier step is stored in a call before the settlement; the last one with it, in its batch.
  const settlement = calls.filter((c) => c.some(settles));
  expect(settlement).toHaveLength(1);
  expect(settlement[0].filter(storesStep)).toHaveLength(1);
  expect(calls.flat().filter(storesStep)).toHaveLength(steps.length);
});

it("the runs of one queue batch, their writes and their searches' reads sharing D1 batches, each store their steps and settle once", async () => {
  recordD1Calls();
  const answers = [
    "3M's capital expenditure was $1,577 million in 2018, up from $1,373 million in 2017.",
    "Amazon's net sales were $177.9 billion in 2017 and its net income was $3.0 billion.",
    "AMD's largest customer accounted for 16% of its revenue in 2022.",
    "PepsiCo operates in North America, Latin America, Europe, Africa, the Middle East and Asia Pacific.",
    "JPMorgan's net interest income was $66.7 billion in 2022, up 28% from 2021.",
    "3M's free cash flow was $5.2 billion in 2018 and its dividends were $3.2 billion.",
  ];
  // Submitted together, so the queue delivers them in one batch.
  const ids = await Promise.all(answers.map(async (answer) => (await submit("agent", org.key, llmBody({ answer }))).json.payload.evaluation_id as string));
  for (const id of ids) {
    expect((await settled("agent", org.key, id)).status).toBe("completed");
    expect(await checkpoints(id)).toEqual(["claims", "evidence", "assess"].map((step) => ({ step, attempt: 1 })));
  }
  // Every run stores three steps, the last with its settlement. (Runs this short go in step with each
  // other, so their writes travel together; test/search/batched.test.ts checks writes sent beside reads.)
  expect(calls.flat().filter(storesStep)).toHaveLength(3 * ids.length);
  expect(calls.flat().filter(settles)).toHaveLength(ids.length);
});
