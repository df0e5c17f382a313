// Words of a clause that place its figure, read by the prose reader (context.ts) and the table reader: which
// category or segment a figure is of ("declined 16.1% in Appliances"), which change a list item's label gives
// ("· Appliances: The 16.1% comparable sales decline"), which point of its period a balance is at ("at
// beginning of period"), which pair of periods "respectively" gives ("the second quarter and first six months
// ... $9.6 billion and $19.1 billion, respectively"), and an abbreviation that spells its words out
// ("effective tax rate (“ETR”)").

/**
 * A balance at a period's opening: "at the beginning of 2022", "Cash, beginning of year", "opening balance".
 * Not a start in other words ("Given our strong start to the year", "beginning in fiscal 2023").
 */
export const OPENING = /\b(?:beginning|start)\s+of\b|\b(?:beginning|opening)\s+(?:balances?|inventor\w*|cash)\b|\b(?:began|started)(?:\s+[\w-]+){0,6}?\s+with\b/i;
/** A balance at a period's close: "at end of period", "at the end of the first six months", "ending balance", "ended the year with". */
// "Ulta Beauty ended fiscal 2022 with 1,355 stores": a count at the period's close.
const CLOSING = /\bend\s+of\b|\b(?:ending|closing)\s+(?:balances?|cash)\b|\bended(?:\s+[\w-]+){0,6}?\s+with\b/i;

/** Which point of its period a balance is at, by its words: the opening ("at beginning of period") or the close. */
export function pointOf(text: string): "opening" | "closing" | undefined {
  const opening = OPENING.test(text);
  const closing = CLOSING.test(text);
  return opening === closing ? undefined : opening ? "opening" : "closing";
}

// " in Appliances", " for Pharmaceutical": a category in capitals right after a figure (no period: "in Q2", "for FY2024").
export const CATEGORY_AFTER = /^\s+(?:in|for)\s+(\p{Lu}[\p{L}&'-]*(?![\p{N}])(?:\s(?:and\s|&\s)?\p{Lu}[\p{L}&'-]*(?![\p{N}])){0,3})/u;
// "revenue mix was 45% Computing and Mobile Phones and 28% Consumer Electronics": a share's category named in
// capitals right after it, with no preposition, in a sentence about a mix or shares (not "3.625% Guaranteed
// Senior Notes", a rate that names a security).
const SHARE_CATEGORY_AFTER = /^\s+(\p{Lu}[\p{L}&'-]*(?![\p{N}])(?:\s(?:and\s|&\s)?\p{Lu}[\p{L}&'-]*(?![\p{N}])){0,3})/u;
const SHARES_OF = /\b(?:mix|shares? of|split|breakdown|composition|accounted for|represented|made up)\b/i;

/**
 * Where a sentence's first "mix"/"shares of" phrase ends, or -1: a share after it may be followed by its category
 * ("45% Computing and Mobile Phones", categoryAfterShare). Read once per sentence, not once per figure.
 */
export function sharesOfEnd(sentence: string): number {
  const m = SHARES_OF.exec(sentence);
  return m ? m.index + m[0].length : -1;
}

/** A share's category named right after it ("45% Computing and Mobile Phones"), in a sentence about a mix or shares (sharesOfEnd). */
export function categoryAfterShare(after: string): RegExpExecArray | null {
  return SHARE_CATEGORY_AFTER.exec(after);
}

/**
 * categoryAfterShare where the sentence up to the share (`before`, read only when a category follows: a
 * sentence of thousands of shares would be read back to its start for each) is about a mix or shares.
 */
export function shareCategoryAfter(before: () => string, after: string): RegExpExecArray | null {
  const category = categoryAfterShare(after);
  return category && SHARES_OF.test(before()) ? category : null;
}
// "16.1% comparable sales decline", "9.0% comparable sales growth": the item (one to three words) and its change after the figure.
export const CHANGE_AFTER = /^\s((?:[\p{L}&'-]+\s){1,3}?)(declines?|decreases?|increases?|growth|gains?|drops?|improvements?)\b/iu;
// "· Appliances: The 16.1% ...": a list item's label, before the colon that opens its line.
export const LIST_LABEL = /^[\s·•*-]*(\p{Lu}[\p{L}&' ]{1,40}):\s/u;

/**
 * "Revenue % change", "Comparable sales % change": a table row of changes. So is a cash flow statement's
 * "Decrease in cash, cash equivalents and restricted cash" ("Net increase (decrease) in cash"): the period's
 * change, not the balance at its end.
 */
export const CHANGE_ROW = /%\s?change\b|\bchange\s?\(?%\)?\s?$|^(?:net\s+)?\(?(?:increase|decrease)\)?(?:\s*\(?(?:increase|decrease)\)?)?\s+in\s+cash\b/i;
/** "the annual dividend for fiscal 2023 to": a figure its own words give for a whole year. */
export const ANNUAL_BEFORE = /\bannual(?:ized)?\b[^,;]{0,40}$/i;
/** "compared to", "compared with", "versus": a comparison's opening. */
export const COMPARED_WITH = /\b(?:compared\s+(?:to|with)|versus)\b/i;

const ORDINAL_QUARTER: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4 };
const TWO_PARTS = /\b(first|second|third|fourth)\s+quarters?\s+and\s+(?:the\s+)?(?:first\s+)?(six|nine)\s+months\b/i;

/**
 * "In the second quarter and first six months of fiscal 2024, ... $9.6 billion and $19.1 billion ...,
 * respectively": the parts of the year of each pair's first and second figure ("q2", "h"), or null.
 */
export function pairPartsOf(sentence: string): [string, string] | null {
  if (!/\brespectively\b/i.test(sentence)) return null;
  const m = TWO_PARTS.exec(sentence);
  return m ? [`q${ORDINAL_QUARTER[m[1].toLowerCase()]}`, m[2].toLowerCase() === "six" ? "h" : "9m"] : null;
}

// "effective tax rate (“ETR”)", "Selling, general and administrative (SG&A)": an abbreviation in parentheses.
const ABBREVIATION = /\(\s?["“']?([A-Z][A-Za-z&]{1,5})["”']?\s?\)/g;
const MINOR_WORDS = new Set(["and", "of", "&"]);

/** A text without the abbreviations it spells out right before them ("effective tax rate (ETR)": "effective tax rate"), so both name one item. */
export function spelledAbbreviations(text: string): string {
  if (!text.includes("(")) return text;
  return text.replace(ABBREVIATION, (m, abbr: string, at: number) => {
    const letters = abbr.replace(/&/g, "").toLowerCase();
    // "Earnings per share (EPS)" keeps its EPS: the name GAAP and adjusted EPS are told apart by (basis.ts).
    if (letters === "eps") return m;
    const before = text.slice(Math.max(0, at - 80), at).toLowerCase().split(/[^a-z]+/).filter((w) => w && !MINOR_WORDS.has(w));
    const initials = before.slice(-letters.length).map((w) => w[0]).join("");
    return initials === letters ? " " : m;
  });
}

// Where a figure's item, period or unit is written apart from the words right before it (context.ts).

/** What a count counts, right after its figure ("shares of its common stock", "new stores", "employees"). */
export const COUNT_AFTER = /^\s*(?:(?:of\s+)?(?:its|our|their|the)\s+)?(?:common\s+|ordinary\s+|outstanding\s+|new\s+|net\s+new\s+|full-time\s+)?(shares|stores|employees|associates|customers|locations|restaurants|subscribers|members|branches|offices|plants|facilities|countries|hotels|franchisees)\b/i;

/** "Adjusted Free Cash Flow for fiscal 2023 was": a fiscal year named in the figure's clause, and no part of it. */
export const FOR_FISCAL_YEAR = /\b(?:for|in|during)\s+(?:the\s+)?(?:fiscal(?:\s+year)?\s+|fy\s?)'?(?:19|20)?\d\d\b/i;

/** A verb of cash spent or raised right before a figure ("spent", "generated", "repurchased"): the item follows the figure. */
export const SPENT_ON = /\b(?:generated|spent|invested|repurchased|returned|paid|incurred|raised|borrowed|repaid|distributed|allocated)\s+(?:a\s+total\s+of\s+|approximately\s+|about\s+|nearly\s+|roughly\s+)?$/i;

/** "on capital expenditures", "of common shares", "of net cash from operating activities": the item after such a figure. */
// "under the $2.0 billion share repurchase program", "a $1.5 billion charge": a figure that modifies the noun
// after it, a determiner right before it.
export const ATTRIBUTIVE_BEFORE = /\b(?:the|a|an|its|our|their|this|that)\s+$/i;
// The noun phrase right after such a figure, up to a clause's end or a word that opens another phrase.
export const NOUN_AFTER = /^\s+((?!(?:of|on|in|for|to|from|at|by|with|and|or|was|were|is|are|has|had|will|would|compared|versus|increase|increased|decrease|decreased|rise|rose|growth|decline|declined)\b)[\p{L}&'-]+(?:\s+(?!(?:of|on|in|for|to|from|at|by|with|and|or|was|were|is|are|has|had|will|would|compared|versus|announced|approved|authorized)\b)[\p{L}&'-]+){0,4}?)(?=\s*(?:[,;.()]|$)|\s+(?:of|on|in|for|to|from|at|by|with|and|or|was|were|is|are|has|had|will|would|compared|versus|announced|approved|authorized|that|which)\b)/iu;
// "$2.0 billion remaining under its share repurchase program": what is left of an amount, a word of its item.
export const STATE_AFTER = /^\s+(remaining|available|outstanding|unused|unspent|undrawn)\b/i;
export const ITEM_AFTER = /^\s*(?:of|on|in|for|towards?)\s+(?:the\s+|its\s+|our\s+|their\s+)?([\p{L}&'-]+(?:\s+[\p{L}&'-]+){0,6}?)(?=\s*(?:[,;.()]|$)|\s+(?:and|or|compared|versus|in|for|at|as|while|during|which|that|to)\b)/iu;

/** A line's label before a colon ("• Fiscal 2024 outlook: ..."): a few words, no sentence mark. */
export const LINE_LABEL = /^\s*(?:[•·▪*-]\s*)?([^:.;\n]{3,40}):\s/;

/** A per-share unit that ends the previous figure ("cents per share", "per diluted share"). */
export const PREVIOUS_UNIT = /^\s*(?:cents\s+)?per\s+(?:diluted\s+|basic\s+)?(?:common\s+|ordinary\s+)?share\b/i;

/** "<item>, measured as <definition>, was": the item before an aside that defines it, then the verb of its figure. */
export const DEFINING_ASIDE = /^(\s*\p{L}[\p{L}\s&'-]{1,60}),\s(?:measured|defined|calculated|computed|expressed)\s+as\s[^,;:]{3,160},\s(?:was|were|is|are)\s+(?:approximately\s+|about\s+)?$/iu;

/** "$0.28 benefit to EPS", "$0.82 of EPS": a per-share figure whose item, an effect on EPS, follows it. */
export const EPS_AFTER = /^\s*(?:(?:benefit|impact|headwind|tailwind|dilution|accretion)\s+)?(?:to|of|on)\s+(?:adjusted\s+|diluted\s+|reported\s+){0,2}eps\b/i;

// A change's noun or comparative right after its figure: "a 12.7% increase", "3.4% lower", "6% higher than".
export const CHANGE_NAMED_AFTER = /^\s{0,2}(?:(increases?|rises?|gains?|growth|higher|jump|more|above)|(decreases?|declines?|drops?|falls?|lower|reductions?|less|fewer|below))\b/i;
// Only a comparative between two figures: "$25,867 million, which is greater than $13,321.6 million".
export const THRESHOLD_AFTER_FIGURE =
  /^[\s,;:]{0,3}(?:(?:which|that)\s{1,3})?(?:(?:is|was|are|were|being)\s{1,3})?(?:(?:also|still|well|far|much|significantly|slightly|considerably)\s{1,3})?(?:(?:greater|more|higher|larger|less|lower|smaller|fewer)\s{1,3}than|exceed(?:s|ed|ing)?|above|below)\s{0,3}$/i;
// The words before a year a change is measured from: "a 12.7% increase over fiscal 2022", "3.4% lower than in 2022".
export const FROM_YEAR_WORD = /\b(?:over|than|from|since)\b/i;
// A year named as the one a change or move is measured from: "than in 2017", "compared with 2017", "from 2017",
// "versus 2017", "over fiscal 2022" (worded-moves.ts, bare-changes.ts).
export const BASE_YEAR = /\b(?:than|compared\s(?:with|to)|from|versus|vs\.?|over)\s(?:(?:in|the|fiscal|year)\s){0,3}(?:fy\s?)?((?:19|20)\d\d)\b/i;
