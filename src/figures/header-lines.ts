// Lines around a statement table's header that say what its columns are, or that no header is there (table.ts):
// a release's dateline, a title in capitals naming the table's period, and a years' line that names its change
// columns after the years.

// "2023 2022 Total Operations Currency" under "Percent Change": two or more years, then the change columns' names.
const YEARS_THEN_NAMES = /^((?:(?:19|20)\d\d\s+){2,4})((?:[A-Z][a-z]+\s*){1,4})$/;
const PERCENT_CHANGE = /^(?:percent(?:age)?|%)\s+change$/i;

/** A header line of years followed by the names of change columns the line above calls percent changes: its years and those names, else null. */
export function changeNamedHeader(line: string, before: string[]): { years: number[]; names: string[] } | null {
  const m = YEARS_THEN_NAMES.exec(line.trim());
  if (!m || !before.some((b) => PERCENT_CHANGE.test(b.trim()))) return null;
  return { years: m[1].trim().split(/\s+/).map(Number), names: m[2].trim().split(/\s+/) };
}

// A table's title in capitals naming its period: "FIRST QUARTER", "SIX MONTHS", "TWELVE MONTHS".
const TITLE_PERIOD = /\b(?:(FIRST|SECOND|THIRD|FOURTH) QUARTER|(SIX|NINE|TWELVE) MONTHS)\b/;

/** The part of the year a capitalized title line before a header names (q1-q4, "h", "9m", or null for twelve months), else undefined. */
export function titlePart(lines: string[]): string | null | undefined {
  for (const line of lines) {
    const m = TITLE_PERIOD.exec(line);
    if (!m) continue;
    if (m[1]) return `q${["FIRST", "SECOND", "THIRD", "FOURTH"].indexOf(m[1]) + 1}`;
    return m[2] === "SIX" ? "h" : m[2] === "NINE" ? "9m" : null;
  }
  return undefined;
}

/** One date and nothing else ("March 9, 2023"). */
const DATELINE = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+(?:19|20)\d\d$/i;

/**
 * Whether a text opens with a release's dateline: one date alone on its first line ("March 9, 2023"), the next
 * line naming no day or year ("Ulta Beauty Announces Fourth Quarter"). Not a column's header ("July 29, 2023"
 * over "July 30, 2022": each line a column).
 */
export function isDateline(text: string): boolean {
  const lines = text.slice(0, 400).split("\n", 8).map((l) => l.trim());
  if (!DATELINE.test(lines[0] ?? "")) return false;
  const next = lines.slice(1).find((l) => l.length > 0) ?? "";
  return !/\d/.test(next);
}
