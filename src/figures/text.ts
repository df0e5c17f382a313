// Text primitives of the local judge engine: sentences, content words with a light suffix stemmer,
// and the stop words that carry no fact. Pure functions, shared by claims, alignment and grading.
import { memoized } from "./text-cache";

const STOP = new Set(
  `a an the and or but if then else of to in on at by for from with without as is are was were be been being am do does did done have has had
  having this that these those it its it's they them their there here he she his her we our you your i me my not no nor so such than too very
  can could should would may might must will shall also just only into onto over under about above below up down out off again further once
  which who whom whose what when where why how all any both each few more most other some same own s t d ll m o re ve y based provided
  according per via within across between during before after while because due including include includes included etc e.g i.e
  information data answer question following given shown above mentioned`
    .split(/\s+/)
    .filter(Boolean),
);

export function isStopWord(w: string): boolean {
  return STOP.has(w);
}

/** Sentences, keeping list items and table lines apart; an initial ("Mary N. Dillon") ends none. */
export function sentences(text: string): string[] {
  return text
    .replace(/\r/g, "")
    .split(/(?<![\s(][A-Z]\.)(?<!\b[Vv][Ss]\.)(?<=[.!?])\s+(?=[A-Z0-9"'(\[$-])|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/**
 * A small Porter-like stemmer: enough to equate revenue/revenues, increased/increasing, margin/margins.
 * Remembers 20,000 words: an answer and its sources repeat their vocabulary ("net", "sales", "million").
 */
export const stem: (word: string) => string = memoized(stemOf, 20_000);

/** A phrase's words by their stems ("outstanding shares": "outstand shar"): two phrases compared as their words are. */
export function stemPhrase(phrase: string): string {
  return phrase.split(" ").map(stem).join(" ");
}

function stemOf(word: string): string {
  let w = word.toLowerCase();
  if (w.length <= 3) return w;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is")) w = w.slice(0, -1);
  for (const suf of ["ational", "ization", "fulness", "iveness", "ing", "edly", "ed", "ly", "ment", "ness", "ation", "ions", "ion", "al", "er", "or"]) {
    if (w.endsWith(suf) && w.length - suf.length >= 4) {
      w = w.slice(0, -suf.length);
      break;
    }
  }
  if (w.endsWith("e") && w.length > 4) w = w.slice(0, -1);
  return w;
}

/** Lower-case word tokens (letters, digits inside words kept), without numbers. */
/** "Long-term debt" read as "long term debt", as table labels are (normalizeLabel), so both sides have the same words. */
export const unhyphenated = (text: string) => text.replace(/(?<=\p{L})[-‐–](?=\p{L})/gu, " ");

export function words(text: string): string[] {
  // Most words have no apostrophe or hyphen to trim.
  return (text.toLowerCase().match(/[\p{L}][\p{L}\p{N}'&-]*/gu) ?? []).map((w) => (w.includes("'") || w.endsWith("-") ? w.replace(/'s$/, "").replace(/(?<![-'])[-']+$/, "") : w));
}

/** Stemmed content words. */
export function contentStems(text: string): string[] {
  const out: string[] = [];
  for (const w of words(text)) {
    if (w.length < 2 || STOP.has(w)) continue;
    out.push(stem(w));
  }
  return out;
}

export function stemSet(text: string): Set<string> {
  return new Set(contentStems(text));
}

/** Characters stemSetSteps reads between two turns. */
const STEM_CHARS_PER_STEP = 16_384;

/**
 * stemSet in steps (steps.ts): a turn every STEM_CHARS_PER_STEP characters, the text cut at white space,
 * which no word spans (the same stems); a long answer's words never hold the isolate all at once.
 */
export function* stemSetSteps(text: string): Generator<void, Set<string>, void> {
  const out = new Set<string>();
  for (let start = 0; start < text.length; ) {
    let end = Math.min(text.length, start + STEM_CHARS_PER_STEP);
    while (end < text.length && !/\s/.test(text[end])) end++;
    for (const s of contentStems(text.slice(start, end))) out.add(s);
    start = end;
    if (start < text.length) yield;
  }
  return out;
}

/** Capitalized word runs not at a sentence start: names of companies, people, places, products. */
export function namedEntities(text: string): string[] {
  return sentences(text).flatMap(sentenceEntities);
}

/** namedEntities of one sentence. */
export function sentenceEntities(sentence: string): string[] {
  const out: string[] = [];
  const toks = sentence.split(/\s+/);
  for (let i = 1; i < toks.length; i++) {
    // Only a token that opens with a capital (after its opening quotes and parentheses) can be a name: the
    // others are passed over without being cleaned.
    const raw = toks[i];
    let at = 0;
    while (at < raw.length && `("'“`.includes(raw[at])) at++;
    const first = raw.charCodeAt(at);
    if (!(first >= 65 && first <= 90)) continue;
    const t = raw.replace(/^[("'“]+|(?<![)"'”.,;:!?])[)"'”.,;:!?]+$/g, "").replace(/['’]s$/, "");
    if (/^[A-Z][\p{L}&.-]{1,}$/u.test(t) && !STOP.has(t.toLowerCase())) out.push(t);
  }
  return out;
}
