// Which passages an answer may draw on: the question's company (never another company's passage) and the
// question's years and line items, read once per answer. Names come from each passage's index metadata
// (tickers, company names) and its document name ("BOEING_2022_10K").
import { namedEntities, stem, isStopWord } from "../figures/text";
import { yearsIn } from "../figures/context";
import { ITEMS } from "../figures/line-items";
import { normalizeLabel } from "../figures/table";
import type { Passage } from "./types";

/** The question as read: its years, the standard line items it names, and its words. */
export interface AskedQuestion {
  text: string;
  years: number[];
  items: string[];
  /** Stems of the company names the question's passages go by (not line-item words). */
  subject?: Set<string>;
}

/** Words questions use for a line item besides the shared aliases (chat's questions only; the judges' reading is left as it is). */
const MORE_ALIASES: Record<string, string[]> = {
  operatingCashFlow: ["cash flow from operating activities", "cash flows from operating activities", "cash provided by operating activities", "cash generated from operations"],
  pretaxIncome: ["pre-tax income", "income before taxes"],
  ppe: ["net property plant and equipment", "property and equipment"],
};

/** Questions are read from their first characters only (hostile input). */
const MAX_QUESTION_CHARS = 2_000;

export function readQuestion(query: string): AskedQuestion {
  const text = query.slice(0, MAX_QUESTION_CHARS);
  const years = [...new Set(yearsIn(text))].sort((a, b) => a - b);
  const label = ` ${normalizeLabel(text)} `;
  // Every standard item whose alias the question uses, longest alias first ("net income" before "income").
  const found: { name: string; at: number; length: number }[] = [];
  for (const [name, spec] of Object.entries(ITEMS)) {
    for (const a of [...spec.aliases, ...(MORE_ALIASES[name] ?? [])]) {
      const at = label.indexOf(` ${a} `);
      if (at >= 0) found.push({ name, at, length: a.length });
    }
  }
  found.sort((a, b) => b.length - a.length);
  const taken: [number, number][] = [];
  const items: string[] = [];
  for (const f of found) {
    if (taken.some(([a, b]) => f.at < b && a < f.at + f.length)) continue;
    taken.push([f.at, f.at + f.length]);
    if (!items.includes(f.name)) items.push(f.name);
  }
  return { text, years, items };
}

/** Whether `word` stands in `text` as a whole word, case as written (tickers: "BA", not "bank"). */
function hasWord(text: string, word: string): boolean {
  const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    if (!isWordChar(text[at - 1]) && !isWordChar(text[at + word.length])) return true;
  }
  return false;
}

/** Lower-case words of a name, punctuation as spaces: "Coca-Cola" reads "coca cola". */
function plain(text: string): string {
  return ` ${text.toLowerCase().replace(/[^\p{L}\p{N}&]+/gu, " ").trim()} `;
}

/** The names a passage's company goes by: its tickers, company names and the head of its document name. */
export function companyNames(p: Passage): { key: string; tickers: string[]; names: string[] } {
  const meta = p.metadata ?? {};
  const metaNames = Array.isArray(meta.company_names) ? (meta.company_names as unknown[]).filter((n): n is string => typeof n === "string") : [];
  const tickers = (p.tickers ?? []).filter((t) => typeof t === "string" && t.length > 0);
  const head = (p.document_name ?? "").split(/[_\s]/)[0] ?? "";
  const names = [...metaNames, ...(head.length >= 3 && !/^\d+$/.test(head) ? [head] : [])];
  const key = (tickers[0] ?? metaNames[0] ?? head).toUpperCase();
  return { key, tickers, names };
}

// Capitalized words of questions that name no company.
const NOT_A_COMPANY = new Set(
  `what which who how when where why does did do is are was were has have had can could should would will answer round give define defined calculate
  compute base based please using use approach assume consider considering according taking take utilize utilizing refer referencing reference
  primarily we if in on at by for from of the a an and or but as to with without between among within during after before also then than
  fy fiscal year years quarter usd us dollars millions billions thousands percent percents gaap non adjusted unadjusted income statement statements
  balance sheet cash flow flows p&l ebit ebitda eps roa roe capex cogs dpo dio dso ccc ppe pp&e sg&a r&d q1 q2 q3 q4 h1 h2 ttm yoy ceo cfo
  board segment segments company companies inc corp corporation ltd group holdings llc plc co report reports filing filings form annual`
    .split(/\s+/)
    .filter(Boolean),
);

/** Words of a name that do not tell one company from another ("Inc", "Corporation", "The"). */
const NAME_SUFFIXES = new Set(["inc", "incorporated", "corp", "corporation", "co", "company", "companies", "ltd", "limited", "plc", "llc", "lp", "holdings", "holding", "group", "the", "international"]);

/** A name's distinctive words, lower case: "The Boeing Company" -> ["boeing"], "Coca-Cola" -> ["coca", "cola"]. */
function nameWords(name: string): string[] {
  return plain(name).trim().split(" ").filter((w) => w && !NAME_SUFFIXES.has(w));
}

/**
 * Short forms of a name of two or three words: the first two to four letters of each word ("AMEX" for American
 * Express), the initials joined by "&" or "n" for a name of two words ("J&J", "JnJ" for Johnson & Johnson).
 */
function shortForms(words: string[]): string[] {
  const letters = words.filter((w) => /^\p{L}/u.test(w) && w !== "&");
  if (letters.length < 2 || letters.length > 3) return [];
  let forms = [""];
  for (const w of letters) forms = forms.flatMap((f) => [2, 3, 4].filter((n) => n <= w.length).map((n) => f + w.slice(0, n)));
  const out = forms.filter((f) => f.length >= 4);
  if (letters.length === 2) {
    const initials = [`${letters[0][0]}&${letters[1][0]}`, `${letters[0][0]}n${letters[1][0]}`];
    out.push(...initials.filter((f) => !FINANCE_AMPERSANDS.has(f)));
  }
  return out;
}

/** Finance's own short forms with "&", never a company's ("R&D", "M&A"). */
const FINANCE_AMPERSANDS = new Set(["r&d", "s&p", "m&a", "p&l", "d&a", "g&a", "e&p", "o&m", "p&e", "s&m"]);

/** The question's words written with two capitals or more ("AMEX", "AmEx", "JnJ", "J&J"): tickers or short forms. */
function capitalTokens(question: string): string[] {
  const out: string[] = [];
  for (const m of question.matchAll(/(?<![\p{L}\p{N}&])[A-Za-z][A-Za-z&]{1,7}(?![\p{L}\p{N}&])/gu)) {
    // Not the measures questions name in capitals ("EBITDA", "GAAP", "SG&A").
    if (m[0].replace(/[^A-Z]/g, "").length >= 2 && !NOT_A_COMPANY.has(m[0].toLowerCase()) && !FINANCE_AMPERSANDS.has(m[0].toLowerCase())) out.push(m[0]);
  }
  return out;
}

/**
 * How plainly the question names a passage's company: 3 by a ticker or a whole name ("Boeing", "Coca Cola"),
 * 2 by a short form or a name written as one word or apart ("AMEX", "JnJ", "Wal-Mart", "JP Morgan",
 * "Footlocker"), 1 by the first word of a longer name alone ("Johnson" alone is not enough for "Johnson &
 * Johnson"), 0 not at all.
 */
function namingStrength(question: string, q: string, capitals: string[], k: { tickers: string[]; names: string[] }): number {
  if (k.tickers.some((t) => t.length >= 2 && (hasWord(question, t) || capitals.some((c) => c.toUpperCase() === t.toUpperCase() && c.length >= 3)))) return 3;
  let best = 0;
  const spaced = q.trim().split(" ");
  for (const n of k.names) {
    const full = plain(n);
    if (full.trim().length >= 2 && q.includes(full)) return 3;
    const words = nameWords(n);
    if (!words.length) continue;
    // The name's words run together or apart: the question's one, two or three words joined equal the name's.
    const joined = words.join("");
    if (joined.length >= 6) {
      for (let i = 0; i < spaced.length && best < 2; i++) {
        for (let len = 1; len <= 3 && i + len <= spaced.length; len++) if (spaced.slice(i, i + len).join("") === joined) best = 2;
      }
    }
    const forms = shortForms(words);
    if (capitals.some((c) => forms.includes(c.toLowerCase()))) best = Math.max(best, 2);
    const first = words.filter((w) => w.length >= 4 && !NOT_A_COMPANY.has(w));
    if (first.length > 0 && q.includes(` ${first[0]} `) && (first.length === 1 || first[0] !== first[1])) best = Math.max(best, first.length === 1 && words.length === 1 ? 3 : 1);
  }
  return best;
}

/**
 * The passages about the company the question asks about. When the question names one or more of the
 * passages' companies, only theirs (the most plainly named: "American Express" is not American Water Works,
 * whose first word it shares); when it names a company none of the passages is about (a capitalized name no
 * passage carries), none; when it names none, all (the search already chose them).
 */
export function subjectPassages(question: string, passages: readonly Passage[]): number[] {
  const q = plain(question.slice(0, MAX_QUESTION_CHARS));
  const capitals = capitalTokens(question.slice(0, MAX_QUESTION_CHARS));
  const keys = passages.map((p) => companyNames(p));
  const strength = new Map<string, number>();
  for (const k of keys) strength.set(k.key, Math.max(strength.get(k.key) ?? 0, namingStrength(question, q, capitals, k)));
  const top = Math.max(0, ...strength.values());
  const named = new Set([...strength].filter(([, v]) => v > 0 && v === top).map(([key]) => key));
  if (named.size) return keys.flatMap((k, i) => (named.has(k.key) ? [i] : []));
  // A name the question gives that no passage carries anywhere: another company's documents are not an answer.
  const texts = passages.map((p) => plain(`${p.document_name} ${p.text.slice(0, 20_000)}`));
  for (const e of namedEntities(question.slice(0, MAX_QUESTION_CHARS))) {
    const w = e.toLowerCase().replace(/['’]s$/, "");
    if (w.length < 3 || /\d/.test(w) || NOT_A_COMPANY.has(w) || isStopWord(w) || NOT_A_COMPANY.has(stem(w))) continue;
    if (!texts.some((t) => t.includes(` ${w} `) || t.includes(` ${w}`))) return [];
  }
  return passages.map((_, i) => i);
}
