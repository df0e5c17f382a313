// The readers' caches share one budget of memory (src/figures/text-cache.ts): whatever an isolate reads,
// what they keep stays within TEXT_CACHE_BYTES as estimated, the least recently used text is forgotten
// first, and a text too large for the budget is read and not kept. Before, each cache had its own budget in
// characters, and together they could keep about 120 MB of readings (bench:memory's bytes per character),
// nearly all of a Worker's 128 MB.
import { describe, expect, it } from "vitest";
import { TEXT_CACHE_BYTES, textCache, textCacheUse } from "../../src/figures/text-cache";
import { READING_BYTES_PER_CHAR, readText } from "../../src/figures/context";
import { TABLE_BYTES_PER_CHAR } from "../../src/figures/table";

/** A cache whose values are said to take 100,000 bytes per character: a 10-character text is 1 MB. */
function countingCache() {
  const reads = new Map<string, number>();
  const cache = textCache((text: string) => {
    reads.set(text, (reads.get(text) ?? 0) + 1);
    return { text };
  }, 100_000);
  return { cache, reads };
}

describe("one memory budget for the readers' caches", () => {
  it("counts a real reading by the length of its text", () => {
    const text = "Net sales were $32,765 million in 2018, compared with $31,657 million in 2017.";
    const before = textCacheUse();
    const read = readText(text);
    expect(read.figures.length).toBeGreaterThan(0);
    const after = textCacheUse();
    // Its tables and its figures, each by its measured bytes per character (bench:memory).
    expect(after.entries).toBe(before.entries + 2);
    expect(after.bytes - before.bytes).toBe(text.length * (TABLE_BYTES_PER_CHAR + READING_BYTES_PER_CHAR));
    // Kept: the same object again, nothing added.
    expect(readText(text)).toBe(read);
    expect(textCacheUse().bytes).toBe(after.bytes);
  });

  it("keeps what they hold within the budget however many texts are read", () => {
    const { cache } = countingCache();
    // 200 texts of 1 MB each: three times the budget.
    for (let i = 0; i < 200; i++) {
      cache(`text ${String(i).padStart(5, "0")}`);
      expect(textCacheUse().bytes).toBeLessThanOrEqual(TEXT_CACHE_BYTES);
    }
    expect(textCacheUse().bytes).toBeGreaterThan(TEXT_CACHE_BYTES * 0.9);
    expect(textCacheUse().budget).toBe(TEXT_CACHE_BYTES);
  });

  it("forgets the least recently used text first, and reads a forgotten text again", () => {
    const { cache, reads } = countingCache();
    const first = "first text";
    cache(first);
    const perText = 1_000_000;
    const room = Math.floor(TEXT_CACHE_BYTES / perText);
    for (let i = 0; i < room * 2; i++) {
      cache(`fill ${String(i).padStart(5, "0")}`);
      // Read again before each new text: always the most recent, never forgotten.
      cache(first);
    }
    expect(reads.get(first)).toBe(1);
    // The oldest fill texts are gone; reading one reads it again. The newest is kept.
    cache("fill 00000");
    expect(reads.get("fill 00000")).toBe(2);
    cache(`fill ${String(room * 2 - 1).padStart(5, "0")}`);
    expect(reads.get(`fill ${String(room * 2 - 1).padStart(5, "0")}`)).toBe(1);
  });

  it("reads a text too large for the budget and does not keep it", () => {
    const { cache, reads } = countingCache();
    // An eighth of the budget at most: 100 characters here are 10 MB, more than 64 MB / 8.
    const large = "x".repeat(100);
    const before = textCacheUse().bytes;
    expect(cache(large)).toEqual({ text: large });
    expect(cache(large)).toEqual({ text: large });
    expect(reads.get(large)).toBe(2);
    expect(textCacheUse().bytes).toBe(before);
  });

});
