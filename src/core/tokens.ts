// Counts o200k_base tokens (js-tiktoken's pre-token pattern and byte-pair ranks) in time about linear in the
// text: js-tiktoken's merge is quadratic in a pre-token's length, and dense CJK or a run of emoji is one
// pre-token however long, so counting a 200,000-character answer took seconds of a request's CPU.
import o200k from "js-tiktoken/ranks/o200k_base";
import { o200kVocabulary, packPartial, rankOf, type Vocabulary } from "./o200k";
import { asciiPieceEnd, PieceMemo } from "./pre-tokens";

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

/** How far a count has come: its total, where it goes on, and the end of the long pre-token it is in, if any. */
interface Position {
  total: number;
  from: number;
  pieceEnd: number;
}

/** Pre-tokens up to this many UTF-16 units have their count remembered within one counter. */
const MEMO_PIECE = 64;

/**
 * Counts o200k_base tokens of texts as js-tiktoken's `encode(text, [], []).length` does (special-token strings
 * such as "<|endoftext|>" are plain text), except that a pre-token longer than SLICE units is counted slice by
 * slice (a cut can add the token that would span it: measured at most one per cut, +0.03% on unbroken
 * Chinese, never fewer). One counter per request: its memo of repeated pre-tokens holds that request's text
 * only and is bounded. Pre-tokens of plain ASCII words and digits are found without the pattern
 * (asciiPieceEnd), the rest with it.
 */
export class TokenCounter {
  private readonly scratch = new Scratch();
  private readonly memo = new PieceMemo();
  private readonly pattern = new RegExp(o200k.pat_str, "uy");

  /** A counter over the vocabulary given (see o200kVocabularyInSteps), else the vocabulary loaded at once. */
  constructor(private readonly vocabulary: Vocabulary = o200kVocabulary()) {}

  /** Tokens of text; stops early and returns a figure over `limit` once the count passes it. */
  count(text: string, limit = Infinity): number {
    const at: Position = { total: 0, from: 0, pieceEnd: 0 };
    this.scan(text, at, text.length, limit);
    return at.total;
  }

  /**
   * Tokens of several texts together, counted as `count` counts each, in steps of about `step` UTF-16 units
   * (cut where the count is cut anyway: between pre-tokens or a long pre-token's slices, so the figure is
   * the same), awaiting `pause` between steps: long texts do not hold the isolate's other requests. Stops
   * early with a figure over `limit` once the count passes it.
   */
  async countInSteps(texts: readonly string[], limit: number, step: number, pause: () => Promise<void>): Promise<number> {
    let total = 0;
    let budget = step;
    for (const text of texts) {
      const at: Position = { total, from: 0, pieceEnd: 0 };
      for (;;) {
        const from = at.from;
        this.scan(text, at, from + budget, limit);
        budget -= at.from - from;
        if (at.from >= text.length || at.total > limit) break;
        await pause();
        budget = step;
      }
      total = at.total;
      if (total > limit) break;
    }
    return total;
  }

  /** Counts on from `at` until the count reaches `until` in text (or passes `limit`), moving `at`. */
  private scan(text: string, at: Position, until: number, limit: number): void {
    // Sticky: the pattern matches at every position (any character fits one of its branches), so pieces
    // are consecutive; test() spares a match array per piece.
    const pattern = this.pattern;
    while (at.from < text.length && at.from < until && at.total <= limit) {
      const from = at.from;
      if (at.pieceEnd > from) {
        // Within a pre-token longer than SLICE: its next slice (never half a surrogate pair).
        let end = Math.min(at.pieceEnd, from + SLICE);
        const last = text.charCodeAt(end - 1);
        if (end < at.pieceEnd && last >= 0xd800 && last <= 0xdbff) end--;
        at.total += mergeCount(this.vocabulary, this.scratch, prepare(this.vocabulary, this.scratch, text, from, end));
        at.from = end;
        continue;
      }
      let to = asciiPieceEnd(text, from);
      if (to < 0) {
        pattern.lastIndex = from;
        to = pattern.test(text) ? pattern.lastIndex : from;
      }
      if (to <= from) to = from + (text.charCodeAt(from) >= 0xd800 && text.charCodeAt(from) <= 0xdbff && from + 1 < text.length ? 2 : 1); // never, but always progress
      if (to - from <= MEMO_PIECE) {
        let n = this.memo.find(text, from, to);
        if (n < 0) {
          n = mergeCount(this.vocabulary, this.scratch, prepare(this.vocabulary, this.scratch, text, from, to));
          this.memo.add(text, from, to, n);
        }
        at.total += n;
        at.from = to;
      } else at.pieceEnd = to;
    }
  }
}

/** Tokens of one text (a fresh counter; use one TokenCounter for the texts of one request). */
export function countTokens(text: string): number {
  return new TokenCounter().count(text);
}
