// The fiscal calendar table: real period ends by each company's own rule, 52/53-week years computed.
import { describe, expect, it } from "vitest";
import { fiscalPeriodEnd, fiscalPeriodOf, fiscalYearEnd, knownFiscalTickers } from "../../src/core/fiscal-calendar";

describe("fiscalPeriodEnd", () => {
  it.each([
    // The three listings of issue 20.
    ["BBY", 2024, 2, "2023-07-29"],
    ["AMCR", 2023, undefined, "2023-06-30"],
    ["AMCR", 2023, 4, "2023-06-30"],
    ["ULTA", 2022, 4, "2023-01-28"],
    // 52/53-week years: Best Buy's FY2024 has 53 weeks and ends 2024-02-03.
    ["BBY", 2024, undefined, "2024-02-03"],
    ["BBY", 2023, undefined, "2023-01-28"],
    ["FL", 2022, undefined, "2023-01-28"],
    ["JNJ", 2022, undefined, "2023-01-01"],
    ["JNJ", 2023, 2, "2023-07-02"],
    ["ADBE", 2022, undefined, "2022-12-02"],
    ["COST", 2023, undefined, "2023-09-03"],
    ["COST", 2023, 1, "2022-11-20"], // 12-week quarters
    ["PEP", 2023, 1, "2023-03-25"],
    ["AAPL", 2023, 1, "2022-12-31"], // the 53rd week falls in Apple's first quarter
    ["AAPL", 2023, 2, "2023-04-01"],
    ["INTC", 2022, 1, "2022-03-26"],
    ["GIS", 2023, undefined, "2023-05-28"],
    // Calendar year, interim quarters on a weekday.
    ["KO", 2022, 1, "2022-04-01"],
    ["LMT", 2023, 1, "2023-03-26"],
    ["PFE", 2023, 1, "2023-04-02"],
    // Month-end years.
    ["MSFT", 2023, undefined, "2023-06-30"],
    ["WMT", 2024, 2, "2023-07-31"],
    ["VOD", 2024, 1, "2023-06-30"],
    ["RELIANCE.NS", 2022, undefined, "2022-03-31"],
    ["BA", 2022, undefined, "2022-12-31"],
  ] as const)("%s FY%i Q%s ends %s", (ticker, year, quarter, end) => {
    expect(fiscalPeriodEnd(ticker, year, quarter)).toBe(end);
  });

  // Year ends FinanceBench's evidence passages state ("... ended December 26, 2015"), one per rule kind.
  it.each([
    ["AMD", 2015, "2015-12-26"],
    ["ADBE", 2015, "2015-11-27"],
    ["ADBE", 2016, "2016-12-02"],
    ["ADBE", 2017, "2017-12-01"],
    ["BBY", 2017, "2017-01-28"],
    ["JNJ", 2021, "2022-01-02"],
    ["PEP", 2021, "2021-12-25"],
    ["PEP", 2022, "2022-12-31"],
    ["MSFT", 2016, "2016-06-30"],
    ["AMCR", 2022, "2022-06-30"],
  ] as const)("%s FY%i ends %s as its filing states", (ticker, year, end) => {
    expect(fiscalPeriodEnd(ticker, year)).toBe(end);
  });

  it("knows nothing of an unknown company", () => {
    expect(fiscalYearEnd("NOPE")).toBeNull();
    expect(fiscalPeriodEnd("NOPE", 2023, 1)).toBeNull();
  });

  it("finds the fiscal period that ends on a date", () => {
    expect(fiscalPeriodOf("BBY", "2023-07-29")).toEqual({ fiscalYear: 2024, quarter: 2 });
    expect(fiscalPeriodOf("ULTA", "2023-01-28")).toEqual({ fiscalYear: 2022, quarter: 4 });
    expect(fiscalPeriodOf("JNJ", "2023-01-01")).toEqual({ fiscalYear: 2022, quarter: 4 });
    expect(fiscalPeriodOf("BBY", "2023-07-31")).toBeNull();
  });

  it("states each rule and EDGAR's MMDD, and every year has 52 or 53 weeks or is a month end", () => {
    expect(fiscalYearEnd("bby")?.rule).toBe("Saturday nearest January 31");
    expect(fiscalYearEnd("AAPL")?.rule).toBe("last Saturday of September");
    expect(fiscalYearEnd("AMCR")?.rule).toBe("June 30");
    for (const ticker of knownFiscalTickers()) {
      const cal = fiscalYearEnd(ticker)!;
      expect(cal.edgar).toMatch(/^\d{4}$/);
      for (let year = 2010; year <= 2030; year++) {
        const end = Date.parse(fiscalPeriodEnd(ticker, year)!);
        const prior = Date.parse(fiscalPeriodEnd(ticker, year - 1)!);
        const days = (end - prior) / 86_400_000;
        if (cal.anchor.weekday === undefined) expect(days === 365 || days === 366).toBe(true);
        else expect(days === 364 || days === 371).toBe(true);
        const quarters = [1, 2, 3, 4].map((q) => Date.parse(fiscalPeriodEnd(ticker, year, q as 1 | 2 | 3 | 4)!));
        expect(quarters[0]).toBeGreaterThan(prior);
        for (let q = 1; q < 4; q++) expect(quarters[q]).toBeGreaterThan(quarters[q - 1]);
        expect(quarters[3]).toBe(end);
      }
    }
  });
});
