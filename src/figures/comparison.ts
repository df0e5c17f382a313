// A figure in a comparison clause: "Net sales were $10,208.6 million in 2022, compared with $8,630.9
// million", "up from $8,630.9 million", "down 7.1% from $9,569 million a year earlier", "versus $Y", "against
// $Y", "the prior year's $Y". Such a figure is the comparison period's value, not its sentence's: with no year
// of its own it does not take the sentence's (or the question's) year. Where the clause says which period it
// is ("a year earlier", "the prior year", "year-ago", "last year") it is the period one year before its
// sentence's (the same part of the year); otherwise it is left undated, matched by value and line item only.
// A figure in such a clause that states its own year keeps it (context.ts reads that first).

import type { FigureInContext } from "./figure-types";

/** How a figure stands in its sentence: the comparison's value, and whether its period is the year before. */
export interface ComparedReading {
  /** The period is one year before the sentence's ("a year earlier", "the prior year's $Y"). */
  yearBefore: boolean;
  /**
   * The year before is named right before the figure ("the prior year's 3.6% growth"): it is that figure's own
   * period, a change's too; named after it ("up 5% from the prior year") it is only a level's.
   */
  namedBefore?: boolean;
}

// The words right before the figure that open a comparison: "compared with", "compared to", "versus", "vs.",
// "against", "compared to an increase of", "up from", "down 7.1% from", "increased from", "as against". A bare "from" after a change word
// only ("rose 5% from $X"), or after "up"/"down"; not "proceeds from". Bounded, linear-time patterns.
const COMPARE_BEFORE = /(?:\bcompared\s+(?:with|to)|\bcomparison\s+(?:with|to)|\bversus|\bvs\.?|\bagainst)\s+(?:(?:the|a|an)\s+)?(?:(?:increase|decrease|decline|growth|rise|drop)\s+of\s+)?(?:\$\s?)?$/i;
const FROM_BEFORE = /\b(?:up|down|increas\w{0,4}|decreas\w{0,4}|declin\w{0,4}|grew|grow\w{0,3}|rose|risen|fell|fallen|dropp?\w{0,3}|climb\w{0,3}|jump\w{0,3}|improv\w{0,4}|rais\w{0,3}|reduc\w{0,4}|gain\w{0,3}|higher|lower)\b[^.;$]{0,40}?\bfrom\s+(?:(?:the|a|an)\s+)?(?:\$\s?)?$/i;
// "to $10.2 billion from $8.6 billion": "from" right after the previous figure.
const FROM_LEVEL = /^[\s,]*from\s+(?:\$\s?)?$/i;
// "the prior year's $Y", "last year's $Y", "the year-ago $Y", "the prior-year figure of $Y": named right before.
const PRIOR_BEFORE = /\b(?:(?:prior|previous|preceding|last)[\s-](?:fiscal\s+)?year(?:['’]s)?|year[\s-]ago|year[\s-]earlier)\s+(?:(?:period|quarter|level|figure|amount|total|value)\s+(?:of\s+)?)?(?:\$\s?)?$/i;
// "$Y a year earlier", "$Y in the prior year", "$Y in the year-ago quarter", "$Y last year", "$Y in the same
// quarter last year", "$Y for the prior-year period": named right after.
const PRIOR_AFTER =
  /^(?:\s*(?:million|billion|thousand))?(?:\s*,)?\s*(?:(?:in|for|during|of|from)\s+)?(?:the\s+)?(?:same\s+(?:quarter|period)\s+(?:of\s+)?)?(?:a\s+year\s+(?:earlier|ago|before)|(?:prior|previous|preceding|last)[\s-](?:fiscal\s+)?year\b|year[\s-]ago\b|year[\s-]earlier\b|last\s+year\b)/i;

/**
 * Whether a figure stands in a comparison clause, from the words since the previous figure of its sentence
 * (before) and the words after it up to the next figure (after), both bounded by the caller. Null when not.
 */
export function comparedFigure(before: string, after: string): ComparedReading | null {
  // Only the last 80 characters before the figure: a clause opener stands right before it.
  const near = before.slice(-80);
  const namedBefore = PRIOR_BEFORE.test(near);
  const prior = namedBefore || PRIOR_AFTER.test(after.slice(0, 80));
  if (prior || COMPARE_BEFORE.test(near) || FROM_BEFORE.test(near) || FROM_LEVEL.test(near)) return { yearBefore: prior, ...(namedBefore ? { namedBefore } : {}) };
  return null;
}

/**
 * "SG&A expenses increased 17.3% to $762.7 million compared to $650.0 million in the fourth quarter of fiscal
 * 2021": a sentence whose one year is written in its comparison clause (at `yearAt`, after its first figure
 * compared with) gives the figures compared with that year, and its own figures the year after (a
 * year-over-year comparison), each in the part of the year they were read in. So does a comparison with a
 * period alone, after the sentence's figures (at `comparisonAt`). `figures` from `first` are the sentence's,
 * which starts at `base` in their text.
 */
export function comparedYear(figures: FigureInContext[], first: number, base: number, sentenceYears: number[], yearAt: number, comparisonAt = -1): void {
  if (sentenceYears.length !== 1 || yearAt < 0 || first >= figures.length) return;
  const compared = figures.slice(first).find((f) => f.compared);
  // "gross profit of 37.6% was flat compared to the fourth quarter of fiscal 2021": a comparison with a period,
  // no figure of its own, after every figure of the sentence.
  const withPeriod = !compared && comparisonAt > figures[figures.length - 1].index - base && yearAt > comparisonAt;
  if (!withPeriod && (!compared || yearAt < compared.index - base)) return;
  const year = sentenceYears[0];
  for (let k = first; k < figures.length; k++) {
    const f = figures[k];
    if (f.year === null && !f.yearBefore) f.year = f.compared ? year : year + 1;
  }
}
