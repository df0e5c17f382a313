// A stand-in for deep research's planning and report engine until src/chat/deep-research.ts lands with
// the same three names (planResearch, researchQueries, reportPieces); research.ts imports them from here.
// Deliberately small: sub-questions from the query's clauses, a few query variants, one section per step.
import type { Env } from "../core/env";
import { answerPieces } from "./answer";
import type { AnswerPiece, Passage } from "./types";

const MAX_STEPS = 4;

/** Sub-questions: the question itself, then its clauses split on "and" / ";" / "?" when it has several. */
export function planResearch(query: string): string[] {
  const clauses = query
    .split(/[;?]|,? and /i)
    .map((s) => s.trim())
    .filter((s) => s.split(/\s+/).length >= 2);
  const plan = [query.trim(), ...clauses.filter((c) => c.toLowerCase() !== query.trim().toLowerCase())];
  return [...new Set(plan)].slice(0, MAX_STEPS);
}

/** Several searches for one sub-question: as asked, and its content words only. */
export function researchQueries(subQuestion: string): string[] {
  const words = subQuestion
    .replace(/[^\p{L}\p{N}\s.%$-]/gu, " ")
    .split(/\s+/)
    .filter((w) => w.length > 3);
  const keywords = words.join(" ");
  return [...new Set([subQuestion, keywords].filter((q) => q.trim().length > 0))];
}

/** The report: a heading per section, then that section's cited answer; cite indexes are into the sections' passages flattened in order. */
export async function* reportPieces(env: Env, query: string, sections: { question: string; passages: Passage[] }[]): AsyncIterable<AnswerPiece> {
  let offset = 0;
  for (const [i, section] of sections.entries()) {
    yield { kind: "text", text: `${i ? "\n\n" : ""}## ${section.question}\n\n` };
    for await (const piece of answerPieces(env, { query, resolvedQuery: section.question, history: [], passages: section.passages })) {
      yield piece.kind === "cite" ? { kind: "cite", passage: piece.passage + offset } : piece;
    }
    offset += section.passages.length;
  }
}
