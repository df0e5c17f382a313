// A bounded cache keyed by text: the readers (statement tables, figures in context) parse each passage
// once while both judges, the ranking check and every claim read the same references and sources again.

/**
 * Memoizes `compute` per text: the most recent texts are kept up to a budget of characters (the texts stay
 * alive while cached), a text longer than a quarter of the budget is computed and not kept. Callers only
 * read the results.
 */
export function textCache<T>(compute: (text: string) => T, budgetChars = 2_000_000): (text: string) => T {
  const entries = new Map<string, T>();
  let chars = 0;
  return (text) => {
    const hit = entries.get(text);
    if (hit !== undefined) return hit;
    const value = compute(text);
    if (text.length <= budgetChars / 4) {
      for (const key of entries.keys()) {
        if (chars + text.length <= budgetChars) break;
        entries.delete(key);
        chars -= key.length;
      }
      entries.set(text, value);
      chars += text.length;
    }
    return value;
  };
}

/** Memoizes a pure function of a short string (a word, a label): at most `max` results, all forgotten when full. */
export function memoized<T>(compute: (key: string) => T, max: number): (key: string) => T {
  const entries = new Map<string, T>();
  return (key) => {
    let value = entries.get(key);
    if (value === undefined) {
      value = compute(key);
      if (entries.size >= max) entries.clear();
      entries.set(key, value);
    }
    return value;
  };
}
