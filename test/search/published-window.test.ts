// SearchFilters.publishedWindow (used by the answer judges' verification): applied inside the search, so
// out-of-window documents never take the place of in-window ones however well they rank; a document's
// date is published_at, else calendar_date; undated documents are kept; both boundary instants inclusive.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { Tenant } from "../../src/core/auth";
import { batchedSearchChunks, searchChunks, type IndexableDocument, type SearchFilters } from "../../src/search/index";
import { publishedRange, render } from "../../src/search/scope";
import { createOrg, createUser, type TestOrg } from "../helpers/harness";
import { addDocument, doc, uniqueWord } from "./fixtures";

let org: TestOrg;
let tenant: Tenant;
beforeAll(async () => {
  org = await createOrg();
  tenant = { organizationId: org.organizationId, user: null, keyKind: "organization", keyId: "test", entitlements: [] };
});

const vault = (overrides: Partial<IndexableDocument>) => doc({ organizationId: org.organizationId, kind: "vault", ...overrides });

async function ids(query: string, filters: SearchFilters, k = 10): Promise<string[]> {
  const hits = await searchChunks(env, tenant, query, { searchTypes: ["rms"], ...filters }, k);
  return hits.map((h) => h.document_id);
}

describe("publishedWindow", () => {
  it("ranks among in-window documents only: out-of-window ones that would outrank are excluded, undated ones kept", async () => {
    const word = uniqueWord();
    const filler = "The segment reported steady results across its regions and product lines. ".repeat(12);
    const inside = await addDocument(vault({ name: "In window", publishedAt: "2019-06-15T12:00:00Z" }), `${filler} ${word} appears once here.`);
    const undated = await addDocument(vault({ name: "Vault upload" }), `${filler} ${word} noted in an undated upload.`);
    const outside: string[] = [];
    for (const publishedAt of ["2021-03-01T00:00:00Z", "2018-01-02T00:00:00Z", "2022-07-04T09:30:00-04:00"]) {
      const d = await addDocument(vault({ name: `${word} ${word} later`, publishedAt }), `${word} ${word} ${word} ${word}: ${word} everywhere.`);
      outside.push(d.id);
    }
    // Unfiltered, the out-of-window documents take the top places.
    expect((await ids(word, {}, 3)).sort()).toEqual([...outside].sort());

    const window = { start: "2019-01-01T00:00:00Z", end: "2020-12-31T23:59:59Z" };
    expect((await ids(word, { publishedWindow: window }, 2)).sort()).toEqual([inside.id, undated.id].sort());
    expect((await ids(word, { publishedWindow: window })).sort()).toEqual([inside.id, undated.id].sort());
    // Open on one side.
    expect((await ids(word, { publishedWindow: { end: "2020-01-01T00:00:00Z" } })).sort()).toEqual([inside.id, undated.id, outside[1]].sort());
    expect((await ids(word, { publishedWindow: { start: "2021-03-01T00:00:00Z" } })).sort()).toEqual([undated.id, outside[0], outside[2]].sort());
    expect((await ids(word, { publishedWindow: {} })).length).toBe(5);
    // A window with no dated document still finds the undated one.
    expect(await ids(word, { publishedWindow: { start: "2010-01-01T00:00:00Z", end: "2010-12-31T23:59:59Z" } })).toEqual([undated.id]);
  });

  it("keeps both boundary instants (offsets and calendar_date included) and drops the rest of the boundary days", async () => {
    const word = uniqueWord();
    // 2019-02-07T08:00:00Z, given with an offset.
    const at = await addDocument(vault({ publishedAt: "2019-02-07T10:00:00+02:00" }), `${word} published at eight UTC`);
    const earlier = await addDocument(vault({ publishedAt: "2019-02-07T07:59:59Z" }), `${word} published a second before`);
    const later = await addDocument(vault({ publishedAt: "2019-02-07T08:00:01Z" }), `${word} published a second after`);
    // No published_at: the calendar date (midnight UTC) is its date.
    const calendar = await addDocument(vault({ calendarDate: "2019-02-07" }), `${word} dated by its calendar date`);

    const win = (start?: string, end?: string) => ids(word, { publishedWindow: { start, end } });
    expect(await win("2019-02-07T08:00:00Z", "2019-02-07T08:00:00Z")).toEqual([at.id]);
    expect((await win("2019-02-07T08:00:00Z")).sort()).toEqual([at.id, later.id].sort());
    expect((await win(undefined, "2019-02-07T08:00:00Z")).sort()).toEqual([at.id, earlier.id, calendar.id].sort());
    expect(await win("2019-02-07T08:00:00.001Z", "2019-02-07T08:00:00.999Z")).toEqual([]);
    expect(await win("2019-02-07T00:00:00Z", "2019-02-07T00:00:00Z")).toEqual([calendar.id]);
    // Offsets in the window itself: 09:00+01:00 is 08:00Z.
    expect(await win("2019-02-07T09:00:00+01:00", "2019-02-07T09:00:00+01:00")).toEqual([at.id]);
    // The scope-only fill of a narrowed search (document_ids) applies the exact check too.
    const narrowed = await ids(`${uniqueWord()} ${word}`, { documentIds: [at.id, earlier.id, later.id], publishedWindow: { start: "2019-02-07T08:00:00Z", end: "2019-02-07T08:00:00Z" } });
    expect(narrowed).toEqual([at.id]);
  });

  it("drops the rest of the boundary months, which the scope tokens keep for the exact check to remove", async () => {
    const word = uniqueWord();
    const at = (publishedAt: string) => addDocument(vault({ publishedAt }), `${word} dated ${publishedAt}`);
    const before = await at("2019-02-01T00:00:00Z");
    const start = await at("2019-02-10T00:00:00Z");
    const inside = await at("2019-03-15T12:00:00Z");
    const end = await at("2019-04-20T23:59:59Z");
    const after = await at("2019-04-30T23:59:59Z");
    const lastMonth = await at("2019-01-31T23:59:59Z");
    const nextMonth = await at("2019-05-01T00:00:00Z");
    const win = (start?: string, end?: string) => ids(word, { publishedWindow: { start, end } }, 20).then((r) => r.sort());
    expect(await win("2019-02-10T00:00:00Z", "2019-04-20T23:59:59Z")).toEqual([start.id, inside.id, end.id].sort());
    expect(await win("2019-02-10T00:00:00Z")).toEqual([start.id, inside.id, end.id, after.id, nextMonth.id].sort());
    expect(await win(undefined, "2019-04-20T23:59:59Z")).toEqual([lastMonth.id, before.id, start.id, inside.id, end.id].sort());
    expect(await win("2019-02-05T00:00:00Z", "2019-02-05T00:00:00Z")).toEqual([]);
  });

  it("an organization's search in a window, one by one or batched, never finds another organization's documents or a colleague's private ones", async () => {
    const other = await createOrg();
    const colleague = await createUser(org.organizationId);
    const word = uniqueWord();
    const text = `${word} revenue rose in the quarter`;
    const inWindow = "2020-05-10T00:00:00Z";
    const add = (o: Partial<IndexableDocument> & Pick<IndexableDocument, "organizationId" | "kind">) => addDocument(doc({ publishedAt: inWindow, ...o }), text);
    const shared = await add({ organizationId: org.organizationId, kind: "vault" });
    const own = await add({ organizationId: org.organizationId, kind: "vault", visibility: "private", ownerUserId: org.userId });
    const undated = await add({ organizationId: org.organizationId, kind: "vault", publishedAt: null });
    const external = await add({ organizationId: "external", kind: "external" });
    await add({ organizationId: org.organizationId, kind: "vault", visibility: "private", ownerUserId: colleague.userId });
    const later = await add({ organizationId: org.organizationId, kind: "vault", publishedAt: "2021-01-01T00:00:00Z" });
    await add({ organizationId: other.organizationId, kind: "vault" });
    await add({ organizationId: other.organizationId, kind: "vault", publishedAt: null });
    await add({ organizationId: other.organizationId, kind: "vault", visibility: "private", ownerUserId: other.userId });
    await add({ organizationId: other.organizationId, kind: "source", sourceBatchId: crypto.randomUUID() });
    const user: Tenant = { ...tenant, user: { id: org.userId, email: org.userEmail, name: "Analyst", onboarded: true } };
    const search = batchedSearchChunks(env);
    for (const publishedWindow of [{ end: "2020-12-31T23:59:59Z" }, { start: "2020-01-01T00:00:00Z" }, { start: "2020-05-01T00:00:00Z", end: "2020-05-31T00:00:00Z" }]) {
      const filters: SearchFilters = { searchTypes: ["all"], publishedWindow };
      const expected = [shared, own, undated, external, ...(publishedWindow.end ? [] : [later])].map((d) => d.id).sort();
      const alone = (await searchChunks(env, user, `${word} revenue`, filters, 20)).map((h) => h.document_id).sort();
      const together = await Promise.all([`${word} revenue`, `${word} quarter`].map((q) => search(user, q, filters, 20)));
      expect(alone).toEqual(expected);
      for (const hits of together) expect(hits.map((h) => h.document_id).sort()).toEqual(alone);
    }
  });

  it("covers the window's months with few tokens, and an open side by excluding the months beyond the other bound's", () => {
    const tokens = (text: string) => text.match(/z[a-z]+[0-9a-f]+9/g)!.length;
    const both = render(publishedRange("2001-01-01T00:00:00.000Z", "2024-12-30T10:00:00.000Z")!);
    // undated + 2001-2009 as years, 2010s as a decade, 2020-2024 as years (December 2024 whole).
    expect(tokens(both)).toBe(1 + 9 + 1 + 5);
    const edges = render(publishedRange("2019-02-10T00:00:00.000Z", "2020-04-20T00:00:00.000Z")!);
    // undated + February-December 2019 and January-April 2020 as months: no day tokens.
    expect(tokens(edges)).toBe(1 + 11 + 4);
    expect(edges).not.toMatch(/zpd/);
    const open = render(publishedRange(null, "2025-06-30T23:00:00.000Z", new Date("2025-07-01T00:00:00Z"))!);
    expect(open).toContain(" NOT ");
    // July-December 2025 as months and 2026 as a year are excluded.
    expect(tokens(open)).toBe(2 + 6 + 1);
    // An end early in its month: the rest of the month is left to the exact check (was 30 day tokens more).
    expect(tokens(render(publishedRange(null, "2025-01-01T00:00:00.000Z", new Date("2025-07-01T00:00:00Z"))!))).toBe(2 + 11 + 1);
    const from = render(publishedRange("1900-03-15T00:00:00.000Z", null)!);
    // Excluded before March 1900: January and February.
    expect(tokens(from)).toBe(2 + 2);
    expect(publishedRange(null, null)).toBeNull();
  });
});
