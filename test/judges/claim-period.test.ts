// A claim given another year than its source's, in a sentence that also names a quarterly dividend, through
// the Worker and the queue (issue 19). Wrong on purpose: Amcor's fiscal 2023 share repurchases given to
// fiscal 2022 graded 5/2/3/4, and the agent judge called the claim supported.
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { expectLlmTellsApart, judgeAgainst } from "./judge-helpers";

let org: TestOrg;
const QUERY = "How much did Amcor spend on share repurchases in fiscal 2023, and what quarterly dividend did it declare?";
const REFERENCE = {
  title: "Amcor FY2023 results",
  content:
    "Amcor repurchased approximately 41 million shares (approximately 3% of total shares issued and outstanding) during fiscal 2023 for a total cost of $431 million. The Amcor Board of Directors declared a quarterly cash dividend of 12.25 cents per share.",
};
const RIGHT = "Amcor repurchased about 41 million shares in fiscal 2023 at a total cost of $431 million, and declared a quarterly cash dividend of 12.25 cents per share.";
const WRONG_YEAR = RIGHT.replace("fiscal 2023", "fiscal 2022");

beforeAll(async () => {
  org = await createOrg();
});

const judged = judgeAgainst(() => org, QUERY, [REFERENCE]);

describe("a figure given another year, beside a quarterly item", () => {
  it("LLM judge: grades the wrong year 2 or less and says which year the figure is for", async () => {
    const right = (await judged("llm", RIGHT)).result;
    const wrong = (await judged("llm", WRONG_YEAR)).result;
    expectLlmTellsApart(right, wrong, "for 2023, not 2022");
  });

  it("agent judge: contradicts the claim with the wrong year", async () => {
    expect((await judged("agent", RIGHT)).assessment.claims[0].verdict).toBe("supported");
    const wrong = (await judged("agent", WRONG_YEAR)).assessment;
    expect(wrong.claims[0].verdict).toBe("contradicted");
    expect(wrong.verdict).not.toBe("accurate");
  });
});

describe("agent judge: a claim naming no period is read in the question's quarter", () => {
  const BBY_QUERY = "What were Best Buy's Domestic segment revenue and operating income in the second quarter of fiscal 2024?";
  const BBY_TABLE = {
    title: "Best Buy 10-Q, Domestic segment",
    content: [
      "Best Buy Domestic Segment: the end of the second quarter of fiscal 2024 on July 29, 2023.",
      "Selected financial data for the Domestic segment was as follows ($ in millions):",
      "Three Months Ended Six Months Ended",
      "July 29, 2023 July 30, 2022 July 29, 2023 July 30, 2022",
      "Revenue $ 8,890 $ 9,569 $ 17,691 $ 19,463",
      "Operating income $ 329 $ 343 $ 619 $ 772",
    ].join("\n"),
  };
  const bby = judgeAgainst(() => org, BBY_QUERY, [BBY_TABLE]);
  const agent = async (answer: string) => (await bby("agent", answer)).assessment;

  it("contradicts the six months' operating income given with no period, and supports the quarter's", async () => {
    const six = await agent("Best Buy's Domestic segment revenue was $8,890 million. Domestic operating income was $619 million.");
    const income = six.claims.find((c: { claim: string }) => c.claim.includes("$619 million"));
    expect(income.verdict).toBe("contradicted");
    expect(income.explanation).toContain("six months");
    expect(six.verdict).not.toBe("accurate");
    const right = await agent("Best Buy's Domestic segment revenue was $8,890 million. Domestic operating income was $329 million.");
    expect(right.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["supported", "supported"]);
  });
});
