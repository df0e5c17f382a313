// Quantities in financial text and their alignment: "$1.58 billion" equals "1,577" in a table stated in
// millions, "(370)" is negative, 12.5% may be a ratio of two reported figures. Years and fiscal periods
// (FY2018, Q3 2022, fiscal 2019) are read as periods, not amounts. A unit written after a figure is read:
// "12.25 cents" is $0.1225 and "12.25 dollars" is $12.25, never one figure.

export interface Quantity {
  /** Absolute value in base units (scale words applied). */
  value: number;
  /** The number as written, without scale; in dollars when written in cents ("12.25 cents": 0.1225). */
  mantissa: number;
  negative: boolean;
  /** Digits after the decimal point as written; two more when written in cents ("12.25 cents": 4). */
  decimals: number;
  /** Multiplier of the scale word (1, 1e3, 1e6, 1e9, 1e12). */
  scale: number;
  percent: boolean;
  /** Written with a currency sign, or a cents or dollars word after it. */
  currency: boolean;
  /** Written with no scale word, no unit and at least one thousands separator or a decimal point. */
  index: number;
  end: number;
  raw: string;
}

export interface Period {
  year: number;
  quarter: number | null;
  fiscal: boolean;
}

const SCALE: Record<string, number> = {
  thousand: 1e3, thousands: 1e3, k: 1e3,
  million: 1e6, millions: 1e6, mn: 1e6, mm: 1e6, m: 1e6, mil: 1e6,
  billion: 1e9, billions: 1e9, bn: 1e9, b: 1e9,
  trillion: 1e12, trillions: 1e12, tn: 1e12,
};

/** A scale word that opens the text after a figure (spelled out only: "m" or "b" alone on a line is no scale). */
const WRAPPED_SCALE = /^\s*(thousands?|millions?|billions?|trillions?)\b/i;

export const NUMBER =
  /(\$|US\$|USD\s?|€|£|¥)?\s?(\()?([-−–])?\s?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)(\))?(?:\s?(%|percent\b|per cent\b|pp\b|percentage points?\b|bps\b|basis points\b))?(?:\s?(thousands?|millions?|billions?|trillions?|mn|mm|bn|tn|mil|[kKmMbB]|Thousands?|Millions?|Billions?|Trillions?)\b)?/g;

/** NUMBER tried at one position (sticky). */
const NUMBER_AT = new RegExp(NUMBER.source, "y");
const DIGIT = /\d/g;
/**
 * Characters a NUMBER match may have before its first digit: "USD" and a space, a space, "(", a minus, a
 * space and a decimal point.
 */
const NUMBER_LEAD = 9;

/**
 * NUMBER's matches, as text.matchAll(NUMBER) gives them: every match holds a digit, so the pattern is tried
 * only in the few positions before each digit run that could open one (the leftmost that does), not at every
 * character of the text.
 */
export function numberMatches(text: string): RegExpExecArray[] {
  const out: RegExpExecArray[] = [];
  for (let from = 0; ; ) {
    DIGIT.lastIndex = from;
    const digit = DIGIT.exec(text);
    if (!digit) return out;
    let found: RegExpExecArray | null = null;
    for (let at = Math.max(from, digit.index - NUMBER_LEAD); at <= digit.index && !found; at++) {
      NUMBER_AT.lastIndex = at;
      found = NUMBER_AT.exec(text);
    }
    // At the digit itself the pattern always matches (its digits alone).
    out.push(found!);
    from = found!.index + found![0].length;
  }
}

// "12.25 cents", "12.25¢", "18.77 Australian cents", "5 New Zealand cents", "73.3 cps" (cents per share);
// "12.25 dollars", "12.25 US dollars" (another country's dollars are left as written: not read as USD).
// "25 Per cent" is no cents.
const CENTS_AFTER = /^\s?(?:(?!Per\s)(?:U\.S\.|[A-Z][a-z]+)\s){0,2}(?:[Cc]ents?\b|¢|cps\b)/;
const DOLLARS_AFTER = /^\s?(?:(?:U\.S\.|US)\s)?[Dd]ollars?\b/;

/**
 * A figure's unit word after it: cents read as a currency amount of a hundredth of the number, with the
 * rounding of the cents as written (12.25 cents: 0.1225 to 4 decimals), so the sameness rules see $0.1225,
 * never $12.25; dollars read as a currency amount. Null when there is none.
 */
function unitAfter(rest: string, mantissa: number, decimals: number, scaled: boolean): { mantissa: number; decimals: number; length: number } | null {
  const cents = scaled ? null : CENTS_AFTER.exec(rest);
  if (cents) return { mantissa: Number((mantissa / 100).toFixed(decimals + 2)), decimals: decimals + 2, length: cents[0].length };
  const dollars = DOLLARS_AFTER.exec(rest);
  return dollars ? { mantissa, decimals, length: dollars[0].length } : null;
}

/**
 * A figure whose unit or scale word a source's line break put on the next line ("12.0" then "cents per share
 * ...", "$737.9" then "million."): the figure read with that word, keeping where it stands. The figure as it
 * was when none follows.
 */
export function withWrappedUnit(q: Quantity, next: string): Quantity {
  // "were $737.9" at a line's end, "million." on the next: a PDF's line break between a figure and its scale word.
  const wrapped = q.percent || q.scale !== 1 ? null : WRAPPED_SCALE.exec(next);
  if (wrapped) {
    const scale = SCALE[wrapped[1].toLowerCase()];
    return { ...q, scale, value: q.mantissa * scale };
  }
  if (q.currency || q.percent || q.scale !== 1) return q;
  const unit = unitAfter(` ${next.trimStart().slice(0, 40)}`, q.mantissa, q.decimals, false);
  if (!unit) return q;
  return { ...q, value: unit.mantissa, mantissa: unit.mantissa, decimals: unit.decimals, currency: true };
}

const MONTH_BEFORE = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s$/i;

function isYearLike(n: string, hasComma: boolean): boolean {
  if (hasComma || n.includes(".")) return false;
  const v = Number(n);
  return n.length === 4 && v >= 1950 && v <= 2100;
}

/** Every amount, percentage and ratio of the text; years are left to periods(). */
export function quantities(text: string): Quantity[] {
  const out: Quantity[] = [];
  for (const m of numberMatches(text)) {
    const [raw, cur, open, minus, num, close, pct, scaleWord] = m;
    const lead = raw.length - raw.trimStart().length;
    const index = (m.index ?? 0) + lead;
    const before = text[index - 1] ?? " ";
    // Inside a word or identifier (10-K, Q3, FY2018, 3M, page refs like 7A).
    if (/[\p{L}_]/u.test(before) && !cur) continue;
    const after = text.slice(index + raw.length - lead, index + raw.length - lead + 1);
    if (/[\p{L}]/u.test(after) && !pct && !scaleWord) continue;
    // The day of a date: "September 26, 2015", "Dec. 31".
    if (!cur && !pct && !scaleWord && num.length <= 2 && MONTH_BEFORE.test(text.slice(Math.max(0, index - 12), index))) continue;
    // Form names and compounds: 10-K, 8-K, 10-Q, 5-year.
    if (!cur && !pct && !scaleWord && /^-\p{L}/u.test(text.slice(index + raw.length - lead, index + raw.length - lead + 2))) continue;
    if (isYearLike(num, num.includes(",")) && !cur && !pct && !scaleWord) continue;
    const written = Number(num.replace(/,/g, ""));
    if (!Number.isFinite(written)) continue;
    const scaleKey = scaleWord?.toLowerCase();
    // A lone "m"/"b" after a bare small number is too ambiguous unless there is a currency sign.
    // "3M", "10K", "5B" without a currency sign are names and forms, not amounts.
    if (scaleKey && scaleKey.length === 1 && !cur) continue;
    const scale = scaleKey ? SCALE[scaleKey] ?? 1 : 1;
    const dot = num.indexOf(".");
    const end = index + raw.length - lead;
    // "0.01$ per share": a currency sign written after the figure, right against it.
    const signAfter = !cur && !pct && !scaleWord && text[end] === "$" && !/[\p{N}]/u.test(text[end + 1] ?? " ");
    const unit = cur || pct || signAfter ? null : unitAfter(text.slice(end, end + 40), written, dot >= 0 ? num.length - dot - 1 : 0, Boolean(scaleWord));
    const mantissa = unit ? unit.mantissa : written;
    // "-$329 million": a minus written before the currency sign (not a range's dash, "$300-$400").
    const signed = Boolean(cur) && /[-−–]/.test(text[index - 1] ?? "") && !/[\p{L}\p{N}]/u.test(text[index - 2] ?? " ");
    out.push({
      value: mantissa * scale,
      mantissa,
      negative: Boolean(minus) || signed || (Boolean(open) && Boolean(close)),
      decimals: unit ? unit.decimals : dot >= 0 ? num.length - dot - 1 : 0,
      scale,
      percent: Boolean(pct && /%|percent|per cent/i.test(pct)),
      currency: Boolean(cur) || Boolean(unit) || signAfter,
      index,
      end: end + (unit?.length ?? 0) + (signAfter ? 1 : 0),
      raw: unit ? text.slice(index, end + unit.length) : signAfter ? text.slice(index, end + 1) : raw.trim(),
    });
  }
  return out;
}

const PERIOD = /\b(?:(FY|fiscal(?: year)?|calendar(?: year)?)\s?'?(\d{4}|\d{2})\b|(Q[1-4]|[1-4]Q|first quarter|second quarter|third quarter|fourth quarter)\s?(?:of\s)?(?:FY|fiscal\s)?'?(\d{4}|\d{2})?\b|\b(19[5-9]\d|20\d\d)\b)/gi;

const QUARTER_WORDS: Record<string, number> = { "first quarter": 1, "second quarter": 2, "third quarter": 3, "fourth quarter": 4 };

function fullYear(y: string): number {
  const n = Number(y);
  return y.length === 2 ? 2000 + n : n;
}

/** Years, fiscal years and quarters named in the text. */
export function periods(text: string): Period[] {
  const out: Period[] = [];
  for (const m of text.matchAll(PERIOD)) {
    if (m[2]) out.push({ year: fullYear(m[2]), quarter: null, fiscal: /fy|fiscal/i.test(m[1]) });
    else if (m[3]) {
      const q = m[3].toLowerCase();
      const quarter = QUARTER_WORDS[q] ?? Number(q.replace(/q/i, ""));
      out.push({ year: m[4] ? fullYear(m[4]) : NaN, quarter, fiscal: false });
    } else if (m[5]) out.push({ year: Number(m[5]), quarter: null, fiscal: false });
  }
  return out;
}

export function periodYears(text: string): Set<number> {
  return new Set(periods(text).map((p) => p.year).filter((y) => Number.isFinite(y)));
}

export function isBareSmall(q: Quantity): boolean {
  return q.mantissa < 10 && q.decimals === 0 && !q.percent && !q.currency && q.scale === 1;
}
