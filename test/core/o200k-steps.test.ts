// The o200k vocabulary loaded in steps (the first near-budget judge submission of an isolate loads it with
// turns between the steps, so the isolate's other requests are served meanwhile) is the one loaded at once.
import { describe, expect, it } from "vitest";
import { loadVocabularySteps, o200kVocabulary, o200kVocabularyInSteps } from "../../src/core/o200k";
import { TokenCounter } from "../../src/core/tokens";

function sameArray(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

describe("o200k vocabulary in steps", () => {
  it("is the vocabulary loaded at once, read in about eighty steps", () => {
    const steps = loadVocabularySteps();
    let pauses = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) pauses += 1;
    const stepped = step.value;
    const whole = o200kVocabulary();
    expect(pauses).toBeGreaterThanOrEqual(60);
    expect(pauses).toBeLessThanOrEqual(100);
    expect(stepped.mask).toBe(whole.mask);
    for (const key of ["pool", "start", "slots", "filter"] as const) expect(sameArray(stepped[key], whole[key])).toBe(true);
    expect([...stepped.openEnds]).toEqual([...whole.openEnds]);
    expect([...stepped.openStarts]).toEqual([...whole.openStarts]);
  });

  it("counts with the stepped vocabulary as with the one loaded at once", async () => {
    const vocabulary = await o200kVocabularyInSteps(() => Promise.resolve());
    const text = "Net sales were $32,765 million in 2018. 彩票 и доход 😀 — compared with $31,657 million in 2017.";
    expect(new TokenCounter(vocabulary).count(text)).toBe(new TokenCounter().count(text));
  });
});
