// The figures of a text's statement tables (table.ts parses them): each cell with its row label as its line
// item, its column's year and period, and its place (table, row, column), read for context.ts.
import type { FigureInContext } from "./figure-types";
import { parseTables } from "./table";
import { lineItemOf } from "./line-items";
import { CHANGE_ROW, pointOf } from "./clause-words";
import { tableRowBases } from "./basis";
import { contentStems, unhyphenated } from "./text";

/** A row label that names an amount per share ("diluted earnings per share", "dividends declared per common share"). */
const PER_SHARE_LABEL = /\bper\s+(?:diluted\s+|basic\s+)?(?:common\s+|ordinary\s+)?share\b/i;
/** "EPS", "diluted EPS", "adjusted EPS": earnings per share by its abbreviation. */
const EPS_LABEL = /\beps\b/i;
/** "Basic", "Diluted": a per-share row under its section ("Net income per common share:"). */
const BASIC_DILUTED = /^\s*(?:basic|diluted)\b/i;
/** "EPS (diluted US cents)", "Dividends per share (cents)": a per-share row printed in cents. */
const CENTS_LABEL = /\bcents\b|\bcps\b/i;

/** "1,234.50": a cell as printed, with thousands separators (toLocaleString is slow on thousands of cells). */
function formatCell(v: number, decimals: number): string {
  const [whole, fraction] = v.toFixed(decimals).split(".");
  let grouped = "";
  for (let i = whole.length; i > 0; i -= 3) grouped = whole.slice(Math.max(0, i - 3), i) + (grouped ? `,${grouped}` : "");
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** The part of a year a column's period names (table.ts columnPeriods): null for a full year. */
const COLUMN_PART: Record<string, string | null> = { quarter: "quarter", half: "h", nine: "9m", year: null };

/** Table rows read between two turns of a job (steps.ts). */
const ROWS_PER_STEP = 32;

// "% of revenue", "as a % of revenue", "% to sales": a share of sales that names no item, its row the one above.
const SHARE_ROW = /^(?:as\s+a\s+)?%\s+(?:of|to)\s+(?:total\s+|net\s+)?(?:revenues?|sales)$/i;

/** The nearest row above `r` that is not itself such a share (its item), or -1. */
function itemRowAbove(rows: readonly { printed: string }[], r: number): number {
  for (let k = r - 1; k >= 0 && k >= r - 3; k--) if (!SHARE_ROW.test(rows[k].printed)) return k;
  return -1;
}

/** Figures of statement tables: each cell with its row label and column year (in steps: steps.ts); `itemStems` reads a label's item words (context.ts). */
export function* tableFigureSteps(
  text: string,
  scale: number | null,
  itemStems: (label: string) => { item: string[] },
): Generator<void, FigureInContext[], void> {
  const out: FigureInContext[] = [];
  const tables = yield* parseTables.steps(text);
  let rowsRead = 0;
  for (let t = 0; t < tables.length; t++) {
    const table = tables[t];
    // "2023 2022 2021 2023 2022 2021": two runs of the same years (13 and 52 weeks), told apart by block.
    const blocks: number[] = [];
    let seen = new Set<number>();
    for (const y of table.years) {
      if (seen.has(y)) seen = new Set();
      seen.add(y);
      blocks.push(blocks.length && seen.size === 1 ? (blocks.at(-1) ?? 0) + 1 : (blocks.at(-1) ?? 0));
    }
    // "Three months ended" and "Twelve months ended" over "2022 2021 2022 2021": each column's period as its
    // header names it, when every column has one, they differ, and the header names no early fiscal year-end
    // (January or February: which year such a column is named by depends on the company).
    const periods = table.columnPeriods;
    const allNamed = periods && periods.length === table.years.length && periods.every((p) => p in COLUMN_PART);
    const named = allNamed && new Set(periods).size > 1;
    const parts = named && !table.fiscalLag && !table.earlyMonths && !table.mixedHeader ? periods.map((p) => COLUMN_PART[p]) : null;
    // "Six Months Ended" (or nine) over every column: each column is that part of its year, not a quarter.
    const longer = periods?.length === table.years.length && (periods[0] === "half" || periods[0] === "nine") && periods.every((p) => p === periods[0]);
    const spanOfAll = longer && !table.fiscalLag && !table.earlyMonths && !table.mixedHeader ? COLUMN_PART[periods[0]] : undefined;
    // "Three Months Ended" over every column, in the header itself: each column is a quarter, for sure.
    const quarterColumns = periods?.length === table.years.length && periods.every((p) => p === "quarter") && !table.fiscalLag && !table.earlyMonths && !table.mixedHeader && !table.uncertain;
    // A table of percentages prints "%" on some rows only ("Volume 6.9 % 12.9 %", then "Price (0.8) (0.7)").
    const percentTable = table.rows.some((r) => r.cells?.some((c) => c.percent));
    const groupWords = table.group ? new Set(itemStems(table.group).item) : null;
    // A label printed twice (net revenues, then operating income, per segment): which section a row is in is
    // not read, so its cells carry and date a value but never contradict one (compare.ts); their column is
    // their period as for any row.
    const labels = new Map<string, number>();
    const count = (key: string) => labels.set(key, (labels.get(key) ?? 0) + 1);
    for (const row of table.rows) {
      count(row.label);
      count(`${row.section}|${row.label}`);
    }
    // A segment caption's line item ("Operating income by reportable segment"): the rows that name no line item
    // of their own give it for their segment, down to the first that does ("Total operating income").
    const measure = table.measure ? lineItemOf(table.measure) : null;
    const rowBasis = tableRowBases(table, (label) => itemStems(label).item);
    let measured = measure !== null;
    for (let r = 0; r < table.rows.length; r++) {
      const row = table.rows[r];
      if (++rowsRead % ROWS_PER_STEP === 0) yield;
      const repeated = (labels.get(`${row.section}|${row.label}`) ?? 0) > 1;
      // "Diluted earnings per share $ 6.68 $ 5.41": a row its label names per share is never a percent row.
      // "Diluted $ 6.68 $ 5.41" under "Net income per common share:": the section names it per share.
      const perShare = PER_SHARE_LABEL.test(row.label) || EPS_LABEL.test(row.label) || (Boolean(row.section) && (PER_SHARE_LABEL.test(row.section!) || EPS_LABEL.test(row.section!)) && BASIC_DILUTED.test(row.label));
      // "EPS (diluted US cents) 80.5 73.3": a per-share row in cents, its cells read as dollars (0.733), as "73.3 cps" is.
      const inCents = perShare && CENTS_LABEL.test(row.printed);
      const percentRow = percentTable && !perShare && row.values.every((v, i) => Math.abs(v) < 100 && (row.cells?.[i]?.decimals ?? 0) > 0);
      // "% of revenue" under "Non-GAAP operating income": that row's share of revenue, on its basis.
      const of = SHARE_ROW.test(row.printed) ? itemRowAbove(table.rows, r) : -1;
      // The row label without its parenthesised notes ("Purchases of property, plant and equipment (PP&E)").
      // "U.S.": the printed label, whose periods tell the abbreviation (context.ts itemStems reads it as United States).
      const labelText = /\bU\.S\./.test(row.printed) ? row.printed : row.label;
      const own = of >= 0 ? [...new Set([...itemStems(table.rows[of].label).item, ...itemStems(labelText).item])] : itemStems(labelText).item;
      const basis = rowBasis[r] ?? (of >= 0 ? rowBasis[of] : undefined);
      if (!own.length) continue;
      const rowStandard = lineItemOf(row.printed);
      // "Cash ... at beginning of period 2,253" and "... at end of period 1,491": two points of one column's period.
      const rowPoint = pointOf(row.label);
      if (rowStandard !== null || row.section) measured = false;
      const segment = measured ? table.measure! : null;
      // A column group's row is that group's item ("Corporate & Investment Bank" net income); a segment's row the caption's.
      const heading = table.group ?? segment;
      const item = heading ? [...new Set([...itemStems(heading).item, ...own])] : own;
      // A label printed in two sections is told apart by its section heading ("Gaming" under "Net revenue:").
      const rowPrinted = of >= 0 ? `${table.rows[of].printed} ${row.printed}` : row.printed;
      const printed = table.group ? `${table.group} ${/^[A-Z][a-z]/.test(rowPrinted) ? rowPrinted[0].toLowerCase() + rowPrinted.slice(1) : rowPrinted}` : segment ? `${rowPrinted} ${segment.toLowerCase()}` : rowPrinted;
      const context = new Set(contentStems(unhyphenated((labels.get(row.label) ?? 0) > 1 ? `${printed} ${row.section}` : printed)));
      const standard = segment ? measure : rowStandard;
      row.values.forEach((v, col) => {
        const written = row.cells?.[col] ?? { decimals: 0, percent: false };
        const cell = { ...written, percent: written.percent || percentRow };
        if (!cell.percent && Math.abs(v) < 10 && cell.decimals === 0) return;
        const cents = inCents && !cell.percent;
        const mantissa = cents ? Number((Math.abs(v) / 100).toFixed(cell.decimals + 2)) : Math.abs(v);
        const decimals = cents ? cell.decimals + 2 : cell.decimals;
        // "(Dollars in millions, except per share data)": a per-share row's cells are dollars as printed.
        const known = cell.percent || perShare || table.counts ? 1 : scale;
        out.push({
          kind: cell.percent ? "percent" : perShare ? "per_share" : "number",
          value: known === null ? mantissa : mantissa * known,
          mantissa,
          negative: v < 0,
          decimals,
          scale: known,
          raw: `${v < 0 ? `(${formatCell(Math.abs(v), cell.decimals)})` : formatCell(Math.abs(v), cell.decimals)}${cents ? " cents" : ""}`,
          item,
          itemText: printed,
          standard,
          year: table.years[col] ?? null,
          altYear: (table.fiscalLag || table.earlyMonths) && table.years[col] ? table.years[col] - 1 : null,
          date: table.dates?.[col] ?? null,
          years: table.years,
          // "13 Weeks Ended" and "52 Weeks Ended" side by side repeat the years: which column is which period is not read.
          part: table.part !== undefined ? table.part : parts ? parts[col] : table.uncertain ? "mixed" : spanOfAll !== undefined ? spanOfAll : table.partial ? "quarter" : null,
          change: table.changes === true || CHANGE_ROW.test(row.printed),
          name: false,
          trail: [],
          next: "",
          prev: "",
          context,
          index: -1,
          fromTable: true,
          sentence: -1,
          cell: { table: t, row: r, col, block: blocks[col] ?? 0, repeated },
          ...(!parts && (named || allNamed) && table.uncertain ? { columnPart: COLUMN_PART[periods![col]], ...(named ? {} : { oneSpan: true }) } : {}),
          ...(groupWords ? { group: groupWords } : {}),
          ...(table.changes && table.group ? { groupName: table.group } : {}),
          ...(table.kind === "balance" ? { balance: true } : {}),
          ...(quarterColumns ? { quarterColumn: true } : {}),
          ...(rowPoint ? { point: rowPoint } : {}),
          ...(table.part !== undefined ? { titled: true } : {}),
          ...(basis ? { basis } : {}),
        });
      });
    }
  }
  return out;
}
