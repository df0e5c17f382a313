// A figure whose item is written after it, not in the words before it: "spent $312.1 million on capital
// expenditures" (a verb of cash right before the figure), "or $0.28 benefit to EPS" (a per-share effect), "with
// 1,325 stores" (what a count counts). The prose reader (context.ts) reads the words before a figure first; these
// readings replace or complete that item.
import type { Figure } from "./figure-types";
import { COUNT_AFTER, EPS_AFTER, ITEM_AFTER, SPENT_ON } from "./clause-words";
import { effectWords } from "./causes";

/** A figure's item read from after it, or null where its words before it stand. `stems` reads a fragment's item stems. */
export function itemAfter(
  f: Figure,
  own: string,
  after: string,
  item: string[],
  stems: (fragment: string) => string[],
  named: boolean,
): { item: string[]; itemText?: string } | null {
  // "a partial-year benefit of about 73.5 million shares, or $0.28 of EPS": the effect the clause names, on EPS.
  const eps = f.kind === "per_share" ? EPS_AFTER.exec(after) : null;
  if (eps) {
    const words = stems(eps[0]);
    return { item: effectWords(words).length ? words : [...new Set([...effectWords(item), ...words])], itemText: eps[0].trim() };
  }
  // "ended the third quarter of fiscal 2022 with 1,325 stores": what a count counts is part of its item.
  const counted = f.count ? stems(COUNT_AFTER.exec(after)?.[1] ?? "") : [];
  // "generated $1,481.9 million of net cash from operating activities, spent $312.1 million on capital
  // expenditures": a verb right before the figure, its item after it (unless its words before it already named one).
  const spent = !named && SPENT_ON.test(own) ? ITEM_AFTER.exec(after) : null;
  if (spent) return { item: [...new Set([...stems(spent[1]), ...counted])], itemText: spent[1].trim() };
  return counted.length ? { item: [...new Set([...item, ...counted])] } : null;
}
