// A January year-end results release (Ulta Beauty's fourth quarter of fiscal 2022): 13- and 52-week columns
// side by side, their days split over lines, and the title's link from fiscal 2022 to January 28, 2023
// (table.ts split days, fiscal-days.ts release links, compare.ts column spans, shared-links.ts).
import { describe, expect, it } from "vitest";
import { checkStatement } from "../../src/figures/statement";
import { fiscalLinks } from "../../src/figures/fiscal-days";

const release = [
  "Ulta Beauty Announces Fourth Quarter",
  "Fiscal 2022 Results",
  "BOLINGBROOK, Ill.-- Ulta Beauty, Inc. today",
  "announced financial results for the thirteen-week period (“fourth quarter”) and fifty-two-week",
  "period (“fiscal year”) ended January 28, 2023 compared to the same periods ended January",
  "29, 2022.",
  "13 Weeks Ended 52 Weeks Ended",
  "January\n28,\nJanuary\n29,\nJanuary\n30,\nJanuary\n28,\nJanuary\n29,\nJanuary\n30,",
  "(Dollars in millions, except per share data) 2023 2022 2021 2023 2022 2021",
  "Net sales $ 3,226.8 $ 2,729.4 $ 2,198.7 $ 10,208.6 $ 8,630.9 $ 6,152.0",
  "Diluted earnings per share $ 6.68 $ 5.41 $ 3.03 $ 24.01 $ 17.98 $ 3.11",
].join("\n");
const reference = "Net sales were $10,208.6 million for the fifty-two weeks ended January 28, 2023, compared with $8,630.9 million for the fifty-two weeks ended January 29, 2022.";
const question = "What were Ulta Beauty's net sales in fiscal 2022?";
const statuses = (answer: string, sources: string[]) => checkStatement(answer, sources, new Set(["ulta", "beauti"]), question).figures.map((c) => `${c.figure.raw}:${c.status}`);
const right = "Ulta Beauty's net sales were $10,208.6 million in fiscal 2022, up from $8,630.9 million in fiscal 2021.";
const swapped = "Ulta Beauty's net sales were $8,630.9 million in fiscal 2022, compared with $10,208.6 million in fiscal 2021.";
const quarter = "Ulta Beauty's net sales were $3,226.8 million in fiscal 2022.";

describe("a January year-end release's 13- and 52-week columns", () => {
  it("reads the title's fiscal year as the period ended on the day it names", () => {
    expect(fiscalLinks(release)).toEqual([{ fiscal: 2022, day: 20230128, yearEnd: true }]);
  });

  it.each([[[release]], [[reference, release]], [[reference]]])("carries the right years (right on purpose) %#", (sources) => {
    expect(statuses(right, sources)).toEqual(["$10,208.6 million:carried", "$8,630.9 million:carried"]);
  });

  it.each([[[release]], [[reference, release]]])("contradicts the years swapped (wrong on purpose) %#", (sources) => {
    expect(statuses(swapped, sources)).toEqual(["$8,630.9 million:contradicted", "$10,208.6 million:contradicted"]);
  });

  it("does not contradict by the calendar alone: the reference's days in January name no fiscal year", () => {
    expect(statuses(right, [reference])).not.toContain("$10,208.6 million:contradicted");
  });

  it.each([[[release]], [[reference, release]]])("contradicts the 13-week column given to the fiscal year (wrong on purpose) %#", (sources) => {
    const check = checkStatement(quarter, sources, new Set(["ulta", "beauti"]), question);
    expect(check.figures.map((c) => c.status)).toEqual(["contradicted"]);
    expect(check.notes[0]).toMatch(/three months ended January 28, 2023, not for the full year/);
  });

  it("carries the 13-week column given to the fourth quarter (right on purpose)", () => {
    expect(statuses("Ulta Beauty's net sales were $3,226.8 million in the fourth quarter of fiscal 2022.", [release])).toEqual(["$3,226.8 million:carried"]);
  });
});
