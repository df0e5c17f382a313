// The answer of a chat turn, through the provider interface: the engine (local or a remote model) writes
// text with [n] markers naming the numbered passages it was given; here they become citation pieces.
import type { Env } from "../core/env";
import { modelProvider } from "../core/providers";
import type { AnswerInput, AnswerPiece } from "./types";
import "./local-answer";

/** The prompt a remote model reads: the question and the numbered passages. The local engine reads `input`. */
export function answerPrompt(input: AnswerInput): string {
  const passages = input.passages.map((p, i) => `[${i + 1}] ${p.document_name}: ${p.text}`).join("\n\n");
  return `Question: ${input.resolvedQuery}\n\nPassages:\n${passages}`;
}

const SYSTEM =
  "Answer the question only from the numbered passages. Cite every sentence with the passage number in brackets, like [1]. " +
  "Write no figure that a cited passage does not state. If the passages do not answer the question, say that the documents do not say.";

/** Turns the provider's text stream into text and citation pieces; markers split across chunks are joined. */
export async function* answerPieces(env: Env, input: AnswerInput): AsyncIterable<AnswerPiece> {
  const stream = modelProvider(env).streamText({ task: "chat.answer", system: SYSTEM, prompt: answerPrompt(input), input });
  let pending = "";
  for await (const chunk of stream) {
    pending += chunk;
    yield* drain(false);
  }
  yield* drain(true);

  function* drain(end: boolean): Generator<AnswerPiece> {
    for (;;) {
      const open = pending.indexOf("[");
      if (open < 0) break;
      const close = pending.indexOf("]", open);
      if (close < 0) {
        // Wait for the rest of a marker, unless it is too long to be one.
        if (!end && pending.length - open <= 6) {
          if (open > 0) yield { kind: "text", text: pending.slice(0, open) };
          pending = pending.slice(open);
          return;
        }
        break;
      }
      const n = /^\[(\d{1,3})\]$/.exec(pending.slice(open, close + 1));
      if (open > 0) yield { kind: "text", text: pending.slice(0, open) };
      const index = n ? Number(n[1]) - 1 : -1;
      if (n && index >= 0 && index < input.passages.length) yield { kind: "cite", passage: index };
      else if (!n) yield { kind: "text", text: pending.slice(open, close + 1) };
      pending = pending.slice(close + 1);
    }
    if (pending) {
      yield { kind: "text", text: pending };
      pending = "";
    }
  }
}
