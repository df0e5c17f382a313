// The o200k_base vocabulary for core/tokens.ts: js-tiktoken's rank table read into a compact hash table
// (rank of a byte range), plus the few tokens that span a character boundary with part of a character.
import o200k from "js-tiktoken/ranks/o200k_base";
import { runSteps, runStepsCooperatively } from "../figures/steps";

/**
 * The vocabulary in an open-addressing hash table of 3 words a slot: the token's first 4 bytes, its next 4,
 * and (length << 18 | rank + 1). Tokens of up to 8 bytes, nearly every lookup, are compared within the
 * slot; longer ones also against the byte pool. About 10 MB (js-tiktoken's own tables: about 65 MB of
 * heap), built once per isolate on first use in about 100 ms.
 */
export interface Vocabulary {
  pool: Uint8Array;
  /** Token r is pool[start[r] .. start[r + 1]). */
  start: Uint32Array;
  slots: Int32Array;
  mask: number;
  /**
   * Tokens that span a character boundary with part of a character at an end, as what must stand next to
   * that part in the text for the token to fit. openEnds: the start of a character (packed) that ends such
   * a token -> the code points just before it in those tokens (or, as -1 - packed bytes, the end of a
   * character). openStarts: the end of a character that begins one -> the code points just after it (or
   * -1 - packed start of a character).
   */
  openEnds: Map<number, number[]>;
  openStarts: Map<number, number[]>;
  /** One bit per 21-bit hash of every token: most byte ranges that are no token are refused here. */
  filter: Int32Array;
}

let vocabulary: Vocabulary | null = null;
let loading: Promise<Vocabulary> | null = null;

/** The vocabulary, loaded on first use. */
export function o200kVocabulary(): Vocabulary {
  return (vocabulary ??= runSteps(loadVocabularySteps()));
}

/**
 * The vocabulary, loaded on first use in steps of TOKENS_PER_STEP tokens with `pause` between them, so the
 * first submission of an isolate that needs it (about 100-200 ms of loading) does not hold the isolate's
 * other requests for the whole load. Callers that arrive meanwhile wait for the same load.
 */
export function o200kVocabularyInSteps(pause: () => Promise<void>): Promise<Vocabulary> {
  if (vocabulary) return Promise.resolve(vocabulary);
  loading ??= runStepsCooperatively(loadVocabularySteps(), pause)
    .then((v) => (vocabulary ??= v))
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** Tokens decoded, or added to the table, between two pauses of o200kVocabularyInSteps (about 40 steps a phase, each about 2 ms). */
const TOKENS_PER_STEP = 5_000;

const BASE64 = new Int8Array(128).fill(-1);
for (let i = 0; i < 64; i++) BASE64["ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".charCodeAt(i)] = i;

// The key of the byte range last passed to readKey (module state: a function returns one number cheaply).
let keyLow = 0;
let keyHigh = 0;
let keyHash = 0;

function readKey(bytes: Uint8Array, from: number, to: number): void {
  const length = to - from;
  let low = 0;
  let high = 0;
  const a = length < 4 ? length : 4;
  for (let i = 0; i < a; i++) low |= bytes[from + i] << (8 * i);
  const b = length < 8 ? length : 8;
  for (let i = 4; i < b; i++) high |= bytes[from + i] << (8 * (i - 4));
  let h = Math.imul(low ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(high ^ length, 0xc2b2ae35);
  for (let i = from + 8; i < to; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  keyLow = low;
  keyHigh = high;
  keyHash = (h ^ (h >>> 13)) >>> 0;
}

/** Rank of bytes[from..to) as one token, or -1. */
export function rankOf(v: Vocabulary, bytes: Uint8Array, from: number, to: number): number {
  readKey(bytes, from, to);
  const bit = keyHash >>> 11;
  if ((v.filter[bit >>> 5] & (1 << (bit & 31))) === 0) return -1;
  const length = to - from;
  const slots = v.slots;
  let slot = keyHash & v.mask;
  for (;;) {
    const meta = slots[3 * slot + 2];
    if (meta === 0) return -1;
    if (meta >>> 18 === length && slots[3 * slot] === keyLow && slots[3 * slot + 1] === keyHigh) {
      const r = (meta & 0x3ffff) - 1;
      if (length <= 8) return r;
      const s = v.start[r];
      let i = 8;
      while (i < length && v.pool[s + i] === bytes[from + i]) i++;
      if (i === length) return r;
    }
    slot = (slot + 1) & v.mask;
  }
}

/** A partial character (1 to 3 bytes) as one number. */
export function packPartial(bytes: Uint8Array, from: number, to: number): number {
  let key = to - from;
  for (let i = from; i < to; i++) key = key * 256 + bytes[i];
  return key;
}

function utf8Width(lead: number): number {
  return lead < 0x80 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
}

/** Reads the rank table into a Vocabulary, yielding every TOKENS_PER_STEP tokens (each step ends with the module's key and decode state consumed). */
export function* loadVocabularySteps(): Generator<void, Vocabulary, void> {
  // One line: a marker, the first rank, then every token in rank order, base64-encoded and space-separated.
  // Read in place and token by token in small functions (V8 optimizes those soon; one long loop runs cold).
  const text = o200k.bpe_ranks.trim();
  const header = /^\S+ (\d+) /.exec(text);
  if (!header) throw new Error("o200k_base: unexpected rank table");
  const first = Number(header[1]);
  // Every token takes at least 5 characters (4 of base64, a space).
  const start = new Uint32Array(first + ((text.length + 1) / 5 + 2));
  const pool = new Uint8Array(((text.length - header[0].length) * 3) >> 2);
  let at = 0;
  let count = first;
  for (let i = header[0].length; i < text.length; count++) {
    start[count] = at;
    at = decodeBase64(text, i, pool, at);
    i = decodedTo + 1;
    if ((count + 1) % TOKENS_PER_STEP === 0) yield;
  }
  start[count] = at;
  let capacity = 1;
  while (capacity < count * 2.5) capacity <<= 1;
  const v: Vocabulary = {
    pool: pool.subarray(0, at),
    start: start.subarray(0, count + 1),
    slots: new Int32Array(3 * capacity),
    mask: capacity - 1,
    openEnds: new Map(),
    openStarts: new Map(),
    filter: new Int32Array(1 << 16),
  };
  for (let r = first; r < count; r++) {
    addToken(v, r);
    if ((r + 1) % TOKENS_PER_STEP === 0) yield;
  }
  return v;
}

let decodedTo = 0;

/** Decodes the base64 token starting at text[from] into out[at..], up to the next space; returns the new end of out. */
function decodeBase64(text: string, from: number, out: Uint8Array, at: number): number {
  let bits = 0;
  let held = 0;
  let i = from;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32) break;
    const value = c < 128 ? BASE64[c] : -1;
    if (value < 0) continue; // "=" padding
    bits = ((bits << 6) | value) & 0xffffff;
    held += 6;
    if (held >= 8) {
      held -= 8;
      out[at++] = (bits >>> held) & 0xff;
    }
  }
  decodedTo = i;
  return at;
}

function addToken(v: Vocabulary, r: number): void {
  const { pool, slots, mask } = v;
  const from = v.start[r];
  const to = v.start[r + 1];
  readKey(pool, from, to);
  let slot = keyHash & mask;
  while (slots[3 * slot + 2] !== 0) slot = (slot + 1) & mask;
  slots[3 * slot] = keyLow;
  slots[3 * slot + 1] = keyHigh;
  slots[3 * slot + 2] = ((to - from) << 18) | (r + 1);
  const bit = keyHash >>> 11;
  v.filter[bit >>> 5] |= 1 << (bit & 31);
  for (let i = from; i < to; i++) {
    if (pool[i] >= 0x80) {
      noteBoundarySpan(v, from, to);
      return;
    }
  }
}

/** Records the token pool[from..to) in openEnds / openStarts when it spans a character boundary with part of a character at an end. */
function noteBoundarySpan(v: Vocabulary, from: number, to: number): void {
  const pool = v.pool;
  // A leading run of continuation bytes (the end of a character), whole characters, perhaps the start of one.
  let i = from;
  while (i < to && (pool[i] & 0xc0) === 0x80) i++;
  const lead = i - from;
  const wholeFrom = i;
  let lastWhole = -1;
  while (i < to) {
    const width = utf8Width(pool[i]);
    if (i + width > to) break;
    lastWhole = i;
    i += width;
  }
  const tail = to - i;
  const whole = lastWhole >= 0;
  if (lead + tail === 0 || (!whole && (lead === 0 || tail === 0))) return;
  if (lead > 0) {
    const after = whole ? codePointAt(pool, wholeFrom, utf8Width(pool[wholeFrom])) : -1 - packPartial(pool, i, to);
    note(v.openStarts, packPartial(pool, from, from + lead), after);
  }
  if (tail > 0) {
    const before = whole ? codePointAt(pool, lastWhole, i - lastWhole) : -1 - packPartial(pool, from, from + lead);
    note(v.openEnds, packPartial(pool, i, to), before);
  }
}

function note(map: Map<number, number[]>, key: number, neighbour: number): void {
  const list = map.get(key);
  if (list) list.push(neighbour);
  else map.set(key, [neighbour]);
}

function codePointAt(bytes: Uint8Array, at: number, width: number): number {
  if (width === 1) return bytes[at];
  let cp = bytes[at] & (0xff >> (width + 1));
  for (let k = 1; k < width; k++) cp = (cp << 6) | (bytes[at + k] & 0x3f);
  return cp;
}
