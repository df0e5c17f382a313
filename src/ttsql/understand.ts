// The local engine's first half: reads a finance question into a frame (companies, metric, years, dates,
// sector, rank, threshold, class). Pure and deterministic; sql-builder.ts turns the frame into SQL.
import { METRICS, SECTORS, type Metric } from "./catalog";
import type { CatalogEntry } from "./plan";
import { FORMER_NAMES } from "../market/historical-names";
import { monthNumber } from "../core/months";

export interface Company {
  ticker: string;
  company: string;
  /** Every ticker the mention could mean (Alphabet: GOOGL, GOOG), best first. */
  candidates: CatalogEntry[];
  at: number;
  mention: string;
}

export interface MetricMention {
  metric: Metric;
  at: number;
  end: number;
}

export interface Frame {
  text: string;
  companies: Company[];
  metric: Metric | null;
  /** Every metric phrase found, in question order, none overlapping (for "X as a percentage of Y"). */
  mentions: MetricMention[];
  years: number[];
  /** "fiscal 2015", "FY2015": the company's own fiscal year, not the calendar year. */
  fiscal: boolean;
  yearRange: [number, number] | null;
  dates: string[];
  months: [string, string] | null;
  quarter: number | null;
  sector: (typeof SECTORS)[number] | null;
  topN: number | null;
  order: "desc" | "asc" | null;
  threshold: { op: ">" | "<"; value: number; raw: string; percent: boolean } | null;
  latest: boolean;
  flags: Set<string>;
}

const WORD_NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, fifteen: 15, twenty: 20, twenty_five: 25 };
const MONTH_RE = "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?";

/** Aliases analysts use that the securities' legal names do not give directly. */
const ALIASES: Record<string, string[]> = {
  google: ["GOOGL", "GOOG"], alphabet: ["GOOGL", "GOOG"], facebook: ["FB", "META"], meta: ["META", "FB"], exxon: ["XOM"], exxonmobil: ["XOM"],
  "exxon mobil": ["XOM"], "p&g": ["PG"], "procter & gamble": ["PG"], "procter and gamble": ["PG"], "j&j": ["JNJ"], "johnson & johnson": ["JNJ"],
  "johnson and johnson": ["JNJ"], walmart: ["WMT"], "wal-mart": ["WMT"], jpmorgan: ["JPM"], "jp morgan": ["JPM"], "jpmorgan chase": ["JPM"],
  "coca-cola": ["KO"], "coca cola": ["KO"], coke: ["KO"], pepsi: ["PEP"], pepsico: ["PEP"], "mcdonald's": ["MCD"], mcdonalds: ["MCD"],
  "at&t": ["T"], "home depot": ["HD"], "bank of america": ["BAC"], "wells fargo": ["WFC"], "3m": ["MMM"], disney: ["DIS"], "walt disney": ["DIS"],
  ulta: ["ULTA"], "ulta beauty": ["ULTA"], salesforce: ["CRM"], mastercard: ["MA"], "best buy": ["BBY"], "general electric": ["GE"], "general motors": ["GM"],
  ford: ["F"], "ford motor": ["F"], delta: ["DAL"], "delta air lines": ["DAL"], "the spy etf": ["SPY"], "s&p 500 index": ["SPX"], "s&p 500 etf": ["SPY"],
  nvidia: ["NVDA"], amazon: ["AMZN"], "amazon.com": ["AMZN"], apple: ["AAPL"], microsoft: ["MSFT"], intel: ["INTC"], cisco: ["CSCO"], oracle: ["ORCL"],
  ibm: ["IBM"], chevron: ["CVX"], verizon: ["VZ"], boeing: ["BA"], pfizer: ["PFE"], merck: ["MRK"], nike: ["NKE"], starbucks: ["SBUX"], netflix: ["NFLX"],
  adobe: ["ADBE"], caterpillar: ["CAT"], costco: ["COST"], unitedhealth: ["UNH"], amgen: ["AMGN"], gilead: ["GILD"], "gilead sciences": ["GILD"],
  qualcomm: ["QCOM"], "texas instruments": ["TXN"], honeywell: ["HON"], citigroup: ["C"], citi: ["C"], ebay: ["EBAY"], amcor: ["AMCR"], "mgm resorts": ["MGM"],
  "pg&e": ["PCG"], amd: ["AMD"], "american airlines": ["AAL"], "united airlines": ["UAL"], "under armour": ["UAA", "UA"], "range resources": ["RRC"], alibaba: ["BABA"],
  sears: ["SHLD"], "berkshire hathaway": ["BRK.B"], berkshire: ["BRK.B"],
};

const UPPER_NOT_TICKERS = new Set(["A", "I", "IT", "EPS", "PE", "FY", "CEO", "CFO", "US", "USA", "USD", "ETF", "EBITDA", "EBIT", "COGS", "LT", "ROE", "GDP", "IPO", "AI", "NYSE", "ET", "PT", "TTM", "YOY", "SGA", "SQL", "DROP", "TABLE", "OR", "AND", "VS", "Q1", "Q2", "Q3", "Q4", "CAGR", "REIT", "REITS", "R", "D", "S", "P", "B", "M", "K", "PB", "PS", "CFO", "ALL", "ON", "BY", "TOP"]);
const SUFFIXES = /\b(inc|incorporated|corp|corporation|co|company|companies|plc|ltd|limited|holdings?|group|the|class [a-c]|n\.?v|s\.?a|l\.?p|trust|& co)\b\.?/g;
const GENERIC_FIRST = new Set(["general", "american", "first", "united", "international", "national", "southern", "western", "eastern", "northern", "public", "federal", "royal", "global", "western", "new", "bank", "the", "s&p", "t", "mid", "best", "ulta", "texas", "delta", "capital", "digital", "energy", "health", "real", "consumer"]);

/** "Alphabet Inc (Class A)" -> "Alphabet Inc  ": each "(" up to the next ")" becomes a space, in one scan. */
function dropParentheses(text: string): string {
  let out = "";
  let i = 0;
  for (;;) {
    const open = text.indexOf("(", i);
    const close = open < 0 ? -1 : text.indexOf(")", open + 1);
    if (close < 0) return out + text.slice(i);
    out += text.slice(i, open) + " ";
    i = close + 1;
  }
}

/** Strips trailing ".", "'" and "-" from a token ("corp." -> "corp"). */
function trimTokenEnd(word: string): string {
  let end = word.length;
  while (end > 0 && (word[end - 1] === "." || word[end - 1] === "'" || word[end - 1] === "-")) end--;
  return word.slice(0, end);
}

function normalizeName(name: string): string {
  return dropParentheses(name.toLowerCase()).replace(/[.,]/g, " ").replace(SUFFIXES, " ").replace(/\s+/g, " ").trim();
}

export interface NameIndex {
  byKey: Map<string, string[]>;
  aliases: Set<string>;
  byTicker: Map<string, CatalogEntry>;
  maxWords: number;
}

export function buildNameIndex(securities: CatalogEntry[]): NameIndex {
  const byTicker = new Map(securities.map((s) => [s.ticker, s]));
  const byKey = new Map<string, string[]>();
  const add = (key: string, ticker: string) => {
    if (key.length < 3) return;
    const list = byKey.get(key) ?? [];
    if (!list.includes(ticker)) list.push(ticker);
    byKey.set(key, list);
  };
  const firstWords = new Map<string, Set<string>>();
  for (const s of securities) {
    const key = normalizeName(s.company);
    add(key, s.ticker);
    const first = key.split(" ")[0];
    if (first && first.length >= 4 && !GENERIC_FIRST.has(first)) firstWords.set(first, (firstWords.get(first) ?? new Set()).add(key));
  }
  for (const [first, keys] of firstWords) if (keys.size === 1 && !byKey.has(first)) for (const key of keys) for (const t of byKey.get(key) ?? []) add(first, t);
  const aliases = new Set<string>();
  // A former name names the company too ("Apache" for APA, "Hewlett-Packard" for HPQ).
  const formerAliases: Record<string, string[]> = {};
  for (const f of FORMER_NAMES) {
    const key = normalizeName(f.name);
    if (key.length >= 3 && !byKey.has(key)) (formerAliases[key] ??= []).push(f.ticker);
  }
  for (const [alias, tickers] of [...Object.entries(formerAliases), ...Object.entries(ALIASES)]) {
    const known = tickers.filter((t) => byTicker.has(t));
    if (known.length) {
      byKey.set(alias, known);
      aliases.add(alias);
    }
  }
  let maxWords = 1;
  for (const key of byKey.keys()) maxWords = Math.max(maxWords, key.split(" ").length);
  return { byKey, aliases, byTicker, maxWords: Math.min(maxWords, 6) };
}

function findCompanies(original: string, index: NameIndex): Company[] {
  const found: Company[] = [];
  const taken: [number, number][] = [];
  const overlaps = (a: number, b: number) => taken.some(([x, y]) => a < y && b > x);
  // Names and aliases, longest first, as whole words.
  const lower = original.toLowerCase().replace(/[’‘]/g, "'");
  const tokens: { word: string; start: number; end: number }[] = [];
  const tokenRe = /[a-z0-9&][a-z0-9&.'-]*/g;
  for (let mt; (mt = tokenRe.exec(lower)); ) {
    let word = trimTokenEnd(mt[0].replace(/'s$/, ""));
    tokens.push({ word, start: mt.index, end: mt.index + word.length });
  }
  for (let len = index.maxWords; len >= 1; len--) {
    for (let i = 0; i + len <= tokens.length; i++) {
      const span = tokens.slice(i, i + len);
      const key = span.map((t) => t.word).join(" ");
      const tickers = index.byKey.get(key) ?? index.byKey.get(key.replace(/\.$/, ""));
      if (!tickers) continue;
      const start = span[0].start, end = span[len - 1].end;
      if (overlaps(start, end)) continue;
      // A legal name from the catalog counts only when written as a name (capitalised): "total assets" is not Total System Services.
      if (!index.aliases.has(key) && !/^[A-Z0-9]/.test(original.slice(start, end))) continue;
      taken.push([start, end]);
      const candidates = tickers.map((t) => index.byTicker.get(t)!).filter(Boolean);
      found.push({ ticker: candidates[0].ticker, company: candidates[0].company, candidates, at: start, mention: original.slice(start, end) });
    }
  }
  // Tickers as written in capitals (AAPL, BRK.B, $MSFT).
  const tickerRe = /\$?\b([A-Z][A-Z0-9]{0,5}(?:\.[A-Z])?)\b/g;
  for (let mt; (mt = tickerRe.exec(original)); ) {
    const t = mt[1];
    if (UPPER_NOT_TICKERS.has(t)) continue;
    const entry = index.byTicker.get(t);
    if (!entry || overlaps(mt.index, mt.index + mt[0].length)) continue;
    // A one-letter capital is a ticker only when written alone (Ford "F", AT&T "T"), not in "S&P".
    if (t.length === 1 && /[&/]/.test(original.slice(Math.max(0, mt.index - 1), mt.index + 2))) continue;
    taken.push([mt.index, mt.index + mt[0].length]);
    found.push({ ticker: t, company: entry.company, candidates: [entry], at: mt.index, mention: t });
  }
  found.sort((a, b) => a.at - b.at);
  const seen = new Set<string>();
  return found.filter((c) => (seen.has(c.ticker) ? false : (seen.add(c.ticker), true)));
}

function findMetric(lower: string): Metric | null {
  let best: { metric: Metric; len: number; at: number } | null = null;
  for (const metric of METRICS) {
    for (const phrase of metric.phrases) {
      const re = new RegExp(`(^|[^a-z0-9&])${phrase.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}($|[^a-z0-9&])`);
      const mt = re.exec(lower);
      if (mt && (!best || phrase.length > best.len)) best = { metric, len: phrase.length, at: mt.index };
    }
  }
  return best?.metric ?? null;
}

/** Every metric phrase in the text, longest first where two overlap, returned in text order. */
function findMetrics(lower: string): MetricMention[] {
  const hits: MetricMention[] = [];
  for (const metric of METRICS) {
    for (const phrase of metric.phrases) {
      const re = new RegExp(`(^|[^a-z0-9&])${phrase.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}(?=$|[^a-z0-9&])`, "g");
      for (let mt; (mt = re.exec(lower)); ) {
        const at = mt.index + mt[1].length;
        hits.push({ metric, at, end: at + phrase.length });
      }
    }
  }
  hits.sort((a, b) => b.end - b.at - (a.end - a.at) || a.at - b.at);
  const kept: MetricMention[] = [];
  for (const h of hits) if (!kept.some((k) => h.at < k.end && h.end > k.at)) kept.push(h);
  return kept.sort((a, b) => a.at - b.at);
}

function monthIndex(word: string): number {
  return monthNumber(word) - 1;
}

function iso(y: number, m: number, d: number): string | null {
  const date = new Date(Date.UTC(y, m, d));
  if (date.getUTCMonth() !== m || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

function findDates(lower: string): string[] {
  const out: { at: number; date: string }[] = [];
  for (const mt of lower.matchAll(/\b(\d{4})-(\d{2})-(\d{2})\b/g)) {
    const d = iso(+mt[1], +mt[2] - 1, +mt[3]);
    if (d) out.push({ at: mt.index!, date: d });
  }
  for (const mt of lower.matchAll(new RegExp(`\\b${MONTH_RE}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, "g"))) {
    const d = iso(+mt[3], monthIndex(mt[1]), +mt[2]);
    if (d) out.push({ at: mt.index!, date: d });
  }
  for (const mt of lower.matchAll(new RegExp(`\\b(\\d{1,2})\\s+${MONTH_RE},?\\s+(\\d{4})\\b`, "g"))) {
    const d = iso(+mt[3], monthIndex(mt[2]), +mt[1]);
    if (d) out.push({ at: mt.index!, date: d });
  }
  for (const mt of lower.matchAll(/\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g)) {
    const d = iso(+mt[3], +mt[1] - 1, +mt[2]);
    if (d) out.push({ at: mt.index!, date: d });
  }
  return out.sort((a, b) => a.at - b.at).map((x) => x.date);
}

function parseAmount(raw: string, unitWord: string | undefined): { value: number; percent: boolean } {
  const n = Number(raw.replace(/[$,]/g, ""));
  const u = (unitWord ?? "").toLowerCase();
  const scale = /^(t|tn|trillion)$/.test(u) ? 1e12 : /^(b|bn|billion)$/.test(u) ? 1e9 : /^(m|mm|mn|million)$/.test(u) ? 1e6 : /^(k|thousand)$/.test(u) ? 1e3 : 1;
  return { value: n * scale, percent: u === "%" || u === "percent" };
}

/** "'14", "FY15", "fy 13" -> 2014, FY2015, fy 2013 (two-digit years read as 19xx from 50, else 20xx). */
export function expandShortYears(text: string): string {
  const full = (yy: string) => (Number(yy) >= 50 ? `19${yy}` : `20${yy}`);
  return text
    .replace(/\b(fy|FY|Fy)\s?'?(\d{2})\b(?!\d)/g, (_m, fy: string, yy: string) => `${fy}${full(yy)}`)
    .replace(/(^|[\s(])'(\d{2})\b(?!\d)/g, (_m, pre: string, yy: string) => `${pre}${full(yy)}`);
}

export function understand(question: string, index: NameIndex): Frame {
  const original = expandShortYears(question.replace(/[’‘]/g, "'").replace(/\s+/g, " ").trim());
  const lower = original.toLowerCase();
  const flags = new Set<string>();
  const datesFound = findDates(lower);
  // Years outside dates.
  const withoutDates = lower.replace(/\b\d{4}-\d{2}-\d{2}\b/g, " ").replace(new RegExp(`\\b${MONTH_RE}\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}\\b`, "g"), " ");
  const years = [...withoutDates.matchAll(/(?:\bfy\s?'?|\bfiscal\s+(?:year\s+)?|\b)((?:19|20)\d{2})\b/g)].map((mt) => Number(mt[1]));
  let yearRange: [number, number] | null = null;
  const range = /(?:from|between)\s+(?:fy\s?|fiscal\s+(?:year\s+)?)?((?:19|20)\d{2})\s+(?:to|and|through|until|-)\s+(?:fy\s?|fiscal\s+(?:year\s+)?)?((?:19|20)\d{2})/.exec(withoutDates) ?? /\b((?:19|20)\d{2})\s*[-–]\s*((?:19|20)\d{2})\b/.exec(withoutDates);
  if (range) yearRange = [Number(range[1]), Number(range[2])];
  const monthYear = new RegExp(`\\b(?:in\\s+)?${MONTH_RE}\\s+((?:19|20)\\d{2})\\b`).exec(withoutDates);
  // "jan 2014 through dec 2015": a span of whole months.
  const monthSpan = new RegExp(`\\b${MONTH_RE}\\s+((?:19|20)\\d{2})\\s+(?:to|through|thru|until|till|-|–)\\s+${MONTH_RE}\\s+((?:19|20)\\d{2})\\b`).exec(withoutDates);
  let months: [string, string] | null = null;
  if (monthSpan) {
    const [a, b] = [monthIndex(monthSpan[1]), monthIndex(monthSpan[3])];
    const [ya, yb] = [Number(monthSpan[2]), Number(monthSpan[4])];
    const last = new Date(Date.UTC(yb, b + 1, 0)).getUTCDate();
    months = [`${ya}-${String(a + 1).padStart(2, "0")}-01`, `${yb}-${String(b + 1).padStart(2, "0")}-${String(last).padStart(2, "0")}`];
  } else if (monthYear) {
    const mi = monthIndex(monthYear[1]);
    const y = Number(monthYear[2]);
    const last = new Date(Date.UTC(y, mi + 1, 0)).getUTCDate();
    months = [`${y}-${String(mi + 1).padStart(2, "0")}-01`, `${y}-${String(mi + 1).padStart(2, "0")}-${String(last).padStart(2, "0")}`];
  }
  const quarterMt = /\bq([1-4])\b|\b(first|second|third|fourth)\s+quarter\b/.exec(lower);
  const quarter = quarterMt ? (quarterMt[1] ? Number(quarterMt[1]) : ["first", "second", "third", "fourth"].indexOf(quarterMt[2]) + 1) : null;
  if (/\bquarter(ly)?\b/.test(lower)) flags.add("quarterly");

  let sector: Frame["sector"] = null;
  let sectorLen = 0;
  for (const s of SECTORS) {
    for (const p of s.phrases) {
      if (p === "it" ? /\bIT\b/.test(original) : new RegExp(`\\b${p.replace(/[&]/g, "\\&")}\\b`).test(lower)) {
        if (p.length > sectorLen) {
          sector = s;
          sectorLen = p.length;
        }
      }
    }
  }
  // "financial" in "financial data" or "technology" inside a company name is not a sector filter.
  // A plural sector word ("industrials", "utilities") names the sector's companies by itself.
  if (sector && !/\b(sector|companies|company|stocks|firms|names|industry)\b/.test(lower) && !/\b(industrials|utilities)\b/.test(lower)) sector = null;

  let topN: number | null = null;
  const nMt = /\b(?:top|first|bottom|largest|biggest|highest|lowest|smallest|best|worst)\s+(\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty)\b/.exec(lower) ?? /\b(\d{1,3}|three|five|ten|two|four)\s+(?:largest|biggest|highest|lowest|smallest|top|best|worst|most|least)\b/.exec(lower) ?? /\b(?:which|list|name|show)\s+(?:the\s+)?(\d{1,2}|two|three|four|five|ten)\s+\w/.exec(lower);
  if (nMt) topN = /^\d+$/.test(nMt[1]) ? Number(nMt[1]) : WORD_NUMBERS[nMt[1]];
  let order: Frame["order"] = null;
  const orderText = lower.replace(/\b(top|bottom)[- ]line\b/g, " ");
  if (/\b(lowest|smallest|least|bottom|worst|fewest|cheapest)\b/.test(orderText)) order = "asc";
  else if (/\b(top|highest|largest|biggest|most|best|greatest|rank|ranking|leaders?)\b/.test(orderText)) order = "desc";

  let threshold: Frame["threshold"] = null;
  const thMt = /\b(above|over|greater than|more than|exceeding|exceeds?|higher than|at least|below|under|less than|lower than|at most|>|<)\s*(-?\$?-?\d[\d,]*(?:\.\d+)?)\s*(trillion|tn|billion|bn|million|mn|mm|thousand|percent|%|[tbmk])?\b/.exec(lower.replace(/(\d)\s*%/g, "$1 %"));
  if (thMt) {
    const op = /above|over|greater|more|exceed|higher|at least|>/.test(thMt[1]) ? ">" : "<";
    const { value, percent } = parseAmount(thMt[2], thMt[3]);
    threshold = { op, value: thMt[2].includes("-") ? -Math.abs(value) : value, raw: thMt[0].trim(), percent };
  }
  if (/net loss|lost money|unprofitable|negative (net income|earnings)/.test(lower)) flags.add("loss");

  const latest = /\b(latest|most recent|last reported|recent|newest|last fiscal year|current fiscal)\b/.test(lower);
  const metricText = lower.replace(/\bearnings (calls?|dates?|releases?|reports?|announcements?|schedule)\b/g, " ").replace(/\breport(s|ed)? earnings\b/g, " ");
  const metric = findMetric(metricText);
  const fiscal = /\bfy\s?'?\d|\bfiscal\b/.test(lower);
  return {
    text: lower,
    companies: findCompanies(original, index),
    metric,
    mentions: findMetrics(metricText),
    years: [...new Set(years)],
    fiscal,
    yearRange,
    dates: datesFound,
    months,
    quarter,
    sector,
    topN,
    order,
    threshold,
    latest,
    flags,
  };
}
