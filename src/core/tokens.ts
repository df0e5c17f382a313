// Counts o200k_base tokens (js-tiktoken's pre-token pattern and byte-pair ranks) in time about linear in the
// text: js-tiktoken's merge is quadratic in a pre-token's length, and dense CJK or a run of emoji is one
// pre-token however long, so counting a 200,000-character answer took seconds of a request's CPU.
import o200k from "js-tiktoken/ranks/o200k_base";

/**
 * The vocabulary in an open-addressing hash table of 3 words a slot: the token's first 4 bytes, its next 4,
 * and (length << 18 | rank + 1). Tokens of up to 8 bytes, nearly every lookup, are compared within the
 * slot; longer ones also against the byte pool. About 10 MB (js-tiktoken's own tables: about 65 MB of
 * heap), built once per isolate on first use in about 100 ms.
 */
interface Vocabulary {
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
function rankOf(v: Vocabulary, bytes: Uint8Array, from: number, to: number): number {
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
function packPartial(bytes: Uint8Array, from: number, to: number): number {
  let key = to - from;
  for (let i = from; i < to; i++) key = key * 256 + bytes[i];
  return key;
}

function utf8Width(lead: number): number {
  return lead < 0x80 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
}

function loadVocabulary(): Vocabulary {
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
  for (let r = first; r < count; r++) addToken(v, r);
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

/**
 * How a character enters the merge: as single bytes, as tiktoken starts (-1), or already merged on its own,
 * packed as part count | length1 << 3 | length2 << 6 | ... (| NEEDS_CONTEXT). Starting merged gives
 * tiktoken's result when (1) no token spanning a character boundary with part of this character at an end
 * fits the text around it (o200k has 794 such tokens, e.g. 彩 + the first two bytes of 票; charContextOk
 * checks the neighbours named in openEnds / openStarts), so its bytes merge only among themselves; and (2)
 * when it is one token, every merge building it alone ranks at most that token. Every o200k token is the
 * merge of two lower-ranked tokens (the tests check this), so by (1) any longer token that can form around it
 * holds it as a part and ranks above it: in tiktoken's order the character is complete before any merge that
 * involves it whole, and the other merges do not depend on its bytes. The tests compare with js-tiktoken.
 */
function charEntry(v: Vocabulary, cp: number): CharEntry {
  const bytes = charBytes;
  const width = cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  for (let k = width - 1, rest = cp; k >= 0; k--, rest >>= 6) bytes[k] = k > 0 ? 0x80 | (rest & 0x3f) : LEAD[width] | rest;
  let before = NONE;
  let after = NONE;
  for (let k = 1; k < width; k++) {
    const ending = v.openEnds.get(packPartial(bytes, 0, k));
    if (ending) before = before.concat(ending);
    const starting = v.openStarts.get(packPartial(bytes, k, width));
    if (starting) after = after.concat(starting);
  }
  // tiktoken's merge on the character alone (at most 4 bytes: a linear scan is enough).
  const ends = [1, 2, 3, 4].slice(0, width);
  let highest = -1;
  for (;;) {
    let best = -1;
    let at = -1;
    for (let i = 0; i + 1 < ends.length; i++) {
      const r = rankOf(v, bytes, i === 0 ? 0 : ends[i - 1], ends[i + 1]);
      if (r >= 0 && (best < 0 || r < best)) {
        best = r;
        at = i;
      }
    }
    if (at < 0) break;
    highest = Math.max(highest, best);
    ends.splice(at, 1);
  }
  if (ends.length === 1) {
    const rank = rankOf(v, bytes, 0, width);
    if (highest > rank) return { packed: -1, before, after };
  }
  let packed = ends.length;
  for (let i = 0; i < ends.length; i++) packed |= (ends[i] - (i === 0 ? 0 : ends[i - 1])) << (3 + 3 * i);
  return { packed: before.length + after.length > 0 ? packed | NEEDS_CONTEXT : packed, before, after };
}

interface CharEntry {
  packed: number;
  /** What may not stand just before / after the character for it to start merged (see Vocabulary). */
  before: readonly number[];
  after: readonly number[];
}

const NEEDS_CONTEXT = 1 << 20;
const NONE: readonly number[] = [];
const LEAD = [0, 0, 0xc0, 0xe0, 0xf0];
const charBytes = new Uint8Array(4);
const neighbourBytes = new Uint8Array(4);

/** Whether `neighbour` (a code point, -1 for none) is one that a boundary-spanning token needs there. */
function fits(item: number, neighbour: number, atEnd: boolean): boolean {
  if (neighbour < 0) return false;
  if (item >= 0) return item === neighbour;
  // A part of a character: the neighbour's bytes must end (before) or start (after) with it.
  const width = neighbour < 0x80 ? 1 : neighbour < 0x800 ? 2 : neighbour < 0x10000 ? 3 : 4;
  for (let k = width - 1, rest = neighbour; k >= 0; k--, rest >>= 6) neighbourBytes[k] = width === 1 ? rest : k > 0 ? 0x80 | (rest & 0x3f) : LEAD[width] | rest;
  const partial = -1 - item;
  for (let length = 1; length <= width; length++) {
    const from = atEnd ? width - length : 0;
    if (packPartial(neighbourBytes, from, from + length) === partial) return true;
  }
  return false;
}

function charContextOk(entry: CharEntry, previous: number, following: number): boolean {
  for (const item of entry.before) if (fits(item, previous, true)) return false;
  for (const item of entry.after) if (fits(item, following, false)) return false;
  return true;
}

/** Per BMP code unit and per astral code point seen (bounded): its CharEntry. */
const bmpEntries: (CharEntry | undefined)[] = new Array(0x10000);
const astralEntries = new Map<number, CharEntry>();

function entryOf(v: Vocabulary, cp: number): CharEntry {
  if (cp < 0x10000) return (bmpEntries[cp] ??= charEntry(v, cp));
  let entry = astralEntries.get(cp);
  if (entry === undefined) {
    if (astralEntries.size >= 0x10000) astralEntries.clear();
    entry = charEntry(v, cp);
    astralEntries.set(cp, entry);
  }
  return entry;
}

/** Pre-tokens are merged in slices of at most this many UTF-16 units (< 8192 bytes: heap keys fit 13 bits). */
const SLICE = 2048;
const SLICE_BYTES = 3 * SLICE;

/** Working arrays of one counter, sized for one slice. */
class Scratch {
  readonly bytes = new Uint8Array(SLICE_BYTES);
  readonly next = new Int32Array(SLICE_BYTES + 1);
  readonly prev = new Int32Array(SLICE_BYTES + 1);
  readonly pairRank = new Int32Array(SLICE_BYTES + 1);
  readonly heap = new Int32Array(3 * SLICE_BYTES);
  readonly codePoints = new Int32Array(SLICE + 1);
  readonly offsets = new Int32Array(SLICE + 1);
}

/**
 * UTF-8 of text[from..to) into s.bytes (a lone surrogate as U+FFFD, like TextEncoder), with s.next linking
 * the parts the merge starts from (see charEntry). Returns the byte length.
 */
function prepare(v: Vocabulary, s: Scratch, text: string, from: number, to: number): number {
  const { bytes: out, next, codePoints, offsets } = s;
  let n = 0;
  let chars = 0;
  for (let i = from; i < to; i++) {
    let cp = text.charCodeAt(i);
    if (cp >= 0xd800 && cp <= 0xdfff) {
      const low = i + 1 < to ? text.charCodeAt(i + 1) : 0;
      if (cp <= 0xdbff && low >= 0xdc00 && low <= 0xdfff) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
        i++;
      } else cp = 0xfffd;
    }
    codePoints[chars] = cp;
    offsets[chars++] = n;
    if (cp < 0x80) out[n++] = cp;
    else if (cp < 0x800) {
      out[n++] = 0xc0 | (cp >> 6);
      out[n++] = 0x80 | (cp & 0x3f);
    } else if (cp < 0x10000) {
      out[n++] = 0xe0 | (cp >> 12);
      out[n++] = 0x80 | ((cp >> 6) & 0x3f);
      out[n++] = 0x80 | (cp & 0x3f);
    } else {
      out[n++] = 0xf0 | (cp >> 18);
      out[n++] = 0x80 | ((cp >> 12) & 0x3f);
      out[n++] = 0x80 | ((cp >> 6) & 0x3f);
      out[n++] = 0x80 | (cp & 0x3f);
    }
  }
  offsets[chars] = n;
  for (let c = 0; c < chars; c++) {
    const cp = codePoints[c];
    const at = offsets[c];
    if (cp < 0x80) {
      next[at] = at + 1;
      continue;
    }
    const entry = entryOf(v, cp);
    let packed = entry.packed;
    if (packed >= 0 && packed & NEEDS_CONTEXT && !charContextOk(entry, c > 0 ? codePoints[c - 1] : -1, c + 1 < chars ? codePoints[c + 1] : -1)) packed = -1;
    if (packed < 0) {
      for (let k = at, end = offsets[c + 1]; k < end; k++) next[k] = k + 1;
    } else {
      let p = at;
      for (let part = 0, count = packed & 7; part < count; part++) {
        const length = (packed >> (3 + 3 * part)) & 7;
        next[p] = p + length;
        p += length;
      }
    }
  }
  return n;
}

/**
 * Tokens of one slice of m bytes: tiktoken's merge (repeatedly join the adjacent pair whose bytes form the
 * lowest-ranked token, the leftmost on a tie) with the candidate pairs in a binary heap, O(m log m) instead
 * of O(m^2). Keys are rank << 13 | position, so equal ranks pop leftmost first; a popped pair whose left part
 * was merged away or re-paired since is skipped.
 */
function mergeCount(v: Vocabulary, s: Scratch, m: number): number {
  const { bytes, next, prev, pairRank, heap } = s;
  if (m <= 128 && rankOf(v, bytes, 0, m) >= 0) return 1;
  let size = 0;
  let parts = 0;
  let last = -1;
  for (let i = 0; i < m; i = next[i]) {
    prev[i] = last;
    last = i;
    parts++;
    const j = next[i];
    const r = j < m ? rankOf(v, bytes, i, next[j]) : -1;
    pairRank[i] = r;
    if (r >= 0) size = heapPush(heap, size, (r << 13) | i);
  }
  while (size > 0) {
    const key = heap[0];
    size = heapPop(heap, size);
    const i = key & 0x1fff;
    const r = key >>> 13;
    if (pairRank[i] !== r) continue;
    const j = next[i];
    const after = next[j];
    next[i] = after;
    if (after < m) prev[after] = i;
    pairRank[j] = -1;
    parts--;
    const nr = after < m ? rankOf(v, bytes, i, next[after]) : -1;
    pairRank[i] = nr;
    if (nr >= 0) size = heapPush(heap, size, (nr << 13) | i);
    const p = prev[i];
    if (p >= 0) {
      const pr = rankOf(v, bytes, p, after);
      if (pr !== pairRank[p]) {
        pairRank[p] = pr;
        if (pr >= 0) size = heapPush(heap, size, (pr << 13) | p);
      }
    }
  }
  return parts;
}

function heapPush(heap: Int32Array, size: number, key: number): number {
  let i = size;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (heap[parent] <= key) break;
    heap[i] = heap[parent];
    i = parent;
  }
  heap[i] = key;
  return size + 1;
}

function heapPop(heap: Int32Array, size: number): number {
  const last = heap[--size];
  let i = 0;
  for (;;) {
    let child = 2 * i + 1;
    if (child >= size) break;
    if (child + 1 < size && heap[child + 1] < heap[child]) child++;
    if (heap[child] >= last) break;
    heap[i] = heap[child];
    i = child;
  }
  heap[i] = last;
  return size;
}

/** Pre-tokens up to this many UTF-16 units have their count remembered within one counter. */
const MEMO_PIECE = 64;
const MEMO_ENTRIES = 8192;

/**
 * Counts o200k_base tokens of texts as js-tiktoken's `encode(text, [], []).length` does (special-token strings
 * such as "<|endoftext|>" are plain text), except that a pre-token longer than SLICE units is counted slice by
 * slice (a cut can add the token that would span it: measured at most one per cut, +0.03% on unbroken
 * Chinese, never fewer). One counter per request: its memo of repeated pre-tokens holds that request's text
 * only and is bounded.
 */
export class TokenCounter {
  private readonly vocabulary = (vocabulary ??= loadVocabulary());
  private readonly scratch = new Scratch();
  private readonly memo = new Map<string, number>();
  private readonly pattern = new RegExp(o200k.pat_str, "uy");

  /** Tokens of text; stops early and returns a figure over `limit` once the count passes it. */
  count(text: string, limit = Infinity): number {
    // Sticky: the pattern matches at every position (any character fits one of its branches), so pieces
    // are consecutive; test() spares a match array per piece.
    const pattern = this.pattern;
    let total = 0;
    for (let from = 0; from < text.length; ) {
      pattern.lastIndex = from;
      let to = pattern.test(text) ? pattern.lastIndex : from;
      if (to <= from) to = from + (text.charCodeAt(from) >= 0xd800 && text.charCodeAt(from) <= 0xdbff && from + 1 < text.length ? 2 : 1); // never, but always progress
      if (to - from <= MEMO_PIECE) total += this.short(text.slice(from, to));
      else {
        for (let at = from; at < to; ) {
          let end = Math.min(to, at + SLICE);
          const last = text.charCodeAt(end - 1);
          if (end < to && last >= 0xd800 && last <= 0xdbff) end--;
          total += mergeCount(this.vocabulary, this.scratch, prepare(this.vocabulary, this.scratch, text, at, end));
          at = end;
          if (total > limit) return total;
        }
      }
      if (total > limit) return total;
      from = to;
    }
    return total;
  }

  private short(piece: string): number {
    const known = this.memo.get(piece);
    if (known !== undefined) return known;
    const n = mergeCount(this.vocabulary, this.scratch, prepare(this.vocabulary, this.scratch, piece, 0, piece.length));
    if (this.memo.size >= MEMO_ENTRIES) this.memo.clear();
    this.memo.set(piece, n);
    return n;
  }
}

/** Tokens of one text (a fresh counter; use one TokenCounter for the texts of one request). */
export function countTokens(text: string): number {
  return new TokenCounter().count(text);
}
