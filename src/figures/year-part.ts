// The part of a year a clause gives its figure for: a quarter ("the second quarter", "Q2", "13 weeks"), a half
// ("six months", "H1") or nine months, or none (a whole year). "Quarterly" says how often an item is paid, so a
// caller reads it only in the figure's own clause (unquarterly).

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
