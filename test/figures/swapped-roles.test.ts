// A level and its comparison swapped against a source sentence that pairs the same two values for the same
// line item the other way round (src/figures/swapped-roles.ts).
import { describe, expect, it } from "vitest";
import { checkStatement } from "../../src/figures/statement";

const source = "Domestic segment revenue was $8,890 million in the three months ended July 29, 2023, compared with $9,569 million in the three months ended July 30, 2022. Domestic operating income was $329 million, compared with $343 million.";
const statuses = (answer: string, sources = [source]) => checkStatement(answer, sources, new Set(["best", "buy"]), "").figures.filter((c) => c.figure.raw.startsWith("$")).map((c) => `${c.figure.raw}:${c.status}`);

describe("a level and its comparison swapped", () => {
  it("are carried in the source's roles (right on purpose)", () => {
    expect(statuses("Domestic operating income was $329 million, compared with $343 million.")).toEqual(["$329 million:carried", "$343 million:carried"]);
    expect(statuses("Domestic operating income fell to $329 million from $343 million.")).toEqual(["$329 million:carried", "$343 million:carried"]);
    expect(statuses("Domestic operating income fell from $343 million to $329 million.")).toEqual(["$343 million:carried", "$329 million:carried"]);
  });

  it("are both contradicted the other way round (wrong on purpose)", () => {
    const check = checkStatement("Domestic operating income was $343 million, compared with $329 million.", [source]);
    expect(check.figures.map((c) => c.status)).toEqual(["contradicted", "contradicted"]);
    expect(check.notes[0]).toMatch(/^\$343 million is the comparison period's domestic operating income, not the current one's/);
  });

  it("are contradicted with a year earlier named, the current one dated", () => {
    expect(statuses("Best Buy's Domestic segment revenue was $9,569 million in the second quarter of fiscal 2024, down 7.1% from $8,890 million a year earlier.")).toEqual(["$9,569 million:contradicted", "$8,890 million:contradicted"]);
    expect(statuses("Best Buy's Domestic segment revenue was $8,890 million in the second quarter of fiscal 2024, down 7.1% from $9,569 million a year earlier.")).not.toContain("$9,569 million:contradicted");
  });

  it("are left to the years where the statement writes the comparison backwards with its years", () => {
    const yearly = "Net sales were $500 million in 2023, compared with $400 million in 2022.";
    expect(statuses("Net sales were $400 million in 2022, compared with $500 million in 2023.", [yearly])).toEqual(["$400 million:carried", "$500 million:carried"]);
  });

  it("are not read against another line item's pair", () => {
    const other = "Domestic operating income was $329 million, compared with $343 million. International revenue was $343 million, compared with $329 million.";
    expect(statuses("Domestic operating income was $329 million, compared with $343 million.", [other])).toEqual(["$329 million:carried", "$343 million:carried"]);
  });

  it("read a source's longer wording of the item ('The Amcor Board of Directors declared a quarterly cash dividend of'), one way only", () => {
    const dividend = "The Amcor Board of Directors declared a quarterly cash dividend of 12.25 cents per share (compared with 12.0 cents per share in the same quarter last year).";
    const of = (answer: string) => checkStatement(answer, [dividend], new Set(["amcor"]), "").figures.map((c) => `${c.figure.raw}:${c.status}`);
    expect(of("Amcor declared a quarterly cash dividend of 12.25 cents per share, up from 12.0 cents a year earlier.")).toEqual(["12.25 cents:carried", "12.0 cents:carried"]);
    expect(of("Amcor declared a quarterly cash dividend of 12.0 cents per share, up from 12.25 cents a year earlier.")).toEqual(["12.0 cents:contradicted", "12.25 cents:contradicted"]);
    // Another item's words: not the source's pair.
    expect(of("Revenue was 12.0 cents per share, compared with 12.25 cents per share.")).toEqual(["12.0 cents:carried", "12.25 cents:carried"]);
  });
});
