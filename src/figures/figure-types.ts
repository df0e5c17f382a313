// What a figure read in its context is (context.ts reads them): its kind, value, scale and rounding as
// written, and the line item, period, place and reading (comparison, operand, fiscal year) every reader of
// the figure engine decides "the same figure" on.
import type { FiscalLink } from "./fiscal-days";

export type FigureKind = "amount" | "percent" | "points" | "per_share" | "ratio" | "number";

export interface Figure {
  kind: FigureKind;
  /** Magnitude in base units when the scale is known; the mantissa when it is not (scale null). */
  value: number;
  mantissa: number;
  negative: boolean;
  /** Digits after the decimal point as written: the figure's rounding. */
  decimals: number;
  /** Multiplier of the scale word or of the text's stated table scale; null for a bare figure whose text states none. */
  scale: number | null;
  raw: string;
  /** A count of what follows it ("722,457 shares", "1,355 stores"): never an amount of money (values.ts kindsMatch). */
  count?: boolean;
}

/** Adjusted (non-GAAP) or GAAP figures: one item on two bases, never the same figure (compare.ts). */
export type Basis = "adjusted" | "gaap";

export interface FigureInContext extends Figure {
  /** Stems of the line item: a table's row label, or the content words before the figure in its clause. */
  item: string[];
  /** The line item as written, for explanations. */
  itemText: string;
  /** The standard line item it names (line-items.ts: "capex" for "purchases of PP&E"), or null. */
  standard: string | null;
  /** The year the figure is given for, or null when its context names none (or several). */
  year: number | null;
  /** Another name of that year: a column dated January 28, 2023 is usually fiscal 2022. */
  altYear: number | null;
  /** The day it is given for ("$1,093 million by July 29, 2023", a column dated July 29, 2023): yyyymmdd, or null. */
  date: number | null;
  /** The fiscal year the source's own words place that day in ("the second quarter of fiscal 2024 on July 29, 2023"): fiscal-days.ts. */
  fiscalYear?: number;
  /** That day is the last of its fiscal year (the anniversary of a fiscal year-end the source or the company's calendar names). */
  fiscalYearEnd?: boolean;
  /** That day is the last of the first, second or third quarter of its fiscal year (fiscal-days.ts: fiscalPlaceOfDay). */
  fiscalQuarterEnd?: 1 | 2 | 3;
  /** A statement's figure whose year its sentence (or the question) names as a fiscal year ("in Q2 FY24"): fiscal-days.ts. */
  fiscal?: boolean;
  /** Every year its sentence names. */
  years: number[];
  /**
   * The part of the year ("q4", "h1", "quarter"), null for a full year, "mixed" when the period cannot be
   * told for sure (a table whose header mixes periods or dates, see StatementTable.uncertain).
   */
  part: string | null;
  /** A statement's figure whose part of the year is the question's, its statement naming none (statement.ts). */
  partFromQuestion?: boolean;
  /** A source's prose figure whose part of the year is its section heading's ("June 2023 quarter:"), its own sentence naming none. */
  sectionPart?: boolean;
  /** One end of a range ("$9.90 - $10.00"): the same value at the range's other end is another figure. */
  bound?: "low" | "high";
  /** A statement's figure: the content words of its whole sentence (statement.ts), where a group named in an earlier clause is found. */
  sentenceWords?: ReadonlySet<string>;
  /** A source's prose figure read under a segment's section line ("Rigid Packaging Twelve Months Ended June 30"): the segment's stems. */
  scope?: readonly string[];
  /**
   * A statement's figure: stems of the segment its sentence names ("Amcor's Flexibles segment had net sales of
   * $11,154 million": flexibl). Only a source figure whose own sentence or table row names the segment carries
   * or contradicts it (compare.ts): the consolidated line and another segment's section are not the segment's.
   */
  segment?: readonly string[];
  /** A statement's figure: the item words of the figure before it in its sentence ("Flexibles segment had net sales of $11,154 million and adjusted EBIT of $1,429 million"). */
  ownerWords?: readonly string[];
  /** Its part of the year taken from the statement's other sentences or the question, not its own sentence's words (statement.ts). */
  partGuessed?: boolean;
  /** Given as a change ("grew 3%", "up by $5 million"), not as a level. */
  change: boolean;
  /** A bare whole number that is part of a name ("the 737 MAX", "Flight 610"): a claim only if a source states it. */
  name: boolean;
  /** Item words written right after the figure ("12.9% volume increase"): it is not the row's figure unless the row has them. */
  trail: string[];
  /**
   * The first two content words right after a prose figure, before the next figure ("13% of outstanding shares":
   * "outstand shar"), "" when fewer or for table cells: the same words after another figure of the item mark a
   * changed copy of the source's phrase (changed-copies.ts).
   */
  next: string;
  /** The last two content words of the clause before a prose figure, hedges left out ("share count"), "" when fewer or for table cells. */
  prev: string;
  /** Stems of its sentence or table row: what the figure's subject words are checked against. */
  context: Set<string>;
  /** Character offset in its text (prose figures), -1 for table cells. */
  index: number;
  fromTable: boolean;
  /** Which sentence of its text a prose figure is in (figures of one sentence anchor each other), -1 for cells. */
  sentence: number;
  /** Where a table figure sits: table, row and column, and the run of distinct years (block) its column is in. */
  /** repeated: the row's label is printed again in another section of the table (which section is not read). */
  cell: { table: number; row: number; col: number; block: number; repeated: boolean } | null;
  /** A table cell's column group words ("Corporate & Investment Bank"): part of its item, but no row word of it. */
  group?: ReadonlySet<string>;
  /** A change table's column name as printed ("Total", "Operations", "Currency" under "Percent Change"): which change it is (item-parts.ts). */
  groupName?: string;
  /**
   * A stacked table's cell whose columns are headed by months (J&J's "August 2023" and "July 2023" guidance):
   * its column's month and the table's latest (yyyymm; stacked-labels.ts).
   */
  columnMonth?: number;
  latestMonth?: number;
  /**
   * An operand of a ratio the statement works out ("the gross margin is (47,262 - 36,689) / 47,262"): the
   * words before the working name the ratio, which its numerator's line item may share ("operating margin",
   * operating income) but its other operands do not, so a source figure of the same value and period under
   * any item carries it (compare.ts); its item still dates it.
   */
  operand?: boolean;
  /** Given in a comparison clause ("compared with $8,630.9 million"): the comparison period's value (comparison.ts). */
  compared?: boolean;
  /**
   * A statement's figure given for a year where neither it nor its question names a part of a year: the year's;
   * a figure whose sentence names a full year ("2022 Full-Year ... EPS of $6.73").
   */
  wholeYear?: boolean;
  /**
   * A source's dated figure of a flow (revenue, profit, a cash flow) in a text that names no part of a year
   * anywhere: the year's, never a quarter's (same-period.ts).
   */
  yearOnly?: boolean;
  /** A source sentence's change given as a rise (1) or a decline (-1) by the word right before it ("decreasing 24.9%"). */
  said?: 1 | -1 | 0;
  /**
   * How a level was reached, where its words say: a rise (1: "increased to 37.6%"), a decline (-1: "fell to
   * 23.6%") or no move (0: "37.6% was flat", "unchanged at 37.6%"); absent when not said (signs.ts levelMove).
   */
  move?: 1 | -1 | 0;
  /** A column of uncertain period (part "mixed") whose header names its span: "quarter" (13 weeks), null for the year (52 weeks). */
  columnPart?: string | null;
  /**
   * Every column of its table has that one span ("13 Weeks Ended" over both years): it tells a quarter from a
   * year (another span is another period), but not which year the column is (the uncertain year stays uncertain).
   */
  oneSpan?: boolean;
  /** A balance its words put at its period's opening ("at beginning of period") or close ("at the end of"): two points of one period. */
  point?: "opening" | "closing";
  /** The content stems of the cause written after an effect's figure ("impact of 3% related to the sale of ... plants in Russia"): causes.ts. */
  cause?: string[];
  /** A cell of a table whose header names three months over every column ("Three Months Ended June 30, 2023"): a quarter's, for sure. */
  quarterColumn?: boolean;
  /** A cell of a balance sheet: a balance on its column's day, a point in time rather than a span. */
  balance?: boolean;
  /** A cell of a table whose columns are named under a title that names their period (table.ts namedColumnTables). */
  titled?: boolean;
  /**
   * The basis its context names: "adjusted" ("Adjusted EBIT", "non-GAAP diluted EPS", a table of adjusted
   * non-GAAP results) or "gaap" ("GAAP diluted EPS", a table of GAAP results); absent when it names none.
   */
  basis?: Basis;
  /** An adjusted figure its sentence gives beside the item's GAAP figure ("EPS of $1.33 ... and adjusted EPS of $2.35"). */
  contrasted?: boolean;
  /** Its year is read as the one before its sentence's ("$9,569 million a year earlier"): comparison.ts. */
  yearBefore?: boolean;
}

export interface ReadText {
  figures: FigureInContext[];
  /** The scale the text states for its bare figures ("in millions"), or null. */
  scale: number | null;
  /** The days the text's own words place in fiscal years (fiscal-days.ts), read with other sources' dates (shared-links.ts). */
  links?: FiscalLink[];
}
