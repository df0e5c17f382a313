// The period a document covers, read from the document itself: the cover's "for the quarterly period ended
// July 29, 2023", an 8-K's date of report, a release's "52 weeks ended January 28, 2023". The listing's
// fiscal_date is this date, else the company's fiscal calendar; never a date after publication.
import { fiscalPeriodEnd, fiscalPeriodOf, lastDay } from "../core/fiscal-calendar";

export type PeriodBasis = "cover" | "event" | "period";
export interface StatedPeriodEnd {
  date: string;
  basis: PeriodBasis;
  /** The words the date was read from, for logs and checks. */
  phrase: string;
}

/** How much of a document is read: covers and first pages state the period. */
const SCAN_CHARS = 60_000;
/** Where a filing's cover ends: later "for the fiscal year ended" phrases cite other reports. */
const COVER_CHARS = 4_000;

const MONTH_NAMES = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
const MONTH_INDEX = new Map<string, number>();
MONTH_NAMES.forEach((m, i) => {
  MONTH_INDEX.set(m, i + 1);
  MONTH_INDEX.set(m.slice(0, 3), i + 1);
});
MONTH_INDEX.set("sept", 9);

const PERIOD_WORDS = new Set(["week", "weeks", "month", "months", "quarter", "quarters", "year", "years", "period", "periods", "half", "halves"]);

// One alternation of month names, no nested quantifiers: linear on any input.
const MONTH = "(January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\\.?";
const US_DATE = new RegExp(`^${MONTH} (\\d{1,2}),? (\\d{4})\\b`, "i");
const DAY_FIRST_DATE = new RegExp(`^(\\d{1,2})(?:st|nd|rd|th)? ${MONTH},? (\\d{4})\\b`, "i");
/** "Twelve Months Ended June 30," with the years as column headers after it. */
const US_DATE_NO_YEAR = new RegExp(`^${MONTH} (\\d{1,2})\\b`, "i");
const YEAR = /\b(?:19|20)\d{2}\b/g;
const TRIGGER = /\b(?:ended|to)\b/gi;
const DATE_OF_REPORT = /date of report/i;
const MONTH_RANGE = new RegExp(`\\b${MONTH} ?[–-] ?${MONTH} (\\d{4})\\b`, "gi");

function isoOf(year: number, month: number | undefined, day: number): string | null {
  if (!month || year < 1900 || year > 2100 || day < 1 || day > lastDay(year, month)) return null;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const monthOf = (name: string) => MONTH_INDEX.get(name.toLowerCase().replace(/\.$/, ""));

/** Dates written at the start of `s`: one full date, or a month and day with the years of the columns after it. */
function datesAt(s: string): string[] {
  let m = US_DATE.exec(s);
  if (m) return [isoOf(Number(m[3]), monthOf(m[1]), Number(m[2]))].filter((d): d is string => d !== null);
  m = DAY_FIRST_DATE.exec(s);
  if (m) return [isoOf(Number(m[3]), monthOf(m[2]), Number(m[1]))].filter((d): d is string => d !== null);
  m = US_DATE_NO_YEAR.exec(s);
  if (!m) return [];
  const month = monthOf(m[1]);
  const day = Number(m[2]);
  const after = s.slice(m[0].length, m[0].length + 120);
  return [...after.matchAll(YEAR)].map((y) => isoOf(Number(y[0]), month, day)).filter((d): d is string => d !== null);
}

/** The last word before `at`, letters only: "Twelve Months" -> "months", 'period ("fiscal year")' -> "year". */
function wordBefore(text: string, at: number): string {
  const words = text
    .slice(Math.max(0, at - 40), at)
    .toLowerCase()
    .replace(/[^a-z]+/g, " ")
    .trim()
    .split(" ");
  return words[words.length - 1] ?? "";
}

function coverBefore(text: string, at: number): boolean {
  // "For the fiscal year ended", "For the quarterly period ended", "FOR THE YEAR ENDED"
  const before = text.slice(Math.max(0, at - 40), at).toLowerCase().replace(/\s+/g, " ");
  return /for the (?:fiscal )?(?:year|quarterly period|quarter|fiscal quarter)\s*$/.test(before);
}

/**
 * The end of the period the text states, or null. A filing's cover decides ("for the quarterly period ended",
 * an 8-K's date of report, which is EDGAR's period of report for an 8-K); else the latest period end the
 * first pages name ("three months ended", "52 weeks ended", "six months to 30 June 2023", "January–June
 * 2023") that is not after `notAfter` (the publication date): a release compares the current period with
 * earlier ones, and a date after publication is an outlook, never the period covered.
 */
export function statedPeriodEnd(fullText: string, notAfter?: string): StatedPeriodEnd | null {
  const text = fullText.slice(0, SCAN_CHARS).replace(/[ \t\u00a0]+/g, " ");
  const limit = notAfter?.slice(0, 10);
  const allowed = (d: string) => !limit || d <= limit;

  const report = DATE_OF_REPORT.exec(text.slice(0, COVER_CHARS));
  if (report) {
    // "Date of report (Date of earliest event reported): August 30, 2023", the date possibly on the next line.
    const rest = text.slice(report.index + report[0].length, report.index + report[0].length + 120);
    const close = rest.indexOf(":");
    const date = close >= 0 ? datesAt(rest.slice(close + 1).trimStart())[0] : undefined;
    if (date && allowed(date)) return { date, basis: "event", phrase: `Date of report${rest.slice(0, close + 1)} ${date}` };
  }

  let best: StatedPeriodEnd | null = null;
  for (const m of text.matchAll(TRIGGER)) {
    const at = m.index;
    const word = m[0].toLowerCase();
    const after = text.slice(at + m[0].length, at + m[0].length + 200).trimStart();
    const dates = datesAt(after).filter(allowed);
    if (!dates.length) continue;
    const date = dates.reduce((a, b) => (a > b ? a : b));
    const phrase = text.slice(Math.max(0, at - 40), at + m[0].length + 20).replace(/\s+/g, " ").trim();
    if (word === "ended" && at < COVER_CHARS && coverBefore(text, at)) return { date, basis: "cover", phrase };
    if (!PERIOD_WORDS.has(wordBefore(text, at))) continue;
    if (!best || date > best.date) best = { date, basis: "period", phrase };
  }
  for (const m of text.matchAll(MONTH_RANGE)) {
    const year = Number(m[3]);
    const month = monthOf(m[2]);
    const date = month ? isoOf(year, month, lastDay(year, month)) : null;
    if (date && allowed(date) && (!best || date > best.date)) best = { date, basis: "period", phrase: m[0] };
  }
  return best;
}

/** The fields of a document that decide its fiscal_date. */
export interface FiscalFields {
  tickers: string[];
  fiscalYear: number | null;
  fiscalQuarter: number | null;
  periodEnd: string | null;
  publishedAt: string | null;
  createdAt: string;
}

const QUARTERS = [1, 2, 3, 4] as const;

/**
 * The real end of the period a document covers: the date it states, else its fiscal year and quarter on the
 * company's own calendar; null when neither is known, and never a date after it was published.
 */
export function fiscalDateOf(doc: FiscalFields): string | null {
  const published = (doc.publishedAt ?? doc.createdAt).slice(0, 10);
  if (doc.periodEnd) return doc.periodEnd <= published ? doc.periodEnd : null;
  if (doc.fiscalYear === null || !doc.tickers[0]) return null;
  const quarter = QUARTERS.find((q) => q === doc.fiscalQuarter);
  const end = fiscalPeriodEnd(doc.tickers[0], doc.fiscalYear, quarter);
  // Labels naming a period that ends after publication (an 8-K filed mid-quarter) say nothing of its end.
  return end && end <= published ? end : null;
}

/**
 * Fiscal year and quarter for a stated period end on the company's calendar, when the end is one of its
 * period ends (quarter null for a year's end); null otherwise.
 */
export function fiscalLabelsOf(ticker: string | undefined, stated: StatedPeriodEnd): { fiscalYear: number; fiscalQuarter: number | null } | null {
  if (!ticker || stated.basis === "event") return null;
  const period = fiscalPeriodOf(ticker, stated.date);
  return period ? { fiscalYear: period.fiscalYear, fiscalQuarter: period.quarter === 4 ? null : period.quarter } : null;
}
