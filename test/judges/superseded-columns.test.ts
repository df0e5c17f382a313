// A guidance table whose columns are months (Johnson & Johnson's 8-K of August 2023: its updated guidance
// beside July's, before the Kenvue separation). A statement that names no month gives the current guidance:
// the July column's figure given for it was carried (the July share count given for August's guidance scored
// LLM factuality 5 and the agent's "accurate" against `npm run dev`). It is now contradicted, naming both
// columns; a statement that names July is read against July's column.
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { indexExternalFiling, itTellsApart, judgeAgainst } from "./judge-helpers";
import { AVERAGE_SHARES, GUIDANCE_HEADER, REPORTED_SALES } from "./jnj-guidance";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
  // The 8-K in the index: the judges' primary search finds it for J&J's references.
  await indexExternalFiling("Johnson & Johnson 8-K, August 2023: updated guidance", "JNJ", "Johnson & Johnson", GUIDANCE);
});

const QUESTION = "What 2023 guidance did Johnson & Johnson give after the Kenvue separation?";

/** The 8-K's table, as far as its reported sales block, and its share count: August 2023's column first, then July 2023's. */
const GUIDANCE = [...GUIDANCE_HEADER, ...REPORTED_SALES, AVERAGE_SHARES].join("\n");

describe("a month's column superseded by a later month's", () => {
  const judged = judgeAgainst(() => org, QUESTION, [{ title: "Johnson & Johnson 8-K, August 2023: updated guidance", content: GUIDANCE }]);
  const shares = (count: string) => `Johnson & Johnson projects 2023 average diluted shares outstanding of about ${count} million.`;
  itTellsApart(judged, shares("2,557.2"), [
    {
      wrong: "July's share count given as the current guidance",
      answer: shares("2,630.7"),
      why: "2,630.7 million is average Shares Outstanding in the July 2023 column; the latest, August 2023, gives 2,557.2.",
    },
  ]);
  const sales = (range: string) => `Johnson & Johnson expects 2023 reported sales of ${range}.`;
  itTellsApart(judged, sales("$83.2 billion to $84.0 billion"), [
    { wrong: "July's reported sales given as the current guidance", answer: sales("$98.8 billion to $99.8 billion"), why: "in the July 2023 column; the latest, August 2023, gives $84.0B" },
  ]);

  it("does not contradict the table given as its own reference: its rows give both columns, its value lines no row", async () => {
    const right = await judged("llm", shares("2,557.2"));
    const verdicts = right.result.reference_verdicts.map((v: { verdict: string }) => v.verdict);
    expect(verdicts).not.toContain("contradicted");
    expect(right.result.scores.factuality).toBeGreaterThanOrEqual(4);
  });

  it("reads a statement that names July against July's column", async () => {
    const july = "In July 2023, including Consumer Health, Johnson & Johnson had guided 2023 reported sales of $98.8 billion to $99.8 billion.";
    const [llm, agent] = await Promise.all([judged("llm", july), judged("agent", july)]);
    expect(llm.result.scores.factuality).toBeGreaterThanOrEqual(4);
    expect(agent.assessment.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["supported"]);
  });
});
