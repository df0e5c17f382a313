// The local chat engine (provider "local"): an extractive answer from the best passages, each sentence
// followed by the [n] of the passage it comes from, or a plain statement that the documents do not say.
import { registerLocalEngine } from "../core/providers";
import { sentences, stemSet } from "../figures/text";
import type { AnswerInput } from "./types";

const MAX_SENTENCES = 4;

export const NOT_IN_DOCUMENTS = "The documents searched do not say.";

function* extractive(input: AnswerInput): Generator<string> {
  const asked = stemSet(input.resolvedQuery);
  const scored: { text: string; passage: number; score: number }[] = [];
  input.passages.forEach((p, passage) => {
    for (const s of sentences(p.text)) {
      let score = 0;
      for (const w of stemSet(s)) if (asked.has(w)) score++;
      if (score > 0) scored.push({ text: s.trim(), passage, score });
    }
  });
  scored.sort((a, b) => b.score - a.score || a.passage - b.passage);
  const chosen = scored.slice(0, MAX_SENTENCES);
  if (chosen.length === 0) {
    yield NOT_IN_DOCUMENTS;
    return;
  }
  for (const [i, s] of chosen.entries()) yield `${i ? " " : ""}${s.text} [${s.passage + 1}]`;
}

registerLocalEngine("chat.answer", { text: (req) => extractive(req.input as AnswerInput) });
