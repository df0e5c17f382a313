// Aligns a statement with source passages: its figures read in context (the same figure under the same
// line item and year, src/figures; or one arithmetic step from the source's figures), its periods and
// names, and its content words. The result says whether the sources carry the statement, contradict one
// of its figures, or neither.
import { contentStems, namedEntities, sentences, stem, stemSet } from "../../figures/text";
import { periodYears } from "../../figures/numbers";
import { readText, type FigureInContext, type ReadText } from "../../figures/context";
import type { Budget } from "../../figures/compare";
import { aboutItem, shareItem, shareOf, usableOperand } from "../../figures/operands";
import { atConstantCurrency } from "../../figures/item-parts";
import { checkStatementSteps, type Around } from "../../figures/statement";
import { runSteps, turnAfterChars } from "../../figures/steps";
import { derivable } from "../../figures/values";
import { isConstant } from "./derive";
import { yearKinds, type HeadingYear } from "../../figures/headings";
import { steppedTextCache, type SteppedTextCache } from "../../figures/text-cache";
import { indexTextSteps, nearest } from "../../figures/figure-index";

export interface Alignment {
  verdict: "supported" | "contradicted" | "unsupported";
  /** 0..1: how much of the statement the sources carry. */
  support: number;
  figures: { total: number; direct: number; derived: number; contradicted: number };
  /** Index of the passage that carries most of the statement (or contradicts one of its figures), or -1. */
  passage: number;
  explanation: string;
  /** What the sources say instead, one note per contradicted figure ("$31,657 million is net sales for 2017, not 2018"). */
  contradictions: string[];
  /**
   * The statement is worded as a source is (most of its content words) but none of its figures is carried
   * or derivable: a sign its figures are wrong, though no source gives the same item and period another value.
   */
  uncarried: boolean;
}

export interface PreparedSource {
  text: string;
  stems: Set<string>;
  /** Its figures read in context. */
  read: ReadText;
  years: Set<number>;
  entities: Set<string>;
  /** Stem -> indexes of the quantities whose preceding words (their row label) use it; built on first use. */
  operandIndex?: Map<string, number[]>;
  /** The text lower-cased, for names looked up in it; built on first use. */
  lower?: string;
  /**
   * Sentences read across single line breaks (a filing's text breaks its lines mid-sentence): their content
   * words, the years they name and whether they name a fiscal year; built on first use.
   */
  prose?: { stems: Set<string>; years: Set<number>; dates: Set<number>; fiscal: boolean; compares: boolean }[];
}

/**
 * Heap a source's reading for alignment holds per character of its text beyond its figures and tables (its
 * words, names, prose sentences and operand index; `npm run bench:memory` measures it).
 */
export const SOURCE_BYTES_PER_CHAR = 12;

/**
 * A source read for alignment. Kept per text (src/figures/text-cache.ts): the same filing passage is found
 * again by many claims, references and evaluations, and its reading is the same each time (the fields built
 * on first use are readings of the text too).
 */
export const prepareSource: SteppedTextCache<PreparedSource> = steppedTextCache(readSourceSteps, SOURCE_BYTES_PER_CHAR);

/** A source's reading in steps (steps.ts): its figures in context, then each of its word sets, each phase weighed by the text's length (turnAfter). */
function* readSourceSteps(text: string): Generator<void, PreparedSource, void> {
  const read = yield* readText.steps(text);
  const stems = stemSet(text);
  yield* turnAfterChars(text.length);
  const years = periodYears(text);
  const entities = new Set(namedEntities(text).map((e) => e.toLowerCase()));
  yield* turnAfterChars(text.length);
  return { text, stems, read, years, entities };
}

const MAX_PER_STEM = 200;

/** The item words of each figure are the same for every statement checked against a source: indexed once. */
function operandIndexOf(src: PreparedSource): Map<string, number[]> {
  if (src.operandIndex) return src.operandIndex;
  const index = new Map<string, number[]>();
  src.read.figures.forEach((f, i) => {
    for (const stem of new Set(f.item)) {
      const list = index.get(stem);
      if (list) list.push(i);
      else index.set(stem, [i]);
    }
  });
  return (src.operandIndex = index);
}

/** The source's text lower-cased, made once (PreparedSource.lower): a statement's names are looked for in it. */
function lowerText(src: PreparedSource): string {
  return (src.lower ??= src.text.toLowerCase());
}

/** A source's sentences read across single line breaks, built once (PreparedSource.prose). */
function proseOf(src: PreparedSource): NonNullable<PreparedSource["prose"]> {
  return (src.prose ??= proseSentences(src.text).map((t) => ({ stems: stemSet(t), years: periodYears(t), dates: yearKinds(t).dates, fiscal: /\bfiscal\b/i.test(t), compares: COMPARES.test(t) })));
}

/**
 * Builds now what the first statement aligned with a source would build (its figures' index and rows, its
 * operand index, its prose sentences), so a caller working in steps gives each a step of its own rather than
 * adding all of them, for every source, to its first statement's.
 */
export function* warmSourceSteps(src: PreparedSource): Generator<void, void, void> {
  yield* indexTextSteps(src.read);
  yield* turnAfterChars(src.text.length);
  operandIndexOf(src);
  yield* turnAfterChars(src.text.length);
  proseOf(src);
}

/** Figures of the source under words of the statement (their line item or row): the operands worth combining. */
export function relevantOperands(src: PreparedSource, statementStems: Set<string>, limit: number): FigureInContext[] {
  const operandIndex = operandIndexOf(src);
  const overlap = new Map<number, number>();
  // Bounded: a word a long filing uses in hundreds of rows offers its first MAX_PER_STEM figures only.
  for (const stem of statementStems) {
    const list = operandIndex.get(stem);
    if (!list) continue;
    for (let k = 0, end = Math.min(list.length, MAX_PER_STEM); k < end; k++) overlap.set(list[k], (overlap.get(list[k]) ?? 0) + 1);
  }
  // The most shared words first, then the earlier figure: each share's figures in order, taken from the
  // largest share down until `limit` (no sorted copy of every figure met).
  const byShare: number[][] = [];
  overlap.forEach((share, i) => (byShare[share] ??= []).push(i));
  const out: FigureInContext[] = [];
  for (let share = byShare.length - 1; share > 0 && out.length < limit; share--) {
    const ids = byShare[share];
    if (!ids) continue;
    ids.sort((x, y) => x - y);
    for (let k = 0; k < ids.length && out.length < limit; k++) out.push(src.read.figures[ids[k]]);
  }
  return out;
}

/**
 * Work of alignStatementSteps between two of its turns: operands tried for a figure, or a source's sentences
 * read for another year. A statement against a few passages takes no turn of its own; one against ten long
 * references takes one every few figures or sources.
 */
const WORK_PER_STEP = 400;

/** Adds `amount` to the work done since the last turn; true (and the count starts again) when a turn is due. */
function stepDone(work: { done: number }, amount: number): boolean {
  work.done += amount;
  if (work.done < WORK_PER_STEP) return false;
  work.done = 0;
  return true;
}

/** Pairs of operands tried for a figure that count as one unit of WORK_PER_STEP (as one operand read does). */
const PAIRS_PER_WORK = 8;

/** The statement's own figures on each side of a figure that may be its operands (see alignStatementSteps). */
const OWN_OPERANDS_EACH_SIDE = 12;
/**
 * Pairs of operands one statement's figures are worked out from at most: a normal statement's few figures
 * against ten sources try about a hundred thousand; a 150,000-character sentence of figures stops here.
 */
const MAX_DERIVATION_PAIRS = 1_000_000;

const ADDITIVE = /\b(total|combined|sum|together|aggregate|difference|increase[ds]?|decrease[ds]?|change[ds]?|grew|declined?|rose|fell|more than|less than|net of|minus|plus|average)\b/i;

/**
 * extraStems: words the reader already knows (the question's), counted as carried by the lexical reading;
 * subject: the words that name the subject (subjectStems of the question), the only ones a line item may
 * add without naming another item; period: the year the statement takes from its context in its answer (the
 * heading it is under, the sentence before it that it refers back to: headings.ts), its period when it names
 * none of its own; context: the question, whose one year (or quarter and year) dates the figures the
 * statement gives no period of their own, as for a whole answer (statement.ts).
 */
export function alignStatement(...args: Parameters<typeof alignStatementSteps>): Alignment {
  return runSteps(alignStatementSteps(...args));
}

/**
 * alignStatement in steps (figures/steps.ts): its figures checked as checkStatementSteps checks them, then
 * a turn every WORK_PER_STEP operands tried for its figures or sentences read for another year, so a
 * statement aligned with many long sources never holds the isolate for all of them.
 */
export function* alignStatementSteps(
  statement: string,
  sources: PreparedSource[],
  extraStems: Set<string> = new Set(),
  subject: ReadonlySet<string> = new Set(),
  budget?: Budget,
  period: HeadingYear | null = null,
  context = "",
  /** What the whole text the statement is part of tells (an answer, for one of its claims): see checkStatement. */
  around: Around = {},
): Generator<void, Alignment, void> {
  const stems = contentStems(statement);
  const stemsSet = new Set(stems);
  let best = -1;
  let bestScore = -1;
  const perSource = sources.map((src, i) => {
    let hit = 0;
    for (const s of stemsSet) if (src.stems.has(s) || extraStems.has(s)) hit += 1;
    const lexical = stemsSet.size ? hit / stemsSet.size : 0;
    if (lexical > bestScore) {
      bestScore = lexical;
      best = i;
    }
    return lexical;
  });
  const check = yield* checkStatementSteps(statement, sources.map((src) => src.read), subject, context, budget, around);
  // Formula constants ("* 100", "365 days") that no source states are no claims of the statement (as the
  // answer's figure reading has it, derive.ts).
  const figures = check.figures.filter((c) => c.status === "carried" || !isConstant(c.figure));
  const direct = check.carried;
  const contradictedFigures = check.contradicted;
  let derived = figures.filter((c) => c.status === "rescaled").length;
  // Figures in a column that may not be the statement's (an unknown company's January year-end, twin columns
  // of one year): some support, but not enough to call the statement carried, nor a sign its figures are wrong (uncarried).
  const undated = figures.filter((c) => c.status === "undated").length;
  const unmatched = figures.filter((c) => c.status === "unmatched").map((c) => c.figure);
  const additive = ADDITIVE.test(statement);
  // The statement's own carried figures are operands too: "Gross margin = $9,912 / $46,298 = 21.41%" works
  // from the figures it quotes, whatever words their rows are under.
  const own = figures.filter((c) => c.status === "carried" || c.status === "rescaled" || c.status === "undated").map((c) => c.figure);
  const relevant = unmatched.length ? sources.map((src) => relevantOperands(src, stemsSet, 24)) : [];
  // Of the statement's own figures, those nearest each figure (a working's operands stand beside its result): a
  // sentence of thousands of figures would otherwise make each figure's pairs of operands number in the millions.
  const ownByPlace = [...own].sort((a, b) => a.index - b.index);
  const work = { done: 0 };
  let pairs = 0;
  for (const f of unmatched) {
    const near = nearest(ownByPlace, f.index, OWN_OPERANDS_EACH_SIDE, (x) => x.index);
    const operands = relevant.map((ops) => [...near, ...ops]);
    // Bounded work: past MAX_DERIVATION_PAIRS pairs of operands tried, the statement's other figures are not worked out.
    for (const ops of operands) pairs += ops.length * ops.length;
    if (pairs > MAX_DERIVATION_PAIRS) break;
    const usable = usableOperand(f, statement);
    // The figure's cues, read once for all its sources.
    const cues = { additive, about: aboutItem(f, own, statement), of: shareOf(f, statement), share: shareItem(f, own), direction: f.said, constant: atConstantCurrency(f) };
    // Source by source, a turn as their operands read and pairs tried add up to a step's work (a figure against
    // ten long references is tens of thousands of pairs).
    let found = false;
    for (const ops of operands) {
      const usableOps = ops.filter(usable);
      found = derivable(f, usableOps, cues);
      if (stepDone(work, ops.length + Math.ceil((usableOps.length * usableOps.length) / PAIRS_PER_WORK))) yield;
      if (found) break;
    }
    if (found) derived += 1;
  }
  const years = periodYears(statement);
  let yearHits = 0;
  for (const y of years) if (sources.some((s) => s.years.has(y))) yearHits += 1;
  const entities = namedEntities(statement).map((e) => e.toLowerCase());
  let entityHits = 0;
  for (const e of entities) if (sources.some((s) => s.entities.has(e) || lowerText(s).includes(e))) entityHits += 1;

  const lexical = bestScore < 0 ? 0 : Math.max(...perSource, 0);
  const parts: [number, number][] = [[lexical, 1]];
  if (figures.length) parts.push([(direct + 0.8 * derived + 0.5 * undated) / figures.length, 2]);
  if (years.size) parts.push([yearHits / years.size, 0.5]);
  if (entities.length) parts.push([entityHits / entities.length, 0.5]);
  const weight = parts.reduce((a, [, w]) => a + w, 0);
  const support = parts.reduce((a, [v, w]) => a + v * w, 0) / weight;

  let verdict: Alignment["verdict"];
  const figureShare = figures.length ? (direct + derived) / figures.length : 1;
  const contradiction = figures.find((c) => c.status === "contradicted");
  if (contradiction) {
    verdict = "contradicted";
    best = contradiction.source;
  } else if (support >= 0.7 && figureShare >= 0.5) verdict = "supported";
  else verdict = "unsupported";
  const explanation =
    figures.length > 0
      ? `${direct} of ${figures.length} figures found as stated${derived ? `, ${derived} computable from the source's figures` : ""}${undated ? `, ${undated} in one of two columns the source does not tell apart` : ""}${contradictedFigures ? `, ${contradictedFigures} contradicted` : ""}; ${Math.round(lexical * 100)}% of the wording is in the source.${check.notes.length ? ` ${check.notes.join(" ")}` : ""}`
      : `${Math.round(lexical * 100)}% of the statement's content words are in the source${entities.length ? `; ${entityHits} of ${entities.length} names found` : ""}.`;
  const otherYear = verdict === "contradicted" ? null : yield* sentenceOfOtherYearSteps(stems, statement, sources, period, work);
  if (otherYear) {
    verdict = "contradicted";
    best = otherYear.passage;
  }
  const uncarried = verdict !== "contradicted" && figures.length > 0 && figureShare === 0 && !undated && lexical >= 0.6;
  const contradictions = otherYear ? [...check.notes, otherYear.note] : check.notes;
  return { verdict, support, figures: { total: figures.length, direct, derived, contradicted: contradictedFigures }, passage: best, explanation: otherYear ? `${explanation} ${otherYear.note}` : explanation, contradictions, uncarried };
}

const COMPARES = /\b(?:compared|comparison|versus|vs|than|prior|previous|from)\b/i;

/** Content words a statement must have for its wording to pick out one sentence of a source. */
const MIN_SENTENCE_STEMS = 4;
/** Share of the statement's content words the source sentence must have to be the statement's. */
const SENTENCE_SHARE = 0.8;

// "Current Health Ltd. (Current Health), a care-at-home ...": a company's abbreviated suffix before its short
// name in parentheses ends no sentence.
const COMPANY_SUFFIX = /\b(?:Ltd|Inc|Corp|Co|LLC|Plc|N\.V|S\.A)\.$/i;

/** A source's sentences read across single line breaks (a filing's text breaks its lines mid-sentence). */
function proseSentences(text: string): string[] {
  const out: string[] = [];
  for (const s of sentences(text.replace(/(?<!\n)\n(?!\n)/g, " "))) {
    if (out.length && s.startsWith("(") && COMPANY_SUFFIX.test(out[out.length - 1])) out[out.length - 1] += ` ${s}`;
    else out.push(s);
  }
  return out;
}

/**
 * A statement worded as a source sentence is (most of its content words, at least four) but given another
 * year: "The amounts would be payable over 10 years, beginning in 2022" where the source says "beginning in
 * 2023". No sentence so worded names the statement's year, and one names another. A year one apart written
 * as a fiscal year on either side ("FY2023", "fiscal 2022") is the same year named two ways, unless a date of
 * the source sentence lies outside any fiscal year so named (fiscal 2023 ends in 2023 or begins then: it has
 * no day of 2021). The period a statement gives is the one it names outside a date, else the one it takes
 * from its context ("In fiscal year 2023:" over "- Current Health Ltd. ... was acquired on November 2,
 * 2021"): a date of the statement agreeing with the source's does not carry another period given to the event.
 */
function* sentenceOfOtherYearSteps(
  stems: string[],
  statement: string,
  sources: PreparedSource[],
  period: HeadingYear | null,
  work = { done: 0 },
): Generator<void, { passage: number; note: string } | null, void> {
  const own = new Set(stems);
  if (own.size < MIN_SENTENCE_STEMS) return null;
  const kinds = yearKinds(statement);
  const inherited = period && !kinds.periods.size ? period : null;
  const claimed = inherited ? new Set([inherited.year]) : kinds.periods;
  const years = claimed.size ? claimed : kinds.dates;
  if (!years.size) return null;
  const fiscal = Boolean(inherited?.fiscal) || /\b(?:fy|fiscal)\b/i.test(statement) || /\bFY\s?'?\d/.test(statement);
  let other: { passage: number; years: Set<number> } | null = null;
  for (const [i, src] of sources.entries()) {
    if (stepDone(work, proseOf(src).length)) yield;
    for (const sentence of proseOf(src)) {
      // "SG&A decreased to 23.5% compared to 23.9% in fiscal 2021": the year named is the one compared with,
      // the sentence's own is its heading's.
      if (!sentence.years.size || sentence.compares) continue;
      let hit = 0;
      for (const w of own) if (sentence.stems.has(w)) hit += 1;
      if (hit < SENTENCE_SHARE * own.size) continue;
      const near = fiscal || sentence.fiscal;
      // A fiscal year y has days of the calendar years y - 1 to y + 1 only.
      const datesFit = (y: number) => claimed.size === 0 || [...sentence.dates].every((d) => Math.abs(d - y) <= 1);
      if ([...years].some((y) => sentence.years.has(y) || (near && (sentence.years.has(y - 1) || sentence.years.has(y + 1)) && datesFit(y)))) return null;
      other ??= { passage: i, years: sentence.years };
    }
  }
  if (!other) return null;
  return { passage: other.passage, note: `The source gives this for ${[...other.years].join(", ")}, not ${[...years].join(", ")}.` };
}

/**
 * The vocabulary of reporting on a text rather than of its content ("the passage describes...", "here is a
 * concise summary covering the core pieces of information"): words that make no claim, so a grader counts
 * them as carried, as it does the question's. Words with a financial sense (notes, states) are left out.
 */
export const REPORTING_STEMS: ReadonlySet<string> = new Set(
  `passage text excerpt article summary summarize summarise concise concisely describe describes mention mentions provide provides
  discuss discusses cover covering core piece pieces key main point points topic topics information detail details highlight
  highlights brief briefly outline overview`
    .split(/\s+/)
    .filter(Boolean)
    .map(stem),
);

const CAUSAL_LINK = /\b(because|due to|owing to|as a result|result(?:s|ed|ing)? in|lead(?:s|ing)? to|led to|caus(?:e|es|ed|ing)|driven by|attributable to|thanks to)\b/i;

/**
 * Whether the statement links facts as cause and effect ("resulting in", "due to") while no source states
 * any such link: sources that set two facts side by side do not carry the claim that one caused the other.
 */
export function unsupportedCausalLink(statement: string, sources: PreparedSource[]): boolean {
  return CAUSAL_LINK.test(statement) && !sources.some((s) => CAUSAL_LINK.test(s.text));
}
