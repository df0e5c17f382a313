// What a figure of an answer is worked out from, and what item a change is of (wrong on purpose, Ulta Beauty).
// A figure is not "worked out" from operands too coarse to tell it (issue 19: "a derivation never adds slack
// beyond that rounding"; wrong on purpose against npm run dev, Ulta Beauty's fourth-quarter release). An
// invented "$826.1 million" of SG&A had been read as derived, $447.6 million of operating income less the
// full year's "$1.3 billion" of the year before: -$852.4 million, within that figure's rounding of ±$50
// million. The LLM judge graded the answer 5/5/5/5 and the agent judge supported it. Operands whose
// rounding is wider than a fiftieth of the target (or ten of its own units) no longer state it.
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { expectBothTellApart, judgeAgainst } from "./judge-helpers";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

/** Ulta Beauty's release for the fourth quarter of fiscal 2022, two of its paragraphs as printed. */
const ULTA = [
  "Selling, general and administrative (SG&A) expenses increased 17.3% to $762.7",
  "million compared to $650.0 million in the fourth quarter of fiscal 2021.",
  "Operating income increased 19.2% to $447.6 million, or 13.9% of net sales, compared",
  "to $375.6 million, or 13.8% of net sales, in the fourth quarter of fiscal 2021.",
  "For the Full Year of Fiscal 2022",
  "Operating income increased 26.3% to $1.6 billion, or 16.1% of net sales, compared to",
  "$1.3 billion, or 15.0% of net sales, in fiscal 2021.",
].join("\n");

describe("a figure finer than the operands it would be worked out from", () => {
  const judged = judgeAgainst(() => org, "How did Ulta Beauty's operating income and SG&A expenses change in the fourth quarter of fiscal 2022?", [
    { title: "Ulta Beauty Q4 FY2022 release", content: ULTA },
  ]);

  it("carries the printed SG&A and does not read an invented one as derived", async () => {
    const said = (sga: string) => `In the fourth quarter of fiscal 2022, Ulta Beauty's operating income increased 19.2% to $447.6 million and its SG&A expenses increased 17.3% to ${sga}.`;
    const right = said("$762.7 million");
    const wrong = said("$826.1 million");
    const [llmRight, llmWrong, agentRight, agentWrong] = await Promise.all([judged("llm", right), judged("llm", wrong), judged("agent", right), judged("agent", wrong)]);
    expect(llmRight.result.scores.factuality).toBe(5);
    // Not derived; and "SG&A expenses" is the item the release spells out, so the printed figure contradicts it (session 23).
    expect(llmWrong.result.scores.factuality).toBeLessThanOrEqual(2);
    expect(llmWrong.result.reasoning).toContain("The source gives selling, general and administrative (SG&A) expenses for 2022 as $762.7 million, not $826.1 million.");
    expect(agentRight.assessment.claims.map((c: { verdict: string }) => c.verdict)).not.toContain("contradicted");
    expect(agentWrong.assessment.claims.map((c: { verdict: string }) => c.verdict)).not.toContain("supported");
  });
});

// A change worked out from two levels goes one way: "decreased 19.2%" is not the rise from $375.6 million to
// $447.6 million, which the sources' figures give (wrong on purpose against npm run dev: a decline given for
// Ulta's printed rise had kept factuality 5 as "computable from the source's figures").
describe("a change said one way, worked out from levels that go the other", () => {
  const judged = judgeAgainst(() => org, "How did Ulta Beauty's operating income change in the fourth quarter of fiscal 2022?", [
    { title: "Ulta Beauty Q4 FY2022 release", content: "Operating income was $447.6 million in the fourth quarter of fiscal 2022, compared to $375.6 million in the fourth quarter of fiscal 2021." },
  ]);

  it("derives the rise and not the decline", async () => {
    const said = (way: string) => `In the fourth quarter of fiscal 2022, Ulta Beauty's operating income ${way} 19.2% to $447.6 million.`;
    const [llmRise, llmDecline, agentRise, agentDecline] = await Promise.all([judged("llm", said("increased")), judged("llm", said("decreased")), judged("agent", said("increased")), judged("agent", said("decreased"))]);
    expect(llmRise.result.scores.factuality).toBe(5);
    // Not derived, and since session 30 contradicted by the two levels it is worked out from (level-changes.test.ts).
    expect(llmDecline.result.reasoning).toContain("The source gives operating income as $375.6 million for 2021 and $447.6 million for 2022: a rise of 19.2%, not the other way.");
    expect(llmDecline.result.scores.factuality).toBeLessThanOrEqual(2);
    expect(llmDecline.result.scores.factuality).toBeLessThan(llmRise.result.scores.factuality);
    expect(agentRise.assessment.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["supported"]);
    expect(agentDecline.assessment.claims.map((c: { verdict: string }) => c.verdict)).not.toContain("supported");
  });
});


// "driven by a 10.8% increase in transactions and a 4.3% increase in average ticket": each change is of the
// item named after it. The words before the figure ("transactions and a") had given 4.3% to transactions, so
// the drivers swapped were carried and the right ones read against the wrong items.
describe("a change and the item named after it", () => {
  const judged = judgeAgainst(() => org, "What drove Ulta Beauty's comparable sales growth in fiscal 2022?", [
    { title: "Ulta Beauty Q4 FY2022 release", content: "In fiscal 2022, comparable sales increased 15.6%, driven by a 10.8% increase in transactions and a 4.3% increase in average ticket." },
  ]);
  const said = (transactions: string, ticket: string) =>
    `In fiscal 2022, Ulta Beauty's comparable sales increased 15.6%, driven by a ${transactions} increase in transactions and a ${ticket} increase in average ticket.`;

  it("carries the drivers as printed and contradicts them swapped", async () => {
    await expectBothTellApart(judged, said("10.8%", "4.3%"), said("4.3%", "10.8%"), "The source gives transactions for 2022 as 10.8%, not 4.3%.");
  });
});

// The same drivers as Ulta's quarter release prints them: the sentence cut after its comparison ("... in the
// fourth quarter of fiscal 2021," / "driven by a 13.6% increase in transactions ..."), whose year and part the
// drivers take once the lines are read as one sentence ("compared to an increase of 21.4%" is the comparison).
describe("drivers on the line after their sentence's comparison", () => {
  const judged = judgeAgainst(() => org, "What drove Ulta Beauty's comparable sales growth in the fourth quarter of fiscal 2022?", [
    {
      title: "Ulta Beauty Q4 FY2022 release",
      content: [
        "Comparable sales (sales for stores open at least 14 months and e-commerce sales)",
        "increased 15.6% compared to an increase of 21.4% in the fourth quarter of fiscal 2021,",
        "driven by a 13.6% increase in transactions and a 1.8% increase in average ticket.",
      ].join("\n"),
    },
  ]);
  const said = (transactions: string, ticket: string) =>
    `In the fourth quarter of fiscal 2022, Ulta Beauty's comparable sales increased 15.6%, driven by a ${transactions} increase in transactions and a ${ticket} increase in average ticket.`;

  it("carries the drivers as printed and contradicts them swapped", async () => {
    await expectBothTellApart(judged, said("13.6%", "1.8%"), said("1.8%", "13.6%"), "The source gives transactions for 2022 as 13.6%, not 1.8%.");
  });
});
