// Refusals of POST /v1/search: body shape, upload_period, source batch rules, ids, keys.
import { beforeAll, describe, expect, it } from "vitest";
import { call, createOrg, jsonOf, platformKey, type TestOrg } from "../helpers/harness";
import { addBatch } from "./fixtures";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

async function expectInvalid(body: unknown) {
  const res = await call("/v1/search", { key: org.key, body });
  expect(res.status).toBe(400);
  const json = await jsonOf(res);
  expect(json.payload).toBeNull();
  expect(json.error.code).toBe("INVALID_REQUEST_BODY");
}

describe("bad input", () => {
  it.each([
    ["missing query", {}],
    ["empty query", { query: "   " }],
    ["query too long", { query: "x".repeat(2001) }],
    ["query not a string", { query: 5 }],
    ["unknown field", { query: "revenue", colour: "red" }],
    ["top_k zero", { query: "revenue", top_k: 0 }],
    ["top_k fractional", { query: "revenue", top_k: 2.5 }],
    ["empty upload_period", { query: "revenue", upload_period: {} }],
    ["upload_period bad month", { query: "revenue", upload_period: { start_time: { year: 2024, month: 13, day: 1 } } }],
    ["upload_period nonexistent day", { query: "revenue", upload_period: { end_time: { year: 2023, month: 2, day: 29 } } }],
    ["upload_period reversed", { query: "revenue", upload_period: { start_time: { year: 2024, month: 2, day: 1 }, end_time: { year: 2024, month: 1, day: 1 } } }],
    ["upload_period as string", { query: "revenue", upload_period: { start_time: "2024-01-01" } }],
    ["bad search_types", { query: "revenue", search_types: ["web"] }],
    ["empty search_types", { query: "revenue", search_types: [] }],
    ["bad external_types", { query: "revenue", external_types: ["blog"] }],
    ["source_batch_id not a UUID", { query: "revenue", source_batch_id: "batch-1" }],
    ["document_ids not UUIDs", { query: "revenue", document_ids: ["nope"] }],
    ["source_ids without batch", { query: "revenue", source_ids: ["7d4f2a1e-2b1c-4c3d-8e9f-0a1b2c3d4e5f"] }],
    ["tickers not strings", { query: "revenue", tickers: [1] }],
  ])("%s", async (_name, body) => {
    await expectInvalid(body);
  });

  it("a JSON body that is not an object", async () => {
    const res = await call("/v1/search", { key: org.key, rawBody: "[1]", headers: { "Content-Type": "application/json" }, method: "POST" });
    expect(res.status).toBe(400);
  });

  it("an unknown batch is 404 NOT_FOUND", async () => {
    const res = await call("/v1/search", { key: org.key, body: { query: "revenue", source_batch_id: crypto.randomUUID() } });
    expect(res.status).toBe(404);
    expect((await jsonOf(res)).error.code).toBe("NOT_FOUND");
  });

  it("source_ids that are not in the batch", async () => {
    const batch = await addBatch(org.organizationId);
    await expectInvalid({ query: "revenue", source_batch_id: batch, source_ids: [crypto.randomUUID()] });
  });

  it("no key, bad key, platform key without organization_id", async () => {
    expect((await call("/v1/search", { body: { query: "revenue" } })).status).toBe(401);
    expect((await call("/v1/search", { key: "bad", body: { query: "revenue" } })).status).toBe(401);
    const key = await platformKey(org.organizationId);
    await expect(jsonOf(await call("/v1/search", { key, body: { query: "revenue" } }))).resolves.toMatchObject({ error: { code: "INVALID_REQUEST_BODY" } });
  });

  it("GET is 405", async () => {
    expect((await call("/v1/search", { key: org.key, method: "GET" })).status).toBe(405);
  });
});
