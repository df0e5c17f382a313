// A total or an average of one line item over years the statement names: "combined net income for 2017 and
// 2018 was $10,207 million", "net sales averaged $32,211 million a year over 2017 and 2018". Such a figure is
// stated by no source; at best it was "computable" from the two levels, and a wrong one was merely
// unsupported. It is worked out from the one level a source gives the figure's item for each year the span
// names: equal within the rounding of the figures as written it is carried; another value is contradicted,
// naming the levels. Only where one source gives exactly one value of the item for every year of the span.
import type { FigureInContext, ReadText } from "./context";
import type { FigureCheck } from "./compare";
import { roundingOf } from "./values";
import { levelRounding, levelValue } from "./level-values";
import { label, written } from "./labels";
import { amountText, MAX_LEVEL_READS, periodText, sentenceAround } from "./level-changes";
import { FIGURES_PER_STEP } from "./steps";
import { contentStems } from "./text";
import { yearLevel } from "./bare-changes";

// "combined", "together", "in total", "a total of", "cumulative", "aggregate": a sum over the years named.
const TOTAL = /\b(?:combined|together|in\s+total|a\s+total\s+of|totall?ed|sum|cumulative(?:ly)?|aggregate(?:d)?)\b/i;
// "averaged", "an average of", "on average": the mean of the years' levels.
const AVERAGE = /\b(?:averag(?:e|ed|ing)|mean)\b/i;
// "for 2017 and 2018", "over 2016-2018", "from 2016 through 2018", "between fiscal 2021 and 2023", "in 2017 and 2018 combined".
const YEAR_SPAN =
  /\b(?:for|over|in|across|during|between|from)\s+(?:(?:the\s+)?(?:fiscal\s+)?(?:years?\s+)?)((?:19|20)\d\d)\s{0,3}(?:(,\s{1,3}and|and|&)|(to|through|thru|-|–))\s{0,3}(?:fiscal\s+)?((?:19|20)\d\d)\b/i;
/** Years a span may name (a decade at most). */
const MAX_SPAN_YEARS = 10;
/** The cue words as an item's stems: "combined net income" is the net income row's item. */
const CUE_STEMS = new Set(contentStems("combined together total totaled totalled sum cumulative cumulatively aggregate aggregated average averaged averaging mean annual annually year yearly"));
/** Kinds a total or an average is read of: money and counts. */
const LEVEL_KINDS = new Set(["amount", "number"]);

/** The years a sentence's span names ("2017 and 2018": both; "2016-2018": every year of it), or null. */
function spanYears(sentence: string): number[] | null {
  const m = YEAR_SPAN.exec(sentence);
  if (!m) return null;
  const [from, to] = [Number(m[1]), Number(m[4])];
  if (to <= from || to - from >= MAX_SPAN_YEARS) return null;
  if (m[2]) return [from, to];
  return Array.from({ length: to - from + 1 }, (_, k) => from + k);
}

/**
 * Reads each unmatched amount of a sentence that names a total or an average over a span of years against
 * the levels above (at most MAX_LEVEL_READS a statement), a turn every FIGURES_PER_STEP figures.
 */
export function* levelSums(checks: FigureCheck[], sources: ReadText[], statement: string, known: ReadonlySet<string>): Generator<void, void, void> {
  // A statement with no total or average word, or no span of years, has none to read.
  if ((!TOTAL.test(statement) && !AVERAGE.test(statement)) || !YEAR_SPAN.test(statement)) return;
  let reads = 0;
  for (const [k, c] of checks.entries()) {
    if (k > 0 && k % FIGURES_PER_STEP === 0) yield;
    const f = c.figure;
    if ((c.status !== "unmatched" && c.status !== "contradicted") || f.change || f.index < 0 || f.scale === null || !LEVEL_KINDS.has(f.kind) || f.negative) continue;
    const sentence = sentenceAround(statement, f);
    const average = AVERAGE.test(sentence);
    if (!average && !TOTAL.test(sentence)) continue;
    const years = spanYears(sentence);
    // "totaled $94,531 million over 2016-2018": a figure dated by the span's first year and read against that
    // year's level alone is the span's total, read here instead.
    if (!years || (c.status === "contradicted" && (f.year === null || !years.includes(f.year))) || ++reads > MAX_LEVEL_READS) continue;
    const item = { ...f, item: f.item.filter((w) => !CUE_STEMS.has(w)) };
    // "for fiscal 2021 and fiscal 2022": fiscal years, which a source's columns may date by the calendar year after.
    const fiscal = /\b(?:fiscal|fy)\b/i.test(sentence);
    if (!item.item.length) continue;
    for (const [i, read] of sources.entries()) {
      const levels = years.map((y) => yearLevel(item, read, y, known, fiscal));
      if (levels.some((x) => x === null)) continue;
      const found = levels as FigureInContext[];
      const total = found.reduce((sum, x) => sum + levelValue(x), 0);
      const target = average ? total / found.length : total;
      const error = found.reduce((sum, x) => sum + levelRounding(x), 0) / (average ? found.length : 1);
      c.source = i;
      c.by = found[found.length - 1];
      if (Math.abs(target - f.value) <= roundingOf(f) + error + 1e-9 * f.value) {
        c.status = "carried";
        c.note = "";
        break;
      }
      c.status = "contradicted";
      const each = found.map((x) => `${written(x)} for ${periodText(x)}`);
      const given = each.length > 1 ? `${each.slice(0, -1).join(", ")} and ${each[each.length - 1]}` : each[0];
      c.note = `The source gives ${label(found[0])} as ${given}: ${average ? "an average of " : ""}${amountText(target, f)}${average ? "" : " together"}, not ${f.raw}.`;
      break;
    }
  }
}
