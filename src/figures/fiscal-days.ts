// How a filing names its fiscal years, and what a figure a statement gives for a fiscal year is against a
// source figure dated by a day. A company's fiscal year N may hold days of calendar years N - 1 and N (Best
// Buy's fiscal 2024 runs from January 29, 2023 to February 3, 2024; Microsoft's second quarter of fiscal 2024
// ends on December 31, 2023), and others name the year ending in February N + 1 "fiscal N" (Target, Ulta). So
// a fiscal year and a day of the calendar year before cannot be told apart without the company's calendar:
// unless the filing states the link ("the second quarter of fiscal 2024 on July 29, 2023", "fiscal 2024 ended
// February 3, 2024"), that period is not decided (samePeriod, same-period.ts), never a contradiction on a guess.
// Also the older reading of January year-end filings' prose (withFiscalNames).
import type { FigureInContext, ReadText } from "./context";
import { dayOf } from "./table";
import { FIGURES_PER_STEP } from "./steps";

/** A day (yyyymmdd) in January or February: a fiscal year-end a company may name by either year. */
export function earlyYearEnd(date: number | null): boolean {
  return date !== null && Math.floor(date / 100) % 100 <= 2;
}

/** A day (yyyymmdd) the filing places in a fiscal year; yearEnd: the day the fiscal year ends. */
export interface FiscalLink {
  fiscal: number;
  day: number;
  yearEnd: boolean;
}

// "fiscal 2024 ended February 3, 2024", "the second quarter of fiscal 2024 on July 29, 2023", "fiscal year
// 2023 (ended January 28, 2023)".
const FISCAL_THEN_DAY =
  /\b(?:fiscal\s+(?:year\s+)?|fy\s?)((?:19|20)\d\d)\b(?:\s*[(,]\s*|\s+)(?:which\s+)?(ended|ending|ends|on|as\s+of|through)\s+(?:on\s+)?((?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}),?\s+((?:19|20)\d\d)\b/gi;
// "the fiscal year ended February 3, 2024 (“fiscal 2024”)", "the quarter ended July 29, 2023 (Q2 fiscal 2024)".
const DAY_THEN_FISCAL =
  /\b(year|quarter|period|weeks|months)\s+ended\s+((?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}),?\s+((?:19|20)\d\d)\s*\(\s*["“]?(?:(?:q[1-4]|[1-4]q)\s+)?(?:fiscal\s+(?:year\s+)?|fy\s?)((?:19|20)\d\d)\b/gi;
// A results release's title and the day its period ends: "Ulta Beauty Announces Fourth Quarter Fiscal 2022
// Results ... the thirteen-week period (“fourth quarter”) and fifty-two-week period (“fiscal year”) ended
// January 28, 2023": the first day a period is said to end within RELEASE_REACH characters after the title.
const RELEASE_TITLE = /\b(first|second|third|fourth)\s+quarter\s+(?:and\s+(?:full[\s-])?year\s+)?(?:of\s+)?(?:fiscal\s+(?:year\s+)?|fy\s?)((?:19|20)\d\d)\s+(?:financial\s+)?results\b/gi;
const ENDED_DAY = /\bended\s+((?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}),?\s+((?:19|20)\d\d)\b/i;
const RELEASE_REACH = 600;
const PART_WORDS = /\b(?:quarter|half|months|weeks)\b/i;
/** Links read from one text at most: a filing states a handful. */
const MAX_LINKS = 64;

/** fiscalLinks of a text that names a fiscal year at all. */
export function textLinks(text: string): FiscalLink[] {
  return /fiscal|fy/i.test(text) ? fiscalLinks(text) : [];
}

/** The days a text places in its fiscal years, in text order. */
export function fiscalLinks(text: string): FiscalLink[] {
  const out: FiscalLink[] = [];
  for (const m of text.matchAll(FISCAL_THEN_DAY)) {
    const day = dayOf(m[3], Number(m[4]));
    if (day === null) continue;
    // "fiscal 2024 ended February 3, 2024" ends the year; "the second quarter of fiscal 2024 ended July 29, 2023" a quarter.
    const before = text.slice(Math.max(0, (m.index ?? 0) - 40), m.index ?? 0);
    out.push({ fiscal: Number(m[1]), day, yearEnd: /^end/i.test(m[2]) && !PART_WORDS.test(before) });
    if (out.length >= MAX_LINKS) return out;
  }
  for (const m of text.matchAll(RELEASE_TITLE)) {
    const at = (m.index ?? 0) + m[0].length;
    const ended = ENDED_DAY.exec(text.slice(at, at + RELEASE_REACH));
    const day = ended ? dayOf(ended[1], Number(ended[2])) : null;
    if (day === null) continue;
    // The fourth quarter ends the fiscal year.
    out.push({ fiscal: Number(m[2]), day, yearEnd: m[1].toLowerCase() === "fourth" });
    if (out.length >= MAX_LINKS) return out;
  }
  for (const m of text.matchAll(DAY_THEN_FISCAL)) {
    const day = dayOf(m[2], Number(m[3]));
    if (day === null) continue;
    out.push({ fiscal: Number(m[4]), day, yearEnd: m[1].toLowerCase() === "year" });
    if (out.length >= MAX_LINKS) return out;
  }
  return out;
}

const DAY_MS = 86_400_000;
const YEAR_DAYS = 365.2425;
/** Days either side of a year-end (or of a linked day's anniversary) where a 52/53-week calendar may fall either way. */
const SLACK = 10;

/** Days since 1970 of a yyyymmdd day. */
function dayNumber(d: number): number {
  return Date.UTC(Math.floor(d / 10000), (Math.floor(d / 100) % 100) - 1, d % 100) / DAY_MS;
}

/**
 * The fiscal year a filing's links place a day in: a whole number of years from a linked day (its
 * anniversary, within the slack of a 52/53-week year), or within the year a linked year-end closes. Null when
 * no link places it, or links disagree.
 */
export function fiscalYearOfDay(links: readonly FiscalLink[], day: number): number | null {
  return fiscalPlaceOfDay(links, day)?.fiscal ?? null;
}

/** Where links place a day: its fiscal year, whether it ends that year, and which of its first three quarters it ends, if one. */
export interface FiscalPlace {
  fiscal: number;
  yearEnd: boolean;
  quarterEnd?: 1 | 2 | 3;
}

/**
 * fiscalYearOfDay, and whether the day is that year's last (a linked year-end's anniversary) or the last of
 * its first, second or third quarter: a quarter, a half or three quarters of a year after a linked year-end
 * (13, 26 or 39 weeks; three, six or nine months), within the same slack.
 */
export function fiscalPlaceOfDay(links: readonly FiscalLink[], day: number): FiscalPlace | null {
  let found: FiscalPlace | null = null;
  const at = dayNumber(day);
  for (const link of links) {
    const x = at - dayNumber(link.day);
    const k = Math.round(x / YEAR_DAYS);
    let place: FiscalPlace | null = null;
    if (Math.abs(x - k * YEAR_DAYS) <= SLACK) place = { fiscal: link.fiscal + k, yearEnd: link.yearEnd };
    else if (link.yearEnd) {
      const back = -x;
      const years = Math.floor(back / YEAR_DAYS);
      const rest = back - years * YEAR_DAYS;
      if (rest > SLACK && rest < YEAR_DAYS - SLACK) {
        place = { fiscal: link.fiscal - years, yearEnd: false };
        // Days since the year-end before it, in quarters of a year.
        const quarters = (YEAR_DAYS - rest) / (YEAR_DAYS / 4);
        const q = Math.round(quarters);
        if (q >= 1 && q <= 3 && Math.abs(quarters - q) * (YEAR_DAYS / 4) <= SLACK) place.quarterEnd = q as 1 | 2 | 3;
      }
    }
    if (place === null) continue;
    if (found !== null && found.fiscal !== place.fiscal) return null;
    if (found === null) found = place;
    else {
      // Links that disagree on which quarter the day ends say nothing of it.
      const quarterEnd: FiscalPlace["quarterEnd"] = found.quarterEnd === place.quarterEnd ? found.quarterEnd : undefined;
      found = { fiscal: found.fiscal, yearEnd: found.yearEnd || place.yearEnd, ...(quarterEnd ? { quarterEnd } : {}) };
    }
  }
  return found;
}

/** A figure's fields for a day placed by links: its fiscal year, and the year's or a quarter's end it is. */
function placeFields(place: FiscalPlace): Pick<FigureInContext, "fiscalYear" | "fiscalYearEnd" | "fiscalQuarterEnd"> {
  return { fiscalYear: place.fiscal, ...(place.yearEnd ? { fiscalYearEnd: true } : {}), ...(place.quarterEnd ? { fiscalQuarterEnd: place.quarterEnd } : {}) };
}

/**
 * A source read with its figures' days placed by links it does not state itself (another filing's words, a
 * company's calendar): a new ReadText where a figure is placed, the same one where none is. Figures already
 * placed keep their year.
 */
export function placedByLinks(read: ReadText, links: readonly FiscalLink[]): ReadText {
  let placed = false;
  const figures = read.figures.map((f): FigureInContext => {
    if (f.date === null || f.fiscalYear !== undefined) return f;
    const place = fiscalPlaceOfDay(links, f.date);
    if (place === null) return f;
    placed = true;
    return { ...f, ...placeFields(place) };
  });
  return placed ? { ...read, figures } : read;
}

// "July 29, 2023", "Jul. 29 2023": a day of a prose sentence.
export const DAY = /\b((?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}),?\s+((?:19|20)\d\d)\b/gi;

/**
 * The day a prose figure's year is read from: "For the three months ended July 29, 2023, Domestic revenue
 * was $8,890 million" is given for July 29, 2023. The one day its sentence names before it (within 200
 * characters) in its year, where the sentence names that year no other way ("in 2023", "fiscal 2023").
 */
function dayBefore(text: string, f: FigureInContext): number | null {
  const window = text.slice(Math.max(0, f.index - 200), f.index);
  const sentence = window.slice(window.lastIndexOf(". ") + 1);
  let day: number | null = null;
  const rest = sentence.replace(DAY, (_, monthDay: string, year: string) => {
    const d = Number(year) === f.year ? dayOf(monthDay, Number(year)) : null;
    if (d !== null && day !== null && day !== d) day = -1;
    else if (d !== null) day = d;
    return " ";
  });
  if (day === null || day < 0 || new RegExp(`\\b${f.year}\\b`).test(rest)) return null;
  return day;
}

const PAREN_DAY = new RegExp(String.raw`\(\s?${DAY.source}\s?\)`, "gi");

/** The one day its sentence names in parentheses before a figure ("fiscal 2024 (July 29, 2023)"), or null. */
function parenthesisedDayBefore(text: string, f: FigureInContext): number | null {
  const window = text.slice(Math.max(0, f.index - 200), f.index);
  const sentence = window.slice(window.lastIndexOf(". ") + 1);
  const days = [...sentence.matchAll(PAREN_DAY)].map((m) => dayOf(m[1], Number(m[2])));
  return days.length === 1 ? days[0] : null;
}

// ", compared to $9,569 million for the three months ended July 30, 2022": the period a figure is given for, named right after it by its last day.
const DAY_AFTER =
  /^(?:\s*,)?\s*(?:for|in|during)\s+the\s+(?:(?:three|six|nine|twelve|3|6|9|12|13|26|39|52|53|thirteen|twenty-six|thirty-nine|fifty-two|fifty-three)[\s-](?:months|weeks)|(?:fiscal\s+)?(?:quarter|year|period))\s+(?:ended|ending)\s+((?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}),?\s+((?:19|20)\d\d)\b/i;

/** The day of the period named right after a prose figure ("$9,569 million for the three months ended July 30, 2022"), or null. */
function dayAfter(text: string, f: FigureInContext): number | null {
  const m = DAY_AFTER.exec(text.slice(f.index + f.raw.length, f.index + f.raw.length + 100));
  return m ? dayOf(m[1], Number(m[2])) : null;
}

/** Figures withFiscalDays reads between two turns: its reading of a figure is a few bounded windows of text. */
const CHEAP_FIGURES_PER_STEP = 8 * FIGURES_PER_STEP;

/**
 * Each prose figure whose year is a day's gets that day (date), and each figure dated by a day that the
 * text's own words place in a fiscal year gets that year (fiscalYear).
 */
export function* withFiscalDays(text: string, figures: FigureInContext[], links: readonly FiscalLink[] = textLinks(text)): Generator<void, FigureInContext[], void> {
  for (const [k, f] of figures.entries()) {
    // A few microseconds a figure: a turn every CHEAP_FIGURES_PER_STEP (a sentence of thousands of figures).
    if (k > 0 && k % CHEAP_FIGURES_PER_STEP === 0) yield;
    if (f.fromTable || f.index < 0) continue;
    // "$9,100 million in the quarter ended July 29, 2023", "on January 28, 2023": a day read with the figure
    // (context.ts) gives a figure its clause gave no year that day's year.
    if (f.date !== null) {
      if (f.year === null) f.year = Math.floor(f.date / 10000);
      continue;
    }
    const after = dayAfter(text, f);
    // A figure its clause gave no year is given the day's.
    if (after !== null && (f.year === null || f.year === Math.floor(after / 10000))) {
      f.year = Math.floor(after / 10000);
      f.date = after;
    } else if (f.year !== null) f.date = dayBefore(text, f);
    // "At the end of the second quarter of fiscal 2024 (July 29, 2023), Best Buy had merchandise inventories of
    // $5,651 million": the day in parentheses is the period's, whichever way its year is named.
    else f.date = parenthesisedDayBefore(text, f);
  }
  if (!links.length) return figures;
  for (const f of figures) {
    if (f.date === null) continue;
    const place = fiscalPlaceOfDay(links, f.date);
    if (place === null) continue;
    Object.assign(f, placeFields(place));
  }
  return figures;
}

// "fiscal 2024", "fiscal year 2024", "FY2024", "FY 24", "FY'24", "fiscal Q2 2024", "fiscal second quarter of 2024".
const FISCAL_NAMED = /\b(?:fiscal\s+(?:year\s+)?(?:(?:q[1-4]|(?:first|second|third|fourth)\s+quarter)\s+(?:of\s+)?)?|fy\s?'?)((?:19|20)\d\d|\d\d)\b/gi;

/** The years a text names as fiscal years. */
export function fiscalYearsIn(text: string): Set<number> {
  const out = new Set<number>();
  for (const m of text.matchAll(FISCAL_NAMED)) {
    // "fiscal 12 months" is no year: two digits only after "FY".
    if (m[1].length === 2 && !/^fy/i.test(m[0])) continue;
    out.add(m[1].length === 2 ? 2000 + Number(m[1]) : Number(m[1]));
  }
  return out;
}

/**
 * Marks the statement's figures whose year the statement names as a fiscal year in the figure's own sentence
 * ("$8,890 million in the second quarter of fiscal 2024"), or, for a figure dated by the question's one year
 * (own: the figure as its sentence dates it), in the question or statement. Linear in the statement.
 */
export function* markFiscalYears(statement: string, context: string, own: readonly FigureInContext[], dated: FigureInContext[]): Generator<void, void, void> {
  let whole: Set<number> | null = null;
  const mark = (f: FigureInContext, k: number): void => {
    if (f.year === null || f.index < 0) return;
    // "$9,569 million a year earlier" in a sentence of fiscal 2024: fiscal 2023, the sentence naming 2024.
    const named = f.yearBefore ? f.year + 1 : f.year;
    if (own[k].year === null) {
      whole ??= fiscalYearsIn(`${context}\n${statement}`);
      if (whole.has(named)) f.fiscal = true;
      return;
    }
    // The figure's sentence, up to 200 characters before it and 100 after (a bounded window: linear in the statement).
    const start = Math.max(0, f.index - 200);
    const before = statement.slice(start, f.index);
    const after = statement.slice(f.index, f.index + 100);
    const opening = Math.max(before.lastIndexOf(". "), before.lastIndexOf("\n"));
    const closing = after.indexOf(". ");
    const sentence = `${opening >= 0 ? before.slice(opening) : before}${closing >= 0 ? after.slice(0, closing) : after}`;
    if (fiscalYearsIn(sentence).has(named)) f.fiscal = true;
  };
  for (const [k, f] of dated.entries()) {
    if (k > 0 && k % FIGURES_PER_STEP === 0) yield;
    mark(f, k);
  }
}

/**
 * A figure the statement gives for a fiscal year against a source figure dated by a day: the same year or
 * not where the source places the day in a fiscal year (fiscalYear); null (not told) where it does not and the
 * year is one a company's calendar may give the day: the year after it when either is a part of a year (a
 * quarter, six months: Best Buy's second quarter of fiscal 2024 ends July 29, 2023), the year before it for a
 * day in January or February (Ulta's fiscal 2022 ends January 28, 2023). A full year is never named by the
 * year after its last day. Undefined: not such a pair, the year read as before.
 */
export function fiscalAgainstDay(f: FigureInContext, s: FigureInContext): boolean | null | undefined {
  if (!f.fiscal || f.year === null || s.date === null) return undefined;
  if (s.fiscalYear !== undefined) return f.year === s.fiscalYear;
  const year = Math.floor(s.date / 10000);
  const part = (f.part !== null && f.part !== "mixed") || (s.part !== null && s.part !== "mixed");
  if (f.year === year + 1 && part) return null;
  if (f.year === year - 1 && Math.floor(s.date / 100) % 100 <= 2) return null;
  return undefined;
}

/**
 * Whether a source figure's period agrees with a statement's year only by the calendar year of a day early in
 * a year (January or February) that the source's words place in no fiscal year: the year ended January 29,
 * 2022 is fiscal 2021 for some companies (Ulta, Target) and fiscal 2022 for others (Walmart). Such a figure may
 * carry the statement's, but another value there is no contradiction: that would guess the company's calendar.
 */
export function calendarGuess(f: FigureInContext, s: FigureInContext): boolean {
  return f.year !== null && s.date !== null && s.fiscalYear === undefined && Math.floor(s.date / 100) % 100 <= 2 && f.year === Math.floor(s.date / 10000);
}

/**
 * How many calendar years a statement's year lies from the day of a source figure dated by one (0 when
 * either is missing). A day of calendar year Y is in a fiscal year named Y - 1, Y or Y + 1 by any calendar:
 * two or more apart is another period, whatever the column's period.
 */
export function yearsFromDay(f: FigureInContext, s: FigureInContext): number {
  return f.year === null || s.date === null ? 0 : Math.abs(f.year - Math.floor(s.date / 10000));
}

const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "July 29, 2023" for 20230729. */
export function dayText(d: number): string {
  return `${MONTH_NAMES[(Math.floor(d / 100) % 100) - 1]} ${d % 100}, ${Math.floor(d / 10000)}`;
}

/** The year of a source figure as a statement's figure names years: its fiscal year where the statement's is one and the source's words place the day, else its year. */
export function yearAs(f: FigureInContext, s: FigureInContext): number | null {
  return f.fiscal && s.fiscalYear !== undefined ? s.fiscalYear : s.year;
}

/** A source figure's year in a note on a statement's figure: "fiscal 2023" where yearAs reads a fiscal year. */
export function yearName(f: FigureInContext, s: FigureInContext): string {
  return f.fiscal && s.fiscalYear !== undefined ? `fiscal ${s.fiscalYear}` : `${s.year}`;
}

const FISCAL_YEAR = /\bfiscal\s+(?:year\s+)?((?:19|20)\d\d)\b/gi;
const EARLY_DAY = /\b(?:january|february)\s+\d{1,2},\s+((?:19|20)\d\d)\b/gi;

/**
 * A filing whose fiscal year ends in January or February ("During fiscal 2022 ... As of January 28, 2023"):
 * its "fiscal 2022" is the year a question calls FY2023 (as a table column dated January 28, 2023 is read
 * both ways, tableFigures). A prose figure its sentence dates "fiscal 2022" is given that other name too.
 */
export function withFiscalNames(text: string, figures: FigureInContext[]): FigureInContext[] {
  const fiscal = new Set([...text.matchAll(FISCAL_YEAR)].map((m) => Number(m[1])));
  if (!fiscal.size) return figures;
  const early = new Set([...text.matchAll(EARLY_DAY)].map((m) => Number(m[1])));
  if (![...fiscal].some((y) => early.has(y + 1))) return figures;
  for (const f of figures) {
    if (f.year === null || f.index < 0 || !fiscal.has(f.year)) continue;
    // The sentence around the figure names the year as a fiscal one.
    const around = text.slice(Math.max(0, f.index - 200), f.index + 120);
    if (new RegExp(`\\bfiscal\\s+(?:year\\s+)?${f.year}\\b`, "i").test(around)) f.altYear = f.year + 1;
  }
  return figures;
}
