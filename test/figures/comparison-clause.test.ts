// A figure in a comparison clause ("compared with $8,630.9 million", "up from", "versus", "a year earlier")
// is the comparison period's value: it does not take its sentence's year (src/figures/comparison.ts).
import { describe, expect, it } from "vitest";
import { checkStatement } from "../../src/figures/statement";
import { statementFigures } from "../../src/figures/context";

const reference = "Net sales were $10,208.6 million in fiscal 2022, compared with $8,630.9 million in fiscal 2021.";
const statuses = (answer: string, sources = [reference], context = "") => checkStatement(answer, sources, new Set(), context).figures.map((c) => `${c.figure.raw}:${c.status}`);

describe("a figure in a comparison clause", () => {
  it.each([
    "Net sales were $10,208.6 million in 2022, compared with $8,630.9 million.",
    "Net sales were $10,208.6 million in 2022, up from $8,630.9 million.",
    "Net sales were $10,208.6 million in 2022, versus $8,630.9 million.",
    "Net sales were $10,208.6 million in 2022, vs. $8,630.9 million.",
    "Net sales were $10,208.6 million in 2022, against $8,630.9 million a year earlier.",
    "Net sales were $10,208.6 million in 2022, compared with $8,630.9 million in the prior year.",
    "In 2022, net sales were $10,208.6 million, compared to $8,630.9 million.",
  ])("is not given its sentence's year: %s", (answer) => {
    expect(statuses(answer)).toEqual(["$10,208.6 million:carried", "$8,630.9 million:carried"]);
  });

  it("is not given the question's year", () => {
    expect(statuses("Net sales were $10,208.6 million, compared with $8,630.9 million.", [reference], "What were net sales in 2022?")).toEqual(["$10,208.6 million:carried", "$8,630.9 million:carried"]);
  });

  it("keeps a year of its own", () => {
    const f = statementFigures("Net sales were $10,208.6 million in 2022, compared with $8,630.9 million in 2020.");
    expect(f.map((x) => x.year)).toEqual([2022, 2020]);
    expect(statuses("Net sales were $10,208.6 million in 2022, compared with $8,630.9 million in 2022.")[1]).toBe("$8,630.9 million:contradicted");
  });

  it("is the year before where the clause says so, the same part of the year", () => {
    const [a, b] = statementFigures("Revenue was $8,890 million in the second quarter of fiscal 2024, down 7.1% from $9,569 million a year earlier, and $5 million compared with $4 million.").filter((x) => x.raw.startsWith("$"));
    expect([a.year, a.part, b.year, b.part, b.yearBefore]).toEqual([2024, "q2", 2023, "q2", true]);
  });

  it("a year before is still checked against that year (wrong on purpose)", () => {
    const earlier = "Net sales were $10,208.6 million in fiscal 2022, compared with $8,630.9 million in fiscal 2021 and $6,152.0 million in fiscal 2020.";
    expect(statuses("Net sales were $10,208.6 million in 2022, up from $6,152.0 million a year earlier.", [earlier])).toEqual(["$10,208.6 million:carried", "$6,152.0 million:contradicted"]);
    expect(statuses("Net sales were $10,208.6 million in 2022, up from $8,630.9 million a year earlier.", [earlier])).toEqual(["$10,208.6 million:carried", "$8,630.9 million:carried"]);
  });

  it("the current figure is still dated (wrong on purpose)", () => {
    expect(statuses("Net sales were $8,630.9 million in 2022, compared with $10,208.6 million.")[0]).toBe("$8,630.9 million:contradicted");
  });

  it("a change is no comparison's level", () => {
    const [, change] = statementFigures("Net sales were $10,208.6 million in 2022, an increase of 18% over the prior year.");
    expect([change.change, change.yearBefore]).toEqual([true, undefined]);
  });

  it("a source's figure compared with no year of its own is not given the sentence's opening year", () => {
    const source = "In 2022, net sales were $10,208.6 million, compared with $8,630.9 million.";
    expect(statuses("Net sales were $8,630.9 million in 2022.", [source])).not.toContain("$8,630.9 million:carried");
  });
});
