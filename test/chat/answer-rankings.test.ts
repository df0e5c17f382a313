// The local chat engine's rankings: "which segment ... the most" and "the largest liability" answered from the
// rows of one statement group (a section's rows, the rows a total adds up), each figure cited, then the row
// that ranks first; a row the question excludes is left out, and a label's note printing figures is not read
// as the row's figure. Inputs wrong on purpose (another company, a year the table does not print) get no
// ranking. Through answerPieces, so the grounding guard runs over the engine's answer.
import { describe, expect, it } from "vitest";
import { groundSentence } from "../../src/chat/grounding";
import { NOT_IN_DOCUMENTS } from "../../src/chat/local-answer";
import { answerOver, passageOf } from "./chat.helpers";

const SEGMENTS = `Zentrix Corp
The following table provides a summary of net revenue and operating income (loss) by segment for 2022 and 2021:
Year Ended
December 31,
2022
December 25,
2021
(In millions)
Net revenue:
Data Center
$
6,043
$
3,694
Client
6,201
6,887
Gaming
6,805
5,607
Embedded
4,552
246
Total net revenue
$
23,601
$
16,434
Operating income (loss):
Data Center
$
1,848
$
991
Client
1,190
2,088
Total operating income (loss)
$
3,038
$
3,079`;

const BALANCE = `Zentrix Corp
Consolidated Balance Sheets
(Millions)
December 31,
2022
2021
Total assets
$
228,354
$
188,548
Liabilities
Customer deposits
$
11,239
$
8,382
Accounts payable
12,133
10,574
Long-term debt (includes debt issued by consolidated variable interest entities: 2022, $12,662; 2021, $13,803)
42,573
38,675
Other liabilities
37,350
30,497
Total liabilities
$
103,295
$
88,129`;

const passage = (text: string) => passageOf(text, "Zentrix", "ZTX", { fiscalYear: 2022, form: "10K", docType: "filing" });

const answer = answerOver;

describe("local answer engine: rankings", () => {
  it("ranks a section's rows by their change, leaving out the row the question excludes, each cited", async () => {
    const { text, cites } = await answer("From FY2021 to FY2022, excluding Embedded, in which Zentrix segment did sales proportionally increase the most?", [passage(SEGMENTS)]);
    expect(text).toContain("Data Center (Net revenue) in 2022 was $6,043 million [1].");
    expect(text).toContain("Change in Data Center from 2021 to 2022 = (6,043 - 3,694) / 3,694 * 100 = 63.6% [1].");
    expect(text).toContain("Change in Gaming from 2021 to 2022 = (6,805 - 5,607) / 5,607 * 100 = 21.4% [1].");
    expect(text).toContain("Data Center had the highest percentage change from 2021 to 2022 of the rows under Net revenue [1].");
    expect(text).not.toContain("Embedded");
    expect(text).not.toContain("1,848");
    expect(new Set(cites)).toEqual(new Set([0]));
  });

  it("names the largest of the rows a total adds up, reading a label's note as no figure of the row", async () => {
    const { text } = await answer("What was the largest liability in Zentrix's balance sheet in 2022?", [passage(BALANCE)]);
    expect(text).toContain("Long-term debt in 2022 was $42,573 million [1].");
    expect(text).toContain("Long-term debt had the highest figure in 2022 of the rows under liabilities [1].");
    expect(text).not.toContain("13,803 million");
    expect(text).not.toContain("228,354");
    // The guard reads the row's own figure as carried.
    expect(groundSentence("Long-term debt in 2022 was $42,573 million [1].", [BALANCE], "Zentrix long-term debt 2022").flagged).toEqual([]);
  });

  it("gives no single row's figure for a quarter as the answer to a ranking", async () => {
    const DATED = `Best Buy Co., Inc.
Revenue by segment ($ in millions)
July 29, 2023 January 28, 2023
Domestic 8,890 9,100
International 700 750`;
    const { text } = await answer("Which Best Buy product category performed the best in the domestic market during Q2 of FY2024?", [passageOf(DATED, "Best Buy", "BBY", { fiscalYear: 2024, form: "10Q", docType: "filing" })]);
    expect(text).not.toContain("Domestic at July 29, 2023");
    expect(text).not.toContain("8,890");
  });

  it("ranks nothing for another company or a year the table does not print", async () => {
    expect((await answer("What was the largest liability in Globex's balance sheet in 2022?", [passage(BALANCE)])).text).toBe(NOT_IN_DOCUMENTS);
    const swapped = await answer("What was the largest liability in Zentrix's balance sheet in 2019?", [passage(BALANCE)]);
    expect(swapped.text).not.toContain("had the highest");
    for (const figure of ["42,573", "38,675"]) expect(swapped.text).not.toContain(figure);
  });
});
