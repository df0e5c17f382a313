// Best Buy's 10-Q for the second quarter of fiscal 2024 (the demo corpus): a table of comparable sales by
// revenue category, the Domestic segment's table of changes and rates, and sentences that give two periods'
// figures "respectively" or a rate's move. Wrong on purpose against `npm run dev`: the right category answer was
// contradicted by the segment's total comparable sales ("(6.3), not 16.1%"); comparable sales given as the
// revenue change, the six months' comparable sales given to the quarter, and a rising tax rate given as falling
// read 5 and were supported. Now the right answer is carried and each wrong one contradicted by both judges,
// with the reason (src/figures/clause-words.ts CATEGORY_AFTER, CHANGE_ROW, pairPartsOf; named-rows.ts; prose-lines.ts).
import { beforeAll, describe } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { BBY_INTERNATIONAL_MIX, itTellsApart, judgeAgainst } from "./judge-helpers";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

/** The Domestic segment's revenue mix and comparable sales by category (page 17). */
const CATEGORIES = [
  "Domestic segment revenue mix percentages and comparable sales percentage changes by revenue category were as follows:",
  "Revenue Mix Comparable Sales",
  "Three Months Ended Three Months Ended",
  "July 29, 2023 July 30, 2022 July 29, 2023 July 30, 2022",
  "Computing and Mobile Phones 41 % 42 % (6.4)% (16.6)%",
  "Consumer Electronics 30 % 30 % (5.7)% (14.7)%",
  "Appliances 16 % 17 % (16.1)% (1.2)%",
  "Entertainment 6 % 5 % 9.0 % (9.2)%",
  "Services 6 % 5 % 7.6 % (8.5)%",
  "Other 1 % 1 % 2.4 % 15.6",
  "Total 100 % 100 % (6.3)% (12.7)%",
  "17"
].join("\n");

/** The Domestic segment's selected financial data (page 17). */
const SEGMENT = [
  "Domestic Segment",
  "Selected financial data for the Domestic segment was as follows ($ in millions):",
  "Three Months Ended Six Months Ended",
  "July 29, 2023 July 30, 2022 July 29, 2023 July 30, 2022",
  "Revenue $ 8,890 $ 9,569 $ 17,691 $ 19,463",
  "Revenue % change (7.1)% (13.1)% (9.1)% (10.9)%",
  "Comparable sales % change(1) (6.3)% (12.7)% (8.4)% (10.6)%",
  "Gross profit $ 2,052 $ 2,109 $ 4,044 $ 4,279",
  "Gross profit as a % of revenue 23.1 % 22.0 % 22.9 % 22.0 %",
  "SG&A $ 1,730 $ 1,732 $ 3,440 $ 3,473",
  "SG&A as a % of revenue 19.5 % 18.1 % 19.4 % 17.8 %",
  "Restructuring charges $ (7) $ 34 $ (15) $ 34",
  "Operating income $ 329 $ 343 $ 619 $ 772",
  "Operating income as a % of revenue 3.7 % 3.6 % 3.5 % 4.0 %"
].join("\n");

/** Two sentences of the consolidated results (page 16). */
const RESULTS = [
  "In the second quarter and first six months of fiscal 2024, we generated $9.6 billion and $19.1 billion in revenue, respectively, and our comparable sales declined",
  "6.2% and 8.2%, respectively, as we continued to operate in a consumer electronics industry that is challenged from the pull-forward of demand in prior years,",
  "increased spending outside the home in areas such as travel and entertainment, and various macroeconomic pressures, including high inflation and rising",
  "Income Tax Expense",
  "Income tax expense increased in the second quarter of fiscal 2024 primarily due to the prior year resolution of certain discrete tax matters. Our effective tax rate",
  "(\u201cETR\u201d) increased to 26.1% in the second quarter of fiscal 2024 compared to 15.6% in the second quarter of fiscal 2023, primarily due to the prior year resolution",
  "of certain discrete tax matters."
].join("\n");

const Q2 = "In the second quarter of fiscal 2024, Best Buy's";

describe("a category named after its figure", () => {
  const judged = judgeAgainst(() => org, "How did Best Buy's Domestic comparable sales by category change in the second quarter of fiscal 2024?", [{ title: "Best Buy 10-Q, Q2 fiscal 2024", content: CATEGORIES }]);
  const said = (appliances: string, entertainment: string) => `${Q2} Domestic comparable sales ${appliances} in Appliances and ${entertainment} in Entertainment.`;
  itTellsApart(judged, said("declined 16.1%", "grew 9.0%"), [
    { wrong: "the two categories' changes swapped", answer: said("declined 9.0%", "grew 16.1%"), why: "The source gives domestic Comparable Sales entertainment for 2024 as an increase of 9.0, not a decline of 9.0%." },
    { wrong: "a decline given as growth", answer: said("grew 16.1%", "declined 9.0%"), why: "The source gives domestic Comparable Sales appliances for 2024 as a decline of 16.1, not a rise of 16.1%." },
    { wrong: "the International segment's change", answer: said("declined 6.1%", "grew 9.0%"), why: "The source gives domestic Comparable Sales appliances for 2024 as (16.1), not 6.1%." },
  ]);
});

describe("a table's rows of changes", () => {
  const judged = judgeAgainst(() => org, "What were Best Buy's Domestic segment revenue and operating income in the second quarter of fiscal 2024?", [{ title: "Best Buy 10-Q, Q2 fiscal 2024", content: SEGMENT }]);
  const said = (change: string) => `${Q2} Domestic revenue was $8,890 million, down ${change}, and operating income was $329 million.`;
  itTellsApart(judged, said("7.1%"), [
    { wrong: "comparable sales given as the revenue change", answer: said("6.3%"), why: "6.3% is domestic comparable sales % change for 2024, not domestic revenue % change; the source gives (7.1)." },
  ]);
});

// The segment named in the sentence's first clause is the later clauses' too ("..., and the gross profit rate
// was 23.1%"): the table's rows are the Domestic segment's (its caption's group), so the SG&A rate given as the
// gross profit rate is contradicted by the gross profit row (it had read 5/5/5/4, the figure merely not found).
describe("a rate in a later clause of a sentence that names the segment", () => {
  const judged = judgeAgainst(() => org, "What were Best Buy's Domestic segment revenue, operating income and gross profit rate in the second quarter of fiscal 2024?", [{ title: "Best Buy 10-Q, Q2 fiscal 2024", content: SEGMENT }]);
  const said = (rate: string) => `${Q2} Domestic revenue was $8,890 million, down 7.1%, operating income was $329 million, and the gross profit rate was ${rate}.`;
  itTellsApart(judged, said("23.1%"), [
    { wrong: "the SG&A rate given as the gross profit rate", answer: said("19.5%"), why: "19.5% is domestic SG&A as a % of revenue for 2024, not domestic gross profit as a % of revenue; the source gives 23.1." },
  ]);
});

// A share's category named right after it with no preposition ("revenue mix was 45% Computing and Mobile Phones
// and 28% Consumer Electronics"): the right answer had been contradicted by the mix's Total row and by the
// category before it (the words between two figures read as the second's), LLM 1/5/3/1 against npm run dev.
describe("a revenue mix given category by category", () => {
  const MIX = BBY_INTERNATIONAL_MIX.join("\n");
  const judged = judgeAgainst(() => org, "What was Best Buy's International revenue mix by category in the second quarter of fiscal 2024?", [{ title: "Best Buy 10-Q, Q2 fiscal 2024", content: MIX }]);
  const said = (computing: string, electronics: string) => `${Q2} International revenue mix was ${computing} Computing and Mobile Phones and ${electronics} Consumer Electronics.`;
  itTellsApart(judged, said("45%", "28%"), [
    { wrong: "the categories' shares swapped", answer: said("28%", "45%"), why: "28% is international Revenue Mix consumer Electronics for 2024, not international Revenue Mix computing and Mobile Phones; the source gives 45." },
  ]);
});

describe("two periods' figures respectively, and a rate's move", () => {
  const judged = judgeAgainst(() => org, "How did Best Buy's comparable sales and effective tax rate change in the second quarter of fiscal 2024?", [{ title: "Best Buy 10-Q, Q2 fiscal 2024", content: RESULTS }]);
  itTellsApart(judged, `${Q2} comparable sales declined 6.2% and its effective tax rate increased to 26.1%.`, [
    { wrong: "the six months' figure given to the quarter", answer: `${Q2} comparable sales declined 8.2% and its effective tax rate increased to 26.1%.`, why: "8.2% is comparable sales for the six months of 2024, not for three months" },
    { wrong: "a rising rate given as falling", answer: `${Q2} comparable sales declined 6.2% and its effective tax rate decreased to 26.1%.`, why: "as an increase to 26.1%, not a decline to 26.1%" },
  ]);
});
