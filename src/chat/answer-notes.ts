// Statement text as chat reads it: a row label that ends in a note printing figures is misread by the shared
// table reader (the note's last figure taken for the row's first cell); chat reads such labels without the note.
/** Lines a source's notes are looked for in. */
const MAX_NOTE_LINES = 2_000;

/**
 * Row labels without a closing note that prints figures ("Long-term debt (includes debt of consolidated
 * variable interest entities: 2022, $12,662; 2021, $13,803)"): the shared reader takes the note's last
 * figure for the row's first cell. The label as printed before the note stays (chat only).
 */
export function withoutFigureNotes(text: string): string {
  const lines = text.split("\n");
  for (let i = 0; i < Math.min(lines.length, MAX_NOTE_LINES); i++) {
    const line = lines[i].trimEnd();
    if (!line.endsWith(")")) continue;
    const open = line.lastIndexOf(" (");
    if (open <= 0 || line.indexOf(")", open) !== line.length - 1) continue;
    const head = line.slice(0, open);
    if (/[a-z]{3}/i.test(head) && !/\d/.test(head) && /\d/.test(line.slice(open))) lines[i] = head;
  }
  return lines.join("\n");
}

/** Lines read for unlabelled totals, and rows a section may hold. */
const MAX_TOTAL_LINES = 2_000;
const MAX_SECTION_ROWS = 40;

const YEAR_LINE = /^(?:19|20)\d\d$/;
const CELL_LINE = /^\(?-?\$?\s?\d{1,3}(?:,\d{3})*(?:\.\d+)?\)?$|^[—–-]$/;

function cellValue(line: string): number {
  if (/^[—–-]$/.test(line)) return 0;
  const v = Number(line.replace(/[$\s(),]/g, ""));
  return line.startsWith("(") ? -v : v;
}

/**
 * A statement printed one cell per line whose section total has no label ("Revenues", its rows, then the sum
 * of their figures alone): the total is labelled "Total <section>" when each of its figures is the sum of the
 * section's rows in that column (within a unit per row for rounding); the shared reader would otherwise read
 * it as more cells of the section's last row.
 */
export function withLabelledTotals(text: string): string {
  const lines = text.split("\n");
  const limit = Math.min(lines.length, MAX_TOTAL_LINES);
  // The columns: the first run of two or more year lines.
  let k = 0;
  let start = 0;
  for (let i = 0; i < limit && !k; i++) {
    let j = i;
    while (j < limit && YEAR_LINE.test(lines[j].trim())) j += 1;
    if (j - i >= 2) {
      k = j - i;
      start = j;
    }
  }
  if (!k) return text;
  const inserts: { at: number; label: string }[] = [];
  let heading: string | null = null;
  let rows: number[][] = [];
  let label: string | null = null;
  let cells: number[] = [];
  let runStart = -1;
  const closeRow = () => {
    if (label !== null && cells.length === k && rows.length < MAX_SECTION_ROWS) rows.push(cells);
  };
  for (let i = start; i < limit; i++) {
    const line = lines[i].trim();
    if (!line || line === "$") continue;
    if (CELL_LINE.test(line)) {
      if (cells.length === k && label !== null && heading !== null && rows.length >= 1) {
        // A second run of k cells after a complete row: a total candidate.
        if (runStart < 0) {
          closeRow();
          label = null;
          cells = [];
          runStart = i;
        }
      }
      cells.push(cellValue(line));
      if (label === null && runStart >= 0 && cells.length === k) {
        const sums = Array.from({ length: k }, (_, c) => rows.reduce((s, r) => s + r[c], 0));
        if (heading && rows.length >= 2 && sums.every((s, c) => Math.abs(s - cells[c]) <= rows.length)) inserts.push({ at: runStart, label: `Total ${heading.toLowerCase()}` });
        heading = null;
        rows = [];
        runStart = -1;
        cells = [];
      }
      continue;
    }
    closeRow();
    // A label line right after another label line (no cells between): the first was a section heading.
    if (label !== null && cells.length === 0) {
      heading = label;
      rows = [];
    }
    label = /[a-z]{3}/i.test(line) ? line : null;
    cells = [];
    runStart = -1;
  }
  if (!inserts.length) return text;
  const out = [...lines];
  for (const { at, label: l } of [...inserts].reverse()) out.splice(at, 0, l);
  return out.join("\n");
}

/** Statement text as chat reads its tables: notes with figures taken off labels, unlabelled totals labelled. */
export function statementText(text: string): string {
  return withLabelledTotals(withoutFigureNotes(text));
}
