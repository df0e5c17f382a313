// A results release's highlights table, as Ulta Beauty prints it for the fourth quarter of fiscal 2022
// (wrong on purpose, through the Worker and both judges). Its rows of percentages ("Operating income (as a
// percentage of net sales) 13.9%") are no amounts: the operating margin recomputed from them (13.9 / 3,226.8)
// scored the right answer 1/5/5/2. A margin is its profit line's row of percentages, so the gross margin given
// as the operating margin is contradicted (it scored 5/5/5/4, the agent's claim supported); a decline given for
// a row of signed changes that prints a rise is contradicted (it scored 5/5/5/5); and the agent's claim whose
// other figures are contradicted stays contradicted when one of them matches the recomputed metric (the
// prior year's figures were "supported: Recomputed operating margin ... 13.87; the answer states it").
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { AMCOR_RECONCILIATION, AMCOR_YEAR_BULLETS, ULTA_EXHIBIT_1, judgeAgainst, itTellsApart } from "./judge-helpers";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

const ULTA_HIGHLIGHTS = [
  "March 9, 2023",
  "Ulta Beauty Announces Fourth Quarter",
  "Fiscal 2022 Results",
  "Net Sales of $3.2 Billion Compared to $2.7 Billion in the Year-Ago Quarter",
  "Comparable Sales Increased 15.6%",
  "Net Income of $340.8 Million or $6.68 Per Diluted Share",
  "BOLINGBROOK, Ill.--(BUSINESS WIRE)-- Ulta Beauty, Inc. (NASDAQ: ULTA) today",
  "announced financial results for the thirteen-week period (\u201cfourth quarter\u201d) and fifty-two-week",
  "period (\u201cfiscal year\u201d) ended January 28, 2023 compared to the same periods ended January",
  "29, 2022.",
  "13 Weeks Ended 52 Weeks Ended",
  "January",
  "28,",
  "January",
  "29,",
  "January",
  "30,",
  "January",
  "28,",
  "January",
  "29,",
  "January",
  "30,",
  "(Dollars in millions, except per share data) 2023 2022 2021 2023 2022 2021",
  "Net sales $ 3,226.8 $ 2,729.4 $ 2,198.7 $ 10,208.6 $ 8,630.9 $ 6,152.0",
  "Comparable sales 15.6% 21.4% (4.8%) 15.6% 37.9% (17.9%)",
  "Gross profit (as a percentage of net sales) 37.6% 37.6% 35.1% 39.6% 39.0% 31.7%",
  "Selling, general and administrative expenses $ 762.7 $ 650.0 $ 514.1 $ 2,395.3 $ 2,061.5 $ 1,583.0",
  "Operating income (as a percentage of net sales) 13.9% 13.8% 10.2% 16.1% 15.0% 3.9%",
  "Diluted earnings per share $ 6.68 $ 5.41 $ 3.03 $ 24.01 $ 17.98 $ 3.11",
  "New store openings, net 12 6 2 47 44 10",
].join("\n");

const ULTA_INCOME_STATEMENT = ULTA_EXHIBIT_1.join("\n");

const said = (comparable: string, margin: string, eps: string) =>
  `In the fourth quarter of fiscal 2022, Ulta Beauty's comparable sales ${comparable}, its operating margin was ${margin} and diluted earnings per share were ${eps}.`;

describe("a results release's highlights table", () => {
  const judged = judgeAgainst(() => org, "What were Ulta Beauty's comparable sales growth, operating margin and diluted EPS in the fourth quarter of fiscal 2022?", [
    { title: "Ulta Beauty Q4 FY2022 earnings release", content: ULTA_HIGHLIGHTS },
  ]);
  const right = said("increased 15.6%", "13.9%", "$6.68");

  itTellsApart(judged, right, [
    { wrong: "the gross margin given as the operating margin", answer: said("increased 15.6%", "37.6%", "$6.68"), why: "37.6% is gross profit (as a percentage of net sales) for 2022, not operating income (as a percentage of net sales)" },
    { wrong: "a decline for the printed rise", answer: said("declined 15.6%", "13.9%", "$6.68"), why: "The source gives comparable sales for 2022 as an increase of 15.6, not a decline of 15.6%." },
    { wrong: "the year-ago quarter's figures", answer: said("increased 21.4%", "13.8%", "$5.41"), why: "21.4% is comparable sales for fiscal 2021, not 2022" },
  ]);

  it("does not recompute the operating margin from a row of percentages: the right answer keeps its scores", async () => {
    const llm = await judged("llm", right);
    expect(llm.result.scores).toMatchObject({ factuality: 5, grounding: 5 });
    expect(llm.result.reasoning).not.toContain("Recomputed operating margin");
  });

  it("keeps a claim contradicted whose one figure matches the recomputed metric (the agent judge)", async () => {
    // With the statement of income, the operating margin recomputes to 13.87%, which "13.8%" is within 1.5% of.
    const withStatement = judgeAgainst(() => org, "What were Ulta Beauty's comparable sales growth, operating margin and diluted EPS in the fourth quarter of fiscal 2022?", [
      { title: "Ulta Beauty Q4 FY2022 earnings release", content: ULTA_HIGHLIGHTS },
      { title: "Ulta Beauty Q4 FY2022 earnings release, statement of income", content: ULTA_INCOME_STATEMENT },
    ]);
    const [rightAgent, priorAgent] = await Promise.all([withStatement("agent", right), withStatement("agent", said("increased 21.4%", "13.8%", "$5.41"))]);
    expect(rightAgent.assessment.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["supported"]);
    expect(priorAgent.assessment.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["contradicted"]);
    expect(priorAgent.assessment.verdict).toBe("major_issues");
  });
});

// Amcor's release writes its per-share figures in cents per share ("Adjusted EPS of 73.3 cps"): 73.3 cents is
// $0.733, carried as either; "$73.3" is a hundred times it, not carried (wrong on purpose).
describe("per-share figures written in cents per share (cps)", () => {
  const judged = judgeAgainst(() => org, "What was Amcor's adjusted diluted EPS for fiscal 2023?", [
    {
      title: "Amcor FY2023 results press release",
      content: "Fiscal 2023 Full Year Highlights\n• GAAP Net Income of $1,048 million; GAAP diluted earnings per share (EPS) of 70.5 cps;\n• Adjusted EPS of 73.3 cps and Adjusted Free Cash Flow of $848 million, in line with guidance.",
    },
  ]);
  const said = (eps: string) => `For fiscal 2023, Amcor's adjusted diluted EPS was ${eps}.`;

  it("carries 73.3 cents and $0.73, not $73.3", async () => {
    const [cents, dollars, wrong, agentCents, agentWrong] = await Promise.all([
      judged("llm", said("73.3 cents")), judged("llm", said("$0.73")), judged("llm", said("$73.3")), judged("agent", said("73.3 cents")), judged("agent", said("$73.3")),
    ]);
    expect(cents.result.scores.factuality).toBeGreaterThanOrEqual(4);
    expect(dollars.result.scores.factuality).toBeGreaterThanOrEqual(4);
    expect(wrong.result.scores.factuality).toBeLessThan(cents.result.scores.factuality);
    expect(agentCents.assessment.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["supported"]);
    expect(agentWrong.assessment.claims.map((c: { verdict: string }) => c.verdict)).not.toContain("supported");
  });
});

// Amcor's reconciliation: each period's EBITDA, EBIT, net income and EPS side by side under a header that names
// the two periods only, so a row holds eight cells for two years. Its last two cells (2023's net income and EPS)
// had been read as the two years' columns: the right "$805 million in fiscal 2022" was contradicted and the
// wrong "$1,048 million in fiscal 2022" carried (wrong on purpose). Such a row is no longer read as the years'
// columns (the reconciliation reader reads its listed items: reconciliation.test.ts).
describe("a row of twice the header's columns or more", () => {
  const judged = judgeAgainst(() => org, "What was Amcor's net income attributable to Amcor in fiscal 2022?", [
    { title: "Amcor FY2023 results press release, reconciliation of non-GAAP measures", content: AMCOR_RECONCILIATION },
  ]);

  it("is not read: the right figure is not contradicted and the other year's is not carried", async () => {
    const [right, wrong, agentWrong] = await Promise.all([
      judged("llm", "Net income attributable to Amcor was $805 million in fiscal 2022."),
      judged("llm", "Net income attributable to Amcor was $1,048 million in fiscal 2022."),
      judged("agent", "Net income attributable to Amcor was $1,048 million in fiscal 2022."),
    ]);
    expect(right.result.reasoning).not.toContain("contradict");
    expect(wrong.result.reasoning).not.toContain("1 of 1 figures are carried");
    expect(wrong.result.scores.factuality).toBeLessThanOrEqual(right.result.scores.factuality);
    expect(agentWrong.assessment.claims.map((c: { verdict: string }) => c.verdict)).not.toContain("supported");
  });
});

// "Adjusted" qualifies an item as "reported" does; it names none: adjusted EBITDA's row does not carry a
// figure given as adjusted EBIT (wrong on purpose; it was carried through the shared word).
describe("a qualifier shared by two items", () => {
  it("does not make adjusted EBITDA's figure adjusted EBIT's", async () => {
    const judged = judgeAgainst(() => org, "What was Amcor's adjusted EBIT in fiscal 2023?", [
      { title: "Amcor FY2023 results press release, free cash flow", content: "($ million) 2022 2023\nAdjusted EBITDA 2,117 2,018\nInterest paid, net (119) (248)\nAdjusted Free Cash Flow 1,066 848" },
    ]);
    const [right, wrong] = await Promise.all([judged("llm", "Amcor's adjusted EBITDA was $2,018 million in fiscal 2023."), judged("llm", "Amcor's adjusted EBIT was $2,018 million in fiscal 2023.")]);
    expect(right.result.reasoning).toContain("1 of 1 figures are carried");
    expect(wrong.result.reasoning).not.toContain("1 of 1 figures are carried");
  });
});


// A figure one arithmetic step from two source figures counts as computable only when one of them is about
// the figure's item. Amcor's release prints $1.2 billion of cash returned to shareholders, "in comparable
// constant currency terms", and $848 million of adjusted free cash flow: their sum, $2.0 billion within the
// billion's rounding, had made "adjusted EBIT was $2,018 million" (adjusted EBITDA's figure) computable, and
// the agent's claim supported (wrong on purpose against the demo corpus). Nor is a figure of a later year than
// the statement names an operand: "adjusted EPS rose 2%" for fiscal 2023 had been computable from 73.3 cents
// and fiscal 2024's outlook of 71 cents, and supported.
describe("a step from figures of other items", () => {
  const AMCOR_HIGHLIGHTS = [
    "Fiscal 2023 Full Year Highlights",
    ...AMCOR_YEAR_BULLETS,
    "Amcor CEO Ron Delia said: \u201cThroughout fiscal 2023, our teams did an excellent job proactively recovering",
    "inflation and reducing costs in a highly challenging environment. Adjusted EBIT grew modestly in comparable",
    "constant currency terms and we returned $1.2 billion of cash to shareholders.\u201d",
  ].join("\n");
  const judged = judgeAgainst(() => org, "What were Amcor's adjusted EBIT and adjusted diluted EPS for fiscal 2023, and how did adjusted EPS change on a comparable constant currency basis?", [
    { title: "Amcor FY2023 results press release", content: AMCOR_HIGHLIGHTS },
  ]);
  const said = (ebit: string) => `For fiscal 2023, Amcor's adjusted EBIT was ${ebit} and adjusted diluted EPS was 73.3 cents, which declined on a comparable constant currency basis.`;
  const verdicts = (p: { assessment: { claims: { verdict: string }[] } }) => p.assessment.claims.map((c) => c.verdict);

  it("does not make another item's figure, or a later year's, an operand: the agent supports neither adjusted EBITDA's $2,018 million as adjusted EBIT nor a 2% rise", async () => {
    const [right, ebitda, rise] = await Promise.all([
      judged("agent", said("$1,608 million")),
      judged("agent", said("$2,018 million")),
      judged("agent", "For fiscal 2023, Amcor's adjusted EBIT was $1,608 million and adjusted diluted EPS was 73.3 cents; adjusted EPS rose 2% on a comparable constant currency basis."),
    ]);
    expect(verdicts(right)).toEqual(["supported"]);
    // The question names both measures, so adjusted EBIT's printed figure contradicts EBITDA's given for it (session 23).
    expect(verdicts(ebitda)).toEqual(["contradicted"]);
    expect(ebitda.assessment.claims[0].explanation).toContain("The source gives adjusted EBIT for 2023 as $1,608 million, not $2,018 million.");
    expect(verdicts(rise)).toEqual(["unsupported"]);
    expect(rise.assessment.claims[0].explanation).toContain("1 of its figures is neither stated in the sources nor computable from them");
  });
});

// A percentage given as a share of an item ("16.1% of sales") is computable only over a figure of that item:
// MedTech's adjusted income before tax over Pharmaceutical's (1,790 / 11,146 = 16.06%) had made the claim
// "computable from the source's figures" and supported.
describe("a share of an item", () => {
  it("is computed over a figure of that item only", async () => {
    const judged = judgeAgainst(() => org, "What was Johnson & Johnson's MedTech adjusted income before tax as a share of sales in fiscal 2022?", [
      { title: "Johnson & Johnson segment results", content: "In fiscal 2022, MedTech adjusted income before tax was $1,790 million and Pharmaceutical adjusted income before tax was $11,146 million. MedTech sales were $6,930 million." },
    ]);
    const said = (share: string) => `Johnson & Johnson's MedTech adjusted income before tax was ${share} of sales in fiscal 2022.`;
    const [right, wrong] = await Promise.all([judged("agent", said("25.8%")), judged("agent", said("16.1%"))]);
    expect(right.assessment.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["supported"]);
    expect(wrong.assessment.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["unsupported"]);
  });
});
