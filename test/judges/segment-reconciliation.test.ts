// Johnson & Johnson's August 2023 8-K reconciles income before tax by segment (Pharmaceutical, MedTech,
// Unallocated, "Worldwide Total") for Q2 2023 and the first six months (the demo corpus). Wrong on purpose
// against `npm run dev`: the right worldwide figure was contradicted by the agent ("Worldwide Total" is a group
// the answer names without "Total", and the question's company named no group), and the right segment figures
// read 4 and unsupported ("by Segment" counted as a word of the line item); the segments swapped, the adjusted
// figure given as reported and Q1's figure given for Q2 read 2-3 without the reason. Now the right answers are
// carried and each wrong one contradicted by both judges, with the reason (src/figures/item-parts.ts,
// compare.ts sameItem, clause-words.ts CATEGORY_AFTER "for").
import { beforeAll, describe } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { itTellsApart, judgeAgainst } from "./judge-helpers";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

/** The reconciliation of income before tax by segment, Q2 2023 QTD and YTD. */
const RECONCILIATION = [
  "Johnson & Johnson and Subsidiaries",
  "Reconciliation of Non-GAAP Financial Measures",
  "Q2 2023 QTD - Income Before Tax by Segment from Continuing Operations",
  "(Dollars in Millions) Pharmaceutical MedTech Unallocated Worldwide Total",
  "Reported Income Before Tax by Segment from Continuing",
  "Operations $ 4,812 1,671 (177) 6,306",
  "% to Sales 35.0 % 21.5 % (0.8)% 29.3 %",
  "Intangible asset amortization expense 748 382 \u2014 1,130",
  "In-process research and development Impairments \u2014 \u2014 \u2014 \u2014",
  "Litigation Related (93) 60 170 137",
  "Loss/(gain) on securities 38 (39) \u2014 (1)",
  "Restructuring related 145 \u2014 \u2014 145",
  "Acquisition, integration and divestiture related \u2014 38 \u2014 38",
  "Medical Device Regulation \u2014 85 \u2014 85",
  "COVID-19 Vaccine related costs 165 \u2014 \u2014 165",
  "Adjusted Income Before Tax by Segment from Continuing",
  "Operations $ 5,815 2,197 (7) 8,005",
  "% to Sales 42.3 % 28.2 % 0.0 % 37.2 %",
  "Q2 2023 YTD - Income Before Tax by Segment from Continuing Operations",
  "(Dollars in Millions) Pharmaceutical MedTech Unallocated Worldwide Total",
  "Reported Income Before Tax by Segment from Continuing",
  "Operations $ 9,214 3,080 (7,275) 5,019",
  "% to Sales 33.9 % 20.2 % (17.2)% 11.8 %",
  "Intangible asset amortization expense 1,487 765 \u2014 2,252",
  "In-process research and development Impairments \u2014 49 \u2014 49",
  "Litigation Related (93) 60 7,070 7,037",
  "Loss/(gain) on securities 76 (5) \u2014 71",
  "Restructuring related 275 \u2014 \u2014 275",
  "Acquisition, integration and divestiture related \u2014 80 \u2014 80",
  "Medical Device Regulation \u2014 149 \u2014 149",
  "COVID-19 Vaccine related costs 609 \u2014 \u2014 609",
  "Adjusted Income Before Tax by Segment from Continuing",
  "Operations $ 11,568 4,178 (205) 15,541",
  "% to Sales 42.6 % 27.4 % (0.5)% 36.6 %"
].join("\n");

const references = [{ title: "Johnson & Johnson 8-K, August 2023", content: RECONCILIATION }];

describe("segments named after their figures", () => {
  const judged = judgeAgainst(() => org, "What was Johnson & Johnson's reported income before tax by segment from continuing operations in Q2 2023?", references);
  const said = (pharma: string, medtech: string) => `In Q2 2023, Johnson & Johnson's reported income before tax from continuing operations was ${pharma} for Pharmaceutical and ${medtech} for MedTech.`;
  itTellsApart(judged, said("$4,812 million", "$1,671 million"), [
    { wrong: "the segments swapped", answer: said("$1,671 million", "$4,812 million"), why: "$1,671 million is MedTech reported Income Before Tax by Segment from Continuing Operations for 2023, not pharmaceutical reported" },
    { wrong: "the six months' figure given to the quarter", answer: said("$9,214 million", "$1,671 million"), why: "$9,214 million is pharmaceutical reported Income Before Tax by Segment from Continuing Operations for the six months of 2023, not for three months" },
    { wrong: "the adjusted figure given as reported", answer: said("$5,815 million", "$1,671 million"), why: "$5,815 million is pharmaceutical adjusted Income Before Tax by Segment from Continuing Operations for 2023, not GAAP" },
  ]);
});

describe("a group's total named without its word 'Total'", () => {
  const judged = judgeAgainst(() => org, "What was Johnson & Johnson's worldwide adjusted income before tax in Q2 2023?", references);
  const said = (amount: string) => `In Q2 2023, Johnson & Johnson's worldwide adjusted income before tax from continuing operations was ${amount}, 37.2% of sales.`;
  itTellsApart(judged, said("$8,005 million"), [
    { wrong: "another quarter's figure", answer: said("$7,536 million"), why: "as 8,005 million, not $7,536 million." },
  ]);
});
