// A figure changed in a copy of the source's words: the answer's sentence carries one of its figures from a
// source sentence that holds another figure of the same kind before or after the same words ("approximately 3% of
// outstanding shares" given as 13%, "9.5% of equity stake in Kenvue" given as a 19.5% stake, "share count by
// approximately 191 million" given as 91 million). Such an answer
// had read LLM factuality 4-5 beside its carried figures, the changed one merely "not found"; now both judges
// contradict it and name the source's figure (src/figures/changed-copies.ts). Amcor's FY2023 release
// and Johnson & Johnson's August 2023 8-K, as the demo corpus holds them.
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { AMCOR_YEAR_BULLETS, expectBothTellApart, JNJ_KENVUE_BULLETS, judgeAgainst } from "./judge-helpers";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

const KENVUE = JNJ_KENVUE_BULLETS;

describe("a figure changed in a copy of the source's words", () => {
  it("Amcor's share of outstanding shares repurchased (3% given as 13%)", async () => {
    const judged = judgeAgainst(() => org, "How much did Amcor return to shareholders in fiscal 2023?", [{ title: "Amcor FY2023 results release", content: AMCOR_YEAR_BULLETS.join("\n") }]);
    const said = (share: string) => `In fiscal 2023, Amcor repurchased $431 million of shares, approximately ${share} of outstanding shares.`;
    await expectBothTellApart(judged, said("3%"), said("13%"), "The source gives 3% for outstanding shares, not 13%.");
  });

  it("Johnson & Johnson's stake in Kenvue (9.5% given as 19.5%)", async () => {
    const judged = judgeAgainst(() => org, "What did Johnson & Johnson keep of Kenvue after the separation?", [{ title: "Johnson & Johnson 8-K, August 2023", content: KENVUE }]);
    const said = (stake: string) => `Johnson & Johnson secured $13.2 billion in cash proceeds from the Kenvue debt offering and initial public offering and maintains a ${stake} equity stake in Kenvue.`;
    await expectBothTellApart(judged, said("9.5%"), said("19.5%"), "The source gives 9.5% for equity stake, not 19.5%.");
  });

  it("Johnson & Johnson's share count reduction (191 million given as 91 million, after the same words)", async () => {
    const judged = judgeAgainst(() => org, "By how much did the Kenvue exchange offer reduce Johnson & Johnson's share count?", [{ title: "Johnson & Johnson 8-K, August 2023", content: KENVUE }]);
    const said = (count: string) => `Johnson & Johnson reduced its share count by about ${count}, and 2023 guidance reflects a partial-year benefit of about 73.5 million shares, or $0.28 of EPS.`;
    await expectBothTellApart(judged, said("191 million"), said("91 million"), "The source gives 191 million for share count, not 91 million.");
  });
});

describe("the same words after another figure of another matter", () => {
  it("do not contradict a sentence none of whose figures the source carries (CVS's tribal settlement beside the states')", async () => {
    const source = [
      "The maximum amount payable by the Company under the settlement would be approximately $4.3 billion in opioid remediation and $625 million in attorneys fees",
      "and costs and additional remediation. The amounts would be payable over 10 years, beginning in 2023.",
    ].join("\n");
    const judged = judgeAgainst(() => org, "Has CVS Health reported any materially important ongoing legal battles?", [{ title: "CVS Health 10-K 2022", content: source }]);
    const answer =
      "CVS Health agreed to a settlement with states of approximately $4.3 billion in opioid remediation and $625 million in attorneys fees. The company also agreed to a settlement with tribes for $113 million in opioid remediation and $18 million in attorneys fees.";
    const llm = await judged("llm", answer);
    expect(llm.result.reasoning).not.toContain("The source gives $625 million");
    expect(llm.result.reasoning).not.toContain("The source gives $4.3 billion");
  });
});

// Johnson & Johnson's guidance bullets, one sentence over three lines. A list's last item opening its line in
// capitals ("..., and" / "Adjusted Operational Sales Growth of 6.2% - 7.2%") had been read apart from its sentence,
// undated, so the right answer was contradicted by the operational growth before it (LLM 1/5/2/1 against npm run
// dev). And a range's ends are two figures: the operational EPS range given the reported one's ("$10.00 - $10.10")
// had been carried by the "$10.00" that ends "$9.90 - $10.00" (LLM 5/5/2/4, supported by the agent).
describe("ranges of a guidance list", () => {
  const GUIDANCE = [
    "\u2022 Company expects increased 2023 Reported Sales Growth of 7.0% - 8.0%, Operational Sales Growth of 7.5% - 8.5%, and",
    "Adjusted Operational Sales Growth of 6.2% - 7.2%; Figures exclude the COVID-19 Vaccine",
    "\u2022 Company expects 2023 Adjusted Reported Earnings Per Share (EPS) of $10.00 - $10.10, reflecting increased growth of",
    "12.5% at the mid-point and Adjusted Operational EPS of $9.90 - $10.00, reflecting increased growth of 11.5% at the mid-",
    "point",
  ].join("\n");
  const judged = judgeAgainst(() => org, "What 2023 guidance did Johnson & Johnson give after the Kenvue separation?", [{ title: "Johnson & Johnson 8-K, August 2023", content: GUIDANCE }]);

  it("carries the list's last item, its name on a line of its own", async () => {
    const llm = await judged("llm", "Johnson & Johnson expects 2023 adjusted operational sales growth of 6.2% - 7.2%.");
    expect(llm.result.scores.factuality).toBeGreaterThanOrEqual(4);
  });

  it("contradicts one range's ends given for another's (wrong on purpose)", async () => {
    const said = (range: string) => `Johnson & Johnson expects 2023 adjusted operational EPS of ${range}, reflecting growth of 11.5% at the mid-point.`;
    const [right, wrong] = await Promise.all([judged("llm", said("$9.90 - $10.00")), judged("llm", said("$10.00 - $10.10"))]);
    expect(right.result.scores.factuality).toBeGreaterThanOrEqual(4);
    expect(wrong.result.scores.factuality).toBeLessThanOrEqual(2);
    expect(wrong.result.reasoning).toContain("The source gives $9.90 for operational eps, not $10.00.");
  });
});
