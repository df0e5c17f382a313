// The local engine's indexes (numbers.ts statedAmong, align.ts relevantOperands) must answer exactly as the
// plain scans they replace: same figures found, same operands in the same order.
import { describe, expect, it } from "vitest";
import { quantities, sameAmount, statedAmong } from "../../src/figures/numbers";
import { prepareSource, relevantOperands } from "../../src/judges/engine/align";
import { contentStems, stemSet } from "../../src/figures/text";

// Deterministic pseudo-random figures in every written form the engine reads.
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
  return Array.from({ length: n }, () => forms[Math.floor(next() * forms.length)](next() * 20)).join(" revenue ");
}

describe("engine indexes", () => {
  it("statedAmong finds exactly the figures a scan with sameAmount finds", () => {
    const source = quantities(figures(7, 600));
    const answer = quantities(`${figures(11, 300)} ${figures(7, 40)}`);
    for (const a of answer) expect(statedAmong(a, source)).toBe(source.some((p) => sameAmount(a, p)));
    expect(answer.filter((a) => statedAmong(a, source)).length).toBeGreaterThan(30);
  });

  it("relevantOperands ranks the same operands as scoring every figure's row label", () => {
    const text = "Total revenue 12,617 11,141\nCost of sales (10,069) (8,430)\nInventory 1,055 604\nOperating income 2,548 2,711\nTotal revenue growth 13%";
    const src = prepareSource(text);
    const statement = stemSet("Revenue less cost of sales gives operating income");
    const scan = src.quantities
      .map((q, i) => {
        let overlap = 0;
        for (const s of contentStems(text.slice(Math.max(0, q.index - 120), q.index).split("\n").slice(-3).join(" "))) if (statement.has(s)) overlap += 1;
        return { q, overlap, i };
      })
      .filter((s) => s.overlap > 0)
      .sort((a, b) => b.overlap - a.overlap || a.i - b.i)
      .map((s) => s.q);
    expect(relevantOperands(src, statement, 24)).toEqual(scan);
    expect(relevantOperands(src, statement, 2)).toEqual(scan.slice(0, 2));
  });

  it("reads a nil as equal only to a nil", () => {
    const [nil, thousand, pct, zero] = quantities("$0 1,000 -1.53% 0.0");
    expect(sameAmount(thousand, nil)).toBe(false);
    expect(sameAmount(pct, nil)).toBe(false);
    expect(sameAmount(zero, nil)).toBe(true);
    expect(statedAmong(thousand, [nil])).toBe(false);
  });
});
