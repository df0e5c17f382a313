// A figure in a comparison clause: "Net sales were $10,208.6 million in 2022, compared with $8,630.9
// million", "up from $8,630.9 million", "down 7.1% from $9,569 million a year earlier", "versus $Y", "against
// $Y", "the prior year's $Y". Such a figure is the comparison period's value, not its sentence's: with no year
// of its own it does not take the sentence's (or the question's) year. Where the clause says which period it
// is ("a year earlier", "the prior year", "year-ago", "last year") it is the period one year before its
// sentence's (the same part of the year); otherwise it is left undated, matched by value and line item only.
// A figure in such a clause that states its own year keeps it (context.ts reads that first).

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
