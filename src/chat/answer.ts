// The answer of a chat turn, through the provider interface: the engine (local or a remote model) writes
// text with [n] markers naming the numbered passages it was given; here they become citation pieces.
import type { Env } from "../core/env";
import { modelProvider } from "../core/providers";
import { SentenceGuard } from "./grounding";
import type { AnswerInput, AnswerPiece } from "./types";
import "./local-answer";

/** The prompt a remote model reads: the question and the numbered passages. The local engine reads `input`. */
export function answerPrompt(input: AnswerInput): string {
  const passages = input.passages.map((p, i) => `[${i + 1}] ${p.document_name}: ${p.text}`).join("\n\n");
  return `Question: ${input.resolvedQuery}\n\nPassages:\n${passages}`;
}

const SYSTEM =
  "Answer the question only from the numbered passages. Cite every sentence with the passage number in brackets, like [1]. " +
  "Write no figure that a cited passage does not state. When you compute a ratio, margin or change, show the arithmetic on one line as " +
  "'name = 1,234 / 5,678 * 100 = 21.7%' with each input as the passage prints it, and cite the passages of the inputs. " +
  "If the passages do not answer the question, say that the documents do not say. A figure no cited passage carries is replaced before it is sent.";

/**
 * Turns the provider's text stream into text and citation pieces. Every sentence passes the grounding guard
 * (grounding.ts) before it is sent: a figure no passage it cites carries is replaced by FLAG.
 */
export async function* answerPieces(env: Env, input: AnswerInput): AsyncIterable<AnswerPiece> {
  const stream = modelProvider(env).streamText({ task: "chat.answer", system: SYSTEM, prompt: answerPrompt(input), input });
  const guard = new SentenceGuard(
    input.passages.map((p) => p.text),
    input.resolvedQuery,
  );
  for await (const chunk of stream) for (const sentence of guard.push(chunk)) yield* markedPieces(sentence, input.passages.length);
  for (const sentence of guard.end()) yield* markedPieces(sentence, input.passages.length);
}

/** A whole sentence's text and citation pieces: "[n]" naming a passage becomes a cite, other brackets stay text. */
export function* markedPieces(sentence: string, passages: number): Generator<AnswerPiece> {
  let rest = sentence;
  for (;;) {
    const open = rest.indexOf("[");
    if (open < 0) break;
    const close = rest.indexOf("]", open);
    if (close < 0) break;
    const n = /^\[(\d{1,3})\]$/.exec(rest.slice(open, close + 1));
    const index = n ? Number(n[1]) - 1 : -1;
    if (n && index >= 0 && index < passages) {
      if (open > 0) yield { kind: "text", text: rest.slice(0, open) };
      yield { kind: "cite", passage: index };
    } else if (n) {
      // A marker naming no passage is dropped.
      if (open > 0) yield { kind: "text", text: rest.slice(0, open) };
    } else {
      yield { kind: "text", text: rest.slice(0, close + 1) };
    }
    rest = rest.slice(close + 1);
  }
  if (rest) yield { kind: "text", text: rest };
}
