// What an effect is of: "a negative impact of approximately 3% related to the sale of the Company's three plants
// in Russia" and "a negative impact of approximately 6% related to higher estimated net interest and tax expense"
// are two items, both named "impact" before their figures; the words after each say which. A prose figure whose
// item names an effect (impact, benefit, headwind...) keeps the content words of the cause written after it, and
// two such figures with causes that share no word are not the same figure (compare.ts).
import type { FigureInContext } from "./figure-types";
import { contentStems, stem } from "./text";

/** Names of an effect, whatever it is of: the item a figure's cause completes. */
const EFFECT = new Set(["impact", "benefit", "headwind", "tailwind", "effect", "contribution", "drag", "uplift"].map(stem));

/** The cause after an effect's figure: "related to ...", "from ...", "due to ...". */
const CAUSE = /\b(?:related\s+to|relating\s+to|from|due\s+to|attributable\s+to|resulting\s+from|driven\s+by|associated\s+with|because\s+of|caused\s+by)\s+([^,;:()]{3,120})/i;

/** The content stems of the cause written after a figure whose item names an effect, or undefined. */
export function causeOf(item: readonly string[], after: string): string[] | undefined {
  if (!item.some((w) => EFFECT.has(w))) return undefined;
  const m = CAUSE.exec(after);
  const words = m ? contentStems(m[1]) : [];
  return words.length ? words : undefined;
}

/** Two effects whose causes are both written and share no word: two items under one name. */
export function otherCause(f: FigureInContext, s: FigureInContext): boolean {
  if (!f.cause || !s.cause) return false;
  const theirs = new Set(s.cause);
  return !f.cause.some((w) => theirs.has(w));
}

/** The words of `item` that name an effect ("benefit" of "a partial-year benefit of about"). */
export function effectWords(item: readonly string[]): string[] {
  return item.filter((w) => EFFECT.has(w));
}
