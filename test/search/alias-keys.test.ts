// Company aliases looked up by the words a query starts them with (src/search/aliases.ts): the rows kept
// are those whose alias is one of the query's candidates (its runs of one to four words, spaced or joined,
// and its marked forms), in the candidates' order: what looking every candidate up by equality gave.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { aliasLookupKeys, aliasQuerySteps, namedAliases, queryAliasCandidates } from "../../src/search/aliases";
import { runSteps } from "../../src/figures/steps";

/** The rows of each candidate, in the candidates' order (a candidate's rows by ticker). */
function byEquality(query: string, rows: { alias: string; ticker: string }[]) {
  return queryAliasCandidates(query).flatMap((c) =>
    rows
      .filter((r) => r.alias === c)
      .sort((a, b) => (a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0))
      .filter((r, i, all) => i === 0 || all[i - 1].ticker !== r.ticker),
  );
}

const WORDS = ["coca", "cola", "co", "la", "cocacola", "3m", "amex", "the", "home", "depot", "a", "b", "ab"];

describe("alias look-up by words", () => {
  it("keeps the aliases among the candidates, in their order, as looking each candidate up did", () => {
    const word = fc.constantFrom(...WORDS, "AmEx", "JnJ", "GOOGL", "FedEx");
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 0, maxLength: 12 }),
        fc.array(fc.record({ alias: fc.oneof(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 5 }).map((w) => w.join(" ")), fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 5 }).map((w) => w.join("")), fc.constantFrom("$amex", "~amex", "$jnj", "$googl", "~fedex", "$fedex")), ticker: fc.constantFrom("KO", "MMM", "AXP", "HD", "X") }), { maxLength: 40 }),
        (words, rows) => {
          const query = words.join(" ");
          const q = runSteps(aliasQuerySteps(query));
          // What D1 returns for the keys: every row whose alias starts with one of them.
          const keys = aliasLookupKeys(q);
          const returned = rows.filter((r) => keys.some((k) => r.alias.startsWith(k)));
          expect(namedAliases(q, returned)).toEqual(byEquality(query, rows));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it("finds a company by its joined name, its spaced name and its ticker, and not by a word of another name", () => {
    const rows = [
      { alias: "coca cola", ticker: "KO" },
      { alias: "cocacola", ticker: "KO" },
      { alias: "$ko", ticker: "KO" },
      { alias: "home depot", ticker: "HD" },
    ];
    const named = (query: string) => namedAliases(runSteps(aliasQuerySteps(query)), rows).map((r) => `${r.alias}:${r.ticker}`);
    expect(named("What was Coca-Cola's revenue?")).toEqual(["coca cola:KO", "cocacola:KO"]);
    expect(named("What was CocaCola's revenue?")).toEqual(["cocacola:KO"]);
    expect(named("KO revenue in 2022")).toEqual(["$ko:KO"]);
    expect(named("Home improvement sales at a depot")).toEqual([]);
  });
});
