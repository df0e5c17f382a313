// A seeded pseudo-random generator (mulberry32) for benchmark and test inputs: the same seed gives the same
// inputs on every machine, so figures and fuzz cases can be reproduced.

/** Numbers in [0, 1) from a 32-bit seed. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
