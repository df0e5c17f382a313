// The local chat engine's reading of segment tables printed one column group per segment (names stacked above
// "(in millions)", the years and a change column once per segment, each row's cells group by group): a
// ranking question gets each segment's figure for the asked quarter, cited, and the segment that ranks first
// (the total column left out); the guard carries those figures and flags an altered one. Inputs wrong on
// purpose (another quarter, another company) get no ranking. Figures are invented; JPM's ticker gives the
// fiscal calendar (quarters end in March, June, September and December).
import { describe, expect, it } from "vitest";
import { groundSentence } from "../../src/chat/grounding";
import { NOT_IN_DOCUMENTS } from "../../src/chat/local-answer";
import { answerOver, passageOf } from "./chat.helpers";

const SEGMENTS = `Segment results managed basis
The following tables summarize the Firm's results by segment for the periods indicated.
Three months ended March 31,
Consumer Banking
Investment Bank
(in millions, except ratios)
2021
2020
Change
2021
2020
Change
Total net revenue
$ 12,500
$ 13,200
(5) %
$ 14,600
$
10,000
46 %
Net income/(loss)
6,700
190
NM
5,700
(a)
1,900
200
Return on equity (ROE)
54 %
1 %
27 %
9 %
Three months ended March 31,
Wealth Management
Corporate
Total
(in millions, except ratios)
2021
2020
Change
2021
2020
Change
2021
2020
Change
Total net revenue
$
4,000
$
3,300
21 %
$
(470) $
160
NM
$ 30,630
$ 26,660
15 %
Net income/(loss)
1,200
600
100
(580)
(120)
(383)
13,020
2,570
407`;

const passage = (text: string, company = "JPMorgan Chase", ticker = "JPM") => passageOf(text, company, ticker, { fiscalYear: 2021, form: "10Q", docType: "filing" });

const answer = answerOver;

describe("local answer engine: segment tables in column groups", () => {
  it("gives each segment's figure for the asked quarter, cited, and the one that ranks first, not the total", async () => {
    const { text, cites } = await answer("Which of JPM's business segments had the lowest net revenue in 2021 Q1?", [passage(SEGMENTS)]);
    expect(text).toContain("Investment Bank: Total net revenue in the three months ended March 31, 2021 was $14,600 million [1].");
    expect(text).toContain("Corporate: Total net revenue in the three months ended March 31, 2021 was $(470) million [1].");
    expect(text).toContain("Corporate had the lowest total net revenue of the segments in the three months ended March 31, 2021 [1].");
    expect(text).not.toContain("30,630");
    expect(new Set(cites)).toEqual(new Set([0]));
    const income = await answer("In 2021 Q1, which of JPM's business segments had the highest net income?", [passage(SEGMENTS)]);
    expect(income.text).toContain("Consumer Banking had the highest net income/(loss) of the segments in the three months ended March 31, 2021 [1].");
  });

  it("flags a segment's figure the table does not print there", () => {
    const altered = "Investment Bank: Total net revenue in the three months ended March 31, 2021 was $14,601 million [1].";
    expect(groundSentence(altered, [SEGMENTS], "JPM segment net revenue").flagged.length).toBeGreaterThan(0);
    // Another segment's figure under this segment's name.
    const swapped = "Investment Bank: Total net revenue in the three months ended March 31, 2021 was $12,500 million [1].";
    expect(groundSentence(swapped, [SEGMENTS], "JPM segment net revenue").flagged.length).toBeGreaterThan(0);
  });

  it("ranks nothing for another quarter or another company", async () => {
    const q2 = await answer("Which of JPM's business segments had the lowest net revenue in 2021 Q2?", [passage(SEGMENTS)]);
    expect(q2.text).not.toContain("had the lowest");
    expect(q2.text).not.toContain("(470)");
    expect((await answer("Which of Globex's business segments had the lowest net revenue in 2021 Q1?", [passage(SEGMENTS)])).text).toBe(NOT_IN_DOCUMENTS);
  });
});
