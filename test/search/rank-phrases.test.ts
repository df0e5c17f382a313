// The rerank's phrase score looks a question's word pairs up in each chunk's words (wordIndex,
// hasWordSequence) instead of scanning the chunk with one regular expression per pair. Property test: on
// random texts and word sequences over an alphabet of letters, digits, accents, symbols and surrogate
// halves, the lookup agrees with the pattern it replaced, kept here as written in rank.ts.
import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { conceptMatcher, hasWordSequence, wordIndex } from "../../src/search/rank";

const WORD = "a-z0-9\\u00c0-\\uffff";
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The pattern a phrase was matched with before: its words in order, whole, anything else between them. */
const wholeWords = (words: string[]) => new RegExp(`(?<![${WORD}])${words.map(escapeRegExp).join(`[^${WORD}]+`)}(?![${WORD}])`);

const PIECES = ["net", "sales", "net sales", "revenues", "revenue", "revenu", "expenditures", "12", "345", "12,345", "2018", "é", "ü", "ª", "²", "\ud83d", "\ude00", "😀", " ", "  ", "-", ",", ".", "\n", "&", "r&d", "NET", "a", "ab"];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }).map((p) => p.join("").toLowerCase());
const phrase = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 4 }).map((p) => p.join(" ").toLowerCase().split(/[^a-z0-9\u00c0-\uffff]+/).filter(Boolean));

/** A concept's variant as a query may give it: words that can hold symbols ("r&d", "12,345"), or a surrogate half. */
const rawVariant = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 3 }).map((p) => p.join(" ").toLowerCase().split(" ").filter(Boolean));

describe("phrase lookup", () => {
  test.prop([text, phrase], { numRuns: 3_000 })("agrees with the whole-words pattern", (t, words) => {
    fc.pre(words.length > 0);
    expect(hasWordSequence(wordIndex(t), words)).toBe(wholeWords(words).test(t));
  });

  it("finds pairs across punctuation and not inside longer words", () => {
    const index = wordIndex("net sales, 2018: $12,345 million (net-sales)");
    expect(hasWordSequence(index, ["net", "sales"])).toBe(true);
    expect(hasWordSequence(index, ["sales", "2018"])).toBe(true);
    expect(hasWordSequence(index, ["12", "345", "million"])).toBe(true);
    expect(hasWordSequence(index, ["sale", "2018"])).toBe(false);
    expect(hasWordSequence(index, ["million", "net", "sales"])).toBe(true);
    expect(hasWordSequence(index, ["2018", "12"])).toBe(true);
    expect(hasWordSequence(index, ["345", "net"])).toBe(false);
  });

  // A query of many concepts (a reference's table) tells which a candidate may hold from its words, read
  // once, instead of a substring search per concept: the same concepts found either way.
  test.prop([text, fc.array(phrase, { minLength: 1, maxLength: 3 })], { numRuns: 3_000 })("a concept is found from a text's words as from its text", (t, variants) => {
    const m = conceptMatcher({ variants, weight: 1, origin: "word" });
    fc.pre(m !== null);
    expect(m!(t, wordIndex(t))).toBe(m!(t));
  });

  test.prop([text, fc.array(rawVariant, { minLength: 1, maxLength: 3 })], { numRuns: 3_000 })("a concept with symbols is found as its pattern finds it", (t, variants) => {
    const m = conceptMatcher({ variants, weight: 1, origin: "word" });
    fc.pre(m !== null);
    expect(m!(t, wordIndex(t))).toBe(m!(t));
  });

  it("finds a concept's stem as a word's start, and a number only whole", () => {
    const t = "net revenues rose; capital expenditures of 1,577 in 2018";
    const words = wordIndex(t);
    const found = (variants: string[][]) => conceptMatcher({ variants, weight: 1, origin: "word" })!(t, words);
    expect(found([["revenue"]])).toBe(true);
    expect(found([["capital", "expenditure"]])).toBe(true);
    expect(found([["577"]])).toBe(true);
    expect(found([["57"]])).toBe(false);
    expect(found([["expenditures", "of", "2018"]])).toBe(false);
  });
});
