// A change an answer states beside its two levels ("was $9,569 million, down 7.1% from $8,890 million", "12.0
// cents per share, up from 12.25 cents"), through the Worker and the queue (issue 19). Wrong on purpose: the
// two levels swapped, so the change is the right size in the wrong direction, against a reference that dates
// its columns by their last day only (no fiscal year named, so the period cannot tell which level is which).
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { judgeAgainst } from "./judge-helpers";

let org: TestOrg;

const QUERY = "What was Best Buy's Domestic segment revenue in the second quarter of fiscal 2024?";
const REFERENCE = {
  title: "Best Buy 10-Q, Domestic segment",
  content: "Domestic segment revenue was $8,890 million in the three months ended July 29, 2023, compared with $9,569 million in the three months ended July 30, 2022.",
};
const RIGHT = "Best Buy's Domestic segment revenue was $8,890 million in the second quarter of fiscal 2024, down 7.1% from $9,569 million a year earlier.";
const SWAPPED = "Best Buy's Domestic segment revenue was $9,569 million in the second quarter of fiscal 2024, down 7.1% from $8,890 million a year earlier.";

beforeAll(async () => {
  org = await createOrg();
});

const judged = judgeAgainst(() => org, QUERY, [REFERENCE]);

describe("a stated change is checked against its two levels", () => {
  it("LLM judge: the swapped levels grade 2 or less, saying the calculation does not hold; the right answer does not", async () => {
    const right = (await judged("llm", RIGHT)).result;
    const swapped = (await judged("llm", SWAPPED)).result;
    expect(right.reasoning).not.toContain("do not hold");
    expect(right.scores.factuality).toBeGreaterThan(swapped.scores.factuality);
    expect(swapped.scores.factuality).toBeLessThanOrEqual(2);
    expect(swapped.reasoning).toContain("1 calculation step(s) do not hold.");
  });

  it("agent judge: the claim with the swapped levels is contradicted by its own calculation; the right one is not", async () => {
    const right = (await judged("agent", RIGHT)).assessment;
    expect(right.claims[0].verdict).not.toBe("contradicted");
    const swapped = (await judged("agent", SWAPPED)).assessment;
    expect(swapped.claims[0].verdict).toBe("contradicted");
    expect(swapped.claims[0].explanation).toContain("Its own calculation does not hold.");
    expect(swapped.verdict).not.toBe("accurate");
  });
});

describe("a level and the level it moved from, with no change written, are checked for direction", () => {
  const AMCOR_QUERY = "What quarterly dividend did Amcor declare?";
  const AMCOR_REF = { title: "Amcor dividend", content: "The Amcor Board of Directors declared a quarterly cash dividend of 12.25 cents per share (compared with 12.0 cents per share in the same quarter last year)." };
  const amcor = judgeAgainst(() => org, AMCOR_QUERY, [AMCOR_REF]);
  const RIGHT_DIVIDEND = "Amcor declared a quarterly cash dividend of 12.25 cents per share, up from 12.0 cents a year earlier.";
  const SWAPPED_DIVIDEND = "Amcor declared a quarterly cash dividend of 12.0 cents per share, up from 12.25 cents a year earlier.";

  it("LLM judge: the swapped dividend grades 2 or less, the right one does not", async () => {
    const right = (await amcor("llm", RIGHT_DIVIDEND)).result;
    const swapped = (await amcor("llm", SWAPPED_DIVIDEND)).result;
    expect(right.scores.factuality).toBeGreaterThanOrEqual(4);
    expect(swapped.scores.factuality).toBeLessThanOrEqual(2);
    expect(swapped.reasoning).toContain("1 calculation step(s) do not hold.");
  });

  it("agent judge: the swapped dividend's claim is contradicted by its own words", async () => {
    const swapped = (await amcor("agent", SWAPPED_DIVIDEND)).assessment;
    expect(swapped.claims[0].verdict).toBe("contradicted");
    expect(swapped.claims[0].explanation).toContain("Its own calculation does not hold.");
    expect((await amcor("agent", RIGHT_DIVIDEND)).assessment.claims[0].verdict).toBe("supported");
  });
});
