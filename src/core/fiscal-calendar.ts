// Companies' fiscal calendars: when each fiscal year and quarter really ends, 52/53-week years computed from
// the company's rule. Pure (no D1), so documents, TTSQL and chat can all resolve a period the same way.
//
// Source of the table: SEC EDGAR company submissions (https://data.sec.gov/submissions/CIK##########.json),
// field `fiscalYearEnd` (MMDD), read with each company's 10-K note on its fiscal year (which gives the rule
// behind a 52/53-week MMDD: EDGAR records only the latest year's end, e.g. Best Buy 0201 for the year ended
// 2025-02-01) and, for naming, the cover of its 10-K ("fiscal 2022" ending 2023-01-28 at Ulta). Non-US
// companies of the parser samples (Vodafone, Nestle, Reliance) from their annual reports. Transcribed by
// hand, not fetched at run time; `npm run bench:fiscal` checks it against the dates the documents state.
import { MONTH_NAMES } from "./months";

/** A month's end, or a weekday tied to it: nearest to the month's last day, or the last one in the month. */
export interface MonthEndAnchor {
  month: number; // 1-12
  /** 0 = Sunday ... 6 = Saturday; absent: the calendar month's last day. */
  weekday?: number;
  pick?: "nearest" | "last";
}

export interface FiscalYearEnd {
  anchor: MonthEndAnchor;
  /** Which calendar year names the fiscal year: the one its nominal end (the anchor month) falls in, or the one it starts in (Ulta, Foot Locker). */
  names: "end-year" | "start-year";
  /** How interim quarters end: month ends, weeks from the year's start (Q4 takes the rest), or an anchor per quarter-end month. */
  quarters: { kind: "months" } | { kind: "weeks"; weeks: readonly [number, number, number]; extraWeekIn?: 1 | 4 } | { kind: "anchored"; weekday: number; pick: "nearest" | "last" };
  /** EDGAR's `fiscalYearEnd` (MMDD) as the submissions record it; for 52/53-week years the latest year's end. */
  edgar: string;
  /** The rule in words, e.g. "Saturday nearest January 31". */
  rule: string;
}

const SUN = 0;
const FRI = 5;
const SAT = 6;
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

function describe(anchor: MonthEndAnchor): string {
  const month = MONTH_NAMES[anchor.month - 1];
  if (anchor.weekday === undefined) return `${month} ${lastDay(2001, anchor.month)}`;
  return anchor.pick === "last" ? `last ${DAYS[anchor.weekday]} of ${month}` : `${DAYS[anchor.weekday]} nearest ${month} ${lastDay(2001, anchor.month)}`;
}

const WEEKS_13 = { kind: "weeks", weeks: [13, 13, 13] } as const;
const WEEKS_12 = { kind: "weeks", weeks: [12, 12, 12] } as const;
const MONTHLY = { kind: "months" } as const;

function entry(anchor: MonthEndAnchor, edgar: string, quarters: FiscalYearEnd["quarters"] = MONTHLY, names: FiscalYearEnd["names"] = "end-year"): FiscalYearEnd {
  return { anchor, names, quarters, edgar, rule: describe(anchor) };
}

const DEC31 = entry({ month: 12 }, "1231");

/**
 * Every company of the demo corpus, the FinanceBench filings (../shared/data/financebench) and the parser
 * samples, by ticker. Former tickers stay as aliases (Block was SQ).
 */
const CALENDARS: Record<string, FiscalYearEnd> = {
  MMM: DEC31,
  AES: DEC31,
  AMD: entry({ month: 12, weekday: SAT, pick: "last" }, "1228", WEEKS_13),
  ATVI: DEC31,
  ADBE: entry({ month: 11, weekday: FRI, pick: "nearest" }, "1129", WEEKS_13),
  AMZN: DEC31,
  AMCR: entry({ month: 6 }, "0630"),
  AXP: DEC31,
  AWK: DEC31,
  AAPL: entry({ month: 9, weekday: SAT, pick: "last" }, "0928", { kind: "weeks", weeks: [13, 13, 13], extraWeekIn: 1 }),
  BBY: entry({ month: 1, weekday: SAT, pick: "nearest" }, "0201", WEEKS_13),
  SQ: DEC31,
  XYZ: DEC31,
  BA: DEC31,
  CVS: DEC31,
  // The year ends on December 31; the interim quarters on the Friday nearest the quarter's last day.
  KO: entry({ month: 12 }, "1231", { kind: "anchored", weekday: FRI, pick: "nearest" }),
  GLW: DEC31,
  COST: entry({ month: 8, weekday: SUN, pick: "nearest" }, "0901", WEEKS_12),
  FDX: entry({ month: 5 }, "0531"),
  FL: entry({ month: 1, weekday: SAT, pick: "nearest" }, "0201", WEEKS_13, "start-year"),
  GIS: entry({ month: 5, weekday: SUN, pick: "last" }, "0526", WEEKS_13),
  INTC: entry({ month: 12, weekday: SAT, pick: "last" }, "1228", WEEKS_13),
  JPM: DEC31,
  JNJ: entry({ month: 12, weekday: SUN, pick: "nearest" }, "1229", WEEKS_13),
  KHC: entry({ month: 12, weekday: SAT, pick: "last" }, "1228", WEEKS_13),
  // The year ends on December 31; the books close on the last Sunday of each interim quarter.
  LMT: entry({ month: 12 }, "1231", { kind: "anchored", weekday: SUN, pick: "last" }),
  MGM: DEC31,
  MCD: DEC31,
  MSFT: entry({ month: 6 }, "0630"),
  NFLX: DEC31,
  NKE: entry({ month: 5 }, "0531"),
  ORCL: entry({ month: 5 }, "0531"),
  PCG: DEC31,
  PYPL: DEC31,
  // 12-week first three quarters, the fourth 16 (17 in a 53-week year).
  PEP: entry({ month: 12, weekday: SAT, pick: "last" }, "1228", WEEKS_12),
  // The year ends on December 31; the interim quarters on the Sunday nearest the quarter's last day.
  PFE: entry({ month: 12 }, "1231", { kind: "anchored", weekday: SUN, pick: "nearest" }),
  CRM: entry({ month: 1 }, "0131"),
  ULTA: entry({ month: 1, weekday: SAT, pick: "nearest" }, "0201", WEEKS_13, "start-year"),
  VZ: DEC31,
  WMT: entry({ month: 1 }, "0131"),
  EBAY: DEC31,
  // Parser samples.
  CVX: DEC31,
  GLXZ: DEC31,
  VOD: entry({ month: 3 }, "0331"),
  NSRGY: DEC31,
  NESN: DEC31,
  RELIANCE: entry({ month: 3 }, "0331"),
};

function normalizeTicker(ticker: string): string {
  // Exchange suffixes (RELIANCE.NS, NESN.SW, VOD.L) name the same company.
  return ticker.trim().toUpperCase().replace(/\.(?:NS|BO|SW|L)$/, "");
}

/** The company's fiscal year-end rule, or null when the table does not know the company. */
export function fiscalYearEnd(ticker: string): FiscalYearEnd | null {
  return CALENDARS[normalizeTicker(ticker)] ?? null;
}

/**
 * How texts name the companies of the table (a question, an answer): the name's words as they are written,
 * capitalized, whole words. Former names and common short forms included.
 */
const NAMES: [RegExp, string][] = [
  [/\b3M\b/, "MMM"], [/\bAES\b/, "AES"], [/\bAMD\b|\bAdvanced Micro Devices\b/, "AMD"], [/\bActivision\b/, "ATVI"], [/\bAdobe\b/, "ADBE"],
  [/\bAmazon\b/, "AMZN"], [/\bAmcor\b/, "AMCR"], [/\bAmerican Express\b/, "AXP"], [/\bAmerican Water\b/, "AWK"], [/\bApple\b/, "AAPL"],
  [/\bBest Buy\b/, "BBY"], [/\bBlock, Inc\b|\bSquare, Inc\b/, "SQ"], [/\bBoeing\b/, "BA"], [/\bCVS\b/, "CVS"], [/\bCoca-Cola\b/, "KO"],
  [/\bCorning\b/, "GLW"], [/\bCostco\b/, "COST"], [/\bFedEx\b/, "FDX"], [/\bFoot Locker\b/, "FL"], [/\bGeneral Mills\b/, "GIS"],
  [/\bIntel\b/, "INTC"], [/\bJPMorgan\b/, "JPM"], [/\bJohnson & Johnson\b|\bJ&J\b/, "JNJ"], [/\bKraft Heinz\b/, "KHC"],
  [/\bLockheed Martin\b/, "LMT"], [/\bMGM Resorts\b/, "MGM"], [/\bMcDonald['’]s\b/, "MCD"], [/\bMicrosoft\b/, "MSFT"], [/\bNetflix\b/, "NFLX"],
  [/\bNike\b/, "NKE"], [/\bOracle\b/, "ORCL"], [/\bPG&E\b/, "PCG"], [/\bPayPal\b|\bPaypal\b/, "PYPL"], [/\bPepsiCo\b/, "PEP"], [/\bPfizer\b/, "PFE"],
  [/\bSalesforce\b/, "CRM"], [/\bUlta\b/, "ULTA"], [/\bVerizon\b/, "VZ"], [/\bWalmart\b|\bWal-Mart\b/, "WMT"], [/\beBay\b/, "EBAY"],
];

/** The one company of the table a text names (a question naming two, or none, gives null). */
export function fiscalTickerNamedIn(text: string): string | null {
  let found: string | null = null;
  for (const [name, ticker] of NAMES) {
    if (!name.test(text)) continue;
    if (found !== null && found !== ticker) return null;
    found = ticker;
  }
  return found;
}

/** Tickers the table covers. */
export function knownFiscalTickers(): string[] {
  return Object.keys(CALENDARS);
}

/** Days in a month (month 1-12) of the Gregorian calendar. */
export function lastDay(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const DAY_MS = 86_400_000;

/** The anchor's date in a calendar year, as a UTC day count. */
function anchorDay(year: number, anchor: MonthEndAnchor): number {
  const monthEnd = Date.UTC(year, anchor.month - 1, lastDay(year, anchor.month)) / DAY_MS;
  if (anchor.weekday === undefined) return monthEnd;
  const weekday = new Date(monthEnd * DAY_MS).getUTCDay();
  const back = (weekday - anchor.weekday + 7) % 7; // days back to the weekday on or before the month end
  if (anchor.pick === "last") return monthEnd - back;
  return back <= 3 ? monthEnd - back : monthEnd + (7 - back);
}

function iso(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

function yearEndDay(cal: FiscalYearEnd, fiscalYear: number): number {
  return anchorDay(cal.names === "start-year" ? fiscalYear + 1 : fiscalYear, cal.anchor);
}

/**
 * The ISO date the fiscal year (or its quarter) really ends, by the company's own calendar; null when the
 * company is unknown. Best Buy FY2024 ends 2024-02-03, Ulta FY2022 2023-01-28, Amcor FY2023 2023-06-30.
 */
export function fiscalPeriodEnd(ticker: string, fiscalYear: number, quarter?: 1 | 2 | 3 | 4): string | null {
  const cal = fiscalYearEnd(ticker);
  if (!cal || !Number.isInteger(fiscalYear)) return null;
  const end = yearEndDay(cal, fiscalYear);
  if (quarter === undefined || quarter === 4) return iso(end);
  if (cal.quarters.kind === "weeks") {
    const start = yearEndDay(cal, fiscalYear - 1) + 1;
    const longYear = (end - start + 1) / 7 === 53;
    let weeks = 0;
    for (let q = 1; q <= quarter; q++) weeks += cal.quarters.weeks[q - 1] + (longYear && cal.quarters.extraWeekIn === 1 && q === 1 ? 1 : 0);
    return iso(start + weeks * 7 - 1);
  }
  // Month-based: the quarter ends 3, 6 or 9 months after the year's first month.
  const nominalYear = cal.names === "start-year" ? fiscalYear + 1 : fiscalYear;
  const index = nominalYear * 12 + cal.anchor.month - 1 - 3 * (4 - quarter);
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  if (cal.quarters.kind === "months") return iso(Date.UTC(year, month - 1, lastDay(year, month)) / DAY_MS);
  return iso(anchorDay(year, { month, weekday: cal.quarters.weekday, pick: cal.quarters.pick }));
}

/** The fiscal year and quarter that end exactly on `isoDate` by the company's calendar, or null. */
export function fiscalPeriodOf(ticker: string, isoDate: string): { fiscalYear: number; quarter: 1 | 2 | 3 | 4 } | null {
  const year = Number(isoDate.slice(0, 4));
  if (!fiscalYearEnd(ticker) || !Number.isInteger(year)) return null;
  for (const fiscalYear of [year - 1, year, year + 1]) {
    for (const quarter of [1, 2, 3, 4] as const) {
      if (fiscalPeriodEnd(ticker, fiscalYear, quarter) === isoDate) return { fiscalYear, quarter };
    }
  }
  return null;
}
