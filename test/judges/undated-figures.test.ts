// A figure its source gives with no period: Amcor's "Leverage, measured as net debt divided by adjusted trailing
// twelve" / "month EBITDA, was 3.0 times" (its FY2023 release, a sentence a line break cuts inside its aside).
// The line that goes on the aside is read with the line before, the aside that defines the item is not the
// item's name, and the one figure the sources give for an item, another value with no period stated, contradicts
// a statement's value for any period: "leverage was 2.5 times" had read LLM 5/4/5/4 against npm run dev.
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { AMCOR_CASH_PAGE, indexExternalFiling, judgeAgainst } from "./judge-helpers";

let org: TestOrg;

beforeAll(async () => {
  org = await createOrg();
});

const AMCOR_CASH = AMCOR_CASH_PAGE;

const AMCOR_GUIDANCE = [
  "Fiscal 2024 Guidance",
  "For the twelve-month period ending June 30, 2024, the Company expects:",
  "• Adjusted EPS of 67 to 71 cents per share which includes:",
  "• Comparable constant currency earnings which includes underlying business performance down low single",
  "digit % to up low single digit %, a benefit of approximately 2% from share repurchases, and a negative",
  "impact of approximately 6% related to higher estimated net interest and tax expense;",
  "• A negative impact of approximately 3% related to the sale of the Company's three plants in Russia on",
  "December 23, 2022; and",
  "• A benefit of approximately 2% related to currency translation, assuming current rates prevail through the",
  "balance of fiscal 2024.",
  "• The Company expects adjusted EPS on a reported basis in the first half of fiscal 2024 to be down in the",
  "mid-teens % compared with the first half of fiscal 2023, primarily due to lower volumes and the residual",
  "headwinds related to the sale of the Russia plants and higher interest expense. In the second half of fiscal",
  "2024, adjusted EPS is expected to be up mid-single digits % compared with the second half of fiscal 2023,",
  "benefiting in-part from structural cost saving initiatives and increased earnings leverage resulting from",
  "price and cost actions taken in fiscal 2023 and 2024.",
  "• Adjusted Free Cash Flow of approximately $850 million to $950 million, representing solid growth over fiscal",
  "2023.",
  "• Approximately $70 million of cash to be allocated towards share repurchases as part of the program previously",
  "announced in fiscal 2023.",
].join("\n");

const AMCOR_HIGHLIGHTS = [
  "Amcor reports fiscal 2023 results and provides outlook for fiscal 2024",
  "June 2023 quarter:",
  "GAAP diluted EPS of 12.3 cps; Adjusted EPS of 19.3 cps",
  "Fiscal 2023 Full Year Highlights",
  "• Net sales of $14,694 million, in line with the prior year on a comparable constant currency basis;",
  "• GAAP Net Income of $1,048 million; GAAP diluted earnings per share (EPS) of 70.5 cps;",
  "• Adjusted EPS of 73.3 cps and Adjusted Free Cash Flow of $848 million, in line with guidance provided in",
  "May. Adjusted EBIT of $1,608 million;",
  "• Strong total cash returns to shareholders of $1.2 billion: annual dividend increased to 49.0 cents per",
  "share; $431 million of shares repurchased (approximately 3% of outstanding shares); and",
  "• Fiscal 2024 outlook: Adjusted EPS of 67-71 cents per share. Adjusted Free Cash Flow of $850-950",
  "million.",
].join("\n");

const QUERY = "What were Amcor's adjusted free cash flow, net debt and leverage for fiscal 2023?";
const said = (leverage: string) =>
  `Amcor's adjusted free cash flow for fiscal 2023 was $848 million, net debt was $6,057 million at June 30, 2023, and leverage was ${leverage} times.`;

describe("a figure the source gives with no period", () => {
  it("carries the right value and contradicts another (wrong on purpose), naming the source's figure", async () => {
    const judged = judgeAgainst(() => org, QUERY, [{ title: "Amcor FY2023 results", content: AMCOR_CASH }]);
    const [right, wrong] = await Promise.all([judged("llm", said("3.0")), judged("llm", said("2.5"))]);
    expect(right.result.scores.factuality).toBeGreaterThanOrEqual(4);
    expect(right.result.reasoning).not.toContain("period not stated");
    expect(wrong.result.scores.factuality).toBeLessThanOrEqual(2);
    expect(wrong.result.scores.grounding).toBeLessThanOrEqual(2);
    expect(wrong.result.reasoning).toContain("The source gives leverage as 3.0 (its period not stated), not 2.5.");
  });

  it("contradicts another value when the filing the reference copies is indexed too (one figure, found twice), by both judges", async () => {
    await indexExternalFiling("Amcor FY2023 results press release", "AMCR", "Amcor", AMCOR_CASH);
    const judged = judgeAgainst(() => org, QUERY, [{ title: "Amcor FY2023 results", content: AMCOR_CASH }]);
    const [llm, agent] = await Promise.all([judged("llm", said("2.5")), judged("agent", said("2.5"))]);
    expect(llm.result.reference_verdicts[0].evidence.length).toBeGreaterThan(0);
    expect(llm.result.scores.factuality).toBeLessThanOrEqual(2);
    expect(agent.assessment.claims.some((c: { verdict: string }) => c.verdict === "contradicted")).toBe(true);
  });

  it("reads a range's ends against the same ends of the source's range (guidance for the year ahead, wrong on purpose)", async () => {
    const judged = judgeAgainst(() => org, "What is Amcor's fiscal 2024 guidance?", [{ title: "Amcor FY2023 results", content: AMCOR_GUIDANCE }]);
    const guidance = (fcf: string) => `For fiscal 2024, Amcor expects adjusted EPS of 67 to 71 cents per share and adjusted free cash flow of approximately ${fcf}.`;
    const [right, wrong] = await Promise.all([judged("llm", guidance("$850 million to $950 million")), judged("llm", guidance("$750 million to $850 million"))]);
    expect(right.result.scores.factuality).toBeGreaterThanOrEqual(4);
    expect(wrong.result.scores.factuality).toBeLessThanOrEqual(2);
    expect(wrong.result.reasoning).toContain("The source gives adjusted Free Cash Flow as $850 million (its period not stated), not $750 million.");
    expect(wrong.result.reasoning).toContain("The source gives adjusted Free Cash Flow as $950 million (its period not stated), not $850 million.");
  });

  it("reads a line's label as the year of its sentences ('Fiscal 2024 outlook: ...') and a hyphenated range whole ('$850-950 million')", async () => {
    // The release's highlights under "Fiscal 2023 Full Year Highlights": the agent had contradicted the right
    // guidance ("$850 million is adjusted Free Cash Flow for 2023, not 2024"), reading the outlook's second
    // sentence as the heading's year and "67-71 cents" as 67 and minus 71.
    await indexExternalFiling("Amcor FY2023 results press release", "AMCR", "Amcor", AMCOR_HIGHLIGHTS);
    const judged = judgeAgainst(() => org, "What is Amcor's fiscal 2024 guidance?", []);
    const guidance = (fcf: string) => `For fiscal 2024, Amcor expects adjusted EPS of 67 to 71 cents per share and adjusted free cash flow of approximately ${fcf}.`;
    const [right, wrong] = await Promise.all([judged("agent", guidance("$850 million to $950 million")), judged("agent", guidance("$750 million to $850 million"))]);
    const verdicts = (r: { assessment: { claims: { verdict: string }[] } }) => r.assessment.claims.map((c) => c.verdict);
    expect(verdicts(right)).not.toContain("contradicted");
    expect(verdicts(right)).toContain("supported");
    expect(verdicts(wrong)).toContain("contradicted");
  });

  it("tells two effects of one name apart by the cause written after each ('impact ... related to the sale of ... plants in Russia'), wrong on purpose", async () => {
    // 6% is the guidance's impact of higher interest and tax expense; the Russia sale's is 3%. Both had read LLM 5,
    // and the agent judge supported the 6%, against npm run dev.
    await indexExternalFiling("Amcor FY2023 results press release", "AMCR", "Amcor", AMCOR_GUIDANCE);
    const judged = judgeAgainst(() => org, "What is Amcor's fiscal 2024 guidance?", [{ title: "Amcor FY2023 results", content: AMCOR_GUIDANCE }]);
    const russia = (impact: string) => `Amcor expects a negative impact of approximately ${impact} on fiscal 2024 adjusted EPS from the sale of its Russian plants.`;
    const [right, wrong, agentWrong] = await Promise.all([judged("llm", russia("3%")), judged("llm", russia("6%")), judged("agent", russia("6%"))]);
    expect(right.result.scores.factuality).toBeGreaterThanOrEqual(4);
    expect(wrong.result.scores.factuality).toBeLessThanOrEqual(2);
    expect(wrong.result.reasoning).toContain("The source gives negative impact as 3% (its period not stated), not 6%.");
    expect(agentWrong.assessment.claims.map((c: { verdict: string }) => c.verdict)).not.toContain("supported");
  });

  it("is not read as the item's when the sources give the item twice with no period (either may be the statement's)", async () => {
    const twice = `${AMCOR_CASH}\nLeverage, measured as net debt divided by adjusted trailing twelve month EBITDA, was 2.8 times.`;
    const llm = await judgeAgainst(() => org, QUERY, [{ title: "Amcor FY2023 results", content: twice }])("llm", said("2.5"));
    expect(llm.result.reasoning).not.toContain("period not stated");
  });

  it("is not read across shares of two things (what a share is of follows it: FinanceBench 00757, AMD's customers)", async () => {
    const revenue = "One customer accounted for 16% of our consolidated net revenue for the year ended December 31, 2022. Sales to this customer consisted of sales of products from our Gaming segment.";
    const llm = await judgeAgainst(() => org, "Did AMD report customer concentration in FY22?", [{ title: "AMD 10-K 2022", content: revenue }])(
      "llm",
      "Two customers each accounted for approximately 20% and 15% of the total consolidated accounts receivable balance as of December 25, 2021.",
    );
    expect(llm.result.reasoning).not.toContain("period not stated");
  });

  it("is not read for a count, which is as often a name as a figure", async () => {
    const text = "The Company operates 250 plants, measured as sites with production lines, in 40 countries.";
    const llm = await judgeAgainst(() => org, "How many plants did Amcor operate in fiscal 2023?", [{ title: "Amcor profile", content: text }])(
      "llm",
      "Amcor operated 212 plants in fiscal 2023.",
    );
    expect(llm.result.reasoning).not.toContain("period not stated");
  });
});
