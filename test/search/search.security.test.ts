// Scoping of POST /v1/search: private documents of other users, platform keys without a user, and
// organizations never seeing each other's chunks (not even by naming their document or batch ids).
import { beforeAll, describe, expect, it } from "vitest";
import { call, createOrg, createUser, jsonOf, platformKey, userKey, type TestOrg } from "../helpers/harness";
import { addBatch, addDocument, doc, search, uniqueWord } from "./fixtures";

let a: TestOrg;
let b: TestOrg;
const word = uniqueWord();
let shared: string, mine: string, colleagues: string, source: string, batch: string, external: string;

beforeAll(async () => {
  a = await createOrg();
  b = await createOrg();
  const colleague = await createUser(a.organizationId);
  batch = await addBatch(a.organizationId);
  shared = (await addDocument(doc({ organizationId: a.organizationId, kind: "vault", tickers: ["ACME"] }), `${word} shared memo`)).id;
  mine = (await addDocument(doc({ organizationId: a.organizationId, kind: "vault", visibility: "private", ownerUserId: a.userId }), `${word} my notes`)).id;
  colleagues = (await addDocument(doc({ organizationId: a.organizationId, kind: "vault", visibility: "private", ownerUserId: colleague.userId }), `${word} colleague notes`)).id;
  source = (await addDocument(doc({ organizationId: a.organizationId, kind: "source", sourceBatchId: batch }), `${word} batch file`)).id;
  external = (await addDocument(doc({ organizationId: "external", kind: "external" }), `${word} public filing`)).id;
});

const idsOf = (rs: { document_id: string }[]) => rs.map((r) => r.document_id).sort();

describe("visibility", () => {
  it("a user sees shared and own private documents, not a colleague's private ones", async () => {
    expect(idsOf(await search(a.key, { query: word }))).toEqual([shared, mine, external].sort());
  });

  it("a platform key without a user sees only organization-shared documents", async () => {
    const key = await platformKey(a.organizationId);
    expect(idsOf(await search(key, { query: word, organization_id: a.organizationId }))).toEqual([shared, external].sort());
  });

  it("a platform key naming a user sees that user's private documents", async () => {
    const key = await platformKey(a.organizationId);
    expect(idsOf(await search(key, { query: word, organization_id: a.organizationId, user_id: a.userId }))).toEqual([shared, mine, external].sort());
  });

  it("another user's private document stays hidden even when named by id", async () => {
    expect(await search(a.key, { query: word, document_ids: [colleagues] })).toEqual([]);
  });

  it("a second user key of the same organization sees its own view", async () => {
    const other = await createUser(a.organizationId);
    const key = await userKey(a.organizationId, other.userId);
    expect(idsOf(await search(key, { query: word }))).toEqual([shared, external].sort());
  });
});

describe("tenant isolation", () => {
  it("organization B sees only the external corpus", async () => {
    expect(idsOf(await search(b.key, { query: word }))).toEqual([external]);
    expect(idsOf(await search(b.key, { query: word, search_types: ["rms"] }))).toEqual([]);
  });

  it("B naming A's document ids or tickers gets nothing of A's", async () => {
    expect(await search(b.key, { query: word, document_ids: [shared, mine, source] })).toEqual([]);
    expect(await search(b.key, { query: word, tickers: ["ACME"] })).toEqual([]);
  });

  it("B naming A's batch gets 404, and its source ids cannot be reached", async () => {
    const res = await call("/v1/search", { key: b.key, body: { query: word, source_batch_id: batch } });
    expect(res.status).toBe(404);
    expect((await jsonOf(res)).error.code).toBe("NOT_FOUND");
    const own = await addBatch(b.organizationId);
    const res2 = await call("/v1/search", { key: b.key, body: { query: word, source_batch_id: own, source_ids: [source] } });
    expect(res2.status).toBe(400);
    expect((await jsonOf(res2)).error.code).toBe("INVALID_REQUEST_BODY");
  });

  it("a platform key may not search for an organization it does not act for", async () => {
    const key = await platformKey(b.organizationId);
    const res = await call("/v1/search", { key, body: { query: word, organization_id: a.organizationId } });
    expect(res.status).toBe(403);
  });

  it("company aliases of another organization's documents do not leak into detection", async () => {
    // A's vault doc is tagged ACME; B's query naming ACME must still only return the external filing.
    expect(idsOf(await search(b.key, { query: `ACME ${word}` }))).toEqual([external]);
  });
});
