// A question about a company whose fiscal calendar is known (src/core/fiscal-calendar.ts) dates the sources'
// days by it: "January 28, 2023" is Ulta's fiscal 2022 and Best Buy's fiscal 2023, which the filing's page
// alone does not say (a January year-end is named by either year). The calendar places a day as the
// filing's own words would (a fiscal-year link, fiscal-days.ts); a source with links of its own keeps its own.
import type { ReadText } from "./context";
import { placedByLinks, type FiscalLink } from "./fiscal-days";
import { fiscalPeriodEnd } from "../core/fiscal-calendar";

/** Per source, its figures dated by a company's calendar, by ticker. */
const PLACED = new WeakMap<ReadText, Map<string, ReadText>>();

/** The calendar as a fiscal-year link: one year's end, from which fiscalYearOfDay counts the others. */
export function calendarLink(ticker: string): FiscalLink | null {
  const end = fiscalPeriodEnd(ticker, 2020);
  return end === null ? null : { fiscal: 2020, day: Number(end.replaceAll("-", "")), yearEnd: true };
}

/**
 * The fiscal-year links that date a source's days for a question about a company: the source's own words
 * when it has some (its figures are dated by them already), else the company's calendar; null when the
 * company's calendar is not known.
 */
export function datingLinks(read: ReadText, ticker: string | null): readonly FiscalLink[] | null {
  const link = ticker === null ? null : calendarLink(ticker);
  if (link === null) return null;
  return read.links?.length ? read.links : [link];
}

/** The sources with their days placed in the company's fiscal years (the same sources when the company is not known). */
export function withCompanyCalendar(sources: ReadText[], ticker: string | null): ReadText[] {
  if (ticker === null || calendarLink(ticker) === null) return sources;
  return sources.map((read) => {
    const links = datingLinks(read, ticker);
    if (links === null || links === read.links) return read;
    const known = PLACED.get(read)?.get(ticker);
    if (known) return known;
    const out = placedByLinks(read, links);
    let byTicker = PLACED.get(read);
    if (!byTicker) PLACED.set(read, (byTicker = new Map()));
    byTicker.set(ticker, out);
    return out;
  });
}
