// Judges that tell right from wrong, end to end through the Worker, the index and the queue (issues 17.3
// and 19): figures matched by kind, scale, period and line item, and evidence only from sources about the
// same company. Answers and references are wrong on purpose: invented figures, swapped years, figures off
// by a few percent, another company's filing in the index.
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { admin, call, createOrg, jsonOf, type TestOrg } from "../helpers/harness";
import { PDF, fixture, until, vaultUpload } from "../documents/doc-helpers";
import { settled, submit } from "./judge-helpers";

let org: TestOrg;
let jnjId: string;
let ultaId: string;

const WINDOW = { end_time: "2024-06-30T00:00:00Z" };
const MMM_QUERY = "What were 3M's net sales and net income in 2018, and capital expenditures?";
const MMM_REF = {
  title: "3M 2018 results",
  content:
    "Net sales were $32,765 million in 2018, compared with $31,657 million in 2017. Net income attributable to 3M was $5,349 million in 2018 and $4,858 million in 2017. Capital expenditures were $1,577 million in 2018.",
};
const MMM_ANSWERS = {
  correct:
    "3M's net sales were $32,765 million in 2018, compared with $31,657 million in 2017. Net income attributable to 3M was $5,349 million in 2018. Capital expenditures were $1,577 million in 2018.",
  invented:
    "3M's net sales were $777.7 million in 2018, compared with $612.4 million in 2017. Net income attributable to 3M was $93.1 million in 2018. Capital expenditures were $48.9 million in 2018.",
  swapped:
    "3M's net sales were $31,657 million in 2018, compared with $32,765 million in 2017. Net income attributable to 3M was $5,349 million in 2018. Capital expenditures were $1,577 million in 2018.",
  off: "3M's net sales were $34,210 million in 2018, compared with $31,657 million in 2017. Net income attributable to 3M was $5,812 million in 2018. Capital expenditures were $1,420 million in 2018.",
};

async function uploadExternal(file: string, metadata: Record<string, unknown>): Promise<string> {
  const form = new FormData();
  form.append("file", new File([await fixture(file)], file.split("/").pop()!, { type: PDF }));
  form.append("metadata", JSON.stringify(metadata));
  const res = await SELF.fetch("https://api.test/admin/v1/external_documents", { method: "POST", body: form, headers: { Authorization: "Bearer test-admin-token" } });
  expect(res.status).toBe(201);
  const id: string = (await jsonOf(res)).document_id;
  await until(async () => (await jsonOf(await admin("/admin/v1/external_documents"))).documents, (d: { document_id: string; status: string }[]) => d.find((x) => x.document_id === id)?.status === "success", 120_000);
  return id;
}

beforeAll(async () => {
  org = await createOrg();
  jnjId = await uploadExternal("judges/JOHNSON_JOHNSON_2023_8K_dated-2023-08-30.pdf", {
    name: "Johnson & Johnson 8-K 2023-08-30",
    ticker: "JNJ",
    doc_type: "filing",
    published_at: "2023-08-30T12:00:00Z",
  });
  const upload = await vaultUpload(org.key, "ULTABEAUTY_2023Q4_EARNINGS.pdf", PDF, await fixture("parser/ULTABEAUTY_2023Q4_EARNINGS.pdf"), { visibility: "organization" });
  ultaId = upload.id;
  const status = await until(async () => (await jsonOf(await call(`/v2/vault/status?rms_document_ids=${ultaId}`, { key: org.key }))).statuses[0], (x) => x && x.status !== "Syncing...", 240_000);
  expect(status.status).toBe("Synced");
}, 420_000);

async function grade(answer: string, extra: Record<string, unknown> = {}) {
  const { res, json } = await submit("llm", org.key, { query: MMM_QUERY, answer, time_window: WINDOW, references: [MMM_REF], ...extra });
  expect(res.status).toBe(202);
  return (await settled("llm", org.key, json.payload.evaluation_id)).result;
}

/** The agent judge's assessment of an answer to the 3M question (time window WINDOW), `extra` overriding. */
async function assess(answer: string, extra: Record<string, unknown> = {}) {
  const { json } = await submit("agent", org.key, { query: MMM_QUERY, answer, time_window: WINDOW, ...extra });
  return (await settled("agent", org.key, json.payload.evaluation_id)).assessment;
}

/** The right answer grades 4 or more on factuality; the wrong one 2 or less on factuality and grounding, its reasoning saying why. */
function expectCaught(right: { scores: Record<string, number> }, wrong: { scores: Record<string, number>; reasoning: string }, why: string) {
  expect(right.scores.factuality).toBeGreaterThanOrEqual(4);
  expect(wrong.scores.factuality).toBeLessThanOrEqual(2);
  expect(wrong.scores.grounding).toBeLessThanOrEqual(2);
  expect(wrong.reasoning).toContain(why);
}

describe("LLM judge: figures read in context (issue 19)", () => {
  it("grades the correct 3M answer high and the invented, year-swapped and off-by-a-few-percent ones at 2 or less", async () => {
    const correct = await grade(MMM_ANSWERS.correct);
    expect(correct.scores.factuality).toBeGreaterThanOrEqual(4);
    expect(correct.scores.grounding).toBeGreaterThanOrEqual(4);
    for (const kind of ["invented", "swapped", "off"] as const) {
      const r = await grade(MMM_ANSWERS[kind]);
      expect(r.scores.factuality, kind).toBeLessThanOrEqual(2);
      expect(r.scores.grounding, kind).toBeLessThanOrEqual(2);
      expect(r.overall_score, kind).toBeLessThan(correct.overall_score);
    }
  });

  it("reads a loss the source prints in parentheses as a loss: an answer calling it a profit grades 2 or less", async () => {
    const statement = {
      title: "Boeing 2022 statement of operations",
      content: "Boeing Consolidated Statements of Operations\n(Dollars in millions) 2022 2021\nTotal revenues 66,608 62,286\nLoss from operations (3,547) (2,902)\nNet loss (5,053) (4,290)",
    };
    const ask = (answer: string) => grade(answer, { query: "What was Boeing's net income in 2022?", references: [statement] });
    const loss = await ask("Boeing's net loss was $5,053 million in 2022.");
    const profit = await ask("Boeing's net income was $5,053 million in 2022, a profit.");
    expectCaught(loss, profit, "as a loss of 5,053 million, not a profit of $5,053 million");
  });

  it("reads a loss where the source prints a profit as a contradiction, in both judges", async () => {
    const reference = { title: "3M 2018", content: "Net sales were $32,765 million in 2018. Net income attributable to 3M was $5,349 million in 2018 and $4,858 million in 2017." };
    const query = "What were 3M's net sales and net income in 2018?";
    const ask = (answer: string) => grade(answer, { query, references: [reference] });
    const right = await ask("3M's net sales were $32,765 million in 2018. Net income attributable to 3M was $5,349 million in 2018.");
    const loss = await ask("3M's net sales were $32,765 million in 2018. 3M reported a net loss of $5,349 million in 2018.");
    expectCaught(right, loss, "as a profit of $5,349 million, not a loss");
    const agent = await assess("3M reported a net loss of $5,349 million in 2018.", { query, references: [reference] });
    expect(agent.claims.some((c: { verdict: string }) => c.verdict === "contradicted")).toBe(true);
  });

  it("reads a segment table whose labels repeat per section by its section: a year-swapped segment figure grades 2 or less", async () => {
    // AMD's 2022 10-K segment table, as PDF text: each segment is printed under "Net revenue:" and again under "Operating income (loss):".
    const table = {
      title: "AMD 2022 segment results",
      content:
        "Year Ended\nDecember 31,\n2022\nDecember 25,\n2021\n(In millions)\nNet revenue:\nData Center\n$\n6,043\n$\n3,694\nClient\n6,201\n6,887\nGaming\n6,805\n5,607\n" +
        "Embedded\n4,552\n246\nTotal net revenue\n$\n23,601\n$\n16,434\nOperating income (loss):\nData Center\n$\n1,848\n$\n991\nClient\n1,190\n2,088\nGaming\n953\n934\n" +
        "Embedded\n2,252\n44\nAll Other\n(4,979)\n(409)\nTotal operating income (loss)\n$\n1,264\n$\n3,648",
    };
    const ask = (answer: string) => grade(answer, { query: "What was AMD's Gaming segment net revenue in 2021 and 2022, and its operating income in 2022?", references: [table] });
    const right = await ask("AMD's Gaming net revenue was $5,607 million in 2021 and $6,805 million in 2022. Gaming operating income was $953 million in 2022.");
    const swapped = await ask("AMD's Gaming net revenue was $6,805 million in 2021 and $5,607 million in 2022. Gaming operating income was $953 million in 2022.");
    expect(right.scores.factuality).toBeGreaterThanOrEqual(4);
    expect(swapped.scores.factuality).toBeLessThanOrEqual(2);
    expect(swapped.scores.grounding).toBeLessThanOrEqual(2);
    expect(swapped.reasoning).toContain("$6,805 million is gaming for 2022, not 2021");
  });

  it("dates a figure by the year its own words give, with a looser wording of its line item or a quarter before the year", async () => {
    // J&J's 2022 results release, as its first page reads.
    const release = {
      title: "Johnson & Johnson 2022 results",
      content:
        "2022 Full-Year earnings per share (EPS) of $6.73 decreasing 13.8% and adjusted EPS of $10.15\nincreasing by 3.6%*\n" +
        "Company guides 2023 adjusted operational EPS of $10.50, reflecting growth of 3.5%*\n" +
        "Revenues in Developed Rest of World fell to $1,305 million in Q2 2023 from $5,034 million in Q2 2022.",
    };
    const ask = (answer: string) => grade(answer, { query: "Is growth in JnJ's adjusted EPS expected to accelerate in FY2023?", references: [release] });
    const right = await ask("Based on the filing, Johnson & Johnson's adjusted EPS for the full year 2022 was $10.15, and the company guides to $10.50 for 2023.");
    const swapped = await ask("Based on the filing, Johnson & Johnson's adjusted EPS for the full year 2023 was $10.15, and the company guides to $10.50 for 2023.");
    expect(right.scores.factuality).toBeGreaterThanOrEqual(4);
    expect(swapped.scores.factuality).toBeLessThanOrEqual(2);
    expect(swapped.reasoning).toContain("$10.15 is adjusted EPS for 2022, not 2023");
    // "from $5,034 million in Q2 2023 to $1,305 million": 2023 is the first figure's year, not the second's.
    const quarters = await ask("Developed Rest of World revenues fell from $5,034 million in Q2 2023 to $1,305 million in Q2 2022.");
    expect(quarters.scores.factuality).toBeLessThanOrEqual(2);
    expect(quarters.reasoning).toMatch(/\$5,034 million is .* for 2022, not 2023/);
  });

  it("reads the row a sentence names for its figure, a balance at the beginning of a year as the prior year-end's, and a plain level as stated or not", async () => {
    // A value of the neighbouring row given to the row the sentence names.
    const swaps = { title: "Verizon derivatives", content: "Notional amounts of derivative instruments\n(dollars in millions)\n2022 2021\nInterest rate swaps 20,000 19,779\nCross currency swaps 31,000 32,502\nForeign exchange forwards 1,000 1,150" };
    const q1 = "Which derivative instrument had the highest notional value for Verizon in FY2021?";
    const right = await grade("The one with the highest notional value in FY 2021 was cross currency swaps, with a notional amount of $32,502 million.", { query: q1, references: [swaps] });
    const neighbour = await grade("The one with the highest notional value in FY 2021 was cross currency swaps, with a notional amount of $19,779 million.", { query: q1, references: [swaps] });
    expect(right.scores.factuality).toBeGreaterThanOrEqual(4);
    expect(neighbour.scores.factuality).toBeLessThanOrEqual(2);
    expect(neighbour.reasoning).toContain("The source gives cross currency swaps for 2021 as 32,502 million, not $19,779 million.");

    // A cash flow row named in a sentence's own words ("financing activities resulted in a net cash outflow").
    const cash = { title: "AMD cash flows", content: "Consolidated Statements of Cash Flows\n(In millions)\n2022 2021\nNet cash provided by operating activities 3,565 3,521\nCommon stock repurchases for tax withholding (406) (257)\nNet cash (used in) provided by financing activities (3,264) (1,895)" };
    const q2 = "Which activity brought in the most cash flow for AMD in FY22?";
    const outflow = (figure: string) => grade(`Operating activities provided $3,565 million. Financing activities resulted in a net cash outflow of ${figure} million.`, { query: q2, references: [cash] });
    expect((await outflow("$3,264")).scores.factuality).toBeGreaterThanOrEqual(4);
    const otherRow = await outflow("$406");
    expect(otherRow.scores.factuality).toBeLessThanOrEqual(2);
    expect(otherRow.reasoning).toContain("as (3,264) million, not $406 million");

    // "at the beginning of 2022" is the 2021 column; "and at the end of 2022" dates the next figure, not this one.
    const balance = { title: "J&J balance sheet", content: "Consolidated Balance Sheets\n(dollars in millions)\n2022 2021\nInventories 12,483 10,387" };
    const average = await grade("Inventory at the beginning of 2022 was $10,387 million and at the end of 2022 was $12,483 million, an average of $11,435 million.", {
      query: "What was Johnson & Johnson's average inventory in FY2022?",
      references: [balance],
    });
    expect(average.scores.factuality).toBeGreaterThanOrEqual(4);
    expect(average.reasoning).not.toContain("not 2022");

    // A gain stated as a plain level is carried or not: $1,159 million (9,159 - 8,000) is no derivation of it.
    const pfe = { title: "Pfizer 2020", content: "Net income was $8,000 million in 2019 and $9,159 million in 2020. The gain on completion of the Consumer Healthcare JV transaction was $8,107 million in 2019." };
    const q3 = "Were there any unusual events that substantially increased Pfizer's net income in 2019?";
    const gain = await grade("Yes. In 2019 Pfizer recorded a gain of $8,107 million on completion of the Consumer Healthcare JV transaction.", { query: q3, references: [pfe] });
    const invented = await grade("Yes. In 2019 Pfizer recorded a one-off gain of $1,159 million.", { query: q3, references: [pfe] });
    expect(gain.scores.factuality).toBe(5);
    expect(invented.scores.factuality).toBeLessThanOrEqual(2);
  });

  it("reads an answer that opens on another period than the question's as less relevant, and says so", async () => {
    const release = { title: "Amcor FY2023 acquisitions", content: "On August 1, 2022, the Company completed the acquisition of a Czech Republic company for $59 million. On March 17, 2023, the Company completed the acquisition of a medical device packaging site in Shanghai for $60 million." };
    const query = "What are major acquisitions that AMCOR has done in FY2023?";
    const right = await grade("In FY2023, Amcor made two acquisitions. It acquired a Czech Republic company for $59 million and a medical device packaging site in Shanghai for $60 million.", { query, references: [release] });
    const other = await grade("In FY2021, Amcor made two acquisitions. It acquired a Czech Republic company for $59 million and a medical device packaging site in Shanghai for $60 million.", { query, references: [release] });
    expect(other.scores.relevance).toBeLessThan(right.scores.relevance);
    expect(other.overall_score).toBeLessThan(right.overall_score);
    expect(other.reasoning).toContain("The answer opens on 2021, not the period the question asks about (2023).");
  });

  it("reads the question's company among its capitalized words: an answer about another company grades 2 or less", async () => {
    const table = {
      title: "MGM Resorts 2022 segment results",
      content: "MGM Resorts International\nTwelve months ended December 31,\n(In thousands) 2022 2021\nAdjusted Property EBITDAR\nLas Vegas Strip Resorts 3,142,308 1,836,452\nRegional Operations 1,294,630 1,117,436\nMGM China (203,136) 135,668",
    };
    const ask = (answer: string) => grade(answer, { query: "Which region had the Highest EBITDAR Contribution for MGM during FY2022?", references: [table] });
    const right = await ask("The region with the highest EBITDAR contribution for MGM during FY2022 was the Las Vegas Strip Resorts, with $3,142,308 thousand.");
    const other = await ask("The region with the highest EBITDAR contribution for Caesars Entertainment during FY2022 was the Las Vegas Strip Resorts, with $3,142,308 thousand.");
    expect(right.scores.factuality).toBeGreaterThanOrEqual(4);
    expect(other.scores.factuality).toBeLessThanOrEqual(2);
    expect(other.reasoning).toContain("The answer is about Caesars");
  });

  it("reads a company named only at the opening of its sentences, in the possessive, as the answer's subject", async () => {
    const r = await grade("Honeywell's net sales were $32,765 million in 2018. Capital expenditures were $1,577 million in 2018.");
    expect(r.scores.factuality).toBeLessThanOrEqual(2);
    expect(r.scores.grounding).toBeLessThanOrEqual(2);
    expect(r.reasoning).toContain("The answer is about Honeywell, not the company the question names.");
  });

  it("names what the source says instead: the year a swapped figure belongs to, the value of a changed one", async () => {
    const swapped = await grade(MMM_ANSWERS.swapped);
    expect(swapped.reasoning).toContain("$31,657 million is net sales for 2017, not 2018");
    const off = await grade(MMM_ANSWERS.off);
    expect(off.reasoning).toContain("$32,765 million, not $34,210 million");
  });

  it("does not let another company's filing support or supply evidence for a reference about 3M", async () => {
    const r = await grade(MMM_ANSWERS.correct);
    const v = r.reference_verdicts[0];
    expect(v.verdict).toBe("unresolved");
    expect(v.evidence.map((e: { document_id: string }) => e.document_id)).not.toContain(jnjId);
    // The invented answer is not rescued by J&J's percentages and amounts.
    const invented = await grade(MMM_ANSWERS.invented);
    expect(invented.reference_verdicts[0].evidence).toEqual([]);
    expect(invented.scores.factuality).toBeLessThanOrEqual(2);
  });
});

describe("agent judge: claims checked in context, against sources about the same company (issue 19)", () => {
  it("cites no other company's filing for a claim about 3M", async () => {
    const a = await assess(MMM_ANSWERS.correct);
    for (const c of a.claims) {
      expect(c.sources.map((s: { document_id: string }) => s.document_id)).not.toContain(jnjId);
      expect(c.verdict).not.toBe("supported");
    }
  });

  it("contradicts the claim whose figures are swapped between years, saying which year each belongs to", async () => {
    const a = await assess(MMM_ANSWERS.swapped, { references: [MMM_REF] });
    const sales = a.claims.find((c: { claim: string }) => c.claim.includes("net sales"));
    expect(sales.verdict).toBe("contradicted");
    expect(sales.explanation).toContain("is net sales for 2017, not 2018");
    expect(a.verdict).not.toBe("accurate");
  });

  it("does not let the reference's 3M figures support claims that give them to another company", async () => {
    const ask = (answer: string) => assess(answer, { references: [MMM_REF] });
    const right = await ask(MMM_ANSWERS.correct);
    expect(right.claims.every((c: { verdict: string }) => c.verdict === "supported")).toBe(true);
    // The whole answer about Honeywell: even the claim that names no company is not 3M's figure.
    const honeywell = await ask(MMM_ANSWERS.correct.replaceAll("3M", "Honeywell"));
    expect(honeywell.claims.length).toBeGreaterThan(0);
    for (const c of honeywell.claims) {
      expect(c.verdict, c.claim).toBe("unsupported");
      expect(c.explanation).toContain("about Honeywell, not the company the question names");
      expect(c.sources).toEqual([]);
    }
    expect(honeywell.verdict).toBe("major_issues");
    // One claim given to another company among claims about 3M: that claim alone.
    const mixed = await ask("3M's net sales were $32,765 million in 2018. Honeywell's net income was $5,349 million in 2018.");
    const byCompany = (name: string) => mixed.claims.find((c: { claim: string }) => c.claim.includes(name));
    expect(byCompany("3M").verdict).toBe("supported");
    expect(byCompany("Honeywell").verdict).toBe("unsupported");
  });
});

describe("a reference stating a wrong figure is contradicted (issue 17.3)", () => {
  const ULTA_QUERY = "What were Ulta Beauty's net sales in fiscal 2022?";
  const wrongRef = { title: "Ulta Beauty fiscal 2022", content: "Ulta Beauty reported net sales of $12,400.0 million for fiscal 2022, compared to $8,630.9 million in fiscal 2021." };
  const rightRef = { title: "Ulta Beauty fiscal 2022", content: "Ulta Beauty reported net sales of $10,208.6 million for fiscal 2022, compared to $8,630.9 million in fiscal 2021." };

  async function ultaGrade(reference: { title: string; content: string }, answer: string) {
    const { json } = await submit("llm", org.key, { query: ULTA_QUERY, answer, time_window: WINDOW, references: [reference], search_type: "rms" });
    return (await settled("llm", org.key, json.payload.evaluation_id)).result;
  }

  it("LLM judge: contradicted with the release quoted and both figures named, although its fiscal 2021 figure matches", async () => {
    const r = await ultaGrade(wrongRef, "Ulta Beauty's net sales were $12,400.0 million in fiscal 2022, compared to $8,630.9 million in fiscal 2021.");
    const v = r.reference_verdicts[0];
    expect(v.verdict).toBe("contradicted");
    expect(v.evidence.map((e: { document_id: string }) => e.document_id)).toContain(ultaId);
    expect(v.explanation).toContain("$12,400.0 million");
    expect(v.explanation).toContain("10,208.6");
    const right = await ultaGrade(rightRef, "Ulta Beauty's net sales were $10,208.6 million in fiscal 2022, compared to $8,630.9 million in fiscal 2021.");
    expect(right.reference_verdicts[0].verdict).toBe("supported");
    // The answer that relies on the wrong reference grades lower on grounding and overall.
    expect(r.scores.grounding).toBeLessThan(right.scores.grounding);
    expect(r.scores.grounding).toBeLessThanOrEqual(2);
    expect(r.overall_score).toBeLessThan(right.overall_score);
  });

  it("agent judge: the claim carrying the wrong figure is contradicted by the release", async () => {
    const { json } = await submit("agent", org.key, { query: ULTA_QUERY, answer: "Ulta Beauty's net sales were $12,400.0 million in fiscal 2022, up from $8,630.9 million in fiscal 2021.", time_window: WINDOW, search_type: "rms" });
    const a = (await settled("agent", org.key, json.payload.evaluation_id)).assessment;
    const claim = a.claims[0];
    expect(claim.verdict).toBe("contradicted");
    expect(claim.sources.map((s: { document_id: string }) => s.document_id)).toContain(ultaId);
    expect(claim.explanation).toContain("10,208.6");
  });
});
