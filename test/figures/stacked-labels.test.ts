// Which lines the stacked-table reader takes (src/figures/stacked-labels.ts): the J&J layout, and runs it must
// leave alone (a title above the labels, more labels than it reads, values that divide no label count).
import { describe, expect, it } from "vitest";
import { stackedValueLines } from "../../src/figures/stacked-labels";

const labelsOf = (text: string) => stackedValueLines(text).map((l) => [l.label, l.row, l.column]);

describe("stacked tables: which lines are read", () => {
  it("gives the i-th value line the (i mod labels)-th label, and goes on across blocks of as many columns", () => {
    const text = ["Operational Sales / Mid-point", "Change vs. Prior Year / Mid-point", "$83.6B – $84.4B / $84.0B", "7.5% – 8.5% / 8.0%", "$99.3B – $100.3B / $99.8B", "7.0% – 8.0% / 7.5%", "Adjusted EPS (Diluted) / Mid-point", "Change vs. Prior Year / Mid-point", "$10.00 – $10.10 / $10.05", "12.0% – 13.0% / 12.5%", "$10.70 – $10.80 / $10.75", "5.5% – 6.5% / 6.0%"].join("\n");
    expect(labelsOf(text)).toEqual([
      ["Operational Sales / Mid-point", 0, 0],
      ["Change vs. Prior Year / Mid-point", 1, 0],
      ["Operational Sales / Mid-point", 0, 1],
      ["Change vs. Prior Year / Mid-point", 1, 1],
      ["Adjusted EPS (Diluted) / Mid-point", 2, 0],
      ["Change vs. Prior Year / Mid-point", 3, 0],
      ["Adjusted EPS (Diluted) / Mid-point", 2, 1],
      ["Change vs. Prior Year / Mid-point", 3, 1],
    ]);
    expect(new Set(stackedValueLines(text).map((l) => l.table)).size).toBe(1);
  });

  it("reads no table under a title line, which it cannot tell from a label", () => {
    const text = ["Full-Year Guidance", "Net Sales", "Operating Margin", "$1,200", "12.5%", "$1,100", "11.0%"].join("\n");
    expect(stackedValueLines(text)).toEqual([]);
  });

  it("reads no table where the values divide no count of the labels, or the labels are too many", () => {
    // Three labels, four values: no mapping holds.
    expect(stackedValueLines(["Net Sales", "Gross Profit", "Operating Income", "$1,200", "$400", "$150", "$1,100"].join("\n"))).toEqual([]);
    // Ten labels then twenty values: not read under the last few labels.
    const many = [...Array.from({ length: 10 }, (_, i) => `Line item ${"abcdefghij"[i]}x`), ...Array.from({ length: 20 }, (_, i) => `$${i + 1}.0`)].join("\n");
    expect(stackedValueLines(many)).toEqual([]);
    // Prose and a single label: nothing.
    expect(stackedValueLines("Revenue grew 5% to $1,200 million.\nNet Sales\n$1,200")).toEqual([]);
  });
});
