// Both judges in the EU deployment: an EU organization key submits, the EU judge queue settles against the
// EU index, the evaluations are read back and stored in the EU database; a genuine global key is sent
// back to the global deployment (403) and records nothing.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createOrg, jsonOf, type TestOrg } from "../helpers/harness";
import { evaluationRows, llmBody, settled, submit, usageRows, uploadPrimarySource } from "../judges/judge-helpers";
import { hmacHex } from "../../src/core/crypto";

const REFERENCE = { title: "3M 2018 cash flow", content: "3M purchases of property, plant and equipment (PP&E) were 1,577 million in 2018, 1,373 million in 2017 and 1,420 million in 2016." };
let org: TestOrg;
let externalId: string;

beforeAll(async () => {
  org = await createOrg();
  expect(org.key).toMatch(/^rk_eu_/);
  // A primary source in the EU external corpus, so verification has something to find.
  externalId = await uploadPrimarySource();
});

describe("judges in the EU deployment", () => {
  it("settles an LLM and an agent evaluation of an EU organization and reads them back", async () => {
    const llm = await submit("llm", org.key, llmBody({ references: [REFERENCE] }));
    const agent = await submit("agent", org.key, llmBody({ answer: "3M spent $1,577 million on property, plant and equipment in 2018." }));
    expect(llm.res.status).toBe(202);
    expect(agent.res.status).toBe(202);

    const l = await settled("llm", org.key, llm.json.payload.evaluation_id);
    expect(l.status).toBe("completed");
    expect(l.result.judge_model).toBe("local:local-rules-v1");
    expect(l.result.reference_verdicts[0]).toMatchObject({ reference_index: 0, verdict: "supported" });
    expect(l.result.reference_verdicts[0].evidence[0].document_id).toBe(externalId);

    const a = await settled("agent", org.key, agent.json.payload.evaluation_id);
    expect(a.status).toBe("completed");
    expect(a.assessment.verdict).toBe("accurate");
    expect(a.assessment.claims[0].sources[0].document_id).toBe(externalId);

    // Read back again: the settled records, kept in the EU deployment's database, billed once each.
    const again = await jsonOf(await call(`/v2/judge/llm/${llm.json.payload.evaluation_id}`, { key: org.key }));
    expect(again.payload).toEqual(l);
    expect(await evaluationRows(org.organizationId)).toBe(2);
    expect(await usageRows(org.organizationId)).toBe(2);
    const row = await env.DB.prepare("SELECT judge, status FROM judge_evaluations WHERE id = ?").bind(agent.json.payload.evaluation_id).first();
    expect(row).toEqual({ judge: "agent", status: "completed" });
  });

  it("refuses a genuine global key with 403 naming the global deployment, on submission and retrieval", async () => {
    const random = "d".repeat(64);
    const tag = (await hmacHex("test-key-tag-secret-0123456789", `global:${random}`)).slice(0, 16);
    const globalKey = `rk_gl_${random}_${tag}`;
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM judge_evaluations").first<{ n: number }>();
    for (const judge of ["llm", "agent"] as const) {
      const { res, json } = await submit(judge, globalKey, llmBody());
      expect(res.status).toBe(403);
      expect(json.payload).toBeNull();
      expect(json.error.message).toContain("https://api.example.com");
      const read = await call(`/v2/judge/${judge}/${crypto.randomUUID()}`, { key: globalKey });
      expect(read.status).toBe(403);
    }
    const after = await env.DB.prepare("SELECT COUNT(*) AS n FROM judge_evaluations").first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
  });
});
