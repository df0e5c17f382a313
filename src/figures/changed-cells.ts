// A balance sheet's row read against another print of it: the same label, two or more of the same days, every
// cell but one of the same value. The one cell of another value was changed ("Cash and cash equivalents
// $ 757,877 $ 431,560" where the filing prints "$ 737,877 $ 431,560"). A balance is a day's, so the days tell
// the period whatever fiscal year either print names it by; and the other cells agreeing tell that the row is
// the same one, not a like-named row of another section ("Deferred income taxes" among assets and among
// liabilities) or of another filing's restated columns.
import type { FigureInContext, ReadText } from "./context";
import { dayText } from "./fiscal-days";
import { label, written } from "./labels";
import { equalAtSomeScale, kindsMatch, valuesEqual } from "./values";

/** A changed cell: the reference's figure, the source (by index) and its figure for the same row and day. */
export interface ChangedCell {
  figure: FigureInContext;
  source: number;
  by: FigureInContext;
  note: string;
}

/** Rows compared at most per reference: a balance sheet has a few dozen. */
const MAX_ROWS = 200;

/** A row label as printed, without its dot leaders, case or spacing: "Cash and cash equivalents....$" is "cashandcashequivalents". */
function labelKey(f: FigureInContext): string {
  return f.itemText.toLowerCase().replace(/[^a-z]/g, "");
}

/** A text's balance-sheet rows by label: each row's cells by day. Rows whose label is printed twice in their table are left out. */
function balanceRows(read: ReadText): Map<string, Map<number, FigureInContext>[]> {
  const rows = new Map<string, Map<number, FigureInContext>>();
  const labels = new Map<string, string>();
  for (const f of read.figures) {
    if (!f.balance || f.date === null || !f.cell || f.cell.repeated) continue;
    const at = `${f.cell.table}:${f.cell.row}`;
    let row = rows.get(at);
    if (!row) {
      rows.set(at, (row = new Map()));
      labels.set(at, labelKey(f));
    }
    // Two cells of one day in a row (a column printed twice): the row is not read.
    if (row.has(f.date)) row.set(-1, f);
    else row.set(f.date, f);
  }
  const out = new Map<string, Map<number, FigureInContext>[]>();
  for (const [at, row] of rows) {
    const key = labels.get(at)!;
    if (!key || row.has(-1)) continue;
    (out.get(key) ?? out.set(key, []).get(key)!).push(row);
  }
  return out;
}

/** The reference's balance-sheet cells that a source prints in the same row with another value, every other cell of the row agreeing. */
export function changedCells(own: ReadText, sources: readonly ReadText[]): ChangedCell[] {
  const mine = balanceRows(own);
  if (!mine.size) return [];
  const theirs = sources.map(balanceRows);
  const out: ChangedCell[] = [];
  let rows = 0;
  for (const [key, ownRows] of mine) {
    if (ownRows.length !== 1) continue;
    const row = ownRows[0];
    if (++rows > MAX_ROWS) break;
    for (let i = 0; i < theirs.length; i++) {
      for (const other of theirs[i].get(key) ?? []) {
        const changed = changedIn(row, other);
        if (changed) {
          const [f, s] = changed;
          out.push({ figure: f, source: i, by: s, note: `The source gives ${label(s)} on ${dayText(f.date!)} as ${written(s)}, not ${f.raw}.` });
        }
      }
    }
  }
  return out;
}

/** The one cell of `row` that `other` gives another value for the same day, when two or more days are shared and every other one agrees. */
function changedIn(row: Map<number, FigureInContext>, other: Map<number, FigureInContext>): [FigureInContext, FigureInContext] | null {
  let shared = 0;
  let changed: [FigureInContext, FigureInContext] | null = null;
  for (const [day, f] of row) {
    const s = other.get(day);
    if (!s) continue;
    shared += 1;
    if (!kindsMatch(f, s)) return null;
    if (valuesEqual(f, s)) continue;
    // The same digits at another scale, or a second changed cell: not one changed cell of the same row.
    if (changed || equalAtSomeScale(f, s)) return null;
    changed = [f, s];
  }
  return shared >= 2 ? changed : null;
}
