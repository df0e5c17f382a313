// A table whose text comes out of a PDF stacked: its row labels one a line, then one line of values per row
// and column (Johnson & Johnson's 8-K of August 30, 2023, its updated 2023 guidance). Read as prose, each
// value line had no words before its figures, so any item's figure of that value carried a statement: the
// adjusted (reported) EPS range $10.00 - $10.10 given as adjusted operational EPS was supported by the
// agent judge against `npm run dev`, its 8-K's bullet contradicting it. Each value line is now a cell of its
// row (the label in its place among the labels) and column (its place among the value lines); blocks one
// after another, of as many columns, are one table; a label and its values split alike by "/" (the range, then
// its mid-point); a change row is the change of the item above it.
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { itTellsApart, judgeAgainst } from "./judge-helpers";
import { ADJUSTED_EPS, ADJUSTED_OPERATIONAL_EPS, GUIDANCE_HEADER, OPERATIONAL_SALES, REPORTED_SALES } from "./jnj-guidance";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

const QUESTION = "What 2023 guidance did Johnson & Johnson give after the Kenvue separation?";

/** The 8-K's EPS bullet, as its text layer breaks the lines. */
const EPS_BULLET = [
  "\u2022 Company expects 2023 Adjusted Reported Earnings Per Share (EPS) of $10.00 - $10.10, reflecting increased growth of",
  "12.5% at the mid-point and Adjusted Operational EPS of $9.90 - $10.00, reflecting increased growth of 11.5% at the mid-",
  "point",
].join("\n");

/** The 8-K's guidance table: two labels a block, then the August 2023 column's two value lines and the July 2023 column's. */
const GUIDANCE_TABLE = [...GUIDANCE_HEADER, ...OPERATIONAL_SALES, ...REPORTED_SALES, ...ADJUSTED_OPERATIONAL_EPS, ...ADJUSTED_EPS].join("\n");

const said = (range: string) => `Johnson & Johnson expects 2023 adjusted operational EPS of ${range}, reflecting growth of 11.5% at the mid-point.`;

describe("a stacked table's values under their labels", () => {
  const judged = judgeAgainst(() => org, QUESTION, [
    { title: "Johnson & Johnson 8-K, August 2023", content: EPS_BULLET },
    { title: "Johnson & Johnson 8-K, August 2023: updated guidance", content: GUIDANCE_TABLE },
  ]);
  itTellsApart(judged, said("$9.90 - $10.00"), [
    { wrong: "adjusted EPS given as adjusted operational EPS", answer: said("$10.00 - $10.10"), why: "$10.00 is adjusted EPS, not adjusted Operational EPS; the source gives $9.90." },
  ]);

  // The table alone: its other rows and its July column.
  const judgedTable = judgeAgainst(() => org, QUESTION, [{ title: "Johnson & Johnson 8-K, August 2023: updated guidance", content: GUIDANCE_TABLE }]);
  const sales = (kind: string, range: string, mid: string) => `Johnson & Johnson expects 2023 ${kind} sales of ${range}, a mid-point of ${mid}.`;
  itTellsApart(judgedTable, sales("reported", "$83.2 billion to $84.0 billion", "$83.6 billion"), [
    { wrong: "operational sales given as reported sales", answer: sales("reported", "$83.6 billion to $84.4 billion", "$84.0 billion"), why: "$84.4 billion is operational Sales, not reported Sales; the source gives $84.0B." },
  ]);
  const july = (range: string) => `In July 2023, including Consumer Health, Johnson & Johnson had guided adjusted operational EPS of ${range}.`;
  itTellsApart(judgedTable, july("$10.60 to $10.70"), [
    { wrong: "the July column's adjusted EPS given as adjusted operational EPS", answer: july("$10.70 to $10.80"), why: "$10.70 is adjusted EPS, not adjusted Operational EPS; the source gives $10.60." },
  ]);

  // A change row is the change of the item above it: its row is named by the item's growth.
  const growth = (range: string, mid: string) => `Johnson & Johnson expects adjusted operational EPS growth of ${range}, ${mid} at the mid-point.`;
  itTellsApart(judgedTable, growth("11.0% to 12.0%", "11.5%"), [
    { wrong: "adjusted EPS growth given as adjusted operational EPS growth", answer: growth("12.0% to 13.0%", "12.5%"), why: "13.0% is adjusted EPS, not adjusted Operational EPS" },
  ]);

  it("carries a figure of the table alone by its row and column", async () => {
    const right = await judgedTable("llm", "Johnson & Johnson's updated 2023 guidance gives adjusted EPS (diluted) of $10.00 - $10.10, with a mid-point of $10.05.");
    expect(right.result.scores.factuality).toBeGreaterThanOrEqual(4);
  });
});
