// The operands a statement's figure may be one arithmetic step from (values.ts, derivable): source figures
// about its item, of no later year than the statement names and of its basis, and for a share of an item
// ("16.1% of sales") a denominator of that item. Read by the judges' alignment and chat's grounding check.
import { yearsIn, type FigureInContext } from "./context";
import { contentStems } from "./text";
import { coreItemWords } from "./line-items";
import { itemsOverlap } from "./compare";
import { otherBasis } from "./item-parts";

/**
 * Operands about a figure's item, for a step from them to count (values.ts, derivable): the statement's own
 * figures, and source figures whose item shares a word with the figure's, or with the words after it up to
 * the next figure ("a decrease of $781 million in cash and cash equivalents"). A figure that names no item
 * takes any.
 */
export function aboutItem(f: FigureInContext, own: readonly FigureInContext[], statement: string): (o: FigureInContext) => boolean {
  const after = f.index >= 0 ? (/^[^\d.;!?]*/.exec(statement.slice(f.index + f.raw.length, f.index + f.raw.length + 160))?.[0] ?? "") : "";
  const words = [...f.item, ...contentStems(after)];
  if (!coreItemWords(words).length) return () => true;
  return (o) => own.includes(o) || itemsOverlap(words, o.item);
}

// "16.1% of sales", "31.7% of total revenue": the item a percentage is a share of.
const SHARE_OF = /^\s?of\s((?:[A-Za-z&'’-]+\s?){1,8})/;
// "of Ulta Beauty's total spend on stock repurchases for FY 2023": whose the item is, and the period after it, name no item.
const SHARE_OWNER = /\b[A-Za-z&.-]+(?:\s[A-Z][A-Za-z&.-]*)*['’]s\b/g;
const SHARE_END = /\b(?:for|in|during|from|to|at|by|was|were|is|are|which|that|compared)\b[\s\S]*$/i;

/**
 * The numerators a share of an item may have: figures of the item the statement gives the share to
 * ("Computing and Mobile Phones made up 43% of International revenue": Computing and Mobile Phones), or
 * undefined when its words before the figure name none.
 */
export function shareItem(f: FigureInContext, own: readonly FigureInContext[]): ((o: FigureInContext) => boolean) | undefined {
  const words = coreItemWords(f.item).filter((w) => !DISCOURSE.has(w));
  // Two of its words at least, when it has two ("operating income": not any income).
  const need = Math.min(2, words.length);
  return words.length ? (o) => own.includes(o) || words.filter((w) => o.item.includes(w)).length >= need : undefined;
}

/** The item words a share names after "of" in the text right after it ("16.1% of sales": sale), none when it names none. */
export function shareBaseWords(after: string): string[] {
  const m = SHARE_OF.exec(after);
  return m ? coreItemWords(contentStems(m[1].replace(SHARE_END, "").replace(SHARE_OWNER, " "))) : [];
}

/** The denominators a percentage given as a share of an item may have ("16.1% of sales": figures of sales), or undefined. */
export function shareOf(f: FigureInContext, statement: string): ((o: FigureInContext) => boolean) | undefined {
  if (f.kind !== "percent" || f.index < 0) return undefined;
  const m = SHARE_OF.exec(statement.slice(f.index + f.raw.length, f.index + f.raw.length + 80));
  const words = shareBaseWords(statement.slice(f.index + f.raw.length, f.index + f.raw.length + 80));
  if (!words.length) return undefined;
  // "of International revenue": a revenue of International (its row, its table's caption or group), not the
  // company's total revenue. Names only (capitalized): "of total spend on stock repurchases" is over the cost
  // of the shares repurchased, whatever its source calls it.
  const base = m![1].replace(SHARE_END, "").replace(SHARE_OWNER, " ");
  const naming = (base.match(/\b[A-Z][A-Za-z&-]+/g) ?? []).flatMap((w) => contentStems(w)).filter((w) => !BROAD.has(w));
  return (o) => itemsOverlap(words, o.item) && naming.every((w) => o.item.includes(w) || o.context.has(w) || (o.group?.has(w) ?? false));
}

/** Words before a worked-out share that name no item ("Therefore, approximately 36.46% of ..."). */
const DISCOURSE = new Set(contentStems("therefore thus hence so approximately about roughly around nearly calculating calculated calculation gives giving result resulting equals equal which that this"));

/** Words of a share's base that narrow no item: "total revenue", "net sales", "consolidated revenue". */
const BROAD = new Set(contentStems("total net consolidated overall company group"));

/**
 * Source figures of no later year than the statement names, the only operands of its figures: fiscal 2024's
 * outlook is no operand of a change in fiscal 2023.
 */
function notLater(f: FigureInContext, statement: string): (o: FigureInContext) => boolean {
  const named = [...yearsIn(statement), ...(f.year !== null ? [f.year] : [])];
  if (!named.length) return () => true;
  const latest = Math.max(...named);
  return (o) => o.year === null || o.year <= latest || (o.altYear !== null && o.altYear <= latest);
}

/**
 * Source figures that may be operands of a statement's figure (values.ts, derivable): none of a later year than
 * the statement names (notLater), and none of another basis (item-parts.ts otherBasis: adjusted income before
 * tax's share of sales is not computed from reported income before tax, nor a plain figure from a non-GAAP row).
 */
export function usableOperand(f: FigureInContext, statement: string): (o: FigureInContext) => boolean {
  const inTime = notLater(f, statement);
  return (o) => inTime(o) && !otherBasis(f, o);
}
