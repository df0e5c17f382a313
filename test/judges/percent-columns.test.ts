// Tables of percentages as a PDF's text prints them ("19.2 %", the sign apart from its digits), through the
// Worker and both judges (wrong on purpose). Such a row was not read at all: a right rate and another
// year's were scored alike. And a table that repeats its years under two group names on one line
// ("Revenue Mix Comparable Sales", each "Three Months Ended July 29, 2023 July 30, 2022"): read as a table per
// group since session 19 (before, which group's column a figure was in was not told, and the right 2.4% and
// the revenue mix's 45% were scored alike), so the right change is carried and the revenue mix's 45% and the
// prior year's 7.6% are contradicted.
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { BBY_INTERNATIONAL_MIX, expectBothTellApart, judgeAgainst } from "./judge-helpers";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

const TAX = ["Income taxes", "(Millions, except percentages)", "2022 2021", "Pretax income $ 9,301 $ 10,444", "Income tax provision $ 1,787 $ 2,384", "Effective tax rate 19.2 % 22.8 %"].join("\n");

const MIX = ["Revenue mix percentages and comparable sales percentage changes by revenue category were as follows:", ...BBY_INTERNATIONAL_MIX.slice(1, 7)].join("\n");

describe("percentages printed apart from their sign", () => {
  it("are read as table cells: the year's rate carried, the other year's contradicted", async () => {
    const judged = judgeAgainst(() => org, "What was American Express's effective tax rate in 2022?", [{ title: "American Express 10-K 2022, income taxes", content: TAX }]);
    await expectBothTellApart(judged, "American Express's effective tax rate was 19.2% in 2022.", "American Express's effective tax rate was 22.8% in 2022.", "22.8% is effective tax rate for 2021, not 2022");
  });
});

describe("a table repeating its years under two group names", () => {
  const judged = judgeAgainst(
    () => org,
    "What was the comparable sales change for Computing and Mobile Phones at Best Buy in the second quarter of fiscal 2024?",
    [{ title: "Best Buy 10-Q Q2 FY2024, revenue mix and comparable sales", content: MIX }],
  );
  const said = (figure: string) => `In the second quarter of fiscal 2024, Best Buy's comparable sales of Computing and Mobile Phones declined ${figure}.`;

  it("tells the groups apart: the right change carried, the revenue mix's figure contradicted", async () => {
    await expectBothTellApart(judged, said("2.4%"), said("45%"), "as (2.4), not 45%");
  });

  it("contradicts the prior year's column", async () => {
    const [llm, agent] = await Promise.all([judged("llm", said("7.6%")), judged("agent", said("7.6%"))]);
    expect(llm.result.scores.factuality).toBeLessThanOrEqual(2);
    expect(llm.result.reasoning).toContain("7.6% is comparable Sales computing and Mobile Phones for fiscal 2023, not 2024");
    expect(agent.assessment.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["contradicted"]);
  });
});
