// Claims of an answer: its sentences split into checkable statements, which of them are material
// (figures, dates, named entities, causal statements), and whether the answer is a refusal (it declines
// to answer because the information is missing) rather than an answer.
import { namedEntities, sentences, stemSet } from "./text";
import { periods, quantities } from "./numbers";

export interface ExtractedClaim {
  text: string;
  material: boolean;
  kind: "figure" | "date" | "entity" | "causal" | "other";
}

const CAUSAL = /\b(because|due to|driven by|as a result|resulted in|caused|led to|attributable to|owing to|thanks to|primarily from|reflect(?:s|ed|ing)?)\b/i;
const HEDGE_ONLY = /^(to (answer|determine|calculate|assess)|the (quick|current|inventory|interest)[\w\s]* ratio is (a measure|calculated)|it is (calculated|computed) as|we need to|let'?s|here are|in summary|therefore,? (the answer|we)|formula)/i;

/** Sentences as claims; headings, formulas and method descriptions are kept but not material. */
export function extractClaims(answer: string): ExtractedClaim[] {
  const out: ExtractedClaim[] = [];
  for (const s of sentences(answer)) {
    const text = s.replace(/^(?:[-*•]\s+|\d{1,2}[.)]\s+)/, "").trim();
    if (text.length < 3 || /^[#*]+/.test(text)) continue;
    const hasFigure = quantities(text).length > 0;
    const hasDate = periods(text).length > 0;
    const hasEntity = namedEntities(text).length > 0;
    const causal = CAUSAL.test(text);
    const method = HEDGE_ONLY.test(text) || /^[^=]*=[^=]*$/.test(text) && !hasFigure;
    const kind = hasFigure ? "figure" : causal ? "causal" : hasDate ? "date" : hasEntity ? "entity" : "other";
    const size = stemSet(text).size;
    const material = !method && ((kind !== "other" && size >= 2) || size >= 4);
    out.push({ text, material, kind });
  }
  return out;
}

// "The document does not provide ...", "it is not possible to calculate ...", "I cannot determine ...".
const DECLINE =
  /\b((does|do|did)\s?n[o']t\s+(explicitly\s+|specifically\s+|directly\s+)?(provide|contain|include|mention|state|specify|give|disclose)|(is|are)\s+not\s+(provided|specified|available|given|included|mentioned|disclosed)|not\s+possible\s+to\s+(calculate|determine|answer|say|assess|compute)|cannot\s+(be\s+)?(calculate|determine|answer|assess|compute)d?|can(no|')t\s+(calculate|determine|answer)|(insufficient|not enough)\s+(information|data|detail)|unable\s+to\s+(calculate|determine|answer)|no\s+(specific\s+)?information\s+(on|about|regarding))/i;

const EVIDENCE_WORDS = /\b(text|document|evidence|filing|context|information|data|statement|excerpt|report|passage)s?\b/i;

export interface RefusalReading {
  refusal: boolean;
  /** The sentence that declines, when one does. */
  sentence: string | null;
}

/**
 * A refusal declines the question itself: its opening (or closing) sentence says the information is
 * missing, and what follows brings no figure of its own to answer with.
 */
export function detectRefusal(answer: string): RefusalReading {
  const ss = sentences(answer);
  if (ss.length === 0) return { refusal: false, sentence: null };
  const opening = ss.slice(0, 1);
  const closing = ss.slice(-2);
  const declines = (s: string) => DECLINE.test(s) && (EVIDENCE_WORDS.test(s) || /not possible|cannot|can't|unable/i.test(s));
  const opener = opening.find(declines);
  const closer = closing.find((s) => declines(s) && /not possible|cannot|can't|unable/i.test(s));
  const sentence = opener ?? closer ?? null;
  if (!sentence) return { refusal: false, sentence: null };
  // An answer that goes on to give the asked figures is an answer with a caveat, not a refusal.
  const rest = ss.filter((s) => s !== sentence);
  const substantive = rest.filter((s) => !declines(s) && /^(however|but|that said|nevertheless|instead)\b/i.test(s) && (quantities(s).length > 0 || stemSet(s).size >= 8));
  return { refusal: substantive.length === 0, sentence };
}
