// Renders a grid of cell strings as a GitHub-flavoured markdown table.
// Shared by DOCX, PPTX, XLSX, XLS and HTML so every table looks the same to search and to the LLM.

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
 */
export function markdownTable(rows: string[][]): string {
  const clean = rows.map((r) => r.map(cellText));
  const nonEmptyRows = clean.filter((r) => r.some((c) => c !== ""));
  if (nonEmptyRows.length === 0) return "";
  let width = 0;
  for (const r of nonEmptyRows) width = Math.max(width, r.length);
  const keep: number[] = [];
  for (let c = 0; c < width; c++) if (nonEmptyRows.some((r) => (r[c] ?? "") !== "")) keep.push(c);
  const lines: string[] = [];
  nonEmptyRows.forEach((r, i) => {
    lines.push("| " + keep.map((c) => r[c] ?? "").join(" | ") + " |");
    if (i === 0) lines.push("|" + keep.map(() => " --- ").join("|") + "|");
  });
  return lines.join("\n");
}
