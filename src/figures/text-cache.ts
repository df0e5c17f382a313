// A bounded cache keyed by text: the readers (statement tables, figures in context) parse each passage
// once while both judges, the ranking check and every claim read the same references and sources again.
import { runSteps } from "./steps";

/** The most recent texts' values, up to a budget of characters (the texts stay alive while cached). */
function textStore<T>(budgetChars: number) {
  const entries = new Map<string, T>();
  let chars = 0;
  return {
    get: (text: string) => entries.get(text),
    /** Keeps `value` for `text` (a text longer than a quarter of the budget is not kept) and returns it. */
    put(text: string, value: T): T {
      if (text.length > budgetChars / 4) return value;
      for (const key of entries.keys()) {
        if (chars + text.length <= budgetChars) break;
        entries.delete(key);
        chars -= key.length;
      }
      entries.set(text, value);
      chars += text.length;
      return value;
    },
  };
}

/**
 * Memoizes `compute` per text: the most recent texts are kept up to a budget of characters, a text longer
 * than a quarter of the budget is computed and not kept. Callers only read the results.
 */
export function textCache<T>(compute: (text: string) => T, budgetChars = 2_000_000): (text: string) => T {
  const store = textStore<T>(budgetChars);
  return (text) => store.get(text) ?? store.put(text, compute(text));
}

/** A textCache whose reading also runs in steps (steps.ts): `steps(text)` yields while it reads a text not yet kept. */
export interface SteppedTextCache<T> {
  (text: string): T;
  steps(text: string): Generator<void, T, void>;
}

/**
 * textCache of a reader written in steps: called, it reads straight through; `steps` gives a job's turns
 * (runStepsCooperatively) while a long text is read, and keeps the result for the calls after it.
 */
export function steppedTextCache<T>(computeSteps: (text: string) => Generator<void, T, void>, budgetChars = 2_000_000): SteppedTextCache<T> {
  const store = textStore<T>(budgetChars);
  const read = (text: string): T => store.get(text) ?? store.put(text, runSteps(computeSteps(text)));
  return Object.assign(read, {
    *steps(text: string): Generator<void, T, void> {
      return store.get(text) ?? store.put(text, yield* computeSteps(text));
    },
  });
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
