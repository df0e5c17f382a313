// A figure given for "the three months ended July 29, 2023" (the wording of a 10-Q's own columns) is read
// for that quarter, through the Worker and both judges: the prior year's column given to it is contradicted,
// as it was for "the quarter ended July 29, 2023" (wrong on purpose); the quarter's and the six months'
// figures are carried only for their own periods. A statement's figures take the day of the period named
// right after them, or opening their sentence, as a source's prose figures do (src/figures/context.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { judgedPayload, WINDOW } from "./judge-helpers";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

const TABLE = [
  "Segment Performance Summary",
  "Domestic Segment",
  "Selected financial data for the Domestic segment was as follows ($ in millions):",
  "Three Months Ended Six Months Ended",
  "July 29, 2023 July 30, 2022 July 29, 2023 July 30, 2022",
  "Revenue $ 8,890 $ 9,569 $ 17,691 $ 19,463",
  "Gross profit $ 2,052 $ 2,109 $ 4,044 $ 4,279",
  "Operating income $ 329 $ 343 $ 619 $ 772",
].join("\n");
const QUERY = "What was Best Buy's Domestic segment revenue in the three months ended July 29, 2023?";
const body = (answer: string) => ({ query: QUERY, answer, references: [{ title: "Best Buy 10-Q, Q2 fiscal 2024", content: TABLE }], time_window: WINDOW });
const revenue = (figure: string, period: string) => `Best Buy's Domestic segment revenue was ${figure} in the ${period} ended July 29, 2023.`;

describe("a figure for the N months ended a day", () => {
  it("the prior year's column given to the quarter is contradicted by both judges (wrong on purpose)", async () => {
    const answer = revenue("$9,569 million", "three months");
    const [llm, agent] = await Promise.all([judgedPayload("llm", org.key, body(answer)), judgedPayload("agent", org.key, body(answer))]);
    expect(llm.result.scores.factuality).toBeLessThanOrEqual(2);
    expect(agent.assessment.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["contradicted"]);
    expect(agent.assessment.claims[0].explanation).toContain("8,890");
  });

  it("the quarter's figure is carried for the three months, the six months' for the six", async () => {
    for (const answer of [revenue("$8,890 million", "three months"), revenue("$17,691 million", "six months")]) {
      const [llm, agent] = await Promise.all([judgedPayload("llm", org.key, body(answer)), judgedPayload("agent", org.key, body(answer))]);
      expect(llm.result.scores.factuality).toBeGreaterThanOrEqual(4);
      expect(agent.assessment.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["supported"]);
    }
  });

  it("the six months' figure given to the three months is contradicted, the note naming its period (wrong on purpose)", async () => {
    const agent = await judgedPayload("agent", org.key, body(revenue("$17,691 million", "three months")));
    expect(agent.assessment.claims[0].verdict).toBe("contradicted");
    expect(agent.assessment.claims[0].explanation).toContain("six months ended July 29, 2023, not for three months");
  });

  it("a sentence opening on its period dates its figure the same way (wrong on purpose)", async () => {
    const agent = await judgedPayload("agent", org.key, body("For the three months ended July 29, 2023, Best Buy's Domestic segment revenue was $9,569 million."));
    expect(agent.assessment.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["contradicted"]);
  });
});
