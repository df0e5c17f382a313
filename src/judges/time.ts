// Strict RFC 3339 instants for the judges' time_window: an offset (Z or +hh:mm) is required, and the
// fields must name an instant that exists (no 2025-02-30, no 25:00), unlike Date.parse.
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|([+-])(\d{2}):(\d{2}))$/;

/** Milliseconds since the epoch, or null when the text is not a valid RFC 3339 instant with an offset. */
export function parseInstant(text: string): number | null {
  const m = RFC3339.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  let offsetMin = 0;
  if (m[9]) {
    const oh = Number(m[10]);
    const om = Number(m[11]);
    if (oh > 23 || om > 59) return null;
    offsetMin = (m[9] === "-" ? -1 : 1) * (oh * 60 + om);
  }
  const frac = m[7] ? Math.floor(Number(`0${m[7]}`) * 1000) : 0;
  return Date.UTC(year, month - 1, day, hour, minute, second, frac) - offsetMin * 60_000;
}

/** RFC 3339 in UTC with Z (what the service returns everywhere). */
export function toUtc(ms: number | string): string {
  return new Date(typeof ms === "string" ? Date.parse(ms) : ms).toISOString();
}
