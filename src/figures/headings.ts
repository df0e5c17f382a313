// The year a line of an answer takes from its context, and which years of a text are dates. An answer lists
// what happened in a year under a line that names it ("In fiscal year 2022:", "**FY2021:**", "For the year
// ended December 31, 2022:"), the lines under it naming no year of their own ("- Current Health Ltd., a
// care-at-home technology platform, was acquired on November 2, 2021"): the heading's year is theirs. So is
// the year of the sentence before, for a sentence that refers back to it ("SG&A increased by 6.1% in 2022.
// This was impacted by ..."). The date a line gives an event ("November 2, 2021") is not the period the line
// assigns it to.
import { periods } from "./numbers";
import { FULL_YEAR, partOf, unquarterly } from "./year-part";
import { contentStems } from "./text";

export interface HeadingYear {
  year: number;
  /** The heading writes it as a fiscal year ("FY2022", "fiscal year 2022"). */
  fiscal: boolean;
}

/** A line that heads the lines below it: short, ending with a colon (markdown emphasis after it allowed). */
const HEADING = /:[*_\s]*$/;
const MAX_HEADING = 80;
/** A list item: "- ", "* ", "• ", "1. ", "2) ". */
const LIST_ITEM = /^\s*(?:[-*•]|\d{1,2}[.)])\s/;

interface Span {
  start: number;
  end: number;
  heading: HeadingYear;
}

/** The one year a heading line names, or null (none, or several: "FY2023 and FY2022:" dates no line). */
function headingYear(line: string): HeadingYear | null {
  const found = periods(line).filter((p) => Number.isFinite(p.year));
  const years = new Set(found.map((p) => p.year));
  if (years.size !== 1) return null;
  return { year: found[0].year, fiscal: found.some((p) => p.fiscal) || /\bfiscal\b/i.test(line) };
}

/**
 * The lines each dated heading covers: the lines right after it, and list items after blank lines, up to the
 * next heading line or a line of prose after a blank line (a paragraph of its own). Linear in the text.
 * Returns a lookup from an offset of the text to the heading year over it (null outside any).
 */
export function headingYears(text: string): (offset: number) => HeadingYear | null {
  const spans: Span[] = [];
  let current: HeadingYear | null = null;
  let blank = false;
  let start = 0;
  while (start <= text.length) {
    const nl = text.indexOf("\n", start);
    const end = nl < 0 ? text.length : nl;
    const line = text.slice(start, end);
    if (!line.trim()) blank = true;
    else if (line.length <= MAX_HEADING && HEADING.test(line)) {
      current = headingYear(line);
      blank = false;
    } else {
      if (current && (!blank || LIST_ITEM.test(line))) {
        const last = spans[spans.length - 1];
        if (last && last.heading === current) last.end = end;
        else spans.push({ start, end, heading: current });
      } else current = null;
      blank = false;
    }
    if (nl < 0) break;
    start = nl + 1;
  }
  return (offset) => {
    let lo = 0;
    let hi = spans.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const s = spans[mid];
      if (offset < s.start) hi = mid - 1;
      else if (offset >= s.end) lo = mid + 1;
      else return s.heading;
    }
    return null;
  };
}

// "November 2, 2021", "Nov. 2, 2021", "2 November 2021", "March 2022": a point in time, not a period.
const MONTH = "(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)";
const DATE = new RegExp(`\\b(?:\\d{1,2}\\s+${MONTH}\\.?|${MONTH}\\.?(?:\\s+\\d{1,2},?)?)\\s+((?:19|20)\\d{2})\\b`, "g");

/** The years of a text split into those written in a date ("on November 2, 2021") and the others (periods). */
export function yearKinds(text: string): { periods: Set<number>; dates: Set<number> } {
  const dates = new Set<number>();
  const rest = text.replace(DATE, (_, year: string) => {
    dates.add(Number(year));
    return " ";
  });
  const out = new Set<number>();
  for (const p of periods(rest)) if (Number.isFinite(p.year)) out.add(p.year);
  return { periods: out, dates };
}

/**
 * The year a sentence gives the next one that refers back to it: the one year it names outside its dates
 * ("in fiscal 2022", "in 2021"), none when it names several, else the year it took itself.
 */
export function givenYear(sentence: string, took: HeadingYear | null): HeadingYear | null {
  const years = yearKinds(sentence).periods;
  if (!years.size) return took;
  if (years.size > 1) return null;
  return { year: [...years][0], fiscal: /\b(?:fy|fiscal)\b/i.test(sentence) || /\bFY\s?'?\d/.test(sentence) };
}

// "This was impacted by ...", "These increases were partially offset by ...": a sentence about the one before.
const REFERS_BACK = /^(?:This|These|That|Those|Such)\b/;

/**
 * The year a sentence takes from the one before it on the same line, when it refers back to it and names no
 * period of its own: that sentence's own year, or the year it took itself. Null otherwise.
 */
export function continuedYear(sentence: string, before: HeadingYear | null): HeadingYear | null {
  if (!before || !REFERS_BACK.test(sentence) || yearKinds(sentence).periods.size) return null;
  return before;
}

// Words a period heading may hold besides its period's: what it heads and how ("Fourth Quarter Fiscal 2022
// Results", "Reported (GAAP) First-Quarter 2023 Results", "For the Full Year of Fiscal 2022").
const HEADING_WORD =
  /^(?:\d{1,4}|fy\d{2,4}|q[1-4]|[1-4]q|h[12]|for|the|of|and|to|in|ended|ending|fiscal|year|years|full|full-year|quarter|quarters|first|second|third|fourth|1st|2nd|3rd|4th|first-quarter|second-quarter|third-quarter|fourth-quarter|half|six|nine|three|twelve|months|month|weeks|week|thirteen|fifty-two|results|result|highlights|highlight|summary|overview|review|update|performance|financial|financials|reported|gaap|non-gaap|organic|core|adjusted|consolidated|operating|key|selected|jan\w*|feb\w*|mar\w*|apr\w*|may|jun\w*|jul\w*|aug\w*|sep\w*|oct\w*|nov\w*|dec\w*)$/i;

/** A word without the periods and apostrophes that end it ("Jan.", "year’"). */
function trimEnd(word: string): string {
  let end = word.length;
  while (end > 0 && ".'\u2019".includes(word[end - 1])) end -= 1;
  return word.slice(0, end);
}

/** Whether every word of a line is a period's or a heading's (HEADING_WORD), marks and notes aside. */
function headingWords(line: string): boolean {
  return line
    .replace(/[()*_"“”:,/;]/g, " ")
    .split(/\s+/)
    .filter(Boolean)
    .every((w) => HEADING_WORD.test(trimEnd(w)));
}

/** The period a heading line gives the paragraphs under it: a part of the year, or the whole year. */
export interface SectionPeriod {
  part: string | null;
  wholeYear: boolean;
  /** The one year the heading names ("Fiscal 2023 Full Year Highlights"), for sentences that name none. */
  year: number | null;
}

/**
 * The period of a heading line with no figure of its own ("For the Full Year of Fiscal 2022", "Fourth Quarter
 * 2022 Highlights", "June 2023 quarter:"): short, opening with a capital, not a sentence's end or a clause a
 * line break cut. Null for any other line. An earnings release gives its quarter and its full year under such
 * headings, the sentences under the second naming only the years ("SG&A expenses increased 16.2% to $2.4
 * billion compared to $2.1 billion in fiscal 2021"): without the heading, the year's figures would stand for
 * the quarter's. The prose reader (context.ts) reads it.
 */
export function periodHeading(line: string): SectionPeriod | null {
  const t = line.trim().replace(/:[*_\s]*$/, "");
  // "In the second quarter of 2020, we" (a sentence a line break cut): a clause after a comma is prose.
  if (t.length > 60 || !/^\p{Lu}/u.test(t) || /[.,;:]$/.test(t) || /,\s*\p{Ll}/u.test(t)) return null;
  // "June 2023 quarter Adjusted Free Cash" (over "Flow of $834 million ..."): a heading's words name its period
  // and what it heads (results, highlights), not a line item a line break cut.
  if (!headingWords(t)) return null;
  const year = headingYear(t)?.year ?? null;
  if (FULL_YEAR.test(t)) return { part: null, wholeYear: true, year };
  const part = partOf(unquarterly(t));
  return part ? { part, wholeYear: false, year } : null;
}

// A segment's section opens with its name before its table's period ("Rigid Packaging Twelve Months Ended June
// 30, Reported") or as a line of its own ("Domestic Segment", "International Segment Results").
const SCOPE_LINE = /^([A-Z][A-Za-z&.'-]*(?:\s[A-Z][A-Za-z&.'-]*){0,3})\s+(?:(?:Three|Six|Nine|Twelve)\s+Months\s+Ended\b|Segment(?:\s+Results)?\s*$)/;
// Words that open such a line without naming a segment ("Consolidated Twelve Months Ended", "Total Segment",
// "By Business Segment", "Operating Segment").
const NOT_SCOPE = /^(?:Consolidated|Total|Group|GAAP|Non-GAAP|Adjusted|Reported|Selected|Key|Financial|Unaudited|Condensed|Statements?|Results|Summary|For|The|Three|Six|Nine|Twelve|By|Business|Operating|Reportable|Reporting|Each|Our|Other|All|Per)$/;

/** Stems of the segment a section line names (the lines below are that segment's), or null when it names none. */
export function segmentHeading(line: string): string[] | null {
  const m = SCOPE_LINE.exec(line.trim());
  if (!m || NOT_SCOPE.test(m[1].split(/\s/)[0])) return null;
  const stems = contentStems(m[1]);
  return stems.length ? stems : null;
}
