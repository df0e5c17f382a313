// Sources read together (an answer's reference with the filing's passages): the days one filing's own words
// place in its fiscal years ("Fourth Quarter Fiscal 2022 Results ... ended January 28, 2023") date the
// figures of another source that states no such link ("$8,630.9 million for the fifty-two weeks ended January
// 29, 2022": fiscal 2021). So a figure one source places in another fiscal year is not carried by a source
// read by the calendar alone. Where the links disagree (two companies' calendars), no day is placed
// (fiscalYearOfDay); a source with links of its own keeps its own reading.
import type { ReadText } from "./context";
import { placedByLinks, type FiscalLink } from "./fiscal-days";

/** Per source, its figures dated by other sources' links, by those links. */
const SHARED = new WeakMap<ReadText, Map<string, ReadText>>();
/** Link sets remembered per source: an answer's claims share their sources' links. */
const MAX_KEYS = 8;

/** The sources, each without links of its own given the others' (a new ReadText where a figure is placed). */
export function withSharedLinks(sources: ReadText[]): ReadText[] {
  if (sources.length < 2) return sources;
  const links: FiscalLink[] = sources.flatMap((r) => r.links ?? []);
  if (!links.length) return sources;
  const key = links.map((l) => `${l.fiscal}:${l.day}:${l.yearEnd ? 1 : 0}`).join(",");
  return sources.map((read) => {
    if (read.links?.length) return read;
    let byKey = SHARED.get(read);
    const known = byKey?.get(key);
    if (known) return known;
    const out = placedByLinks(read, links);
    if (!byKey) SHARED.set(read, (byKey = new Map()));
    if (byKey.size < MAX_KEYS) byKey.set(key, out);
    return out;
  });
}
