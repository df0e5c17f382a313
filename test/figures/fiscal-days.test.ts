// A figure a statement gives for a fiscal year, against a source column dated by a day a calendar year
// apart (issue: Best Buy's 10-Q for Q2 fiscal 2024, "Three Months Ended July 29, 2023"). A company's fiscal
// 2024 may hold July 29, 2023 (Best Buy) or not (Target), so the column is not told for fiscal 2024 unless
// the filing states the link ("the end of the second quarter of fiscal 2024 on July 29, 2023"): then it is
// carried or contradicted exactly. A bare calendar year, or a year two apart, is read as before; the six
// months' column given for a quarter and the prior year's column stay contradicted (src/figures/fiscal-days.ts).
import { describe, expect, it } from "vitest";
import { checkStatement } from "../../src/figures/statement";
import { fiscalLinks, fiscalYearOfDay } from "../../src/figures/fiscal-days";

const table = [
  "Reportable segment and product category revenue information was as follows ($ in millions):",
  "Three Months Ended Six Months Ended",
  "July 29, 2023 July 30, 2022 July 29, 2023 July 30, 2022",
  "Revenue by reportable segment",
  "Domestic $ 8,890 $ 9,569 $ 17,691 $ 19,463",
  "International 693 760 1,359 1,513",
  "Total revenue $ 9,583 $ 10,329 $ 19,050 $ 20,976",
].join("\n");
const prose = "Between the end of the second quarter of fiscal 2024 on July 29, 2023, and August 30, 2023, we repurchased an incremental 0.9 million shares of our common stock at a cost of $66 million.";
const linked = `${table}\n${prose}`;

const domestic = (figure: string, period: string) => `Best Buy's Domestic segment revenue was ${figure} in ${period}.`;
const status = (statement: string, source: string) => checkStatement(statement, [source]).figures[0];

describe("a fiscal year against a column dated a calendar year apart, the link not stated", () => {
  it("is not contradicted (the company's calendar may name the day either year)", () => {
    const correct = "Best Buy's Domestic segment revenue was $8,890 million in the second quarter of fiscal 2024, down 7.1% from $9,569 million a year earlier.";
    expect(checkStatement(correct, [table]).contradicted).toBe(0);
    expect(status(domestic("$8,890 million", "Q2 FY24"), table).status).not.toBe("contradicted");
    expect(status(domestic("$8,890 million", "the second quarter of fiscal year 2024"), table).status).not.toBe("contradicted");
  });

  it("is contradicted two years apart, or for the six months' column (wrong on purpose)", () => {
    expect(status(domestic("$9,569 million", "the second quarter of fiscal 2024"), table).status).toBe("contradicted");
    expect(status(domestic("$8,890 million", "the second quarter of fiscal 2026"), table).status).toBe("contradicted");
    const sixMonths = status(domestic("$17,691 million", "the second quarter of fiscal 2024"), table);
    expect(sixMonths.status).toBe("contradicted");
    expect(sixMonths.note).toBe("$17,691 million is domestic for the six months ended July 29, 2023, not for three months.");
  });

  it("keeps a bare calendar year as the column's year", () => {
    expect(status(domestic("$8,890 million", "the second quarter of 2023"), table).status).toBe("carried");
    expect(status(domestic("$8,890 million", "the second quarter of 2024"), table).status).toBe("contradicted");
    expect(status(domestic("$8,890 million", "the second quarter of 2022"), table).status).toBe("contradicted");
  });
});

describe("a fiscal year against a column dated by a day the filing places in it", () => {
  it("is carried for the fiscal year the filing names the day by", () => {
    expect(status(domestic("$8,890 million", "the second quarter of fiscal 2024"), linked).status).toBe("carried");
    expect(status(domestic("$9,569 million", "the second quarter of fiscal 2023"), linked).status).toBe("carried");
  });

  it("is contradicted for the other column's fiscal year (wrong on purpose), the note naming it", () => {
    const prior = status(domestic("$9,569 million", "the second quarter of fiscal 2024"), linked);
    expect(prior.status).toBe("contradicted");
    expect(prior.note).toBe("$9,569 million is domestic for fiscal 2023, not 2024.");
    expect(status(domestic("$8,890 million", "the second quarter of fiscal 2023"), linked).status).toBe("contradicted");
    expect(status(domestic("$17,691 million", "the second quarter of fiscal 2024"), linked).status).toBe("contradicted");
  });

  it("keeps a bare calendar year as the column's year", () => {
    expect(status(domestic("$8,890 million", "the second quarter of 2023"), linked).status).toBe("carried");
    expect(status(domestic("$8,890 million", "the second quarter of 2022"), linked).status).toBe("contradicted");
  });
});

describe("the days a filing places in its fiscal years", () => {
  const day = (text: string, d: number) => fiscalYearOfDay(fiscalLinks(text), d);

  it("reads a quarter's day and its anniversaries", () => {
    expect(fiscalLinks(prose)).toEqual([{ fiscal: 2024, day: 20230729, yearEnd: false }]);
    expect(day(prose, 20220730)).toBe(2023);
    expect(day(prose, 20230729)).toBe(2024);
    // Half a year from the only day linked: not told.
    expect(day(prose, 20240203)).toBeNull();
  });

  it("reads a year-end and the days of the year it closes", () => {
    const tenK = "Fiscal 2024 ended February 3, 2024, and included 53 weeks.";
    expect(fiscalLinks(tenK)).toEqual([{ fiscal: 2024, day: 20240203, yearEnd: true }]);
    expect(day(tenK, 20230729)).toBe(2024);
    expect(day(tenK, 20220730)).toBe(2023);
    expect(day(tenK, 20230128)).toBe(2023);
    expect(day(tenK, 20240504)).toBe(2025);
    const cover = "for the fiscal year ended January 28, 2023 (“fiscal 2022”)";
    expect(fiscalLinks(cover)).toEqual([{ fiscal: 2022, day: 20230128, yearEnd: true }]);
    expect(day(cover, 20221029)).toBe(2022);
  });

  it("tells nothing where the links disagree", () => {
    expect(day("The second quarter of fiscal 2024 ended July 29, 2023. The second quarter of fiscal 2023 ended July 29, 2023.", 20230729)).toBeNull();
  });
});

describe("a full year dated by its last day", () => {
  const annual = "($ in millions)\nYear Ended\nDecember 31, 2022 December 31, 2021\nTotal revenue $ 5,000 $ 4,500";

  it("is never the fiscal year named by the next calendar year (wrong on purpose)", () => {
    expect(status("Total revenue was $5,000 million in fiscal 2022.", annual).status).toBe("carried");
    expect(status("Total revenue was $5,000 million in fiscal 2023.", annual).status).toBe("contradicted");
  });
});

describe("a column of uncertain period dated by a day", () => {
  // Best Buy's non-GAAP reconciliation as its text reads: four dated columns, three and six months not named.
  const reconciliation = "July 29, 2023\n \nJuly 30, 2022\n \nJuly 29, 2023\n \nJuly 30, 2022\nOperating income\n$\n 348 \n $\n 371 \n $\n 659 \n $\n 833 \n% of revenue\n \n 3.6 % \n 3.6 % \n 3.5 % \n 4.0 %";
  const operating = (figure: string, period: string) => status(`Best Buy's operating income was ${figure} in ${period}.`, reconciliation);

  it("is not contradicted for a fiscal year a calendar year after its day", () => {
    expect(operating("$348 million", "Q2 FY2024").status).not.toBe("contradicted");
  });

  it("is contradicted two or more years from its day, whatever the calendar (wrong on purpose)", () => {
    const far = operating("$371 million", "Q2 FY2024");
    expect(far.status).toBe("contradicted");
    expect(far.note).toBe("$371 million is operating income for 2022, not 2024.");
  });
});

describe("a fiscal year against a source sentence dated by a day", () => {
  const sentence = "For the three months ended July 29, 2023, Domestic segment revenue was $8,890 million, compared to $9,569 million for the three months ended July 30, 2022.";

  it("is not contradicted a calendar year after the sentence's day, and carried where the filing links them", () => {
    expect(status(domestic("$8,890 million", "the second quarter of fiscal 2024"), sentence).status).not.toBe("contradicted");
    expect(status(domestic("$8,890 million", "the second quarter of fiscal 2024"), `${sentence}\n${prose}`).status).toBe("carried");
  });

  it("reads the day named right after a figure: two years from it, or the other day linked, is contradicted (wrong on purpose)", () => {
    const far = status(domestic("$9,569 million", "the second quarter of fiscal 2024"), sentence);
    expect(far.status).toBe("contradicted");
    expect(far.note).toBe("$9,569 million is domestic segment revenue for 2022, not 2024.");
    expect(status(domestic("$9,569 million", "the second quarter of fiscal 2024"), `${sentence}\n${prose}`).note).toBe("$9,569 million is domestic segment revenue for fiscal 2023, not 2024.");
    expect(status(domestic("$8,890 million", "the second quarter of fiscal 2023"), `${sentence}\n${prose}`).status).toBe("contradicted");
  });

  it("keeps a bare calendar year as the sentence's", () => {
    expect(status(domestic("$8,890 million", "the second quarter of 2023"), sentence).status).toBe("carried");
    expect(status(domestic("$8,890 million", "the second quarter of 2022"), sentence).status).toBe("contradicted");
  });
});
