// Size caps of judge submissions: field lengths in UTF-16 code units (JS string length already counts a
// character outside the BMP as two) and a token budget counted with o200k_base (core/tokens.ts, linear time).
// The tokenizer and its 2.3 MB rank table load on the first submission that needs counting, not with the
// Worker: most submissions never need it, and every isolate (and every test file) would parse it at start.
import { ApiError } from "../core/errors";
import { nextTurn } from "../core/turns";
import type { AgentRequest, LlmRequest } from "./schemas";

export const MAX_BODY_BYTES = 1_000_000;
export const MAX_TOKENS = 100_000;
export const MAX_PROMPT = 50_000;
export const MAX_QUERY = 10_000;
export const MAX_ANSWER = 200_000;

/**
 * UTF-8 bytes of a text as the tokenizer sees it (a lone surrogate becomes U+FFFD, 3 bytes). A byte-level
 * BPE never yields more tokens than bytes, so texts within MAX_TOKENS bytes need no counting.
 */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}

function tooLarge(message: string): ApiError {
  return new ApiError("JUDGE_EVALUATION_TOO_LARGE", message);
}

/** UTF-16 units counted between turns (under half a millisecond of counting): a body near the budget is 100-200 steps. */
const COUNT_STEP = 4_096;

/** Throws JUDGE_EVALUATION_TOO_LARGE when a field or the whole submission is past its cap. */
export async function enforceSizeCaps(body: LlmRequest | AgentRequest): Promise<void> {
  const prompt = "prompt" in body ? body.prompt : undefined;
  if (prompt !== undefined && prompt.length > MAX_PROMPT) throw tooLarge(`prompt is longer than ${MAX_PROMPT} UTF-16 code units`);
  if (body.query.length > MAX_QUERY) throw tooLarge(`query is longer than ${MAX_QUERY} UTF-16 code units`);
  if (body.answer.length > MAX_ANSWER) throw tooLarge(`answer is longer than ${MAX_ANSWER} UTF-16 code units`);
  // Every text the judge reads counts; stop as soon as the budget is exceeded.
  const texts = [prompt ?? "", body.query, body.answer];
  for (const r of body.references) texts.push(r.title ?? "", r.content, r.url ?? "", r.metadata ? JSON.stringify(r.metadata) : "");
  // Most submissions are far below the budget: bytes bound tokens, so the tokenizer only runs near it. A
  // UTF-16 unit is at least one byte, so texts longer than the budget in units need no byte count.
  let units = 0;
  for (const t of texts) units += t.length;
  if (units <= MAX_TOKENS) {
    let bytes = 0;
    for (const t of texts) bytes += utf8Length(t);
    if (bytes <= MAX_TOKENS) return;
  }
  const [{ TokenCounter }, { o200kVocabularyInSteps }] = await Promise.all([import("../core/tokens"), import("../core/o200k")]);
  // An isolate's first such submission loads the vocabulary, in steps too.
  const tokens = await new TokenCounter(await o200kVocabularyInSteps(nextTurn)).countInSteps(texts, MAX_TOKENS, COUNT_STEP, nextTurn);
  if (tokens > MAX_TOKENS) throw tooLarge(`The submission is longer than about ${MAX_TOKENS} tokens`);
}
