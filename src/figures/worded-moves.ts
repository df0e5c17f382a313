// A move said in words alone: "3M's net sales decreased in 2018 compared with 2017", "net income was lower in
// 2018 than in 2017". Such a clause gives no figure for the figure checks to read, so a wrong direction scored
// like the right one. It is read against the two levels a source gives its item for the clause's year and the
// year before (or the year it names after "than", "compared with", "from"): the other way is contradicted,
// naming both levels. Only where one source gives exactly one value of the item for each year.
import type { FigureInContext, ReadText } from "./context";
import { isItemStem, yearsIn } from "./context";
import type { FigureCheck } from "./compare";
import { coreItemWords } from "./line-items";
import { contentStems } from "./text";
import { figureSentences } from "./prose-lines";
import { label, written } from "./labels";
import { levelValue, theOneValue } from "./level-values";
import { multipleOf, percentText, periodText, SEQUENTIAL } from "./level-changes";
import { BASE_YEAR } from "./clause-words";
import { samePeriod } from "./same-period";
import { partOf, unquarterly } from "./year-part";

// The direction word and what comes before it: "net sales decreased", "net income was lower", "revenue fell".
const MOVE_WORD =
  /\b(increased|rose|grew|climbed|improved|(?:was|were)\s(?:higher|up)|decreased|declined|fell|dropped|(?:was|were)\s(?:lower|down))\b/i;
const DOWN = /^(?:decreased|declined|fell|dropped|(?:was|were)\s(?:lower|down))$/i;
// "net sales were flat", "remained essentially unchanged": no move beyond FLAT_BAND either way.
const FLAT_WORD = /\b((?:was|were|remained|stayed|held|been)\s(?:(?:essentially|roughly|largely|virtually|broadly|relatively)\s)?(?:flat|unchanged|stable|steady))\b/i;
/** The largest relative move "flat" allows. */
const FLAT_BAND = 0.02;
// "net income more than doubled", "nearly halved" (with no level after "to": level-changes.ts reads those).
const MULTIPLE_WORD = /\b((?:more\s+than|over|nearly|almost|about|roughly|approximately)\s+)?(doubled|tripled|quadrupled|halved)\b/i;
// Clauses of a sentence: "net sales increased, and net income also rose", "; while ...".
const CLAUSE_BREAK = /;\s|,\s(?:and|but|while|whereas)\s|\s(?:and|but|while|whereas)\s(?=[a-z\s]{0,40}\b(?:increased|rose|grew|decreased|declined|fell|dropped|was|were)\b)/i;
// A number other than a year's, not part of a name ("3M"): a clause with figures is the figure checks' to read.
const FIGURE = /(?<![\p{L}\d])\d[\d,.]*(?![\p{L}\d])/u;
/** Clauses read per statement at most: bounded work whatever the answer. */
const MAX_CLAUSES = 40;
/** Words that say nothing of the item ("also", the company's own name is in `known`). */
const NOT_ITEM = new Set(["also", "both", "each", "its", "their", "compani", "overal", "total", ...contentStems("fiscal quarter first second third fourth half year month segment")]);

interface Levels {
  from: FigureInContext;
  to: FigureInContext;
}

/** The period a clause names: a year, and the quarter of it where it names one ("in the second quarter of fiscal 2024"). */
interface Period {
  year: number;
  quarter: string | null;
  fiscal: boolean;
}

/** Whether a source figure is for the period: a whole year's prose, or a column same-period.ts places in the year or quarter. */
function isFor(x: FigureInContext, p: Period): boolean {
  if (x.part === null && p.quarter === null) return x.year === p.year;
  if (p.quarter === null) return false;
  const wanted: FigureInContext = { ...x, cell: null, fromTable: false, date: null, year: p.year, altYear: null, part: p.quarter, wholeYear: false, partGuessed: false, partFromQuestion: false, point: undefined, fiscal: p.fiscal };
  return samePeriod(wanted, x) === true;
}

/** The one value a source gives an item (all its core words among the clause's, the clause's among its context) for a period. */
function oneValue(read: ReadText, item: string[], words: ReadonlySet<string>, period: Period, known: ReadonlySet<string>): FigureInContext | null {
  const found = read.figures.filter((x) => {
    if (x.change || x.bound || !(x.kind === "amount" || x.kind === "number" || x.kind === "per_share")) return false;
    if (period.quarter === null ? x.part !== null || x.year !== period.year : x.part === null) return false;
    const core = coreItemWords(x.item);
    return core.length > 0 && core.every((w) => words.has(w) || known.has(w)) && item.every((w) => x.context.has(w) || known.has(w)) && isFor(x, period);
  });
  return theOneValue(found);
}

function levelsIn(sources: ReadText[], item: string[], words: ReadonlySet<string>, at: Period, base: Period, known: ReadonlySet<string>): { levels: Levels; source: number } | null {
  for (const [i, read] of sources.entries()) {
    const to = oneValue(read, item, words, at, known);
    const from = to && oneValue(read, item, words, base, known);
    if (to && from && (to.scale === null) === (from.scale === null)) return { levels: { from, to }, source: i };
  }
  return null;
}

/**
 * The statement's worded moves the sources contradict, as figure checks (the later level stands for the
 * figure, its raw the clause's move word). `questionYears`: the years the question names, for a clause that
 * names none.
 */
export function wordedMoves(statement: string, sources: ReadText[], known: ReadonlySet<string>, questionYears: number[]): FigureCheck[] {
  const out: FigureCheck[] = [];
  let clauses = 0;
  const sentences = figureSentences(statement);
  sentences.forEach(({ text, start }, ordinal) => {
    const sentenceYears = [...new Set(yearsIn(text))];
    let at = 0;
    for (const part of text.split(CLAUSE_BREAK)) {
      const offset = text.indexOf(part, at);
      at = offset + part.length;
      if (++clauses > MAX_CLAUSES) return;
      const move = MOVE_WORD.exec(part) ?? FLAT_WORD.exec(part) ?? MULTIPLE_WORD.exec(part);
      if (!move || FIGURE.test(part.replace(/\b(?:19|20)\d\d\b/g, ""))) continue;
      const flat = FLAT_WORD.test(move[0]) && !MOVE_WORD.test(move[0]);
      const multiple = !flat && MULTIPLE_WORD.test(move[0]) && !MOVE_WORD.test(move[0]) ? multipleOf(move[1] ?? "", move[2]) : null;
      const word = multiple ? multiple.words : move[1];
      const itemWords = contentStems(part.slice(0, move.index)).filter((w) => isItemStem(w) && !NOT_ITEM.has(w) && !known.has(w));
      const item = coreItemWords(itemWords);
      if (!item.length) continue;
      const baseMatch = BASE_YEAR.exec(part) ?? BASE_YEAR.exec(text);
      const named = [...new Set(yearsIn(part))];
      const candidates = (named.length ? named : sentenceYears.length ? sentenceYears : questionYears).filter((y) => y !== (baseMatch ? Number(baseMatch[1]) : NaN));
      if (candidates.length !== 1) continue;
      const year = candidates[0];
      const base = baseMatch ? Number(baseMatch[1]) : year - 1;
      if (base >= year) continue;
      // A quarter the clause or its sentence names: its level and the same quarter's a year before (as releases
      // state a quarter's move), unless the sentence says the move is from the quarter before.
      const quarter = partOf(unquarterly(part)) ?? partOf(unquarterly(text));
      if (quarter !== null && (!/^q[1-4]$/.test(quarter) || SEQUENTIAL.test(text))) continue;
      const fiscal = /\b(?:fiscal|fy)\b/i.test(text);
      const found = levelsIn(sources, item, new Set(itemWords), { year, quarter, fiscal }, { year: base, quarter, fiscal }, known);
      if (!found) continue;
      const { from, to } = found.levels;
      // Both printed negative (costs, outflows, losses): the move is the magnitude's ("cost of products increased").
      const diff = to.negative && from.negative ? levelValue(from) - levelValue(to) : levelValue(to) - levelValue(from);
      const way = diff < 0 ? "a decline" : "a rise";
      const relative = levelValue(from) !== 0 ? diff / Math.abs(levelValue(from)) : NaN;
      let worked = way;
      if (flat) {
        // "Flat" against a move of more than FLAT_BAND either way.
        if (!(Math.abs(relative) > FLAT_BAND)) continue;
        worked = `${way} of ${percentText(relative * 100)}`;
      } else if (multiple) {
        // "More than doubled" against the levels' ratio (both above zero).
        if (!(levelValue(from) > 0 && levelValue(to) > 0) || multiple.fits(levelValue(to) / levelValue(from))) continue;
        worked = `${way} of ${percentText(relative * 100)}`;
      } else {
        const said = DOWN.test(move[1].replace(/\s+/g, " ")) ? -1 : 1;
        if (diff === 0 || Math.sign(diff) === said) continue;
      }
      out.push({
        figure: { ...to, raw: word, index: start + offset + move.index, sentence: ordinal, fromTable: false, cell: null, change: false },
        status: "contradicted",
        source: found.source,
        by: to,
        note: `The source gives ${label(to)} as ${written(from)} for ${quarter ? periodText(from) : base} and ${written(to)} for ${quarter ? periodText(to) : year}: ${worked}, not "${word}".`,
      });
    }
  });
  return out;
}
