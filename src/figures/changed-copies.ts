// A figure changed in a copy of a source's words. A prose figure keeps the two content words right after it and
// the two before it (context.ts reads them); a statement's figure that no source carries, in a sentence whose
// other figure a source sentence carries, where that source sentence holds another figure of its kind before
// or after the same words, is that figure changed: "it repurchased $431 million of shares, approximately 13% of
// outstanding shares" against "$431 million of shares repurchased (approximately 3% of outstanding shares)".
// Read last among checkStatement's readings (statement.ts).
import type { FigureInContext, ReadText } from "./context";
import { candidates } from "./figure-index";
import { itemsOverlap, type FigureCheck } from "./compare";
import { otherPart } from "./item-parts";
import { samePeriod } from "./same-period";
import { equalAtSomeScale, kindsMatch, valuesEqual } from "./values";
import { isStopWord, stemPhrase, unhyphenated, words } from "./text";
import { written } from "./labels";

/** The first two content words of the text after a figure, up to a sentence mark ("of outstanding shares": "outstanding shares"), or "". */
export function nextWords(after: string): string {
  const ws = words(unhyphenated(after.split(/[.;:()]/)[0])).filter((w) => w.length > 1 && !isStopWord(w));
  return ws.length >= 2 ? `${ws[0]} ${ws[1]}` : "";
}

// Words that hedge a figure ("by approximately 191 million"): no words of its item.
const HEDGES = new Set(["approximately", "approx", "around", "nearly", "roughly", "almost", "circa", "estimated", "totaling", "totalling", "total"]);

/** The last two content words of the clause before a figure, hedges left out ("reduced outstanding share count by approximately": "share count"), or "". */
export function prevWords(own: string): string {
  const ws = words(unhyphenated(own.split(/[.;:()]/).at(-1) ?? "")).filter((w) => w.length > 1 && !isStopWord(w) && !HEDGES.has(w));
  return ws.length >= 2 ? `${ws[ws.length - 2]} ${ws[ws.length - 1]}` : "";
}

/** Per figure read: "next" and "<prev" keyed by stem ("" when it has none). */
const KEYS = new WeakMap<FigureInContext, { next: string; prev: string }>();
function keysOf(f: FigureInContext): { next: string; prev: string } {
  let keys = KEYS.get(f);
  if (!keys) KEYS.set(f, (keys = { next: f.next ? stemPhrase(f.next) : "", prev: f.prev ? `<${stemPhrase(f.prev)}` : "" }));
  return keys;
}

/** Whether two figures stand before or after the same two words. */
function samePhrase(a: FigureInContext, b: FigureInContext): boolean {
  const x = keysOf(a);
  const y = keysOf(b);
  return (x.next !== "" && x.next === y.next) || (x.prev !== "" && x.prev === y.prev);
}

const PHRASES = new WeakMap<ReadText, Map<string, number[]>>();
/** Past this many figures under one phrase the rest are not compared. */
const MAX_PER_PHRASE = 400;

/** A text's prose figures by their phrase keys, built on first use: only texts an unplaced figure is looked up in. */
function phraseIndexOf(read: ReadText): Map<string, number[]> {
  let index = PHRASES.get(read);
  if (index) return index;
  const built = new Map<string, number[]>();
  const add = (key: string, at: number) => {
    const list = built.get(key);
    if (!list) built.set(key, [at]);
    else if (list.length < MAX_PER_PHRASE) list.push(at);
  };
  read.figures.forEach((f, at) => {
    const keys = keysOf(f);
    if (keys.next) add(keys.next, at);
    if (keys.prev) add(keys.prev, at);
  });
  PHRASES.set(read, (index = built));
  return index;
}

/** The prose figures of a text before or after the same two words as f. */
function samePhraseFigures(f: FigureInContext, read: ReadText): FigureInContext[] {
  const index = phraseIndexOf(read);
  const keys = keysOf(f);
  const at = new Set([...(keys.next ? index.get(keys.next) ?? [] : []), ...(keys.prev ? index.get(keys.prev) ?? [] : [])]);
  return [...at].map((k) => read.figures[k]);
}

/** Unplaced figures looked at between two turns of changedCopySteps. */
const FIGURES_PER_TURN = 16;

/**
 * Marks changed copies contradicted (see the top of this file): the items share a word, they are of one part of
 * the company, the periods do not differ, both are levels or both changes, and the source's figure carries none
 * of the statement's. Not where the source prints the figure's value with the same words ("900,000 shares
 * authorized" of the common stock, beside the preferred stock's "2,000 shares authorized"): a figure not placed.
 * In steps (steps.ts): linear in the statement's figures, each looked up against its own sentence's anchors.
 */
export function* changedCopySteps(checks: FigureCheck[], sources: ReadText[]): Generator<void, void, void> {
  // A carried prose figure anchors the unplaced figures of its own sentence; none of them is carried later on.
  const anchors = new Map<number, FigureCheck[]>();
  for (const anchor of checks) {
    if (anchor.status !== "carried" || !anchor.by || anchor.by.cell) continue;
    const list = anchors.get(anchor.figure.sentence);
    if (list) list.push(anchor);
    else anchors.set(anchor.figure.sentence, [anchor]);
  }
  if (anchors.size === 0) return;
  // Source figures already read as a statement figure's: not another's changed copy.
  const used = new Set(checks.map((x) => x.by).filter((by): by is FigureInContext => by !== null));
  let looked = 0;
  for (const c of checks) {
    const f = c.figure;
    if (c.status !== "unmatched" || !(f.next || f.prev) || f.name || f.index < 0) continue;
    const own = anchors.get(f.sentence);
    if (!own) continue;
    if (++looked % FIGURES_PER_TURN === 0) yield;
    for (const anchor of own) {
      const a = anchor.by!;
      const read = sources[anchor.source];
      if (candidates(f, read).some((x) => valuesEqual(f, x) && samePhrase(f, x))) break;
      const s = samePhraseFigures(f, read).find(
        (s) =>
          s.sentence === a.sentence && s !== a && kindsMatch(f, s) && f.change === s.change && !valuesEqual(f, s) && !equalAtSomeScale(f, s) &&
          samePeriod(f, s) !== false && !otherPart(f, s) && itemsOverlap(f.item, s.item) && !used.has(s),
      );
      if (!s) continue;
      c.status = "contradicted";
      c.source = anchor.source;
      c.by = s;
      used.add(s);
      c.note = `The source gives ${written(s)} for ${keysOf(f).next !== "" && keysOf(f).next === keysOf(s).next ? s.next : s.prev}, not ${f.raw}.`;
      break;
    }
  }
}
