// Evaluations are filed under the organization: its key space is the organization's (a colleague's retry
// with the same key and body gets the original evaluation), and any of its users reads them. RMS runs search
// with the submitter's visibility, so another reader gets each excerpt of a private document redacted.
import { beforeAll, describe, expect, it } from "vitest";
import { call, createOrg, createUser, jsonOf, platformKey, userKey, type TestOrg } from "../helpers/harness";
import { TXT, settledVault, vaultUpload } from "../documents/doc-helpers";
import { evaluationRows, llmBody, settled, submit, usageRows } from "./judge-helpers";

const REDACTED = { redacted: true, reason: "private document" };
// The private passage carries a figure (58.4) that neither the references nor the answers repeat: it must not reach a colleague.
const PRIVATE_PASSAGE = "Quorvantis Labs booked fiscal 2022 revenue of $7,391 million with a gross margin of 58.4 percent.";
const SHARED_PASSAGE = "Belmoraine Freight carried 18.6 million tonnes of cargo in fiscal 2022 across its Baltic routes.";
const PRIVATE_REF = { content: "Quorvantis Labs booked fiscal 2022 revenue of $7,391 million." };
const SHARED_REF = { content: "Belmoraine Freight carried 18.6 million tonnes of cargo in fiscal 2022." };

// One instant for every body, so equal bodies hash equally.
const END_TIME = new Date(Date.now() - 60_000).toISOString();

let org: TestOrg;
let colleagueKey: string;
let privateDoc: string;
let sharedDoc: string;

function body(extra: Record<string, unknown> = {}) {
  return llmBody({
    query: "What did Quorvantis Labs and Belmoraine Freight report for fiscal 2022?",
    answer: "Quorvantis Labs booked fiscal 2022 revenue of $7,391 million. Belmoraine Freight carried 18.6 million tonnes of cargo in fiscal 2022.",
    references: [PRIVATE_REF, SHARED_REF],
    search_type: "rms",
    time_window: { end_time: END_TIME },
    ...extra,
  });
}

/** The submitter's view with every excerpt of the private document replaced by the marker. */
// The serialized view without its timestamps, which may hold "58.4" by chance (…:26:58.429Z).
function withoutStamps(view: any): string {
  return JSON.stringify(view, (key, value) => (key === "created_at" || key === "completed_at" ? undefined : value));
}

function redactedLlm(mine: any) {
  const evidence = (e: { document_id: string }) => (e.document_id === privateDoc ? REDACTED : e);
  return { ...mine, result: { ...mine.result, reference_verdicts: mine.result.reference_verdicts.map((v: any) => ({ ...v, evidence: v.evidence.map(evidence) })) } };
}

function redactedAgent(mine: any) {
  const source = (s: { document_id: string }) => (s.document_id === privateDoc ? REDACTED : s);
  return { ...mine, assessment: { ...mine.assessment, claims: mine.assessment.claims.map((c: any) => ({ ...c, sources: c.sources.map(source) })) } };
}

beforeAll(async () => {
  org = await createOrg();
  const colleague = await createUser(org.organizationId);
  colleagueKey = await userKey(org.organizationId, colleague.userId);
  const priv = await vaultUpload(org.key, "quorvantis.txt", TXT, new TextEncoder().encode(PRIVATE_PASSAGE), { visibility: "private" });
  const shared = await vaultUpload(org.key, "belmoraine.txt", TXT, new TextEncoder().encode(SHARED_PASSAGE), { visibility: "organization" });
  expect((await settledVault(org.key, priv.id)).status).toBe("Synced");
  expect((await settledVault(org.key, shared.id)).status).toBe("Synced");
  privateDoc = priv.id;
  sharedDoc = shared.id;
});

describe("the Idempotency-Key space is the organization's", () => {
  for (const judge of ["llm", "agent"] as const) {
    it(`${judge}: a colleague's retry with the same key and body gets the original evaluation and its current status; another body is a conflict`, async () => {
      const fresh = await createOrg();
      const colleague = await createUser(fresh.organizationId);
      const otherKey = await userKey(fresh.organizationId, colleague.userId);
      const headers = { "Idempotency-Key": `shared-${judge}` };
      const first = await submit(judge, fresh.key, body(), headers);
      expect(first.res.status).toBe(202);
      const id = first.json.payload.evaluation_id;
      const done = await settled(judge, fresh.key, id);

      const retry = await submit(judge, otherKey, body(), headers);
      expect(retry.res.status).toBe(202);
      expect(retry.json.payload).toEqual({ evaluation_id: id, status: done.status });

      for (const key of [otherKey, fresh.key]) {
        const conflict = await submit(judge, key, body({ search_type: "all" }), headers);
        expect(conflict.res.status).toBe(409);
        expect(conflict.json.error.code).toBe("JUDGE_EVALUATION_IDEMPOTENCY_CONFLICT");
        expect(JSON.stringify(conflict.json)).not.toContain(id);
      }
      expect(await evaluationRows(fresh.organizationId)).toBe(1);
      expect(await usageRows(fresh.organizationId)).toBe(1);
    });
  }
});

describe("any user of the organization reads its evaluations; private excerpts are redacted for readers other than the submitter", () => {
  it("LLM judge: the colleague gets the same verdicts, scores and counts, the private document's excerpts redacted and the shared one's kept", async () => {
    const { json } = await submit("llm", org.key, body());
    const id = json.payload.evaluation_id;
    const mine = await settled("llm", org.key, id);
    expect(mine.status).toBe("completed");
    const [priv, shared] = mine.result.reference_verdicts;
    expect(priv.verdict).toBe("supported");
    expect(priv.evidence[0].document_id).toBe(privateDoc);
    expect(priv.evidence[0].text).toContain("58.4");
    expect(shared.verdict).toBe("supported");
    expect(shared.evidence[0].document_id).toBe(sharedDoc);
    expect(mine.result.verified_reference_count).toBe(2);

    const res = await call(`/v2/judge/llm/${id}`, { key: colleagueKey });
    expect(res.status).toBe(200);
    const theirs = (await jsonOf(res)).payload;
    expect(theirs).toEqual(redactedLlm(mine));
    expect(theirs.result.reference_verdicts[0].evidence).toContainEqual(REDACTED);
    expect(theirs.result.reference_verdicts[1].evidence[0]).toEqual(shared.evidence[0]);
    const text = withoutStamps(theirs);
    expect(text).not.toContain(privateDoc);
    expect(text).not.toContain("58.4");
    expect(text).not.toContain("quorvantis.txt");

    // The submitter's own view is not redacted.
    expect((await jsonOf(await call(`/v2/judge/llm/${id}`, { key: org.key }))).payload).toEqual(mine);
  });

  it("agent judge: a colleague and a platform key naming the organization get the private sources redacted; the submitter named by the platform key sees them", async () => {
    // Without references the claims can only be borne out by the primary sources.
    const { json } = await submit("agent", org.key, body({ references: [] }));
    const id = json.payload.evaluation_id;
    const mine = await settled("agent", org.key, id);
    expect(mine.status).toBe("completed");
    const sources = mine.assessment.claims.flatMap((c: any) => c.sources.map((s: any) => s.document_id));
    expect(sources).toContain(privateDoc);
    expect(sources).toContain(sharedDoc);

    const colleague = (await jsonOf(await call(`/v2/judge/agent/${id}`, { key: colleagueKey }))).payload;
    expect(colleague).toEqual(redactedAgent(mine));
    expect(withoutStamps(colleague)).not.toContain("58.4");

    const pk = await platformKey(org.organizationId);
    const asOrganization = await call(`/v2/judge/agent/${id}?organization_id=${org.organizationId}`, { key: pk });
    expect(asOrganization.status).toBe(200);
    expect((await jsonOf(asOrganization)).payload).toEqual(redactedAgent(mine));
    const asSubmitter = await call(`/v2/judge/agent/${id}?organization_id=${org.organizationId}&user_id=${org.userId}`, { key: pk });
    expect((await jsonOf(asSubmitter)).payload).toEqual(mine);
  });

  it("another organization gets 404 on both judges, with an organization key or a platform key naming it", async () => {
    const llm = (await submit("llm", org.key, body())).json.payload.evaluation_id;
    const agent = (await submit("agent", org.key, body())).json.payload.evaluation_id;
    const stranger = await createOrg();
    expect((await call(`/v2/judge/llm/${llm}`, { key: stranger.key })).status).toBe(404);
    expect((await call(`/v2/judge/agent/${agent}`, { key: stranger.key })).status).toBe(404);
    const pk = await platformKey(stranger.organizationId);
    expect((await call(`/v2/judge/agent/${agent}?organization_id=${stranger.organizationId}`, { key: pk })).status).toBe(404);
    // Let both runs settle before the test ends.
    await settled("llm", org.key, llm);
    await settled("agent", org.key, agent);
  });
});
