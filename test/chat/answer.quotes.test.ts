// The local chat engine's quotations: a sentence quoted word for word from its cited passage keeps every
// figure it prints (the guard still flags a figure the passage does not print), and a question about a day
// ("as of August 30, 2023") may be answered by a sentence about that day's quarter. Inputs wrong on purpose
// (another company's release, a swapped year, an altered figure) must not get the figure. Through
// answerPieces, so the grounding guard runs over the engine's answer.
import { describe, expect, it } from "vitest";
import { groundSentence } from "../../src/chat/grounding";
import { NOT_IN_DOCUMENTS } from "../../src/chat/local-answer";
import { answerOver, passageOf } from "./chat.helpers";

const GUIDANCE = `PepsiCo Reports First-Quarter 2023 Results; Raises Full-Year
Guidance
PURCHASE, N.Y. - April 25, 2023 - PepsiCo, Inc. (NASDAQ: PEP) today reported results for
the first quarter 2023.
We are very pleased with our performance and business momentum as our categories and
geographies remained resilient during the first quarter. Given our strong start to the year, we
now expect our full-year 2023 organic revenue to increase 8 percent (previously 6 percent) and
core constant currency EPS to increase 9 percent (previously 8 percent), said Chairman and
CEO Ramon Laguarta.`;

const SEPARATION = `Johnson & Johnson Announces Updated Financials and 2023 Guidance Following Completion of the Kenvue
Separation
New Brunswick, N.J. (August 30, 2023) - Johnson & Johnson (NYSE: JNJ) today announced updates to its financials and
2023 guidance.
As previously announced, the Company recently completed an exchange offer to finalize the separation of Kenvue Inc., formerly Johnson &
Johnson's Consumer Health business. As a result of the completion of the exchange offer, Johnson & Johnson will now present its
Consumer Health business financial results as discontinued operations, including a gain of approximately $20 billion in the third quarter of
2023.`;

const passage = (text: string, company: string, ticker: string, fiscalYear = 2023) => passageOf(text, company, ticker, { fiscalYear, form: "8K", docType: "news" });

const answer = answerOver;

describe("local answer engine: quotations", () => {
  it("quotes a guidance sentence word for word with every figure it prints, cited", async () => {
    const { text, cites } = await answer("As of FY2023Q1, by how many percentage points did Pepsico raise full year guidance in respect of core constant currency EPS growth?", [passage(GUIDANCE, "PepsiCo", "PEP")]);
    expect(text).toContain("core constant currency EPS to increase 9 percent (previously 8 percent)");
    expect(text).toMatch(/\[1\]$/);
    expect(cites).toEqual([0]);
  });

  it("flags a figure the cited passage does not print, however close the rest is to a quotation", () => {
    const altered = "Given our strong start to the year, we now expect our full-year 2023 organic revenue to increase 8 percent (previously 6 percent) and core constant currency EPS to increase 10 percent (previously 8 percent) [1].";
    expect(groundSentence(altered, [GUIDANCE], "core constant currency EPS guidance").flagged).toContain("10 percent");
    // Word for word, but citing a passage that does not print it: not a quotation of the cited passage.
    const quoted = "we now expect our full-year 2023 organic revenue to increase 8 percent (previously 6 percent) [1].";
    expect(groundSentence(quoted, [GUIDANCE], "organic revenue guidance").flagged).toEqual([]);
    expect(groundSentence(quoted, ["PepsiCo expects organic revenue to grow in 2023."], "organic revenue guidance").flagged.length).toBeGreaterThan(0);
  });

  it("answers a question about a day from the sentence about that day's quarter", async () => {
    const { text, cites } = await answer("What is the amount of the gain accruing to JnJ as a result of the separation of its Consumer Health business segment, as of August 30, 2023?", [passage(SEPARATION, "Johnson & Johnson", "JNJ")]);
    expect(text).toContain("gain of approximately $20 billion in the third quarter of 2023. [1]");
    expect(cites).toEqual([0]);
  });

  it("does not give the gain for a swapped year or from another company's release", async () => {
    const swapped = await answer("What is the amount of the gain accruing to JnJ as a result of the separation of its Consumer Health business segment, as of August 30, 2022?", [passage(SEPARATION, "Johnson & Johnson", "JNJ")]);
    expect(swapped.text).not.toContain("$20 billion");
    const other = await answer("What is the amount of the gain accruing to Pfizer as a result of the separation of its Consumer Health business segment, as of August 30, 2023?", [passage(SEPARATION, "Johnson & Johnson", "JNJ")]);
    expect(other.text).toBe(NOT_IN_DOCUMENTS);
  });

  it("still keeps a quarter's sentence out of an answer about a fiscal year", async () => {
    const { text } = await answer("What was the amount of the gain JnJ recorded on the separation of its Consumer Health business in fiscal 2023?", [passage(SEPARATION, "Johnson & Johnson", "JNJ")]);
    expect(text).not.toContain("$20 billion");
  });

  it("answers whether a company is a high growth one with its year's sales growth", async () => {
    const RESULTS = `Acme Corp
For discussion of prior years see the Company's Annual Report on Form 10-K for the fiscal year ended January 2, 2022.
In 2022, worldwide sales increased 1.3% to $94.9 billion as compared to an increase of 13.6% in 2021.`;
    const { text, cites } = await answer("Are Acme's FY2022 financials that of a high growth company?", [passage(RESULTS, "Acme Corp", "ACME", 2022)]);
    expect(text).toContain("In 2022, worldwide sales increased 1.3% to $94.9 billion as compared to an increase of 13.6% in 2021. [1]");
    expect(text).not.toContain("For discussion");
    expect(cites).toEqual([0]);
  });

  it("keeps a year's sentence out of an answer about a quarter, and quotes the quarter's", async () => {
    const RESULTS = `Acme Corp
In 2022, worldwide sales increased 1.3% to $94.9 billion as compared to an increase of 13.6% in 2021.
Second-quarter 2022 worldwide sales increased 5.0% to $24.0 billion compared to the second quarter of 2021.`;
    const { text, cites } = await answer("By how much did Acme's worldwide sales increase in Q2 of FY2022?", [passage(RESULTS, "Acme Corp", "ACME", 2022)]);
    expect(text).toContain("Second-quarter 2022 worldwide sales increased 5.0% to $24.0 billion");
    expect(text).not.toContain("1.3%");
    expect(cites).toEqual([0]);
  });
});
