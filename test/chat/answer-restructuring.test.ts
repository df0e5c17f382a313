// "What is the quantity of restructuring costs directly outlined in X's income statements for FY2022? If
// restructuring costs are not explicitly outlined then state 0": with no restructuring row, the local engine
// says so only over an income statement read whole for the year (its revenue line to its net income line, one
// passage) when no passage names restructuring at all, citing the statement; else no such claim.
import { describe, expect, it } from "vitest";
import { answerOver, passageOf } from "./chat.helpers";

const STATEMENT = `Norvale Inc
Consolidated Statements of Operations
(In millions)
Year Ended December 31,
2022
2021
Total revenue
$
12,617 $
11,141
Cost of sales
9,069
7,982
Operating income
2,078
1,900
Income tax expense
(265)
(216)
NET INCOME
$
1,813 $
1,684`;

const passage = (text: string, company = "Norvale", ticker = "NVL", fiscalYear = 2022) => passageOf(text, company, ticker, { fiscalYear, form: "10K", docType: "filing" });
const asked = (company: string, year: string) => `What is the quantity of restructuring costs directly outlined in ${company}'s income statements for ${year}? If restructuring costs are not explicitly outlined then state 0.`;
const NONE = "The income statement for 2022 outlines no restructuring costs: none of its lines, from Total revenue to NET INCOME, is one [1].";

describe("local answer engine: restructuring costs an income statement does not outline", () => {
  it("says the whole income statement of the year has no restructuring line, cited", async () => {
    const { text, cites } = await answerOver(asked("Norvale", "FY2022"), [passage(STATEMENT)]);
    expect(text).toBe(NONE);
    expect(cites).toEqual([0]);
  });

  it("makes no such claim over a statement cut before its net income line, when a passage names restructuring, or for another company or year (wrong on purpose)", async () => {
    const cut = STATEMENT.slice(0, STATEMENT.indexOf("Income tax expense"));
    const note = passage("Norvale Inc\nIn 2022 we recorded restructuring charges related to plant closures, presented within selling, general and administrative expenses.");
    for (const [question, passages] of [
      [asked("Norvale", "FY2022"), [passage(cut)]],
      [asked("Norvale", "FY2022"), [passage(STATEMENT), note]],
      [asked("Globex", "FY2022"), [passage(STATEMENT)]],
      [asked("Norvale", "FY2019"), [passage(STATEMENT)]],
    ] as const) {
      const { text } = await answerOver(question, [...passages]);
      expect(text).not.toContain("outlines no restructuring costs");
    }
  });
});
