// A computed rate's inputs for a year come from one passage when one prints them all: the local engine does
// not divide one passage's tax provision by another passage's pretax income from continuing operations (a
// second table on another basis the search ranked first), which would give a rate of neither.
import { describe, expect, it } from "vitest";
import { answerOver, passageOf } from "./chat.helpers";

const SUMMARY = `Card Co
TABLE 1: SUMMARY OF FINANCIAL PERFORMANCE
Years Ended December 31,
(Millions, except percentages and per share amounts)
2022
2021
Pretax income
$
9,585
$
10,689
Income tax provision
2,071
2,629`;

// Another table, ranked first by the search: a pretax income on another basis and no provision.
const CONTINUING = `Card Co
TABLE 7: CONTINUING OPERATIONS
Years Ended December 31,
(Millions)
2022
2021
Pretax income (loss) from continuing operations
$
10,383
$
10,325`;

const passage = (text: string, company = "Card Co", ticker = "CRDC", fiscalYear = 2022) => passageOf(text, company, ticker, { fiscalYear, form: "10K", docType: "filing" });
const asked = (company: string, from: string, to: string) => `How much has the effective tax rate of ${company} changed between ${from} and ${to}?`;

describe("local answer engine: a rate's inputs from one passage", () => {
  it("takes the provision and the pretax income of one table, though another passage ranks first", async () => {
    const { text } = await answerOver(asked("Card Co", "FY2021", "FY2022"), [passage(CONTINUING), passage(SUMMARY)]);
    expect(text).toMatch(/Effective tax rate in 2022 = 2,071 \/ 9,585 \* 100 = 21\.6% \[2\]/);
    expect(text).toMatch(/Effective tax rate in 2021 = 2,629 \/ 10,689 \* 100 = 24\.6% \[2\]/);
    expect(text).not.toContain("10,383");
  });

  it("gives no rate for another company or a year the tables do not print (wrong on purpose)", async () => {
    for (const question of [asked("Globex", "FY2021", "FY2022"), asked("Card Co", "FY2018", "FY2019")]) {
      const { text } = await answerOver(question, [passage(CONTINUING), passage(SUMMARY)]);
      expect(text).not.toMatch(/Effective tax rate in \d{4} =/);
    }
  });
});
