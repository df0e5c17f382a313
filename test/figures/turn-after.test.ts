// Turns between a reader's phases weighed by what the phases read (src/figures/steps.ts, turnAfter): a short
// statement's phases share a turn, a long one's each take theirs, and the readings are the same either way.
import { describe, expect, it } from "vitest";
import { FIGURES_PER_STEP, runSteps, turnAfter } from "../../src/figures/steps";
import { checkStatementSteps } from "../../src/figures/statement";
import { statementFigureSteps } from "../../src/figures/context";
import { prepareSource } from "../../src/judges/engine/align";
import { planQuery, planQuerySteps } from "../../src/search/query";
import { queryAliasCandidateSteps, queryAliasCandidates } from "../../src/search/aliases";

/** How many times a reader yields, and its result. */
function yieldsOf<T>(steps: Generator<void, T, void>): { yields: number; value: T } {
  let yields = 0;
  for (;;) {
    const step = steps.next();
    if (step.done) return { yields, value: step.value };
    yields += 1;
  }
}

const SOURCE = `Net sales were $32,765 million in 2018, compared with $31,657 million in 2017. Net income attributable to 3M was $5,349 million in 2018 and $4,858 million in 2017. Capital expenditures were $1,577 million in 2018.`;

describe("turnAfter", () => {
  it("yields once its phases have read FIGURES_PER_STEP figures, in any of the isolate's readers", () => {
    // Start from a turn just taken.
    runSteps(turnAfter(FIGURES_PER_STEP));
    let yields = 0;
    for (let i = 0; i < FIGURES_PER_STEP * 4; i++) yields += yieldsOf(turnAfter(1)).yields;
    expect(yields).toBe(4);
    // A phase of a step's worth or more always ends in a turn.
    expect(yieldsOf(turnAfter(FIGURES_PER_STEP)).yields).toBe(1);
    expect(yieldsOf(turnAfter(10 * FIGURES_PER_STEP)).yields).toBe(1);
    // No figure read is still a phase passed: it counts one.
    runSteps(turnAfter(FIGURES_PER_STEP));
    let empty = 0;
    for (let i = 0; i < FIGURES_PER_STEP; i++) empty += yieldsOf(turnAfter(0)).yields;
    expect(empty).toBe(1);
  });

  it("lets a short statement's eight phases share a turn, and gives a long statement's phases one each", () => {
    const short = yieldsOf(checkStatementSteps("Net sales were $32,765 million in 2018.", [SOURCE]));
    expect(short.value.carried).toBe(1);
    expect(short.yields).toBeLessThanOrEqual(1);
    const sentences = Array.from({ length: 20 }, (_, i) => `Net sales were $${(30_000 + i).toLocaleString("en-US")} million in ${2000 + i}.`).join(" ");
    const long = yieldsOf(checkStatementSteps(sentences, [SOURCE]));
    expect(long.value.figures.length).toBeGreaterThanOrEqual(FIGURES_PER_STEP);
    // Each phase after the statement's reading (eight of them), and the figure checks' own turns.
    expect(long.yields).toBeGreaterThanOrEqual(8);
    // The same checks as read straight through.
    expect(runSteps(checkStatementSteps(sentences, [SOURCE])).figures.map((f) => f.status)).toEqual(long.value.figures.map((f) => f.status));
  });

  it("plans a claim's short query and reads its aliases without a turn of their own, a long query with a turn per phase", () => {
    runSteps(turnAfter(FIGURES_PER_STEP));
    const claim = "Net sales of 3M were $32,765 million in 2018.";
    const plan = yieldsOf(planQuerySteps(claim));
    expect(plan.yields).toBe(0);
    expect(plan.value).toEqual(planQuery(claim));
    const aliases = yieldsOf(queryAliasCandidateSteps(claim));
    expect(aliases.yields).toBe(0);
    expect(aliases.value).toEqual(queryAliasCandidates(claim));
    const table = Array.from({ length: 60 }, (_, i) => `Segment ${i} operating income ${1_000 + i} ${900 + i}`).join("\n");
    expect(yieldsOf(planQuerySteps(table)).yields).toBeGreaterThanOrEqual(4);
    expect(yieldsOf(queryAliasCandidateSteps(table)).yields).toBeGreaterThanOrEqual(4);
  });

  it("reads short sentences of prose many to a turn, long ones eight to a turn", () => {
    const readings = (text: string) => {
      runSteps(turnAfter(FIGURES_PER_STEP));
      const stepped = yieldsOf(statementFigureSteps(text));
      expect(stepped.value).toEqual(runSteps(statementFigureSteps(text)));
      return stepped;
    };
    // 64 sentences of about 30 characters: a step's worth of figures (FIGURES_PER_STEP x 100 characters) in all.
    const short = readings(Array.from({ length: 64 }, (_, i) => `Sales rose ${i + 1}% in ${1960 + i}.`).join(" "));
    expect(short.value.length).toBe(64);
    expect(short.yields).toBeLessThanOrEqual(2);
    // 64 sentences of about 230 characters: eight of them are more than a step's worth.
    const long = readings(
      Array.from({ length: 64 }, (_, i) => `Net sales of the company's consumer segment, which sells its products through retailers and distributors in more than seventy countries, rose ${i + 1}% in ${1960 + i} on higher volumes and prices across its North American and European markets.`).join(" "),
    );
    expect(long.value.length).toBe(64);
    expect(long.yields).toBeGreaterThanOrEqual(7);
  });

  it("reads a short source's tables, prose and word sets in one turn's worth, a long one's with turns between", () => {
    runSteps(turnAfter(FIGURES_PER_STEP));
    const short = yieldsOf(prepareSource.steps(`${SOURCE} `));
    expect(short.value.read.figures.length).toBeGreaterThanOrEqual(5);
    expect(short.yields).toBe(0);
    // Read already: taken from the cache, without a turn.
    expect(yieldsOf(prepareSource.steps(`${SOURCE} `)).yields).toBe(0);
    const table = Array.from({ length: 40 }, (_, i) => `Segment ${i} operating income ${1_000 + i} ${900 + i}`).join("\n");
    const long = yieldsOf(prepareSource.steps(`(in millions) 2018 2017\n${table}`));
    expect(long.value.read.figures.length).toBeGreaterThanOrEqual(80);
    // The table's parse, its prose, and each of the source's word sets: a turn each.
    expect(long.yields).toBeGreaterThanOrEqual(4);
  });
});
