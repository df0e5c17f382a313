// A table line's tokens: its figure cells ("(3,162)" negative, "—" nil, "12.5%"), the label before them, and
// a label normalized as lookups compare it. The line-level readers of table.ts and of the other table readers
// (named columns, store tables, reconciliations).

export interface Cell {
  decimals: number;
  percent: boolean;
}

export function cellOf(token: string): Cell {
  const digits = token.replace(/[^\d.]/g, "");
  const dot = digits.indexOf(".");
  return { decimals: dot >= 0 ? digits.length - dot - 1 : 0, percent: token.includes("%") };
}

// "(3,162)", "$1,577", "12.5%", and a negative percentage written "(4.8%)".
const FIGURE = /^\(?\$?\s?[-−–]?\s?\$?\s?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?\s?(?:\)?%?|%\))$/;
const NIL = /^[—–-]{1,2}$/;

/** Whether a token is one figure cell of a table row ("(3,162)", "$1,577", "12.5%", "—"). */
export function isCellToken(token: string): boolean {
  return figureValue(token) !== null;
}

function figureValue(token: string): number | null {
  const t = token.trim();
  if (NIL.test(t)) return 0;
  if (!FIGURE.test(t)) return null;
  const negative = /^\(.*\)%?$/.test(t) || /[-−–]\s?\$?\s?\d/.test(t);
  const v = Number(t.replace(/[^\d.]/g, ""));
  if (!Number.isFinite(v)) return null;
  return negative ? -v : v;
}

/** Splits "Total revenue 12,617 11,141 9,660" into its label and trailing figures. */
export function splitRow(line: string): { label: string; figures: number[]; cells: Cell[] } {
  const tokens: string[] = [];
  for (const t of line.trim().split(/\s+/)) {
    // "45 %": a percentage whose sign a PDF's text printed apart from its digits is one cell.
    if (t === "%" && tokens.length > 0 && /\d\)?$/.test(tokens[tokens.length - 1])) tokens[tokens.length - 1] += "%";
    else tokens.push(t);
  }
  const figures: number[] = [];
  const cells: Cell[] = [];
  // Whether a parenthesis opened before each token is still open (one pass, made only when a token asks).
  let open: boolean[] | null = null;
  const openBefore = (at: number): boolean => {
    if (!open) {
      open = [];
      let depth = 0;
      for (const t of tokens) {
        open.push(depth > 0);
        for (const c of t) depth = c === "(" ? depth + 1 : c === ")" ? Math.max(0, depth - 1) : depth;
      }
    }
    return open[at];
  };
  let i = tokens.length;
  while (i > 0) {
    const tok = tokens[i - 1];
    if (tok === "$") { i -= 1; continue; }
    // "... variable interest entities: 2022, $12,662; 2021, $13,803)": the close of a note the label opened, not a cell.
    if (tok.includes(")") && !tok.includes("(") && openBefore(i - 1)) break;
    const v = figureValue(tok);
    if (v === null) break;
    figures.unshift(v);
    cells.unshift(cellOf(tok));
    i -= 1;
  }
  const label = tokens.slice(0, i).join(" ");
  return { label: label.endsWith("$") ? label.replace(/(?<!\s)\s*\$$/, "") : label, figures, cells };
}

/** A row label as printed, without a footnote mark at its end ("Net loss on disposals(2)"). */
export function printedLabel(label: string): string {
  return label.replace(/(?<!\s)\s*\(\d\)$/, "").trim();
}

export function normalizeLabel(label: string): string {
  let out = label.toLowerCase();
  // Parenthesised alternatives and notes: "Provision for (benefit from) income taxes", "Net income (loss)",
  // "Net cash (used)/provided by operating activities" read as their plain line item. (Each rewrite runs
  // only on a label with its character: most have none.)
  if (out.includes("(")) out = out.replace(/\([^()]*\)\/?/g, " ");
  if (out.includes("[")) out = out.replace(/\[\d\]/g, " ");
  if (out.includes("&")) out = out.replace(/&/g, " and ");
  return out.replace(/[^a-z0-9]+/g, " ").trim();
}
