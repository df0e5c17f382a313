// search_results events under per_event_size: the serialized `data` object of each event ({results: [...]})
// is at most the byte budget (UTF-8). Passages are packed in rank order; one too large alone is cut to fit.
import type { Passage } from "./types";

export interface StreamedResult {
  chunk_id: string;
  document_id: string;
  document_name: string;
  search_type: "rms" | "external";
  text: string;
  score: number;
  page: number | null;
  doc_type: string | null;
  tickers: string[];
  published_at: string | null;
  /** The passage's text was cut to fit the event. */
  truncated: boolean;
}

const encoder = new TextEncoder();
const bytes = (value: unknown) => encoder.encode(JSON.stringify(value)).byteLength;

function resultOf(p: Passage, text = p.text): StreamedResult {
  return {
    chunk_id: p.chunk_id,
    document_id: p.document_id,
    document_name: p.document_name,
    search_type: p.search_type,
    text,
    score: p.score,
    page: p.page,
    doc_type: p.doc_type,
    tickers: p.tickers,
    published_at: p.published_at,
    truncated: text.length < p.text.length,
  };
}

/** The passage alone, its text cut (at a code point) to the longest prefix that fits; null when nothing fits. */
function cutToFit(p: Passage, maxBytes: number): StreamedResult | null {
  const points = Array.from(p.text);
  const fits = (n: number) => bytes({ results: [resultOf(p, points.slice(0, n).join(""))] }) <= maxBytes;
  if (!fits(0)) return null;
  let lo = 0;
  let hi = points.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  return resultOf(p, points.slice(0, lo).join(""));
}

export function searchResultEvents(passages: Passage[], maxBytes: number): { results: StreamedResult[] }[] {
  const events: { results: StreamedResult[] }[] = [];
  let current: StreamedResult[] = [];
  for (const p of passages) {
    const whole = resultOf(p);
    if (bytes({ results: [...current, whole] }) <= maxBytes) {
      current.push(whole);
      continue;
    }
    if (current.length) events.push({ results: current });
    current = [];
    const alone = bytes({ results: [whole] }) <= maxBytes ? whole : cutToFit(p, maxBytes);
    if (alone) current.push(alone);
  }
  if (current.length) events.push({ results: current });
  return events;
}
