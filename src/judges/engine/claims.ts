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

// "it is not possible to calculate ...", "we cannot determine ...": the answer itself gives up.
const GIVES_UP =
  /\b(not\s+possible\s+to\s+(calculate|determine|answer|say|assess|compute|provide|know)|cannot\s+(be\s+)?(calculate|determine|answer|assess|compute|provide)d?|can(no|')t\s+(calculate|determine|answer|provide)|unable\s+to\s+(calculate|determine|answer|provide))\b/i;
// "Therefore, the answer is 0.", "so the quick ratio is 0.96": a conclusion that answers after all.
const CONCLUDES = /^(therefore|thus|hence|so|in conclusion|as a result|the answer is)\b[^.]*\b(is|are|was|were|would be|of)\b/i;

const NOT_USEFUL_Q = /\bif\b[^.?]*\bnot\b[^.?]*\b(useful|relevant|meaningful|applicable)\b/i;
const NOT_USEFUL_A = /\bnot\s+(typically\s+|generally\s+|usually\s+|particularly\s+|a\s+|the\s+most\s+|very\s+)*(a\s+)?(relevant|useful|meaningful|applicable|appropriate)\b/i;

function offersFigure(s: string): boolean {
  return quantities(s).some((q) => !(q.mantissa < 10 && q.decimals === 0 && !q.percent && !q.currency && q.scale === 1)) || /\bthe answer is\b/i.test(s);
}

/**
 * A refusal declines the question itself: a sentence says the information is missing (the opening one)
 * or that the asked figure cannot be computed (any one), and nothing after it offers a figure or a
 * conclusion to answer with. "The passage does not state X. However, Y is $5 million" is an answer with
 * a caveat; "... does not state X. However, it mentions that Z" (no figure) is still a refusal, and so
 * is an answer that lists the passage's figures and then concludes that the question cannot be answered.
 */
export function detectRefusal(answer: string, query = ""): RefusalReading {
  const ss = sentences(answer);
  if (ss.length === 0) return { refusal: false, sentence: null };
  const declines = (s: string) => DECLINE.test(s) && (EVIDENCE_WORDS.test(s) || GIVES_UP.test(s));
  let at = declines(ss[0]) ? 0 : -1;
  if (at < 0) at = ss.findIndex((s) => GIVES_UP.test(s) && !/\b(precisely|exactly|with certainty|without (more|additional|further))\b/i.test(s));
  if (at < 0) return { refusal: false, sentence: null };
  const sentence = ss[at];
  // An answer that goes on to give a figure or a conclusion answers with a caveat.
  const after = ss.slice(at + 1).filter((s) => !declines(s) && !GIVES_UP.test(s));
  // "If gross margin is not a useful metric, state that and explain why": saying so is the answer.
  const offersNotUseful = NOT_USEFUL_Q.test(query) && after.some((s) => NOT_USEFUL_A.test(s));
  const answers = offersNotUseful || after.some((s) => offersFigure(s) || (CONCLUDES.test(s) && !/\b(not|no)\b/i.test(s) && offersFigure(s)));
  // Figures before a late "cannot be calculated" are the passage's context, not an answer, unless the
  // answer computed a result of its own (an "=" step) before hedging.
  const computedBefore = at > 0 && ss.slice(0, at).some((s) => /=\s*\(?-?\$?\d/.test(s));
  return { refusal: !answers && !computedBefore, sentence };
}
