// Two figures of one sentence that a table row gives under columns dated the other way round (issue 19, the
// years perturbations of bench:judge: Pfizer's "from $5,034 million in Q2 2023 to $1,305 million in Q2 2022").
// A fiscal calendar may name the columns' periods other years, but never in the reverse order; so the reading
// needs no calendar (src/figures/reversed-years.ts).
import { describe, expect, it } from "vitest";
import { checkStatement } from "../../src/figures/statement";
import { gradeAnswer } from "../../src/judges/engine/grade";

// A filing's table as its text reads, one cell a line: three and six months side by side.
const regions = [
  "The following summarizes revenues by geographic area:",
  "Three Months Ended\nSix Months Ended\n(MILLIONS)\nJuly 2,\n2023\nJuly 3,\n2022\n%\nChange\nJuly 2,\n2023\nJuly 3,\n2022\n%\nChange",
  "United States\n$\n6,185 \n$\n11,222 \n(45)\n$\n14,692 \n$\n20,140 \n(27)",
  "Developed Europe\n2,415 \n5,480 \n(56)\n5,236 \n11,569 \n(55)",
  "Developed Rest of World\n1,305 \n5,034 \n(74)\n3,778 \n8,320 \n(55)",
  "Emerging Markets\n2,828 \n6,006 \n(53)\n7,308 \n13,373 \n(45)",
  "Revenues\n$\n12,734 \n$\n27,742 \n(54)\n$\n31,015 \n$\n53,402 \n(42)",
].join("\n");
const statuses = (answer: string) => checkStatement(answer, [regions]).figures.filter((c) => c.figure.raw.startsWith("$")).map((c) => `${c.figure.raw}:${c.status}`);
const answer = (from: string, to: string) => `Developed Rest of World had the biggest drop, a 74% decrease in revenues from $5,034 million in Q2 ${from} to $1,305 million in Q2 ${to}.`;

describe("two figures of a row dated in one sentence", () => {
  it("are not contradicted in the columns' order", () => {
    expect(statuses(answer("2022", "2023"))).not.toContain("$5,034 million:contradicted");
    expect(statuses(answer("2022", "2023"))).not.toContain("$1,305 million:contradicted");
  });

  it("are not contradicted when a calendar names both columns a year later (the order kept)", () => {
    expect(statuses(answer("2023", "2024"))).toEqual(["$5,034 million:unmatched", "$1,305 million:unmatched"]);
  });

  it("are contradicted the other way round (wrong on purpose)", () => {
    expect(statuses(answer("2023", "2022"))).toEqual(["$5,034 million:contradicted", "$1,305 million:contradicted"]);
    const notes = checkStatement(answer("2023", "2022"), [regions]).notes;
    expect(notes[0]).toMatch(/^\$5,034 million is .*Rest of World for 2022, not 2023/);
  });

  it("are not read when another row gives them in the stated order", () => {
    const both = regions.replace("Emerging Markets\n2,828 \n6,006 ", "Emerging Markets\n5,034 \n1,305 ");
    expect(checkStatement(answer("2023", "2022"), [both]).contradicted).toBe(0);
  });
});

describe("an answer that dates a row's two figures the other way round", () => {
  it("is graded below the right one", () => {
    const grade = (text: string) => {
      const g = gradeAnswer({ query: "For Pfizer, which geographic region had the biggest drop in Q22023 year over year revenues (on a percentage basis)?", answer: text, references: [regions], evidence: [], verdicts: { supported: 0, contradicted: 0, unresolved: 0 } });
      return g.factuality + g.completeness + g.relevance + g.grounding;
    };
    expect(grade(answer("2023", "2022"))).toBeLessThan(grade(answer("2022", "2023")));
  });
});
