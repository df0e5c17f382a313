// The local chat engine's reading of statements as PDF text prints them: a section total printed without a
// label (the revenues' sum under "Revenues") is read as "Total revenues" when it is the sum of the section's
// rows, and a label that lost its spaces ("Capitalexpenditures,netofconstructionpayable") as its line item.
// A run of figures that is not the section's sum gets no label. Through answerPieces, so the grounding guard
// runs over the answer.
import { describe, expect, it } from "vitest";
import { withLabelledTotals } from "../../src/chat/answer-notes";
import type { Passage } from "../../src/chat/types";
import { answerOver, passageOf } from "./chat.helpers";

const operations = (total: string) => `ZENTRIX CORP AND SUBSIDIARIES
CONSOLIDATED STATEMENTS OF OPERATIONS
(In thousands)
Year Ended December 31,
2020
2019
Revenues
Casino
$
3,000
$
6,000
Rooms
2,000
4,000
${total}
Expenses
Casino
1,700
3,600
Operating income
1,000
2,000`;

const CASH = `ZENTRIX CORP AND SUBSIDIARIES
CONSOLIDATED STATEMENTS OF CASH FLOWS
(In thousands)
Year Ended December 31,
2020
2019
Cash flows from investing activities
Capitalexpenditures,netofconstructionpayable
(250)
(700)
Dispositionsofpropertyandequipment
6
2`;

const filing = (text: string) => passageOf(text, "Zentrix", "ZTX", { fiscalYear: 2020, form: "10K", docType: "filing" });

const answer = async (query: string, passages: Passage[]) => (await answerOver(query, passages)).text;

describe("local answer engine: statements as PDF text prints them", () => {
  it("reads an unlabelled section total and a label without spaces, and computes from them", async () => {
    const text = await answer("What is Zentrix's FY2020 capex as a % of revenue? Round to one decimal place.", [filing(CASH), filing(operations("5,000\n10,000"))]);
    expect(text).toContain("Total revenues in 2020 was $5,000 thousand [2].");
    expect(text).toContain("= 5.0% [1][2].");
  });

  it("labels no run of figures that is not the section's sum", () => {
    expect(withLabelledTotals(operations("5,000\n10,000"))).toContain("Rooms\n2,000\n4,000\nTotal revenues\n5,000\n10,000");
    expect(withLabelledTotals(operations("5,100\n10,000"))).not.toContain("Total revenues");
  });
});
