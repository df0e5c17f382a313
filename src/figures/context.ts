// Figures read in their context: each figure of a text with its kind (amount, percentage, points,
// per-share, bare number), its scale (the scale word, or the scale the text states for its tables), the
// line item it is given under (a table's row label, or the words before it in its clause) and its period
// (a table's column year, or the year its clause names). This is what "the same figure" is decided on.
import { quantities, withWrappedUnit, type Quantity } from "./numbers";
import { FULL_YEAR, partOf, unquarterly, YEAR, yearPlaces, yearsBefore, yearsIn } from "./year-part";

export { yearsIn };
import { levelMove, nounDirection, saidDirection } from "./signs";
import { dayOf } from "./table";
import { tableFigureSteps } from "./table-figures";
import { steppedTextCache, type SteppedTextCache } from "./text-cache";
import { withStackedLabels } from "./stacked-labels";
import { isFlowItem, lineItemOf } from "./line-items";
import { ratioOperand } from "./working";
import { markRanges } from "./ranges";
import { causeOf } from "./causes";
import { itemAfter } from "./item-after";
import { nextWords, prevWords } from "./changed-copies";
import { contentStems, sentences, unhyphenated } from "./text";
import { ANNUAL_BEFORE, CATEGORY_AFTER, categoryAfterShare, sharesOfEnd, CHANGE_AFTER, CHANGE_NAMED_AFTER, COMPARED_WITH, FROM_YEAR_WORD, THRESHOLD_AFTER_FIGURE, COUNT_AFTER, DEFINING_ASIDE, EPS_AFTER, FOR_FISCAL_YEAR, LINE_LABEL, LIST_LABEL, OPENING, pairPartsOf, pointOf, PREVIOUS_UNIT, spelledAbbreviations } from "./clause-words";
import { periodHeading, segmentHeading, type SectionPeriod } from "./headings";
import { runSteps, turnAfter, turnAfterChars } from "./steps";
import { textLinks, withFiscalDays, withFiscalNames } from "./fiscal-days";
import { comparedFigure, comparedYear } from "./comparison";
import { figureSentences, isTableLine, underPeriodColumns } from "./prose-lines";
import type { Figure, FigureInContext, FigureKind, ReadText } from "./figure-types";
import { basisOf, contrastBases, NON_GAAP } from "./basis";

export { partOf };
export type { Figure, FigureInContext, FigureKind, ReadText } from "./figure-types";

const STATED_SCALE =
  /\b(?:in|amounts in|dollars in|\$\s?in|usd in|€\s?in)\s+(thousands|millions|billions)\b|\(\s*(?:(?:\$|us\$|usd|€|£)\s*)?(?:in\s+)?(thousands|millions|billions|000s?|000's|mm|mn|bn)\b|\$\s?(thousands|millions|billions)\b/gi;
const SCALE_WORD: Record<string, number> = { thousands: 1e3, "000": 1e3, "000s": 1e3, "000's": 1e3, millions: 1e6, mm: 1e6, mn: 1e6, billions: 1e9, bn: 1e9 };

/** The one scale a text states for its tables, or null when it states none or several. */
export function statedScale(text: string): number | null {
  const found = new Set<number>();
  for (const m of text.matchAll(STATED_SCALE)) {
    const word = (m[1] ?? m[2] ?? m[3]).toLowerCase();
    const scale = SCALE_WORD[word];
    if (scale) found.add(scale);
    if (found.size > 1) return null;
  }
  return found.size === 1 ? [...found][0] : null;
}

const PER_SHARE_AFTER = /^\s*(?:per\s+(?:diluted\s+|basic\s+)?(?:common\s+)?share|a\s+share|per\s+unit|per\s+ads)\b/i;
const PER_SHARE_BEFORE = /\b(?:eps|earnings\s+per\s+(?:diluted\s+|basic\s+)?(?:common\s+)?share|per\s+(?:diluted\s+|basic\s+)?share|dividends?\s+per\s+share)\b[^.;$]{0,40}$/i;
const POINTS = /\b(pp|bps|basis points|percentage points?)$/i;

/** The kind and scale of a written figure. */
export function figureOf(q: Quantity, text: string, scale: number | null): Figure {
  const after = text.slice(q.end, q.end + 30);
  const before = text.slice(Math.max(0, q.index - 60), q.index);
  // "722,457 shares", "2.2 million shares", "1,355 stores": a count of what follows, never an amount of money.
  const count = !q.currency && !q.percent && COUNT_AFTER.test(after);
  let kind: FigureKind;
  if (q.percent) kind = "percent";
  else if (count) kind = "number";
  else if (POINTS.test(q.raw)) kind = "points";
  // Not an amount with a scale word ("repurchased $431 million of shares" after "49.0 cents per share").
  else if (q.scale === 1 && q.mantissa < 1000 && (PER_SHARE_AFTER.test(after) || PER_SHARE_BEFORE.test(before) || EPS_AFTER.test(after))) kind = "per_share";
  else if (q.currency || q.scale > 1) kind = "amount";
  // "a turnover of 2.72", "a current ratio of 1.44": a bare small decimal in prose is a ratio, not an amount.
  else if (q.decimals > 0 && q.mantissa < 100 && scale === null) kind = "ratio";
  else kind = "number";
  // "$32,765" with no scale word takes the scale the text states for its figures ("in millions"), else none.
  const known = q.scale > 1 ? q.scale : kind === "percent" || kind === "points" || kind === "per_share" ? 1 : kind === "ratio" ? null : scale;
  return { kind, value: known === null ? q.mantissa : q.mantissa * known, mantissa: q.mantissa, negative: q.negative, decimals: q.decimals, scale: known, raw: q.raw, ...(count ? { count } : {}) };
}

// Words of a clause that say how a figure is reported, not what it is.
const NOT_ITEM = new Set(
  `compar versu vs against report respectively approximately approximat around roughly nearly near almost year years fiscal fy quarter quarters ended ending end
  quart thre first second third fourth half halv
  period month months week weeks million billion thousand amount amounted stood came totaled totalled reach reached equal equaled represent
  represented whil wherea prior previou last current same reflect reflecting reflected recorded record recognized recogniz posted post generat generated
  slight modest marginal sharp somewhat notab considerab substantial expect guid previous
  beginn begin negativ positiv see note notes page q1 q2 q3 q4 h1 h2 approx respective corresponding one two three four five six seven eight nine ten both januar january februar february march april may june juli july august septemb octob novemb decemb jan feb mar apr jun jul aug sep sept oct nov dec`
    .split(/\s+/)
    .filter(Boolean),
);
const POSSESSIVE = /\b[\p{Lu}\d][\p{L}\d&.-]*['’]s\b/gu;
const CHANGE_WORDS = new Set("increas decreas grew grow growth rose rise risen fell fall fallen declin drop dropp up down chang improv higher lower gain gained expand contract shrank rais cut doubl tripl quadrupl halv".split(" "));
/** "$9.6 billion and $19.1 billion": only "and" between two figures, a pair. */
const AND_ONLY = /^\s*and\s*$/i;


/** Whether a content stem may name a line item: not a change word, a reporting word or a number. */
export function isItemStem(s: string): boolean {
  return !CHANGE_WORDS.has(s) && !NOT_ITEM.has(s) && !/^\d/.test(s);
}


// "rose to $5 million", "increased from a negative value of $(1,419) million": the level reached or left, not a change.
const US = /\bU\.\s?S\.(?:\s?A\.)?(?![A-Za-z])/g;
const LEVEL_BEFORE = /\b(?:to|from)(?:\s+(?:(?:a|an|the|negative|positive|record|new|total|level|value)\s+){0,3}of)?\s*$/i;

/** Content stems of a clause fragment that name a line item (change words and reporting words left out). */
function itemStems(fragment: string): { item: string[]; change: boolean } {
  // "Apple's net sales": the owner is the subject, not the line item. "Lower than the total debt in 2021,
  // which was $150,868 million": a comparison with the figure's level, not a change.
  // "Non-GAAP diluted EPS" is adjusted diluted EPS: one qualifier ("adjusted"), not a word "non" of the item.
  // "U.S. sales", a row "U.S.": the country's, read as its words (its letters alone are no stems).
  const stems = contentStems(unhyphenated(spelledAbbreviations(fragment).replace(YEAR, " ").replace(POSSESSIVE, " ").replace(NON_GAAP, " adjusted ").replace(US, " United States ").replace(/\b(?:higher|lower|greater|larger|smaller)\s+than\b/gi, " ")));
  let change = false;
  const item: string[] = [];
  for (const s of stems) {
    if (CHANGE_WORDS.has(s)) change = true;
    else if (!NOT_ITEM.has(s) && !/^\d/.test(s)) item.push(s);
  }
  // "increased to $5 million" and "rose from $4 million" state levels; "increased by $5 million", "grew 3%" a change.
  if (LEVEL_BEFORE.test(fragment)) change = false;
  if (/\bby\s*$/i.test(fragment)) change = true;
  return { item, change };
}

/** Where a clause with a subject of its own opens after a figure ("..., and Rigid Packaging had", "and its return on ... was"). */
const NEXT_CLAUSE = /;|,\s+(?:and|but|while|whereas)\s|\sand\s+(?:its|their|our)\s/i;
const CLAUSE_START = /(?:^|[;:]|,\s+(?=(?:compared|versus|vs\.?|while|whereas|and|but|up|down|from|with|or)\b)|\b(?:compared\s+(?:with|to)|versus|vs\.?)\s)/gi;

// "in 2017", "for fiscal 2022", "at the end of 2021", "in Q2 2023", "in the second quarter of fiscal 2023";
// not past a word that opens the next clause ("$10,387 million and at the end of 2022 $12,483 million").
const YEAR_AFTER = /^\s*(?:(?!(?:and|or|but|while|whereas|compared|versus|vs)\b)[a-z]+\s+){0,2}?(?:(?:in|for|during|throughout|of|at|as of)\s+|,\s*)?(?:the\s+)?(?:(?:end|close)\s+of\s+(?:the\s+)?)?(?:(?:q[1-4]|h[12]|[1-4]q)\s+(?:of\s+)?|(?:first|second|third|fourth)\s+(?:quarter|half)\s+(?:of\s+)?|(?:first\s+)?(?:three|six|nine)\s+months\s+(?:of\s+)?)?(?:full\s+)?(?:(?:fiscal|calendar)\s+(?:year\s+)?|fy\s?'?|year\s+)?(?:ended\s+\w+\s+\d{1,2},\s+)?((?:19[5-9]|20\d)\d)\b/i;
const FY_AFTER = /^\s*(?:(?:in|for)\s*)?(?:(?:q[1-4]|h[12])\s+)?fy\s?'?(\d{2})\b/i;

/** The year written right after a figure, and how many characters of the text it takes (0 when none). */
function yearAfter(text: string): { year: number | null; length: number } {
  const y = YEAR_AFTER.exec(text);
  if (y) return { year: Number(y[1]), length: y[0].length };
  const fy = FY_AFTER.exec(text);
  return fy ? { year: 2000 + Number(fy[1]), length: fy[0].length } : { year: null, length: 0 };
}

// "on January 28, 2023", "as of July 29, 2023", "(January 28, 2023)": a day written right after a figure.
const DATE_AFTER = /^\s*(?:\(\s*)?(?:(?:on|as of|by|at|at the end of|through|in the (?:quarter|period|year) ended)\s+)?((?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}),?\s+((?:19|20)\d\d)\b/i;

/** The day written right after a figure (yyyymmdd), or null. */
function dateAfter(text: string): number | null {
  const m = DATE_AFTER.exec(text);
  return m ? dayOf(m[1], Number(m[2])) : null;
}

/**
 * Whether text[0..end) is at most a space, a full stop and spaces (/^\s?\.?\s*$/), read from the start and
 * stopped at the first other character: a figure late in a long sentence costs no copy of what precedes it.
 */
function opensSentence(text: string, end: number): boolean {
  let i = 0;
  if (i < end && /\s/.test(text[i])) i++;
  if (i < end && text[i] === ".") i++;
  while (i < end && /\s/.test(text[i])) i++;
  return i === end;
}

/**
 * A whole number written bare that is part of a name, not a figure: "the 737 MAX", "Lion Air Flight 610",
 * "the Securities Exchange Act of 1934", "MDL No. 2804", or a list's number ("10. Licensing ...").
 */
function isNameNumber(q: Quantity, sentence: string): boolean {
  if (q.currency || q.percent || q.scale !== 1 || q.decimals > 0 || /[,()-]/.test(q.raw)) return false;
  const before = sentence.slice(Math.max(0, q.index - 24), q.index);
  const after = sentence.slice(q.end, q.end + 12);
  if (opensSentence(sentence, q.index) && /^\.(?:\s|$)/.test(after)) return true;
  return /^\s[A-Z]{2,}\b/.test(after) || /(?:\b[A-Z][a-z]+|\bNo\.?|\b[A-Z][a-z]+ of)\s$/.test(before);
}

const OPENING_OF = /\b(?:beginning|start|opening)\s+of\s+(?:the\s+)?(?:(?:fiscal|calendar)\s+(?:year\s+)?|fy\s?)?((?:19[5-9]|20\d)\d)\b/gi;

/**
 * The year-end a balance "at the beginning of 2022" is given for: 2021. Every year the words name must agree
 * ("the inventory at the beginning of 2022 is the same as the inventory at the end of 2021": 2021), else null.
 */
function openingYear(words: string): number | null {
  const all = yearsIn(words);
  const opening = [...words.matchAll(OPENING_OF)].map((m) => Number(m[1]));
  // "At the beginning of the year, 2022": the one year named is the opening's.
  if (!opening.length) return all.length === 1 ? all[0] - 1 : null;
  // Each year written after "beginning of" is the year before's end; the others are as written.
  const rest = [...all];
  for (const y of opening) rest.splice(rest.indexOf(y), 1);
  const implied = new Set([...opening.map((y) => y - 1), ...rest]);
  return implied.size === 1 ? [...implied][0] : null;
}

/**
 * Sentences proseFigureSteps reads between two turnAfter calls, each weighed by its characters
 * (CHARS_PER_FIGURE): eight long sentences are a turn's worth (under a millisecond warm, a few where the
 * code is still cold); short ones share a turn with the sentences and phases after them.
 */
const PROSE_SENTENCES_PER_STEP = 8;
/** Figures of one sentence read between two turns (turnAfter): only a sentence of more figures than that takes one. */
const FIGURES_PER_SENTENCE_STEP = 16;

// "13.6% increase in transactions", "a 1.8% decline in average ticket": a change and the item it is of, after the figure.
const CHANGE_IN = /^\s*(increases?|decreases?|growth|declines?|rises?|drops?|reductions?|improvements?)\s+in\s+(?:the\s+|its\s+|our\s+)?([\p{L}&'-]+(?:\s+[\p{L}&'-]+){0,3}?)(?=\s*(?:[,;.()]|$)|\s+(?:and|or|compared|versus|from|to|in|for|at|as|while|of)\b)/iu;

/**
 * Figures of prose: per sentence, each figure's item from the words before it and its year from its clause.
 * In steps (steps.ts): turnAfter every PROSE_SENTENCES_PER_STEP sentences, weighed by their characters.
 */
function* proseFigureSteps(text: string, scale: number | null, skipTableLines: boolean): Generator<void, FigureInContext[], void> {
  const out: FigureInContext[] = [];
  let offset = 0;
  let section: string[] = [];
  let sectionYear: number | null = null;
  // "For the Full Year of Fiscal 2022", "Fourth Quarter Fiscal 2022 Results": the period of the paragraphs below.
  let sectionPeriod: SectionPeriod | null = null;
  // "Rigid Packaging Twelve Months Ended June 30, Reported": the segment the lines below are about (headings.ts).
  let scope: string[] | null = null;
  let ordinal = -1;
  // "• Fiscal 2024 outlook: Adjusted EPS of 67-71 cents per share. Adjusted Free Cash Flow of $850-950 million.":
  // the year a line's label names, for the sentences of that line that name none (under "Fiscal 2023 Full
  // Year Highlights", the heading's year is not the outlook's).
  let labelYear: number | null = null;
  /** Characters of the sentences read since the last turnAfter. */
  let readSinceTurn = 0;
  for (const { text: sentence, start: base } of figureSentences(text)) {
    ordinal += 1;
    if (ordinal > 0 && ordinal % PROSE_SENTENCES_PER_STEP === 0) {
      yield* turnAfterChars(readSinceTurn);
      readSinceTurn = 0;
    }
    readSinceTurn += sentence.length;
    offset = base + sentence.length;
    const atLineStart = base === 0 || text[base - 1] === "\n";
    const named = atLineStart ? segmentHeading(sentence) : null;
    if (named) scope = named;
    if (base === 0 || /\n[ \t]*$/.test(text.slice(Math.max(0, base - 8), base))) {
      const labelled = LINE_LABEL.exec(sentence);
      const years = labelled ? [...new Set(yearsIn(labelled[1]))] : [];
      labelYear = years.length === 1 ? years[0] : null;
    }
    // A bare number under ten is no figure ("Item 7", "3 segments" as a name's part) unless what it counts follows ("2 stores").
    const qs = quantities(sentence).filter((q) => !(q.mantissa < 10 && q.decimals === 0 && !q.percent && !q.currency && q.scale === 1) || COUNT_AFTER.test(sentence.slice(q.end, q.end + 40)));
    // "compared with 12.0" then "cents per share" on the next line: the figure's unit word wrapped.
    const last = qs.length - 1;
    if (last >= 0 && qs[last].end === sentence.length) qs[last] = withWrappedUnit(qs[last], text.slice(offset, offset + 60));
    if (!qs.length) {
      const period = periodHeading(sentence);
      if (period) sectionPeriod = period;
      // "Total debt = Current portion of long-term debt + Long-term debt": a formula in words under a heading
      // ("For FY2023:") is the heading's working; the lines after it are still under the heading.
      if (sentence.includes("=")) continue;
      // "Data Center:" heads the lines below it ("FY21 Revenue: $3,694 million"); a longer line ends the section.
      const heading = /:\s*$/.test(sentence) && sentence.length <= 80;
      // "Here's the relevant data:", "The figures are as follows:": a line that introduces, not an item.
      const introduces = /\b(?:here|following|follows|below|relevant|these|this|we|let['’]?s|is|are|as)\b/i.test(sentence);
      section = heading && sentence.length <= 60 && !introduces ? itemStems(sentence).item : [];
      // "For the year ended December 2, 2022:", "**FY2021:**": the year of the lines below it.
      const headingYears = heading ? [...new Set(yearsIn(sentence))] : [];
      sectionYear = headingYears.length === 1 ? headingYears[0] : null;
      continue;
    }
    // A table row ("Net sales $ 32,765 $ 31,657") is read with its column years by tableFigures.
    // A line of figures alone ("$ 16,388 $", "2,702") is a table's cell, read with its row and column.
    if (skipTableLines && (isTableLine(sentence) || !/\p{L}/u.test(sentence))) continue;
    // A row under columns of two or more periods, no table parsed: which cell is which period is not read.
    if (!skipTableLines && isTableLine(sentence) && underPeriodColumns(text, base)) continue;
    const sentenceYears = [...new Set(yearsIn(sentence))];
    // Read once per sentence, not per figure (a 150,000-character sentence of figures made each a pass over it):
    // where its years stand, its own part of the year, and where its first "mix"/"shares of" phrase ends.
    const yearsAt = yearPlaces(sentence);
    let sentencePart: string | null | undefined;
    const partOfSentence = () => (sentencePart === undefined ? (sentencePart = partOf(unquarterly(sentence))) : sentencePart);
    const sharesEnd = sharesOfEnd(sentence);
    const lead = sentence.slice(0, qs[0].index);
    const leadYears = yearsIn(lead);
    const respectively = /\brespectively\b/i.test(sentence) && leadYears.length === qs.length;
    const pairParts = pairPartsOf(sentence);
    const fullYear = FULL_YEAR.test(sentence);
    // A year written right after a figure ("$31,657 million in 2017") is that figure's, not its neighbours'.
    const afterMatches = qs.map((q, i) => yearAfter(sentence.slice(q.end, Math.min(i + 1 < qs.length ? qs[i + 1].index : sentence.length, q.end + 60))));
    const afterYears = afterMatches.map((m) => m.year);
    const claimed = new Set(afterYears.filter((y): y is number => y !== null));
    let prevItem: string[] = [];
    let prevText = "";
    let prevEnd = 0;
    let prevChange = false;
    let prevPart: string | null = null;
    // The sentence's own period: the year of its last figure outside a comparison clause.
    let periodYear: number | null = null;
    const first = out.length;
    for (const [i, q] of qs.entries()) {
      // A sentence of thousands of figures (a hostile answer written without a full stop) takes turns within it.
      if (i > 0 && i % FIGURES_PER_SENTENCE_STEP === 0) yield* turnAfter(FIGURES_PER_SENTENCE_STEP);
      const before = sentence.slice(prevEnd, q.index);
      // The clause before the figure: from the last clause boundary in the words since the previous figure.
      let clauseStart = 0;
      for (const m of before.matchAll(CLAUSE_START)) clauseStart = (m.index ?? 0) + m[0].length;
      // "67 to 71 cents per share and adjusted free cash flow of": the previous figure's unit is not this one's item.
      const fragment = i > 0 && clauseStart === 0 ? before.replace(PREVIOUS_UNIT, "") : before.slice(clauseStart);
      // "Loss before income taxes: ($5,022 million)": parentheses around the figure alone are its sign (or an
      // aside), so its item is the label before them.
      // So is the figure alone in parentheses after its item's words ("investments in wireless licenses
      // ($149,796 million)"): those words name it.
      const wrapped = /\(\s*$/.test(fragment) && /^\s*\)/.test(sentence.slice(q.end));
      const head = wrapped ? fragment.slice(0, fragment.lastIndexOf("(")) : "";
      const gapEnd = i + 1 < qs.length ? qs[i + 1].index : sentence.length;
      // Up to 60 characters, not ending inside a word ("... constant currency bas" is "basis").
      let afterEnd = Math.min(gapEnd, q.end + 60);
      while (afterEnd < gapEnd && afterEnd - q.end < 80 && /\p{L}/u.test(sentence[afterEnd]) && /\p{L}/u.test(sentence[afterEnd - 1])) afterEnd += 1;
      const after = sentence.slice(q.end, afterEnd);
      // "compared with $8,630.9 million": the comparison period's value, of the previous figure's item.
      const compared = i > 0 ? comparedFigure(before, after) : null;
      const asWritten = wrapped ? (/[a-z]{2}/i.test(head) ? head : before.slice(0, before.lastIndexOf("("))) : fragment.trim().length || compared ? fragment : before;
      // "Leverage, measured as net debt divided by adjusted trailing twelve month EBITDA, was 3.0 times": the
      // item is what the aside defines; its words say how the figure is worked out, not what it is.
      const own = DEFINING_ASIDE.exec(asWritten)?.[1] ?? asWritten;
      const read = itemStems(own);
      let item = read.item.length && section.length ? [...new Set([...section, ...read.item])] : read.item;
      let itemText = own.replace(/\s+/g, " ").trim();
      // "... = $49,781 million": a result of the answer's own arithmetic names no line item of its own; nor
      // does a figure that opens a parenthesis ("38.8% of the total revenue ($25,867 million out of ...)").
      // "$25,867 million, which is greater than $13,321.6 million": a threshold the previous figure is compared
      // with (20% of revenue, worked out), not another value of its item.
      const result = /[=(]\s*$/.test(own) || (i > 0 && THRESHOLD_AFTER_FIGURE.test(before));
      // "the gross margin is (47,262 - 36,689) / 47,262": the words name the ratio, not these figures.
      const operand = !result && ratioOperand(sentence, q);
      if (result) {
        item = [];
        itemText = "";
      } else if (!item.length) {
        item = prevItem;
        itemText = prevText;
      }
      // "driven by a 13.6% increase in transactions": the change of the item named after it, whatever the clause before names.
      const changeIn = CHANGE_IN.exec(after);
      let changed = changeIn ? itemStems(changeIn[2]).item : [];
      let changeNoun = changeIn?.[1] ?? "";
      if (changed.length) {
        item = changed;
        itemText = changeIn![2].trim();
      } else if (!read.item.length && !result) {
        // "· Appliances: The 16.1% comparable sales decline was driven ...": the item and its change named after
        // the figure, under the label its line opens with.
        const after2 = CHANGE_AFTER.exec(after);
        const words = after2 ? itemStems(after2[1]).item : [];
        if (after2 && words.length) {
          const label = i === 0 ? LIST_LABEL.exec(sentence)?.[1] ?? "" : "";
          changed = [...new Set([...itemStems(label).item, ...words])];
          changeNoun = after2[2];
          item = changed;
          itemText = `${label} ${after2[1]}`.trim();
        }
      }
      // Its fields written out below, not spread: a spread followed by twenty more properties made each figure a
      // slow object (about 45 µs to build one in V8, and slower to read afterwards).
      const f = figureOf(q, sentence, scale);
      // "spent $312.1 million on capital expenditures", "or $0.28 benefit to EPS", "with 1,325 stores": an item written after the figure.
      const afterItem = itemAfter(f, own, after, item, (fragment) => itemStems(fragment).item, changed.length > 0 || result);
      if (afterItem) {
        item = afterItem.item;
        if (afterItem.itemText !== undefined) itemText = afterItem.itemText;
      }
      // "increased 18% to $10.2 billion" states a level; "grew 3%", "up by $5 million" a change.
      // "up 24.9%", "a decline of 3%": a direction given right before the figure makes it a change.
      // "a 12.7% increase over fiscal 2022", "was 3.4% lower than in fiscal 2022": a change named right after the figure.
      const named = changed.length || (q.percent === false && q.scale <= 1) ? null : CHANGE_NAMED_AFTER.exec(after);
      const said = changed.length ? nounDirection(changeNoun) : saidDirection(own, q.negative) || (named ? (named[1] ? 1 : -1) : 0);
      const change: boolean = changed.length ? true : LEVEL_BEFORE.test(own) ? false : /\bby\s*$/i.test(own) || said !== 0 ? true : read.item.length ? read.change : read.change || prevChange;
      const move = change ? undefined : levelMove(own, after);
      // "$2,253 million at the end of the first six months": a balance at its period's close (or opening).
      const point = change ? undefined : pointOf(`${own} ${after.split(/[,;]/)[0]}`);
      let year: number | null = null;
      if (respectively) year = leadYears[i];
      // "over fiscal 2022", "than in fiscal 2022" after a change named after its figure: the year it is measured from
      // ("the 3.6% growth seen in 2022" is 2022's).
      else if (afterYears[i] !== null && !(named && FROM_YEAR_WORD.test(sentence.slice(q.end, q.end + afterMatches[i].length)))) year = afterYears[i];
      else {
        // Not the year written right after the previous figure: "from $5,034 million in Q2 2022 to $1,305 million".
        const taken = i > 0 ? Math.max(0, qs[i - 1].end + afterMatches[i - 1].length - prevEnd - clauseStart) : 0;
        const ys = yearsIn(i === 0 ? before : fragment.slice(taken));
        // "In 2018, net sales were $X and net income $Y": a year that opens the sentence, claimed by no figure.
        const openingCount = yearsBefore(yearsAt, q.index);
        // "Inventories at the beginning of 2022" are the balance at the end of 2021.
        if (OPENING.test(i === 0 ? before : fragment)) year = openingYear(i === 0 ? before : fragment.slice(taken));
        else if (ys.length === 1) year = ys[0];
        // "versus the prior year's 3.6% growth": the year before the sentence's, not the year that opens it.
        else if (compared?.namedBefore) year = null;
        else if (compared && !change) year = null;
        else if (ys.length === 0 && sentenceYears.length === 0) year = labelYear ?? sectionYear ?? sectionPeriod?.year ?? null;
        else if (ys.length === 0 && openingCount === 1 && sentenceYears.length === 1 && !claimed.has(yearsAt[0].year)) year = yearsAt[0].year;
      }
      // A figure modifying a noun takes that noun's date, or none (item-after.ts).
      if (afterItem?.year !== undefined && afterYears[i] === null) year = afterItem.year;
      // Not its sentence's year but the one before, where the clause says so ("$9,569 million a year earlier").
      const yearBefore = Boolean(compared?.yearBefore) && (!change || compared?.namedBefore === true) && afterYears[i] === null && !respectively && year === null;
      if (yearBefore) year = periodYear === null ? null : periodYear - 1;
      // A quarter or half-year figure is not the year's: "$3.2 billion in the fourth quarter of fiscal 2022".
      // "Quarterly" names how often an item is paid ("a quarterly cash dividend"): the part of its own clause's
      // figure only, not of the figures around it.
      // "Combined with the last three quarterly dividends, this increases the annual dividend ... to 49.0 cents": the year's.
      const annual = ANNUAL_BEFORE.test(own);
      const ownPart: string | null = (annual ? null : partOf(own)) ?? partOf(unquarterly(after)) ?? (item === prevItem && i > 0 ? prevPart : partOfSentence());
      // "$9.6 billion and $19.1 billion ..., respectively" after "the second quarter and first six months": each pair's first is the quarter's, its second the months'.
      const pair = !pairParts ? null : i + 1 < qs.length && AND_ONLY.test(sentence.slice(q.end, qs[i + 1].index)) ? 0 : i > 0 && AND_ONLY.test(sentence.slice(qs[i - 1].end, q.index)) ? 1 : null;
      // "we now expect our full-year 2023 organic revenue to increase 8 percent" under a quarter's heading: a
      // sentence that names the full year is not the heading's quarter.
      const part: string | null = pairParts && pair !== null ? pairParts[pair] : (ownPart ?? (fullYear || labelYear !== null ? null : sectionPeriod?.part) ?? null);
      // "a 12.9% volume increase", "6.9% to sales": words right after the figure, up to a comma or the next figure.
      const trail = itemStems(after.split(/[,;:.()]|\b(?:in|for|of|compared|versus|and|or|while|from|to|at)\b/i)[0] ?? "").item;
      // The figure's own words: its item and the text between its neighbours, not the whole sentence.
      // "declined 16.1% in Appliances and grew 9.0% in Entertainment": the category named right after a figure is
      // its own, not the next figure's.
      const category = CATEGORY_AFTER.exec(after) ?? (q.percent && sharesEnd >= 0 && sharesEnd <= q.index ? categoryAfterShare(after) : null);
      const categoryItem = category ? itemStems(category[1]).item : [];
      const baseItem = item;
      const baseText = itemText;
      if (categoryItem.length) {
        item = [...new Set([...item, ...categoryItem])];
        itemText = `${itemText} in ${category![1]}`;
      }
      // "... adjusted EBIT of $1,429 million, and Rigid Packaging had ...": the next clause's words are not this figure's.
      const ownAfter = after.split(NEXT_CLAUSE)[0];
      const context = new Set([...item, ...contentStems(unhyphenated(`${before} ${ownAfter}`))]);
      const next = nextWords(after);
      const prev = prevWords(own);
      const cause = causeOf(item, ownAfter);
      out.push({ kind: f.kind, value: f.value, mantissa: f.mantissa, negative: f.negative, decimals: f.decimals, scale: f.scale, raw: f.raw, ...(f.count ? { count: true } : {}), item, itemText, standard: item.length ? lineItemOf(itemText) : null, year, altYear: null, date: dateAfter(after), part, trail, next, prev, years: sentenceYears, change, name: isNameNumber(q, sentence), context, index: base + q.index, fromTable: false, sentence: ordinal, cell: null, operand, ...(compared ? { compared: true } : {}), ...(yearBefore ? { yearBefore } : {}), basis: basisOf(itemText), said, ...(move !== undefined ? { move } : {}), ...(ownPart === null && part !== null ? { sectionPart: true } : {}), ...(point ? { point } : {}), ...(cause ? { cause } : {}), ...(scope ? { scope } : {}), wholeYear: fullYear || (part === null && (annual || sectionPeriod?.wholeYear === true || FOR_FISCAL_YEAR.test(own))) });
      if (!compared && !change && year !== null) periodYear = year;
      prevItem = baseItem;
      prevText = baseText;
      prevEnd = q.end + (categoryItem.length ? category![0].length : 0);
      prevChange = change;
      prevPart = part;
    }
    comparedYear(out, first, base, sentenceYears, sentence.search(YEAR), sentence.search(COMPARED_WITH));
    markRanges(sentence, qs, out.slice(first));
    contrastBases(out, first);
  }
  return out;
}

/**
 * Heap a text's figures in context hold per character of the text, with the indexes built on them
 * (figure-index.ts) and not counting its tables (`npm run bench:memory` measures it).
 */
export const READING_BYTES_PER_CHAR = 32;

/** Every figure of a text in its context; parsed once per text (a bounded cache, as parseTables), in steps for a job (steps.ts). */
export const readText: SteppedTextCache<ReadText> = steppedTextCache(function* (text) {
  const scale = statedScale(text);
  const table = yield* tableFigureSteps(text, scale, itemStems);
  const parsedTables = table.reduce((n, f) => Math.max(n, (f.cell?.table ?? -1) + 1), 0);
  const prose = withStackedLabels(text, yield* proseFigureSteps(text, scale, table.length > 0), parsedTables, itemStems);
  yield* turnAfterChars(text.length);
  // A text that names no part of a year anywhere ("Net sales were $32,765 million in 2018", a 10-K's passage):
  // its dated figures of a flow (revenue, profit, costs, cash flows; not balances) are the years', as a
  // statement's are (statement.ts). A statement's fourth-quarter net sales are then not carried by them.
  if (partOf(unquarterly(text)) === null) for (const f of prose) if (f.year !== null && f.part === null && !f.change && !f.fromTable && isFlowItem(f.standard)) f.yearOnly = true;
  const links = textLinks(text);
  return { figures: yield* withFiscalDays(text, [...table, ...withFiscalNames(text, prose)], links), scale, ...(links.length ? { links } : {}) };
}, READING_BYTES_PER_CHAR);

/** The figures a statement makes, read in context (no table scale: a statement writes its own scale words). */
export function statementFigures(statement: string): FigureInContext[] {
  return runSteps(statementFigureSteps(statement));
}

/** statementFigures in steps (steps.ts). */
export function* statementFigureSteps(statement: string): Generator<void, FigureInContext[], void> {
  // "$9,569 million in the three months ended July 29, 2023": a figure's day is read as in a source's prose
  // (withFiscalDays), without a source's fiscal-year links.
  return yield* withFiscalDays(statement, yield* proseFigureSteps(statement, null, false), []);
}
