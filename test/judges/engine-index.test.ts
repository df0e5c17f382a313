// The figure engine's indexes (compare.ts candidates, align.ts relevantOperands) must answer exactly as the
// plain scans they replace: same verdicts for every figure, same operands in the same order.
import { describe, expect, it } from "vitest";
import { checkFigure } from "../../src/figures/compare";
import { readText, statementFigures } from "../../src/figures/context";
import { prepareSource, relevantOperands } from "../../src/judges/engine/align";
import { stemSet } from "../../src/figures/text";

// Deterministic pseudo-random figures in every written form the engine reads, under a few line items and years.
function figures(seed: number, n: number): string {
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const forms = [
    (v: number) => `$${Math.round(v * 1000).toLocaleString("en-US")}`,
    (v: number) => `${(v * 100).toFixed(1)}%`,
    (v: number) => `${v.toFixed(2)}`,
    (v: number) => `$${(v * 10).toFixed(2)} billion`,
    (v: number) => `(${Math.round(v * 100)})`,
    (v: number) => `${Math.round(v * 1e6).toLocaleString("en-US")}`,
    () => "0",
  ];
  const items = ["Net sales were", "Operating income was", "Cost of sales was", "Revenue grew", "Net income reached"];
  return Array.from({ length: n }, () => `${items[Math.floor(next() * items.length)]} ${forms[Math.floor(next() * forms.length)](next() * 20)} in ${2015 + Math.floor(next() * 5)}.`).join(" ");
}

describe("figure engine indexes", () => {
  it("the candidate index gives every figure the verdict a scan of all source figures gives", () => {
    const source = [readText(figures(7, 600))];
    const answer = statementFigures(`${figures(11, 300)} ${figures(7, 40)}`);
    const verdicts = answer.map((f) => checkFigure(f, source));
    answer.forEach((f, i) => expect(verdicts[i].status).toBe(checkFigure(f, source, new Set(), true).status));
    expect(verdicts.filter((v) => v.status === "carried").length).toBeGreaterThan(30);
    expect(verdicts.filter((v) => v.status === "contradicted").length).toBeGreaterThan(30);
  });

  it("relevantOperands ranks the figures under the statement's words, most shared words first", () => {
    const text = "Total revenue 12,617 11,141\nCost of sales (10,069) (8,430)\nInventory 1,055 604\nOperating income 2,548 2,711\nTotal revenue growth 13%";
    const src = prepareSource(text);
    const statement = stemSet("Revenue less cost of sales gives operating income");
    const scan = src.read.figures
      .map((f, i) => ({ f, i, overlap: [...new Set(f.item)].filter((s) => statement.has(s)).length }))
      .filter((s) => s.overlap > 0)
      .sort((a, b) => b.overlap - a.overlap || a.i - b.i)
      .map((s) => s.f);
    expect(scan.length).toBeGreaterThan(4);
    expect(relevantOperands(src, statement, 24)).toEqual(scan);
    expect(relevantOperands(src, statement, 2)).toEqual(scan.slice(0, 2));
  });
});
