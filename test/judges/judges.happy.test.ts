// Both judges end to end through the Worker and the real queue consumer: 202 then the settled result in
// the documented shapes, verification against external primary sources in the time window, grading,
// idempotency (also under concurrent retries) and billing.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createOrg, jsonOf, type TestOrg } from "../helpers/harness";
import { evaluationRows, llmBody, settled, submit, usageRows, uploadPrimarySource } from "./judge-helpers";
import { indexDocument } from "../../src/search/index";

const ISO_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;
let org: TestOrg;
let externalId: string;

const SUPPORTED_REF = { title: "3M 2018 cash flow", content: "3M purchases of property, plant and equipment (PP&E) were 1,577 million in 2018, 1,373 million in 2017 and 1,420 million in 2016." };
const ALTERED_REF = { title: "3M 2018 cash flow", content: "3M purchases of property, plant and equipment (PP&E) were 2,950 million in 2018, 2,410 million in 2017 and 2,205 million in 2016." };
const OFF_TOPIC_REF = { content: "Quarzelline Biotech enrolled 412 patients in its phase 2 asthma trial." };

beforeAll(async () => {
  org = await createOrg();
  externalId = await uploadPrimarySource();
});

describe("LLM judge", () => {
  it("answers 202 at once with {evaluation_id, status: pending}, then the completed result", async () => {
    const { res, json } = await submit("llm", org.key, llmBody({ references: [SUPPORTED_REF] }));
    expect(res.status).toBe(202);
    expect(json.error).toBeNull();
    expect(Object.keys(json.payload).sort()).toEqual(["evaluation_id", "status"]);
    expect(json.payload.status).toBe("pending");
    const pending = (await jsonOf(await call(`/v2/judge/llm/${json.payload.evaluation_id}`, { key: org.key }))).payload;
    if (pending.status === "pending") {
      expect(pending.result).toBeNull();
      expect(pending.completed_at).toBeNull();
    }
    const p = await settled("llm", org.key, json.payload.evaluation_id);
    expect(Object.keys(p).sort()).toEqual(["completed_at", "created_at", "evaluation_id", "result", "search_type", "status"]);
    expect(p.status).toBe("completed");
    expect(p.search_type).toBe("external");
    expect(p.created_at).toMatch(ISO_Z);
    expect(p.completed_at).toMatch(ISO_Z);
    const r = p.result;
    expect(Object.keys(r).sort()).toEqual(["input_reference_count", "judge_model", "overall_score", "reasoning", "reference_verdicts", "scores", "verified_reference_count"]);
    expect(Object.keys(r.scores).sort()).toEqual(["completeness", "factuality", "grounding", "relevance"]);
    for (const s of Object.values(r.scores) as number[]) expect(Number.isInteger(s) && s >= 1 && s <= 5).toBe(true);
    expect(r.overall_score).toBe((r.scores.factuality + r.scores.completeness + r.scores.relevance + r.scores.grounding) / 4);
    expect(r.reasoning.length).toBeGreaterThan(0);
    expect(r.input_reference_count).toBe(1);
    expect(r.verified_reference_count).toBe(1);
    expect(r.judge_model).toBe("local:local-rules-v1");
    const v = r.reference_verdicts[0];
    expect(Object.keys(v).sort()).toEqual(["evidence", "explanation", "reference_index", "verdict"]);
    expect(v.reference_index).toBe(0);
    expect(v.verdict).toBe("supported");
    expect(Object.keys(v.evidence[0]).sort()).toEqual(["chunk_id", "document_id", "document_name", "published_at", "text"]);
    expect(v.evidence[0].document_id).toBe(externalId);
  });

  it("verifies each reference: supported, contradicted (other figures on the subject), unresolved; the URL proves nothing", async () => {
    const { json } = await submit("llm", org.key, llmBody({ references: [SUPPORTED_REF, ALTERED_REF, { ...OFF_TOPIC_REF, url: "https://www.sec.gov/3m-10k.htm" }] }));
    const r = (await settled("llm", org.key, json.payload.evaluation_id)).result;
    expect(r.reference_verdicts.map((v: { verdict: string }) => v.verdict)).toEqual(["supported", "contradicted", "unresolved"]);
    expect(r.reference_verdicts[1].evidence[0].document_id).toBe(externalId);
    expect(r.reference_verdicts[2].evidence).toEqual([]);
    expect(r.verified_reference_count).toBe(3);
  });

  it("searches only inside the time window", async () => {
    const { json } = await submit("llm", org.key, llmBody({ references: [SUPPORTED_REF], time_window: { end_time: "2018-12-31T23:59:59Z" } }));
    const r = (await settled("llm", org.key, json.payload.evaluation_id)).result;
    expect(r.reference_verdicts[0].verdict).toBe("unresolved");
    const later = await submit("llm", org.key, llmBody({ references: [SUPPORTED_REF], time_window: { start_time: "2019-02-07T00:00:00Z", end_time: "2019-02-07T00:00:00Z" } }));
    expect((await settled("llm", org.key, later.json.payload.evaluation_id)).result.reference_verdicts[0].verdict).toBe("supported");
  });

  it("ignores an out-of-window primary source that contradicts the reference (the search filters on the window)", async () => {
    const ref = { title: "Veltrane Logistics 2018 revenue", content: "Veltrane Logistics reported revenue of 4,120 million in fiscal 2018, up from 3,870 million in fiscal 2017." };
    // Published after WINDOW (and after every other window of this file), with other figures on the subject.
    const laterId = crypto.randomUUID();
    await indexDocument(
      env.DB,
      {
        id: laterId, organizationId: "external", kind: "external", visibility: "organization", ownerUserId: null, name: "Veltrane Logistics annual report",
        sourceBatchId: null, rmsType: null, rmsSubType: null, docType: "filing", docSubType: "10k", tickers: ["VLTR"], stockIds: [], companyNames: ["Veltrane Logistics"],
        fiscalYear: 2018, fiscalQuarter: null, calendarDate: null, publishedAt: "2025-06-30T00:00:00Z", createdAt: new Date().toISOString(),
      },
      [{ page: 1, text: "Veltrane Logistics reported revenue of 5,930 million in fiscal 2018, up from 5,210 million in fiscal 2017." }],
    );
    const inWindow = await submit("llm", org.key, llmBody({ references: [ref] }));
    const v = (await settled("llm", org.key, inWindow.json.payload.evaluation_id)).result.reference_verdicts[0];
    expect(v.verdict).toBe("unresolved");
    expect(v.evidence).toEqual([]);
    // With the later document inside the window, it is found and contradicts the reference.
    const wide = await submit("llm", org.key, llmBody({ references: [ref], time_window: { end_time: new Date().toISOString() } }));
    const w = (await settled("llm", org.key, wide.json.payload.evaluation_id)).result.reference_verdicts[0];
    expect(w.verdict).toBe("contradicted");
    expect(w.evidence.map((e: { document_id: string }) => e.document_id)).toEqual([laterId]);
  });

  it("grades a correct answer above one with a wrong figure, and skips verification without references", async () => {
    const good = await submit("llm", org.key, llmBody({ references: [SUPPORTED_REF] }));
    const bad = await submit("llm", org.key, llmBody({ references: [SUPPORTED_REF], answer: "3M's FY2018 capital expenditure was $2,950 million." }));
    const none = await submit("llm", org.key, llmBody());
    const g = (await settled("llm", org.key, good.json.payload.evaluation_id)).result;
    const b = (await settled("llm", org.key, bad.json.payload.evaluation_id)).result;
    const n = (await settled("llm", org.key, none.json.payload.evaluation_id)).result;
    expect(g.overall_score).toBeGreaterThan(b.overall_score);
    expect(g.scores.grounding).toBeGreaterThan(b.scores.grounding);
    expect(g.scores.factuality).toBeGreaterThan(b.scores.factuality);
    expect(n.reference_verdicts).toEqual([]);
    expect(n.input_reference_count).toBe(0);
    expect(n.verified_reference_count).toBe(0);
    expect(n.scores.grounding).toBe(1);
  });
});

describe("agent judge", () => {
  it("assesses the material claims against references and primary sources", async () => {
    const { res, json } = await submit("agent", org.key, llmBody({ answer: "3M spent $1,577 million on property, plant and equipment in 2018, up from $1,373 million in 2017. Dividends paid to shareholders were $3,193 million in 2018." }));
    expect(res.status).toBe(202);
    const p = await settled("agent", org.key, json.payload.evaluation_id);
    expect(Object.keys(p).sort()).toEqual(["assessment", "completed_at", "created_at", "evaluation_id", "status"]);
    expect(p.status).toBe("completed");
    expect(p.completed_at).toMatch(ISO_Z);
    const a = p.assessment;
    expect(Object.keys(a).sort()).toEqual(["claims", "exclusion_reason", "summary", "verdict"]);
    expect(a.verdict).toBe("accurate");
    expect(a.exclusion_reason).toBeNull();
    expect(a.claims.length).toBe(2);
    for (const c of a.claims) {
      expect(Object.keys(c).sort()).toEqual(["claim", "explanation", "material", "sources", "verdict"]);
      expect(c.verdict).toBe("supported");
      expect(c.material).toBe(true);
      expect(Object.keys(c.sources[0]).sort()).toEqual(["chunk_id", "document_id", "document_name", "text"]);
      expect(c.sources[0].document_id).toBe(externalId);
    }
  });

  it("flags a contradicted figure as an issue", async () => {
    const { json } = await submit("agent", org.key, llmBody({ answer: "3M's purchases of property, plant and equipment were $2,950 million in 2018." }));
    const a = (await settled("agent", org.key, json.payload.evaluation_id)).assessment;
    expect(a.claims[0].verdict).not.toBe("supported");
    expect(a.verdict).not.toBe("accurate");
  });

  it("excludes a refusal and an answer without material claims, saying which", async () => {
    const refusal = await submit("agent", org.key, llmBody({ answer: "The document does not provide information on 3M's capital expenditure for FY2018." }));
    const empty = await submit("agent", org.key, llmBody({ answer: "Thanks for the question, happy to help." }));
    const r = await settled("agent", org.key, refusal.json.payload.evaluation_id);
    const e = await settled("agent", org.key, empty.json.payload.evaluation_id);
    expect(r.status).toBe("excluded");
    expect(r.assessment.exclusion_reason).toBe("refusal");
    expect(r.assessment.claims).toEqual([]);
    expect(e.status).toBe("excluded");
    expect(e.assessment.exclusion_reason).toBe("no_material_claims");
  });
});

describe("idempotency and billing", () => {
  it("same key and body: the original evaluation and its current status, one run, one bill", async () => {
    const fresh = await createOrg();
    const headers = { "Idempotency-Key": "retry-1" };
    const first = await submit("llm", fresh.key, llmBody(), headers);
    const done = await settled("llm", fresh.key, first.json.payload.evaluation_id);
    expect(done.status).toBe("completed");
    // Key order and explicit defaults do not change the body.
    const { time_window, answer, query } = llmBody();
    const retry = await submit("llm", fresh.key, { time_window, references: [], search_type: "external", answer, query }, headers);
    expect(retry.res.status).toBe(202);
    expect(retry.json.payload).toEqual({ evaluation_id: first.json.payload.evaluation_id, status: "completed" });
    const conflict = await submit("llm", fresh.key, llmBody({ search_type: "all" }), headers);
    expect(conflict.res.status).toBe(409);
    expect(conflict.json.error.code).toBe("JUDGE_EVALUATION_IDEMPOTENCY_CONFLICT");
    // The key space is per endpoint.
    const agent = await submit("agent", fresh.key, llmBody(), headers);
    expect(agent.res.status).toBe(202);
    expect(agent.json.payload.evaluation_id).not.toBe(first.json.payload.evaluation_id);
    await settled("agent", fresh.key, agent.json.payload.evaluation_id);
    expect(await evaluationRows(fresh.organizationId)).toBe(2);
    expect(await usageRows(fresh.organizationId)).toBe(2);
  });

  it("concurrent retries with one key create one evaluation and one run", async () => {
    const fresh = await createOrg();
    const headers = { "Idempotency-Key": "burst" };
    const all = await Promise.all(Array.from({ length: 8 }, () => submit("agent", fresh.key, llmBody(), headers)));
    for (const r of all) expect(r.res.status).toBe(202);
    const ids = new Set(all.map((r) => r.json.payload.evaluation_id));
    expect(ids.size).toBe(1);
    await settled("agent", fresh.key, [...ids][0]);
    expect(await evaluationRows(fresh.organizationId)).toBe(1);
    expect(await usageRows(fresh.organizationId)).toBe(1);
  });

  it("without a key a retry starts a second run and both are billed", async () => {
    const fresh = await createOrg();
    const one = await submit("llm", fresh.key, llmBody());
    const two = await submit("llm", fresh.key, llmBody());
    expect(one.json.payload.evaluation_id).not.toBe(two.json.payload.evaluation_id);
    await settled("llm", fresh.key, one.json.payload.evaluation_id);
    await settled("llm", fresh.key, two.json.payload.evaluation_id);
    expect(await usageRows(fresh.organizationId)).toBe(2);
  });
});
