// A figure whose item is written after it, not in the words before it: "spent $312.1 million on capital
// expenditures" (a verb of cash right before the figure), "or $0.28 benefit to EPS" (a per-share effect), "with
// 1,325 stores" (what a count counts). The prose reader (context.ts) reads the words before a figure first; these
// readings replace or complete that item.
import type { Figure } from "./figure-types";
import { ATTRIBUTIVE_BEFORE, COUNT_AFTER, EPS_AFTER, ITEM_AFTER, NOUN_AFTER, SPENT_ON, STATE_AFTER } from "./clause-words";
import { effectWords } from "./causes";

// "... program announced in March 2022": when the thing a figure modifies dates from (its year, where the text
// keeps it beside the verb).
const DATING_VERB = /^\s*(?:announced|approved|authorized|adopted|launched|established)\b/;
const DATED_AFTER = /^\s*(?:announced|approved|authorized|adopted|launched|established)(?:\s+(?:in|on))?\s+(?:[A-Z][a-z]+\.?\s+(?:\d{1,2},?\s+)?)?((?:19|20)\d\d)\b/;

/** A figure's item read from after it, or null where its words before it stand. `stems` reads a fragment's item stems. */
export function itemAfter(
  f: Figure,
  own: string,
  after: string,
  item: string[],
  stems: (fragment: string) => string[],
  named: boolean,
): { item: string[]; itemText?: string; year?: number | null } | null {
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
  // "$1.1 billion remained available under the $2.0 billion share repurchase program": a figure modifying the
  // noun after it is that noun's ("share repurchase program"), not the words before it (the clause's other figure's).
  // Amounts written with their scale ("$2.0 billion"): "a $0.05 benefit" is a per-share effect, read as before.
  const noun = !named && f.kind === "amount" && f.scale !== null && f.scale >= 1e6 && ATTRIBUTIVE_BEFORE.test(own) ? NOUN_AFTER.exec(after) : null;
  const nounItem = noun ? stems(noun[1]) : [];
  // Its period is the noun's where a verb dates it ("the $2.0 billion share repurchase program announced in March
  // 2022"), not the sentence's (the clause's other figure's "As of January 28, 2023").
  if (noun && nounItem.length) {
    const rest = after.slice(noun.index + noun[0].length);
    const dated = DATED_AFTER.exec(rest);
    const datedBy = DATING_VERB.test(rest);
    return { item: [...new Set([...nounItem, ...counted])], itemText: noun[1].trim(), ...(datedBy ? { year: dated ? Number(dated[1]) : null } : {}) };
  }
  // "had $2.0 billion remaining under its share repurchase program": what is left, not the program's size.
  const state = !named ? STATE_AFTER.exec(after) : null;
  if (state) return { item: [...new Set([...item, ...stems(state[1]), ...counted])] };
  return counted.length ? { item: [...new Set([...item, ...counted])] } : null;
}
