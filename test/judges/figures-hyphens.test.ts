// Line items written with a hyphen ("Short-Term Investments", "long-term debt") are read with the same words as
// the table labels the sources print, whose hyphens the table reader reads as spaces: so a figure given to a
// hyphenated item is compared with that row, and another row's value given to it is contradicted.
import { describe, expect, it } from "vitest";
import { checkStatement } from "../../src/figures/statement";

const balance = "Consolidated Balance Sheets (In millions)\nDecember 31, 2022 December 25, 2021\nCash and cash equivalents $ 4,835 $ 2,535\nShort-term investments 1,020 1,073\nAccounts receivable, net 4,126 2,706";
const statuses = (answer: string) => checkStatement(answer, [balance], new Set(), "What was AMD's quick ratio for FY22?").figures.map((c) => `${c.figure.raw}:${c.status}`);

describe("a hyphenated line item", () => {
  it("is carried by its row, written with or without the hyphen", () => {
    expect(statuses("AMD's short-term investments were $1,020 million in 2022.")).toEqual(["$1,020 million:carried"]);
    expect(statuses("AMD's short term investments were $1,020 million in 2022.")).toEqual(["$1,020 million:carried"]);
  });

  it("is contradicted when it is given the neighbouring row's value, and the note names that row", () => {
    expect(statuses("- Short-Term Investments: $4,835\n")).toEqual(["$4,835:contradicted"]);
    const check = checkStatement("AMD's short-term investments were $4,835 million in 2022.", [balance]);
    expect(check.notes).toEqual(["$4,835 million is cash and cash equivalents for 2022, not short-term investments; the source gives 1,020 million."]);
  });
});
