// Quantities in financial text and their alignment: "$1.58 billion" equals "1,577" in a table stated in
// millions, "(370)" is negative, 12.5% may be a ratio of two reported figures. Years and fiscal periods
// (FY2018, Q3 2022, fiscal 2019) are read as periods, not amounts.

export interface Quantity {
  /** Absolute value in base units (scale words applied). */
  value: number;
  /** The number as written, without scale. */
  mantissa: number;
  negative: boolean;
  /** Digits after the decimal point as written. */
  decimals: number;
  /** Multiplier of the scale word (1, 1e3, 1e6, 1e9, 1e12). */
  scale: number;
  percent: boolean;
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

const NUMBER =
  /(\$|US\$|USD\s?|€|£|¥)?\s?(\()?([-−–])?\s?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)(\))?(?:\s?(%|percent\b|per cent\b|pp\b|percentage points?\b|bps\b|basis points\b))?(?:\s?(thousands?|millions?|billions?|trillions?|mn|mm|bn|tn|mil|[kKmMbB]|Thousands?|Millions?|Billions?|Trillions?)\b)?/g;

const MONTH_BEFORE = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s$/i;

function isYearLike(n: string, hasComma: boolean): boolean {
  if (hasComma || n.includes(".")) return false;
  const v = Number(n);
  return n.length === 4 && v >= 1950 && v <= 2100;
}

/** Every amount, percentage and ratio of the text; years are left to periods(). */
export function quantities(text: string): Quantity[] {
  const out: Quantity[] = [];
  for (const m of text.matchAll(NUMBER)) {
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
    const mantissa = Number(num.replace(/,/g, ""));
    if (!Number.isFinite(mantissa)) continue;
    const scaleKey = scaleWord?.toLowerCase();
    // A lone "m"/"b" after a bare small number is too ambiguous unless there is a currency sign.
    // "3M", "10K", "5B" without a currency sign are names and forms, not amounts.
    if (scaleKey && scaleKey.length === 1 && !cur) continue;
    const scale = scaleKey ? SCALE[scaleKey] ?? 1 : 1;
    const dot = num.indexOf(".");
    out.push({
      value: mantissa * scale,
      mantissa,
      negative: Boolean(minus) || (Boolean(open) && Boolean(close)),
      decimals: dot >= 0 ? num.length - dot - 1 : 0,
      scale,
      percent: Boolean(pct && /%|percent|per cent/i.test(pct)),
      currency: Boolean(cur),
      index,
      end: index + raw.length - lead,
      raw: raw.trim(),
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
