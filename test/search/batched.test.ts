// Concurrent searches through batchedSearchChunks (the judges' claims): the same hits as searchChunks one
// by one, their D1 reads sent as one batch per stage although each search takes its own turns to compute.
import { env } from "cloudflare:test";
import { beforeAll, expect, it } from "vitest";
import type { Env } from "../../src/core/env";
import type { Tenant } from "../../src/core/auth";
import { batchedSearchChunks, searchChunks } from "../../src/search";
import { createOrg, type TestOrg } from "../helpers/harness";
import { addDocument, doc, fixturePage, PAGES } from "./fixtures";

let org: TestOrg;
const tenant = (): Tenant => ({ organizationId: org.organizationId, user: null, keyKind: "organization", keyId: "k", entitlements: [] });

beforeAll(async () => {
  org = await createOrg();
  for (const name of PAGES) {
    await addDocument(doc({ organizationId: org.organizationId, kind: "vault", visibility: "organization", name, tickers: [name.split("_")[0]] }), [
      { page: 1, text: await fixturePage(name) },
    ]);
  }
});

it("gives each search the hits it gets alone, with their D1 reads batched per stage, five statements a batch at most", async () => {
  const queries = [
    "What is the FY2018 capital expenditure amount for 3M?",
    "Amazon FY2017 revenue and net income",
    "Did AMD report customer concentration in FY22?",
    "PepsiCo geographies",
    "JPMorgan net interest income 2022",
    "operating income and total revenue",
  ];
  const alone = [];
  for (const q of queries) alone.push(await searchChunks(env as unknown as Env, tenant(), q, { searchTypes: ["rms"] }, 5));

  let batches = 0;
  let largest = 0;
  const db = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === "batch") return (statements: D1PreparedStatement[]) => ((batches += 1), (largest = Math.max(largest, statements.length)), target.batch(statements));
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const search = batchedSearchChunks({ ...(env as unknown as Env), DB: db });
  const together = await Promise.all(queries.map((q) => search(tenant(), q, { searchTypes: ["rms"] }, 5)));
  expect(together.map((hits) => hits.map((h) => h.chunk_id))).toEqual(alone.map((hits) => hits.map((h) => h.chunk_id)));
  // Alias look-up (one statement for all), ranked candidates and scope candidates (one statement a search,
  // six searches: two batches each at most); a search may skip a stage. A batch holds the database while it
  // runs, so none carries more than five statements.
  expect(batches).toBeGreaterThan(0);
  expect(batches).toBeLessThanOrEqual(5);
  expect(largest).toBeLessThanOrEqual(5);
});

it("gives concurrent searches their turns one macrotask apart, so other work runs between two stretches", async () => {
  const { batchedReads } = await import("../../src/search/batched-reads");
  const reads = batchedReads();
  const order: string[] = [];
  const searches = Promise.all([1, 2, 3].map(async (i) => {
    await reads.turn();
    order.push(`search ${i}`);
  }));
  // Work that arrives after the searches asked for their turns (a request, a timer) is not served last.
  setTimeout(() => order.push("other"), 0);
  await searches;
  expect(order).toEqual(["search 1", "other", "search 2", "search 3"]);
});
