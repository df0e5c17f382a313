// The analytics source-grounding judge: each claim (sentence) of a stored answer is checked against the
// passages its [n] markers cite with the shared figure engine (src/figures), and the findings become the
// verdict, in the default shape or mapped onto the caller's response_schema (judge-verdict.ts).
import { z } from "zod";
import type { Tenant } from "../core/auth";
import type { Env } from "../core/env";
import { ApiError, invalidBody, notFound } from "../core/errors";
import { modelProvider, ProviderError, registerLocalEngine } from "../core/providers";
import { checkFigure, STATEMENT_BUDGET, type Budget } from "../figures/compare";
import { subjectStems } from "../figures/subject";
import { aboutItem, shareItem, shareOf, usableOperand } from "../figures/operands";
import { atConstantCurrency } from "../figures/item-parts";
import { checkStatementSteps } from "../figures/statement";
import { runSteps, runStepsCooperatively } from "../figures/steps";
import { readText, statementFigures, yearsIn, type FigureInContext } from "../figures/context";
import { derivable, equalAtSomeScale, kindsMatch } from "../figures/values";
import { contentStems, namedEntities, sentences, stemSet } from "../figures/text";
import { fill, findingsFacts, meanScore, readResponseSchema, zodOf, type Shape } from "./judge-verdict";
import { FLAG } from "./grounding";
import { shownArithmetic } from "./grounding-arithmetic";
import { findMessageWithReferences } from "./repo";

/** Claims checked per answer; an answer with more says so in its report. */
export const MAX_CLAIMS = 200;

export interface JudgeReference {
  citation_idx: number;
  text: string;
  document_name: string;
}

/** What the judge reads: the question, the stored answer with its [n] markers, and the cited references. */
export interface JudgeInput {
  query: string;
  answer: string;
  references: JudgeReference[];
}

export interface ClaimFinding {
  claim: string;
  citation_idxs: number[];
  grounded: boolean;
  issue: string | null;
  /** Figures of the claim flagged: contradicting a cited source, carried by none, or given to another subject. */
  numbers: string[];
  score: number;
  section: string;
  hasFigures: boolean;
}

export interface Findings {
  claims: ClaimFinding[];
  ungroundedNumbers: string[];
  score: number;
  report: string;
  /** Section headings of the answer in order ("Answer" when it has none). */
  sections: string[];
  /** Distinct references the answer cites and the judge read. */
  referencesEvaluated: number[];
}

export const defaultVerdictSchema = z.object({
  score: z.number().min(0).max(1),
  claims: z.array(z.object({ claim: z.string(), citation_idxs: z.array(z.number().int()), grounded: z.boolean(), issue: z.string().nullable() })),
  ungrounded_numbers: z.array(z.string()),
  report: z.string(),
});
export type DefaultVerdict = z.infer<typeof defaultVerdictSchema>;

const MARKER = /\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;
const LEADING_MARKERS = /^(?:\[\d{1,3}(?:\s*,\s*\d{1,3})*\]\s*)+/;
const HEADING = /^#{1,6}\s+(\S.*)$|^\*\*([^*]{1,200})\*\*:?$/;
/** Sentences that say what the documents lack: no claim to check. */
const NOT_COVERED = /\b(?:do(?:es)? not|don't|doesn't) (?:say|cover|mention|state|contain|address|give)\b|\bno (?:information|data|passage)\b/i;
/** Capitalized words that name no subject. */
const VOCABULARY =
  /^(?:Inc|Corp|Corporation|Company|Co|Ltd|Group|Holdings|Fiscal|Year|Quarter|Total|Net|Consolidated|Statements?|January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\.?$/;

interface RawClaim {
  text: string;
  cites: number[];
  section: string;
}

function citesIn(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(MARKER)) for (const n of m[1].split(",")) out.push(Number(n.trim()));
  return out;
}

function withoutMarkers(text: string): string {
  return text.replace(MARKER, "").replace(/\s+/g, " ").replace(/ ([.,;:!?])/g, "$1").trim();
}

/**
 * The answer's sentences with the markers they carry. A marker written after a sentence's full stop ("...
 * $3,033 million. [1]") belongs to that sentence; a heading line names the section of what follows.
 */
export function splitClaims(answer: string): { claims: RawClaim[]; sections: string[] } {
  const claims: RawClaim[] = [];
  const sections: string[] = [];
  let section = "Answer";
  for (const line of answer.split("\n")) {
    const heading = HEADING.exec(line.trim());
    if (heading) {
      section = withoutMarkers(heading[1] ?? heading[2]);
      sections.push(section);
      continue;
    }
    let previous: RawClaim | null = null;
    for (const sentence of sentences(line)) {
      const lead = LEADING_MARKERS.exec(sentence);
      if (lead && previous) previous.cites.push(...citesIn(lead[0]));
      const rest = lead ? sentence.slice(lead[0].length) : sentence;
      const text = withoutMarkers(rest);
      if (!text) continue;
      previous = { text, cites: [...(lead && !previous ? citesIn(lead[0]) : []), ...citesIn(rest)], section };
      claims.push(previous);
    }
  }
  if (!sections.length || (claims.length && claims[0].section === "Answer")) sections.unshift("Answer");
  for (const c of claims) c.cites = [...new Set(c.cites)];
  return { claims, sections };
}

/** A sentence that asserts something: it cites, states a figure, or says enough to be checked. */
function isClaim(c: RawClaim): boolean {
  if (c.cites.length) return true;
  if (NOT_COVERED.test(c.text) || c.text.endsWith(":")) return false;
  return statementFigures(c.text).length > 0 || contentStems(c.text).length >= 3;
}

/** Names the claim gives its subject: capitalized words (the first too when possessive or named by the question). */
function subjectsOf(claim: string, query: string): string[] {
  const asked = new Set(namedEntities(query));
  const first = /^([A-Z][\p{L}&.-]+)(['’]s)?\b/u.exec(claim);
  const names = namedEntities(claim);
  if (first && (first[2] || asked.has(first[1]))) names.push(first[1]);
  return [...new Set(names)].filter((e) => !VOCABULARY.test(e) && !/^[A-Z&.-]+$/.test(e));
}

interface Prepared {
  ref: JudgeReference;
  read: ReturnType<typeof readText>;
  stems: Set<string>;
  lower: string;
}

function prepare(ref: JudgeReference): Prepared {
  const whole = `${ref.document_name}\n${ref.text}`;
  return { ref, read: readText(ref.text), stems: stemSet(whole), lower: whole.toLowerCase() };
}

/** Constants a formula writes itself (percent, days in a year, months, halves of an average). */
const CONSTANTS = new Set([1, 2, 3, 4, 12, 100, 360, 365, 1000]);
/** Figures of a cited passage compared with one operand; figures offered to the one-step derivation. */
const MAX_OPERAND_COMPARISONS = 4_000;
const MAX_OPERANDS = 24;
const ADDITIVE = /\b(?:total|combined|sum|together|aggregate|difference|increase[ds]?|decrease[ds]?|change[ds]?|grew|declined?|rose|fell|more than|less than|net of|minus|plus|average)\b/i;

/** An operand of shown arithmetic: a constant, or a value some figure of a cited passage has as written. */
function valueInSources(f: FigureInContext, cited: Prepared[]): boolean {
  if (CONSTANTS.has(f.mantissa) && f.decimals === 0 && f.scale === null) return true;
  return cited.some((p) => p.read.figures.slice(0, MAX_OPERAND_COMPARISONS).some((g) => kindsMatch(f, g) && equalAtSomeScale(f, g)));
}

/** Whether a figure at offset `index` is written right after an "=" (the result of shown arithmetic). */
function afterEquals(text: string, index: number): boolean {
  let i = index - 1;
  while (i >= 0 && (text[i] === " " || text[i] === "$")) i--;
  return i >= 0 && text[i] === "=";
}

/**
 * The operands a one-step derivation may use: cited figures whose whole line item the sentence names ("net
 * income", "total net sales") and, when the sentence names one year, of that year.
 */
function relevantOperands(text: string, cited: Prepared[]): FigureInContext[] {
  const words = stemSet(text);
  const years = new Set(yearsIn(text));
  const year = years.size === 1 ? [...years][0] : null;
  const out: FigureInContext[] = [];
  for (const p of cited) {
    for (const f of p.read.figures.slice(0, MAX_OPERAND_COMPARISONS)) {
      if (out.length >= MAX_OPERANDS) return out;
      if (f.item.length && f.item.every((w) => words.has(w)) && (year === null || f.year === null || f.year === year)) out.push(f);
    }
  }
  return out;
}

function* checkClaimSteps(c: RawClaim, byIdx: Map<number, Prepared>, all: Prepared[], query: string, known: ReadonlySet<string>, budget: Budget): Generator<void, ClaimFinding, void> {
  const cited = c.cites.map((n) => byIdx.get(n)).filter((p): p is Prepared => p !== undefined);
  const missing = c.cites.filter((n) => !byIdx.has(n));
  const issues: string[] = [];
  const flagged: string[] = [];
  let fatal = false;
  if (missing.length) issues.push(`It cites ${missing.map((n) => `[${n}]`).join(", ")}, which ${missing.length > 1 ? "are" : "is"} not among the answer's references.`);
  if (!c.cites.length) {
    issues.push("It cites no source.");
    fatal = true;
  }

  const check = yield* checkStatementSteps(c.text, cited.map((p) => p.read), known, `${query} ${c.section === "Answer" ? "" : c.section}`, budget);
  const others = all.filter((p) => !cited.includes(p));
  // Arithmetic the sentence shows ("3,033 / 177,866 * 100 = 1.7%"): operands from the cited passages, results it can redo.
  const shown = shownArithmetic(c.text, check.figures.map((f) => ({ index: f.figure.index, raw: f.figure.raw, percent: f.figure.kind === "percent" })));
  const inExpression = (i: number) => shown.expressions.some(([a, b]) => i >= a && i < b);
  const operands = check.figures.some((f) => f.status === "unmatched") ? relevantOperands(c.text, cited) : [];
  const additive = ADDITIVE.test(c.text);
  let carried = 0;
  for (const f of check.figures) {
    if (f.status === "carried" || f.status === "rescaled" || f.status === "undated") {
      carried++;
      continue;
    }
    if (shown.results.has(f.figure.index) || (inExpression(f.figure.index) && valueInSources(f.figure, cited))) {
      carried++;
      continue;
    }
    // A result the sentence's own arithmetic does not give is wrong, whatever else it could be derived from.
    if (f.status === "unmatched" && !afterEquals(c.text, f.figure.index) && derivable(f.figure, operands.filter(usableOperand(f.figure, c.text)), { additive, about: aboutItem(f.figure, [], c.text), of: shareOf(f.figure, c.text), share: shareItem(f.figure, []), direction: f.figure.said, constant: atConstantCurrency(f.figure) })) {
      carried++;
      continue;
    }
    flagged.push(f.figure.raw);
    if (f.status === "contradicted") {
      fatal = true;
      issues.push(f.note || `${f.figure.raw} contradicts the cited source.`);
      continue;
    }
    const elsewhere = others.length ? checkFigure(f.figure, others.map((p) => p.read), known, false, budget) : null;
    const where = elsewhere && elsewhere.status === "carried" ? others[elsewhere.source].ref.citation_idx : null;
    issues.push(where !== null ? `${f.figure.raw} is stated in [${where}], which this sentence does not cite.` : `${f.figure.raw} is in none of the ${cited.length ? "cited sources" : "references"}.`);
  }
  if (c.text.includes(FLAG)) issues.push("The answer withheld a figure of this sentence as not in its sources.");

  // A name the cited passages never mention: the sentence gives their facts to another subject.
  if (cited.length) {
    const strangers = subjectsOf(c.text, query).filter((e) => !cited.some((p) => p.lower.includes(e.toLowerCase()) || contentStems(e).every((w) => p.stems.has(w))));
    if (strangers.length) {
      fatal = true;
      issues.push(`It names ${strangers.join(", ")}, which the cited sources do not mention.`);
      for (const f of check.figures) if (!flagged.includes(f.figure.raw)) flagged.push(f.figure.raw);
    }
  }

  // Wording: the share of its content words the cited passages (or the question) use. A sentence whose figures
  // are all carried is grounded in them whatever it calls them ("change in revenue" for a net sales row).
  const stems = [...new Set(contentStems(c.text))];
  const queryStems = stemSet(query);
  const lexical = stems.length ? stems.filter((w) => queryStems.has(w) || cited.some((p) => p.stems.has(w))).length / stems.length : 1;
  if (cited.length && !check.figures.length && lexical < 0.5) issues.push("Most of its wording is in none of the cited sources.");

  const figureShare = check.figures.length ? carried / check.figures.length : 1;
  const grounded = issues.length === 0;
  const score = grounded ? 1 : fatal ? 0 : Math.min(0.9, 0.5 * figureShare + 0.5 * lexical);
  return { claim: c.text, citation_idxs: c.cites, grounded, issue: issues.length ? issues.join(" ") : null, numbers: flagged, score, section: c.section, hasFigures: check.figures.length > 0 };
}

/** The distinct references an answer cites: its [n] markers that name one of its stored references. */
export function citedReferences(answer: string, references: JudgeReference[]): number[] {
  const stored = new Set(references.map((r) => r.citation_idx));
  return [...new Set(citesIn(answer))].filter((n) => stored.has(n)).sort((a, b) => a - b);
}

/** Every claim of the answer checked against its cited passages. Deterministic. */
export function groundAnswer(input: JudgeInput): Findings {
  return runSteps(groundAnswerSteps(input));
}

/**
 * groundAnswer giving the event loop a turn after each reference read, each claim checked and every
 * FIGURES_PER_STEP figures: the judge answers synchronously, in an isolate that serves other requests.
 */
export async function groundAnswerCooperatively(input: JudgeInput): Promise<Findings> {
  return runStepsCooperatively(groundAnswerSteps(input));
}

/** groundAnswer in steps (figures/steps.ts). */
export function* groundAnswerSteps(input: JudgeInput): Generator<void, Findings, void> {
  const prepared: Prepared[] = [];
  for (const ref of input.references) {
    prepared.push(prepare(ref));
    yield;
  }
  const byIdx = new Map(prepared.map((p) => [p.ref.citation_idx, p]));
  const { claims: raw, sections } = splitClaims(input.answer);
  const candidates = raw.filter(isClaim);
  const known = subjectStems(input.query);
  const budget: Budget = { comparisons: 2 * STATEMENT_BUDGET };
  const claims: ClaimFinding[] = [];
  for (const c of candidates.slice(0, MAX_CLAIMS)) {
    claims.push(yield* checkClaimSteps(c, byIdx, prepared, input.query, known, budget));
    yield;
  }
  const ungroundedNumbers = [...new Set(claims.flatMap((c) => c.numbers))];
  const referencesEvaluated = citedReferences(input.answer, input.references);
  const score = meanScore(claims);
  const grounded = claims.filter((c) => c.grounded).length;
  const parts = [
    claims.length
      ? `${grounded} of ${claims.length} claims are grounded in the passages they cite (score ${score}); ${referencesEvaluated.length} cited reference${referencesEvaluated.length === 1 ? "" : "s"} evaluated.`
      : "The answer makes no claim to check against its sources.",
  ];
  if (ungroundedNumbers.length) parts.push(`Figures flagged: ${ungroundedNumbers.join(", ")}.`);
  claims.forEach((c, i) => {
    if (c.issue) parts.push(`Claim ${i + 1} ("${c.claim.length > 80 ? `${c.claim.slice(0, 77)}...` : c.claim}"): ${c.issue}`);
  });
  if (candidates.length > MAX_CLAIMS) parts.push(`Only the first ${MAX_CLAIMS} of ${candidates.length} claims were checked.`);
  return { claims, ungroundedNumbers, score, report: parts.join(" "), sections, referencesEvaluated };
}

export function defaultVerdict(f: Findings): DefaultVerdict {
  return {
    score: f.score,
    claims: f.claims.map((c) => ({ claim: c.claim, citation_idxs: c.citation_idxs, grounded: c.grounded, issue: c.issue })),
    ungrounded_numbers: f.ungroundedNumbers,
    report: f.report,
  };
}

/** The local engine's verdict: the default shape, or the findings mapped onto the caller's schema. */
export function localVerdict(input: JudgeInput, shape: Shape | null, findings: Findings = groundAnswer(input)): unknown {
  return shape ? fill(shape, "verdict", findingsFacts(findings, input.references)) : defaultVerdict(findings);
}

export interface JudgeEngineInput extends JudgeInput {
  shape: Shape | null;
}

registerLocalEngine("chat.judge", {
  object: async (req) => {
    const input = req.input as JudgeEngineInput;
    return localVerdict(input, input.shape, await groundAnswerCooperatively(input));
  },
});

/** What a remote judge model reads (the caller's prompt is its system message, the whole instruction). */
export function judgePrompt(input: JudgeInput, originalQuery: string): string {
  const refs = input.references.map((r) => `[${r.citation_idx}] ${r.document_name}: ${r.text}`).join("\n\n");
  const asked = originalQuery === input.query ? input.query : `${originalQuery}\n(as resolved in the conversation: ${input.query})`;
  return `Question: ${asked}\n\nAnswer (markers [n] cite the references):\n${input.answer}\n\nReferences:\n${refs || "(none)"}`;
}

export interface JudgeRequest {
  prompt: string;
  response_schema?: Record<string, unknown>;
}

export interface JudgeResult {
  chat_message_id: string;
  verdict: Record<string, unknown>;
  judge_model: string;
  references_evaluated: number;
}

/**
 * POST /v2/analytics/messages/{chat_message_id}/judge: the stored answer of one of the organization's
 * messages (any user's) and its cited references judged through the provider (task chat.judge), the
 * verdict checked against the schema it was asked for before it is returned.
 */
export async function judgeMessage(env: Env, tenant: Tenant, chatMessageId: string, body: JudgeRequest): Promise<JudgeResult> {
  let shape: (Shape & { type: "object" }) | null = null;
  if (body.response_schema !== undefined) {
    const read = readResponseSchema(body.response_schema);
    if (!read.ok) throw invalidBody(read.message);
    shape = read.shape;
  }
  const message = await findMessageWithReferences(env, tenant.organizationId, chatMessageId);
  if (!message) throw notFound("Chat message");
  const input: JudgeInput = {
    query: message.resolvedQuery ?? message.query,
    answer: message.answer,
    references: message.references.map((r) => ({ citation_idx: r.citation_idx, text: r.text, document_name: r.document_name })),
  };
  const schema = shape ? zodOf(shape) : defaultVerdictSchema;
  const provider = modelProvider(env);
  let verdict: unknown;
  try {
    verdict = await provider.generateObject({
      task: "chat.judge",
      system: body.prompt,
      prompt: judgePrompt(input, message.query),
      input: { ...input, shape } satisfies JudgeEngineInput,
      schema,
      schemaName: "verdict",
      temperature: 0,
    });
  } catch (err) {
    if (err instanceof ProviderError) throw new ApiError(err.kind === "timeout" || err.kind === "unavailable" ? "JUDGE_EVALUATION_UNAVAILABLE" : "JUDGE_EVALUATION_FAIL", err.message);
    throw err;
  }
  const checked = schema.safeParse(verdict);
  if (!checked.success) throw new ApiError("JUDGE_EVALUATION_FAIL", "The judge's verdict does not follow response_schema");
  return { chat_message_id: message.id, verdict: checked.data as Record<string, unknown>, judge_model: provider.model, references_evaluated: citedReferences(input.answer, input.references).length };
}
