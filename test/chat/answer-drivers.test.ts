// A question that asks why ("What drove the operating margin change?"): the local engine gives the margin
// computed from cited statement rows and the filing's own sentences about the year that say what drove it,
// each cited; never another company's or another year's sentence.
import { describe, expect, it } from "vitest";
import { answerOver, passageOf } from "./chat.helpers";

const INCOME = `Zentrix Corp
Consolidated Statements of Operations
(In millions)
Year Ended December 31,
2022
2021
Net revenue
$
8,000 $
7,400
Cost of sales
4,800
4,500
Operating income
1,100
1,150
Net income
$
700 $
640`;

const MDA = `Zentrix Corp
Results of operations
Operating margin decreased in 2022 primarily due to higher freight costs and wage inflation, partly offset by pricing.
Operating margin increased in 2019 on lower input costs.`;

const passage = (text: string, company = "Zentrix", ticker = "ZTX") => passageOf(text, company, ticker, { fiscalYear: 2022, form: "10K", docType: "filing" });
const WHY = "Operating margin decreased in 2022 primarily due to higher freight costs and wage inflation, partly offset by pricing. [2]";

describe("local answer engine: what drove a change", () => {
  it("gives the computed margins and the filing's sentence on what drove the change, each cited", async () => {
    const { text } = await answerOver("What drove Zentrix's operating margin change as of FY2022?", [passage(INCOME), passage(MDA)]);
    expect(text).toMatch(/Operating margin in 2022 = 1,100 \/ 8,000 \* 100 = 13\.8% \[1\]/);
    expect(text).toContain(WHY);
    expect(text).not.toContain("2019");
  });

  it("asks no why of a plain figure question, and quotes no other company's sentence (wrong on purpose)", async () => {
    expect((await answerOver("What was Zentrix's operating margin in FY2022?", [passage(INCOME), passage(MDA)])).text).not.toContain(WHY);
    const other = passage(MDA.replace("Zentrix Corp", "Globex Inc"), "Globex", "GBX");
    const { text } = await answerOver("What drove Zentrix's operating margin change as of FY2022?", [passage(INCOME), other]);
    expect(text).not.toContain("freight");
  });
});
