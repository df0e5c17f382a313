// Spreadsheets inside workerd: one page per sheet, markdown tables of the values as Excel displays them.
import { describe, expect, it } from "vitest";
import { formatCellNumber } from "../../src/documents/parsers/numfmt";
import { expectOk, parseFixture } from "./fixtures";

describe("XLSX", () => {
  it("renders currency, percent, parentheses, scientific, fractions and dates as displayed", async () => {
    const r = expectOk(await parseFixture("testEXCEL-formats.xlsx"));
    expect(r.format).toBe("xlsx");
    const t = r.pages[0].text;
    expect(t.startsWith("## Sheet: Format Examples\n")).toBe(true);
    expect(t).toContain("| 1,599.99 | -1,599.99 |");
    expect(t).toContain("| $1,599.99 | ($1,599.99) |");
    expect(t).toContain("| 1.98E+08 | -1.98E+08 |");
    expect(t).toContain("| 3% | 2.50% |");
    expect(t).toContain("| 2 1/2 |");
    expect(t).toContain("| 6:15 AM | 6:15 PM |");
    expect(t).toContain("| 17-May-07 |");
    expect(t).toContain("19 dollars and .99 cents");
    expect(t).toContain("At 4:20 AM on Thursday May 17, 2007");
  });

  it("renders the Vodafone IR workbook (20 sheets) with grouped numbers and negatives in parentheses", async () => {
    const r = expectOk(await parseFixture("vodafone-q1-fy24-additional-information.xlsx"));
    expect(r.pages).toHaveLength(20);
    expect(r.pages.map((p) => p.page)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const rev = r.pages.find((p) => p.text.startsWith("## Sheet: 01 Quarterly revenue"));
    expect(rev).toBeDefined();
    expect(rev!.text).toContain("| Europe | 8,395 | 8,556 | 8,860 | 8,639 | 8,473 | 8,662 | 8,747 | 8,365 | 8,226 | 2.5 | 0.8 | 1.4 | 0.4 | 0.7 | 1.4 | (0.6) | (0.8) | (0.5) |");
    expect(rev!.text).toContain("| Revenue | 11,101 | 11,388 |");
    const perf = r.pages.find((p) => p.text.startsWith("## Sheet: 02 Group financial performance"))!;
    expect(perf.text).toContain("| Adjusted EBITDAaL margin2 | 33.6% | 33.1% | 33.4% |");
    expect(r.pages.some((p) => p.text.startsWith("## Sheet: 13 Mobile ARPU"))).toBe(true);
  });

  it("renders the one-sheet Vodafone index as a markdown table", async () => {
    const r = expectOk(await parseFixture("vodafone.xlsx"));
    expect(r.pages).toHaveLength(1);
    expect(r.pages[0].text).toContain("## Sheet: Index");
    expect(r.pages[0].text).toContain("| Quarterly revenue | Nine quarters to 30 June 2023 |  | 1 |");
    expect(r.pages[0].text).toContain("| --- | --- | --- | --- |");
  });

  it("renders the Nestlé segment workbook in CHF millions with (negative) values", async () => {
    const r = expectOk(await parseFixture("2023-half-year-analyses-by-segment.xlsx"));
    expect(r.pages).toHaveLength(5);
    const t = r.pages[0].text;
    expect(t).toContain("## Sheet: OS-Rev.and results 30 06 2023");
    expect(t).toContain("| Zone NA | 12,553 | 2,713 | 2,632 | (81) | (29) | (44) | (337) |");
    expect(t).toContain("| Total | 46,293 | 7,904 | 7,351 | (553) | (110) | (262) | (1,722) |");
    expect(t).toContain("In millions of CHF");
  });

  it("keeps one page per sheet, also for empty sheets, and reads the package title", async () => {
    const r = expectOk(await parseFixture("testEXCEL.xlsx"));
    expect(r.pages.map((p) => p.text.split("\n")[0])).toEqual(["## Sheet: Feuil1", "## Sheet: Feuil2", "## Sheet: Feuil3"]);
    expect(r.pages[0].text).toContain("| Number | Square |");
    expect(r.pages[0].text).toContain("| 15 | 225 |");
    expect(r.title).toBe("Simple Excel document");
  });

  it("shows whole numbers of General cells in full", async () => {
    const r = expectOk(await parseFixture("testEXCEL_big_numbers.xlsx"));
    expect(r.pages[0].text).toContain("| 123456789012345 | 123456789012346 |");
  });

  it("renders dashboard templates with currency and month formats", async () => {
    const r = expectOk(await parseFixture("IC-Monthly-Sales-Report-Dashboard.xlsx"));
    expect(r.pages).toHaveLength(3);
    expect(r.pages[0].text).toContain("| Jill T. | 48% | 40 | 2 | 18 | 1 | $0.00 |");
    expect(r.pages[0].text).toContain("January-28");
  });

  it("formats other number codes like Excel (scaling, dashes for zero, locale dates, General, date-times)", () => {
    expect(formatCellNumber(12345678, '#,##0.0,,"M"')).toBe("12.3M");
    expect(formatCellNumber(-1234.5, "#,##0\\ ;\\(#,##0\\);\\–\\ ").trim()).toBe("(1,235)");
    expect(formatCellNumber(0, '_(* #,##0.00_);_(* \\(#,##0.00\\);_(* "-"??_);_(@_)').trim()).toBe("-");
    expect(formatCellNumber(44927, "[$-409]mmmm\\-yy;@")).toBe("January-23");
    expect(formatCellNumber(0.1 + 0.2, "General")).toBe("0.3");
    expect(formatCellNumber(45000.5, "yyyy-mm-dd hh:mm:ss")).toBe("2023-03-15 12:00:00");
  });
});

describe("XLSX without cell data", () => {
  it("keeps a chart-only sheet as an empty sheet page instead of failing", async () => {
    const r = expectOk(await parseFixture("testMSChart-govdocs-428996.xlsx"));
    expect(r.pages).toEqual([{ page: 1, text: "## Sheet: Sheet1" }]);
  });
});

describe("XLS (BIFF8)", () => {
  it("renders each legacy sheet as a markdown table", async () => {
    const r = expectOk(await parseFixture("testEXCEL.xls"));
    expect(r.format).toBe("xls");
    expect(r.pages.map((p) => p.text.split("\n")[0])).toEqual(["## Sheet: Feuil1", "## Sheet: Feuil2", "## Sheet: Feuil3"]);
    const t = r.pages[0].text;
    expect(t).toContain("Sample Excel Worksheet - Numbers and their Squares");
    expect(t).toContain("| Number | Square |");
    expect(t).toContain("| 12 | 144 |");
    expect(t).toContain("Written and saved in Microsoft Excel X for Mac Service Release 1.");
  });
});
