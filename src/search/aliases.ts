// Company aliases: how a company named by a document's metadata can be spelled in a question.
// Names are matched as lower-case word sequences; tickers only when written in capitals ("$" prefix).
import { CHARS_PER_FIGURE, runSteps, turnAfter, turnAfterChars } from "../figures/steps";

const SUFFIXES = new Set(["inc", "incorporated", "corp", "corporation", "co", "company", "companies", "ltd", "limited", "plc", "llc", "lp", "sa", "ag", "nv", "se", "holdings", "holding", "group", "the"]);

/** Lower-case words of a name or question: "Johnson & Johnson's" -> ["johnson", "johnson"]. */
export function nameWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[\u2019']s\b/g, "")
    .replace(/[\u2019']/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

export function nameAliases(name: string): string[] {
  const words = nameWords(name);
  if (words.length === 0) return [];
  const out = new Set<string>([words.join(" ")]);
  const trimmed = [...words];
  while (trimmed.length > 1 && SUFFIXES.has(trimmed[trimmed.length - 1])) trimmed.pop();
  while (trimmed.length > 1 && SUFFIXES.has(trimmed[0])) trimmed.shift();
  out.add(trimmed.join(" "));
  // "Coca-Cola" also written "cocacola"; "3M" stays "3m".
  if (trimmed.length > 1 && trimmed.join("").length >= 5) out.add(trimmed.join(""));
  return [...out].filter((a) => a.length >= 2 && !SUFFIXES.has(a));
}

/**
 * Short forms written in capitals: "AMEX" for American Express, "FedEx" for Federal Express: the first
 * two to four letters of each word of a two- or three-word name, at least four letters in all.
 */
export function abbreviationAliases(name: string): string[] {
  const words = nameWords(name).filter((w) => !SUFFIXES.has(w) && /^\p{L}/u.test(w));
  if (words.length < 2 || words.length > 3) return [];
  let forms = [""];
  for (const w of words) {
    const next: string[] = [];
    for (const f of forms) for (let n = 2; n <= Math.min(4, w.length); n++) next.push(f + w.slice(0, n));
    forms = next;
  }
  return forms.filter((f) => f.length >= 4).map((f) => `~${f}`);
}

export function tickerAlias(ticker: string): string {
  return `$${ticker.trim().toLowerCase()}`;
}

export const MAX_ALIAS_WORDS = 4;

/** The word n-grams (and capitalised tokens as ticker aliases) of a query to look up. */
export function queryAliasCandidates(query: string): string[] {
  return runSteps(queryAliasCandidateSteps(query));
}

/**
 * queryAliasCandidates in steps (figures/steps.ts): a whole reference's text (8,000 characters) has about
 * 10,000 candidates, 2-5 ms in one piece; it yields after the words and each length of gram.
 */
export function* queryAliasCandidateSteps(query: string): Generator<void, string[], void> {
  const words = nameWords(query);
  // A pass over the query's words, for turnAfter: a claim's query (a few hundred characters) takes no turn of its own.
  const work = Math.ceil(query.length / CHARS_PER_FIGURE);
  yield* turnAfter(work);
  const out = new Set<string>(words);
  // The n-word grams from the (n-1)-word ones, spaced and joined: one concatenation each, no slices.
  let spaced = words;
  let joined = words;
  for (let n = 2; n <= MAX_ALIAS_WORDS; n++) {
    const nextSpaced: string[] = [];
    const nextJoined: string[] = [];
    for (let i = 0; i + n <= words.length; i++) {
      const last = words[i + n - 1];
      const s = `${spaced[i]} ${last}`;
      const j = joined[i] + last;
      out.add(s);
      out.add(j);
      nextSpaced.push(s);
      nextJoined.push(j);
    }
    spaced = nextSpaced;
    joined = nextJoined;
    yield* turnAfter(work);
  }
  for (const m of markedForms(query)) out.add(m);
  return [...out];
}

/** A query's forms written in capitals: tickers ("$amex") and short forms of names ("~amex"), in order. */
function markedForms(query: string): string[] {
  const out = new Set<string>();
  for (const m of query.matchAll(/\b[A-Z][A-Z0-9.]{0,5}\b/g)) if (m[0].length >= 2) out.add(tickerAlias(m[0]));
  // Mixed case with two capitals or more ("JnJ", "AmEx", "FedEx"): a ticker or a short form of a name.
  for (const m of query.matchAll(/\b[A-Za-z]{2,8}\b/g)) {
    if (m[0].replace(/[^A-Z]/g, "").length < 2) continue;
    const letters = m[0].toLowerCase();
    if (m[0] !== m[0].toUpperCase() && letters.length <= 5) out.add(tickerAlias(m[0]));
    if (letters.length >= 4) out.add(`~${letters}`);
  }
  return [...out];
}

/**
 * What a query can name a company by, read without listing its candidates (queryAliasCandidates): its words
 * in order, whose runs of one to MAX_ALIAS_WORDS words (spaced or joined) are its name candidates, and its
 * marked forms. An alias is looked up by the word it starts with (aliasLookupKeys), then kept when it is one
 * of the candidates (namedAliases): a claim's query of 360 candidates sends its 60 words instead.
 */
export interface AliasQuery {
  words: string[];
  marked: string[];
}

export function* aliasQuerySteps(query: string): Generator<void, AliasQuery, void> {
  const words = nameWords(query);
  yield* turnAfterChars(query.length);
  return { words, marked: markedForms(query) };
}

/** What the aliases among a query's candidates start with: a word of the query, or a marked form. */
export function aliasLookupKeys(q: AliasQuery): string[] {
  return [...new Set([...q.words, ...q.marked])];
}

/**
 * Where `alias` stands among the query's candidates (queryAliasCandidates' order: its words, then for each
 * length of run each run spaced then joined, then its marked forms), or -1 when it is none of them.
 */
function candidatePlace(alias: string, q: AliasQuery, firstPlace: Map<string, number>, markedPlace: Map<string, number>): number {
  const { words } = q;
  const grams = firstPlace.size;
  if (alias.startsWith("$") || alias.startsWith("~")) {
    const m = markedPlace.get(alias);
    return m === undefined ? -1 : grams + 2 * MAX_ALIAS_WORDS * words.length + m;
  }
  const word = firstPlace.get(alias);
  if (word !== undefined) return word;
  const place = (n: number, i: number, joined: boolean) => grams + 2 * ((n - 2) * words.length + i) + (joined ? 1 : 0);
  if (alias.includes(" ")) {
    const parts = alias.split(" ");
    const n = parts.length;
    if (n < 2 || n > MAX_ALIAS_WORDS) return -1;
    for (let i = 0; i + n <= words.length; i++) {
      let k = 0;
      while (k < n && words[i + k] === parts[k]) k++;
      if (k === n) return place(n, i, false);
    }
    return -1;
  }
  // Joined: the shortest run, then the first, whose words make the alias.
  let best = -1;
  for (let i = 0; i < words.length; i++) {
    if (!alias.startsWith(words[i])) continue;
    let length = words[i].length;
    for (let n = 2; n <= MAX_ALIAS_WORDS && i + n <= words.length; n++) {
      const next = words[i + n - 1];
      if (!alias.startsWith(next, length)) break;
      length += next.length;
      if (length === alias.length) {
        const at = place(n, i, true);
        if (best < 0 || at < best) best = at;
        break;
      }
    }
  }
  return best;
}

/**
 * The rows whose alias is one of the query's candidates, in the candidates' order (a candidate's rows by
 * ticker): what looking the candidates up by equality gives.
 */
export function namedAliases<T extends { alias: string; ticker: string }>(q: AliasQuery, rows: T[]): T[] {
  const firstPlace = new Map<string, number>();
  for (const w of q.words) if (!firstPlace.has(w)) firstPlace.set(w, firstPlace.size);
  const markedPlace = new Map(q.marked.map((m, i) => [m, i]));
  const placed: { row: T; at: number }[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const key = `${row.alias}\u0000${row.ticker}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const at = candidatePlace(row.alias, q, firstPlace, markedPlace);
    if (at >= 0) placed.push({ row, at });
  }
  placed.sort((a, b) => a.at - b.at || (a.row.ticker < b.row.ticker ? -1 : a.row.ticker > b.row.ticker ? 1 : 0));
  return placed.map((p) => p.row);
}
