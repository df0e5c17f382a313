// A balance sheet dated by January year-ends through the Worker and both judges (wrong on purpose): the
// columns "January 28, 2023" and "January 29, 2022" are Ulta's fiscal 2022 and 2021 (it names a year by the
// calendar year it starts in) but Best Buy's fiscal 2023 and 2022 (by the year it ends in). The question's
// company, when its calendar is known (src/core/fiscal-calendar.ts), tells which column a fiscal year is: the
// other column's figure is contradicted. For a company whose calendar is not known, neither column carries
// the figure: the right column's and the other one's are scored alike (factuality 3 at most), and neither is
// supported.
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { expectBothTellApart, expectLlmTellsApart, judgeAgainst } from "./judge-helpers";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

const balanceSheet = (company: string, cash: [string, string], inventories: [string, string]) =>
  [
    company,
    "Condensed Consolidated Balance Sheets",
    "(In thousands)",
    "January 28, January 29,",
    "2023 2022",
    "Assets",
    "Current assets:",
    `Cash and cash equivalents $ ${cash[0]} $ ${cash[1]}`,
    "Receivables, net 199,422 233,682",
    `Merchandise inventories, net ${inventories[0]} ${inventories[1]}`,
    "Total current assets 2,709,304 2,281,183",
    "Current liabilities:",
    "Accounts payable $ 559,527 $ 552,730",
    "Total current liabilities 1,681,775 1,558,010",
  ].join("\n");

const question = (company: string, year: number) => `What were ${company}'s cash and cash equivalents and merchandise inventories at the end of fiscal ${year}?`;
const said = (company: string, year: number, cash: string, inventories: string) =>
  `At the end of fiscal ${year}, ${company} had cash and cash equivalents of ${cash} and merchandise inventories of ${inventories}.`;

describe("a fiscal year against January year-end columns", () => {
  it.each([
    {
      rule: "Ulta names its years by their start: fiscal 2022 is the column of January 28, 2023",
      company: "Ulta Beauty", year: 2022, printed: "Ulta Beauty, Inc.", title: "Ulta Beauty Q4 FY2022 earnings release, balance sheet",
      cash: ["737,877", "431,560"], inventories: ["1,603,451", "1,499,218"], right: ["$737.9 million", "$1,603.5 million"], wrong: ["$431.6 million", "$1,499.2 million"],
      why: "$431.6 million is cash and cash equivalents for fiscal 2021, not 2022",
    },
    {
      rule: "Best Buy names its years by their end: fiscal 2023 is the column of January 28, 2023",
      company: "Best Buy", year: 2023, printed: "Best Buy Co., Inc.", title: "Best Buy 10-K FY2023, balance sheet",
      cash: ["1,874,000", "2,936,000"], inventories: ["5,140,000", "5,965,000"], right: ["$1,874 million", "$5,140 million"], wrong: ["$2,936 million", "$5,965 million"],
      why: "$2,936 million is cash and cash equivalents for fiscal 2022, not 2023",
    },
  ])("$rule", async (c) => {
    const judged = judgeAgainst(() => org, question(c.company, c.year), [
      { title: c.title, content: balanceSheet(c.printed, c.cash as [string, string], c.inventories as [string, string]) },
    ]);
    await expectBothTellApart(judged, said(c.company, c.year, c.right[0], c.right[1]), said(c.company, c.year, c.wrong[0], c.wrong[1]), c.why);
  });

  it("a company whose calendar is not known: neither column carries the figure", async () => {
    const judged = judgeAgainst(() => org, question("Acme Retail", 2022), [
      { title: "Acme Retail earnings release, balance sheet", content: balanceSheet("Acme Retail, Inc.", ["737,877", "431,560"], ["1,603,451", "1,499,218"]) },
    ]);
    const answers = [said("Acme Retail", 2022, "$737.9 million", "$1,603.5 million"), said("Acme Retail", 2022, "$431.6 million", "$1,499.2 million")];
    const [llmA, llmB, agentA, agentB] = await Promise.all([...answers.map((a) => judged("llm", a)), ...answers.map((a) => judged("agent", a))]);
    expect(llmA.result.scores).toEqual(llmB.result.scores);
    // Half a stated figure's credit each: the other year's figures had read 4, a confident score for an answer
    // that may be a year off (session 21).
    expect(llmA.result.scores.factuality).toBeLessThanOrEqual(3);
    for (const agent of [agentA, agentB]) {
      expect(agent.assessment.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["unsupported"]);
      expect(agent.assessment.claims[0].explanation).toContain("in one of two columns the source does not tell apart");
    }
  });

  // Ulta's balance sheet at its fiscal year-end: the calendar tells the column, so a figure of the right
  // column's day under another row, or at another scale, is given another value for the same item and year.
  const ulta = () => judgeAgainst(() => org, question("Ulta Beauty", 2022), [
    { title: "Ulta Beauty Q4 FY2022 earnings release, balance sheet", content: balanceSheet("Ulta Beauty, Inc.", ["737,877", "431,560"], ["1,603,451", "1,499,218"]) },
  ]);
  const right = said("Ulta Beauty", 2022, "$737.9 million", "$1,603.5 million");

  it.each([
    { wrong: "the neighbouring row (receivables)", cash: "$737.9 million", inventories: "$199.4 million", why: "$199.4 million is receivables, net for 2022, not merchandise inventories, net" },
    { wrong: "the total above the row (total current assets)", cash: "$737.9 million", inventories: "$2,709.3 million", why: "$2,709.3 million is total current assets for 2022, not merchandise inventories, net" },
    { wrong: "a table in thousands read as millions", cash: "$737,877 million", inventories: "$1,603,451 million", why: "as 737,877 thousand, not $737,877 million" },
    { wrong: "a table in thousands read as billions", cash: "$737.9 billion", inventories: "$1,603.5 million", why: "as 737,877 thousand, not $737.9 billion" },
  ])("at Ulta's fiscal year-end, $wrong is contradicted", async (c) => {
    const judged = ulta();
    const [llmRight, llm, agent] = await Promise.all([judged("llm", right), judged("llm", said("Ulta Beauty", 2022, c.cash, c.inventories)), judged("agent", said("Ulta Beauty", 2022, c.cash, c.inventories))]);
    expectLlmTellsApart(llmRight.result, llm.result, c.why);
    expect(agent.assessment.claims.map((x: { verdict: string }) => x.verdict)).toEqual(["contradicted"]);
  });

  // Best Buy's 10-Q balance sheet at the end of its second quarter of fiscal 2024: the calendar places July
  // 29, 2023 at that quarter's end (26 weeks after the year-end of January 28, 2023), so the column is the
  // quarter's and the row beside the named one, or another column, is contradicted.
  const bbyQuarter = () =>
    judgeAgainst(() => org, "What were Best Buy's cash and cash equivalents and merchandise inventories at the end of the second quarter of fiscal 2024?", [
      {
        title: "Best Buy 10-Q Q2 FY2024, balance sheet",
        content: [
          "Condensed Consolidated Balance Sheets",
          "$ in millions (unaudited)",
          "July 29, 2023 January 28, 2023 July 30, 2022",
          "Current assets",
          "Cash and cash equivalents $ 1,093 $ 1,874 $ 840",
          "Receivables, net 856 1,141 840",
          "Merchandise inventories 5,651 5,140 6,043",
          "Total current assets 8,304 8,802 8,344",
        ].join("\n"),
      },
    ]);
  const atQ2 = (cash: string, inventories: string) =>
    `At the end of the second quarter of fiscal 2024, Best Buy had cash and cash equivalents of ${cash} and merchandise inventories of ${inventories}.`;

  it.each([
    { wrong: "the neighbouring row (receivables)", cash: "$1,093 million", inventories: "$856 million", why: "$856 million is receivables, net for 2024, not merchandise inventories" },
    { wrong: "the year-end column", cash: "$1,874 million", inventories: "$5,140 million", why: "$1,874 million is cash and cash equivalents for fiscal 2023, not 2024" },
  ])("at Best Buy's second-quarter end, $wrong is contradicted", async (c) => {
    await expectBothTellApart(bbyQuarter(), atQ2("$1,093 million", "$5,651 million"), atQ2(c.cash, c.inventories), c.why);
  });

  it("a quarter-end column is not another quarter's: the July 29, 2023 column's balances given for the first quarter are contradicted", async () => {
    const judged = bbyQuarter();
    const firstQuarter = atQ2("$1,093 million", "$5,651 million").replace("second quarter", "first quarter");
    const [llm, agent] = await Promise.all([judged("llm", firstQuarter), judged("agent", firstQuarter)]);
    expect(llm.result.scores.factuality).toBeLessThanOrEqual(2);
    expect(llm.result.reasoning).toContain("$1,093 million is cash and cash equivalents at the end of the second quarter of fiscal 2024, not the first.");
    expect(agent.assessment.claims.map((x: { verdict: string }) => x.verdict)).toEqual(["contradicted"]);
  });

  it("the question's metric is recomputed in the company's fiscal year: Ulta's fiscal 2022 current ratio is 1.61, not the prior year's 1.46", async () => {
    const judged = judgeAgainst(() => org, `${question("Ulta Beauty", 2022).slice(0, -1)}, and its current ratio?`, [
      { title: "Ulta Beauty Q4 FY2022 earnings release, balance sheet", content: balanceSheet("Ulta Beauty, Inc.", ["737,877", "431,560"], ["1,603,451", "1,499,218"]) },
    ]);
    const ratio = (r: string) => `${right} Its current ratio was ${r}.`;
    const [llmRight, llmPrior, agentRight, agentPrior] = await Promise.all([judged("llm", ratio("1.61")), judged("llm", ratio("1.46")), judged("agent", ratio("1.61")), judged("agent", ratio("1.46"))]);
    expect(llmRight.result.scores.factuality).toBe(5);
    expect(llmRight.result.reasoning).toContain("Recomputed current ratio for 2022 from the sources: 1.611; the answer states it.");
    expect(llmPrior.result.scores.factuality).toBeLessThan(llmRight.result.scores.factuality);
    expect(agentRight.assessment.claims.map((x: { verdict: string }) => x.verdict)).toEqual(["supported", "supported"]);
    expect(agentPrior.assessment.claims[1].verdict).not.toBe("supported");
  });

  it("a standard metric asked for one year and stated wrong is contradicted though the answer gives none of its inputs; left out, it is no error", async () => {
    const judged = judgeAgainst(() => org, `${question("Ulta Beauty", 2022).slice(0, -1)}, and its current ratio?`, [
      { title: "Ulta Beauty Q4 FY2022 earnings release, balance sheet", content: balanceSheet("Ulta Beauty, Inc.", ["737,877", "431,560"], ["1,603,451", "1,499,218"]) },
    ]);
    const [llmWrong, llmLeftOut, agentWrong] = await Promise.all([judged("llm", `${right} Its current ratio was 1.85.`), judged("llm", right), judged("agent", `${right} Its current ratio was 1.85.`)]);
    expect(llmWrong.result.scores.factuality).toBeLessThanOrEqual(2);
    expect(llmWrong.result.reasoning).toContain("Recomputed current ratio for 2022 from the sources: 1.611; the answer gives it another value.");
    expect(llmLeftOut.result.scores.factuality).toBe(5);
    expect(agentWrong.assessment.claims.map((x: { verdict: string }) => x.verdict)).toEqual(["supported", "contradicted"]);
  });

  it("one contradicted claim beside a supported one is a major issue for the agent judge", async () => {
    const judged = judgeAgainst(() => org, `${question("Ulta Beauty", 2022).slice(0, -1)}, and its current ratio?`, [
      { title: "Ulta Beauty Q4 FY2022 earnings release, balance sheet", content: balanceSheet("Ulta Beauty, Inc.", ["737,877", "431,560"], ["1,603,451", "1,499,218"]) },
    ]);
    const agent = await judged("agent", `${said("Ulta Beauty", 2022, "$737.9 million", "$199.4 million")} Its current ratio was 1.61.`);
    expect(agent.assessment.claims.map((x: { verdict: string }) => x.verdict)).toEqual(["contradicted", "supported"]);
    expect(agent.assessment.verdict).toBe("major_issues");
  });
});
