// The grounding guard of every answer engine (local or a remote model streaming tokens): the answer is held
// back one sentence at a time, and a figure that no passage the sentence cites carries (the judges' notion of
// "the same figure": figures/compare.ts) is replaced by FLAG before the sentence is sent.
import { subjectStems } from "../figures/subject";
import { checkStatement } from "../figures/statement";
import { readText, type FigureInContext } from "../figures/context";
import { equalAtSomeScale, kindsMatch } from "../figures/values";
import { shownArithmetic } from "./grounding-arithmetic";
import { statementText } from "./answer-notes";
import { columnGroupReading } from "./answer-column-groups";

export const FLAG = "[figure not in sources]";

/** A sentence with no end in sight is checked and sent at this length (the buffer stays bounded). */
const MAX_SENTENCE_CHARS = 2_000;
/** Characters of one cited passage the check reads. */
const MAX_PASSAGE_CHARS = 20_000;
/** Figures of one passage an operand of shown arithmetic is compared with. */
const MAX_OPERAND_COMPARISONS = 4_000;
/** Constants a formula writes itself (days in a year, percent, halves of an average, months). */
const CONSTANTS = new Set([1, 2, 3, 4, 12, 100, 360, 365, 1000]);

export interface GroundedSentence {
  text: string;
  /** The figures replaced by FLAG, as written. */
  flagged: string[];
}

/** The sentence without its [n] markers, with the offset in the original of each character kept. */
function withoutMarkers(sentence: string): { text: string; at: number[]; cited: number[] } {
  let text = "";
  const at: number[] = [];
  const cited: number[] = [];
  let i = 0;
  while (i < sentence.length) {
    if (sentence[i] === "[") {
      let j = i + 1;
      while (j < sentence.length && j - i <= 4 && sentence[j] >= "0" && sentence[j] <= "9") j += 1;
      if (j > i + 1 && sentence[j] === "]") {
        cited.push(Number(sentence.slice(i + 1, j)));
        i = j + 1;
        continue;
      }
    }
    text += sentence[i];
    at.push(i);
    i += 1;
  }
  at.push(sentence.length);
  return { text, at, cited };
}

/** Shortest sentence taken as a quotation: a bare figure ("8 percent") is checked like any other. */
const MIN_QUOTE_CHARS = 40;

/** Text as compared for quotation: runs of white space as one space, curly quotes as straight, trimmed. */
function squeezed(text: string): string {
  return text.replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(/\s+/g, " ").trim();
}

/** Passages as compared, kept for the next sentences of the answer (they cite the same few passages). */
const squeezedPassages = new Map<string, string>();
const MAX_SQUEEZED = 32;

function squeezedPassage(text: string): string {
  let out = squeezedPassages.get(text);
  if (out === undefined) {
    if (squeezedPassages.size >= MAX_SQUEEZED) squeezedPassages.clear();
    out = squeezed(text);
    squeezedPassages.set(text, out);
  }
  return out;
}

/** Whether the sentence (its end punctuation aside) is printed word for word in one of the cited passages. */
function isQuoted(text: string, sources: readonly string[]): boolean {
  const quote = squeezed(text).replace(/[.;:]$/, "");
  if (quote.length < MIN_QUOTE_CHARS) return false;
  return sources.some((s) => squeezedPassage(s).includes(quote));
}

/** Whether some figure of the cited passages has the value as written (an operand of shown arithmetic). */
function valueInSources(f: FigureInContext, sources: ReturnType<typeof readText>[]): boolean {
  if (CONSTANTS.has(f.mantissa) && f.decimals === 0 && f.scale === null) return true;
  for (const s of sources) {
    let n = 0;
    for (const g of s.figures) {
      if (++n > MAX_OPERAND_COMPARISONS) break;
      if (kindsMatch(f, g) && equalAtSomeScale(f, g)) return true;
    }
  }
  return false;
}

/**
 * One sentence checked against the passages it cites ([n], 1-based into `passages`): every figure carried by
 * one of them stays; a figure of shown arithmetic stays when a cited passage has its value (an operand) or
 * when the expression before it gives it (a result); any other figure is replaced by FLAG.
 */
export function groundSentence(sentence: string, passages: readonly string[], question: string): GroundedSentence {
  const { text, at, cited } = withoutMarkers(sentence);
  const sources = [...new Set(cited)].filter((n) => n >= 1 && n <= passages.length).map((n) => passages[n - 1].slice(0, MAX_PASSAGE_CHARS));
  // A sentence a cited passage prints word for word carries its figures as that passage does.
  if (isQuoted(text, sources)) return { text: sentence, flagged: [] };
  const check = checkStatement(text, sources, subjectStems(question), question);
  if (!check.figures.length) return { text: sentence, flagged: [] };
  const read = sources.map((s) => readText(s));
  const shown = shownArithmetic(text, check.figures.map((c) => ({ index: c.figure.index, raw: c.figure.raw, percent: c.figure.kind === "percent" })));
  const inExpression = (i: number) => shown.expressions.some(([a, b]) => i >= a && i < b);
  let bad = check.figures.filter((c) => {
    if (c.status === "carried") return false;
    const f = c.figure;
    if (shown.results.has(f.index)) return false;
    return !(inExpression(f.index) && valueInSources(f, read));
  });
  // A statement row whose label ends in a note printing figures ("Long-term debt (includes ...: 2022,
  // $12,662; 2021, $13,803)") is misread with the note's figure as its first cell: read without the notes,
  // the row's own figures are carried too.
  if (bad.length) {
    const plain = sources.map(statementText);
    if (plain.some((p, i) => p !== sources[i])) {
      const again = checkStatement(text, plain, subjectStems(question), question);
      const carried = new Set(again.figures.filter((c) => c.status === "carried").map((c) => c.figure.index));
      bad = bad.filter((c) => !carried.has(c.figure.index));
    }
  }
  // A segment's figure from a table printed one column group per segment, which the shared reader does not lay
  // out: that table's own reading decides, both ways.
  if (/^[^:]{3,80}: /.test(text)) {
    for (const c of check.figures) {
      const readings = sources.map((s) => columnGroupReading(text, c.figure.raw, s));
      if (readings.includes(true)) bad = bad.filter((b) => b !== c);
      else if (readings.includes(false) && !bad.includes(c)) bad.push(c);
    }
  }
  if (!bad.length) return { text: sentence, flagged: [] };
  // Replace from the end, so earlier offsets stay valid; offsets map back past the markers.
  let out = sentence;
  const flagged: string[] = [];
  for (const c of [...bad].sort((a, b) => b.figure.index - a.figure.index)) {
    const f = c.figure;
    if (f.index < 0) continue;
    const start = at[f.index];
    const end = at[f.index + f.raw.length - 1] + 1;
    out = `${out.slice(0, start)}${FLAG}${out.slice(end)}`;
    flagged.unshift(f.raw);
  }
  return { text: out, flagged };
}

/**
 * Where the sentence starting at `from` ends (after its trailing [n] markers), or -1 when it may go on. Reads
 * at most MAX_SENTENCE_CHARS past `from`: a longer run is cut at its last space there.
 */
function sentenceEnd(text: string, from: number, final: boolean): number {
  const limit = Math.min(text.length, from + MAX_SENTENCE_CHARS);
  for (let i = from; i < limit; i++) {
    const c = text[i];
    const stop = c === "\n" || ((c === "." || c === "?" || c === "!") && (i + 1 >= text.length || /\s/.test(text[i + 1])) && !isDecimalOrInitial(text, i));
    if (!stop) continue;
    // Markers after the full stop belong to the sentence: "... $5 million. [2]"
    let j = i + 1;
    for (;;) {
      let k = j;
      while (k < text.length && k - j < 16 && (text[k] === " " || text[k] === "\t")) k += 1;
      if (k >= text.length) return final ? text.length : -1;
      const m = /^\[\d{1,3}\]/.exec(text.slice(k, k + 6));
      // The start of a marker still arriving ("[", "[1"): wait for the rest.
      if (!m && !final && /^\[\d{0,3}$/.test(text.slice(k))) return -1;
      if (!m) return j;
      j = k + m[0].length;
    }
  }
  if (text.length - from >= MAX_SENTENCE_CHARS) {
    const space = text.lastIndexOf(" ", from + MAX_SENTENCE_CHARS);
    return space > from ? space + 1 : from + MAX_SENTENCE_CHARS;
  }
  return final && text.length > from ? text.length : -1;
}

/** "U.S." and "No. 3" end no sentence: a single capital letter or a short abbreviation before the dot. */
function isDecimalOrInitial(text: string, i: number): boolean {
  if (text[i] !== ".") return false;
  const before = text.slice(Math.max(0, i - 4), i);
  return /(?:^|[\s(.])[A-Z]$/.test(before) || /\b(?:No|Inc|Co|vs|approx)$/i.test(before);
}

/**
 * Holds an answer stream back one sentence at a time and sends each sentence grounded. push() takes the
 * next chunk and gives the sentences it completed; end() gives the rest.
 */
export class SentenceGuard {
  private pending = "";
  readonly flagged: string[] = [];

  constructor(
    private readonly passages: readonly string[],
    private readonly question: string,
  ) {}

  push(chunk: string): string[] {
    this.pending += chunk;
    return this.take(false);
  }

  end(): string[] {
    return this.take(true);
  }

  private take(final: boolean): string[] {
    const out: string[] = [];
    // One cut of the buffer per chunk, however many sentences it completes.
    let pos = 0;
    for (;;) {
      const end = sentenceEnd(this.pending, pos, final);
      if (end <= pos) break;
      const grounded = groundSentence(this.pending.slice(pos, end), this.passages, this.question);
      pos = end;
      this.flagged.push(...grounded.flagged);
      out.push(grounded.text);
    }
    this.pending = this.pending.slice(pos);
    return out;
  }
}
