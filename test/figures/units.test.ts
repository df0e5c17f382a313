// A figure's unit (issue: "12.25 dollars per share" carried by "12.25 cents per share"): a figure written in
// cents is a currency amount of a hundredth of its digits, with the rounding of the cents as written, so
// "12.25 cents" is $0.1225 and never "$12.25" or "12.25 dollars"; another currency's cents ("18.77 Australian
// cents") are never a dollar figure of the same digits. Figures written with no cents or dollars word are
// read as before ("$6.68" and an EPS table's bare "6.68" are one figure).
import { describe, expect, it } from "vitest";
import { quantities } from "../../src/figures/numbers";
import { checkStatement } from "../../src/figures/statement";
import { prepareSource } from "../../src/judges/engine/align";

const amcor =
  "The Amcor Board of Directors declared a quarterly cash dividend of 12.25 cents per share (compared with 12.0 cents per share in the same quarter last year).";
const statuses = (answer: string, source: string) =>
  checkStatement(answer, [prepareSource(source).read], new Set(), "").figures.map((c) => `${c.figure.raw}:${c.status}`);
const status = (answer: string, source: string) => checkStatement(answer, [prepareSource(source).read], new Set(), "").figures.map((c) => c.status);
const read = (text: string) => quantities(text).map((q) => ({ value: q.value, currency: q.currency, decimals: q.decimals, raw: q.raw }));

describe("quantities reads a figure's cents or dollars", () => {
  it("reads cents as a currency amount of a hundredth, to the rounding of the cents as written", () => {
    expect(read("a dividend of 12.25 cents per share")).toEqual([{ value: 0.1225, currency: true, decimals: 4, raw: "12.25 cents" }]);
    expect(read("a dividend of 12.25¢ per share")).toEqual([{ value: 0.1225, currency: true, decimals: 4, raw: "12.25¢" }]);
    expect(read("a dividend of US 12.25 cents per share")).toEqual([{ value: 0.1225, currency: true, decimals: 4, raw: "12.25 cents" }]);
    expect(read("12.0 cents and 5 cents")).toEqual([
      { value: 0.12, currency: true, decimals: 3, raw: "12.0 cents" },
      { value: 0.05, currency: true, decimals: 2, raw: "5 cents" },
    ]);
  });

  it("reads dollars as a currency amount of its digits", () => {
    expect(read("a dividend of 12.25 dollars per share")).toEqual([{ value: 12.25, currency: true, decimals: 2, raw: "12.25 dollars" }]);
    expect(read("12.25 US dollars")).toEqual([{ value: 12.25, currency: true, decimals: 2, raw: "12.25 US dollars" }]);
  });

  it("never reads another currency's cents as dollars of the same digits", () => {
    const [q] = quantities("an interim dividend of 18.77 Australian cents per share");
    expect(q.value).not.toBe(18.77);
    expect(q.mantissa).not.toBe(18.77);
  });

  it("reads figures with no cents or dollars word as before", () => {
    expect(read("EPS of $6.68 and 6.68, 12.25 and a 12.5% margin in 2023")).toEqual([
      { value: 6.68, currency: true, decimals: 2, raw: "$6.68" },
      { value: 6.68, currency: false, decimals: 2, raw: "6.68" },
      { value: 12.25, currency: false, decimals: 2, raw: "12.25" },
      { value: 12.5, currency: false, decimals: 1, raw: "12.5%" },
    ]);
    expect(read("a 25 Per cent stake")).toEqual([{ value: 25, currency: false, decimals: 0, raw: "25" }]);
    expect(read("a rise of 12 centimeters")).toEqual([{ value: 12, currency: false, decimals: 0, raw: "12" }]);
  });
});

describe("checkStatement sees a figure's unit", () => {
  it("carries cents by the same cents (right on purpose)", () => {
    expect(statuses("Amcor declared a quarterly cash dividend of 12.25 cents per share.", amcor)).toEqual(["12.25 cents:carried"]);
    expect(statuses("Amcor declared a quarterly cash dividend of 12.25¢ per share.", amcor)).toEqual(["12.25¢:carried"]);
  });

  it("carries cents by the same amount written in dollars (right on purpose)", () => {
    expect(statuses("Amcor declared a quarterly cash dividend of $0.1225 per share.", amcor)).toEqual(["$0.1225:carried"]);
    expect(statuses("Amcor declared a quarterly cash dividend of $0.12 per share.", amcor)).toEqual(["$0.12:carried"]);
  });

  it("does not carry dollars of the digits of the source's cents (wrong on purpose)", () => {
    expect(status("Amcor declared a quarterly cash dividend of 12.25 dollars per share.", amcor)).toEqual([expect.not.stringMatching(/^carried$/)]);
    expect(status("Amcor declared a quarterly cash dividend of $12.25 per share.", amcor)).toEqual([expect.not.stringMatching(/^carried$/)]);
  });

  it("does not carry another currency's cents by dollars of the same digits (wrong on purpose)", () => {
    const source = "The Board declared an interim dividend of 18.77 Australian cents per share.";
    expect(status("The Board declared an interim dividend of $18.77 per share.", source)).toEqual([expect.not.stringMatching(/^carried$/)]);
    expect(status("The Board declared an interim dividend of 18.77 dollars per share.", source)).toEqual([expect.not.stringMatching(/^carried$/)]);
  });

  it("still carries a per-share figure written $6.68 by an EPS table's bare 6.68, and the other way", () => {
    const table = "Consolidated Statements of Income\nYears ended December 31, 2023 2022\nDiluted earnings per share 6.68 5.39";
    expect(statuses("Diluted earnings per share were $6.68 in 2023.", table)).toEqual(["$6.68:carried"]);
    expect(statuses("Diluted earnings per share were 6.68 in 2023.", "Diluted earnings per share were $6.68 in 2023.")).toEqual(["6.68:carried"]);
  });

  it("reads a cents word a source's line break put on the next line ('12.0' then 'cents per share')", () => {
    const wrapped = "The Amcor Board of Directors today declared a quarterly cash dividend of 12.25 cents per share (compared with 12.0\ncents per share in the same quarter last year).";
    expect(statuses("Amcor declared a quarterly cash dividend of 12.25 cents per share, up from 12.0 cents a year earlier.", wrapped)).toEqual(["12.25 cents:carried", "12.0 cents:carried"]);
    expect(status("Amcor declared a quarterly cash dividend of 12.25 cents per share, up from 12.0 dollars a year earlier.", wrapped)[1]).not.toBe("carried");
  });
});
