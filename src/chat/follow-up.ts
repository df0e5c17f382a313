// Follow-up questions resolved against earlier turns before searching: "and the year before?" or "what about
// Boeing?" take the subject, metric and period the conversation was about.
import type { PriorTurn } from "./types";

/** The query as a standalone question; a question that stands alone is returned unchanged. */
export function resolveFollowUp(query: string, history: PriorTurn[]): string {
  const last = history.at(-1);
  if (!last) return query;
  const short = query.trim().split(/\s+/).length <= 6;
  const anaphoric = /^(and|what about|how about|same|and what|what of)\b/i.test(query.trim());
  return short && anaphoric ? `${last.resolvedQuery} ${query}` : query;
}
