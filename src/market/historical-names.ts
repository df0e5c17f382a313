// Names a company had before its current one, so a figure for a past period shows under the name of that
// period ("General Electric (now GE Aerospace)" for 2016), and a question may name a company by a former name.
//
// SOURCE: SEC EDGAR company records, which list each registrant's former names ("formerly: ...") with the
// date of the change (https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=<cik>), and the
// renaming 8-K filings. The dates below are the effective dates of the renaming; they were written from those
// public records and not re-fetched in this session. Only renamings that kept the ticker are listed: a new
// ticker is a new security in this data.

export interface FormerName {
  ticker: string;
  /** The name before the change, as the company wrote it. */
  name: string;
  /** Last day under that name (ISO date). */
  until: string;
  /** The registrant's CIK, to check the record on EDGAR. */
  cik: string;
}

export const FORMER_NAMES: readonly FormerName[] = [
  { ticker: "GE", name: "General Electric", until: "2024-04-01", cik: "0000040545" },
  { ticker: "APA", name: "Apache Corporation", until: "2021-02-28", cik: "0000006769" },
  { ticker: "META", name: "Facebook", until: "2021-10-27", cik: "0001326801" },
  { ticker: "FB", name: "Facebook", until: "2021-10-27", cik: "0001326801" },
  { ticker: "GOOGL", name: "Google Inc.", until: "2015-10-01", cik: "0001288776" },
  { ticker: "GOOG", name: "Google Inc.", until: "2015-10-01", cik: "0001288776" },
  { ticker: "WMT", name: "Wal-Mart Stores", until: "2018-01-31", cik: "0000104169" },
  { ticker: "HPQ", name: "Hewlett-Packard", until: "2015-10-31", cik: "0000047217" },
  { ticker: "UAL", name: "United Continental Holdings", until: "2019-06-26", cik: "0000100517" },
  { ticker: "CVS", name: "CVS Caremark", until: "2014-09-02", cik: "0000064803" },
  { ticker: "NDAQ", name: "The NASDAQ OMX Group", until: "2015-09-07", cik: "0001120193" },
  { ticker: "XRAY", name: "DENTSPLY International", until: "2016-02-28", cik: "0000818479" },
];

/**
 * The name to show for a ticker's figure at `date`: the name it had then, with today's name after it when
 * they differ ("General Electric (now GE Aerospace)"); today's name when no former name covers the date.
 */
export function nameAsOf(ticker: string, date: string | null, current: string): string {
  if (!date) return current;
  // The earliest former name whose span still covers the date (spans are per ticker, oldest first by `until`).
  let best: FormerName | null = null;
  for (const f of FORMER_NAMES) if (f.ticker === ticker && date <= f.until && (!best || f.until < best.until)) best = f;
  if (!best || best.name === current) return current;
  return `${best.name} (now ${current})`;
}
