// A scale word a PDF's line break put on the next line ("were $737.9" then "million."), through the Worker
// and both judges (wrong on purpose): the figure is $737.9 million, so "$737,877 million" (thousands read as
// millions) is not carried by it; before, the figure was read without its scale and any scale fitted it.
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { judgeAgainst } from "./judge-helpers";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

const RELEASE = [
  "Balance Sheet",
  "Cash and cash equivalents at the end of the fourth quarter of fiscal 2022 were $737.9",
  "million.",
  "Merchandise inventories, net at the end of the fourth quarter of fiscal 2022 totaled $1.6",
  "billion compared to $1.5 billion at the end of the fourth quarter of fiscal 2021.",
].join("\n");

const judged = judgeAgainst(() => org, "What were Ulta Beauty's cash and cash equivalents and merchandise inventories at the end of fiscal 2022?", [
  { title: "Ulta Beauty Q4 FY2022 earnings release", content: RELEASE },
]);
const said = (cash: string, inventories: string) => `At the end of fiscal 2022, Ulta Beauty had cash and cash equivalents of ${cash} and merchandise inventories of ${inventories}.`;

describe("a scale word on the line after its figure", () => {
  it("carries the figure at that scale, and no other", async () => {
    const right = said("$737.9 million", "$1.6 billion");
    const wrong = said("$737,877 million", "$1,603,451 million");
    const [llmRight, llmWrong, agentRight, agentWrong] = await Promise.all([judged("llm", right), judged("llm", wrong), judged("agent", right), judged("agent", wrong)]);
    expect(llmRight.result.scores.factuality).toBeGreaterThanOrEqual(4);
    expect(llmWrong.result.scores.factuality).toBeLessThanOrEqual(2);
    expect(agentRight.assessment.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["supported"]);
    expect(agentWrong.assessment.claims.map((c: { verdict: string }) => c.verdict)).not.toContain("supported");
    expect(agentWrong.assessment.claims[0].explanation).not.toContain("computable");
  });
});
