// A change said without its level: "3M's net sales grew 8.5% in 2018", "net income rose by $691 million in
// 2018". No level beside it is carried (level-changes.ts reads those), so a wrong change was merely "neither
// stated nor computable". It is read against the one level a source gives its item for the change's year and
// for the year it is measured from (named after "from", "than", "compared with", "over", else the year
// before): the levels' change (relative for a percentage, the difference for an amount, within the rounding of
// the figures as written) going the same way is carried; another is contradicted, naming both levels. Whole
// years only; organic, adjusted, multi-year and other measures are left as read.
import type { FigureInContext, ReadText } from "./context";
import { sameItem, type FigureCheck } from "./compare";
import { candidates } from "./figure-index";
import { halfUnit, kindsMatch, roundingOf } from "./values";
import { levelRounding, levelValue, theOneValue } from "./level-values";
import { label, written } from "./labels";
import { amountText, MAX_LEVEL_READS, OTHER_MEASURE, percentText, periodText, POINTS, sentenceAround, SEVERAL_PERIODS } from "./level-changes";
import { FIGURES_PER_STEP } from "./steps";
import { BASE_YEAR } from "./clause-words";
import { samePeriod } from "./same-period";

/** Kinds of the levels a change is worked out from. */
const LEVEL_KINDS = new Set(["amount", "number", "per_share"]);

/**
 * The one level a source gives f's item for a whole year (or null: none, or several values): a whole year's
 * figure, or a column the source's words place in that year (same-period.ts; fiscal where f or the caller says
 * so). A percentage's levels are of any amount kind; an amount's of its own kind, at a stated scale. Shared
 * with level-sums.ts.
 */
export function yearLevel(f: FigureInContext, read: ReadText, year: number, known: ReadonlySet<string>, fiscal = false): FigureInContext | null {
  const whole: FigureInContext = { ...f, year, altYear: null, part: null, wholeYear: true, change: false, ...(fiscal ? { fiscal: true } : {}) };
  const found = candidates({ ...f, year, altYear: null }, read).filter(
    (x) =>
      !x.change &&
      !x.bound &&
      (x.part === null ? x.year === year : samePeriod(whole, x) === true) &&
      LEVEL_KINDS.has(x.kind) &&
      (f.kind === "percent" || (kindsMatch(x, f) && x.scale !== null)) &&
      sameItem({ ...f, kind: x.kind, change: false }, x, known),
  );
  return theOneValue(found);
}

/** Reads each unmatched change of a whole year against its item's two levels (at most MAX_LEVEL_READS a statement). */
export function* bareChanges(checks: FigureCheck[], sources: ReadText[], statement: string, known: ReadonlySet<string>): Generator<void, void, void> {
  let reads = 0;
  for (const [k, c] of checks.entries()) {
    if (k > 0 && k % FIGURES_PER_STEP === 0) yield;
    const g = c.figure;
    if (c.status !== "unmatched" || !g.change || g.year === null || g.part !== null || g.index < 0 || !g.said) continue;
    // A relative change ("8.5%"), or an amount's ("by $691 million"); not points (a rate's: level-changes.ts).
    if (!(g.kind === "percent" && !POINTS.test(g.raw)) && !(g.kind === "amount" && g.scale !== null)) continue;
    const sentence = sentenceAround(statement, g);
    if (OTHER_MEASURE.test(sentence) || SEVERAL_PERIODS.test(sentence)) continue;
    const named = BASE_YEAR.exec(statement.slice(g.index, g.index + 80));
    const fromYear = named ? Number(named[1]) : g.year - 1;
    if (fromYear >= g.year || ++reads > MAX_LEVEL_READS) continue;
    for (const [i, read] of sources.entries()) {
      const s = yearLevel(g, read, g.year, known);
      const p = s && yearLevel(g, read, fromYear, known);
      if (!s || !p || (s.scale === null) !== (p.scale === null)) continue;
      const [to, from] = s.negative && p.negative ? [-levelValue(s), -levelValue(p)] : [levelValue(s), levelValue(p)];
      if (from === 0) break;
      const diff = to - from;
      const error = levelRounding(s) + levelRounding(p);
      const relative = (diff / Math.abs(from)) * 100;
      const same =
        g.kind === "percent"
          ? Math.abs(Math.abs(relative) - g.mantissa) <= halfUnit(g) + (100 * error) / Math.abs(from) + 1e-9
          : s.scale !== null && Math.abs(Math.abs(diff) - g.value) <= roundingOf(g) + error + 1e-9 * g.value;
      const wrongWay = diff !== 0 && Math.sign(diff) !== g.said;
      c.source = i;
      c.by = s;
      if (same && !wrongWay) {
        c.status = "carried";
        break;
      }
      c.status = "contradicted";
      const way = diff < 0 ? "a decline" : "a rise";
      const worked = g.kind === "percent" ? `${way} of ${percentText(relative)}` : `${way} of ${amountText(diff, g)}`;
      c.note = `The source gives ${label(p)} as ${written(p)} for ${periodText(p)} and ${written(s)} for ${periodText(s)}: ${worked}, not ${wrongWay && same ? "the other way" : g.raw}.`;
      break;
    }
  }
}
