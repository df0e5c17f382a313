// The lines of a text as the prose reader reads them (context.ts): sentences, with the ones a PDF's line
// breaks cut where a figure's words or period stand read whole again, and a table's rows told apart.
import { isCellToken, periodsNamed } from "./table";
import { sentences } from "./text";

/** A line that ends in two or more figure cells after a short label, with no verb: a table row. */
export function isTableLine(line: string): boolean {
  // "% to Sales 31.7 % 16.1 % (0.5)% 25.9 %": a cell's percent sign printed apart from its digits.
  const tokens = line.trim().replace(/(\d\)?)\s+%/g, "$1%").split(/\s+/);
  let cells = 0;
  let i = tokens.length - 1;
  for (; i >= 0 && (tokens[i] === "$" || isCellToken(tokens[i])); i--) if (tokens[i] !== "$") cells += 1;
  const label = tokens.slice(0, i + 1).join(" ");
  // "Cash and cash equivalents at beginning of year 431,560 1,046,051", "Cost of sales": "of" inside a label; "net
  // sales of 3,226.8 2,729.4" ends on it (a sentence's figures).
  return cells >= 2 && label.length <= 120 && !/\b(was|were|is|are)\b/i.test(label) && !/\bof$/i.test(label);
}

/** Lines above a table row read for its header, at most: a header of period and group names is a few lines. */
const HEADER_LINES = 6;

/**
 * Whether the table row starting at `start` is under a header that names two or more periods ("Three Months
 * Ended June 30 Twelve Months Ended June 30", then group names over the columns): the lines above the row's
 * block, up to a sentence's end. Where no table was parsed from the text, the row's cells cannot be placed
 * under their periods, so its figures are read as no period's at all (context.ts leaves them out), rather than
 * each as the period its row label names ("Net sales fiscal year 2023 2,777 897 3,673 11,154 3,540 14,694":
 * the quarter's 3,673 is not fiscal 2023's).
 */
export function underPeriodColumns(text: string, start: number): boolean {
  let end = start;
  const header: string[] = [];
  for (let n = 0; n < HEADER_LINES * 4 && end > 0 && header.length < HEADER_LINES; n++) {
    const from = text.lastIndexOf("\n", end - 2) + 1;
    const line = text.slice(from, end).trim();
    end = from;
    if (!line) break;
    // The rows of the block above this one are passed; a sentence or a long line ends the header.
    if (isTableLine(line)) {
      if (header.length) break;
      continue;
    }
    if (/[.!?]$/.test(line) || line.length > 120) break;
    header.push(line);
    if (from === 0) break;
  }
  return header.length > 0 && periodsNamed(header.reverse().join(" ")).size >= 2;
}

// A figure as a line may open with it: "12.5%", "$9.90", "(2.0)%", "-3%".
const FIGURE = String.raw`[(]?[-\u2212\u2013]?\s?(?:\$|US\$|€|£|¥)?\s?\d`;
/** A line that opens with a figure ("12.5% at the mid-point", "$9.90 - $10.00, reflecting ..."), not with a year ("2017: $34.4 billion"). */
const OPENS_WITH_FIGURE = new RegExp(String.raw`^(?!(?:19|20)\d\d\b)${FIGURE}`);
/** A line that opens with the change of the figure before it ("increasing by 3.6%*", "reflecting growth of 3.5%"), or with what drove it ("driven by a 13.6% increase in transactions"). */
const OPENS_WITH_CHANGE = new RegExp(
  String.raw`^(?:(?:increas|decreas|declin|grow|grew|ris|rose|fell|fall|drop|reflect|represent|up\b|down\b)\p{L}*\s+(?:by\s+|of\s+|growth\s+of\s+|a\s+(?:decline|decrease|increase)\s+of\s+)?|driven\s+(?:primarily\s+|mainly\s+|largely\s+)?by\s+(?:an?\s+)?)${FIGURE}`,
  "u",
);
// "gross profit of 37.6% was flat" / "compared to the fourth quarter of fiscal 2021": a comparison on the next line.
const OPENS_COMPARING = /^(?:as\s+)?(?:compared\s+(?:to|with)|versus)\b/i;
// "compared" / "to $375.6 million ...": the comparison a line break cut after its verb.
const OPENS_WITH_COMPARISON = new RegExp(String.raw`^(?:to|with)\s+(?:an?\s+(?:increase|decrease|decline)\s+of\s+)?${FIGURE}`, "i");
// "$762.7" / "million compared to $650.0 million ...": the scale word of the figure that ends the line before.
const OPENS_WITH_SCALE = /^(?:thousand|million|billion|trillion)s?\b/i;
// "in the fourth" / "quarter of fiscal 2021.": a period's words a line break cut.
const OPENS_WITH_PERIOD = /^(?:quarter|half|year|fiscal|months?|weeks?)\b/i;
// "compared to $2.1 billion in fiscal" / "2021. As a percentage ...": the year of a period a line break cut.
const OPENS_WITH_YEAR = /^(?:19|20)\d\d\b/;
const ENDS_BEFORE_YEAR = /\b(?:fiscal|fy|year|in|of|for|during)$/i;
// "including a $0.02 benefit due to" / "income tax accounting ...": a line that ends on a word no sentence
// ends on (a preposition, an article, a conjunction) goes on in the next line's words.
const OPENS_WITH_WORD = /^\p{Ll}/u;
// "As a percentage" / "of net sales, SG&A expenses decreased to 23.6%": nor does a sentence open on a preposition or a conjunction.
const OPENS_WITH_LINK = /^(?:of|and|or|to|in|for|from|with|at|by|as)\s/;
// "Leverage, measured as net debt divided by adjusted trailing twelve" / "month EBITDA, was 3.0 times": a line
// that goes on an aside and then gives the figure of the subject the line before opened.
const OPENS_ASIDE_THEN_FIGURE = new RegExp(String.raw`^\p{Ll}[^.;:\d]{0,80},\s(?:was|were|is|are)\s+(?:approximately\s+|about\s+)?${FIGURE}`, "u");
const ENDS_UNFINISHED = /\b(?:to|of|for|the|a|an|and|or|in|on|at|by|with|from|including|than|as|its|their|our|we|per|into|between|approximately)$/i;

/**
 * The sentences of a text as the prose reader reads them: sentences(text), with a sentence that a line break
 * cut right before a figure, or before the change of the figure before it, joined to the line it continues.
 * "reflecting increased growth of\n12.5% at the mid-point" is one clause: the figure's words, and the
 * direction they give it, are on the line before. "adjusted EPS of $10.15\nincreasing by 3.6%*": the change
 * is the adjusted EPS's, beside the GAAP EPS's "decreasing 13.8%" (basis.ts contrastBases). So are a
 * comparison cut after its verb ("compared" / "to $375.6 million"), a period cut inside ("in the fourth" /
 * "quarter of fiscal 2021") and a figure's scale word on the next line ("$762.7" / "million compared to"), so
 * the sentence's years date its figures (comparedYear). Only where the line goes on in words (not a table's
 * cell or row, which the table reader reads). Lines that merely go on a sentence are read as before: joined,
 * their figures took other years and items in the judge bench.
 */
export function figureSentences(text: string): { text: string; start: number }[] {
  const out: { text: string; start: number }[] = [];
  let offset = 0;
  for (const s of sentences(text)) {
    const at = text.indexOf(s, offset);
    const start = at >= 0 ? at : offset;
    const last = out.length - 1;
    const before = out[last]?.text ?? "";
    const continues =
      (OPENS_WITH_FIGURE.test(s) && /\p{L}$/u.test(before)) ||
      (OPENS_WITH_CHANGE.test(s) && /[\p{L}\d%*,]$/u.test(before)) ||
      (OPENS_WITH_COMPARISON.test(s) && /\b(?:compared|as compared)$/i.test(before)) ||
      (OPENS_WITH_SCALE.test(s) && /\d$/.test(before)) ||
      (OPENS_WITH_PERIOD.test(s) && /\b(?:first|second|third|fourth|the|fiscal|full|of)$/i.test(before)) ||
      (OPENS_WITH_WORD.test(s) && (ENDS_UNFINISHED.test(before) || (OPENS_WITH_LINK.test(s) && /\p{L}$/u.test(before)))) ||
      (OPENS_COMPARING.test(s) && /[\p{L}\d%]$/u.test(before)) ||
      (OPENS_ASIDE_THEN_FIGURE.test(s) && /\p{Ll}$/u.test(before) && /,/.test(before)) ||
      // "..., Operational Sales Growth of 7.5% - 8.5%, and" / "Adjusted Operational Sales Growth of 6.2% - 7.2%": a
      // list's last item, its name in capitals.
      (/^\p{Lu}/u.test(s) && /,\s(?:and|or)$/.test(before)) ||
      // "maintains 9.5%" / "of equity stake in Kenvue": what a percentage is of, cut from it.
      (/^of\s+\p{L}/u.test(s) && /\d\s?%$/u.test(before)) ||
      // "Our effective tax rate" / "(“ETR”) increased to 26.1%": an aside that goes on the line before.
      (/^\(\s?["“']?\p{Lu}/u.test(s) && /\p{Ll}$/u.test(before));
    const year = OPENS_WITH_YEAR.test(s) && ENDS_BEFORE_YEAR.test(before);
    if (last >= 0 && at >= 0 && (continues || year) && /^[ \t]*\r?\n[ \t]*$/.test(text.slice(offset, start)) && (year || /\p{L}/u.test(s)) && !isTableLine(s)) {
      out[last].text = text.slice(out[last].start, start + s.length);
    } else {
      out.push({ text: s, start });
    }
    offset = start + s.length;
  }
  return out;
}

