// Follow-up questions resolved against the previous turn's resolved question before searching: "and the year
// before?" shifts its years, "what about Boeing?" swaps its company, "and its net income?" swaps its metric
// (any of these together). A question that stands alone is returned unchanged.
import { namedEntities } from "../figures/text";
import { ITEMS } from "../figures/line-items";
import type { PriorTurn } from "./types";

/** Follow-ups are short; longer text is a question of its own (and is only read up to here). */
const MAX_FOLLOW_UP_WORDS = 12;
const MAX_CHARS = 2_000;

const LEAD = /^(?:and|also|what about|how about|what of|and what about|and how about|same for|and for|now for|then)\b/i;
const PRONOUN = /\b(?:its|their|it|they|them|that|this|the same)\b/i;
const YEAR_BEFORE = /\b(?:the\s+)?(?:year|fiscal year|period)\s+before\b|\b(?:the\s+)?(?:previous|prior|preceding)\s+(?:fiscal\s+)?year\b|\ba\s+year\s+(?:earlier|before)\b|\blast\s+year\b/i;
const YEAR_AFTER = /\b(?:the\s+)?(?:year|fiscal year)\s+after\b|\b(?:the\s+)?(?:next|following|subsequent)\s+(?:fiscal\s+)?year\b|\ba\s+year\s+later\b/i;
const YEAR = /\b(FY\s?'?|fiscal\s+(?:year\s+)?|)((?:19|20)\d{2})\b|\bFY\s?'?(\d{2})\b/gi;

// Metrics a follow-up can swap in besides the statement line items.
const METRICS = [
  "gross margin", "gross profit margin", "operating margin", "operating income margin", "net margin", "net profit margin", "net income margin",
  "ebitda margin", "ebitda", "free cash flow", "working capital", "current ratio", "quick ratio", "effective tax rate", "eps",
  "earnings per share", "dividends per share", "debt to equity", "return on assets", "return on equity", "inventory turnover",
  "fixed asset turnover", "days payable outstanding", "days sales outstanding", "cash conversion cycle", "total debt", "long term debt",
  "cash and cash equivalents", "shareholders equity", "total liabilities",
];
const PHRASES = [...new Set([...METRICS, ...Object.values(ITEMS).flatMap((s) => s.aliases)])].sort((a, b) => b.length - a.length);

// Capitalized words that are no company.
const NOT_A_COMPANY = /^(?:and|what|how|about|the|fy|fiscal|year|q[1-4]|h[12]|gaap|usd|eps|ebitda|ebit|capex|cogs|its|their|also|same|then|now|for|in|of)$/i;

/** Where the longest known metric phrase stands in a text (whole words, case-insensitive), or null. */
function metricIn(text: string): { at: number; phrase: string } | null {
  const lower = text.toLowerCase();
  let best: { at: number; phrase: string } | null = null;
  for (const phrase of PHRASES) {
    for (let at = lower.indexOf(phrase); at >= 0; at = lower.indexOf(phrase, at + 1)) {
      const before = lower[at - 1];
      const after = lower[at + phrase.length];
      if ((before === undefined || !/[a-z0-9]/.test(before)) && (after === undefined || !/[a-z0-9]/.test(after))) {
        if (!best || phrase.length > best.phrase.length) best = { at, phrase };
        break;
      }
    }
  }
  return best;
}

/** The company a question is about: its first capitalized name that is not a finance word ("Boeing", "3M"). */
function companyIn(text: string): string | null {
  // A possessive names the subject ("3M's", "Boeing's"), then a name after a lead ("what about Boeing"), then any capitalized name.
  const possessive = /(?:^|\s)([A-Z0-9][\w&.-]{0,40})['’]s\b/.exec(text);
  const lead = /^\s*(?:what about|how about|and|what of|same for|now for)\s+([A-Z0-9][\w&.-]{0,40})/i.exec(text);
  const candidates = [...(possessive ? [possessive[1]] : []), ...(lead ? [lead[1]] : []), ...namedEntities(`x ${text}`)];
  for (const c of candidates) {
    const name = c.replace(/['’]s$/, "").trim();
    if (name.length >= 2 && /^[A-Z0-9]/.test(name) && !NOT_A_COMPANY.test(name) && !/^(?:FY)?'?\d{2,4}$/i.test(name) && !PHRASES.includes(name.toLowerCase())) return name;
  }
  return null;
}

function yearsOf(text: string): number[] {
  return [...text.matchAll(YEAR)].map((m) => (m[2] ? Number(m[2]) : 2000 + Number(m[3])));
}

/** Every year of a text moved by `delta`, written as it was ("FY2022" -> "FY2021", "fiscal 2022" -> "fiscal 2021"). */
function shiftYears(text: string, delta: number): string {
  return text.replace(YEAR, (whole, prefix: string | undefined, full: string | undefined, short: string | undefined) => {
    if (full) return `${prefix ?? ""}${Number(full) + delta}`;
    const y = (Number(short) + delta + 100) % 100;
    return whole.replace(short!, String(y).padStart(2, "0"));
  });
}

/** The text without its closing punctuation and spaces. */
function withoutEnd(text: string): string {
  let end = text.length;
  while (end > 0 && "?.! \n\t".includes(text[end - 1])) end -= 1;
  return text.slice(0, end);
}

/** The query as a standalone question; a question that stands alone is returned unchanged. */
export function resolveFollowUp(query: string, history: PriorTurn[]): string {
  const last = history.at(-1);
  if (!last) return query;
  const q = query.trim().slice(0, MAX_CHARS);
  const words = q.split(/\s+/).filter(Boolean);
  if (words.length > MAX_FOLLOW_UP_WORDS) return query;
  const lead = LEAD.test(q);
  const before = YEAR_BEFORE.test(q);
  const after = YEAR_AFTER.test(q);
  const company = companyIn(q);
  const metric = metricIn(q);
  const years = yearsOf(q);
  // Without a lead word, a pronoun or a relative year, only a bare name or year ("Boeing?", "2020?") follows up.
  if (!lead && !PRONOUN.test(q) && !before && !after && !(words.length <= 3 && (company !== null || years.length > 0) && metric === null)) return query;

  let resolved = last.resolvedQuery.slice(0, MAX_CHARS);
  let changed = false;
  if (before || after) {
    resolved = shiftYears(resolved, before ? -1 : 1);
    changed = yearsOf(last.resolvedQuery).length > 0;
  } else if (years.length) {
    const prior = yearsOf(resolved);
    if (prior.length) {
      resolved = shiftYears(resolved, years.at(-1)! - Math.max(...prior));
      changed = true;
    }
  }
  if (metric) {
    const prior = metricIn(resolved);
    if (prior && prior.phrase !== metric.phrase) {
      resolved = `${resolved.slice(0, prior.at)}${q.slice(metric.at, metric.at + metric.phrase.length)}${resolved.slice(prior.at + prior.phrase.length)}`;
      changed = true;
    } else if (prior) changed = true;
  }
  if (company) {
    const prior = companyIn(resolved);
    if (prior && prior !== company) {
      resolved = resolved.split(prior).join(company);
      changed = true;
    } else if (!prior) {
      resolved = `${withoutEnd(resolved)} for ${company}?`;
      changed = true;
    } else changed = true;
  }
  return changed ? resolved : `${last.resolvedQuery} ${query}`;
}
