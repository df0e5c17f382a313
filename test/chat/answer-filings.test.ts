// The local chat engine reads a year's statement figures from that year's annual filing first (the figures as
// first reported), not from a later filing's comparative column that may be restated; with no such filing
// among the passages, from the later one. Through answerPieces, so the grounding guard runs over the answer.
import { describe, expect, it } from "vitest";
import type { Passage } from "../../src/chat/types";
import { answerOver, passageOf } from "./chat.helpers";

const income = (years: [number, number], revenue: [string, string]) => `Zentrix Corp
Consolidated Statements of Operations
(In millions)
Year Ended December 31,
${years[0]}
${years[1]}
Net revenue
$
${revenue[0]} $
${revenue[1]}
Net income
$
700 $
640`;

const LATER = income([2023, 2022], ["8,000", "7,450"]);
const ORIGINAL = income([2022, 2021], ["7,400", "6,900"]);
const filing = (text: string, fiscalYear: number) => passageOf(text, "Zentrix", "ZTX", { fiscalYear, form: "10K", docType: "filing" });

const answer = async (query: string, passages: Passage[]) => (await answerOver(query, passages)).text;

describe("local answer engine: which filing a year's figure is read from", () => {
  it("reads the asked year's figure from that year's annual filing, though a later one ranks first", async () => {
    const text = await answer("What was Zentrix's FY2022 net revenue?", [filing(LATER, 2023), filing(ORIGINAL, 2022)]);
    expect(text).toContain("Net revenue in 2022 was $7,400 million [2].");
    expect(text).not.toContain("7,450");
  });

  it("reads the later filing's column when the year's own filing is not among the passages", async () => {
    const text = await answer("What was Zentrix's FY2022 net revenue?", [filing(LATER, 2023)]);
    expect(text).toContain("Net revenue in 2022 was $7,450 million [1].");
  });
});
