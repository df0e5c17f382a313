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
