// A release's per-share row read as per-share amounts, and a level and its comparison swapped against a
// table row's two columns of one span (the row read per share in src/figures/context.ts, src/figures/swapped-roles.ts).
import { describe, expect, it } from "vitest";
import { checkStatement } from "../../src/figures/statement";
import { subjectStems } from "../../src/figures/subject";

// Ulta Beauty's Q4 fiscal 2022 release: fiscal 2022 is the 52 weeks ended January 28, 2023; the header's
// dates split over lines, and the table prints "%" on some rows, so its per-share row reads like percentages.
const ulta = [
  "Ulta Beauty Announces Fourth Quarter",
  "Fiscal 2022 Results",
  "Net Income of $340.8 Million or $6.68 Per Diluted Share",
  "Ulta Beauty, Inc. today announced financial results for the thirteen-week period (“fourth quarter”) and fifty-two-week",
  "period (“fiscal year”) ended January 28, 2023 compared to the same periods ended January",
  "29, 2022.",
  "13 Weeks Ended 52 Weeks Ended",
  "January", "28,", "January", "29,", "January", "30,", "January", "28,", "January", "29,", "January", "30,",
  "(Dollars in millions, except per share data) 2023 2022 2021 2023 2022 2021",
  "Net sales $ 3,226.8 $ 2,729.4 $ 2,198.7 $ 10,208.6 $ 8,630.9 $ 6,152.0",
  "Comparable sales 15.6% 21.4% (4.8%) 15.6% 37.9% (17.9%)",
  "Gross profit (as a percentage of net sales) 37.6% 37.6% 35.1% 39.6% 39.0% 31.7%",
  "Operating income (as a percentage of net sales) 13.9% 13.8% 10.2% 16.1% 15.0% 3.9%",
  "Diluted earnings per share $ 6.68 $ 5.41 $ 3.03 $ 24.01 $ 17.98 $ 3.11",
  "New store openings, net 12 6 2 47 44 10",
].join("\n");
const ultaQuestion = "What were Ulta Beauty's net sales and diluted earnings per share in fiscal 2022?";

// Best Buy's 10-Q: the later column first, a three- and a six-month span.
const bby = [
  "Domestic Segment",
  "Selected financial data for the Domestic segment was as follows ($ in millions):",
  "Three Months Ended Six Months Ended",
  "July 29, 2023 July 30, 2022 July 29, 2023 July 30, 2022",
  "Revenue $ 8,890 $ 9,569 $ 17,691 $ 19,463",
  "Revenue % change (7.1)% (13.1)% (9.1)% (10.9)%",
  "Gross profit $ 2,052 $ 2,109 $ 4,044 $ 4,279",
  "Operating income $ 329 $ 343 $ 619 $ 772",
  "Operating income as a % of revenue 3.7 % 3.6 % 3.5 % 4.0 %",
].join("\n");
const bbyQuestion = "What were Best Buy's Domestic segment revenue and operating income in the second quarter of fiscal 2024?";

const statuses = (answer: string, source: string, question: string) =>
  checkStatement(answer, [source], subjectStems(question), question).figures.filter((c) => c.figure.raw.startsWith("$")).map((c) => `${c.figure.raw}:${c.status}`);

describe("a release's per-share row in a table that prints percentages", () => {
  it("carries the fiscal years' diluted EPS (right on purpose)", () => {
    expect(statuses("Diluted earnings per share were $24.01 in fiscal 2022, compared with $17.98 in fiscal 2021.", ulta, ultaQuestion)).toEqual(["$24.01:carried", "$17.98:carried"]);
  });

  it("contradicts the years swapped (wrong on purpose)", () => {
    const check = checkStatement("Diluted earnings per share were $17.98 in fiscal 2022, compared with $24.01 in fiscal 2021.", [ulta], subjectStems(ultaQuestion), ultaQuestion);
    expect(check.figures.map((c) => c.status)).toEqual(["contradicted", "contradicted"]);
    expect(check.notes[0]).toMatch(/^\$17\.98 is diluted earnings per share for fiscal 2021, not 2022/);
  });

  it("contradicts the 13-week columns given to fiscal years (wrong on purpose)", () => {
    expect(statuses("Diluted earnings per share were $6.68 in fiscal 2022, compared with $5.41 in fiscal 2021.", ulta, ultaQuestion)).toEqual(["$6.68:contradicted", "$5.41:contradicted"]);
  });
});

describe("a level and its comparison swapped against a table row", () => {
  it("are carried in the row's roles, the later column the current one (right on purpose)", () => {
    expect(statuses("Domestic operating income was $329 million, compared with $343 million.", bby, bbyQuestion)).toEqual(["$329 million:carried", "$343 million:carried"]);
    expect(statuses("Domestic operating income fell to $329 million from $343 million.", bby, bbyQuestion)).toEqual(["$329 million:carried", "$343 million:carried"]);
  });

  it("are both contradicted the other way round (wrong on purpose)", () => {
    const swapped = "Domestic operating income was $343 million, compared with $329 million.";
    // Read alone, the roles tell it; with the question's quarter, its period does too ("for 2022, not 2024").
    const alone = checkStatement(swapped, [bby], subjectStems(bbyQuestion), "");
    expect(alone.figures.map((c) => c.status)).toEqual(["contradicted", "contradicted"]);
    expect(alone.notes[0]).toMatch(/^\$343 million is the comparison period's domestic operating income, not the current one's: the source gives 329 million, compared with 343 million/);
    expect(checkStatement(swapped, [bby], subjectStems(bbyQuestion), bbyQuestion).figures.map((c) => c.status)).toEqual(["contradicted", "contradicted"]);
  });

  it("are left alone for two columns of different spans", () => {
    // $619 million (six months, July 29, 2023) against $343 million (three months, July 30, 2022): no one span.
    expect(statuses("Domestic operating income was $343 million, compared with $619 million.", bby, bbyQuestion)).not.toContain("$619 million:contradicted");
  });
});

describe("a figure naming no period, read in the question's quarter and year", () => {
  it("carries the quarter's figure and contradicts the six months' (right and wrong on purpose)", () => {
    expect(statuses("Domestic operating income was $329 million.", bby, bbyQuestion)).toEqual(["$329 million:carried"]);
    const six = checkStatement("Domestic operating income was $619 million.", [bby], subjectStems(bbyQuestion), bbyQuestion);
    expect(six.figures.map((c) => c.status)).toEqual(["contradicted"]);
    expect(six.notes[0]).toContain("$619 million is domestic operating income for the six months ended July 29, 2023, not for three months");
    // Read alone, with no question, it names no period: not contradicted.
    expect(checkStatement("Domestic operating income was $619 million.", [bby], subjectStems(bbyQuestion), "").figures[0].status).not.toBe("contradicted");
  });
});
