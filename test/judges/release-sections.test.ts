// An earnings release gives its quarter and its full year in two sections, the second under a heading ("For the
// Full Year of Fiscal 2022") whose sentences name only the years; its PDF's lines cut sentences anywhere ("due
// to" / "income tax accounting ...", "in fiscal" / "2021.", "As a percentage" / "of net sales ..."); and it says
// how a ratio moved ("decreased to 23.6%", "37.6% was flat"). Wrong on purpose against Ulta Beauty's Q4 FY2022
// release as the demo corpus prints it: each wrong answer below had read 4-5 with the LLM judge and been
// supported by the agent judge (the year's SG&A growth and share of sales given to the quarter, the prior
// year's EPS, operating income's and SG&A's growth swapped, a flat margin given as a rise). Each is now
// contradicted by both judges, with the reason (src/figures/headings.ts periodHeading, prose-lines.ts,
// signs.ts levelMove, compare.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { itTellsApart, judgeAgainst } from "./judge-helpers";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

/** Ulta Beauty's Q4 FY2022 release, page 1's second half, as its PDF's text gives it. */
const RELEASE = [
  "Comparable sales (sales for stores open at least 14 months and e-commerce sales)",
  "increased 15.6% compared to an increase of 21.4% in the fourth quarter of fiscal 2021,",
  "driven by a 13.6% increase in transactions and a 1.8% increase in average ticket.",
  "Gross profit increased 18.0% to $1.2 billion compared to $1.0 billion in the fourth",
  "quarter of fiscal 2021. As a percentage of net sales, gross profit of 37.6% was flat",
  "compared to the fourth quarter of fiscal 2021, primarily due to leverage of fixed costs,",
  "favorable channel mix shifts, and strong growth in other revenue, offset by higher",
  "inventory shrink.",
  "Selling, general and administrative (SG&A) expenses increased 17.3% to $762.7",
  "million compared to $650.0 million in the fourth quarter of fiscal 2021. As a percentage",
  "of net sales, SG&A expenses decreased to 23.6% compared to 23.8% in the fourth",
  "quarter of fiscal 2021, primarily due to leverage of marketing expenses and incentive",
  "compensation due to higher sales, partially offset by deleverage of store payroll and",
  "benefits due to wage investments and deleverage in corporate overhead due to",
  "strategic investments.",
  "Operating income increased 19.2% to $447.6 million, or 13.9% of net sales, compared",
  "to $375.6 million, or 13.8% of net sales, in the fourth quarter of fiscal 2021.",
  "The tax rate increased to 24.6% compared to 22.9% in the fourth quarter of fiscal",
  "2021.",
  "Net income increased 17.8% to $340.8 million compared to $289.4 million in the fourth",
  "quarter of fiscal 2021.",
  "Diluted earnings per share increased 23.5% to $6.68, including a $0.02 benefit due to",
  "income tax accounting for stock-based compensation, compared to $5.41 including a",
  "$0.05 benefit due to income tax accounting for stock-based compensation, in the fourth",
  "quarter of fiscal 2021.",
  "For the Full Year of Fiscal 2022",
  "Net sales increased 18.3% to $10.2 billion compared to $8.6 billion in fiscal 2021,",
  "primarily due to the favorable impact from the continued resilience of the beauty",
  "category, retail price increases, the impact of new brands and product innovation,",
  "increased social occasions, and fewer COVID-19 limitations compared to fiscal 2021.",
  "Comparable sales increased 15.6% compared to an increase of 37.9% in fiscal 2021,",
  "driven by a 10.8% increase in transactions and a 4.3% increase in average ticket.",
  "Gross profit increased 20.1% to $4.0 billion compared to $3.4 billion in fiscal 2021. As",
  "a percentage of net sales, gross profit increased to 39.6% compared to 39.0% in fiscal",
  "2021, primarily due to leverage of fixed costs, strong growth in other revenue, and",
  "favorable channel mix shifts, partially offset by higher inventory shrink and lower",
  "merchandise margin.",
  "SG&A expenses increased 16.2% to $2.4 billion compared to $2.1 billion in fiscal",
  "2021. As a percentage of net sales, SG&A expenses decreased to 23.5% compared to",
  "23.9% in fiscal 2021, primarily due to lower marketing expenses and leverage of",
  "incentive compensation due to higher sales, partially offset by deleverage of corporate",
  "overhead due to strategic investments and deleverage of store payroll and benefits",
  "due to wage investments.",
  "Operating income increased 26.3% to $1.6 billion, or 16.1% of net sales, compared to",
  "$1.3 billion, or 15.0% of net sales, in fiscal 2021.",
  "The tax rate increased to 24.4% compared to 23.9% in fiscal 2021.",
  "Net income increased 26.0% to $1.2 billion compared to $985.8 million in fiscal 2021."
].join("\n");

const references = [{ title: "Ulta Beauty Q4 FY2022 release", content: RELEASE }];
const quarter = (what: string) => `In the fourth quarter of fiscal 2022, Ulta Beauty's ${what}.`;

describe("the quarter's section and the full year's", () => {
  const judged = judgeAgainst(() => org, "How did Ulta Beauty's operating income, SG&A expenses, net income and diluted EPS change in the fourth quarter of fiscal 2022?", references);
  const said = (op: string, sga: string, eps: string) =>
    quarter(`operating income increased ${op} to $447.6 million, SG&A expenses increased ${sga} to $762.7 million, net income increased 17.8% to $340.8 million, and diluted EPS increased 23.5% to ${eps}`);
  itTellsApart(judged, said("19.2%", "17.3%", "$6.68"), [
    { wrong: "the full year's SG&A growth given to the quarter", answer: said("19.2%", "16.2%", "$6.68"), why: "16.2% is SG&A expenses for the full year of 2022, not for three months" },
    { wrong: "operating income's and SG&A's growth swapped", answer: said("17.3%", "19.2%", "$6.68"), why: "The source gives operating income for 2022 as 19.2%, not 17.3%." },
    { wrong: "the prior year's EPS, its sentence cut after 'due to'", answer: said("19.2%", "17.3%", "$5.41"), why: "$5.41 is diluted earnings per share for 2021, not 2022" },
  ]);

  it("carries the full year's figures for the full year", async () => {
    const answer = "In fiscal 2022, Ulta Beauty's SG&A expenses increased 16.2% to $2.4 billion and net income increased 26.0% to $1.2 billion.";
    const [llm, agent] = await Promise.all([judged("llm", answer), judged("agent", answer)]);
    expect(llm.result.scores.factuality).toBeGreaterThanOrEqual(4);
    expect(agent.assessment.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["supported"]);
  });
});

describe("how a ratio moved", () => {
  const judged = judgeAgainst(() => org, "How did Ulta Beauty's gross margin and SG&A as a percentage of net sales change in the fourth quarter of fiscal 2022?", references);
  itTellsApart(judged, quarter("gross profit as a percentage of net sales was flat at 37.6%"), [
    { wrong: "a flat margin given as a rise", answer: quarter("gross profit as a percentage of net sales increased to 37.6%"), why: "as flat at 37.6%, not an increase to 37.6%" },
    { wrong: "a falling share given as a rise", answer: quarter("SG&A expenses as a percentage of net sales increased to 23.6%"), why: "as a decline to 23.6%, not an increase to 23.6%" },
    { wrong: "the full year's share given to the quarter", answer: quarter("SG&A expenses as a percentage of net sales decreased to 23.5%"), why: "23.5% is SG&A expenses as a percentage of net sales for the full year of 2022, not for three months" },
  ]);

  it("carries the share as the release says it moved", async () => {
    const answer = quarter("SG&A expenses as a percentage of net sales decreased to 23.6%");
    const [llm, agent] = await Promise.all([judged("llm", answer), judged("agent", answer)]);
    expect(llm.result.scores.factuality).toBeGreaterThanOrEqual(4);
    expect(agent.assessment.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["supported"]);
  });
});
