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
  /(\$|US\$|USD\s?|€|£|¥)?\s?(\()?([-−–])?\s?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)(\))?(?:\s?(%|percent\b|per cent\b|pp\b|percentage points?\b|bps\b|basis points\b))?(?:\s?(thousands?|millions?|billions?|trillions?|mn|mm|bn|tn|mil|[kKmMbB])\b)?/g;

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

/** Half a unit of the last written digit, in base units: how far a rounded figure may be from the truth. */
function tolerance(q: { decimals: number; scale: number }): number {
  return 0.5 * 10 ** -q.decimals * q.scale;
}

const SCALES = [1, 1e3, 1e6, 1e9, 1e-3, 1e-6];

/**
 * Whether two written figures state the same amount. Tables often state their scale once in a header,
 * so the reference figure may be read at any scale; the tolerance is the coarser of the two roundings.
 */
export function sameAmount(a: Quantity, p: Quantity): boolean {
  // Bare small integers (note numbers, counts of items) are too common to prove anything.
  if (isBareSmall(p) || isBareSmall(a)) return false;
  // A nil ("$0", "0%") equals only a nil: its half-unit rounding would otherwise cover any small figure.
  if (a.mantissa === 0 || p.mantissa === 0) return a.mantissa === 0 && p.mantissa === 0;
  if (a.percent !== p.percent && (a.percent || p.percent)) {
    // 12.5% and 0.125 are the same ratio.
    const pa = a.percent ? a.mantissa / 100 : a.mantissa;
    const pp = p.percent ? p.mantissa / 100 : p.mantissa;
    return Math.abs(pa - pp) <= Math.max(tolerance(a) / (a.percent ? 100 : 1), tolerance(p) / (p.percent ? 100 : 1)) + 1e-12;
  }
  if (a.percent) return Math.abs(a.mantissa - p.mantissa) <= Math.max(tolerance(a), tolerance(p)) + 1e-12;
  for (const k of SCALES) {
    const pv = p.value * k;
    const tol = Math.max(tolerance(a), tolerance(p) * k);
    if (Math.abs(a.value - pv) <= tol + 1e-9 * Math.abs(a.value) && a.value !== 0) return true;
  }
  return a.value === 0 && p.value === 0;
}

/**
 * Whether any of the figures states the same amount as a (sameAmount over the list), through an index by order
 * of magnitude built once per list: a long answer against long references would otherwise compare every
 * figure with every figure. Two amounts that sameAmount equates are within a factor of two of each other at
 * one of the scales it tries (or their mantissas are, for a percentage against a ratio), so only the
 * neighbouring decades are compared.
 */
export function statedAmong(a: Quantity, figures: Quantity[]): boolean {
  let index = INDEXES.get(figures);
  if (!index) {
    index = new Map();
    const add = (v: number, q: Quantity) => {
      const key = v === 0 ? ZERO : Math.floor(Math.log10(Math.abs(v)));
      const list = index!.get(key);
      if (list) list.push(q);
      else index!.set(key, [q]);
    };
    // Figures that read alike compare alike: index each reading once.
    const distinct = new Map<string, Quantity>();
    for (const q of figures) distinct.set(`${q.value}|${q.mantissa}|${q.decimals}|${q.scale}|${q.percent}|${q.currency}`, q);
    for (const q of distinct.values()) {
      if (q.percent) {
        add(q.mantissa, q);
        add(q.mantissa / 100, q);
      } else {
        add(q.value, q);
        add(q.mantissa, q);
      }
    }
    INDEXES.set(figures, index);
  }
  const seen = new Set<Quantity>();
  const targets = [...SCALES.map((k) => a.value / k), a.mantissa, a.mantissa / 100];
  for (const t of targets) {
    const keys = t === 0 ? [ZERO] : [-1, 0, 1].map((d) => Math.floor(Math.log10(Math.abs(t))) + d);
    for (const key of keys) {
      for (const p of index.get(key) ?? []) {
        if (seen.has(p)) continue;
        seen.add(p);
        if (sameAmount(a, p)) return true;
      }
    }
  }
  return false;
}

const ZERO = Number.NEGATIVE_INFINITY;
const INDEXES = new WeakMap<Quantity[], Map<number, Quantity[]>>();

/** Whether a figure can be computed from two reference figures by one arithmetic step. */
export function derivable(a: Quantity, operands: Quantity[], cues: { additive: boolean }): boolean {
  // Ratios are read for percentages and small decimal figures (0.96x, 1.35); sums and differences only
  // when the statement says it combines figures (total, combined, increase...).
  const ratioLike = a.percent || (a.decimals > 0 && a.mantissa < 100 && a.scale === 1 && !a.currency);
  if (!ratioLike && !cues.additive) return false;
  const target = a.percent ? a.mantissa / 100 : a.value;
  if (target === 0) return false;
  const tolRatio = a.percent ? tolerance(a) / 100 : tolerance(a);
  for (let i = 0; i < operands.length; i++) {
    const x = operands[i].value;
    if (x === 0) continue;
    for (let j = 0; j < operands.length; j++) {
      if (i === j) continue;
      const y = operands[j].value;
      if (y === 0) continue;
      // Ratios and changes are scale-free; sums and differences share the table's scale.
      if (ratioLike) {
        const candidates = [x / y, (x - y) / Math.abs(y)];
        for (const c of candidates) if (Math.abs(Math.abs(c) - Math.abs(target)) <= tolRatio + 1e-12) return true;
      }
      if (!a.percent && cues.additive) {
        const sums = [x + y, x - y];
        for (const s of sums) for (const k of SCALES) if (Math.abs(Math.abs(s * k) - Math.abs(target)) <= Math.max(tolerance(a), 0.5 * k) + 1e-9) return true;
      }
    }
  }
  return false;
}
