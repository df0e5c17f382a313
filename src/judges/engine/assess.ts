// The local engines of the agent judge: claim extraction with refusal detection (judge.agent.claims) and
// the claim-by-claim assessment against references and primary sources (judge.agent.assess).
import { z } from "zod";
import { detectRefusal, extractClaimsSteps } from "./claims";
import { alignStatement, prepareSource, type PreparedSource } from "./align";
import { runSteps, turnAfter, turnAfterChars } from "../../figures/steps";
import { stemSet } from "../../figures/text";
import { yearsIn } from "../../figures/context";
import { fiscalTickerNamedIn } from "../../core/fiscal-calendar";
import { recompute } from "../../figures/recompute";
import { compareToRecomputed, levelAsked } from "./solve";
import { checkRanking } from "./rank";
import { arithmeticErrors } from "./arithmetic";
import { mentionsSubject, novelNames, otherCompanyName, questionSubjects, subjectStems } from "../../figures/subject";

export const claimsOutputSchema = z.object({
  refusal: z.boolean(),
  claims: z.array(z.object({ claim: z.string(), material: z.boolean() })).max(200),
});
export type ClaimsOutput = z.infer<typeof claimsOutputSchema>;

export interface ClaimsInput {
  query: string;
  answer: string;
}

export const MAX_CLAIMS = 40;

export function extractAnswerClaims(input: ClaimsInput): ClaimsOutput {
  return runSteps(extractAnswerClaimsSteps(input));
}


/** extractAnswerClaims in steps (see extractClaimsSteps); it reads only as far as the MAX_CLAIMS-th claim. */
export function* extractAnswerClaimsSteps(input: ClaimsInput): Generator<void, ClaimsOutput, void> {
  const refusal = detectRefusal(input.answer, input.query).refusal;
  yield* turnAfterChars(input.answer.length);
  const claims = (yield* extractClaimsSteps(input.answer, MAX_CLAIMS)).map((c) => ({ claim: c.text, material: c.material }));
  return { refusal, claims };
}

export const assessOutputSchema = z.object({
  summary: z.string().min(1),
  verdict: z.enum(["accurate", "minor_issues", "major_issues"]),
  claims: z.array(
    z.object({
      index: z.number().int().min(0),
      verdict: z.enum(["supported", "contradicted", "unsupported"]),
      explanation: z.string(),
      /** Indexes into the passages given for that claim. */
      sources: z.array(z.number().int().min(0)),
    }),
  ),
});
export type AssessOutput = z.infer<typeof assessOutputSchema>;

export interface AssessInput {
  query: string;
  references: string[];
  /** Material claims with the primary-source passages found for each. */
  claims: { claim: string; passages: string[] }[];
}

export function assessClaims(input: AssessInput): AssessOutput {
  return runSteps(assessClaimsSteps(input));
}

/**
 * assessClaims in steps: a reference or passage read afresh ends in turnAfter, weighed by its length, as do
 * the checks of each claim; it yields after the recomputation. So no stretch between two turns reads more
 * than one long text or one claim of many figures.
 */
export function* assessClaimsSteps(input: AssessInput): Generator<void, AssessOutput, void> {
  const refs: PreparedSource[] = [];
  for (const text of input.references) {
    // A text read afresh ends in turnAfter (readSourceSteps); one read already is taken without a turn.
    refs.push(yield* prepareSource.steps(text));
  }
  // The claims of an answer often share passages (the same filing page found for several): each distinct
  // text is read once, in steps, before anything reads it whole, and is one of the answer's sources once.
  const read = new Map<string, PreparedSource>();
  const prepared: PreparedSource[] = [...refs];
  for (const text of input.claims.flatMap((c) => c.passages)) {
    if (read.has(text)) continue;
    const source = yield* prepareSource.steps(text);
    read.set(text, source);
    prepared.push(source);
  }
  // The metric the question asks for, recomputed from the references' and sources' statement tables: the
  // claim that states it is checked against the recomputed figure, not only against the passages' words.
  const recomputed = recompute(input.query, [...input.references, ...input.claims.flatMap((c) => c.passages)]);
  yield;
  const metricName = recomputed?.metric.toLowerCase();
  const queryStems = stemSet(input.query);
  const subject = subjectStems(input.query);
  const out: AssessOutput["claims"] = [];
  // The answer's years (all its claims') and the question's company tell a claim how the sources' January
  // year-ends are named (checkStatement).
  const around = { years: new Set(input.claims.flatMap((c) => yearsIn(c.claim))), company: fiscalTickerNamedIn(input.query) };
  for (const [index, c] of input.claims.entries()) {
    const passages = c.passages.map((text) => read.get(text)!);
    const all = [...refs, ...passages];
    if (all.length === 0) {
      out.push({ index, verdict: "unsupported", explanation: "No reference or primary source covers this claim.", sources: [] });
      continue;
    }
    // The question dates a claim that names no period of its own ("Domestic operating income was $619 million"
    // answering about the second quarter of fiscal 2024).
    let a = alignStatement(c.claim, all, queryStems, subject, undefined, null, input.query, around);
    // A claim's checks read its figures against each of its sources: a claim of two figures against a
    // reference and three passages shares a turn (turnAfter) with the next; one against ten references has its own.
    const claimWork = Math.max(1, a.figures.total) * all.length;
    yield* turnAfter(claimWork);
    // "Revenue was $9,310 million, down 7.1% from $9,569 million": two of its figures stated do not bear out
    // the third. A claim is supported only when every figure of it is stated or computable from the sources.
    const missing = a.figures.total - a.figures.direct - a.figures.derived;
    if (a.verdict === "supported" && missing > 0) a = { ...a, verdict: "unsupported", explanation: `${a.explanation} ${missing} of its figures ${missing === 1 ? "is" : "are"} neither stated in the sources nor computable from them.` };
    // "$9,569 million, down 7.1% from $8,890 million": a claim whose own calculation does not hold is wrong
    // whatever the sources state.
    if (arithmeticErrors(c.claim)) a = { ...a, verdict: "contradicted", explanation: `${a.explanation} Its own calculation does not hold.` };
    const namesMetric = Boolean(metricName && metricName.length >= 3 && c.claim.toLowerCase().includes(metricName));
    const check = recomputed && namesMetric ? compareToRecomputed(recomputed, c.claim, undefined, levelAsked(input.query, recomputed)) : null;
    if (check?.status === "mismatch" && recomputed?.basis !== "convention") a = { ...a, verdict: "contradicted", explanation: check.note };
    // A match supports the claim's figure of the metric, not its other figures: a claim with a contradicted
    // figure, or another figure neither stated nor computable, keeps its verdict.
    else if (check?.status === "match" && a.figures.contradicted === 0 && missing <= 1) a = { ...a, verdict: "supported", explanation: check.note };
    // "Las Vegas Strip Resorts had the highest EBITDAR": the pick against the sources' ranked table rows.
    const ranked = check && check.status !== "none" ? null : checkRanking(input.query, c.claim, [...input.references, ...c.passages], true);
    yield* turnAfter(claimWork);
    if (ranked?.status === "mismatch") a = { ...a, verdict: "contradicted", explanation: ranked.note };
    else if (ranked?.status === "match") a = { ...a, verdict: "supported", explanation: ranked.note };
    // "Honeywell's net sales were $32,765 million": 3M's figure, given to a company no source is about.
    const other = a.verdict === "supported" ? otherCompanyName(input.query, c.claim, novelNames(c.claim, all, queryStems), [c.claim, ...input.references, ...c.passages]) : null;
    yield* turnAfter(claimWork);
    if (other) a = { ...a, verdict: "unsupported", explanation: aboutOther(other) };
    // Passage indexes are of the primary sources only (references are the caller's own text).
    const sources = a.passage >= refs.length && !other ? [a.passage - refs.length] : [];
    out.push({ index, verdict: a.verdict, explanation: a.explanation, sources });
  }
  yield* answerAboutOtherCompany(input, prepared, queryStems, out);
  const supported = out.filter((c) => c.verdict === "supported").length;
  const contradicted = out.filter((c) => c.verdict === "contradicted").length;
  const n = input.claims.length || 1;
  const share = supported / n;
  // A claim the sources give another value (for its item and period) is a material error, however many others hold.
  const verdict = contradicted === 0 && share >= 0.7 ? "accurate" : contradicted > 0 || share < 0.4 ? "major_issues" : "minor_issues";
  const summary =
    `${input.claims.length} material claim(s) checked: ${supported} supported, ${contradicted} contradicted, ${input.claims.length - supported - contradicted} unsupported. ` +
    (verdict === "accurate"
      ? "The answer's material claims are borne out by the sources."
      : verdict === "minor_issues"
        ? "Most of the answer holds, but some claims could not be confirmed or conflict with the sources."
        : "Material claims of the answer are contradicted by, or missing from, the sources.");
  return { summary, verdict, claims: out };
}

function aboutOther(name: string): string {
  return `The claim is about ${name}, not the company the question names; no source states it for ${name}.`;
}

/**
 * An answer about another company than the question's ("Honeywell's net sales were ... Capital expenditures
 * were ..."): its claims that do not name the question's company are not borne out by sources about that
 * company, even a claim that names no company at all. Read on the claims together, as the LLM judge reads
 * the answer (see otherCompanyName).
 */
function* answerAboutOtherCompany(input: AssessInput, sources: PreparedSource[], queryStems: Set<string>, out: AssessOutput["claims"]): Generator<void, void, void> {
  const text = input.claims.map((c) => c.claim).join(" ");
  const other = otherCompanyName(input.query, text, novelNames(text, sources, queryStems), [text, ...input.references, ...input.claims.flatMap((c) => c.passages)]);
  yield;
  if (!other) return;
  const subject = questionSubjects(input.query);
  for (const [i, c] of out.entries()) {
    if (c.verdict !== "supported" || mentionsSubject(input.claims[c.index].claim, subject)) continue;
    out[i] = { ...c, verdict: "unsupported", explanation: aboutOther(other), sources: [] };
  }
}
