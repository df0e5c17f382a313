// Pre-tokens of the o200k counter (tokens.ts) read without the pattern where English text allows it, and the
// counter's memo of short pre-tokens: both work on a text and a range in it, so counting slices nothing.

/** Short pre-tokens one counter remembers; past this many the memo forgets them all. */
const MEMO_ENTRIES = 8192;
/** Slots of the memo's open-addressing table: twice its entries, a power of two. */
const MEMO_SLOTS = 16384;

const isAsciiLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isAsciiDigit = (c: number) => c >= 48 && c <= 57;

/**
 * The end of the pre-token that starts at `from` when it is what most English text is made of, decided
 * without the pattern: up to three ASCII digits (\p{N}{1,3}), or ASCII letters with at most one leading
 * ASCII sign or space and an English contraction ('s, 't, 're, 've, 'm, 'll, 'd), as the pattern's first two
 * branches match them (upper-case letters then lower-case ones, or upper-case ones alone). -1 when the
 * pattern must decide: any other start, or a character past ASCII where the match could go on.
 */
export function asciiPieceEnd(text: string, from: number): number {
  const n = text.length;
  const c = text.charCodeAt(from);
  if (isAsciiDigit(c)) {
    let end = from + 1;
    while (end < n && end - from < 3) {
      const d = text.charCodeAt(end);
      if (isAsciiDigit(d)) end++;
      else if (d >= 0x80) return -1;
      else break;
    }
    return end;
  }
  if (c >= 0x80 || c === 10 || c === 13) return -1;
  let i = from;
  if (!isAsciiLetter(c)) {
    // [^\r\n\p{L}\p{N}]? before the letters: taken whenever letters follow.
    if (from + 1 >= n || !isAsciiLetter(text.charCodeAt(from + 1))) return -1;
    i = from + 1;
  }
  while (i < n && text.charCodeAt(i) >= 65 && text.charCodeAt(i) <= 90) i++;
  while (i < n && text.charCodeAt(i) >= 97 && text.charCodeAt(i) <= 122) i++;
  if (i >= n) return i;
  const next = text.charCodeAt(i);
  if (next >= 0x80) return -1; // a letter or mark past ASCII would go on
  if (next !== 39) return i;
  if (i + 1 >= n) return i;
  const a = text.charCodeAt(i + 1) | 0x20;
  if (text.charCodeAt(i + 1) >= 0x80) return -1;
  if (a === 115 || a === 116 || a === 109 || a === 100) return i + 2; // 's 't 'm 'd
  if (a !== 114 && a !== 118 && a !== 108) return i;
  if (i + 2 >= n) return i;
  const b = text.charCodeAt(i + 2);
  if (b >= 0x80) return -1;
  if ((a === 114 && (b | 0x20) === 101) || (a === 118 && (b | 0x20) === 101) || (a === 108 && (b | 0x20) === 108)) return i + 3; // 're 've 'll
  return i;
}

/**
 * Counts of short pre-tokens already counted, keyed by the text they are in and their range: an
 * open-addressing table with the pre-token's own characters as the key (FNV-1a), so a lookup slices nothing.
 * Cleared when full (MEMO_ENTRIES).
 */
export class PieceMemo {
  private readonly keys: (string | undefined)[] = new Array<string | undefined>(MEMO_SLOTS);
  private readonly hashes = new Int32Array(MEMO_SLOTS);
  private readonly counts = new Int32Array(MEMO_SLOTS);
  private size = 0;

  private hash = 0;
  private slot = 0;

  /** The count of text[from..to), or -1: then `add` it. */
  find(text: string, from: number, to: number): number {
    let hash = 0x811c9dc5 | 0;
    for (let i = from; i < to; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    const length = to - from;
    let slot = hash & (MEMO_SLOTS - 1);
    for (let key = this.keys[slot]; key !== undefined; key = this.keys[slot]) {
      if (this.hashes[slot] === hash && key.length === length && sameChars(key, text, from)) return this.counts[slot];
      slot = (slot + 1) & (MEMO_SLOTS - 1);
    }
    this.hash = hash;
    this.slot = slot;
    return -1;
  }

  /** Remembers the count of the range the last `find` missed. */
  add(text: string, from: number, to: number, count: number): void {
    if (this.size >= MEMO_ENTRIES) {
      this.keys.fill(undefined);
      this.size = 0;
      this.slot = this.hash & (MEMO_SLOTS - 1);
    }
    this.keys[this.slot] = text.slice(from, to);
    this.hashes[this.slot] = this.hash;
    this.counts[this.slot] = count;
    this.size++;
  }
}

function sameChars(key: string, text: string, from: number): boolean {
  for (let i = 0; i < key.length; i++) if (key.charCodeAt(i) !== text.charCodeAt(from + i)) return false;
  return true;
}
