// Whose figures a claim gives, and whether all of them are borne out, through the Worker and the queue
// (issue 19). Wrong on purpose: a reference about Best Buy's Domestic segment (it names no company) whose
// figures an answer gives to Target, and an answer with one figure changed beside two stated ones.
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { expectLlmTellsApart, judgeAgainst } from "./judge-helpers";

let org: TestOrg;

const QUERY = "What were Best Buy's Domestic segment revenue and operating income in the second quarter of fiscal 2024?";
const REFERENCE = {
  title: "Best Buy Q2 FY2024 segment results",
  content:
    "Domestic segment revenue was $8,890 million in the second quarter of fiscal 2024, compared with $9,569 million in the second quarter of fiscal 2023. Domestic operating income was $329 million, compared with $343 million.",
};
const CORRECT =
  "Best Buy's Domestic segment revenue was $8,890 million in the second quarter of fiscal 2024, compared with $9,569 million a year earlier. Domestic operating income was $329 million, compared with $343 million.";
/** The same sentences about Target: the question's company is named nowhere, the reference's figures given to another. */
const TARGET = CORRECT.replace("Best Buy's", "Target's").replace("Domestic operating", "Target's Domestic operating");
/** The first claim's revenue changed ($9,310 million); its prior-year figure still stated. */
const OFF = CORRECT.replace("$8,890 million", "$9,310 million");
/** The first claim with a third figure no source states (online revenue), beside two stated ones. */
const EXTRA = CORRECT.replace("a year earlier.", "a year earlier, and its online revenue was $2,912 million.");

beforeAll(async () => {
  org = await createOrg();
});

const judged = judgeAgainst(() => org, QUERY, [REFERENCE]);

describe("the question's company is the name it gives in the possessive, not its other capitalized words", () => {
  it("LLM judge: the reference's figures given to Target grade 2 or less; the right answer 4 or more", async () => {
    const right = (await judged("llm", CORRECT)).result;
    const other = (await judged("llm", TARGET)).result;
    expectLlmTellsApart(right, other, "The answer is about Target, not the company the question names.");
  });

  it("agent judge: every claim giving Best Buy's figures to Target is unsupported, citing nothing", async () => {
    const right = (await judged("agent", CORRECT)).assessment;
    expect(right.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["supported", "supported"]);
    const other = (await judged("agent", TARGET)).assessment;
    for (const c of other.claims) {
      expect(c.verdict, c.claim).toBe("unsupported");
      expect(c.explanation).toContain("about Target, not the company the question names");
      expect(c.sources).toEqual([]);
    }
    expect(other.verdict).toBe("major_issues");
  });
});

describe("a company named by several words at the opening of its sentences, in the possessive", () => {
  const ULTA_QUERY = "What were Ulta Beauty's net sales and diluted earnings per share in fiscal 2022?";
  const ULTA_REF = {
    title: "Ulta Beauty fiscal 2022 results",
    content: "Net sales were $10,208.6 million in fiscal 2022, compared with $8,630.9 million in fiscal 2021. Diluted earnings per share were $24.01, compared with $17.98.",
  };
  const ULTA = "Ulta Beauty's net sales were $10,208.6 million in fiscal 2022, up from $8,630.9 million in fiscal 2021. Diluted earnings per share were $24.01, compared with $17.98.";
  /** Sally Beauty shares the question's company's second word: "Beauty" is no mention of Ulta Beauty here. */
  const SALLY = ULTA.replace("Ulta Beauty's", "Sally Beauty's").replace("Diluted", "Sally Beauty's diluted");
  const ulta = judgeAgainst(() => org, ULTA_QUERY, [ULTA_REF]);

  it("LLM judge: Ulta Beauty's figures given to Sally Beauty grade 2 or less, naming Sally Beauty", async () => {
    const right = (await ulta("llm", ULTA)).result;
    const other = (await ulta("llm", SALLY)).result;
    expect(right.scores.factuality).toBeGreaterThanOrEqual(4);
    expect(other.scores.factuality).toBeLessThanOrEqual(2);
    expect(other.reasoning).toContain("The answer is about Sally Beauty, not the company the question names.");
  });

  it("agent judge: each claim giving them to Sally Beauty is unsupported", async () => {
    const right = (await ulta("agent", ULTA)).assessment;
    expect(right.claims.every((c: { verdict: string }) => c.verdict === "supported")).toBe(true);
    const other = (await ulta("agent", SALLY)).assessment;
    for (const c of other.claims) {
      expect(c.verdict, c.claim).toBe("unsupported");
      expect(c.explanation).toContain("about Sally Beauty");
    }
  });
});

// The other company named only as the subject opening its sentence ("Globex reported a net loss of $418
// million"): namedEntities reads no sentence's first word, so the answer had scored 5/5/3/5 and been supported
// (wrong on purpose against `npm run dev`, session 21).
describe("a company named as the subject of a reporting verb at the opening of its sentence", () => {
  const ACME_QUERY = "What was Acme Corp's net income in fiscal 2023?";
  const ACME_REF = {
    title: "Acme Corp annual report",
    content: "Acme Corp\nConsolidated Statements of Operations\n(In millions)\nYear Ended December 31,\n2023 2022\nRevenue 4,210 3,980\nNet income (loss) (418) 150",
  };
  const acme = judgeAgainst(() => org, ACME_QUERY, [ACME_REF]);

  it("gives Acme's figure to Globex: graded 2 or less and unsupported, naming Globex", async () => {
    const answer = "Globex reported a net loss of $418 million in fiscal 2023.";
    const [right, llm, agent] = await Promise.all([acme("llm", "Acme Corp reported a net loss of $418 million in fiscal 2023."), acme("llm", answer), acme("agent", answer)]);
    expectLlmTellsApart(right.result, llm.result, "The answer is about Globex, not the company the question names.");
    expect(agent.assessment.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["unsupported"]);
    expect(agent.assessment.claims[0].explanation).toContain("about Globex");
  });
});

describe("agent judge: a claim is supported only when every figure of it is", () => {
  it("a claim with one figure the sources neither state nor compute is unsupported, and says so", async () => {
    const a = (await judged("agent", EXTRA)).assessment;
    const revenue = a.claims.find((c: { claim: string }) => c.claim.includes("$2,912 million"));
    expect(revenue.verdict).toBe("unsupported");
    expect(revenue.explanation).toContain("2 of 3 figures found as stated");
    expect(revenue.explanation).toContain("1 of its figures is neither stated in the sources nor computable from them");
    expect(a.claims.find((c: { claim: string }) => c.claim.includes("operating income")).verdict).toBe("supported");
    expect(a.verdict).not.toBe("accurate");
  });

  it("a claim whose changed figure the reference gives another value for its period is contradicted", async () => {
    const a = (await judged("agent", OFF)).assessment;
    const revenue = a.claims.find((c: { claim: string }) => c.claim.includes("$9,310 million"));
    expect(revenue.verdict).toBe("contradicted");
    expect(a.verdict).not.toBe("accurate");
  });
});
