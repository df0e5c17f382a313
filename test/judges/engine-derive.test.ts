// Which figures the engine looks for as derivations (issue 19, perturbations of bench:judge): only those its
// words present as worked out. A line item's level named with "net" ("net income of $X") is stated or not;
// it is not credited as some sum or difference of two source figures that happens to give its value.
import { describe, expect, it } from "vitest";
import { readFigures } from "../../src/judges/engine/derive";
import { checkStatement } from "../../src/figures/statement";
import { readText } from "../../src/figures/context";

const PASSAGE = "Consolidated Statement of Income (in millions)\n2022 2021\nNet sales 14,189 14,082\nCost of sales 9,683 9,019";

function read(answer: string) {
  const src = readText(PASSAGE);
  return readFigures(checkStatement(answer, [src]).figures, src.figures).map((r) => `${r.figure.raw}:${r.support}`);
}

describe("figures looked for as derivations", () => {
  it("does not derive a net line item's level from a sum of source figures", () => {
    // 14,189 + 9,683 = 23,872: a coincidence, not a net income the passage states.
    expect(read("Net income was $23,872 million in 2022.")).toEqual(["$23,872 million:unsupported"]);
  });

  it("still derives a figure its words present as worked out", () => {
    expect(read("Gross profit, net sales minus cost of sales, totaled $4,506 million in 2022.")).toEqual(["$4,506 million:derived"]);
  });
});
