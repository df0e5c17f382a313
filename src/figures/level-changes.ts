// A change or a move checked against the two levels a source gives its item. A statement that gives a level
// a source carries ("net sales ... to $32,765 million in 2018") and, beside it, the level's change ("rose 8.5%
// to", "increased by $691 million to", "$32,765 million, up 8.5%") or its move ("fell to $32,765 million from
// $31,657 million"), is read against the level that same source gives the item for the period before: the
// change worked out from the two levels carries the figure; another one, or the other way, is contradicted.
import type { FigureInContext, ReadText } from "./context";
import { sameItem, type FigureCheck } from "./compare";
import { candidates, rowCells } from "./figure-index";
import { equalAtSomeScale, halfUnit, kindsMatch, roundingOf, valuesEqual } from "./values";
import { levelRounding, levelValue, theOneValue } from "./level-values";
import { label, written } from "./labels";
import { dayText } from "./fiscal-days";
import { samePeriod } from "./same-period";
import { FIGURES_PER_STEP } from "./steps";

// A change measured on something other than the two reported levels: organic, at constant currency, adjusted,
// over several years or a year's average. Such a change is not the levels' and is left as it was read.
export const OTHER_MEASURE =
  /\b(?:organic(?:ally)?|constant|currenc(?:y|ies)|operational(?:ly)?|adjusted|excluding|comparable|same[\s-]store|like[\s-]for[\s-]like|compound(?:ed)?|cagr|annuali[sz]ed|cumulative(?:ly)?|average|since|per\s+(?:year|annum)|a\s+year\s+over)\b/i;
// "over the past three years", "over two years": a change over more than one period.
export const SEVERAL_PERIODS = /\bover\s+(?:the\s+)?(?:past\s+|last\s+)?(?:two|three|four|five|six|seven|eight|nine|ten|\d{1,2})\s+(?:years|quarters)\b/i;

// The words between a change and the level it reached: "rose 8.5% to $32,765 million", "by $491 million to",
// "fell 3.1% year over year to".
const CHANGE_THEN_LEVEL = /^\s{0,3}(?:(?:year[\s-]over[\s-]year|y\/y|yoy)\s{1,3})?to\s{1,3}$/i;
// The words between a level and its change: "$32,765 million, up 3.5%", "$5,349 million in 2018, an increase of $491 million",
// "$1,508 million in fiscal 2023, a 21.7% increase", "$2,725 million was 3.4% lower", "$32,765 million in 2018, $1,108 million more
// than in 2017" (the change's word after it makes it a change).
const LEVEL_THEN_CHANGE = /^(?:\s{1,3}(?:in|for)\s{1,3}(?:fiscal\s{1,3}(?:year\s{1,3})?|fy\s?)?\d{4})?\s{0,3}(?:,?\s{0,3}(?:(?:an?\s{1,3})?(?:increase|decrease|rise|decline|gain|drop|reduction|growth)\s{1,3}of|(?:up|down)(?:\s{1,3}by)?|an?|was|were|is|are)|,)\s{0,3}$/i;

/**
 * Levels (and, in level-shares.ts, shares) one statement reads against the sources at most: each looks its levels
 * up in every source, so a dense answer's thousands of figures stay within the grading's budget.
 */
export const MAX_LEVEL_READS = 40;

/** Levels of kinds a change is worked out from: money, counts, per-share figures, and rates (a margin's points). */
const LEVEL_KINDS = new Set(["amount", "number", "per_share", "percent"]);

// "doubled to", "more than tripled to", "nearly halved to": a level reached by a multiple of the one before.
const MULTIPLE_TO = /\b((?:more\s+than|over|nearly|almost|about|roughly|approximately)\s+)?(doubled|tripled|quadrupled|halved)\s{1,3}to\s{0,3}$/i;
const MULTIPLES: Record<string, number> = { doubled: 2, tripled: 3, quadrupled: 4, halved: 0.5 };

/** The multiple the words right before a level give it ("nearly doubled to"), with the ratios of the two levels that fit it; or null. */
function multipleBefore(statement: string, index: number): { words: string; fits: (ratio: number) => boolean } | null {
  const m = MULTIPLE_TO.exec(statement.slice(Math.max(0, index - 40), index));
  return m ? multipleOf(m[1] ?? "", m[2]) : null;
}

/** A multiple and its hedge ("nearly", "doubled"), with the ratios of two levels that fit it (worded-moves.ts reads one said alone). */
export function multipleOf(hedgeWords: string, verb: string): { words: string; fits: (ratio: number) => boolean } {
  const k = MULTIPLES[verb.toLowerCase()];
  const hedge = hedgeWords.trim().toLowerCase().replace(/\s+/g, " ");
  const words = `${hedge ? `${hedge} ` : ""}${verb.toLowerCase()}`;
  // Past the multiple: more than doubled is a ratio over 2; more than halved, under a half.
  if (hedge === "more than" || hedge === "over") return { words, fits: (r) => (k > 1 ? r > k : r < k) };
  // Short of it: nearly doubled is from three quarters of the way to it.
  if (hedge === "nearly" || hedge === "almost") return { words, fits: (r) => (k > 1 ? r >= 1 + 0.75 * (k - 1) && r <= k * 1.1 : r <= 1 - 0.75 * (1 - k) && r >= k * 0.9) };
  return { words, fits: (r) => r >= k * 0.9 && r <= k * 1.1 };
}

/** A change written in points ("0.6 percentage points", "60 bps"): a rate's, never money's. */
export const POINTS = /\b(?:points?|pp|bps)\b/i;

/** A change in points of a rate, in percentage points ("60 basis points" is 0.6). */
function pointsOf(g: FigureInContext): number {
  return /\b(?:bps|basis)\b/i.test(g.raw) ? g.mantissa / 100 : g.mantissa;
}

/** The sentence of the statement that holds the figure (bounded: a few hundred characters either side). */
export function sentenceAround(statement: string, f: FigureInContext): string {
  const from = Math.max(statement.lastIndexOf(".", f.index - 1) + 1, statement.lastIndexOf("\n", f.index) + 1, f.index - 300);
  const dot = statement.indexOf(". ", f.index + f.raw.length);
  return statement.slice(from, Math.min(dot < 0 ? statement.length : dot, f.index + f.raw.length + 300));
}

// "sequentially", "quarter over quarter", "from the first quarter", "from Q1": a quarter's change from the quarter before.
export const SEQUENTIAL = /\b(?:sequential(?:ly)?|quarter[\s-](?:over|on)[\s-]quarter|(?:from|over|versus|vs\.?|compared\s(?:with|to))\s(?:the\s)?(?:(?:prior|previous|preceding|last|first|second|third|fourth)\squarter|q[1-4]\b))/i;

/**
 * How many years before the level the statement's change or move starts: from a year before the level's that
 * its sentence names (one only; counted from the year the statement gives the level, which a source may name
 * otherwise: Ulta's fiscal 2022 is its column dated January 28, 2023), else from a comparison figure's year in
 * the sentence, else one: a year's figure's, and a quarter's or half's (a change of one is year over year as
 * releases state them) unless its sentence says it is from the quarter before ("sequentially").
 */
function yearsBackOf(level: FigureCheck, all: FigureCheck[], sentence: string): number | null {
  const s = level.by!;
  const year = level.figure.year ?? s.year!;
  const earlier = [...new Set(level.figure.years.filter((y) => y < year))];
  if (earlier.length === 1) return year - earlier[0];
  if (earlier.length > 1) return null;
  const compared = all.find((c) => c.figure.sentence === level.figure.sentence && c.figure.compared && c.by?.year != null && c.by.year < s.year!);
  if (compared) return s.year! - compared.by!.year!;
  return s.part === null || !SEQUENTIAL.test(sentence) ? 1 : null;
}

/**
 * The one value a source gives the level's item for `fromYear`, as it gives the level `s` (the same row and run
 * of years in a table; prose of the same item, kind and scale otherwise), or null when it gives none or several.
 */
function levelBefore(f: FigureInContext, s: FigureInContext, read: ReadText, fromYear: number, known: ReadonlySet<string>): FigureInContext | null {
  const pool = s.cell ? rowCells(read, s).filter((x) => x.cell!.block === s.cell!.block) : candidates({ ...f, year: fromYear, altYear: null }, read);
  const found = pool.filter(
    (x) =>
      x !== s &&
      !x.change &&
      !x.bound &&
      x.year === fromYear &&
      x.part === s.part &&
      x.basis === s.basis &&
      kindsMatch(x, s) &&
      (x.scale === null) === (s.scale === null) &&
      (s.cell !== null || sameItem(f, x, known)),
  );
  return theOneValue(found);
}

/**
 * The level and the one before it, from the first source that gives both: the carrying source first, then any
 * other that gives the level (its item, year and value): a reference quoting only the headline carries the
 * level, while the filing beside it gives the year before too.
 */
function levelsFrom(level: FigureCheck, sources: ReadText[], gap: number, known: ReadonlySet<string>): { source: number; s: FigureInContext; p: FigureInContext } | null {
  const f = level.figure;
  const by = level.by!;
  // Years back from the level: another source may name the same period by another year (a January year-end).
  for (const [i, read] of sources.entries()) {
    const s =
      i === level.source
        ? by
        : candidates(f, read).find(
            (x) =>
              !x.change &&
              !x.bound &&
              x.year !== null &&
              (x.year === by.year || x.altYear === by.year) &&
              (x.part === by.part || (x.part === "mixed" && samePeriod(f, x) !== false)) &&
              (x.basis ?? by.basis) === by.basis &&
              LEVEL_KINDS.has(x.kind) &&
              kindsMatch(x, f) &&
              (valuesEqual(f, x) || equalAtSomeScale(f, x)) &&
              sameItem(f, x, known),
          );
    const p = s && levelBefore(f, s, read, s.year! - gap, known);
    if (s && p) return { source: i, s, p };
  }
  return null;
}

/** A level's period in a note: its column's day where the source dates it so ("July 29, 2023"), else its year. */
export const periodText = (x: FigureInContext) => (x.date !== null ? `the period ended ${dayText(x.date)}` : String(x.year));

export const percentText = (v: number) => `${Math.abs(v).toLocaleString("en-US", { maximumFractionDigits: 1 })}%`;

export function amountText(v: number, like: FigureInContext): string {
  const scale = like.scale ?? 1;
  const word = scale === 1e9 ? " billion" : scale === 1e6 ? " million" : scale === 1e3 ? " thousand" : "";
  const money = /\$/.test(like.raw) ? "$" : "";
  return `${money}${(Math.abs(v) / scale).toLocaleString("en-US", { maximumFractionDigits: Math.max(like.decimals, 1) })}${word}`;
}

/**
 * Reads each change beside a carried level, and each carried level's move, against the level before (above).
 * A change that equals the levels' (relative for a percentage, the difference for an amount, within the
 * rounding of the figures as written) and goes their way is carried; another is contradicted, naming both
 * levels. Only where the source gives exactly one level of the item for the period before.
 */
export function* levelChanges(checks: FigureCheck[], sources: ReadText[], statement: string, known: ReadonlySet<string>): Generator<void, void, void> {
  // Bounded work: an answer gives a few changes beside their levels; past MAX_LEVEL_READS the rest are left as read.
  let tried = 0;
  const readLevel = (level: FigureCheck, k: number): void => {
    const f = level.figure;
    const by = level.by;
    if (level.status !== "carried" || !by || f.change || by.change || by.year === null || f.index < 0 || !LEVEL_KINDS.has(by.kind)) return;
    // The change right before the level ("rose 8.5% to $32,765 million") or right after it ("$32,765 million, up 3.5%").
    const before = checks[k - 1];
    const after = checks[k + 1];
    const near = [
      before && before.figure.sentence === f.sentence && before.figure.index >= 0 && CHANGE_THEN_LEVEL.test(statement.slice(before.figure.index + before.figure.raw.length, f.index)) ? before : null,
      after && after.figure.sentence === f.sentence && after.figure.index >= 0 && LEVEL_THEN_CHANGE.test(statement.slice(f.index + f.raw.length, after.figure.index)) ? after : null,
    ].filter((c): c is FigureCheck => c !== null && c.status === "unmatched" && c.figure.change);
    const moved = f.move === 1 || f.move === -1;
    const multiple = multipleBefore(statement, f.index);
    if ((!near.length && !moved && !multiple) || ++tried > MAX_LEVEL_READS) return;
    const sentence = sentenceAround(statement, f);
    if (OTHER_MEASURE.test(sentence) || SEVERAL_PERIODS.test(sentence)) return;
    const gap = yearsBackOf(level, checks, sentence);
    if (gap === null) return;
    const found = levelsFrom(level, sources, gap, known);
    if (!found) return;
    const { s, p } = found;
    // What one unit of the source's figures is in base units: 1 where the source states its scale; where it states
    // none, the level's as the statement writes it ("$1,048 million" carried by a bare "1,048"); else unknown.
    const unit = s.scale !== null ? 1 : f.scale !== null && f.mantissa === s.mantissa ? f.scale : null;
    // A rate's change is in points or relative ("rose 0.6 percentage points to 39.6%", "rose 1.5%"); money's and
    // counts' relative, or an amount at a known scale.
    const rate = s.kind === "percent";
    const beside = near.filter((c) =>
      rate
        ? c.figure.kind === "percent" || c.figure.kind === "points"
        : (c.figure.kind === "percent" && !POINTS.test(c.figure.raw)) || (kindsMatch(c.figure, s) && c.figure.scale !== null && unit !== null),
    );
    // Both printed negative (costs, outflows, losses in parentheses): the move is the magnitude's ("cost of sales
    // increased to $11,969 million" from (11,724) to (11,969)).
    const [to, from] = s.negative && p.negative ? [-levelValue(s), -levelValue(p)] : [levelValue(s), levelValue(p)];
    const diff = to - from;
    const shown = (x: FigureInContext) => (x.kind === "percent" && !written(x).includes("%") ? `${written(x)}%` : written(x));
    const levels = `The source gives ${label(p)} as ${shown(p)} for ${periodText(p)} and ${shown(s)} for ${periodText(s)}`;
    const way = diff < 0 ? "a decline" : "a rise";
    if (moved && diff !== 0 && Math.sign(diff) !== f.move) {
      level.status = "contradicted";
      level.source = found.source;
      level.by = s;
      level.note = `${levels}: ${way}, not ${f.move === 1 ? "a rise" : "a decline"} to ${f.raw}.`;
    }
    if (from === 0) return;
    // "doubled to $5,349 million": the levels' ratio, within a tenth of the multiple (a hedge, "nearly doubled",
    // allows a quarter below it; "more than doubled" any ratio past it).
    if (multiple && from > 0 && to > 0 && !multiple.fits(to / from)) {
      level.status = "contradicted";
      level.source = found.source;
      level.by = s;
      level.note = `${levels}: ${way} of ${percentText((diff / from) * 100)}, not ${multiple.words} to ${f.raw}.`;
    }
    const error = levelRounding(s) + levelRounding(p);
    for (const c of beside) {
      const g = c.figure;
      const direction = g.negative ? -1 : (g.said ?? 0);
      const wrongWay = direction !== 0 && diff !== 0 && Math.sign(diff) !== direction;
      const relative = (diff / Math.abs(from)) * 100;
      const sameRelative = g.kind === "percent" && !POINTS.test(g.raw) && Math.abs(Math.abs(relative) - g.mantissa) <= halfUnit(g) + (100 * error) / Math.abs(from) + 1e-9;
      const samePoints = rate && g.kind !== "per_share" && Math.abs(Math.abs(diff) - pointsOf(g)) <= halfUnit(g) * (g.kind === "points" ? pointsOf(g) / g.mantissa : 1) + error + 1e-9;
      const same = rate
        ? samePoints || sameRelative
        : g.kind === "percent"
          ? sameRelative
          : Math.abs(Math.abs(diff * unit!) - g.value) <= roundingOf(g) + error * unit! + 1e-9 * g.value;
      c.source = found.source;
      c.by = s;
      if (same && !wrongWay) {
        c.status = "carried";
        continue;
      }
      c.status = "contradicted";
      const worked = rate
        ? `${way} of ${Math.abs(diff).toLocaleString("en-US", { maximumFractionDigits: 2 })} points`
        : g.kind === "percent"
          ? `${way} of ${percentText(relative)}`
          : `${way} of ${amountText(diff * unit!, g)}`;
      c.note = `${levels}: ${worked}, not ${wrongWay && same ? "the other way" : g.raw}.`;
    }
  };
  // A turn every FIGURES_PER_STEP figures: a sentence of thousands of figures has as many levels to read.
  for (const [k, level] of checks.entries()) {
    if (k > 0 && k % FIGURES_PER_STEP === 0) yield;
    readLevel(level, k);
  }
}
