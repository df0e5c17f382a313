// "Which debt securities are registered to trade on a national securities exchange under 3M's name?": the
// classes a filing's cover page lists under "Securities registered pursuant to Section 12(b) of the Act"
// (title, trading symbol, exchange, one per line), each written with the [n] of the passage that lists it.
import type { Passage } from "./types";

/** Lines of the cover page read after its heading, and classes written. */
const MAX_LINES = 60;
const MAX_CLASSES = 12;

const ASKED = /\bregistered\b/i;
const DEBT_ASKED = /\b(?:debt|notes|bonds|debentures)\b/i;
const HEADING = /securities registered pursuant to section 12\(b\)/i;
const DEBT_TITLE = /\b(?:notes?|debentures?|bonds?)\b[^.]{0,40}\bdue\b/i;
const EXCHANGE = /\b(?:exchange|nasdaq|nyse)\b/i;
const SYMBOL = /^[A-Z][A-Z0-9.]{0,9}$/;

/**
 * The registered classes the question asks about (debt only when it asks about debt), from the first
 * chosen passage that prints the cover page's list; null when the question asks none or no passage lists them.
 */
export function registeredSecuritiesSentences(question: string, passages: readonly Passage[], chosen: number[]): string[] | null {
  if (!ASKED.test(question) || !/\b(?:securities|notes|debt|stock|shares|bonds)\b/i.test(question)) return null;
  const debtOnly = DEBT_ASKED.test(question);
  for (const i of chosen) {
    const lines = passages[i].text.split("\n").map((l) => l.replace(/\s+/g, " ").trim());
    const at = lines.findIndex((l) => HEADING.test(l));
    if (at < 0) continue;
    const out: string[] = [];
    const block = lines.slice(at + 1, at + 1 + MAX_LINES);
    for (let k = 0; k < block.length && out.length < MAX_CLASSES; k++) {
      const title = block[k];
      if (/^indicate by check mark\b/i.test(title)) break;
      if (/^(?:title of each class|trading symbol|name of each exchange)/i.test(title)) continue;
      if (debtOnly ? !DEBT_TITLE.test(title) : !/[a-z]{3}/i.test(title) || EXCHANGE.test(title) || SYMBOL.test(title)) continue;
      const symbol = SYMBOL.test(block[k + 1] ?? "") ? block[k + 1] : null;
      const exchange = block.slice(k + 1, k + 3).find((l) => EXCHANGE.test(l) && !SYMBOL.test(l)) ?? null;
      if (!exchange) continue;
      out.push(`${title}${symbol ? `, trading symbol ${symbol},` : ""} is registered on the ${exchange.replace(/\.$/, "")} [${i + 1}].`);
    }
    if (out.length) return out;
  }
  return null;
}
