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

/**
 * The passages about the company the question asks about. When the question names one or more of the
 * passages' companies, only theirs; when it names a company none of the passages is about (a capitalized
 * name no passage carries), none; when it names none, all (the search already chose them).
 */
export function subjectPassages(question: string, passages: readonly Passage[]): number[] {
  const q = plain(question);
  const named = new Set<string>();
  const keys = passages.map((p) => companyNames(p));
  for (const k of keys) {
    const hit = k.tickers.some((t) => t.length >= 2 && hasWord(question, t)) ||
      k.names.some((n) => {
        const full = plain(n);
        if (full.trim().length >= 2 && q.includes(full)) return true;
        // "Boeing" for "The Boeing Company", "Johnson" alone is not enough for "Johnson & Johnson" (two words kept).
        const first = full.trim().split(" ").filter((w) => w.length >= 4 && !NOT_A_COMPANY.has(w) && w !== "the");
        return first.length > 0 && q.includes(` ${first[0]} `) && (first.length === 1 || first[0] !== first[1]);
      });
    if (hit) named.add(k.key);
  }
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
