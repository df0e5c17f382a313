// The small scanners that replaced regexes with super-linear backtracking (issue 21): same results as the
// regexes they replaced, and linear on the inputs that made those regexes rescan a run from every position.
import { describe, expect, it } from "vitest";
import { parseQuery } from "../../src/core/query";
import { collapseWhitespace } from "../../src/search/chunking";
import { parseStructured } from "../../src/core/providers/remote";
import { z } from "zod";

describe("parseQuery bracket keys", () => {
  it("nests bracket keys and repeats", () => {
    const q = parseQuery(new URLSearchParams("fiscal_period[start_time][year]=2024&tickers[]=A&tickers[]=B&a[b[c]=1&open[x=2"));
    expect(q).toEqual({ fiscal_period: { start_time: { year: "2024" } }, tickers: ["A", "B"], a: { "b[c": "1" }, open: "2" });
  });
  it("reads a key of 100,000 unclosed brackets in one pass", () => {
    const q = parseQuery(new URLSearchParams(`k${"[".repeat(100_000)}=1`));
    expect(q).toEqual({ k: "1" });
  });
});

describe("collapseWhitespace", () => {
  it("turns a line break with its blanks into one newline and blank runs into a space", () => {
    expect(collapseWhitespace("  a  \t b \n \n\u00a0 c \r\n d  ")).toBe("a b\nc \r\nd");
  });
  it("keeps a 200,000-space line without a break", () => {
    expect(collapseWhitespace(`a${" ".repeat(200_000)}b`)).toBe("a b");
  });
});

describe("parseStructured", () => {
  const schema = z.object({ a: z.number() });
  it("reads fenced and bare JSON", () => {
    expect(parseStructured('```json\n{"a": 1}\n```', schema)).toEqual({ a: 1 });
    expect(parseStructured('```JSON{"a": 2}```', schema)).toEqual({ a: 2 });
    expect(parseStructured(' {"a": 3} ', schema)).toEqual({ a: 3 });
  });
});
