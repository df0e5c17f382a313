// Splits page text into search chunks of at most MAX_CHUNK_CHARS, cut at paragraph, line or sentence
// boundaries, so a page is one chunk when it fits and a few when not. Offsets point into the page text.

export const MAX_CHUNK_CHARS = 2400;
const MIN_TAIL = 400;

export interface Chunk {
  page: number;
  index: number;
  start: number;
  end: number;
  /** The slice with whitespace runs collapsed (PDF text is full of " \n \n" noise). */
  text: string;
}

const isBlank = (ch: string) => ch === " " || ch === "\t" || ch === "\f" || ch === "\v" || ch === "\u00a0";
const isSpace = (ch: string) => /\s/.test(ch);

/**
 * A line break with the blanks around it becomes one "\n", then runs of blanks one space. A scan rather
 * than /[ \t]*\n\s*\/g: that regex retries its blank run at every position of a long line of spaces.
 */
export function collapseWhitespace(s: string): string {
  let out = "";
  let i = 0;
  while (i < s.length) {
    const nl = s.indexOf("\n", i);
    if (nl < 0) {
      out += s.slice(i);
      break;
    }
    let before = nl;
    while (before > i && isBlank(s[before - 1])) before--;
    let after = nl + 1;
    while (after < s.length && isSpace(s[after])) after++;
    out += s.slice(i, before) + "\n";
    i = after;
  }
  return out.replace(/[ \t\f\v\u00a0]{2,}/g, " ").trim();
}

function cutPoint(text: string, from: number, limit: number): number {
  const window = text.slice(from, limit);
  for (const sep of ["\n\n", "\n", ". ", " "]) {
    const at = window.lastIndexOf(sep);
    if (at > window.length / 2) return from + at + sep.length;
  }
  return limit;
}

export function chunkPage(page: number, raw: string, max = MAX_CHUNK_CHARS): Chunk[] {
  const chunks: Chunk[] = [];
  let start = 0;
  // Skip leading whitespace so offsets point at text.
  while (start < raw.length && /\s/.test(raw[start])) start++;
  while (start < raw.length) {
    // Measure length on collapsed text: the raw slice may be mostly whitespace.
    let end = raw.length;
    if (collapseWhitespace(raw.slice(start)).length > max) {
      // Grow the raw window until its collapsed length reaches max.
      let hi = Math.min(raw.length, start + max);
      while (hi < raw.length && collapseWhitespace(raw.slice(start, hi)).length < max) hi = Math.min(raw.length, hi + max);
      end = cutPoint(raw, start, hi);
      if (collapseWhitespace(raw.slice(end)).length < MIN_TAIL) end = raw.length;
    }
    const text = collapseWhitespace(raw.slice(start, end));
    if (text) chunks.push({ page, index: chunks.length, start, end, text });
    start = end;
  }
  return chunks;
}
