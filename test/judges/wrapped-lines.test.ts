// Figures a PDF's line breaks cut from their words (wrong on purpose, through the Worker and both judges), as
// Johnson & Johnson's releases print them: "reflecting increased growth of" at the end of one line and
// "12.5% at the mid-point" opening the next; "adjusted EPS of $10.15" ending a line and "increasing by 3.6%*"
// the next. The figure that opens a line had been read with no words of its own: any answer's 12.5% was
// "carried" by it, a decline as well as a rise, the EPS's growth as well as the sales'. And J&J's word for a
// reading at constant currency, "operational", had not been told from the reported one: the Adjusted
// Operational EPS's range and growth carried an answer about adjusted reported EPS. Each wrong answer below
// had scored 5/5/4/5 with the LLM judge and been supported by the agent judge.
import { beforeAll, describe, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { expectBothTellApart, judgeAgainst, itTellsApart } from "./judge-helpers";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

/** Johnson & Johnson's 8-K of August 30, 2023 (Exhibit 99.1), its guidance after the Kenvue separation, lines as printed. */
const GUIDANCE = [
  "Johnson & Johnson Announces Updated Financials and 2023 Guidance Following Completion of the Kenvue",
  "Separation",
  "• Company expects increased 2023 Reported Sales Growth of 7.0% - 8.0%, Operational Sales Growth of 7.5% - 8.5%, and",
  "Adjusted Operational Sales Growth of 6.2% - 7.2%; Figures exclude the COVID-19 Vaccine",
  "• Company expects 2023 Adjusted Reported Earnings Per Share (EPS) of $10.00 - $10.10, reflecting increased growth of",
  "12.5% at the mid-point and Adjusted Operational EPS of $9.90 - $10.00, reflecting increased growth of 11.5% at the mid-",
  "point",
  "• Company reduced outstanding share count by approximately 191 million; 2023 guidance reflects only a partial-year benefit",
  "of approximately 73.5 million shares or $0.28 benefit to EPS",
].join("\n");

/** Johnson & Johnson's fourth-quarter 2022 release, its full-year lines as printed. */
const FULL_YEAR_2022 = [
  " 2022 Full-Year reported sales growth of 1.3% to $94.9 Billion primarily driven by strong commercial ",
  "execution partially offset by unfavorable foreign exchange. Operational growth of 6.1%* ",
  " 2022 Full-Year earnings per share (EPS) of $6.73 decreasing 13.8% and adjusted EPS of $10.15 ",
  "increasing by 3.6%* ",
  "__________________________________________________________________________________________ ",
  " Company guides 2023 adjusted operational sales growth excluding COVID-19 Vaccine of 4.0%* and ",
  "adjusted operational EPS of $10.50, reflecting growth of 3.5%*",
].join("\n");

describe("a figure whose words are on the line before it", () => {
  const judged = judgeAgainst(() => org, "What 2023 adjusted reported EPS guidance did Johnson & Johnson give after the Kenvue separation, and what growth does it reflect?", [
    { title: "J&J 8-K August 2023", content: GUIDANCE },
  ]);
  const guides = (rest: string) => `Johnson & Johnson expects 2023 adjusted reported EPS of ${rest}.`;
  const right = guides("$10.00 - $10.10, reflecting growth of 12.5% at the mid-point");

  itTellsApart(judged, right, [
    { wrong: "a decline for the increase the line before gives", answer: guides("$10.00 - $10.10, reflecting a decline of 12.5% at the mid-point"), why: "as an increase of 12.5%, not a decline of 12.5%." },
    { wrong: "the operational EPS's growth", answer: guides("$10.00 - $10.10, reflecting growth of 11.5% at the mid-point"), why: "11.5% is adjusted Operational EPS for 2023, not adjusted Reported Earnings Per Share (EPS); the source gives 12.5%." },
    { wrong: "the operational EPS's range", answer: guides("$9.90 - $10.00, reflecting growth of 12.5% at the mid-point"), why: "$9.90 is adjusted Operational EPS for 2023, not adjusted Reported Earnings Per Share (EPS); the source gives $10.00." },
  ]);

  it("tells reported sales growth from the adjusted operational growth printed on the next line", async () => {
    await expectBothTellApart(
      judged,
      "Johnson & Johnson expects 2023 adjusted reported EPS of $10.00 - $10.10, with reported sales growth of 7.0% - 8.0%.",
      "Johnson & Johnson expects 2023 adjusted reported EPS of $10.00 - $10.10, with reported sales growth of 6.2% - 7.2%.",
      "6.2% is adjusted Operational Sales Growth for 2023, not increased 2023 Reported Sales Growth; the source gives 7.0%.",
    );
  });
});

describe("a change printed on the line after its figure, beside the GAAP figure's change", () => {
  const judged = judgeAgainst(() => org, "How did Johnson & Johnson's adjusted EPS change in 2022?", [{ title: "J&J Q4 2022 earnings release", content: FULL_YEAR_2022 }]);
  const right = "Johnson & Johnson's 2022 adjusted EPS was $10.15, an increase of 3.6%.";

  itTellsApart(judged, right, [
    { wrong: "the GAAP EPS's change", answer: "Johnson & Johnson's 2022 adjusted EPS was $10.15, a decrease of 13.8%.", why: "13.8%" },
    { wrong: "a decrease for the printed increase", answer: "Johnson & Johnson's 2022 adjusted EPS was $10.15, a decrease of 3.6%.", why: "as an increase of 3.6%, not a decline of 3.6%." },
  ]);
});
