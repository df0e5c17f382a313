// The fixed split of the 150 FinanceBench questions for `npm run bench:chat`, chosen before any result was
// seen: a question is in the tuning half when the FNV-1a hash of its financebench_id is even. The local
// answer engine may be tuned on that half only (its questions read one by one); the other half is held back
// and only ever reported as a whole.

/** 32-bit FNV-1a of a string's UTF-16 code units. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Whether the question is in the tuning half (else held back). */
export function inTuningHalf(financebenchId: string): boolean {
  return fnv1a(financebenchId) % 2 === 0;
}
