// How often an item is paid is its period, with or without a year: Johnson & Johnson's 8-K says "Company maintains
// its quarterly dividend of $1.19 per share"; the answer's "maintains its annual dividend of $1.19 per share", no
// year named, had read LLM 3/5/4/3 against npm run dev (agent unresolved), the figure merely not placed. Both spans
// are written, so it is now contradicted: the quarterly payment is not the year's.
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { itTellsApart, JNJ_KENVUE_BULLETS, judgeAgainst } from "./judge-helpers";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

const said = (frequency: string) => `Johnson & Johnson maintains its ${frequency} dividend of $1.19 per share.`;

describe("a payment's frequency, no year named", () => {
  const judged = judgeAgainst(() => org, "What did Johnson & Johnson say about its dividend after the Kenvue separation?", [{ title: "Johnson & Johnson 8-K, August 2023", content: JNJ_KENVUE_BULLETS }]);
  itTellsApart(judged, said("quarterly"), [{ wrong: "the quarterly dividend given as the annual one", answer: said("annual"), why: "$1.19 is quarterly dividend for the three months, not for the full year." }]);

  it("leaves a payment whose frequency is not written alone", async () => {
    const llm = await judged("llm", "Johnson & Johnson maintains its dividend of $1.19 per share.");
    expect(llm.result.scores.factuality).toBeGreaterThanOrEqual(4);
  });
});
