// Claims of an answer: its sentences split into checkable statements, which of them are material
// (figures, dates, named entities, causal statements), and whether the answer is a refusal (it declines
// to answer because the information is missing) rather than an answer.
import { namedEntities, sentences, stemSet } from "../../figures/text";
import { periods, quantities } from "../../figures/numbers";
import { runSteps, turnAfterChars } from "../../figures/steps";
import { continuedYear, givenYear, headingYears, type HeadingYear } from "../../figures/headings";

export interface ExtractedClaim {
  text: string;
  material: boolean;
  kind: "figure" | "date" | "entity" | "causal" | "other";
  /**
   * The year the claim takes from its context when it names no period of its own: the heading line it is
   * under ("In fiscal year 2022:" over a list of items), or the sentence before it on its line that it refers
   * back to ("... in 2022. This was impacted by ..."); null when none.
   */
  period: HeadingYear | null;
}

const CAUSAL = /\b(because|due to|driven by|as a result|resulted in|caused|led to|attributable to|owing to|thanks to|primarily from|reflect(?:s|ed|ing)?)\b/i;
const HEDGE_ONLY = /^(to (answer|determine|calculate|assess)|the (quick|current|inventory|interest)[\w\s]* ratio is (a measure|calculated)|it is (calculated|computed) as|we need to|let'?s|here are|in summary|therefore,? (the answer|we)|formula)/i;

/** Sentences as claims; headings, formulas and method descriptions are kept but not material. */
export function extractClaims(answer: string): ExtractedClaim[] {
  return runSteps(extractClaimsSteps(answer));
}

/** Sentences extractClaimsSteps reads between two turnAfter calls (weighed by their characters). */
export const SENTENCES_PER_STEP = 32;

/**
 * extractClaims in steps: it calls turnAfter after every SENTENCES_PER_STEP sentences read, so a caller
 * sharing its isolate with requests can give the event loop a turn there (see src/figures/steps.ts). With `max`, it
 * stops once it has that many claims: the same claims as extractClaims(answer).slice(0, max).
 */
export function* extractClaimsSteps(answer: string, max = Infinity): Generator<void, ExtractedClaim[], void> {
  const out: ExtractedClaim[] = [];
  const all = sentences(answer);
  const headingAt = headingYears(answer);
  yield* turnAfterChars(answer.length);
  let offset = 0;
  /** Characters of the sentences read since the last turnAfter. */
  let readSinceTurn = 0;
  // The year the sentence before gives (its own, or the one it took), while on the same line.
  let before: HeadingYear | null = null;
  for (let i = 0; i < all.length && out.length < max; i++) {
    if (i > 0 && i % SENTENCES_PER_STEP === 0) {
      yield* turnAfterChars(readSinceTurn);
      readSinceTurn = 0;
    }
    readSinceTurn += all[i].length;
    const from = offset;
    const at = answer.indexOf(all[i], offset);
    if (at >= 0) offset = at + all[i].length;
    const sameLine = at >= 0 && i > 0 && !answer.slice(from, at).includes("\n");
    const text = all[i].replace(/^(?:[-*•]\s+|\d{1,2}[.)]\s+)/, "").trim();
    const period: HeadingYear | null = continuedYear(text, sameLine ? before : null) ?? (at >= 0 ? headingAt(at) : null);
    before = givenYear(text, period);
    if (text.length < 3 || /^[#*]+/.test(text)) continue;
    const hasFigure = quantities(text).length > 0;
    const hasDate = periods(text).length > 0;
    const hasEntity = namedEntities(text).length > 0;
    const causal = CAUSAL.test(text);
    const method = HEDGE_ONLY.test(text) || /^[^=]*=[^=]*$/.test(text) && !hasFigure;
    const kind = hasFigure ? "figure" : causal ? "causal" : hasDate ? "date" : hasEntity ? "entity" : "other";
    const size = stemSet(text).size;
    const material = !method && ((kind !== "other" && size >= 2) || size >= 4);
    out.push({ text, material, kind, period });
  }
  return out;
}

// The sources lack it: "The document does not provide ...", "there is no specific mention of ...".
const DECLINE =
  /\b((does|do|did)\s?n[o']t\s+(explicitly\s+|specifically\s+|directly\s+)?(provide|contain|include|mention|state|specify|give|disclose|outline)|(is|are)\s+not\s+(readily\s+|directly\s+|explicitly\s+|specifically\s+)?(provided|specified|available|given|included|mentioned|disclosed|stated)|not\s+possible\s+to\s+(calculate|determine|answer|say|assess|compute)|cannot\s+(be\s+)?(calculate|determine|answer|assess|compute)d?|can(no|')t\s+(calculate|determine|answer)|(insufficient|not enough)\s+(information|data|detail)|unable\s+to\s+(calculate|determine|answer)|no\s+(specific\s+)?information\s+(on|about|regarding)|there\s+(is|are)\s+no\s+(direct\s+|explicit\s+|specific\s+|relevant\s+)*(information|data|mention|details?|figures?|evidence)\b)/i;

const EVIDENCE_WORDS = /\b(text|document|evidence|filing|context|information|data|statement|excerpt|report|passage)s?\b/i;

// The answerer lacks it: "As an AI, I don't have real-time data", "I'm sorry, but you haven't provided ...".
const LACKS =
  /\b(I\s+(do\s+not|don't|did\s+not|didn't)\s+(have|see|find|know)|(do\s+not|don't)\s+have\s+(real-time\s+|direct\s+)?access|you\s+have(n't|\s+not)\s+provided|(has|have)\s+not\s+been\s+provided|as\s+an\s+AI\b|I\s+apologi[sz]e|I'm\s+sorry)/i;

export interface RefusalReading {
  refusal: boolean;
  /** The sentence that declines, when one does. */
  sentence: string | null;
}

// "it is not possible to calculate ...", "we cannot determine ...": the answer itself gives up.
const GIVES_UP =
  /\b(not\s+possible\s+to\s+((directly|definitively|accurately|precisely)\s+)?(calculate|determine|answer|say|assess|compute|provide|know)|cannot\s+((directly|definitively|accurately)\s+)?(be\s+)?(calculate|determine|answer|assess|compute|provide)d?|can(no|')t\s+(calculate|determine|answer|provide)|unable\s+to\s+(calculate|determine|answer|provide)|I\s+don't\s+know)\b/i;
// "Therefore, the answer is 0.", "so the quick ratio is 0.96": a conclusion that answers after all.
const CONCLUDES = /^(therefore|thus|hence|so|in conclusion|as a result|the answer is)\b[^.]*\b(is|are|was|were|would be|of)\b/i;
// "... is 0", "... are $0": an explicit nil, which the bare-small-number rule would otherwise drop.
const STATES_NIL = /\b(is|are|was|were|be|of)\s+\$?0(\.0+)?\b(?!\.\d)/i;
// Method, not result: a formula, how one would compute it, what the reader could do.
const METHOD =
  /=|\b(formula|calculated\s+(by|as|using)|is\s+computed|you\s+(can|could|would|should|may)|we\s+would\s+need|would\s+need\s+to)\b|^(if|multiply|divide|subtract|add|calculate|compute|look|find|check|visit|search|refer)\b/i;

const NOT_USEFUL_Q = /\bif\b[^.?]*\bnot\b[^.?]*\b(useful|relevant|meaningful|applicable)\b/i;
const NOT_USEFUL_A = /\bnot\s+(be\s+|typically\s+|generally\s+|usually\s+|particularly\s+|a\s+|the\s+most\s+|very\s+|always\s+)*(a\s+)?(relevant|useful|meaningful|applicable|appropriate)\b/i;

// "Has PepsiCo reported any material legal battles?": the filing not reporting any is the answer (no).
const ASKS_IF_REPORTED = /^(has|have|does|do|did|was|were)\b[^?]*\b(report|disclose|mention|outline|announce)(s|d|ed)?\b/i;
// "The text provided has been cut off", "the context only mentions ...": the material, not the filing, is short.
const MATERIAL_SHORT = /\b(cut\s+off|ends\s+abruptly|incomplete|truncated|only\s+(includes?|covers?|contains?|provides?|mentions?|lists?|discusses)|relates?\s+to\s+a\s+different|(latest|only)\s+(data|information)\s+(available|provided))\b/i;

function offersFigure(sentence: string): boolean {
  const s = sentence.replace(/^(?:[-*•]\s+|\d{1,2}[.)]\s+)/, "");
  if (METHOD.test(s)) return false;
  return quantities(s).some((q) => !(q.mantissa < 10 && q.decimals === 0 && !q.percent && !q.currency && q.scale === 1)) || /\bthe answer is\b/i.test(s) || STATES_NIL.test(s);
}

/**
 * A refusal declines the question itself: a sentence says the information is missing from the sources or
 * that the answerer has no access to it (the opening one), or that the asked figure cannot be computed
 * (any one), and nothing after it offers a figure or a conclusion to answer with. "The passage does not
 * state X. However, Y is $5 million" is an answer with a caveat; "... does not state X. However, it
 * mentions that Z" (no figure) is still a refusal, and so is an answer that lists the passage's figures
 * and then concludes that the question cannot be answered. Asked whether the company reported something,
 * "the filing does not mention any" is the answer.
 */
export function detectRefusal(answer: string, query = ""): RefusalReading {
  const ss = sentences(answer);
  if (ss.length === 0) return { refusal: false, sentence: null };
  const declines = (s: string) => (DECLINE.test(s) && (EVIDENCE_WORDS.test(s) || GIVES_UP.test(s))) || LACKS.test(s);
  // "Without additional information it is not possible to say exactly ...": a caveat, not giving up.
  const givesUp = (s: string) => GIVES_UP.test(s) && !/\b(precisely|exactly|with certainty|without (more|additional|further))\b/i.test(s);
  let at = declines(ss[0]) ? 0 : -1;
  if (at < 0) at = ss.findIndex(givesUp);
  if (at < 0) return { refusal: false, sentence: null };
  const sentence = ss[at];
  // An answer that goes on to give a figure or a conclusion answers with a caveat.
  const after = ss.slice(at + 1).filter((s) => !declines(s) && !GIVES_UP.test(s));
  // "If gross margin is not a useful metric, state that and explain why": saying so is the answer.
  // Said anywhere, but as a statement: "if it is not relevant, it could be ..." only restates the question.
  const offersNotUseful = NOT_USEFUL_Q.test(query) && ss.some((s) => NOT_USEFUL_A.test(s) && !/\bif\b/i.test(s));
  const answers = offersNotUseful || after.some((s) => offersFigure(s) || (CONCLUDES.test(s) && !/\b(not|no)\b/i.test(s) && offersFigure(s)));
  // Asked whether something was reported, the sources not mentioning any of it answers "no", unless the
  // answer blames the material it was given (cut off, a different period) or its own lack of access.
  const absenceAnswers =
    ASKS_IF_REPORTED.test(query.trim()) && at === 0 && DECLINE.test(sentence) && !ss.some((s) => givesUp(s) || LACKS.test(s) || MATERIAL_SHORT.test(s));
  // Figures before a late "cannot be calculated" are the passage's context, not an answer, unless the
  // answer computed a result of its own (an "=" step) before hedging.
  const computedBefore = at > 0 && ss.slice(0, at).some((s) => /=\s*\(?-?\$?\d/.test(s));
  return { refusal: !answers && !absenceAnswers && !computedBefore, sentence };
}
