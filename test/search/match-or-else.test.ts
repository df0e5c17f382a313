// A whole-scope search reads its words and, when they find nothing, all of its words (relaxed) in one D1
// statement (matchOrElseStatement): the same rows in the same order as the two statements read one after
// the other, the relaxed part read only when needed.
import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { matchCandidates, matchOrElseCandidates, type DatedBounds } from "../../src/search/repo";
import { recordD1Calls } from "../helpers/d1-calls";
import { createOrg, type TestOrg } from "../helpers/harness";
import { addDocument, doc, fixturePage, PAGES, search, uniqueWord } from "./fixtures";

let org: TestOrg;
const word = uniqueWord();

beforeAll(async () => {
  org = await createOrg();
  // Each page twice, under two documents of different dates: equal bm25 ranks, which the order of the rows
  // must resolve as the single statement does.
  for (const name of PAGES) {
    const text = `${await fixturePage(name)}\n${word}`;
    for (const publishedAt of ["2019-03-01T00:00:00Z", "2023-03-01T00:00:00Z"]) {
      await addDocument(doc({ organizationId: org.organizationId, kind: "vault", name, tickers: [name.split("_")[0]], publishedAt }), [{ page: 1, text }]);
    }
  }
});

const scoped = (words: string) => `({text title} : (${words})) AND {text title} : "${word}"`;

describe("matchOrElseCandidates", () => {
  const pairs: [string, string, string][] = [
    ["first has rows", scoped(`"equipment" OR "property"`), scoped(`"revenue"`)],
    ["first has rows, tied ranks", scoped(`"${word}"`), scoped(`"revenue"`)],
    ["first has none", scoped(`"zzqqxxnothing"`), scoped(`"income" OR "revenue" OR "customer"`)],
    ["first has none, fallback of tied ranks", scoped(`"zzqqxxnothing"`), scoped(`"${word}"`)],
    ["neither has rows", scoped(`"zzqqxxnothing"`), scoped(`"zzqqxxnothingeither"`)],
  ];
  const windows: [string, DatedBounds | undefined][] = [
    ["no window", undefined],
    ["a window", { start: null, end: "2020-01-01T00:00:00.000Z" }],
    ["a window both sides", { start: "2022-01-01T00:00:00.000Z", end: "2024-01-01T00:00:00.000Z" }],
  ];
  for (const [label, match, fallback] of pairs) {
    for (const [w, bounds] of windows) {
      it(`${label}, ${w}: the rows of the two statements read one after the other`, async () => {
        const first = await matchCandidates(env.DB, match, 120, bounds);
        expect(first.length > 0).toBe(label.startsWith("first has rows"));
        const expected = first.length ? first : await matchCandidates(env.DB, fallback, 120, bounds);
        expect(expected.length > 0).toBe(!label.startsWith("neither"));
        const rows = await matchOrElseCandidates(env.DB, match, fallback, 120, bounds);
        expect(rows.map((r) => [r.chunk_id, r.rank])).toEqual(expected.map((r) => [r.chunk_id, r.rank]));
        expect(rows).toEqual(expected);
      });
    }
  }

  it("reads the fallback only when the first finds nothing (a fallback FTS5 cannot parse fails only then)", async () => {
    const broken = `{text title} : "unterminated`;
    const rows = await matchOrElseCandidates(env.DB, scoped(`"equipment"`), broken, 120);
    expect(rows.length).toBeGreaterThan(0);
    await expect(matchOrElseCandidates(env.DB, scoped(`"zzqqxxnothing"`), broken, 120)).rejects.toThrow();
  });
});

/** The SQL of every D1 statement the isolate sends while recording (test/helpers/d1-calls.ts). */
const statements: string[] = [];
let restore: (() => void) | null = null;
function recordD1Statements(): void {
  restore = recordD1Calls((sent) => statements.push(...sent));
}
afterEach(() => {
  restore?.();
  restore = null;
  statements.length = 0;
});

describe("POST /v1/search over the whole scope", () => {
  it("finds by its relaxed words when its words find nothing, in one full-text statement", async () => {
    // Eight words no document has, then the common ones the relaxed expression adds ("net income").
    const nothing = Array.from({ length: 8 }, (_, i) => `zq${i}nowhere${word.slice(2, 8)}`).join(" ");
    recordD1Statements();
    const results = await search(org.key, { query: `${nothing} net income ${word}`, search_types: ["rms"], top_k: 5 });
    const fullText = statements.filter((s) => s.includes("MATCH"));
    restore?.();
    expect(results.length).toBeGreaterThan(0);
    expect(fullText).toHaveLength(1);
  });

  it("finds by its words when they match", async () => {
    const results = await search(org.key, { query: `customer concentration ${word}`, search_types: ["rms"], top_k: 5 });
    expect(results.length).toBeGreaterThan(0);
    expect(results[0].text.toLowerCase()).toContain("customer");
  });
});
