// A long query's rerank (a reference's table: hundreds of concepts against 120 candidates) took 100 ms of
// one stretch in Node; rerankSteps reads the candidates in steps, so a job's searches take turns inside it
// (issue 21: the neighbour of a dense judge run). Same ranking as reading them straight through.
import { describe, expect, it } from "vitest";
import { rerank, rerankSteps } from "../../src/search/rank";
import { planQuery } from "../../src/search/query";
import type { CandidateRow } from "../../src/search/repo";

function row(i: number, text: string): CandidateRow {
  return {
    rank: -1 - (i % 7), chunk_id: `c${i}`, document_id: `d${i % 5}`, page: null, start_offset: 0, text, organization_id: "o", kind: "external",
    name: "doc", doc_type: "filing", doc_sub_type: null, rms_type: null, rms_sub_type: null, tickers: "[]", stock_ids: "[]", company_names: "[]",
    fiscal_year: 2016 + (i % 4), fiscal_quarter: null, calendar_date: null, published_at: null,
  };
}

describe("rerank in steps", () => {
  const table = Array.from({ length: 60 }, (_, i) => `Net sales ${1_000 + i * 37} ${2_000 + i * 11} ${(i % 30) + 0.5}%`).join("\n");
  const query = `(in millions) 2018 2017 2016\n${table}`;
  const rows = Array.from({ length: 40 }, (_, i) => row(i, `Net sales and operating income for ${2015 + (i % 5)}: ${table.slice(i * 40, i * 40 + 600)}`));

  it("takes a turn every few candidates and ranks as rerank does", () => {
    const plan = planQuery(query);
    expect(plan.concepts.length).toBeGreaterThan(100);
    const steps = rerankSteps(rows, { plan, companies: new Set() });
    let turns = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) turns += 1;
    expect(turns).toBeGreaterThanOrEqual(8);
    const straight = rerank(rows, { plan, companies: new Set() });
    expect(step.value.map((r) => [r.row.chunk_id, r.score])).toEqual(straight.map((r) => [r.row.chunk_id, r.score]));
    expect(new Set(straight.map((r) => r.score)).size).toBeGreaterThan(5);
  });

  it("takes turns by the look-ups it makes: a claim's few concepts read 48 candidates in a step or two, a table's many in many", () => {
    const turnsOf = (q: string, candidates: CandidateRow[]) => {
      const steps = rerankSteps(candidates, { plan: planQuery(q), companies: new Set() });
      let turns = 0;
      while (!steps.next().done) turns += 1;
      return turns;
    };
    const many = Array.from({ length: 48 }, (_, i) => rows[i % rows.length]);
    expect(turnsOf("Net sales were $1,037 million in 2018.", many)).toBeLessThanOrEqual(2);
    // The whole table: hundreds of concepts and word pairs, a few candidates a step at most.
    expect(turnsOf(query, many)).toBeGreaterThanOrEqual(24);
  });

  it("reads nothing and takes no turn for no candidates", () => {
    const steps = rerankSteps([], { plan: planQuery("net sales"), companies: new Set() });
    expect(steps.next()).toEqual({ done: true, value: [] });
  });
});
