// Blank-trimming shared by the parsers, written as single scans. A regex such as /[ \t]+\n/g retries from
// every blank of a long run that no newline follows, which is quadratic in the run's length.

const SPACE = 32;
const TAB = 9;
const NBSP = 0xa0;

function isBlank(c: number, nbsp: boolean): boolean {
  return c === SPACE || c === TAB || (nbsp && c === NBSP);
}

/** Line terminators of a multiline regex `$`: \n, \r, U+2028, U+2029. */
function isLineTerminator(c: number): boolean {
  return c === 10 || c === 13 || c === 0x2028 || c === 0x2029;
}

/** Drops each run of blanks that the predicate's character follows, and the final run when `atEnd`. */
function dropBlankRuns(s: string, endsLine: (c: number) => boolean, nbsp: boolean, atEnd: boolean): string {
  const parts: string[] = [];
  let copied = 0; // s[copied..] is not in parts yet
  let run = -1; // start of the current run of blanks, or -1
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (isBlank(c, nbsp)) {
      if (run < 0) run = i;
      continue;
    }
    if (run >= 0 && endsLine(c)) {
      parts.push(s.slice(copied, run));
      copied = i;
    }
    run = -1;
  }
  if (atEnd && run >= 0) {
    parts.push(s.slice(copied, run));
    copied = s.length;
  }
  if (copied === 0) return s;
  parts.push(s.slice(copied));
  return parts.join("");
}

/** Spaces and tabs (and no-break spaces with `nbsp`) right before each "\n": `s.replace(/[ \t]+\n/g, "\n")`. */
export function trimBeforeNewlines(s: string, nbsp = false): string {
  return dropBlankRuns(s, (c) => c === 10, nbsp, false);
}

/** Spaces and tabs at the end of every line and of the text: `s.replace(/[ \t]+$/gm, "")`. */
export function trimLineEnds(s: string): string {
  return dropBlankRuns(s, isLineTerminator, false, true);
}

/** Spaces and tabs at the end of the text: `s.replace(/[ \t]+$/, "")`. */
export function trimEndBlanks(s: string): string {
  let end = s.length;
  while (end > 0 && isBlank(s.charCodeAt(end - 1), false)) end--;
  return end === s.length ? s : s.slice(0, end);
}
