// The year a heading line gives the lines under it ("In fiscal year 2022:" over a list of acquisitions), and
// the years of a text written in a date ("on November 2, 2021") rather than as a period (src/figures/headings.ts).
import { describe, expect, it } from "vitest";
import { continuedYear, givenYear, headingYears, yearKinds } from "../../src/figures/headings";

const under = (text: string, line: string) => headingYears(text)(text.indexOf(line));

describe("a heading's year", () => {
  const answer =
    "Best Buy made the following acquisitions:\n\n**FY2022:**\n1. Current Health Ltd. was acquired on November 2, 2021.\n\n2. Yardbird was acquired on November 4, 2021.\n\nThere are no acquisitions mentioned for other years.\n\nIn FY2023 and FY2021:\n- none";

  it("dates the lines right under it and the list items after blank lines", () => {
    expect(under(answer, "1. Current Health")).toEqual({ year: 2022, fiscal: true });
    expect(under(answer, "2. Yardbird")).toEqual({ year: 2022, fiscal: true });
  });

  it("does not date a paragraph of its own after a blank line, nor the heading line itself", () => {
    expect(under(answer, "There are no acquisitions")).toBeNull();
    expect(under(answer, "**FY2022:**")).toBeNull();
  });

  it("dates nothing when it names two years, or none", () => {
    expect(under(answer, "- none")).toBeNull();
    expect(under(answer, "**FY2022:**".replace("FY2022", "Acquisitions"))).toBeNull();
  });

  it("is a plain year when the heading names no fiscal year", () => {
    const text = "For the year ended December 31, 2022:\nNet sales were $5 million.";
    expect(under(text, "Net sales")).toEqual({ year: 2022, fiscal: false });
  });
});

describe("years written in a date", () => {
  it("are told from the periods", () => {
    expect(yearKinds("In fiscal 2022, we acquired Current Health on November 2, 2021, and Yardbird in March 2020.")).toEqual({ periods: new Set([2022]), dates: new Set([2021, 2020]) });
    expect(yearKinds("The amounts would be payable over 10 years, beginning in 2023.")).toEqual({ periods: new Set([2023]), dates: new Set() });
  });
});

describe("the year a sentence refers back to", () => {
  it("is the year the sentence before gives, for a sentence that opens by referring back and names none", () => {
    const before = givenYear("SG&A increased by 6.1% in fiscal 2022.", null);
    expect(continuedYear("This was impacted by litigation costs.", before)).toEqual({ year: 2022, fiscal: true });
  });

  it("is none for a sentence that does not refer back, or names a year of its own", () => {
    const before = givenYear("SG&A increased by 6.1% in 2022.", null);
    expect(continuedYear("Litigation costs impacted SG&A.", before)).toBeNull();
    expect(continuedYear("This was impacted by litigation costs in 2021.", before)).toBeNull();
  });

  it("is none after a sentence that names two years, and carried on after one that names none", () => {
    expect(givenYear("SG&A increased in 2022 compared to 2021.", null)).toBeNull();
    expect(givenYear("This was impacted by litigation costs.", { year: 2022, fiscal: false })).toEqual({ year: 2022, fiscal: false });
  });
});
