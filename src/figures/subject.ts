// Whose figures a text gives: the company the question names (and its words, subjectStems, that a line
// item's label may carry), and names a text brings that neither the question nor the sources know. An answer
// (or one claim of it) that gives the sources' figures to another company is not borne out by them, whatever
// its figures: both judges read it with these functions.
import { contentStems, namedEntities, sentenceEntities, sentences } from "./text";
import { MONTH_NAMES } from "../core/months";
import { runSteps } from "./steps";
import { nameWords } from "../search/aliases";

/** What a source offers to recognize a name: its names (lower case) and its word stems. */
export interface KnownNames {
  entities: Set<string>;
  stems: Set<string>;
}

/** Acronyms (COGS, R&D), company suffixes and months are vocabulary, not names. */
const SUFFIX_OR_MONTH = new RegExp(`^(Inc|Corp|Corporation|Company|Co|Ltd|Group|Holdings|${MONTH_NAMES.join("|")})\\.?$`);
function vocabulary(e: string): boolean {
  return /^[A-Z&.-]{2,6}$/.test(e) || SUFFIX_OR_MONTH.test(e);
}

const MEASURE_ABBREVIATIONS = new Set(
  "eps ebit ebitda ebitdar ebt gaap ifrs roe roa roic roce fcf capex opex cogs sga sg&a r&d d&a pp&e ttm ltm yoy qoq cagr nii nim aum bps ffo affo noi".split(" ").flatMap((w) => contentStems(w)),
);

// Capitalized words right before "segment" or "division" (one to four, "and" or "&" between them).
const SEGMENT_NAME = /(?<![\w.-])((?:[A-Z][\w.-]{0,30}\s(?:(?:and|&)\s)?){1,4})(?:reportable\s)?(?:segments?|divisions?)\b/g;

/** The segments a sentence names ("Amcor's Flexibles segment": flexibl), each with where its name starts. */
export function segmentNames(sentence: string): { at: number; stems: string[] }[] {
  const out: { at: number; stems: string[] }[] = [];
  for (const m of sentence.matchAll(SEGMENT_NAME)) {
    const stems = contentStems(m[1]);
    if (stems.length) out.push({ at: m.index, stems });
  }
  return out;
}

// Where a clause with a subject of its own opens ("..., and Rigid Packaging had", "; Rigid Packaging's"): a
// segment named before it is not the subject after it.
const CLAUSE_BREAK = /;|,\s+(?:and|but|while|whereas)\s/i;

/**
 * The segment a figure at `at` of a sentence is about: the one named last before it in its clause ("Flexibles
 * segment had net sales of $11,154 million and adjusted EBIT of $1,429 million"), else the first named after it
 * in its clause ("net sales of $11,154 million in the Flexibles segment"); null when its clause names none
 * (", and Rigid Packaging had net sales of $3,540 million").
 */
export function segmentAt(sentence: string, names: { at: number; stems: string[] }[], at: number): string[] | null {
  let before: { at: number; stems: string[] } | null = null;
  let after: { at: number; stems: string[] } | null = null;
  for (const n of names) {
    if (n.at < at) before = n;
    else {
      after = n;
      break;
    }
  }
  if (before && !CLAUSE_BREAK.test(sentence.slice(before.at, at))) return before.stems;
  if (after && !CLAUSE_BREAK.test(sentence.slice(at, after.at))) return after.stems;
  return null;
}

/**
 * Words that name the subject rather than a line item (the companies and names a question mentions): a
 * label such as "Net income attributable to Apple" is still net income when the question is about Apple.
 */
export function subjectStems(text: string): Set<string> {
  // Tickers in capitals ("ULTA total assets ...") name the subject wherever they stand.
  const tickers = text.match(/\b[A-Z]{2,5}\b/g) ?? [];
  const stems = new Set([...namedEntities(text), ...tickers].flatMap((e) => contentStems(e)));
  // "Best Buy's Domestic segment": a segment's name is a part of the company, not the company: the company's
  // figure (its consolidated operating income) is not the segment's.
  for (const m of text.matchAll(SEGMENT_NAME)) for (const w of contentStems(m[1])) stems.delete(w);
  // "Amcor's adjusted EBIT, adjusted EPS": measures' abbreviations in capitals are line items to tell apart, not
  // the subject. (One alone, "the highest EBITDAR", names what every figure asked for is.)
  const measures = [...stems].filter((w) => MEASURE_ABBREVIATIONS.has(w));
  if (measures.length > 1) for (const w of measures) stems.delete(w);
  return stems;
}

/**
 * Names (companies, people, places, products) a text brings that no source mentions: neither its words nor
 * their stems occur in a source or the question. A sentence's opening word counts when it is in the
 * possessive: "Honeywell's net income was ..." names its company first.
 */
export function novelNames(text: string, sources: KnownNames[], queryStems: Set<string>): string[] {
  return runSteps(novelNamesSteps(text, sources, queryStems));
}

/** Sentences novelNamesSteps reads between two turns. */
const SENTENCES_PER_STEP = 256;

/** novelNames in steps (steps.ts): a turn every SENTENCES_PER_STEP sentences and every SENTENCES_PER_STEP names checked. */
export function* novelNamesSteps(text: string, sources: KnownNames[], queryStems: Set<string>): Generator<void, string[], void> {
  if (sources.length === 0) return [];
  const known = (e: string) => sources.some((s) => s.entities.has(e.toLowerCase()) || contentStems(e).every((w) => s.stems.has(w))) || contentStems(e).every((w) => queryStems.has(w));
  const all = sentences(text);
  const entities: string[] = [];
  const openers: string[] = [];
  for (let i = 0; i < all.length; i++) {
    entities.push(...sentenceEntities(all[i]));
    const opener = openingName(all[i]);
    if (opener) openers.push(opener);
    if ((i + 1) % SENTENCES_PER_STEP === 0) yield;
  }
  const out: string[] = [];
  let checked = 0;
  for (const e of new Set([...entities, ...openers])) {
    if (!vocabulary(e) && !known(e)) out.push(e);
    if (++checked % SENTENCES_PER_STEP === 0) yield;
  }
  return out;
}

/**
 * The capitalized word that opens a sentence naming its company in the possessive, "Honeywell's net sales",
 * "Sally Beauty's net sales", or as the subject of a reporting verb, "Globex reported a net loss" (Sally,
 * Globex: namedEntities reads the later words, never a sentence's first).
 */
function openingName(sentence: string): string | null {
  return /^[("'“]*(\p{Lu}[\p{L}&.-]+)(?:\s+\p{Lu}[\p{L}&.-]*){0,3}(?:['’]s\s|\s(?:reported|recorded|posted|generated|earned|announced)\s)/u.exec(sentence)?.[1] ?? null;
}

/** Finance abbreviations and periods a question capitalizes: no company's name. */
const NOT_A_NAME = /^(FY\d*|Q[1-4]|H[12]|GAAP|EBITDA|EBITDAR|EBIT|EPS|CAGR|ROA|ROE|ROIC|COGS|SG&A|R&D|PP&E|DPO|DSO|DIO|CCC|YoY|US|USD|I)$/i;

/** Capitalized words that open a question or a clause, never a company's name. */
const QUESTION_WORD = /^(What|Which|Who|Whose|How|Why|When|Where|Did|Does|Do|Is|Are|Was|Were|Has|Have|Had|Can|Could|Will|Would|Should|In|On|For|By|From|Of|At|According|Based|Using|Given|If|Assuming|Compare|Comparing|Between|And|Or|The|Calculate|Compute|Find|List|Describe|Explain|Summarize)$/;

/** A run of one to four capitalized words (or "3M", "J&J") in the possessive: "Best Buy's", "3M's". */
const POSSESSIVE_NAME = /(?<![\p{L}\p{N}])((?:[\p{Lu}\d][\p{L}\d&.-]*\s+(?:&\s+)?){0,3}[\p{Lu}\d][\p{L}\d&.-]*)['’]s(?![\p{L}\p{N}])/gu;

/**
 * Words of the names a question gives its subject: "3M", "Best Buy", "AMD" (capitalized, not its first word).
 * A name in the possessive is the company ("Best Buy's Domestic segment revenue": Best Buy, not Domestic).
 */
export function questionSubjects(query: string): string[] {
  const owners: string[] = [];
  for (const m of query.matchAll(POSSESSIVE_NAME)) {
    const words = m[1].split(/\s+/);
    // "Did Best Buy's", "In Amcor's": a question's own word before the name is none of it.
    while (words.length > 1 && QUESTION_WORD.test(words[0])) words.shift();
    owners.push(...words.filter((w) => !NOT_A_NAME.test(w) && !QUESTION_WORD.test(w)).flatMap((w) => nameWords(w)));
  }
  if (owners.length) return [...new Set(owners)];
  // Not names: a plain word opening a later sentence ("If gross margin is not ..."), and what the company owns
  // ("grow its PPNE").
  const plain = query.replace(/([.?!]\s+)\p{Lu}\p{Ll}+(?![\p{L}\p{N}])/gu, "$1").replace(/\b(its|their)\s+\S+/gi, "$1");
  const tokens = plain.replace(/[’']s\b/g, "").split(/[^\p{L}\p{N}&.-]+/u).filter(Boolean);
  const out: string[] = [];
  tokens.forEach((t, i) => {
    const name = /^[\p{Lu}\d][\p{L}\d&.-]*$/u.test(t) && /\p{Lu}/u.test(t) && (i > 0 || /\d/.test(t));
    if (name && !NOT_A_NAME.test(t)) out.push(...nameWords(t));
  });
  return [...new Set(out)];
}

/**
 * Whether a text names the question's company: one of its words ("3M", "AMD"), a name that begins with
 * it ("JPMorgan" for JPM), or capitalized words whose initials spell it ("Johnson & Johnson" for JnJ,
 * "Advanced Micro Devices" for AMD).
 */
export function mentionsSubject(text: string, subject: string[]): boolean {
  const words = nameWords(text);
  const set = new Set(words);
  if (subject.some((w) => set.has(w) || (w.length >= 3 && words.some((x) => x.startsWith(w))))) return true;
  const capitals = text.match(/(?<!\p{L})\p{Lu}\p{L}*(?:\s+(?:&\s+)?\p{Lu}[\p{L}]*){1,3}/gu) ?? [];
  const initials = new Set(capitals.map((c) => c.split(/\s+(?:&\s+)?/).map((w) => w[0]).join("").toLowerCase()));
  return subject.some((w) => w.length >= 2 && (initials.has(w) || initials.has(w.replace(/[^a-z]/g, "").replace(/n(?=j)/g, ""))));
}

/**
 * The text without the words of the question's company that follow another name: "Sally Beauty" names
 * another company than Ulta Beauty, its "Beauty" no mention of it (bounded: the first 20 names).
 */
function withoutNames(text: string, names: string[], subject: string[]): string {
  let out = text;
  for (const n of names.slice(0, 20)) {
    const name = n.replace(/[^\p{L}\p{N}]/gu, "");
    if (name.length < 2) continue;
    out = out.replace(new RegExp(`\\b${name}[ \\t]+(\\p{Lu}[\\p{L}&.-]{0,30})`, "gu"), (whole: string, next: string) => (nameWords(next).every((w) => subject.includes(w)) ? " " : whole));
  }
  return out;
}

const TOKEN_UNIT = /[\p{L}\p{N}&-]/u;

/** Whether the code point starting at `at` is one of a word's (letters, digits, "&", "-"). */
function tokenCharAt(text: string, at: number): boolean {
  if (at < 0 || at >= text.length) return false;
  return TOKEN_UNIT.test(String.fromCodePoint(text.codePointAt(at)!));
}

/** tokenCharAt of the code point ending right before `end`. */
function tokenCharBefore(text: string, end: number): boolean {
  if (end <= 0) return false;
  const low = text.charCodeAt(end - 1);
  const start = low >= 0xdc00 && low <= 0xdfff && end >= 2 ? end - 2 : end - 1;
  return tokenCharAt(text, start);
}

/**
 * Whether a text writes `word` whole in lower case (a word: a run of letters, digits, "&" and "-"), as a
 * lower-case word of theirs ("interest", "average"). Found by searching for it, not by splitting the texts
 * (an answer's claims with every passage, tens of thousands of characters) into all their words.
 */
function writtenInLowerCase(word: string, texts: string[]): boolean {
  if (!/^\p{Ll}[\p{L}\p{N}&-]*$/u.test(word)) return false;
  for (const text of texts) {
    for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
      if (!tokenCharBefore(text, at) && !tokenCharAt(text, at + word.length)) return true;
    }
  }
  return false;
}

/**
 * The other company a text is about, or null: the text names, with `novel` (see novelNames), a name the
 * question and the sources do not know, and nowhere the company the question names. `texts` are the text
 * and its sources: a capitalized word they also write in lower case ("Interest", "Average") is not a name.
 */
export function otherCompanyName(query: string, text: string, novel: string[], texts: string[]): string | null {
  if (novel.length === 0) return null;
  const subject = questionSubjects(query);
  if (subject.length === 0) return null;
  const names = novel.filter((e) => !writtenInLowerCase(e.toLowerCase(), texts));
  // "Highest", "Contribution": capitalized in the question, written in lower case by the texts: not names.
  const subjectNames = subject.filter((w) => !writtenInLowerCase(w, texts));
  if (subjectNames.length === 0 || names.length === 0) return null;
  // A word of the question's company inside a name the sources do not know, after a word of another name
  // ("Sally Beauty" for Ulta Beauty), names another company.
  const otherNames = names.filter((n) => !mentionsSubject(n, subjectNames));
  return mentionsSubject(withoutNames(text, otherNames, subjectNames), subjectNames) ? null : fullName(text, names[0]);
}

/** A name with the capitalized words that follow it in the text: "Sally" written "Sally Beauty". */
function fullName(text: string, name: string): string {
  const at = text.indexOf(name);
  if (at < 0) return name;
  const rest = /^(?:[ \t]+\p{Lu}[\p{L}&.-]*){0,3}/u.exec(text.slice(at + name.length, at + name.length + 80));
  return `${name}${rest ? rest[0] : ""}`.replace(/['’]s$/, "");
}
