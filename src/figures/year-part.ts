// The years a text names, and the part of a year a clause gives its figure for: a quarter ("the second quarter",
// "Q2", "13 weeks"), a half ("six months", "H1") or nine months, or none (a whole year). "Quarterly" says how
// often an item is paid, so a caller reads it only in the figure's own clause (unquarterly).

const PART = /\b(?:(first|second|third|fourth|1st|2nd|3rd|4th)[\s-]quarter|q([1-4])|([1-4])q|(three|six|nine)\s+months|(13|26|39|thirteen|twenty-six|thirty-nine)[\s-]weeks?|(first|second)\s+half|(h[12])|quarter(?:ly)?)\b/i;
const ORDINAL: Record<string, string> = { first: "1", second: "2", third: "3", fourth: "4", "1st": "1", "2nd": "2", "3rd": "3", "4th": "4" };

/** "Full-Year", "twelve months", "52 weeks": words that give a figure for a whole year, against a quarter's. */
export const FULL_YEAR = /\bfull[\s-]year\b|\btwelve\smonths\b|\b(?:52|53|fifty-two|fifty-three)[\s-]weeks?\b/i;

/** A text without its "quarterly" (how often, not which part of the year), for the figures it does not name. */
export const unquarterly = (text: string) => text.replace(/\bquarterly\b/gi, "");

/** The part of a year a clause gives its figure for ("q4", "h1", "9m", "quarter"), or null for a whole year. */
export function partOf(text: string): string | null {
  const m = PART.exec(text);
  if (!m) return null;
  if (m[1]) return `q${ORDINAL[m[1].toLowerCase()]}`;
  if (m[2] || m[3]) return `q${m[2] ?? m[3]}`;
  if (m[4]) return { three: "quarter", six: "h", nine: "9m" }[m[4].toLowerCase()] ?? "part";
  if (m[5]) return /^(13|thirteen)$/i.test(m[5]) ? "quarter" : /^(26|twenty-six)$/i.test(m[5]) ? "h" : "9m";
  if (m[6]) return `h${m[6].toLowerCase() === "first" ? 1 : 2}`;
  if (m[7]) return m[7].toLowerCase();
  return "quarter";
}

/** A year as a text names it: "2022", "fiscal 2022", "FY2022", "FY22". */
export const YEAR = /\b(?:(?:fy|fiscal(?:\s+year)?|calendar(?:\s+year)?)\s?'?)?((?:19[5-9]|20\d)\d)\b|\bfy\s?'?(\d{2})\b/gi;

const yearOf = (m: RegExpMatchArray) => (m[1] ? Number(m[1]) : 2000 + Number(m[2]));

/** The years a text names, in order. */
export function yearsIn(text: string): number[] {
  return [...text.matchAll(YEAR)].map(yearOf);
}

/** The years a text names with where each ends, in order (read once per sentence, for yearsBefore). */
export function yearPlaces(text: string): { at: number; year: number }[] {
  return [...text.matchAll(YEAR)].map((m) => ({ at: m.index + m[0].length, year: yearOf(m) }));
}

/** How many of a text's years (yearPlaces) stand wholly before `index`. */
export function yearsBefore(places: { at: number }[], index: number): number {
  let lo = 0;
  let hi = places.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (places[mid].at <= index) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
