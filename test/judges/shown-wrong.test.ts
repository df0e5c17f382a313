// A figure shown wrong is worse than a figure not found (issue 19, the neighbour-figure perturbations). An
// answer whose figures the sources neither state nor yield is unverified: factuality 2, grounding as low as its
// support. One the sources show wrong (a figure contradicted in context, a calculation that does not hold, a
// claim worded as the sources are with other figures, a recomputed metric or ranking that disagrees, another
// company) reads 1. Before, both read 1: a correct answer citing figures from beyond its reference (J&J's
// compound growth rates) tied with the same answer carrying the neighbouring cell, so the change went unseen.
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { judgeAgainst } from "./judge-helpers";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

const JNJ_SALES = [
  "Results of Operations",
  "Analysis of Consolidated Sales",
  "In 2022, worldwide sales increased 1.3% to $94.9 billion as compared to an increase of 13.6% in 2021. These sales changes consisted of the following:",
  "Sales increase/(decrease) due to:",
  "2022",
  "2021",
  "Volume",
  "6.9 %",
  "12.9 %",
  "Price",
  "(0.8)",
  "(0.7)",
  "Currency",
  "(4.8)",
  "1.4 ",
  "Total",
  "1.3 %",
  "13.6 %",
].join("\n");

const answer = (prior: string) =>
  "Based on the provided information, JnJ's FY2022 financials do not indicate that it is a high growth company. The worldwide sales " +
  `increased by only 1.3% in 2022, compared to an increase of ${prior} in 2021. The five-year compound annual growth rates for ` +
  "worldwide, U.S. and international sales were 4.4%, 4.0% and 4.9%, respectively, which are modest growth rates. The ten-year " +
  "compound annual growth rates for worldwide, U.S. and international sales were 3.5%, 5.0% and 2.2%, respectively, which also " +
  "suggest modest growth. Therefore, JnJ's FY2022 financials suggest that it is a stable company with modest growth, rather than " +
  "a high growth company.";

describe("an unverified figure against a figure shown wrong", () => {
  const judged = judgeAgainst(() => org, "Are JnJ's FY2022 financials that of a high growth company?", [{ title: "J&J 2022 10-K, sales", content: JNJ_SALES }]);

  it("scores the answer with figures beyond its sources 2 in factuality, and the same with the neighbouring cell 1", async () => {
    const [right, neighbour] = await Promise.all([judged("llm", answer("13.6%")), judged("llm", answer("1.4%"))]);
    expect(right.result.scores.factuality).toBe(2);
    expect(right.result.reasoning).toContain("figure(s) are neither stated in the sources nor computable from them");
    expect(neighbour.result.scores.factuality).toBe(1);
    expect(neighbour.result.reasoning).toContain("1.4% is currency for 2021, not 2022");
    expect(neighbour.result.overall_score).toBeLessThan(right.result.overall_score);
  });

  it("keeps a calculation that does not hold at 1", async () => {
    const wrongStep = judged("llm", "JnJ's worldwide sales grew 1.3% in 2022 and 13.6% in 2021, so the two years together add to 1.3% + 13.6% = 19.9%, a modest rate.");
    expect((await wrongStep).result.scores.factuality).toBe(1);
  });
});
