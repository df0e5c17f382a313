// Reading the period a document states: covers, 8-K dates of report, release and workbook phrasings.
import { describe, expect, it } from "vitest";
import { fiscalDateOf, statedPeriodEnd } from "../../src/documents/period-end";

describe("statedPeriodEnd", () => {
  it.each([
    ["FORM 10-Q\nFor the quarterly period ended July 29, 2023\nOR", "2023-07-29", "cover"],
    ["FORM 10-K\nFor the Fiscal Year Ended June 30, 2023", "2023-06-30", "cover"],
    ["Date of report (Date of earliest event reported):\nAugust 30, 2023\nJohnson & Johnson", "2023-08-30", "event"],
    ["thirteen-week period (“fourth quarter”) and fifty-two-week period (“fiscal year”) ended January 28, 2023 compared to the same periods ended January 29, 2022", "2023-01-28", "period"],
    ["Key Financials\nTwelve Months Ended June 30,\nGAAP results 2022 $ million 2023 $ million", "2023-06-30", "period"],
    ["| Quarterly revenue | Nine quarters to 30 June 2023 |", "2023-06-30", "period"],
    ["| In millions of CHF | January–June 2023 |", "2023-06-30", "period"],
    ["All figures are as on/for the year ended 31st March, 2022", "2022-03-31", "cover"],
  ])("reads %j", (text, date, basis) => {
    expect(statedPeriodEnd(text, "2024-01-01")).toMatchObject({ date, basis });
  });

  it("skips an outlook after publication, other reports cited after the cover, and days", () => {
    expect(statedPeriodEnd("Twelve months ended June 30, 2023 and the fiscal year ended June 30, 2024 outlook", "2023-08-15")?.date).toBe("2023-06-30");
    expect(statedPeriodEnd("over the five trading days ended August 14, 2023", "2023-08-15")).toBeNull();
    const cited = `${"x ".repeat(3000)}Annual Report on Form 10-K for the fiscal year ended January 1, 2023`;
    expect(statedPeriodEnd(cited, "2023-08-30")).toMatchObject({ basis: "period", date: "2023-01-01" });
    expect(statedPeriodEnd("quarter ended February 30, 2023", "2024-01-01")).toBeNull();
  });

  it("stays linear on hostile text", () => {
    const hostile = "year ended June 30, ".repeat(20_000) + "1".repeat(100_000) + " months to ".repeat(20_000) + "January–".repeat(20_000);
    const started = Date.now();
    statedPeriodEnd(hostile, "2024-01-01");
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe("fiscalDateOf", () => {
  const base = { tickers: ["BBY"], fiscalYear: 2024, fiscalQuarter: 2, periodEnd: null, publishedAt: "2023-09-08T12:00:00Z", createdAt: "2025-01-01T00:00:00Z" };
  it("prefers the stated end, else the company's calendar, never after publication", () => {
    expect(fiscalDateOf({ ...base, periodEnd: "2023-07-29" })).toBe("2023-07-29");
    expect(fiscalDateOf(base)).toBe("2023-07-29");
    expect(fiscalDateOf({ ...base, publishedAt: "2023-07-01T00:00:00Z" })).toBeNull();
    expect(fiscalDateOf({ ...base, tickers: ["UNKNOWN"] })).toBeNull();
    expect(fiscalDateOf({ ...base, fiscalYear: null })).toBeNull();
  });
});
