// How a note names a source figure: its line item as written, without the words around it that name no item
// (a list's mark, the subject and its verb, the period), and its value as printed.
import type { FigureInContext } from "./figure-types";

// "For the three months ended July 29, 2023, Domestic segment revenue was": the period opening the clause is no part of the item's name.
const PERIOD_OPENING = /^(?:for|in|during)\s+the\s+(?:three|six|nine|twelve|\d{1,2})[\s-](?:months|weeks)\s+ended\s+[a-z]+\.?\s+\d{1,2},?\s+\d{4},?\s+/i;

// ") and core constant currency EPS": the end of the aside before it, on a line joined to its sentence.
const CLOSE_BEFORE = /^[\s)\],;:]+(?:(?:and|or)\s+)?/;
// "• Company expects ...", "- Net sales": a list's mark.
const LIST_MARK = /^[\s•·▪◦*\u2013\u2014-]+/;
// "Company expects 2023 Adjusted Reported EPS", "The Company reported net sales": the subject and its verb, not the item.
const SUBJECT_OPENING = /^(?:the\s+)?(?:company|group)\s+(?:expects|reported|reports|recorded|posted|had|delivered|generated)\s+/i;
// "2023 Adjusted Reported EPS", "FY2022 net sales": the period, which the note names after the item.
const YEAR_OPENING = /^(?:fy\s?|fiscal\s+(?:year\s+)?)?(?:19|20)\d\d\s+(?=[A-Za-z])/i;
// "at the mid-point and Adjusted Operational EPS": the words of the clause before, up to the item's capitalized name.
const CLAUSE_BEFORE_NAME = /^[a-z][^A-Z]*?\s(?:and|with|while)\s+(?=[A-Z])/;

// "Combined with the last three quarterly dividends, this increases the annual dividend for fiscal 2023 to":
// the clause that names the figure, after the one before it, without its pronoun and verb and its period.
const PRONOUN_VERB = /^(?:this|it|which|that)\s+\w+\s+/i;
const PERIOD_TO = /\b(?:for|in)\s(?:fiscal\s)?(?:year\s)?(?:19|20)\d\d\s(?=to$)/i;

/** The last clause of a figure's words where it opens with a pronoun and its verb ("..., this increases the annual dividend to"). */
function lastClause(text: string): string {
  const comma = text.lastIndexOf(", ");
  const tail = comma >= 0 ? text.slice(comma + 2) : "";
  if (!PRONOUN_VERB.test(tail)) return text;
  return tail.replace(PRONOUN_VERB, "").replace(PERIOD_TO, "").replace(/\bto$/i, "").trimEnd();
}

const SHARE_FIRST = /^(as a (?:percentage|percent|share) of [^,]+),\s(\S.*)$/i;

/** A figure's line item as a note names it: "net sales", "adjusted Operational EPS", "fourth-quarter earnings per share (EPS)". */
export function label(s: FigureInContext): string {
  const text = lastClause(s.itemText)
    .replace(CLOSE_BEFORE, "")
    .replace(LIST_MARK, "")
    .replace(SUBJECT_OPENING, "")
    // "Company maintains its quarterly dividend": the item, not who keeps it.
    .replace(/^(?:the\s+)?company\s+[a-z]+s\s+(?:its|their|our)\s+/i, "")
    .replace(YEAR_OPENING, "")
    .replace(PERIOD_OPENING, "")
    .replace(CLAUSE_BEFORE_NAME, "")
    .replace(/^(?:(?:the|an?|in|and|of|for|while|our|its|their|compared (?:with|to))\s+)+/i, "")
    // "Adjusted Free Cash Flow of approximately": the hedge before the figure is not the item's.
    .replace(/(?<!\s)\s+(?:approximately|about|around|nearly|roughly)$/i, "")
    .replace(/(?<!\s)\s+(?:was|were|is|are|of|totaled|amounted to|reached|(?:fell|rose|grew|increased|decreased|declined|dropped)(?:\s+(?:to|from|by))?)$/i, "")
    // "Adjusted Free Cash Flow for fiscal 2023": the period is the note's to name, not the item's.
    .replace(/(?<!\s)\s+(?:for|in|during)\s+(?:the\s+)?(?:fiscal(?:\s+year)?\s+|fy\s?)'?(?:19|20)?\d\d$/i, "")
    .trim();
  // "As a percentage of net sales, SG&A expenses": "SG&A expenses as a percentage of net sales".
  const share = SHARE_FIRST.exec(text);
  const item = (share ? `${share[2]} ${share[1].toLowerCase()}` : text) || "this item";
  // "Net sales" reads "net sales" inside a sentence, "Fourth-Quarter EPS" "fourth-quarter EPS"; "3M" and "EBITDA" keep their capitals.
  const compound = /^[A-Z][a-z]+-[A-Z][a-z]+(?![A-Za-z])/.exec(item);
  if (compound) return compound[0].toLowerCase() + item.slice(compound[0].length);
  return /^[A-Z][a-z]+(?![A-Za-z])/.test(item) ? item[0].toLowerCase() + item.slice(1) : item;
}

/** A figure's value as the source prints it, a table cell with its table's scale ("1,577 million"). */
export function written(s: FigureInContext): string {
  // "$762.7\nmillion": a figure a line break cut, printed on one line.
  return s.fromTable ? `${s.raw}${s.scale === 1e6 ? " million" : s.scale === 1e3 ? " thousand" : s.scale === 1e9 ? " billion" : ""}` : s.raw.replace(/\s+/g, " ");
}
