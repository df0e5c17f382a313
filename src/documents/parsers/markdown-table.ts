// Renders a grid of cell strings as a GitHub-flavoured markdown table.
// Shared by DOCX, PPTX, XLSX, XLS and HTML so every table looks the same to search and to the LLM.

import type { ParseBudget } from "./budget";

/** Escapes what would break a markdown table cell: pipes and line breaks. */
export function cellText(s: string): string {
  return s
    .replace(/\r\n?|\n/g, " ")
    .replace(/\|/g, "\\|")
    .replace(/[ \t\u00a0]+/g, " ")
    .trim();
}

/**
 * Rows may be ragged; they are padded to the widest row. Columns and rows that are empty everywhere are dropped.
 * The first row becomes the header row. Returns "" for a table without any text.
 * Padding multiplies cells (one row of a million cells pads every other row to a million), so the
 * rendered grid is charged to the budget before it is built.
 */
export function markdownTable(rows: string[][], budget: ParseBudget): string {
  const clean = rows.map((r) => r.map(cellText));
  const nonEmptyRows = clean.filter((r) => r.some((c) => c !== ""));
  if (nonEmptyRows.length === 0) return "";
  // Columns with text somewhere, found in one pass over the cells.
  const used: boolean[] = [];
  for (const r of nonEmptyRows) for (let c = 0; c < r.length; c++) if (r[c] !== "") used[c] = true;
  const keep: number[] = [];
  for (let c = 0; c < used.length; c++) if (used[c]) keep.push(c);
  budget.step(nonEmptyRows.length * keep.length);
  const lines: string[] = [];
  nonEmptyRows.forEach((r, i) => {
    lines.push("| " + keep.map((c) => r[c] ?? "").join(" | ") + " |");
    if (i === 0) lines.push("|" + keep.map(() => " --- ").join("|") + "|");
  });
  return lines.join("\n");
}
