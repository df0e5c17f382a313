// The question as the question readers (definitions, formulas, rankings, CAGR; judges and chat) see it: its first
// 4,000 characters, split at keywords by a linear scan instead of regexes of adjacent lazy groups.

/** Questions are a few hundred characters; a longer one is read from its start, so each reader stays cheap. */
export const QUESTION_READ_CHARS = 4_000;

export function questionText(query: string): string {
  return query.length > QUESTION_READ_CHARS ? query.slice(0, QUESTION_READ_CHARS) : query;
}

const opens = (c: string | undefined) => c === undefined || /\s/.test(c);
const closes = (c: string | undefined) => c === undefined || !/[\p{L}\p{N}]/u.test(c);

/**
 * `text` cut at the first occurrence of each keyword in turn, each a whole word group after whitespace (or the
 * text's start) and before a non-word character, case-insensitive: "X between Y and Z" with ["between", "and"] gives ["X", "Y", "Z"].
 * Each part is trimmed and, after the first, non-empty (a keyword met before any text is skipped). Null when
 * a keyword is missing.
 */
export function partsAround(text: string, keywords: string[]): string[] | null {
  const lower = text.toLowerCase();
  const parts: string[] = [];
  let from = 0;
  for (const [n, keyword] of keywords.entries()) {
    let at = lower.indexOf(keyword, from);
    while (at >= 0 && !(opens(text[at - 1]) && closes(text[at + keyword.length]) && (n === 0 || text.slice(from, at).trim() !== ""))) at = lower.indexOf(keyword, at + 1);
    if (at < 0) return null;
    parts.push(text.slice(from, at).trim());
    from = at + keyword.length;
  }
  parts.push(text.slice(from).trim());
  return parts;
}
