// Both judges look a reference or claim that names no company up among the documents of the company its
// question names, through the Worker and the real queue consumer. The corpus holds that company's filing
// and eight pages of another company that repeat the same sentence, word for word, under a title that
// matches it better: searched across the whole corpus, those eight fill the top of the ranking.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { recordD1Calls } from "../helpers/d1-calls";
import { indexDocument, type IndexableDocument } from "../../src/search/index";
import { judgedPayload, WINDOW } from "./judge-helpers";
import { searchText } from "../../src/judges/agent-run";

let org: TestOrg;
let quorvexId: string;

const QUESTION = "What were Quorvex Industries' net sales in 2021?";
const SENTENCE = "Net sales were $7,412 million in 2021, compared with $6,980 million in 2020.";

function external(name: string, ticker: string, company: string): IndexableDocument {
  return {
    id: crypto.randomUUID(), organizationId: "external", kind: "external", visibility: "organization", ownerUserId: null, name,
    sourceBatchId: null, rmsType: null, rmsSubType: null, docType: "filing", docSubType: "10k", tickers: [ticker], stockIds: [], companyNames: [company],
    fiscalYear: 2021, fiscalQuarter: null, calendarDate: null, publishedAt: "2022-02-15T00:00:00Z", createdAt: new Date().toISOString(),
  };
}

beforeAll(async () => {
  org = await createOrg();
  const quorvex = external("Quorvex Industries 10-K", "QRVX", "Quorvex Industries");
  quorvexId = quorvex.id;
  await indexDocument(env.DB, quorvex, [
    { page: 1, text: `Quorvex Industries. ${SENTENCE} Operating income was $912 million in 2021.` },
    { page: 2, text: "Quorvex Industries segment information. Net sales by segment in 2021: Industrial $4,100 million and Consumer $3,312 million." },
    { page: 3, text: "Quorvex Industries liquidity. Cash and cash equivalents were $1,204 million at the end of 2021; net sales growth funded capital expenditures." },
  ]);
  for (let i = 1; i <= 8; i++) {
    await indexDocument(env.DB, external(`Halvern Foods annual results net sales ${i}`, "HLVN", "Halvern Foods"), [
      { page: 1, text: `Annual results. ${SENTENCE} Net sales in 2021 and net sales in 2020 are compared in the annual results.` },
    ]);
  }
});

describe("the question's company scopes the search", () => {
  it("LLM judge: a reference naming no company is verified against the question's company's filing", async () => {
    const p = await judgedPayload("llm", org.key, {
      query: QUESTION,
      answer: "Quorvex Industries' net sales were $7,412 million in 2021.",
      references: [{ title: "Annual results net sales", content: SENTENCE }],
      time_window: WINDOW,
    });
    const v = p.result.reference_verdicts[0];
    expect(v.verdict).toBe("supported");
    expect(v.evidence.map((e: { document_id: string }) => e.document_id)).toContain(quorvexId);
  });

  it("agent judge: a claim naming no company is searched once, among the question's company's documents", async () => {
    const statements: string[] = [];
    const stop = recordD1Calls((s) => statements.push(...s));
    let p;
    try {
      p = await judgedPayload("agent", org.key, { query: QUESTION, answer: SENTENCE, time_window: WINDOW });
    } finally {
      stop();
    }
    expect(p.status).toBe("completed");
    for (const c of p.assessment.claims) {
      expect(c.verdict).toBe("supported");
      expect(c.sources.map((s: { document_id: string }) => s.document_id)).toEqual(expect.arrayContaining([quorvexId]));
    }
    // The whole corpus is never searched: its statement reads a second MATCH only when the first finds nothing.
    expect(statements.filter((sql) => sql.includes("only_if_none"))).toEqual([]);
  });

  it("agent judge: another figure for the same line item and year, in the question's company's filing, contradicts the claim", async () => {
    const p = await judgedPayload("agent", org.key, { query: QUESTION, answer: "Net sales were $5,130 million in 2021.", time_window: WINDOW });
    expect(p.assessment.claims.map((c: { verdict: string }) => c.verdict)).toEqual(["contradicted"]);
    expect(p.assessment.claims[0].sources.map((s: { document_id: string }) => s.document_id)).toContain(quorvexId);
  });

  it("agent judge: each claim is searched once, also when no company of the question is in the index", async () => {
    const statements: string[] = [];
    const stop = recordD1Calls((s) => statements.push(...s));
    let p;
    try {
      p = await judgedPayload("agent", org.key, {
        query: "What were Zentrix Corp's net sales and operating income in 2021?",
        answer: "Zentrix Corp's net sales were $3,100 million in 2021. Its operating income was $410 million in 2021.",
        time_window: WINDOW,
      });
    } finally {
      stop();
    }
    expect(p.status).toBe("completed");
    expect(p.assessment.claims).toHaveLength(2);
    expect(statements.filter((sql) => sql.includes("search_fts MATCH"))).toHaveLength(2);
  });

  it("a claim with too few words of its own is searched with its question's words", () => {
    expect(searchText("It rose 5% in 2021.", QUESTION)).toBe(`It rose 5% in 2021. ${QUESTION}`);
    expect(searchText(SENTENCE, QUESTION)).toBe(SENTENCE);
  });
});
