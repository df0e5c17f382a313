// How often an item is paid is its period: "its quarterly dividend of $1.19 per share" is a quarter's, not the
// year's (Johnson & Johnson's August 2023 8-K, the demo corpus). The annual dividend given as $1.19 had read
// 5/5/4/5 and been supported by the agent; now it is not carried by the quarterly figure (src/figures/same-period.ts
// spans): a lower factuality than the right answer's, and the agent's claim not supported.
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { judgeAgainst } from "./judge-helpers";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

const HIGHLIGHTS = [
  "\u2022 Company secured $13.2 billion in cash proceeds from the Kenvue debt offering and initial public offering and maintains 9.5%",
  "of equity stake in Kenvue",
  "\u2022 Company maintains its quarterly dividend of $1.19 per share"
].join("\n");

describe("a quarterly payment against an annual one", () => {
  const judged = judgeAgainst(() => org, "What dividend does Johnson & Johnson pay after the Kenvue separation?", [{ title: "Johnson & Johnson 8-K, August 2023", content: HIGHLIGHTS }]);
  const said = (how: string) => `Johnson & Johnson maintains its ${how} dividend of $1.19 per share.`;

  it("carries the quarterly dividend and not the same figure given as the annual one (wrong on purpose)", async () => {
    const [llmRight, llmWrong, agentRight, agentWrong] = await Promise.all([judged("llm", said("quarterly")), judged("llm", said("annual")), judged("agent", said("quarterly")), judged("agent", said("annual"))]);
    expect(llmRight.result.scores.factuality).toBeGreaterThanOrEqual(4);
    expect(llmWrong.result.scores.factuality).toBeLessThan(llmRight.result.scores.factuality);
    expect(agentRight.assessment.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["supported"]);
    expect(agentWrong.assessment.claims.map((c: { verdict: string }) => c.verdict)).not.toContain("supported");
  });
});
