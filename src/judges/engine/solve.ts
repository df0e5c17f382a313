// The answer against an independent recomputation (figures/recompute.ts): when the question asks for a
// financial metric, the engine computes it from the statement tables of the sources and checks the answer's
// figures and conclusion against it. A derivation can use only figures that are in the passage and still be wrong.
import { isBareSmall, quantities, type Quantity } from "../../figures/numbers";
import type { Figure } from "../../figures/figure-types";
import { recompute, type Recomputation } from "../../figures/recompute";
import { sentences } from "../../figures/text";
import { yearsIn } from "../../figures/formula";
import { questionText } from "../../figures/question-text";

// ---- The answer against the recomputed figure.

export interface RecomputationCheck {
  status: "match" | "mismatch" | "none";
  recomputation: Recomputation | null;
  note: string;
}

function matches(q: Quantity, expected: number, unit: Recomputation["unit"]): boolean {
  const forms = unit === "ratio" ? [expected, expected * 100, expected / 100] : [expected, expected * 1e3, expected * 1e6, expected * 1e9];
  const written = q.percent ? q.mantissa : q.value;
  const precision = 0.5 * 10 ** -q.decimals * (q.percent ? 1 : q.scale);
  return forms.some((f) => Math.abs(Math.abs(written) - Math.abs(f)) <= Math.max(precision * 1.01, 0.015 * Math.abs(f)) && f !== 0);
}

/** Whether a figure read in context states the recomputed value (as `matches` reads an answer's quantity). */
export function statesRecomputation(r: Recomputation, f: Figure): boolean {
  const percent = f.kind === "percent";
  return matches({ percent, mantissa: f.mantissa, value: f.kind === "percent" ? f.mantissa : f.scale === null ? f.mantissa : f.value, decimals: f.decimals, scale: f.scale ?? 1 } as Quantity, r.value, r.unit);
}

// ---- Direction and sign: "Has the quick ratio improved between FY2022 and FY2023?", "Does X have an
// improving gross margin profile as of FY2022?", "Does X have positive working capital?"

const UP = /\b(improv(?:e|ed|es|ing|ement)|increas(?:e|ed|es|ing)|expand(?:ed|ing)|grew|grow(?:n|s|ing|th)?|higher|rose|risen)\b/i;
const DOWN = /\b(declin(?:e|ed|es|ing)|decreas(?:e|ed|es|ing)|deteriorat\w*|contract(?:ed|ing)|fell|fallen|lower|drop(?:ped|s)?|worsen\w*|shrank|weaken\w*)\b/i;
const NEGATED = /\b(not|no|never|n't|neither|nor)\b[^.;,]{0,30}$/i;
const CONCLUSION = /^(therefore|thus|hence|so|overall|in conclusion|in summary|to summari[sz]e|based on (this|these|the above))\b/i;

/** Which way the answer says the metric moved, from its concluding sentence or its first one that says. */
function stanceOf(answer: string): "up" | "down" | null {
  const parts = sentences(answer);
  // The last movement word of a sentence carries its conclusion ("improved from 2020 to 2021 but saw a
  // slight decrease in 2022" says down), turned round by a negation just before it.
  const read = (t: string): "up" | "down" | null => {
    const words = [...t.matchAll(new RegExp(`${UP.source}|${DOWN.source}`, "gi"))];
    const last = words[words.length - 1];
    if (!last || last.index === undefined) return null;
    let way: "up" | "down" = UP.test(last[0]) ? "up" : "down";
    if (NEGATED.test(t.slice(0, last.index))) way = way === "up" ? "down" : "up";
    return way;
  };
  const concluding = parts.filter((t) => CONCLUSION.test(t)).map(read).filter(Boolean);
  if (concluding.length) return concluding[concluding.length - 1];
  for (const t of parts) {
    const way = read(t);
    if (way) return way;
  }
  return null;
}

/** "Yes"/"No" of an answer to a yes/no question about a sign ("positive working capital"). */
function signStanceOf(answer: string): boolean | null {
  const head = answer.trim().slice(0, 200);
  if (/^(yes)\b/i.test(head)) return true;
  if (/^(no)\b/i.test(head)) return false;
  if (/\bnegative working capital\b|\bdoes not have (a )?positive\b/i.test(answer)) return false;
  if (/\b(has|have|had) (a )?positive\b/i.test(answer)) return true;
  return null;
}

function directionCheck(query: string, r: Recomputation, answer: string): "agrees" | "disagrees" | null {
  if (/\bpositive\b/i.test(query) && /^\s*(does|is|was|did)\b/i.test(query)) {
    const said = signStanceOf(answer);
    return said === null || r.value === 0 ? null : said === r.value > 0 ? "agrees" : "disagrees";
  }
  if (!r.earlier || r.earlier.value === r.value) return null;
  // Only metrics where up is up: margins, ratios, rates and amounts; a 0.5% relative move is no move.
  if (Math.abs(r.value - r.earlier.value) <= 0.005 * Math.abs(r.earlier.value)) return null;
  const said = stanceOf(answer);
  if (!said) return null;
  const actual = r.value > r.earlier.value ? "up" : "down";
  return said === actual ? "agrees" : "disagrees";
}

function answerFigures(r: Recomputation, text: string): Quantity[] {
  // Bare small integers (note numbers, counts) prove nothing, unless the metric itself is that small.
  return quantities(text).filter((q) => !isBareSmall(q) || r.value < 10);
}

/**
 * Whether the text works from the same statement figures as the recomputation (it states at least one of
 * its inputs). Only then does a different result mean the text is wrong: when the inputs differ, the engine
 * may have read another line or column than the one meant, and nothing is concluded.
 */
function sameInputs(r: Recomputation, figures: Quantity[]): boolean {
  return r.operands.some((o) => o.value !== 0 && figures.some((q) => matches(q, o.value, "amount")));
}

/**
 * A standard metric (one way to compute it) asked for one year as it stands, not as a change or a
 * comparison ("What was Ulta's current ratio at the end of fiscal 2022?"): a figure the answer gives for it
 * is read against the recomputation even when the answer states none of its inputs.
 */
export function levelAsked(query: string, r: Recomputation): boolean {
  return r.basis === "standard" && !r.earlier && !r.years && new Set(yearsIn(questionText(query))).size === 1;
}

/** Whether a sentence of the answer names the metric with a figure: one it gives for it (an answer that leaves it out gives none). */
function givesMetric(r: Recomputation, answer: string): boolean {
  const name = r.metric.toLowerCase();
  return sentences(answer).some((s) => s.toLowerCase().includes(name) && answerFigures(r, s).length > 0);
}

/**
 * Whether a text (an answer, or one claim of it) states the recomputed figure. A different figure is a
 * mismatch when the text works from the same statement figures, or with `level` (levelAsked).
 */
export function compareToRecomputed(r: Recomputation, text: string, figures = answerFigures(r, text), level = false): RecomputationCheck {
  if (!figures.length) return { status: "none", recomputation: r, note: "" };
  const shown = Number(r.value.toPrecision(4));
  if (figures.some((q) => matches(q, r.value, r.unit))) {
    return { status: "match", recomputation: r, note: `Recomputed ${r.metric} for ${r.year} from the sources: ${shown}; the answer states it.` };
  }
  const same = sameInputs(r, figures);
  if (!same && !level) return { status: "none", recomputation: r, note: "" };
  return { status: "mismatch", recomputation: r, note: `Recomputed ${r.metric} for ${r.year} from the sources: ${shown}; ${same ? "the answer uses the same statement figures but no figure of it matches" : "the answer gives it another value"}.` };
}

export function checkRecomputation(query: string, answer: string, passages: string[]): RecomputationCheck {
  const r = recompute(query, passages);
  if (!r) return { status: "none", recomputation: null, note: "" };
  const figuresOfAnswer = answerFigures(r, answer);
  const figures = compareToRecomputed(r, answer, figuresOfAnswer, levelAsked(query, r) && givesMetric(r, answer));
  // The direction or sign the answer concludes, against the recomputed values: a figure can match and the
  // conclusion still be the wrong way round.
  const sameNumbers = () => sameInputs(r, figuresOfAnswer) || figuresOfAnswer.some((q) => matches(q, r.value, r.unit) || (r.earlier !== undefined && matches(q, r.earlier.value, r.unit)));
  if (directionCheck(query, r, answer) === "disagrees" && sameNumbers()) {
    const was = r.earlier ? ` (${Number(r.earlier.value.toPrecision(4))} for ${r.earlier.year})` : "";
    return { status: "mismatch", recomputation: r, note: `Recomputed ${r.metric} for ${r.year} from the sources: ${Number(r.value.toPrecision(4))}${was}; the answer's conclusion goes the other way.` };
  }
  return figures;
}
