// Issue 21: a job reads a long source or reference in steps (its table lines, its rows, its sentences), so
// an isolate's other requests are served between them instead of waiting for the whole text. The stepped
// reading is the one the plain call makes and keeps: the same figures, the same object afterwards.
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../bench/lib/random";
import { readText } from "../../src/figures/context";
import { parseTables } from "../../src/figures/table";
import { steppedTextCache } from "../../src/figures/text-cache";
import { runStepsCooperatively } from "../../src/figures/steps";
import { prepareSource } from "../../src/judges/engine/align";
import { timerTurns } from "../helpers/turns";
import { planQuery, planQuerySteps } from "../../src/search/query";
import { queryAliasCandidateSteps, queryAliasCandidates } from "../../src/search/aliases";

/** bench:hostile's dense reference: a table of about 250 rows (8,000 characters), new for each seed. */
function denseTable(seed: number): string {
  const r = seededRandom(seed);
  const amount = () => (1 + Math.floor(r() * 99_000)).toLocaleString("en-US");
  let text = "(in millions) 2018 2017 2016\n";
  while (text.length < 7_900) text += `Net sales ${amount()} ${amount()} ${(r() * 30).toFixed(1)}%\n`;
  return text;
}

/** The steps a generator takes, and its value. */
function stepsOf<T>(steps: Generator<void, T, void>): { steps: number; value: T } {
  let n = 0;
  for (;;) {
    const s = steps.next();
    if (s.done) return { steps: n, value: s.value };
    n += 1;
  }
}

describe("long texts read in steps", () => {
  it("a stepped cache computes once, in steps, and keeps what the plain call would return", () => {
    let computed = 0;
    const cache = steppedTextCache(function* (text: string) {
      computed += 1;
      for (let i = 0; i < text.length; i++) yield;
      return { length: text.length };
    });
    const first = stepsOf(cache.steps("abcd"));
    expect(first).toEqual({ steps: 4, value: { length: 4 } });
    // Kept: the plain call and a second stepped read return that object without reading again.
    expect(cache("abcd")).toBe(first.value);
    expect(stepsOf(cache.steps("abcd"))).toEqual({ steps: 0, value: first.value });
    expect(cache("xy")).toEqual({ length: 2 });
    expect(computed).toBe(2);
  });

  it("a dense table's figures are read in many steps, equal to a plain read of the same text", () => {
    const text = denseTable(11);
    const stepped = stepsOf(readText.steps(text));
    // About 250 lines in 64-line steps, 250 rows in 32-row steps, and the prose between them.
    expect(stepped.steps).toBeGreaterThanOrEqual(12);
    expect(stepped.value.figures.length).toBeGreaterThan(600);
    expect(readText(text)).toBe(stepped.value);
    // A plain read of the same lines (another text to the cache: a final line break) gives equal figures.
    expect(readText(`${text}\n`)).toEqual(stepped.value);
    expect(parseTables(text).length).toBeGreaterThan(0);
  });

  it("a source is prepared in steps, the longest step a small part of the whole", async () => {
    const text = denseTable(12);
    const stepped = stepsOf(prepareSource.steps(text));
    expect(stepped.steps).toBeGreaterThanOrEqual(14);
    expect(prepareSource(text)).toBe(stepped.value);
    expect(stepped.value.read).toBe(readText(text));
    // Through the cooperative runner, as the judge jobs call it: timers set meanwhile fire between steps.
    const turns = timerTurns();
    const prepared = await runStepsCooperatively(prepareSource.steps(denseTable(13)));
    expect(turns.stop()).toBeGreaterThanOrEqual(10);
    expect(prepared.read.figures.length).toBeGreaterThan(600);
  });

  it("a search for a whole reference plans its query and lists its alias candidates in steps, as the plain calls do", () => {
    // A reference is searched with its whole text: about 2,000 words, 500 concepts, 10,000 alias candidates.
    const text = `table ${denseTable(14)}`;
    const plan = stepsOf(planQuerySteps(text, new Set(["sales"])));
    expect(plan.steps).toBeGreaterThanOrEqual(8);
    expect(plan.value.concepts.length).toBeGreaterThan(300);
    expect(plan.value).toEqual(planQuery(text, new Set(["sales"])));
    const aliases = stepsOf(queryAliasCandidateSteps(text));
    expect(aliases.steps).toBeGreaterThanOrEqual(4);
    expect(aliases.value.length).toBeGreaterThan(5_000);
    expect(aliases.value).toEqual(queryAliasCandidates(text));
  });
});
