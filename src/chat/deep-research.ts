// Deep research's planning and report engine, pure and deterministic: the sub-questions of a query, the
// searches of each step, and the sectioned report written from each section's passages through the chat
// answer path (answerPieces), so the report cites exactly as chat does. The Durable Object runs the steps.
import type { Env } from "../core/env";
import { isStopWord, words } from "../figures/text";
import { answerPieces } from "./answer";
import type { AnswerPiece, Passage } from "./types";

/** What a section says when its step found no passage. */
export const NOT_COVERED = "The documents searched do not cover this question.";

const MAX_PLAN = 6;

interface Aspect {
  title: string;
  /** Words of a query or sub-question that ask for this aspect. */
  asks: RegExp;
  question(subject: string, period: string): string;
  queries(subject: string, period: string): string[];
}

/** The aspects of a company question, in the order a report takes them. */
const ASPECTS: Aspect[] = [
  {
    title: "Revenue and growth",
    asks: /\b(?:revenues?|sales|top[- ]line|growth|grow|grew|turnover)\b/i,
    question: (s, p) => `How did ${possessive(s)} revenue develop${p}, and what drove its growth?`,
    queries: (s, p) => [`${s} total revenue net sales${p}`, `${s} revenue growth drivers${p}`, `${s} revenue by segment${p}`],
  },
  {
    title: "Profitability and margins",
    asks: /\b(?:margins?|profits?|profitability|profitable|earnings|eps|net income|operating income)\b/i,
    question: (s, p) => `What were ${possessive(s)} gross profit, operating income, net income and margins${p}?`,
    queries: (s, p) => [`${s} gross margin operating margin${p}`, `${s} net income earnings per share${p}`, `${s} operating income${p}`],
  },
  {
    title: "Cash flow and capital expenditure",
    asks: /\b(?:free cash flows?|cash flows?|cash|capex|capital expenditures?|capital spending|investments?|buybacks?|dividends?)\b/i,
    question: (s, p) => `What were ${possessive(s)} cash flow from operations and capital expenditures${p}?`,
    queries: (s, p) => [`${s} net cash provided by operating activities${p}`, `${s} capital expenditures purchases of property and equipment${p}`, `${s} free cash flow${p}`],
  },
  {
    title: "Balance sheet and debt",
    asks: /\b(?:debt|balance sheet|leverage|liquidity|borrowings?|assets|liabilities|equity|solvency)\b/i,
    question: (s, p) => `What were ${possessive(s)} total assets, current assets, current liabilities and debt${p}?`,
    queries: (s, p) => [`${s} total debt long-term debt${p}`, `${s} cash and cash equivalents liquidity${p}`, `${s} total assets liabilities equity${p}`],
  },
  {
    title: "Risks and outlook",
    asks: /\b(?:risks?|outlook|guidance|forecasts?|future|challenges?|uncertaint(?:y|ies)|headwinds?|threats?)\b/i,
    question: (s, p) => `What risks and outlook does ${s} describe${p}?`,
    queries: (s, p) => [`${s} risk factors${p}`, `${s} outlook guidance${p}`, `${s} headwinds uncertainties`],
  },
];

/** Words that open a question or ask for a report: never a company's name. */
const ASKING = new Set(
  `what how why which who when where is are was were does do did can could should would will compare comparing give summarize summarise
  tell explain analyze analyse describe research write provide please list assess evaluate review the a an in for on of and to between versus vs`.split(/\s+/),
);
/** Capitalized words that name a period or a unit, not a company. */
const NOT_A_NAME =
  /^(?:Q[1-4]|H[12]|FY\d{0,4}|Fiscal|Year|Quarter|January|February|March|April|May|June|July|August|September|October|November|December|GAAP|EPS|USD|EBITDA|CEO|CFO)$/i;
/** Words after which a capitalized word names a place or market rather than a company. */
const PLACE_WORDS = new Set("to in into from across within throughout outside inside".split(" "));
/** Words a query opens with that are no company: "Impact of tariffs on ...". */
const OPENING_WORDS = new Set("impact effect effects state trends trend outlook overview global key recent current latest major".split(" "));
const WORDS_OF_GENERAL_ASK = new Set(
  "perform performance business financial financials overview company companies analysis health result results research report doing do did fare state position fiscal year years annual quarter quarterly"
    .split(" "),
);

/** The text without the given characters at its end (a loop, not a regex: linear on any input). */
function stripEnd(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1])) end--;
  return text.slice(0, end);
}

function possessive(subject: string): string {
  return subject.endsWith("s") ? `${subject}'` : `${subject}'s`;
}

/**
 * The companies a query names: runs of capitalized words (with "&", "of", "and" inside a run), tickers in
 * capitals, possessives stripped; question words at the start are not names.
 */
export function subjectsOf(query: string): string[] {
  const tokens = query.split(/\s+/).filter(Boolean);
  const names: string[] = [];
  let run: string[] = [];
  let start = 0;
  let place = false;
  const close = () => {
    while (run.length && /^(?:&|of|and)$/i.test(run[run.length - 1])) run.pop();
    // A query's capitalized first word alone is a name only when it reads like one ("Rising rates..." is not).
    const opening = start === 0 && run.length === 1 && !/^[A-Z\d&.-]+$/.test(run[0]) && (/(?:ing|ed|ly)$/.test(run[0]) || OPENING_WORDS.has(run[0].toLowerCase()));
    if (run.length && !opening && !place) names.push(run.join(" "));
    run = [];
  };
  const comparing = /\b(?:compare|compared|comparing|versus|vs)\b/i.test(query);
  for (const [i, raw] of tokens.entries()) {
    const possessed = /['’]s?[,.;:?!)]*$/.test(raw) && /[A-Za-z]['’]/.test(raw);
    const token = stripEnd(raw.replace(/^[("'“]+/, ""), ",.;:?!)\"”").replace(/['’]s?$/, "");
    const capitalized = /^(?:[A-Z][\p{L}\d.&-]*|\d[A-Z][\p{L}]*)$/u.test(token) && !NOT_A_NAME.test(token) && !(run.length === 0 && ASKING.has(token.toLowerCase()));
    if (capitalized) {
      if (!run.length) {
        start = i;
        // "exposure to China", "sales in North America": a place or market, not a subject ("compare A to B"
        // excepted); "Apple's Services revenue": a segment of the company named before it.
        const before = i > 0 ? tokens[i - 1] : "";
        place = (PLACE_WORDS.has(before.toLowerCase()) && !(comparing && before.toLowerCase() === "to")) || /[A-Za-z\d]['’]s?$/.test(before);
      }
      run.push(token);
    } else if (run.length && /^(?:&|of)$/i.test(token)) run.push(token);
    else close();
    // "Apple's revenue", "Apple, Microsoft": the name ends here.
    if (possessed || /[,;:?!]$/.test(raw)) close();
  }
  close();
  return [...new Set(names)];
}

/** The periods a query names as written ("2022", "fiscal 2023", "Q3 2024", "FY23"), as " in ..." or "". */
export function periodOf(query: string): string {
  const found = [...query.matchAll(/\b(?:Q[1-4]\s)?(?:fiscal\s(?:year\s)?|FY\s?)?(?:19|20)\d{2}\b|\bFY\s?\d{2}\b/gi)].map((m) => m[0]);
  const periods = [...new Set(found)];
  if (!periods.length) return "";
  return ` in ${periods.length === 1 ? periods[0] : `${periods.slice(0, -1).join(", ")} and ${periods[periods.length - 1]}`}`;
}

function joinNames(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** The query as a sub-question of its own: trimmed, ending with a question mark. */
function asQuestion(query: string): string {
  const q = stripEnd(query.trim().replace(/\s+/g, " "), ".!");
  return q.endsWith("?") ? q : `${q}?`;
}

/** Content words of a text that no aspect, name, period or general ask accounts for. */
function ownWords(query: string, subjects: string[]): string[] {
  const named = new Set(subjects.flatMap((s) => words(s)));
  // The aspects' phrases ("capital expenditures", "cash flow") taken out whole, then the words left.
  const rest = ASPECTS.reduce((text, a) => text.replace(new RegExp(a.asks.source, "gi"), " "), query);
  return words(rest).filter((w) => w.length > 2 && !isStopWord(w) && !ASKING.has(w) && !named.has(w) && !WORDS_OF_GENERAL_ASK.has(w));
}

/**
 * Three to six sub-questions. A company question takes the standard aspects (revenue and growth,
 * profitability, cash flow and capex, balance sheet and debt, risks and outlook) about the companies and
 * periods it names, each worded with the line items a statement prints, the aspects it asks for first; a question with words of its own ("exposure to China")
 * is itself the first step. A question that names no company is researched as a theme.
 */
export function planResearch(query: string): string[] {
  const subjects = subjectsOf(query);
  const period = periodOf(query);
  const own = ownWords(query, subjects);
  if (!subjects.length) {
    const said = words(query).filter((w) => !isStopWord(w) && !ASKING.has(w));
    const topic = said.join(" ") || "the question asked";
    const theme = [`What figures do the documents give on ${topic}${period}?`, `What is driving ${topic}${period}?`, `Which companies or sectors do the documents name as most affected by ${topic}?`, `What risks and outlook do the documents describe for ${topic}?`];
    // A query of no words of its own (empty, punctuation, only question words) is no step of its own.
    return [...new Set(said.length ? [asQuestion(query), ...theme] : theme)];
  }
  const subject = joinNames(subjects);
  const asked = ASPECTS.filter((a) => a.asks.test(query));
  const ordered = [...asked, ...ASPECTS.filter((a) => !asked.includes(a))];
  const plan = ordered.map((a) => a.question(subject, period));
  if (own.length > 0) plan.unshift(asQuestion(query));
  return [...new Set(plan)].slice(0, MAX_PLAN);
}

/** Searches for one step: the sub-question as asked, then its aspect's wordings (or its content words). */
export function researchQueries(subQuestion: string): string[] {
  const subject = joinNames(subjectsOf(subQuestion));
  const period = periodOf(subQuestion);
  const aspect = ASPECTS.find((a) => a.asks.test(subQuestion));
  const keywords = words(subQuestion)
    .filter((w) => !isStopWord(w) && !ASKING.has(w))
    .join(" ");
  const queries = [subQuestion.trim()];
  if (aspect && subject) queries.push(...aspect.queries(subject, period));
  else if (subject) queries.push(`${keywords}${period}`, `${subject} results overview${period}`, `${subject} management discussion and analysis${period}`);
  else queries.push(keywords);
  return [...new Set(queries.map((q) => q.replace(/\s+/g, " ").trim()).filter((q) => q.length > 0))];
}

/** A section's heading: its aspect's title when the sub-question is one, else the sub-question. */
export function sectionHeading(question: string): string {
  const subject = subjectsOf(question);
  const aspect = ASPECTS.find((a) => a.question(joinNames(subject), periodOf(question)) === question);
  return aspect ? aspect.title : question.replace(/\s+/g, " ").trim();
}

/**
 * The report: a "## heading" per section and its cited answer from its own passages (answerPieces, the
 * provider path of chat), or a sentence that the documents do not cover it. Cite pieces index the
 * sections' passages flattened in order (section 2's first passage follows all of section 1's).
 */
export async function* reportPieces(env: Env, query: string, sections: { question: string; passages: Passage[] }[]): AsyncIterable<AnswerPiece> {
  let offset = 0;
  for (const [i, section] of sections.entries()) {
    yield { kind: "text", text: `${i ? "\n\n" : ""}## ${sectionHeading(section.question)}\n\n` };
    if (!section.passages.length) yield { kind: "text", text: NOT_COVERED };
    else {
      for await (const piece of answerPieces(env, { query, resolvedQuery: section.question, history: [], passages: section.passages })) {
        yield piece.kind === "cite" ? { kind: "cite", passage: piece.passage + offset } : piece;
      }
    }
    offset += section.passages.length;
  }
}
