// The local chat engine (provider "local"): an extractive, cited answer from the best passages about the
// asked company: an asked metric or change computed from statement rows with its inputs shown, the asked
// line items' rows, and the sentences that carry the asked figures, each followed by the [n] of its passage;
// or a plain statement that the documents do not say. Deterministic and bounded (hostile input).
import { registerLocalEngine } from "../core/providers";
import { contentStems, sentences } from "../figures/text";
import { quantities } from "../figures/numbers";
import { partOf, yearsIn } from "../figures/context";
import { SentenceGuard } from "./grounding";
import { isCellToken } from "../figures/table";
import { readQuestion, subjectPassages, companyNames, type AskedQuestion } from "./answer-subject";
import { tableSentences } from "./answer-compute";
import { sourcesOf, type Source } from "./answer-sources";
import { askedMeasureSentences } from "./answer-measures";
import { unfitMetricSentences } from "./answer-fit";
import { quarterSentences } from "./answer-quarter";
import { asksRanking, rankingSentences } from "./answer-rankings";
import { columnGroupRanking } from "./answer-column-groups";
import { registeredSecuritiesSentences } from "./answer-registered";
import type { AnswerInput, Passage } from "./types";

export const NOT_IN_DOCUMENTS = "The documents searched do not say.";
/** The opening of an answer that found no answer but quotes the closest sentence of the best passages. */
export const NOT_ANSWERED = "The documents searched do not answer this directly; the closest passage says:";
/** The same when it points to the closest two passages. */
export const NOT_ANSWERED_TWO = "The documents searched do not answer this directly; the closest passages say:";

/** Passages read, characters of each, sentences of each and sentences quoted: the engine's budget. */
const MAX_PASSAGES = 16;
const MAX_PASSAGE_CHARS = 12_000;
const MAX_SENTENCES_READ = 400;
const MAX_QUOTED = 3;
const MAX_SENTENCE_CHARS = 900;
/** When nothing answers: the first passages (search order) the closest sentence is looked for in, and its share of the question's words. */
const CLOSEST_PASSAGES = 1;
const CLOSEST_SHARE = 0.25;

// Words of a question that say how to answer, not what about.
const INSTRUCTION = new Set(
  contentStems(
    `answer round decimal place places unit units percent percents usd million millions billion billions give response calculate compute
    base judgment judgments primarily provided details shown clearly outlined statement statements utilize utilizing information question
    define defined fy fiscal year years relying rely approach standpoint investment banking analyst assume assuming please using use stated only
    what which how much many`,
  ),
);

/** The content stems a sentence must share with the question (company names and instructions left out). */
function askedStems(question: AskedQuestion, passages: readonly Passage[]): Set<string> {
  const names = new Set(passages.flatMap((p) => { const c = companyNames(p); return contentStems([...c.names, ...c.tickers].join(" ")); }));
  return new Set(contentStems(question.text).filter((s) => !INSTRUCTION.has(s) && !names.has(s) && !/^\d/.test(s) && !/^fy\d/.test(s)));
}

/** Whether a passage's document may speak for the asked years when its sentence names none. */
function documentFits(p: Passage, years: number[]): boolean {
  if (!years.length) return true;
  const fy = typeof p.metadata?.fiscal_year === "number" ? (p.metadata.fiscal_year as number) : null;
  // A filing for a year reports that year and, for comparison, the two before it.
  return fy === null || years.some((y) => fy >= y && fy <= y + 2);
}

/**
 * The passages in the order statement tables are read: the annual filing of the latest asked year first (the
 * figures as first reported; a later filing's comparative columns may be restated), then search order.
 */
function byAskedFiling(question: AskedQuestion, passages: readonly Passage[], chosen: number[]): number[] {
  const year = question.years.at(-1);
  if (year === undefined) return chosen;
  const annual = (p: Passage) => p.metadata?.fiscal_year === year && (p.metadata?.fiscal_quarter === null || p.metadata?.fiscal_quarter === undefined);
  return [...chosen.filter((i) => annual(passages[i])), ...chosen.filter((i) => !annual(passages[i]))];
}

/**
 * The subject's passages with those of the filing for the asked period first, search order kept within each
 * group: "FY2018" is read from the FY2018 annual report before a later one's comparative columns or another
 * year's sentences, "Q2 of FY2024" from that quarter's filing. The latest asked year names the filing.
 */
export function byAskedPeriod(question: AskedQuestion, passages: readonly Passage[], chosen: number[]): number[] {
  const year = question.years.at(-1);
  if (year === undefined) return chosen;
  const part = partOf(question.text);
  const quarter = part !== null && /^q[1-4]$/.test(part) ? Number(part[1]) : null;
  const fits = (p: Passage) => {
    const q = p.metadata?.fiscal_quarter;
    if (p.metadata?.fiscal_year !== year) return false;
    // A year's question is read from the annual filing or the fourth quarter's release (it reports the year); a
    // quarter's from that quarter's filing (any other part of a year: any filing of the year).
    return part === null ? q === null || q === undefined || q === 4 : quarter === null || q === quarter;
  };
  const first = chosen.filter((i) => fits(passages[i]));
  return first.length ? [...first, ...chosen.filter((i) => !fits(passages[i]))] : chosen;
}

/** A line that ends in two or more figure cells: a table row, which the rows' own sentences give better. */
function isTableRow(line: string): boolean {
  const tokens = line.trim().split(/\s+/);
  let cells = 0;
  for (let i = tokens.length - 1; i >= 0 && (tokens[i] === "$" || tokens[i] === "%" || isCellToken(tokens[i])); i--) if (tokens[i] !== "$" && tokens[i] !== "%") cells += 1;
  // A short label and one figure ("Net increase in cash 306,317") is a row too.
  return cells >= 2 || (cells === 1 && tokens.length <= 10) || hasCellRun(tokens);
}

/** Three or more figure cells in a row anywhere ("sales % 15.1 % 10.1 % 12.9 %"): a table row run into a heading. */
function hasCellRun(tokens: string[]): boolean {
  let run = 0;
  for (const t of tokens.slice(0, 200)) {
    if (t === "$" || t === "%") continue;
    run = isCellToken(t) && !/^(?:19|20)\d\d$/.test(t) ? run + 1 : 0;
    if (run >= 3) return true;
  }
  return false;
}

/**
 * PDF text breaks sentences across lines: a line that does not end a sentence runs on into the next one
 * (unless either is a table row or a short heading).
 */
function proseOf(text: string): string {
  const lines = text.replace(/\r/g, "").split("\n");
  let out = "";
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    const next = lines[i + 1]?.trim() ?? "";
    out += line;
    const runsOn = line.length >= 40 && next.length > 0 && !/[.!?:;]$/.test(line) && !isTableRow(line) && !isTableRow(next);
    out += runsOn ? " " : "\n";
  }
  return out;
}

interface Quote {
  text: string;
  n: number;
  score: number;
  order: number;
}

/** The passage sentences that best answer the question: share its words, name its year (or none), carry a figure when one is asked. */
function quotes(question: AskedQuestion, passages: readonly Passage[], chosen: number[], figureAsked: boolean, yearsOnly = false, closest = false): Quote[] {
  const asked = askedStems(question, passages);
  if (!asked.size) return [];
  const out: Quote[] = [];
  let order = 0;
  // How many sentences carry each asked word: a word most sentences carry ("company") says little alone.
  const carrying = new Map<string, number>();
  let read = 0;
  for (const i of chosen) {
    for (const s of sentences(proseOf(passages[i].text.slice(0, MAX_PASSAGE_CHARS))).slice(0, MAX_SENTENCES_READ)) {
      read += 1;
      for (const w of new Set(contentStems(s))) if (asked.has(w)) carrying.set(w, (carrying.get(w) ?? 0) + 1);
    }
  }
  // "As of August 30, 2023" names a day, not a year's figure: a sentence about that day's quarter may answer it.
  const yearAsked = question.years.length > 0 && partOf(question.text) === null && !onlyDates(question.text);
  // "Q2 of FY2023": a sentence that names a year and no quarter, outside a quarter's heading, gives a year's figure.
  const part = partOf(question.text);
  const quarterAsked = part !== null && (part === "quarter" || /^q[1-4]$/.test(part));
  const askedQuarter = part !== null && /^q[1-4]$/.test(part) ? part : null;
  const rare = (w: string) => (carrying.get(w) ?? 0) <= Math.max(3, read * 0.2);
  for (const i of chosen) {
    const p = passages[i];
    const fits = documentFits(p, question.years);
    let taken = 0;
    // The period the passage's last heading names ("Three months ended June 30, 2023", "Fiscal 2023 Full Year
    // Highlights"): a sentence under a quarter's heading gives that quarter's figures.
    let underQuarter = false;
    for (const s of sentences(proseOf(p.text.slice(0, MAX_PASSAGE_CHARS)))) {
      if (++taken > MAX_SENTENCES_READ) break;
      if (s.length <= 120) {
        if (FULL_YEAR_TALK.test(s)) underQuarter = false;
        else if (QUARTER_TALK.test(s)) underQuarter = true;
      }
      if (s.length < 20 || s.length > MAX_SENTENCE_CHARS || !/[a-z]{3}/.test(s) || isTableRow(s)) continue;
      // A sentence opening in lower case is the tail of one cut off before the passage or a list item torn from
      // its sentence ("at acceptable terms; risks related to ..."): not quotable on its own.
      if (/^[a-z]/.test(s.trimStart())) continue;
      const years = yearsIn(s);
      if (question.years.length && (years.length ? !years.some((y) => question.years.includes(y)) : !fits)) continue;
      // Statement rows already answer for the asked year: a sentence naming no year adds figures of unknown period.
      if (yearsOnly && !years.length) continue;
      if (figureAsked && yearAsked && underQuarter && !years.length && !FULL_YEAR_TALK.test(s)) continue;
      // A year's figure is asked: a sentence about a quarter's figures ("compared to $2.7 billion in the year-ago
      // quarter") would give a quarter's figure as the year's.
      if (figureAsked && yearAsked && QUARTER_TALK.test(s) && !FULL_YEAR_TALK.test(s)) continue;
      if (figureAsked && quarterAsked && years.length && !underQuarter && !QUARTER_TALK.test(s)) continue;
      // "Q2 of FY2023" asked: a sentence about another quarter ("2022 Fourth-Quarter earnings per share") or about
      // a full year only ("2022 Full-Year earnings per share") answers nothing of it, nor is it the closest.
      if (askedQuarter && (otherQuarter(s, askedQuarter) || (FULL_YEAR_TALK.test(s) && !QUARTER_TALK.test(s)))) continue;
      const stems = new Set(contentStems(s));
      let score = 0;
      let rareHit = false;
      for (const w of asked) {
        if (!stems.has(w)) continue;
        score += 1;
        rareHit ||= rare(w);
      }
      const hasFigure = quantities(s).some((q) => q.mantissa >= 10 || q.percent || q.decimals > 0 || q.currency);
      if (figureAsked && !hasFigure && !closest) continue;
      // A third of the question's words, at least two (one for a short question that asks no figure).
      // A question that asks no figure: one of its rarer words is enough.
      // The closest sentence of a passage that answers nothing: a quarter of the question's words, at least two.
      const least = closest ? Math.max(Math.min(2, asked.size), Math.ceil(asked.size * CLOSEST_SHARE))
        : figureAsked ? Math.max(Math.min(2, asked.size), Math.ceil(asked.size * 0.34)) : rareHit ? 1 : Math.min(2, asked.size);
      if (score < least) continue;
      out.push({ text: s.replace(/\s+/g, " ").trim(), n: i + 1, score: score + (hasFigure ? 0.5 : 0), order: order++ });
    }
  }
  out.sort((a, b) => b.score - a.score || a.order - b.order);
  const picked: Quote[] = [];
  for (const q of out) {
    if (picked.length >= MAX_QUOTED) break;
    if (!picked.some((p) => p.text === q.text)) picked.push(q);
  }
  return picked;
}

/** Whether the sentence names a quarter and not the asked one ("fourth-quarter" when "q2" is asked). */
function otherQuarter(s: string, asked: string): boolean {
  const part = partOf(s.replace(/(?<=\w)-(?=quarter)/gi, " "));
  return part !== null && /^q[1-4]$/.test(part) && part !== asked;
}

const MONTH = "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?";
const FULL_DATE = new RegExp(`\\b${MONTH}\\s{1,3}\\d{1,2}(?:st|nd|rd|th)?,?\\s{1,3}(?:19|20)\\d\\d\\b|\\b\\d{1,2}(?:st|nd|rd|th)?\\s{1,3}${MONTH},?\\s{1,3}(?:19|20)\\d\\d\\b`, "gi");

/** Whether every year the text names is a day's date ("as of August 30, 2023", "dated 1st July 2022"). */
function onlyDates(text: string): boolean {
  return yearsIn(text).length > 0 && yearsIn(text.replace(FULL_DATE, " ")).length === 0;
}

/** The statements a question may point to, as questions and statement titles name them. */
const STATEMENT_KINDS: { asked: RegExp; title: RegExp }[] = [
  { asked: /\bcash ?flows? statements?\b|\bstatements? of cash ?flows?\b/i, title: /\bstatements? of cash flows?\b/i },
  { asked: /\bincome statements?\b|\bstatements? of (?:income|operations|earnings)\b|\bp&l\b/i, title: /\bstatements? of (?:income|operations|earnings)\b|\bincome statements?\b/i },
  { asked: /\bbalance sheets?\b|\bstatements? of financial position\b/i, title: /\bbalance sheets?\b|\bstatements? of financial position\b/i },
];

/**
 * The title line of the best passage when it is the statement the question says to use ("Please utilize
 * information in the cash flow statement"), fit for the asked years, with its [n]; else null.
 */
function statementTitle(question: AskedQuestion, passages: readonly Passage[], best: number | undefined): string | null {
  if (best === undefined || !documentFits(passages[best], question.years)) return null;
  const kinds = STATEMENT_KINDS.filter((k) => k.asked.test(question.text));
  if (!kinds.length) return null;
  for (const line of passages[best].text.split("\n", 15)) {
    const t = line.replace(/\s+/g, " ").trim();
    if (t.length >= 12 && t.length <= 120 && kinds.some((k) => k.title.test(t))) return `${t} [${best + 1}]`;
  }
  return null;
}

/** Words a heading may share with a question without sharing its topic ("Adjustments to reconcile net income"). */
const UNTOPICAL = new Set(contentStems("net total other cash amount amounts"));

/** Words a company's name line adds to its name ("MGM RESORTS INTERNATIONAL AND SUBSIDIARIES"), as stems. */
const CORPORATE = new Set(contentStems("inc incorporated corp corporation co ltd limited plc llc company companies subsidiary subsidiaries and international holdings holding group"));

/** Passages (search order) and lines of each a heading pointer is looked for in. */
const POINTER_PASSAGES = 2;
const POINTER_LINES = 40;

/**
 * When nothing answers and no sentence is close: the heading of the best passages (about the asked company,
 * fit for the asked years) that shares most of the question's words ("Segment results managed basis"), else
 * the first heading of the best one, with its [n], for the reader to follow. Null when none.
 */
function headingPointer(question: AskedQuestion, passages: readonly Passage[], chosen: number[], texts: string[]): string | null {
  const asked = askedStems(question, passages);
  // Score 0: the first heading of the best passage, when no heading shares a word (the search ranked it closest).
  let best: { line: string; score: number } | null = null;
  for (const i of chosen.slice(0, POINTER_PASSAGES)) {
    // A pointer writes no figure: a filing named one fiscal year on (Ulta's fiscal 2022 ends in January 2023) may be it.
    if (!documentFits(passages[i], question.years) && !documentFits(passages[i], question.years.map((y) => y - 1))) continue;
    const names = new Set(contentStems([...companyNames(passages[i]).names, ...companyNames(passages[i]).tickers].join(" ")));
    for (const raw of passages[i].text.split("\n", POINTER_LINES)) {
      const line = raw.replace(/\s+/g, " ").trim();
      // A heading: starts as one (not the tail of a sentence cut by the page) and carries no figure but a year.
      // A year is no table cell here ("For the Full Year of Fiscal 2022").
      if (line.length < 12 || line.length > 120 || !/^[A-Z(]/.test(line) || isTableRow(line.replace(/\b(?:19|20)\d\d\b/g, " ")) || /^table of contents$/i.test(line)) continue;
      if (quantities(line.replace(/\b(?:19|20)\d\d\b/g, " ")).length) continue;
      // A line that only names the company ("Acme Corp") points to nothing.
      if (contentStems(line).every((w) => names.has(w) || CORPORATE.has(w))) continue;
      const score = new Set(contentStems(line).filter((w) => asked.has(w) && !UNTOPICAL.has(w))).size;
      if (best ? score <= best.score : score < 1 && i !== chosen[0]) continue;
      const pointer = `${line} [${i + 1}]`;
      if (passesGuard(pointer, texts, question.text)) best = { line: pointer, score };
    }
  }
  return best?.line ?? null;
}

/**
 * The pointer into the next passage after the one `first` cites (among the first POINTED_PASSAGES, another
 * page): the title of the statement the question names, if it is that statement; else its closest sentence,
 * its heading sharing most of the question's words, else its first heading. Null when none or it says the same.
 */
function nextPointer(question: AskedQuestion, passages: readonly Passage[], chosen: number[], figureAsked: boolean, texts: string[], first: string): string | null {
  const cited = Number(/\[(\d{1,3})\]$/.exec(first)?.[1] ?? 0) - 1;
  const page = (i: number) => `${passages[i].document_id}#${passages[i].page}`;
  const next = chosen.slice(0, POINTED_PASSAGES).find((i) => i !== cited && (cited < 0 || page(i) !== page(cited)));
  if (next === undefined) return null;
  // A question that names the statement to use ("Use the income statement") is pointed to that statement only.
  if (STATEMENT_KINDS.some((k) => k.asked.test(question.text))) return statementTitle(question, passages, next);
  const near = quotes(question, passages, [next], figureAsked, false, true).filter((q) => passesGuard(`${q.text} [${q.n}]`, texts, question.text));
  const line = near.length ? `${near[0].text} [${near[0].n}]` : headingPointer(question, passages, [next], texts);
  return line && withoutMarker(line) !== withoutMarker(first) ? line : null;
}

/** A pointer's text without its closing "[n]". */
function withoutMarker(line: string): string {
  const open = line.lastIndexOf("[");
  return (open >= 0 && /^\[\d{1,3}\]$/.test(line.slice(open)) ? line.slice(0, open) : line).trimEnd();
}

/** Passages (the subject's, in reading order) a pointer answer may point into. */
const POINTED_PASSAGES = 2;

const QUARTER_TALK = /\b(?:quarters?|three months|thirteen weeks|13 weeks|13-week|thirteen-week|q[1-4])\b/i;
const FULL_YEAR_TALK = /\b(?:full[ -]year|fiscal year|annual|twelve months|52 weeks|fifty-two weeks|52-week|fifty-two-week|year ended)\b/i;

const FIGURE_ASKED = /\b(?:how much|how many|what (?:is|was|were|are) (?:the )?(?:\w+ ){0,6}(?:amount|total|value|number|rate|ratio|margin|percentage|growth|change)|amount|ratio|margin|rate|growth|percent|%|usd|\$)\b/i;

/** A measure the question asks for in words of its own, else what the statement tables give the asked years. */
function yearSentences(question: AskedQuestion, sources: Source[]): { sentences: string[]; computed: boolean } {
  const measure = askedMeasureSentences(question, sources);
  return measure ? { sentences: measure, computed: true } : tableSentences(question, sources);
}

/** A question that asks why, not only how much ("What drove ...", "why did ...", "the main drivers of ..."). */
const DRIVERS_ASKED = /\b(?:what (?:drove|drives|caused|explains)|why (?:did|was|were|has|have|is|are|does|do)|(?:main|primary|key) drivers?|drivers? (?:of|behind)|reasons? (?:for|behind))\b/i;

const HIGH_GROWTH = /\bhigh[- ]growth\b|\bgrowth (?:company|stock|business)\b/i;

/**
 * "Are JnJ's FY2022 financials that of a high growth company?": read as the measure analysts answer it with,
 * the year's revenue growth (statement rows when the passages give them, else the sentences about sales growth).
 */
function growthAsked(question: AskedQuestion): AskedQuestion {
  const year = question.years.at(-1);
  if (year === undefined || !HIGH_GROWTH.test(question.text)) return question;
  const asked = readQuestion(`How much did revenue grow from FY${year - 1} to FY${year}? Sales revenue growth increase.`);
  return { ...asked, subject: question.subject };
}

/** Whether the guard sends a part as written (split into sentences the way the guard splits a stream). */
function passesGuard(part: string, texts: string[], question: string): boolean {
  const guard = new SentenceGuard(texts, question);
  guard.push(part);
  guard.end();
  return guard.flagged.length === 0;
}

export function* localAnswer(input: AnswerInput): Generator<string> {
  const passages = input.passages.slice(0, MAX_PASSAGES);
  const question = readQuestion(input.resolvedQuery || input.query);
  const chosen = byAskedPeriod(question, passages, subjectPassages(question.text, passages));
  if (!chosen.length) {
    yield NOT_IN_DOCUMENTS;
    return;
  }
  const sources = sourcesOf(byAskedFiling(question, passages, chosen).map((i) => ({ n: i + 1, text: passages[i].text.slice(0, MAX_PASSAGE_CHARS), document: passages[i].document_id, page: passages[i].page, offset: passages[i].offset, ticker: passages[i].tickers?.[0] ?? null })));
  // "If gross margin is not a useful metric for a company like this, then state that": a bank's statements say so.
  const unfit = unfitMetricSentences(question.text, sources, companyNames(passages[chosen[0]]).names[0] ?? companyNames(passages[chosen[0]]).key);
  if (unfit) {
    for (const [k, part] of unfit.entries()) yield `${k ? "\n" : ""}${part}`;
    return;
  }
  question.subject = new Set(chosen.flatMap((i) => { const c = companyNames(passages[i]); return contentStems([...c.names, ...c.tickers].join(" ")); }));
  // Statement tables answer full-year questions; a quarter's figures are quoted where a sentence gives them.
  // A quarter's balance is read from columns dated by day, each mapped onto the company's fiscal quarters.
  const quarter = partOf(question.text) !== null && !asksRanking(question.text) ? quarterSentences(question.text, sources, passages[chosen[0]].tickers?.[0] ?? null) : [];
  // "Which segment had the highest ...": the rows of the group it ranks, each cited, and the first of them.
  const ranking = quarter.length ? null : columnGroupRanking(question, sources, passages[chosen[0]].tickers?.[0] ?? null) ?? (partOf(question.text) === null ? rankingSentences(question, sources) : null);
  // "Which debt securities are registered ...": the cover page's list.
  const registered = registeredSecuritiesSentences(question.text, passages, chosen);
  const tables = registered ? { sentences: registered, computed: true }
    : quarter.length ? { sentences: quarter, computed: true }
    : ranking ? { sentences: ranking, computed: true }
    : question.years.length && partOf(question.text) === null ? yearSentences(growthAsked(question), sources) : { sentences: [], computed: false };
  const figureAsked = question.items.length > 0 || FIGURE_ASKED.test(question.text);
  // "What drove the operating margin change?": the computed figures say what changed, the filing's own
  // sentences naming the asked year say why (with a figure or without), so both are given.
  const drivers = tables.computed && DRIVERS_ASKED.test(question.text);
  const quoted = drivers ? quotes(question, passages, chosen, false, true)
    : tables.computed ? [] : quotes(growthAsked(question), passages, chosen, figureAsked, tables.sentences.length > 0);
  // The engine's own answer passes the guard before it is written: a part the guard would flag is left out.
  const texts = passages.map((p) => p.text);
  const parts = [...tables.sentences, ...quoted.map((q) => `${q.text.trimEnd()} [${q.n}]`)].filter((part) => passesGuard(part, texts, question.text));
  if (!parts.length) {
    // Nothing answers: said plainly, with the sentence of the best passages (about the asked company and
    // period) closest to the question, quoted as it stands, for the reader to follow.
    const near = quotes(question, passages, chosen.slice(0, CLOSEST_PASSAGES), figureAsked, false, true).filter((q) => passesGuard(`${q.text} [${q.n}]`, texts, question.text));
    const title = near.length ? null : statementTitle(question, passages, chosen[0]) ?? headingPointer(question, passages, chosen, texts);
    if (!near.length && !title) {
      yield NOT_IN_DOCUMENTS;
      return;
    }
    const first = near.length ? `${near[0].text} [${near[0].n}]` : title!;
    // The search's order is no verdict: the next passage about the asked company and period (another page) is
    // pointed to as well, so the reader sees both places the answer may be.
    const second = nextPointer(question, passages, chosen, figureAsked, texts, first);
    yield second ? `${NOT_ANSWERED_TWO}\n${first}\n${second}` : `${NOT_ANSWERED}\n${first}`;
    return;
  }
  for (const [k, part] of parts.entries()) yield `${k ? "\n" : ""}${part}`;
}

registerLocalEngine("chat.answer", { text: (req) => localAnswer(req.input as AnswerInput) });
