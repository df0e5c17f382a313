// The rerank's phrase score reads each chunk's words once for all of a long question's word pairs
// (sequenceCounter) instead of scanning the chunk with one regular expression per pair. Property test: on
// random texts and word sequences over an alphabet of letters, digits, accents, symbols and surrogate
// halves, the count agrees with the patterns it replaced, kept here as written in rank.ts.
import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { sequenceCounter } from "../../src/search/rank";

const WORD = "a-z0-9\\u00c0-\\uffff";
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The pattern a phrase was matched with before: its words in order, whole, anything else between them. */
const wholeWords = (words: string[]) => new RegExp(`(?<![${WORD}])${words.map(escapeRegExp).join(`[^${WORD}]+`)}(?![${WORD}])`);

const PIECES = ["net", "sales", "net sales", "12", "345", "12,345", "2018", "é", "ü", "ª", "²", "\ud83d", "\ude00", "😀", " ", "  ", "-", ",", ".", "\n", "&", "r&d", "NET", "a", "ab"];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }).map((p) => p.join("").toLowerCase());
const phrase = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 4 }).map((p) => p.join(" ").toLowerCase().split(/[^a-z0-9\u00c0-\uffff]+/).filter(Boolean));

describe("phrase lookup", () => {
  test.prop([text, fc.array(fc.tuple(phrase, fc.integer({ min: 1, max: 3 })), { minLength: 1, maxLength: 8 })], { numRuns: 3_000 })(
    "counts what the whole-words patterns find, each sequence once",
    (t, pairs) => {
      const sequences = pairs.map(([words, count]) => ({ words, count }));
      const expected = sequences.reduce((sum, s) => sum + (s.words.length > 0 && wholeWords(s.words).test(t) ? s.count : 0), 0);
      expect(sequenceCounter(sequences)(t)).toBe(expected);
    },
  );

  it("finds pairs across punctuation and not inside longer words", () => {
    const has = (words: string[]) => sequenceCounter([{ words, count: 1 }])("net sales, 2018: $12,345 million (net-sales)") === 1;
    expect(has(["net", "sales"])).toBe(true);
    expect(has(["sales", "2018"])).toBe(true);
    expect(has(["12", "345", "million"])).toBe(true);
    expect(has(["sale", "2018"])).toBe(false);
    expect(has(["million", "net", "sales"])).toBe(true);
    expect(has(["2018", "12"])).toBe(true);
    expect(has(["345", "net"])).toBe(false);
    // A sequence met twice in the text counts once; two sequences starting with the same word each count.
    expect(sequenceCounter([{ words: ["net", "sales"], count: 2 }, { words: ["net", "income"], count: 1 }])("net sales; net sales; net income")).toBe(3);
  });
});
