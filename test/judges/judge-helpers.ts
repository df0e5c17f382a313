// Helpers of the judge tests: submit through the Worker, poll the retrieval endpoint until settled,
// read usage and checkpoint rows, and add external primary-source documents.
import { env, SELF } from "cloudflare:test";
import { expect, it } from "vitest";
import { admin, call, jsonOf, type TestOrg } from "../helpers/harness";
import { until } from "../documents/doc-helpers";
import { indexDocument } from "../../src/search/index";

export const WINDOW = { end_time: "2025-01-01T00:00:00Z" };

export function llmBody(extra: Record<string, unknown> = {}) {
  return {
    query: "What was 3M's FY2018 capital expenditure?",
    answer: "3M's FY2018 capital expenditure was $1,577 million.",
    time_window: WINDOW,
    ...extra,
  };
}

export async function submit(judge: "llm" | "agent", key: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await call(`/v2/judge/${judge}`, { key, body, headers });
  return { res, json: await jsonOf(res) };
}

export async function settled(judge: "llm" | "agent", key: string, id: string) {
  return until(
    async () => (await jsonOf(await call(`/v2/judge/${judge}/${id}`, { key }))).payload,
    (p) => p && p.status !== "pending",
    25_000,
  );
}

/** A body submitted to a judge through the Worker (202 expected), then its settled payload. */
export async function judgedPayload(judge: "llm" | "agent", key: string, body: Record<string, unknown>) {
  const { res, json } = await submit(judge, key, body);
  expect(res.status).toBe(202);
  return settled(judge, key, json.payload.evaluation_id);
}

/** A judge run on one question and its references, for an organization created in beforeAll (org() reads it then). */
export function judgeAgainst(org: () => TestOrg, query: string, references: unknown[]) {
  return (judge: "llm" | "agent", answer: string) => judgedPayload(judge, org().key, { query, answer, references, time_window: WINDOW });
}

/** The LLM judge grades the right answer 4 or more in factuality, the wrong one 2 or less in factuality and grounding, its reasoning saying why. */
export function expectLlmTellsApart(right: { scores: { factuality: number; grounding: number } }, wrong: { scores: { factuality: number; grounding: number }; reasoning: string }, why: string): void {
  expect(right.scores.factuality).toBeGreaterThanOrEqual(4);
  expect(wrong.scores.factuality).toBeLessThanOrEqual(2);
  expect(wrong.scores.grounding).toBeLessThanOrEqual(2);
  expect(wrong.reasoning).toContain(why);
}

/** Best Buy's 10-Q, Q2 fiscal 2024: the Domestic segment's page (its caption names the segment, its columns the days). */
export const BBY_DOMESTIC_PAGE = [
  "Segment Performance Summary",
  "Domestic Segment",
  "Selected financial data for the Domestic segment was as follows ($ in millions):",
  "Three Months Ended Six Months Ended",
  "July 29, 2023 July 30, 2022 July 29, 2023 July 30, 2022",
  "Revenue $ 8,890 $ 9,569 $ 17,691 $ 19,463",
  "Gross profit $ 2,052 $ 2,109 $ 4,044 $ 4,279",
  "Operating income $ 329 $ 343 $ 619 $ 772",
].join("\n");

/** Best Buy's 10-Q, Q2 fiscal 2024: the International segment's revenue mix and comparable sales by category, a line each. */
export const BBY_INTERNATIONAL_MIX = [
  "International segment revenue mix percentages and comparable sales percentage changes by revenue category were as follows:",
  "Revenue Mix Comparable Sales",
  "Three Months Ended Three Months Ended",
  "July 29, 2023 July 30, 2022 July 29, 2023 July 30, 2022",
  "Computing and Mobile Phones 45 % 43 % (2.4)% (7.6)%",
  "Consumer Electronics 28 % 29 % (10.4)% (4.8)%",
  "Appliances 13 % 14 % (6.1)% 6.8 %",
  "Entertainment 7 % 7 % 2.5 % (5.8)%",
  "Services 5 % 5 % 4.6 % (0.4)%",
  "Other 2 % 2 % (38.1)% 12.6 %",
  "Total 100 % 100 % (5.4)% (4.2)%",
];

type Judged = (judge: "llm" | "agent", answer: string) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Both judges on a right and a wrong answer: the LLM judge tells them apart (expectLlmTellsApart, `why` in its
 * reasoning), the agent judge supports the right one's claim and contradicts the wrong one's. The wrong
 * answer's agent payload is returned for further assertions.
 */
export async function expectBothTellApart(judged: Judged, right: string, wrong: string, why: string) {
  const [llmRight, llm, agentRight, agent] = await Promise.all([judged("llm", right), judged("llm", wrong), judged("agent", right), judged("agent", wrong)]);
  expectLlmTellsApart(llmRight.result, llm.result, why);
  expect(agentRight.assessment.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["supported"]);
  expect(agent.assessment.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["contradicted"]);
  return agent;
}

/** One test per wrong answer: both judges carry `right` and contradict the wrong one, its reason `why` in the LLM judge's reasoning (expectBothTellApart). */
export function itTellsApart(judged: Judged, right: string, wrongs: { wrong: string; answer: string; why: string }[]): void {
  it.each(wrongs)("carries the right answer and contradicts $wrong", async (c) => {
    await expectBothTellApart(judged, right, c.answer, c.why);
  });
}

export async function usageRows(organizationId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM judge_usage WHERE organization_id = ?").bind(organizationId).first<{ n: number }>();
  return row?.n ?? 0;
}

export async function evaluationRows(organizationId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM judge_evaluations WHERE organization_id = ?").bind(organizationId).first<{ n: number }>();
  return row?.n ?? 0;
}

export async function checkpoints(evaluationId: string): Promise<{ step: string; attempt: number }[]> {
  const rows = await env.DB.prepare("SELECT step, attempt FROM judge_checkpoints WHERE evaluation_id = ? ORDER BY created_at").bind(evaluationId).all<{ step: string; attempt: number }>();
  return rows.results;
}

export async function fixtureText(name: string): Promise<string> {
  const res = await env.FIXTURES.fetch(`http://f/${name}`);
  if (!res.ok) throw new Error(`fixture ${name}: ${res.status}`);
  return res.text();
}

/**
 * Indexes one page of a filing as an external primary source of the company (search finds it for the judges'
 * verification and claims), of fiscal 2023 published in August 2023 unless `dated` says otherwise.
 */
export async function indexExternalFiling(
  name: string,
  ticker: string,
  company: string,
  text: string,
  dated: { fiscalYear: number; publishedAt: string } = { fiscalYear: 2023, publishedAt: "2023-08-15T00:00:00Z" },
): Promise<void> {
  await indexDocument(
    env.DB,
    {
      id: crypto.randomUUID(), organizationId: "external", kind: "external", visibility: "organization", ownerUserId: null, name,
      sourceBatchId: null, rmsType: null, rmsSubType: null, docType: "filing", docSubType: "10k", tickers: [ticker], stockIds: [], companyNames: [company],
      fiscalYear: dated.fiscalYear, fiscalQuarter: null, calendarDate: null, publishedAt: dated.publishedAt, createdAt: new Date().toISOString(),
    },
    [{ page: 1, text }],
  );
}

/** Uploads 3M's 2018 cash flow statement to the external corpus (admin API) and waits until it is parsed. */
export async function uploadPrimarySource(): Promise<string> {
  const form = new FormData();
  form.append("file", new File([await fixtureText("judges/3M_2018_10K_cash_flow.txt")], "3M_2018_10K_cash_flow.txt", { type: "text/plain" }));
  form.append("metadata", JSON.stringify({ name: "3M 2018 10-K cash flow", ticker: "MMM", doc_type: "filing", fiscal_year: 2018, published_at: "2019-02-07T00:00:00Z" }));
  const res = await SELF.fetch("https://api.test/admin/v1/external_documents", { method: "POST", body: form, headers: { Authorization: "Bearer test-admin-token" } });
  expect(res.status).toBe(201);
  const id: string = (await jsonOf(res)).document_id;
  const docs = await until(async () => (await jsonOf(await admin("/admin/v1/external_documents"))).documents, (d: { document_id: string; status: string }[]) => d.find((x) => x.document_id === id)?.status === "success");
  expect(docs.find((x: { document_id: string }) => x.document_id === id)?.status).toBe("success");
  return id;
}

/** Amcor's fiscal 2023 adjusted EBIT, adjusted diluted EPS and its change at comparable constant currency: the question, and an answer giving them. */
export const AMCOR_QUESTION = "What were Amcor's adjusted EBIT and adjusted diluted EPS for fiscal 2023, and how did adjusted EPS change on a comparable constant currency basis?";
export const amcorSaid = (ebit: string, eps: string, change: string) =>
  `For fiscal 2023, Amcor's adjusted EBIT was ${ebit} and adjusted diluted EPS was ${eps}; adjusted EPS ${change} on a comparable constant currency basis.`;
/** The right answer to AMCOR_QUESTION. */
export const AMCOR_RIGHT = amcorSaid("$1,608 million", "73.3 cents", "declined 2%");

/** Amcor's fiscal 2023 release: the full year's highlight bullets, from GAAP net income through the outlook (page 1). */
export const AMCOR_YEAR_BULLETS = [
  "\u2022 GAAP Net Income of $1,048 million; GAAP diluted earnings per share (EPS) of 70.5 cps;",
  "\u2022 Adjusted EPS of 73.3 cps and Adjusted Free Cash Flow of $848 million, in line with guidance provided in",
  "May. Adjusted EBIT of $1,608 million;",
  "\u2022 Strong total cash returns to shareholders of $1.2 billion: annual dividend increased to 49.0 cents per",
  "share; $431 million of shares repurchased (approximately 3% of outstanding shares); and",
  "\u2022 Fiscal 2024 outlook: Adjusted EPS of 67-71 cents per share. Adjusted Free Cash Flow of $850-950",
  "million."
];

/** The column header of Amcor's reconciliations, each period's EBITDA, EBIT, net income and EPS, printed a word or two a line. */
export const AMCOR_RECONCILIATION_COLUMNS = [
  "($ million) EBITDA EBIT Net",
  "Income",
  "EPS",
  "(Diluted",
  "US",
  "cents)(1) EBITDA EBIT Net",
  "Income",
  "EPS",
  "(Diluted",
  "US",
  "cents)(1)"
];

/** Amcor's fiscal 2023 results release: the reconciliation of its adjusted EBITDA, EBIT, net income and EPS, each period's four columns side by side, then the growth rows. */
export const AMCOR_RECONCILIATION = [
  "Twelve Months Ended June 30, 2022 Twelve Months Ended June 30, 2023",
  ...AMCOR_RECONCILIATION_COLUMNS,
  "Net income attributable to Amcor 805 805 805 52.9 1,048 1,048 1,048 70.5",
  "Net income attributable to non-controlling",
  "interests 10 10 10 10",
  "Tax expense 300 300 193 193",
  "Interest expense, net 135 135 259 259",
  "Depreciation and amortization 579 569",
  "EBITDA, EBIT, Net income and EPS 1,829 1,250 805 52.9 2,080 1,510 1,048 70.5",
  "2019 Bemis Integration Plan 37 37 37 2.5 — — — —",
  "Net loss on disposals(2) 10 10 10 0.7 — — — —",
  "Impact of hyperinflation 16 16 16 1.0 24 24 24 1.9",
  "Property and other losses, net(3) 13 13 13 0.8 2 2 2 0.1",
  "Russia-Ukraine conflict impacts(4) 200 200 200 13.2 (90) (90) (90) (6.0)",
  "Pension settlements 8 8 8 0.5 5 5 5 0.3",
  "Other 4 4 4 0.3 (3) (3) (3) (0.3)",
  "Amortization of acquired intangibles (5) 163 163 10.7 160 160 10.8",
  "Tax effect of above items (32) (2.1) (57) (4.0)",
  "Adjusted EBITDA, EBIT, Net income and EPS 2,117 1,701 1,224 80.5 2,018 1,608 1,089 73.3",
  "Reconciliation of adjusted growth to comparable constant currency growth",
  "% growth - Adjusted EBITDA, EBIT, Net income, and EPS (5) (5) (11) (9)",
  "% items affecting comparability(6) 3 4 4 4",
  "% currency impact 3 2 3 3",
  "% comparable constant currency growth 1 1 (4) (2)",
].join("\n");

/** Ulta Beauty's Q4 FY2022 release, Exhibit 1: the income statement for the 13 weeks ended January 28, 2023 and January 29, 2022, in thousands. */
export const ULTA_EXHIBIT_1 = [
  "Exhibit 1",
  "Ulta Beauty, Inc.",
  "Consolidated Statements of Income",
  "(In thousands, except per share data)",
  "13 Weeks Ended",
  "January 28, January 29,",
  "2023 2022",
  "(Unaudited) (Unaudited)",
  "Net sales $ 3,226,773 100.0% $ 2,729,388 100.0%",
  "Cost of sales 2,014,270 62.4% 1,702,059 62.4%",
  "Gross profit 1,212,503 37.6% 1,027,329 37.6%",
  "Selling, general and administrative expenses 762,706 23.6% 649,968 23.8%",
  "Pre-opening expenses 2,179 0.1% 1,739 0.1%",
  "Operating income 447,618 13.9% 375,622 13.8%",
  "Interest (income) expense, net (4,378) (0.1%) 467 0.1%",
  "Income before income taxes 451,996 14.0% 375,155 13.7%",
  "Income tax expense 111,245 3.4% 85,789 3.1%",
  "Net income $ 340,751 10.6% $ 289,366 10.6%",
  "Net income per common share:",
  "Basic $ 6.73 $ 5.44",
  "Diluted $ 6.68 $ 5.41",
  "Weighted average common shares outstanding:",
  "Basic 50,624 53,163",
  "Diluted 50,976 53,519",
];

/** Amcor's fiscal 2023 results release: the reconciliation for the June 2023 quarter ("Three Months Ended ..."), to its growth rows. */
export const AMCOR_QUARTER_RECONCILIATION = [
  "Reconciliation of Non-GAAP Measures",
  "Reconciliation of adjusted Earnings before interest, tax, depreciation and amortization (EBITDA), Earnings before interest",
  "and tax (EBIT), Net income, Earnings per share (EPS) and Free Cash Flow",
  "Three Months Ended June 30, 2022 Three Months Ended June 30, 2023",
  ...AMCOR_RECONCILIATION_COLUMNS,
  "Net income attributable to Amcor 109 109 109 7.3 181 181 181 12.3",
  "Net income attributable to non-controlling",
  "interests 3 3 4 4",
  "Tax expense 103 103 68 68",
  "Interest expense, net 35 35 70 70",
  "Depreciation and amortization 145 144",
  "EBITDA, EBIT, Net income and EPS 395 250 109 7.3 467 323 181 12.3",
  "2019 Bemis Integration Plan 11 11 11 0.7 \u2014 \u2014 \u2014 \u2014",
  "Net loss on disposals 1 1 1 \u2014 \u2014 \u2014 \u2014 \u2014",
  "Impact of hyperinflation 6 6 6 0.4 5 5 5 0.4",
  "Property and other (gains)/losses,net(2) (10) (10) (10) (0.6) 2 2 2 0.1",
  "Russia-Ukraine conflict impacts(3) 200 200 200 13.3 66 66 66 4.5",
  "Pension settlements 5 5 5 0.3 5 5 5 0.3",
  "Other \u2014 \u2014 \u2014 \u2014 \u2014 (5) (5) (5) (0.4)",
  "Amortization of acquired intangibles(4) 42 42 2.7 40 40 2.9",
  "Tax effect of above items 4 0.3 (12) (0.8)",
  "Adjusted EBITDA, EBIT, Net income, and EPS 609 505 368 24.4 540 436 282 19.3",
  "Reconciliation of adjusted growth to comparable constant currency growth",
  "% growth - Adjusted EBITDA, EBIT, Net income and EPS (11) (14) (23) (21)",
  "% items affecting comparability(5) 5 6 7 7",
  "% currency impact \u2014 1 \u2014 \u2014",
  "% comparable constant currency growth (6) (7) (16) (14)"
];

/** Amcor's fiscal 2023 results release: its adjusted free cash flow, net debt and leverage (the demo corpus). */
export const AMCOR_CASH_PAGE = [
  "Adjusted Free Cash Flow",
  "Adjusted Free Cash Flow for fiscal 2023 was $848 million and compares with $1,066 million last year. The year over",
  "year variance largely reflects higher interest payments and lower accounts payable balances resulting from moderated",
  "purchasing activities due to lower demand and inventory reduction initiatives. June 2023 quarter Adjusted Free Cash",
  "Flow of $834 million compares with $803 million in the same quarter last year.",
  "Net debt was $6,057 million at June 30, 2023. Leverage, measured as net debt divided by adjusted trailing twelve",
  "month EBITDA, was 3.0 times and in line with the Company's expectations.",
].join("\n");

/** Ulta Beauty's fiscal 2022 earnings release, Exhibit 5: its stores by quarter (the demo corpus). */
export const ULTA_STORE_UPDATE = [
  "Exhibit 5",
  "Ulta Beauty, Inc.",
  "Store Update",
  "Total stores open Number of stores Number of stores Total stores",
  "at beginning of the opened during the closed during the open at",
  "Fiscal 2022 quarter quarter quarter end of the quarter",
  "1st Quarter 1,308 10 0 1,318",
  "2nd Quarter 1,318 7 0 1,325",
  "3rd Quarter 1,325 18 0 1,343",
  "4th Quarter 1,343 12 0 1,355",
].join("\n");

/** The head of Ulta Beauty's fiscal 2022 Exhibit 4, its cash flow statement: title, scale and the columns' days. */
export const ULTA_CASH_FLOWS_HEAD = [
  "Exhibit 4",
  "Ulta Beauty, Inc.",
  "Condensed Consolidated Statements of Cash Flows",
  "(In thousands)",
  "52 Weeks Ended",
  "January 28, January 29,",
  "2023 2022",
  "(Unaudited)",
];

/** Johnson & Johnson's 8-K of August 30, 2023: the bullets on the Kenvue exchange offer, its proceeds and the dividend (the demo corpus). */
export const JNJ_KENVUE_BULLETS = [
  "\u2022 Company reduced outstanding share count by approximately 191 million; 2023 guidance reflects only a partial-year benefit",
  "of approximately 73.5 million shares or $0.28 benefit to EPS",
  "\u2022 Company secured $13.2 billion in cash proceeds from the Kenvue debt offering and initial public offering and maintains 9.5%",
  "of equity stake in Kenvue",
  "\u2022 Company maintains its quarterly dividend of $1.19 per share",
].join("\n");
