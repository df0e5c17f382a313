// Turns a sparse grid of displayed cell strings into one "## Sheet: <name>" page with a markdown table.
// Shared by XLSX and XLS: drops empty rows/columns and caps rows so one sheet cannot blow up memory.

import type { ParseBudget } from "./budget";
import { markdownTable } from "./markdown-table";

export class SheetGrid {
  /** row index -> (col index -> text) */
  private readonly rows = new Map<number, Map<number, string>>();
  rowCount = 0;
  truncated = false;

  constructor(
    private readonly maxRows: number,
    private readonly maxCols = 256,
  ) {}

  /** Returns false once the row cap is reached (callers may stop reading). */
  set(row: number, col: number, text: string): boolean {
    if (col >= this.maxCols) return true;
    const t = text.trim();
    if (!t) return true;
    let r = this.rows.get(row);
    if (!r) {
      if (this.rows.size >= this.maxRows) {
        this.truncated = true;
        return false;
      }
      r = new Map();
      this.rows.set(row, r);
    }
    r.set(col, t);
    return true;
  }

  get full(): boolean {
    return this.truncated;
  }

  render(sheetName: string, budget: ParseBudget): string {
    const head = `## Sheet: ${sheetName}`;
    if (this.rows.size === 0) return head;
    const rowIdx = [...this.rows.keys()].sort((a, b) => a - b);
    const colSet = new Set<number>();
    for (const r of this.rows.values()) for (const c of r.keys()) colSet.add(c);
    const cols = [...colSet].sort((a, b) => a - b);
    const grid = rowIdx.map((ri) => {
      const r = this.rows.get(ri)!;
      return cols.map((c) => r.get(c) ?? "");
    });
    let md = markdownTable(grid, budget);
    if (this.truncated) md += `\n\n(rows after the first ${this.maxRows} non-empty rows were not included)`;
    return `${head}\n\n${md}`;
  }
}

/** "B12" -> [11, 1] (zero-based row, col). */
export function cellRef(ref: string): [number, number] | null {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d+)$/.exec(ref);
  if (!m) return null;
  let col = 0;
  for (const ch of m[1].toUpperCase()) col = col * 26 + (ch.charCodeAt(0) - 64);
  return [Number(m[2]) - 1, col - 1];
}
