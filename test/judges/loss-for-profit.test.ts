// A loss where the source prints a profit, through the Worker and both judges (wrong on purpose): the same
// digits with the other sign, written "-$329 million" (a minus before the currency sign) or as "an operating
// loss of $329 million" in a sentence that words the line item its own way.
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { judgeAgainst } from "./judge-helpers";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

const judged = judgeAgainst(() => org, "What was Best Buy's Domestic segment operating income in the three months ended July 29, 2023?", [
  { title: "Best Buy 10-Q, Domestic segment", content: "Domestic operating income was $329 million in the three months ended July 29, 2023, compared with $343 million in the three months ended July 30, 2022." },
]);
const RIGHT = "Best Buy's Domestic operating income was $329 million in the three months ended July 29, 2023.";

describe("a profit given as a loss", () => {
  it.each([
    ["a minus before the currency sign", "Best Buy's Domestic operating income was -$329 million in the three months ended July 29, 2023."],
    ["a loss worded its own way", "Best Buy's Domestic segment had an operating loss of $329 million in the three months ended July 29, 2023."],
  ])("is contradicted: %s", async (_, wrong) => {
    const [llm, agent] = await Promise.all([judged("llm", wrong), judged("agent", wrong)]);
    expect(llm.result.scores.factuality).toBeLessThanOrEqual(2);
    expect(agent.assessment.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["contradicted"]);
    expect(agent.assessment.claims[0].explanation).toContain("as a profit of $329 million, not a loss");
  });

  it("the profit as the source gives it is carried", async () => {
    const [llm, agent] = await Promise.all([judged("llm", RIGHT), judged("agent", RIGHT)]);
    expect(llm.result.scores.factuality).toBeGreaterThanOrEqual(4);
    expect(agent.assessment.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["supported"]);
  });
});
