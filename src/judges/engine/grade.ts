// The local grading engine of the LLM judge (task judge.llm.grade): four integer scores and a short
// reasoning from the answer's claims aligned with the references and the verified primary sources.
import { z } from "zod";
import { extractClaimsSteps, detectRefusal } from "./claims";
import { alignStatementSteps, prepareSource, relevantOperands, warmSourceSteps, REPORTING_STEMS, unsupportedCausalLink, type Alignment, type PreparedSource } from "./align";
import { readFiguresSteps } from "./derive";
import { CHARS_PER_FIGURE, runSteps, runStepsCooperatively, turnAfter, turnAfterChars } from "../../figures/steps";
import { STATEMENT_BUDGET, type Budget } from "../../figures/compare";
import { checkStatementSteps } from "../../figures/statement";
import { yearsIn } from "../../figures/context";
import { DAY, fiscalYearsIn } from "../../figures/fiscal-days";
import { fiscalTickerNamedIn } from "../../core/fiscal-calendar";
import { checkRecomputation, statesRecomputation } from "./solve";
import { arithmeticErrorsSteps, groundedSteps } from "./arithmetic";
import { checkRanking } from "./rank";
import { contentStems, sentences, stemSet, stemSetSteps } from "../../figures/text";
import { novelNamesSteps, otherCompanyName, subjectStems } from "../../figures/subject";
import { periodYears, quantities } from "../../figures/numbers";
import type { HeadingYear } from "../../figures/headings";

export const gradeOutputSchema = z.object({
  factuality: z.number().int().min(1).max(5),
  completeness: z.number().int().min(1).max(5),
  relevance: z.number().int().min(1).max(5),
  grounding: z.number().int().min(1).max(5),
  reasoning: z.string().min(1).max(2000),
});
export type GradeOutput = z.infer<typeof gradeOutputSchema>;

export interface GradeInput {
  query: string;
  answer: string;
  /** Contents of the references that reach the grader (those not contradicted by primary sources). */
  references: string[];
  /** Primary-source passages found while verifying the references. */
  evidence: string[];
  verdicts: { supported: number; contradicted: number; unresolved: number };
}

/** Tunable rules, frozen before the held-back half of the benchmark is scored. */
export const RULES = {
  /** Raw 0..1 -> 1..5. */
  cuts: [0.35, 0.55, 0.7, 0.85],
  /** Grounding reads 5 only when nearly everything is carried (FaithBench calibration half). */
  groundingCuts: [0.35, 0.55, 0.75, 0.9],
  /** Grounding when the answer states a cause no source states (reads 4 at most with groundingCuts). */
  causalLinkCeiling: 0.85,
  /** Per name of the answer that no source mentions (at most 5 count). */
  novelEntityPenalty: 0,
  /** Times the share of the answer's figures that no source states or yields in one or two steps. */
  unsupportedFigurePenalty: 0.3,
  maxSteps: 8,
  stepPenalty: 0.05,
  groundingStepPenalty: 0.06,
  hedgePenalty: 0.06,
  /**
   * Independent recomputation (solve.ts): a floor when the answer states the recomputed figure of a standard
   * metric (calibration half and the other answer files' calibration ids: such matches are correct answers).
   * None for a metric computed by one of several conventions (working capital answers from all current items
   * are labelled FAIL there), and none for a metric the question defines: agreeing with a mechanical reading
   * of the definition proves little, since the answer may make the same literal reading the question's author
   * did not mean (no calibration evidence; on the held-back half such matches were no likelier correct than
   * the base rate, seen after the rules were frozen)...
   */
  recomputedMatch: 0.9,
  /** ...and ceilings when it states none (on the 14 other answer files, calibration ids: a miss of a standard or conventional metric was 21 incorrect to 1 correct). */
  recomputedMismatchDefined: 0.2,
  recomputedMismatchStandard: 0.3,
  recomputedMismatchConvention: 0.3,
  /**
   * "Which segment had the highest ...": the table rows ranked for the asked period (rank.ts). A ceiling when
   * the answer picks another row than the sources' first, a floor when it picks the same (calibration ids,
   * all 16 answer files: 3 incorrect to 0 correct on a different pick; 36 correct to 4 incorrect on the same).
   */
  rankMismatch: 0.3,
  rankMatch: 0.85,
  /**
   * A figure the sources give another value for the same line item and year (or that they give to another
   * year or row): factuality and grounding read 2 at most (raw below the second cut of both scales).
   */
  contradictedFigureCeiling: 0.5,
  /** ... and each (at most two) costs as much as a calculation step that does not hold: a figure shown wrong. */
  contradictedFigurePenalty: 0.2,
  /**
   * A figure that no source states in context nor yields in one or two steps: factuality reads 4 at most
   * (just below the last cut). A fully factual answer carries every figure it states. Calibration half:
   * oracle AUROC 0.828 -> 0.827, changed-figure variants scored lower 0.73 -> 0.74 (scaled), 0.34 -> 0.39 (neighbour).
   */
  unsupportedFigureCeiling: 0.84,
  /**
   * A figure shown wrong is worse than a figure not found: an answer the sources show nothing wrong in (no figure
   * contradicted in context, no claim worded as theirs with other figures, every calculation holding, no
   * recomputed metric or ranking against it, its own company) reads 2 at least on factuality, so the same answer
   * with one figure shown wrong reads strictly lower. Grounding is untouched: unverified figures are ungrounded.
   * Calibration half: oracle AUROC 0.8765 -> 0.8772, non-oracle 0.7780 -> 0.7822, neighbour-figure variants
   * scored lower 0.94 -> 0.95, scaled 0.95 -> 0.96.
   */
  unverifiedFloor: 0.35,
  /** An answer about another company than the question's (named nowhere in it, another name instead): 1 on factuality and grounding, 2 on relevance. */
  otherCompanyCeiling: 0.2,
  otherCompanyRelevance: 0.5,
  /** Relevance when the answer's opening sentence names only years the question does not ask about. */
  otherPeriodRelevance: 0.6,
};

const HEDGES = /\b(approximately|assum\w*|estimat\w*|roughly|might|may not|not provided|not explicitly|unclear)\b/gi;

/**
 * Claims aligned with the sources per grading: an answer has tens; past this many (an adversarial answer of
 * thousands of sentences) grounding is read on an evenly spaced sample of them, so the work stays bounded.
 */
const MAX_ALIGNED_CLAIMS = 64;

function spread<T>(items: T[], max: number): T[] {
  if (items.length <= max) return items;
  return Array.from({ length: max }, (_, i) => items[Math.floor((i * items.length) / max)]);
}

function toScore(raw: number, cuts: number[] = RULES.cuts): number {
  let s = 1;
  for (const c of cuts) if (raw >= c) s += 1;
  return s;
}

const YES_NO = /^(is|are|does|do|did|has|have|was|were|can|will|should)\b/i;
const NUMERIC_Q = /\b(what is|what was|how much|how many|calculate|compute|ratio|margin|percentage|percent|rate|amount|total|value|growth|change)\b/i;

export interface GradeDetails {
  factuality: number;
  completeness: number;
  relevance: number;
  grounding: number;
  figureTotal: number;
  figureShare: number;
  mathErrors: number;
  contradicted: number;
  strayYears: number;
  figures: { stated: number; derived: number; undated: number; contradicted: number; unsupported: number };
  claims: number;
  material: number;
  refusal: boolean;
  notes: string[];
}

export function gradeAnswer(input: GradeInput): GradeOutput {
  return toOutput(gradeDetails(input));
}

/**
 * gradeAnswer for a job sharing its isolate with requests: the same grading, giving the event loop a turn
 * after each claim and each phase, so a large answer (about 1 s of CPU at the budgets) never holds the
 * isolate's other requests for the whole of it. A clock does not advance while a Worker computes, so the
 * turns are taken by steps, not by time.
 */
export async function gradeAnswerCooperatively(input: GradeInput): Promise<GradeOutput> {
  return toOutput(await runStepsCooperatively(gradeSteps(input)));
}

function toOutput(d: GradeDetails): GradeOutput {
  return {
    factuality: toScore(d.factuality),
    completeness: toScore(d.completeness),
    relevance: toScore(d.relevance),
    grounding: toScore(d.grounding, RULES.groundingCuts),
    reasoning: d.notes.join(" ").slice(0, 2000),
  };
}

/** The raw 0..1 readings behind the scores (also what the benchmark calibrates on). */
export function gradeDetails(input: GradeInput): GradeDetails {
  return runSteps(gradeSteps(input));
}

/** The grading in steps: it yields after each claim aligned and after each phase (see gradeAnswerCooperatively). */
function* gradeSteps(input: GradeInput): Generator<void, GradeDetails, void> {
  const { query, answer } = input;
  const refusal = detectRefusal(answer, query);
  // What a phase over the whole answer reads, for turnAfter: a normal answer's phases share a turn.
  const answerWork = Math.ceil(answer.length / CHARS_PER_FIGURE);
  yield* turnAfter(answerWork);
  const sources: PreparedSource[] = [];
  for (const text of [...input.references, ...input.evidence]) {
    const source = yield* prepareSource.steps(text);
    sources.push(source);
    yield* turnAfterChars(text.length);
    yield* warmSourceSteps(source);
    yield* turnAfterChars(text.length);
  }
  const queryStems = stemSet(query);
  const claims = yield* extractClaimsSteps(answer);
  yield* turnAfter(answerWork);
  const material = claims.filter((c) => c.material);
  const notes: string[] = [];

  // Grounding: how much of the answer's material claims the sources carry. The question's words and the
  // vocabulary of reporting on a text (the passage describes, a concise summary) make no claim.
  const groundingKnown = new Set([...queryStems, ...REPORTING_STEMS]);
  const alignments: Alignment[] = [];
  // One budget of comparisons for the whole grading: every claim's check and the answer's draw on it.
  const budget: Budget = { comparisons: 2 * STATEMENT_BUDGET };
  const subjectWords = subjectStems(query);
  if (sources.length) {
    // The answer's years and the question's company tell a claim how the sources' January year-ends are named (checkStatement).
    const around = { years: new Set(yearsIn(answer)), company: fiscalTickerNamedIn(query) };
    for (const c of spread<{ text: string; period: HeadingYear | null }>(material.length ? material : [{ text: answer, period: null }], MAX_ALIGNED_CLAIMS)) {
      const alignment = yield* alignStatementSteps(c.text, sources, groundingKnown, subjectWords, budget, c.period, "", around);
      alignments.push(alignment);
      yield* turnAfter(alignment.figures.total);
    }
  }
  let grounding = 0;
  let figureTotal = 0;
  let figureHit = 0;
  let contradicted = 0;
  let uncarried = 0;
  if (alignments.length) {
    let weight = 0;
    for (const a of alignments) {
      const w = a.figures.total ? 1.5 : 1;
      grounding += a.support * w;
      weight += w;
      figureTotal += a.figures.total;
      figureHit += a.figures.direct + 0.8 * a.figures.derived;
      if (a.verdict === "contradicted") contradicted += 1;
      else if (a.uncarried) uncarried += 1;
    }
    grounding /= weight;
  }
  const mathErrors = yield* arithmeticErrorsSteps(answer);
  yield* turnAfter(answerWork);
  // Every figure of the answer, in order: stated by a source, derived in one or two steps, or neither.
  const figureStems = yield* stemSetSteps(`${query} ${answer}`);
  // Each figure in its context (line item, year): carried, contradicted, or neither (src/figures).
  const answerChecks = sources.length ? yield* checkStatementSteps(answer, sources.map((s) => s.read), subjectWords, query, { comparisons: STATEMENT_BUDGET }) : null;
  yield* turnAfter(answerWork);
  const read = answerChecks ? yield* readFiguresSteps(answerChecks.figures, sources.flatMap((s) => relevantOperands(s, figureStems, 24))) : [];
  yield* turnAfter(answerWork);
  // The metric the question asks for, recomputed from the sources' statement tables: an answer can use
  // only figures of the passage and still compute the wrong thing (wrong year, item or definition).
  const recomputed = sources.length ? checkRecomputation(query, answer, [...input.references, ...input.evidence]) : null;
  yield* turnAfter(answerWork);
  // The answer's figure that the recomputation states is worked out from the sources (derived), whatever
  // operands the reading above was given.
  const metric = recomputed?.status === "match" ? recomputed.recomputation : null;
  const readings = metric ? read.map((r) => (r.support === "unsupported" && statesRecomputation(metric, r.figure) ? { ...r, support: "derived" as const } : r)) : read;
  const figures = { stated: 0, derived: 0, undated: 0, contradicted: 0, unsupported: 0 };
  for (const r of readings) if (r.support !== "constant") figures[r.support] += 1;
  const contradictions = readings.filter((r) => r.support === "contradicted").map((r) => r.note);
  const readTotal = figures.stated + figures.derived + figures.undated + figures.contradicted + figures.unsupported;
  // A row's value in a column whose year the source does not tell (a January year-end of an unknown calendar):
  // the right year's figure and the other year's alike, so half the credit of a stated one.
  const figureShare = readTotal ? (figures.stated + 0.8 * figures.derived + 0.5 * figures.undated) / readTotal : figureTotal ? figureHit / figureTotal : 1;
  const unsupportedShare = readTotal ? (figures.unsupported + figures.contradicted) / readTotal : 0;
  // Names (companies, people, places, products) the answer brings that no source mentions.
  const novel = yield* novelNamesSteps(answer, sources, queryStems);
  yield* turnAfter(answerWork);
  const novelEntities = novel.length;
  // The question's company, named by the sources too, is nowhere in the answer, while the answer names a
  // company the question and the sources do not: an answer about another company.
  const otherName = otherCompanyName(query, answer, novel, [answer, ...input.references, ...input.evidence]);
  const otherCompany = otherName !== null;
  yield* turnAfter(answerWork);
  // Periods the answer names that neither the question nor the sources know.
  const sourceYears = new Set<number>([...periodYears(query)]);
  for (const s of sources) for (const y of s.years) sourceYears.add(y);
  const answerYears = [...periodYears(answer)];
  yield* turnAfter(answerWork);
  const strayYears = answerYears.filter((y) => !sourceYears.has(y)).length;

  // The answer's own arithmetic chains and hedges: each step is a chance of error the sources do not
  // state, and hedged conclusions (assuming, approximately, estimate) are weaker answers.
  // For factuality, a step that holds and works only with figures the sources state (or results of such steps)
  // is checked by them: it is no such chance. Grounding still counts every step: the sources state none of them.
  const stated = new Set(readings.filter((r) => r.support === "stated" && r.figure.index >= 0).map((r) => r.figure.index));
  const statedIn = (start: number, end: number) => {
    for (let i = start; i < end; i++) if (stated.has(i)) return true;
    return false;
  };
  const equalsSigns = (answer.match(/=/g) ?? []).length;
  const checked = stated.size ? groundedSteps(answer, statedIn) : { steps: 0, quotes: 0 };
  yield* turnAfter(answerWork);
  const steps = Math.min(RULES.maxSteps, Math.max(0, equalsSigns - checked.steps - checked.quotes));
  const hedges = Math.min(5, (answer.match(HEDGES) ?? []).length);
  let factuality: number;
  if (!sources.length) {
    factuality = 0.5;
    notes.push("No reference or primary source was available, so nothing could be checked.");
  } else {
    factuality = 0.55 * figureShare + 0.45 * grounding;
    factuality -= 0.2 * Math.min(2, mathErrors) + 0.1 * Math.min(3, contradicted + uncarried) + 0.05 * Math.min(2, strayYears);
    factuality -= RULES.stepPenalty * steps;
    factuality -= RULES.contradictedFigurePenalty * Math.min(2, figures.contradicted);
    factuality = Math.max(0, Math.min(1, factuality));
  }
  const basis = recomputed?.recomputation?.basis;
  const recomputedCeiling = basis === "defined" ? RULES.recomputedMismatchDefined : basis === "standard" ? RULES.recomputedMismatchStandard : RULES.recomputedMismatchConvention;
  // An answer whose own written arithmetic does not hold agrees with the recomputation by chance: no floor.
  const recomputedFloor = recomputed?.status === "match" && basis === "standard" && !mathErrors ? RULES.recomputedMatch : 0;
  factuality = Math.max(factuality, recomputedFloor);
  if (recomputed?.status === "mismatch") factuality = Math.min(factuality, recomputedCeiling);
  if (recomputed && recomputed.status !== "none") notes.push(recomputed.note);
  // A "which row comes first" question, ranked from the sources' tables.
  const ranked = sources.length ? checkRanking(query, answer, [...input.references, ...input.evidence]) : null;
  yield* turnAfter(answerWork);
  // A pick that matches holds the scores up, but not to the top when a claim is worded as the sources are and
  // none of its figures is in them: the figure given for the pick is not the sources' (a fully factual
  // answer carries every figure it states, as unsupportedFigureCeiling reads).
  const rankFloor = ranked?.status === "match" && !mathErrors ? (uncarried ? Math.min(RULES.rankMatch, RULES.unsupportedFigureCeiling) : RULES.rankMatch) : 0;
  factuality = Math.max(factuality, rankFloor);
  if (ranked?.status === "mismatch") factuality = Math.min(factuality, RULES.rankMismatch);
  if (ranked && ranked.status !== "none") notes.push(ranked.note);
  if (figures.contradicted) factuality = Math.min(factuality, RULES.contradictedFigureCeiling);
  if (figures.unsupported) factuality = Math.min(factuality, RULES.unsupportedFigureCeiling);
  if (otherCompany) factuality = Math.min(factuality, RULES.otherCompanyCeiling);
  const shownWrong = figures.contradicted + contradicted + uncarried + mathErrors > 0 || recomputed?.status === "mismatch" || ranked?.status === "mismatch" || otherCompany;
  if (sources.length && !shownWrong) factuality = Math.max(factuality, RULES.unverifiedFloor);

  // Completeness: the asked periods, a figure when one is asked for, a stance on a yes/no question.
  const askedYears = [...periodYears(query)];
  const coveredYears = askedYears.filter((y) => answerYears.includes(y)).length;
  let completeness = askedYears.length ? 0.5 + 0.5 * (coveredYears / askedYears.length) : 0.85;
  if (NUMERIC_Q.test(query) && quantities(answer).length === 0) completeness -= 0.3;
  if (YES_NO.test(query.trim()) && !/\b(yes|no|not|does|did|has|is|are)\b/i.test(answer.slice(0, 400))) completeness -= 0.2;
  completeness -= RULES.hedgePenalty * hedges;
  if (refusal.refusal) completeness = 0.1;
  completeness = Math.max(0, Math.min(1, completeness));
  yield* turnAfter(answerWork);

  // Relevance: the question's content words addressed by the answer.
  const answerStems = new Set(contentStems(answer));
  let covered = 0;
  for (const s of queryStems) if (answerStems.has(s)) covered += 1;
  let relevance = queryStems.size ? 0.3 + 0.7 * (covered / queryStems.size) : 0.8;
  if (refusal.refusal) relevance = Math.min(relevance, 0.5);
  if (otherCompany) relevance = Math.min(relevance, RULES.otherCompanyRelevance);
  // The answer's opening restates the question's period: naming only other years there answers another period.
  // A day's calendar year is no other period than a fiscal year the question asks about ("At July 29, 2023"
  // answering about the second quarter of fiscal 2024: Best Buy's fiscal 2024 holds that day).
  const opening = sentences(answer.slice(0, 2_000))[0] ?? "";
  const openingYears = [...periodYears(fiscalYearsIn(query).size ? opening.replace(DAY, " ") : opening)];
  const otherPeriod = askedYears.length > 0 && openingYears.length > 0 && !openingYears.some((y) => askedYears.includes(y));
  if (otherPeriod) {
    relevance = Math.min(relevance, RULES.otherPeriodRelevance);
    notes.push(`The answer opens on ${openingYears.join(", ")}, not the period the question asks about (${askedYears.join(", ")}).`);
  }

  grounding -= RULES.groundingStepPenalty * Math.min(RULES.maxSteps, equalsSigns - checked.quotes) + RULES.novelEntityPenalty * Math.min(5, novelEntities) + RULES.unsupportedFigurePenalty * unsupportedShare;
  grounding = Math.max(0, grounding);
  yield* turnAfter(answerWork);
  const causalLink = sources.length > 0 && unsupportedCausalLink(answer, sources);
  yield* turnAfter(answerWork);
  if (causalLink) grounding = Math.min(grounding, RULES.causalLinkCeiling);
  grounding = Math.max(grounding, recomputedFloor);
  if (recomputed?.status === "mismatch") grounding = Math.min(grounding, recomputedCeiling + 0.1);
  grounding = Math.max(grounding, rankFloor);
  if (ranked?.status === "mismatch") grounding = Math.min(grounding, RULES.rankMismatch + 0.1);
  if (figures.contradicted) grounding = Math.min(grounding, RULES.contradictedFigureCeiling);
  if (otherCompany) grounding = Math.min(grounding, RULES.otherCompanyCeiling);
  if (!sources.length) grounding = 0;
  if (refusal.refusal) notes.push("The answer declines to answer.");
  if (figureTotal) notes.push(`${Math.round(figureHit)} of ${figureTotal} figures are carried by the sources.`);
  if (mathErrors) notes.push(`${mathErrors} calculation step(s) do not hold.`);
  if (contradicted) notes.push(`${contradicted} claim(s) state figures the sources contradict.`);
  if (uncarried) notes.push(`${uncarried} claim(s) are worded as the sources are, but none of their figures is in them.`);
  for (const c of contradictions.slice(0, 3)) notes.push(c);
  if (figures.unsupported) notes.push(`${figures.unsupported} figure(s) are neither stated in the sources nor computable from them.`);
  if (novelEntities) notes.push(`${novelEntities} name(s) do not appear in the sources.`);
  if (otherCompany) notes.push(`The answer is about ${otherName}, not the company the question names.`);
  if (causalLink) notes.push("The answer states a cause the sources do not state.");
  if (strayYears) notes.push(`${strayYears} period(s) named that the sources do not cover.`);
  if (input.verdicts.contradicted) notes.push(`${input.verdicts.contradicted} reference(s) were contradicted by primary sources and were not used.`);
  notes.push(`${Math.round(grounding * 100)}% of the material claims are grounded.`);

  return { factuality, completeness, relevance, grounding, figureTotal, figureShare, mathErrors, contradicted, strayYears, figures, claims: claims.length, material: material.length, refusal: refusal.refusal, notes };
}
