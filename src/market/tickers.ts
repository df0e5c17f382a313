// The stock_id scheme and ticker spelling rules shared by the loader and ticker resolution.
// stock_id = "US:" + canonical ticker (upper case, share classes with a dot: BRK.B), so ids are stable,
// readable in SQL, and derivable from a ticker without a lookup.

export type SecurityKind = "stock" | "etf" | "index";

export const STOCK_ID_PREFIX = "US:";

/** The S&P 500 index has no exchange ticker; SPX is its ticker here (stock_id US:SPX). */
export const SP500_INDEX_TICKER = "SPX";
export const SPY_TICKER = "SPY";

/** Instruments that only the price files name: their kind, and a name until a securities list names them. */
export const PRICE_INSTRUMENTS: Record<string, { company: string; kind: SecurityKind }> = {
  [SP500_INDEX_TICKER]: { company: "S&P 500 Index", kind: "index" },
  [SPY_TICKER]: { company: "SPDR S&P 500 ETF Trust", kind: "etf" },
  BABA: { company: "Alibaba Group Holding Ltd.", kind: "stock" },
  SHLD: { company: "Sears Holdings Corp.", kind: "stock" },
};

/** Other spellings callers use for the same instrument. */
const ALIASES: Record<string, string> = {
  "^GSPC": SP500_INDEX_TICKER,
  "^SPX": SP500_INDEX_TICKER,
  GSPC: SP500_INDEX_TICKER,
  ".INX": SP500_INDEX_TICKER,
  SP500: SP500_INDEX_TICKER,
  "S&P500": SP500_INDEX_TICKER,
};

const TICKER_PATTERN = /^[A-Z0-9][A-Z0-9.]{0,14}$/;

/**
 * The canonical spelling of a ticker, or null when it cannot be one: trimmed, upper case, a leading "$"
 * (cashtag) dropped, and the share-class separators "-", "/", "_" or a space turned into "." (BRK-B -> BRK.B).
 */
export function canonicalTicker(input: string): string | null {
  let t = input.trim().toUpperCase();
  if (t.startsWith("$")) t = t.slice(1);
  const alias = ALIASES[t];
  if (alias) return alias;
  t = t.replace(/[-/_ ]/g, ".");
  return TICKER_PATTERN.test(t) ? t : null;
}

export function stockIdFor(canonical: string): string {
  return STOCK_ID_PREFIX + canonical;
}
