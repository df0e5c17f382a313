// Unit tests for the pure parts of the loader: CSV parsing, ticker spelling, fiscal years, statement sizing.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { parseCsv } from "../../src/market/csv";
import { canonicalTicker, stockIdFor } from "../../src/market/tickers";
import { fiscalYearOf } from "../../src/market/datasets";
import { MAX_BOUND_PARAMS, upsertStatements } from "../../src/market/repo";

describe("parseCsv", () => {
  it("reads quoted fields with commas, doubled quotes and line breaks, CRLF and a BOM", () => {
    const text = '\uFEFFa,b,c\r\n"x, y","say ""hi""","two\nlines"\r\n1,,3\r\n\r\n';
    expect(parseCsv(text)).toEqual({ ok: true, header: ["a", "b", "c"], rows: [["x, y", 'say "hi"', "two\nlines"], ["1", "", "3"]] });
  });

  it("accepts a last line without a newline and an empty last field", () => {
    expect(parseCsv("a,b\n1,")).toEqual({ ok: true, header: ["a", "b"], rows: [["1", ""]] });
  });

  it("reports the line of a ragged row, an unterminated quote and stray quotes", () => {
    expect(parseCsv('a,b\n"multi\nline",2\n1,2,3\n')).toEqual({ ok: false, error: "line 4: 3 fields where the header has 2" });
    expect(parseCsv('a,b\n1,"2\n')).toEqual({ ok: false, error: "line 2: unterminated quoted field" });
    expect(parseCsv('a,b\n1,x"y"\n').ok).toBe(false);
    expect(parseCsv('a,b\n1,"x"y\n').ok).toBe(false);
    expect(parseCsv("")).toEqual({ ok: false, error: "the file is empty" });
  });
});

describe("canonicalTicker", () => {
  it.each([
    ["aapl", "AAPL"],
    [" BRK-B ", "BRK.B"],
    ["brk/b", "BRK.B"],
    ["BF_B", "BF.B"],
    ["$msft", "MSFT"],
    ["^GSPC", "SPX"],
    ["^spx", "SPX"],
  ])("%s -> %s", (input, expected) => {
    expect(canonicalTicker(input)).toBe(expected);
  });

  it("refuses what cannot be a ticker", () => {
    for (const bad of ["", "A B C D!", "ABCDEFGHIJKLMNOPQ", ".A", "ÄPPL"]) expect(canonicalTicker(bad)).toBeNull();
  });

  it("derives stock_ids from the canonical ticker", () => {
    expect(stockIdFor("BRK.B")).toBe("US:BRK.B");
  });
});

describe("fiscalYearOf", () => {
  it("keeps a plausible For Year and derives the rest from the period end", () => {
    expect(fiscalYearOf(2015, "2016-01-30")).toBe(2015);
    expect(fiscalYearOf(1215, "2015-12-31")).toBe(2015);
    // Issue 8: where "For Year" is empty, the fiscal year is the year of the period end.
    expect(fiscalYearOf(null, "2016-01-30")).toBe(2016);
    expect(fiscalYearOf(null, "2016-09-24")).toBe(2016);
  });
});

describe("upsertStatements", () => {
  it("never binds more than 100 parameters in one statement", () => {
    const spec = { table: "prices", columns: ["stock_id", "ticker", "date", "close"], onConflict: "ON CONFLICT DO NOTHING" };
    const rows = Array.from({ length: 101 }, (_, i) => ["US:X", "X", `2020-01-${String((i % 28) + 1).padStart(2, "0")}`, i]);
    const statements = upsertStatements(env.MARKET_DB, spec, rows);
    expect(statements).toHaveLength(5); // 25 rows of 4 parameters each, then 1
    expect(MAX_BOUND_PARAMS).toBe(100);
  });
});
