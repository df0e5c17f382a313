// Query understanding: the words that carry meaning (stop and instruction words removed), finance
// metric synonyms as alternative phrasings, fiscal periods and document-type hints named in the question.
// Pure; the FTS5 expression is built from the result in fts.ts.
import { nameWords } from "./aliases";
import { CHARS_PER_FIGURE, runSteps, turnAfter } from "../figures/steps";

export interface Concept {
  /** Alternatives, each one word or a phrase of words; any one present counts. */
  variants: string[][];
  /** Synonym concepts weigh less than words the user typed. */
  weight: number;
  /** hint: words of an answer instruction ("if X is not useful, explain why") or of the analysis asked
   * for ("improving", "consistent"): they describe the answer, rarely the page, so they weigh little and
   * stay out of MATCH. */
  origin: "word" | "synonym" | "year" | "hint";
}

export interface QueryPlan {
  concepts: Concept[];
  /** Fiscal years named (FY2022, 2022, FY22); the latest is the likeliest document year. */
  years: number[];
  quarter: number | null;
  /** 10k | 10q | 8k | earnings, from words such as "10-K", "quarter", "earnings call". */
  docSubTypes: string[];
  /** Consecutive word pairs of the question, for phrase scoring. */
  bigrams: string[];
}

// English function words plus the instruction boilerplate of analyst questions ("answer in USD millions,
// round to one decimal place, using the details shown in ...").
const STOP = new Set(
  `a about above after again against all also am an and any are aren as at be because been before being below between both but by
  can cannot could did didn do does doing don down during each few for from further had has have having he her here hers herself him
  himself his how i if in into is isn it its itself let me more most my myself no nor not of off on once only or other ought our ours
  ourselves out over own same she should so some such than that the their theirs them themselves then there these they this those
  through to too under until up very was we were what when where which while who whom why will with would you your yours yourself
  yourselves s t
  answer answering question questions response respond give provide provided relying rely using use used based primarily mainly
  information info details detail shown show shows stated state states please assume assuming analyst analysts equity equities public
  investment banker research units unit percent percents percentage round rounded rounding decimal decimals place places usd dollars
  dollar million millions billion billions thousand thousands calculate calculated calculation compute computed figure figures
  number numbers value values amount amounts metric metrics ratio definition defined define us company company's companies
  firm business reported report reports data year years fiscal fy period periods end ending ended close closing as of via
  whether kind type types sort one two three four five first second third fourth last prior previous current latest today
  much many significant significantly major primary key main respectively yes exactly approximately roughly around nearly
  lost connection internet access resource resources only following like pretend you're youre we're asked ask looking look
  unless otherwise specified mentioned mention outlined outline directly explicitly shown whose given regarding`.split(/\s+/),
);

/** Finance vocabulary: each group is one concept; a query naming any variant gets all of them. */
const SYNONYMS: string[][] = [
  ["capital expenditure", "capital expenditures", "capex", "purchases of property", "purchases of property and equipment", "additions to property", "capital spending", "payments for property"],
  ["revenue", "revenues", "net sales", "net revenue", "total revenue", "total net sales", "sales"],
  ["net income", "net earnings", "net income attributable", "profit"],
  ["eps", "earnings per share", "per share", "diluted"],
  ["pp&e", "ppe", "property plant and equipment", "property and equipment", "fixed assets", "fixed asset"],
  ["cogs", "cost of goods sold", "cost of sales", "cost of revenue", "cost of products sold"],
  ["operating income", "income from operations", "operating profit", "operating earnings"],
  ["operating margin", "operating income", "income from operations", "statements of operations", "statements of income", "total revenue"],
  ["gross margin", "gross profit", "cost of sales", "cost of revenue", "cost of products sold", "cost of products", "cost of services", "statements of operations", "statements of income", "statements of earnings"],
  ["free cash flow", "free cashflow", "operating activities", "purchases of property", "statements of cash flows", "net cash provided by operating activities"],
  ["operating cash flow", "operating cashflow", "cash from operations", "net cash provided by operating activities", "operating activities"],
  ["dividend", "dividends", "cash dividends", "dividends paid", "dividends declared"],
  ["accounts payable", "payables", "dpo", "days payable outstanding"],
  ["accounts receivable", "receivables", "receivable", "dso", "ar"],
  ["inventory", "inventories", "inventory turnover"],
  ["quick ratio", "current assets", "current liabilities", "cash and cash equivalents", "marketable securities", "receivables"],
  ["current ratio", "current assets", "current liabilities"],
  ["working capital", "current assets", "current liabilities"],
  ["return on assets", "roa", "net income", "total assets"],
  ["debt securities", "securities registered", "section 12 b", "trading symbol", "exchange on which registered", "notes due"],
  ["depreciation", "depreciation and amortization", "d&a", "amortization"],
  ["ebitda", "depreciation and amortization", "operating income", "adjusted ebitda"],
  ["effective tax rate", "income taxes", "provision for income taxes", "tax rate", "income before income taxes", "statements of operations"],
  ["interest expense", "interest expense net", "interest coverage"],
  ["balance sheet", "balance sheets", "statement of financial position", "total assets", "total liabilities"],
  ["income statement", "statements of operations", "statement of income", "statements of income", "statement of earnings", "statements of earnings"],
  ["cash flow statement", "cashflow statement", "statements of cash flows", "statement of cash flows", "cash flows"],
  ["debt", "long term debt", "borrowings", "notes payable"],
  ["total assets", "assets"],
  ["shareholders equity", "stockholders equity", "shareowners equity", "total equity"],
  ["restructuring", "restructuring charges", "restructuring costs"],
  ["segment", "segments", "reportable segments", "operating segments"],
  ["acquisition", "acquisitions", "acquired", "business combination"],
  ["customer concentration", "customers", "primary customers", "largest customer", "significant customers", "u s government"],
  ["share repurchase", "repurchases", "buyback", "treasury stock", "repurchase program"],
  ["guidance", "outlook", "expects", "forecast"],
  ["litigation", "legal proceedings", "lawsuits", "legal", "legal matters", "contingencies"],
  ["headcount", "employees", "human capital"],
];

// Words that name the analysis rather than what a page says ("is the margin improving?").
const ANALYSIS = new Set(
  `improving improve improved improvement worsening deteriorating profile trend trends consistent consistently fluctuating fluctuate
  fluctuated historically historical compare compared comparison explain why useful relevant meaningful healthy high low higher lower
  drove driven drive reason reasons`.split(/\s+/),
);

/**
 * An answer instruction: a sentence such as "If gross margin is not a useful metric for a company like this,
 * then state that and explain why." It repeats what the question asks and says how to answer.
 */
function isInstruction(sentence: string): boolean {
  return /^\s*if\b/i.test(sentence) && /\b(?:state|explain|say)\b/i.test(sentence);
}

const SUFFIXES = ["ations", "ation", "ities", "ity", "ings", "ing", "ies", "ied", "ment", "ments", "ers", "er", "ed", "es", "s", "e", "y"];

/** A prefix shared by a word's inflections ("expenditures" -> "expenditur"). */
export function stemPrefix(word: string): string {
  for (const s of SUFFIXES) if (word.length - s.length >= 4 && word.endsWith(s)) return word.slice(0, -s.length);
  return word;
}

/** Synonym groups are looked up by stemmed words: "gross margins" names the "gross margin" group. */
const synonymKey = (words: string[]) => words.map(stemPrefix).join(" ");

const SYNONYM_INDEX = new Map<string, number[]>();
SYNONYMS.forEach((group, i) => {
  for (const v of group) {
    const key = synonymKey(nameWords(v));
    SYNONYM_INDEX.set(key, [...(SYNONYM_INDEX.get(key) ?? []), i]);
  }
});
/** The first stemmed word of each key: a sequence starting with another word names no group. */
const SYNONYM_FIRST_WORDS = new Set([...SYNONYM_INDEX.keys()].map((k) => k.split(" ")[0]));

const DOC_TYPE_WORDS: [RegExp, string][] = [
  [/\b10-?k\b|\bannual report\b/i, "10k"],
  [/\b10-?q\b|\bquarter(ly)?\b|\bq[1-4]\b/i, "10q"],
  [/\b8-?k\b/i, "8k"],
  [/\bearnings (call|release|report)\b|\bpress release\b/i, "earnings"],
];

function fullYear(y: string): number {
  const n = Number(y);
  return y.length === 2 ? 2000 + n : n;
}

export function detectPeriods(query: string): { years: number[]; quarter: number | null; rest: string } {
  const years: number[] = [];
  let quarter: number | null = null;
  let rest = query.replace(/\bq([1-4])\s*(?:of\s+)?(?:fy\s*|fiscal\s+(?:year\s+)?)?'?(\d{4}|\d{2})\b/gi, (_m, q: string, y: string) => {
    quarter = Number(q);
    years.push(fullYear(y));
    return " ";
  });
  rest = rest.replace(/\b(?:fy\s*|fiscal\s+(?:year\s+)?)'?(\d{4}|\d{2})\b/gi, (_m, y: string) => {
    years.push(fullYear(y));
    return " ";
  });
  rest = rest.replace(/\b(19[89]\d|20\d\d)\b/g, (_m, y: string) => {
    years.push(Number(y));
    return " ";
  });
  const q = /\bq([1-4])\b/i.exec(rest);
  if (quarter === null && q) quarter = Number(q[1]);
  return { years: [...new Set(years)].filter((y) => y >= 1980 && y <= 2100), quarter, rest };
}

/** "&&pp&e&" -> "pp&e", by index steps (a regex /&+$/ rescans a long run of "&" from every position). */
function trimAmpersands(word: string): string {
  let start = 0;
  let end = word.length;
  while (start < end && word[start] === "&") start++;
  while (end > start && word[end - 1] === "&") end--;
  return word.slice(start, end);
}

/** The query's meaningful words; "Adobe's" -> "adobe", "PP&E" -> "pp&e" kept whole. */
function contentWords(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.toLowerCase().replace(/[\u2019']s\b/g, "").split(/[^\p{L}\p{N}&]+/u)) {
    const w = trimAmpersands(raw);
    if (!w || STOP.has(w) || (w.length < 2 && !/\d/.test(w))) continue;
    out.push(w);
  }
  return out;
}

/** Words as FTS5 sees them: "pp&e" -> ["pp", "e"]. */
export function ftsWords(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

const HINT_WEIGHT = 0.2;

/** A word of the question vocabulary (stop words, finance terms): "CAPEX" is no company's short form. */
export function isQueryVocabulary(word: string): boolean {
  const w = word.toLowerCase();
  return STOP.has(w) || ANALYSIS.has(w) || SYNONYM_INDEX.has(synonymKey([w]));
}

export function planQuery(query: string, companyWords: Set<string> = new Set()): QueryPlan {
  return runSteps(planQuerySteps(query, companyWords));
}

/** Words of a query read between two turns of planQuerySteps. */
const WORDS_PER_STEP = 512;

/**
 * planQuery in steps (figures/steps.ts): a search's text may be a whole reference (8,000 characters of a
 * table: about 2,000 words, 500 concepts), whose plan took 6-12 ms in one piece; it yields after each pass
 * over the text and every WORDS_PER_STEP words of the sequence look-up.
 */
export function* planQuerySteps(query: string, companyWords: Set<string> = new Set()): Generator<void, QueryPlan, void> {
  const sentences = query.split(/(?<=[.?!])\s+/);
  const instructions = sentences.filter(isInstruction);
  const asked = instructions.length < sentences.length ? sentences.filter((s) => !isInstruction(s)).join(" ") : query;
  const { years, quarter, rest } = detectPeriods(asked);
  // A phase over the whole query, for turnAfter: a claim's short query shares its turns with the next ones.
  const queryWork = Math.ceil(query.length / CHARS_PER_FIGURE);
  yield* turnAfter(queryWork);
  const hintWords = new Set(contentWords(detectPeriods(instructions.join(" ")).rest));
  const words = contentWords(rest).filter((w) => !companyWords.has(w));
  yield* turnAfter(queryWork);
  const allWords = rest.toLowerCase().replace(/[\u2019']s\b/g, "").split(/[^\p{L}\p{N}&]+/u).filter(Boolean);
  const concepts: Concept[] = [];
  const seen = new Set<string>();
  const usedGroups = new Set<number>();

  // Synonym groups named by a 1-4 word sequence of the question; the words of a matched sequence are
  // then represented by the group (any variant counts), not one by one. A word's name words and stems are
  // computed once: a sequence's are those of its words in order (allWords hold no apostrophe or space).
  const consumed = new Set<string>();
  const wordParts: string[][] = [];
  const wordKeys: string[] = [];
  for (const [i, w] of allWords.entries()) {
    const parts = nameWords(w);
    wordParts.push(parts);
    wordKeys.push(synonymKey(parts));
    if ((i + 1) % WORDS_PER_STEP === 0) yield;
  }
  // A sequence's key starts with the first word of its first word that has one: when no group's key starts
  // so, the key is not built (most of a long question's sequences).
  const firstWords = wordKeys.map((k) => k.split(" ")[0]);
  yield* turnAfter(queryWork);
  for (let n = 4; n >= 1; n--) {
    for (let i = 0; i + n <= allWords.length; i++) {
      if ((i + 1) % WORDS_PER_STEP === 0) yield;
      let first = i;
      while (first < i + n && !wordKeys[first]) first++;
      if (first === i + n || !SYNONYM_FIRST_WORDS.has(firstWords[first])) continue;
      const key = wordKeys.slice(i, i + n).filter(Boolean).join(" ");
      const groups = SYNONYM_INDEX.get(key);
      if (!groups) continue;
      const seq = wordParts.slice(i, i + n).flat();
      for (const g of groups) {
        if (usedGroups.has(g)) continue;
        usedGroups.add(g);
        seq.forEach((w) => consumed.add(w));
        concepts.push({ variants: SYNONYMS[g].map(ftsWords), weight: 1, origin: "synonym" });
      }
    }
  }
  yield* turnAfter(queryWork);
  for (const [i, w] of words.entries()) {
    if ((i + 1) % WORDS_PER_STEP === 0) yield;
    const parts = ftsWords(w);
    const key = parts.join(" ");
    if (seen.has(key) || parts.length === 0 || parts.every((p) => consumed.has(p))) continue;
    seen.add(key);
    if (ANALYSIS.has(w)) concepts.push({ variants: [parts], weight: HINT_WEIGHT, origin: "hint" });
    else concepts.push({ variants: [parts], weight: 1, origin: "word" });
  }
  for (const w of hintWords) {
    const parts = ftsWords(w);
    const key = parts.join(" ");
    if (seen.has(key) || parts.length === 0 || companyWords.has(w) || parts.every((p) => consumed.has(p))) continue;
    seen.add(key);
    concepts.push({ variants: [parts], weight: HINT_WEIGHT, origin: "hint" });
  }
  for (const y of years) concepts.push({ variants: [[String(y)]], weight: 0.5, origin: "year" });

  const docSubTypes = DOC_TYPE_WORDS.filter(([re]) => re.test(asked)).map(([, t]) => t);
  const bigrams: string[] = [];
  for (let i = 0; i + 1 < words.length; i++) if (!ANALYSIS.has(words[i]) && !ANALYSIS.has(words[i + 1])) bigrams.push(`${words[i]} ${words[i + 1]}`);
  return { concepts, years, quarter, docSubTypes, bigrams };
}
