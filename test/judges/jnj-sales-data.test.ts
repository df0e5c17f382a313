// J&J's 8-K supplementary sales data as `npm run dev` indexes it (demo-pages.ts), through the Worker and both
// judges, wrong on purpose. Each table is titled by its period in capitals ("FIRST QUARTER", "SECOND QUARTER",
// "SIX MONTHS") over "Percent Change" and "2023 2022 Total Operations Currency": the years' line named its change
// columns after the years, so it was no header, no table was read, and the agent judge called the first quarter's
// worldwide sales, the prior year's and the six months' U.S. sales, each given for the second quarter of 2023,
// `accurate`. Now each table is its period's, its change columns tables of their own ("Total", "Operations",
// "Currency"), and a row labelled "U.S." is read as the United States' (its letters alone had merged it into the
// line above). The total change given as the operational one ("grew 8.2% operationally", 14.3% at constant
// currency) was also `accurate`: a change table named "Total" is the reported reading, "Operations" the constant
// currency one (item-parts.ts), and a change at constant currency is never worked out from the reported levels.
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { itTellsApart, judgeAgainst } from "./judge-helpers";
import { JNJ_SALES_DATA } from "./demo-pages";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

const verdicts = (agent: { assessment: { claims: { verdict: string }[] } }) => agent.assessment.claims.map((c) => c.verdict);

describe("sales data in one table per period, its change columns named after the years", () => {
  const judged = judgeAgainst(() => org, "What were Johnson & Johnson's sales by region in the second quarter of 2023?", [
    { title: "Johnson & Johnson 8-K, Exhibit 99.2, supplementary sales data", content: JNJ_SALES_DATA },
  ]);
  const worldwide = (figure: string) => `Johnson & Johnson's worldwide sales in the second quarter of 2023 were ${figure}.`;
  const us = (figure: string) => `Johnson & Johnson's U.S. sales in the second quarter of 2023 were ${figure}.`;
  itTellsApart(judged, worldwide("$21,519 million"), [{ wrong: "the prior year's quarter", answer: worldwide("$20,215 million"), why: "$20,215 million is worldwide for 2022, not 2023" }]);
  itTellsApart(judged, us("$11,657 million"), [{ wrong: "the six months' U.S. sales", answer: us("$22,439 million"), why: "$22,439 million is U.S. for the six months of 2023, not for three months" }]);

  it("reads the Total and Operations columns as the reported and the operational change (wrong on purpose)", async () => {
    const grew = (figure: string, how = "") => `Johnson & Johnson's Asia-Pacific, Africa sales grew ${figure}${how} in the second quarter of 2023.`;
    const [reported, operational, wrong] = await Promise.all([judged("agent", grew("8.2%")), judged("agent", grew("14.3%", " operationally")), judged("agent", grew("8.2%", " operationally"))]);
    expect(verdicts(reported)).toEqual(["supported"]);
    expect(verdicts(operational)).toEqual(["supported"]);
    // The total change given as the operational one: neither its column nor the levels' reported change carries it.
    expect(verdicts(wrong)).not.toContain("supported");
  });

  it("does not carry the first quarter's worldwide sales given for the second (wrong on purpose)", async () => {
    const agent = await judged("agent", worldwide("$20,894 million"));
    expect(verdicts(agent)).not.toContain("supported");
  });
});
