// A table whose columns are months of one guidance (J&J's 8-K: "August 2023" updated beside "July 2023"): a
// statement that names neither month gives the latest column's figures, so a figure carried only by an earlier
// month's cell, where the latest column of the same row holds another value, is the superseded figure given
// for the current one ("2,630.7 is average shares outstanding in the July 2023 column; the latest, August
// 2023, gives 2,557.2").
import type { FigureCheck } from "./compare";
import type { ReadText } from "./context";
import { rowCells } from "./figure-index";
import { label, written } from "./labels";
import { MAX_PER_LINE, monthName, namesMonth } from "./stacked-labels";
import { equalAtSomeScale, kindsMatch, valuesEqual } from "./values";
import { coreItemWords } from "./line-items";

/** A value line's part names (" / Mid-point"): the place in the column, not the row's item. */
const RANGE_WORDS = new Set(["mid", "point"]);

export function supersededColumns(checks: FigureCheck[], sources: ReadText[], statement: string, context: string): void {
  for (const c of checks) {
    const by = c.by;
    if (c.status !== "carried" || !by?.cell || by.columnMonth === undefined || by.latestMonth === undefined || by.columnMonth >= by.latestMonth) continue;
    // Only a figure the statement gives for the cell's row, its words naming the row's item ("average diluted
    // shares outstanding", "reported sales"): not one a looser reading carried ("Change vs. Prior Year /
    // Mid-point 6.0% - 7.0%", another row's change, against reported sales' mid-point).
    const rowWords = coreItemWords(by.item).filter((w) => !RANGE_WORDS.has(w));
    if (!rowWords.length || !rowWords.every((w) => c.figure.item.includes(w) || c.figure.context.has(w))) continue;
    // "In July 2023, ... had guided": the statement or its question names the earlier column.
    if (namesMonth(statement, by.columnMonth) || namesMonth(context, by.columnMonth)) continue;
    // The same place in the latest column (the range's low end, high end or mid-point: stacked-labels.ts).
    const place = by.cell.col % MAX_PER_LINE;
    const latest = rowCells(sources[c.source], by).filter((x) => x.columnMonth === by.latestMonth && x.cell!.col % MAX_PER_LINE === place && kindsMatch(c.figure, x));
    if (latest.length !== 1 || valuesEqual(c.figure, latest[0]) || equalAtSomeScale(c.figure, latest[0])) continue;
    // The statement gives the latest column's figure too (a copy of the row, "~2,557.2 2,630.7"): both columns, not one for the other.
    if (checks.some((o) => o !== c && valuesEqual(o.figure, latest[0]))) continue;
    c.status = "contradicted";
    c.by = latest[0];
    c.note = `${c.figure.raw} is ${label(by)} in the ${monthName(by.columnMonth)} column; the latest, ${monthName(by.latestMonth)}, gives ${written(latest[0])}.`;
  }
}
