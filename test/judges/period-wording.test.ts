// A figure given for "the three months ended July 29, 2023" (the wording of a 10-Q's own columns) is read
// for that quarter, through the Worker and both judges: the prior year's column given to it is contradicted,
// as it was for "the quarter ended July 29, 2023" (wrong on purpose); the quarter's and the six months'
// figures are carried only for their own periods. A statement's figures take the day of the period named
// right after them, or opening their sentence, as a source's prose figures do (src/figures/context.ts); a
// figure dated by a day its clause gives no year takes that day's year (src/figures/fiscal-days.ts).
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { indexDocument } from "../../src/search/index";
import { createOrg, type TestOrg } from "../helpers/harness";
import { BBY_DOMESTIC_PAGE, itTellsApart, judgeAgainst } from "./judge-helpers";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

const QUERY = "What was Best Buy's Domestic segment revenue in the three months ended July 29, 2023?";
const judged = judgeAgainst(() => org, QUERY, [{ title: "Best Buy 10-Q, Q2 fiscal 2024", content: BBY_DOMESTIC_PAGE }]);
const revenue = (figure: string, period: string) => `Best Buy's Domestic segment revenue was ${figure} in the ${period} ended July 29, 2023.`;

describe("a figure for the N months ended a day", () => {
  it("the prior year's column given to the quarter is contradicted by both judges (wrong on purpose)", async () => {
    const answer = revenue("$9,569 million", "three months");
    const [llm, agent] = await Promise.all([judged("llm", answer), judged("agent", answer)]);
    expect(llm.result.scores.factuality).toBeLessThanOrEqual(2);
    expect(agent.assessment.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["contradicted"]);
    expect(agent.assessment.claims[0].explanation).toContain("8,890");
  });

  it("the quarter's figure is carried for the three months, the six months' for the six", async () => {
    for (const answer of [revenue("$8,890 million", "three months"), revenue("$17,691 million", "six months")]) {
      const [llm, agent] = await Promise.all([judged("llm", answer), judged("agent", answer)]);
      expect(llm.result.scores.factuality).toBeGreaterThanOrEqual(4);
      expect(agent.assessment.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["supported"]);
    }
  });

  it("the six months' figure given to the three months is contradicted, the note naming its period (wrong on purpose)", async () => {
    const agent = await judged("agent", revenue("$17,691 million", "three months"));
    expect(agent.assessment.claims[0].verdict).toBe("contradicted");
    expect(agent.assessment.claims[0].explanation).toContain("six months ended July 29, 2023, not for three months");
  });

  it("a sentence opening on its period dates its figure the same way (wrong on purpose)", async () => {
    const agent = await judged("agent", "For the three months ended July 29, 2023, Best Buy's Domestic segment revenue was $9,569 million.");
    expect(agent.assessment.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["contradicted"]);
  });

  it("a figure the table does not hold for the quarter it names is contradicted, whichever wording names the quarter (wrong on purpose)", async () => {
    for (const period of ["three months", "quarter"]) {
      const agent = await judged("agent", revenue("$8,100 million", period));
      expect(agent.assessment.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["contradicted"]);
      expect(agent.assessment.claims[0].explanation).toContain("8,890 million, not $8,100 million");
    }
  });
});

describe("a balance dated by a day in a source's sentence", () => {
  const SOURCE = "Ulta Beauty ended the year with cash and cash equivalents of $737.9 million on January 28, 2023, compared with $431.6 million on January 29, 2022.";
  const ask = judgeAgainst(() => org, "What were Ulta Beauty's cash and cash equivalents at the end of fiscal 2022?", [{ title: "Ulta Beauty fourth quarter fiscal 2022 results", content: SOURCE }]);

  it("is carried for the fiscal year its day may close, and contradicted two years from it (wrong on purpose)", async () => {
    const right = await ask("agent", "Ulta Beauty's cash and cash equivalents were $737.9 million at the end of fiscal 2022.");
    expect(right.assessment.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["supported"]);
    const far = await ask("agent", "Ulta Beauty's cash and cash equivalents were $737.9 million at the end of fiscal 2020.");
    expect(far.assessment.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["contradicted"]);
  });
});

describe("a release's table: amounts each followed by their percent of sales, days over the years' line", () => {
  const RELEASE = [
    "Ulta Beauty, Inc.",
    "Consolidated Statements of Income",
    "(In thousands, except per share data)",
    "52 Weeks Ended",
    "January 28, January 29,",
    "2023 2022",
    "(Unaudited)",
    "Net sales $ 10,208,580 100.0% $ 8,630,889 100.0%",
    "Cost of sales 6,164,070 60.4% 5,262,335 61.0%",
    "Gross profit 4,044,510 39.6% 3,368,554 39.0%",
    "Operating income 1,638,610 16.1% 1,297,492 15.0%",
  ].join("\n");
  const QUESTION = "What were Ulta Beauty's net sales in fiscal 2022?";
  const REFERENCE = "Net sales were $10,208.6 million for the fifty-two weeks ended January 28, 2023, compared with $8,630.9 million for the fifty-two weeks ended January 29, 2022.";
  const withTable = judgeAgainst(() => org, QUESTION, [{ title: "Ulta Beauty release, exhibit 2", content: RELEASE }]);

  it("verifies a correct reference against the indexed release as supported, not contradicted by the percent column", async () => {
    await indexDocument(
      env.DB,
      {
        id: crypto.randomUUID(), organizationId: "external", kind: "external", visibility: "organization", ownerUserId: null, name: "Ulta Beauty Q4 FY2022 earnings release",
        sourceBatchId: null, rmsType: null, rmsSubType: null, docType: "filing", docSubType: "8k", tickers: ["ULTA"], stockIds: [], companyNames: ["Ulta Beauty"],
        fiscalYear: 2022, fiscalQuarter: 4, calendarDate: null, publishedAt: "2023-03-09T00:00:00Z", createdAt: new Date().toISOString(),
      },
      [{ page: 6, text: RELEASE }],
    );
    const llm = await judgeAgainst(() => org, QUESTION, [{ title: "Ulta Beauty fiscal 2022 results", content: REFERENCE }])("llm", "Ulta Beauty's net sales were $10,208.6 million for the fifty-two weeks ended January 28, 2023.");
    expect(llm.result.reference_verdicts[0].verdict).toBe("supported");
    expect(llm.result.scores.factuality).toBeGreaterThanOrEqual(4);
  });

  it("carries fiscal 2022's amount for the year its column's day may close, and contradicts the prior year's amount given to that column (wrong on purpose)", async () => {
    const right = await withTable("agent", "Ulta Beauty's net sales were $10,208.6 million in fiscal 2022.");
    expect(right.assessment.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["supported"]);
    const prior = await withTable("agent", "Ulta Beauty's net sales were $8,630.9 million for the fifty-two weeks ended January 28, 2023.");
    expect(prior.assessment.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["contradicted"]);
  });
});


// "versus the prior year's 3.6% growth" in a sentence that opens on FY2023: the 3.6% is the year before's, not
// the opening year's. The opening year had been given to it, so a right answer was contradicted ("3.6% is
// adjusted EPS for 2022, not 2023"); a change named right after its year before ("up 5% from the prior year")
// stays the sentence's own.
describe("a change the sentence names as the prior year's", () => {
  const release = "Johnson & Johnson reported 2022 adjusted EPS of $10.15, an increase of 3.6% in 2022. The company guides 2023 adjusted EPS of $10.50, reflecting growth of 3.5%.";
  const growth = judgeAgainst(() => org, "Is growth in JnJ's adjusted EPS expected to accelerate in FY2023?", [{ title: "J&J 2022 results release", content: release }]);

  it("is read for the year before the sentence's, not contradicted by it", async () => {
    const [llm, agent] = await Promise.all([
      growth("llm", "In summary, JnJ's FY2023 adjusted EPS growth guidance of 3.5% indicates growth is not accelerating versus the prior year's 3.6% growth rate."),
      growth("agent", "In summary, JnJ's FY2023 adjusted EPS growth guidance of 3.5% indicates growth is not accelerating versus the prior year's 3.6% growth rate."),
    ]);
    expect(llm.result.reasoning).not.toContain("contradict");
    expect(agent.assessment.claims.map((c: { verdict: string }) => c.verdict)).not.toContain("contradicted");
  });
});

/** Ulta Beauty's operating and net income for the fourth quarter of fiscal 2022, as an answer gives them. */
const ultaSaid = (op: string, ni: string) => `In the fourth quarter of fiscal 2022, Ulta Beauty's operating income ${op}, and its net income ${ni}.`;
const ULTA_RIGHT = ultaSaid("increased 19.2% to $447.6 million", "increased 17.8% to $340.8 million");

/** Both judges against one text of Ulta's release: the right answer carried, each wrong one contradicted with its reason. */
function ultaCases(content: string, wrongs: { wrong: string; answer: string; why: string }[]) {
  const judged = judgeAgainst(() => org, "How did Ulta Beauty's operating income and net income change in the fourth quarter of fiscal 2022?", [{ title: "Ulta Beauty Q4 FY2022 release", content }]);
  itTellsApart(judged, ULTA_RIGHT, wrongs);
}

const PRIOR_YEAR = { answer: ultaSaid("increased 19.2% to $375.6 million", "increased 17.8% to $340.8 million"), why: "$375.6 million is operating income for 2021, not 2022; the source gives $447.6 million for 2022." };

// A release's sentence names only the period it compares with ("Operating income increased 19.2% to $447.6
// million, ..., compared to $375.6 million, ..., in the fourth quarter of fiscal 2021"): its own figures were
// undated, so the prior year's figure, or a decline for the printed rise, given for the quarter of fiscal 2022
// read as carried (Ulta Beauty's release, each sentence on one line; wrong on purpose). The figures compared
// with are the year the sentence names, its own the year after.
describe("a sentence that names only the period it compares with", () => {
  ultaCases(
    [
      "Operating income increased 19.2% to $447.6 million, or 13.9% of net sales, compared to $375.6 million, or 13.8% of net sales, in the fourth quarter of fiscal 2021.",
      "Net income increased 17.8% to $340.8 million compared to $289.4 million in the fourth quarter of fiscal 2021.",
    ].join("\n"),
    [
      { wrong: "the prior year's figure", ...PRIOR_YEAR },
      { wrong: "a decline for the printed rise", answer: ultaSaid("decreased 19.2% to $447.6 million", "increased 17.8% to $340.8 million"), why: "The source gives operating income for 2022 as an increase of 19.2%, not a decline of 19.2%." },
    ],
  );
});

// The same release as its PDF prints it, a line break cutting each sentence before its comparison ("compared" /
// "to $375.6 million"), inside its period ("in the fourth" / "quarter of fiscal 2021") or before a figure's
// scale ("$762.7" / "million compared to"): the lines are read as one sentence, so the same periods hold.
describe("a comparison a line break cuts", () => {
  ultaCases(
    [
      "Selling, general and administrative (SG&A) expenses increased 17.3% to $762.7",
      "million compared to $650.0 million in the fourth quarter of fiscal 2021.",
      "Operating income increased 19.2% to $447.6 million, or 13.9% of net sales, compared",
      "to $375.6 million, or 13.8% of net sales, in the fourth quarter of fiscal 2021.",
      "Net income increased 17.8% to $340.8 million compared to $289.4 million in the fourth",
      "quarter of fiscal 2021.",
    ].join("\n"),
    [
      { wrong: "the prior year's operating income", ...PRIOR_YEAR },
      { wrong: "net income given another growth", answer: ultaSaid("increased 19.2% to $447.6 million", "increased 18.2% to $340.8 million"), why: "The source gives net income for 2022 as 17.8%, not 18.2%." },
    ],
  );
});
