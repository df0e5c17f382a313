// Two figures of one sentence that one table row gives, dated the other way round: "revenues fell from $5,034
// million in Q2 2023 to $1,305 million in Q2 2022" where the row prints 1,305 under the column dated July 2,
// 2023 and 5,034 under the one dated July 3, 2022. Which fiscal year or quarter a column is may be named
// another way (a company's Q2 2023 may be the column dated July 2022), but a calendar names every column
// alike, the later one later: it never reverses two. So the reading needs no fiscal calendar.
import type { FigureInContext, ReadText } from "./context";
import { candidates } from "./figure-index";
import { kindsMatch, valuesEqual } from "./values";
import type { FigureCheck } from "./compare";
import { label, written } from "./labels";

/** Figures of one sentence compared pairwise: past this many (a list of figures) the rest are left. */
const MAX_PER_SENTENCE = 12;

interface Cell {
  s: FigureInContext;
  i: number;
}

/** The dated table cells of the sources that give f's value. */
function cellsOf(f: FigureInContext, sources: ReadText[]): Cell[] {
  const out: Cell[] = [];
  sources.forEach((read, i) => {
    for (const s of candidates(f, read)) if (s.cell && !s.cell.repeated && s.year !== null && kindsMatch(f, s) && valuesEqual(f, s)) out.push({ s, i });
  });
  return out;
}

const sameRun = (a: Cell, b: Cell) => a.i === b.i && a.s.cell!.table === b.s.cell!.table && a.s.cell!.row === b.s.cell!.row && a.s.cell!.block === b.s.cell!.block;

/**
 * Figures of a sentence that no source carries, each given its own year, whose values one row of a table
 * gives under two columns dated in the opposite order, and in no row in the same order: both contradicted.
 */
export function reversedYears(checks: FigureCheck[], sources: ReadText[]): void {
  const bySentence = new Map<number, FigureCheck[]>();
  for (const c of checks) {
    const f = c.figure;
    if (c.status !== "unmatched" || f.year === null || f.change || f.index < 0 || f.sentence < 0) continue;
    const list = bySentence.get(f.sentence);
    if (!list) bySentence.set(f.sentence, [c]);
    else if (list.length < MAX_PER_SENTENCE) list.push(c);
  }
  for (const list of bySentence.values()) {
    if (list.length < 2) continue;
    const cells = list.map((c) => cellsOf(c.figure, sources));
    for (let a = 0; a < list.length; a++) {
      for (let b = a + 1; b < list.length; b++) {
        const [fa, fb] = [list[a].figure, list[b].figure];
        if (fa.year === fb.year || list[a].status !== "unmatched" || list[b].status !== "unmatched") continue;
        const order = Math.sign(fa.year! - fb.year!);
        let reversed: [Cell, Cell] | null = null;
        let rows = 0;
        let agrees = false;
        for (const x of cells[a]) {
          for (const y of cells[b]) {
            if (!sameRun(x, y) || x.s.year === y.s.year) continue;
            if (Math.sign(x.s.year! - y.s.year!) === order) agrees = true;
            else if (!reversed || !sameRun(reversed[0], x)) {
              reversed = [x, y];
              rows += 1;
            }
          }
        }
        if (agrees || rows !== 1 || !reversed) continue;
        for (const [c, s] of [[list[a], reversed[0]], [list[b], reversed[1]]] as const) {
          c.status = "contradicted";
          c.source = s.i;
          c.by = s.s;
          c.note = `${c.figure.raw} is ${label(s.s)} for ${s.s.year}, not ${c.figure.year}: the source's columns give the sentence's two figures the other way round (${written(s.s)}).`;
        }
      }
    }
  }
}
