// "Quarterly" says how often an item is paid ("a quarterly cash dividend"), not which part of the year the
// sentence's other figures are for (context.ts partOf, statement.ts). Wrong on purpose: Amcor's fiscal 2023
// share repurchases given to fiscal 2022 in a sentence that also names its quarterly dividend.
import { describe, expect, it } from "vitest";
import { checkStatement } from "../../src/figures/statement";
import { prepareSource } from "../../src/judges/engine/align";

const source =
  "Amcor repurchased approximately 41 million shares (approximately 3% of total shares issued and outstanding) during fiscal 2023 for a total cost of $431 million. The Amcor Board of Directors declared a quarterly cash dividend of 12.25 cents per share.";
const statuses = (answer: string, text = source) => checkStatement(answer, [prepareSource(text).read], new Set(["amcor"]), "").figures.map((c) => `${c.figure.raw}:${c.status}`);

describe("a quarterly item beside other figures", () => {
  it("carries the right year's figures (right on purpose)", () => {
    expect(statuses("Amcor repurchased about 41 million shares in fiscal 2023 at a total cost of $431 million, and declared a quarterly cash dividend of 12.25 cents per share.")).toEqual([
      "41 million:carried",
      "$431 million:carried",
      "12.25 cents:carried",
    ]);
  });

  it("contradicts the repurchases given to another year, though the sentence names a quarterly dividend (wrong on purpose)", () => {
    const wrong = statuses("Amcor repurchased about 41 million shares in fiscal 2022 at a total cost of $431 million, and declared a quarterly cash dividend of 12.25 cents per share.");
    expect(wrong).toContain("$431 million:contradicted");
  });

  it("still reads a quarter the sentence names as the figures' part", () => {
    const quarter = "Net sales were $3,226.8 million in the fourth quarter of fiscal 2022 and $10,208.6 million for the full year.";
    expect(statuses("Net sales were $3,226.8 million in the fourth quarter of fiscal 2022.", quarter)).toEqual(["$3,226.8 million:carried"]);
  });
});

describe("a figure one source places in another year, another source gives undated", () => {
  const dated = "Amcor repurchased approximately 41 million shares (approximately 3% of total shares issued and outstanding) during fiscal 2023 for a total cost of $431 million.";
  const highlight = "Fiscal 2023 Full Year Highlights\n• Strong total cash returns to shareholders of $1.2 billion: annual dividend increased to 49.0 cents per\nshare; $431 million of shares repurchased (approximately 3% of outstanding shares); and";
  const both = (answer: string) => checkStatement(answer, [prepareSource(dated).read, prepareSource(highlight).read], new Set(["amcor"]), "").figures.map((c) => `${c.figure.raw}:${c.status}`);

  it("is carried in the year the dated source gives (right on purpose)", () => {
    expect(both("Amcor repurchased about 41 million shares in fiscal 2023 at a total cost of $431 million.")).toContain("$431 million:carried");
  });

  it("is contradicted in another year, not rescued by the undated source (wrong on purpose)", () => {
    expect(both("Amcor repurchased about 41 million shares in fiscal 2022 at a total cost of $431 million.")).toContain("$431 million:contradicted");
  });
});
