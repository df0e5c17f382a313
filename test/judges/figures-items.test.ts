// Line items read with the words the sources' table labels have: a hyphenated item ("Short-Term Investments")
// as the table reader reads the row (its hyphens as spaces), and a level written with words for any figure
// ("from a negative value of") as its row's. Another row's value given to such an item is contradicted.
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

describe("a level written with words for any figure ('from a negative value of')", () => {
  const income = "Consolidated Statements of Income (Millions)\n2022 2021\nTotal provisions for credit losses 2,182 (1,419)\nTotal revenues net of interest expense after provisions for credit losses 50,680 43,799";
  const check = (answer: string) => checkStatement(answer, [income]).figures.map((c) => `${c.figure.raw}:${c.status}`);
  it("reads the row the words name, so another row's value given to it is contradicted", () => {
    expect(check("Provisions for credit losses increased from a negative value of $(1,419) million in 2021 to $2,182 million in 2022.")).toEqual(["$(1,419) million:carried", "$2,182 million:carried"]);
    expect(check("Provisions for credit losses increased from a negative value of $(43,799) million in 2021 to $2,182 million in 2022.")).toEqual(["$(43,799) million:contradicted", "$2,182 million:carried"]);
  });
});

describe("a month's name is no word of a line item", () => {
  const balance = "Condensed Consolidated Balance Sheets (In thousands)\nJuly 29, 2023 January 28, 2023 July 30, 2022\nCash and cash equivalents $ 1,093 $ 1,874 $ 1,265\nInventory 1,936 1,603 1,846";
  const check = (answer: string) => checkStatement(answer, [balance]).figures.map((c) => `${c.figure.raw}:${c.status}`);
  it("reads the figure after 'as of January 28, 2023, to' as the same item, dated to its own day", () => {
    expect(check("Cash and cash equivalents decreased from $1,874 as of January 28, 2023, to $1,093 as of July 29, 2023.")).toEqual(["$1,874:carried", "$1,093:carried"]);
    expect(check("Cash and cash equivalents decreased from $1,874 as of January 28, 2023, to $1,093 as of July 29, 2024.")).toEqual(["$1,874:carried", "$1,093:contradicted"]);
  });
});

describe("a line that introduces the figures below it", () => {
  const balance = "Balance Sheets (In millions)\nJune 30, 2023 2022\nCurrent portion of long-term debt 5,247 2,749\nLong-term debt 41,990 47,032\nLong-term income taxes 25,560 26,069";
  const check = (answer: string) => checkStatement(answer, [balance]).figures.map((c) => `${c.figure.raw}:${c.status}`);
  it("adds no words to their line items, as a heading such as 'Data Center:' does", () => {
    expect(check("Here's the relevant data:\n- The long-term debt decreased from $47,032 million in FY2022 to $41,990 million in FY2023.")).toEqual(["$47,032 million:carried", "$41,990 million:carried"]);
    expect(check("Here's the relevant data:\n- The long-term debt decreased from $47,032 million in FY2022 to $25,560 million in FY2023.")).toEqual(["$47,032 million:carried", "$25,560 million:contradicted"]);
  });
});

describe("a figure compared with another ('lower than the total debt in 2021, which was')", () => {
  // Verizon's debt table (10-K 2022, PDF text layout): the figure of a comparison is the compared item's level.
  const debt = "At December 31,\n2022\n2021\nTotal long-term debt, including current maturities\n150,489 \n150,868 \nLess long-term debt maturing within one year\n9,813 \n7,443 \nTotal long-term debt\n$ \n140,676 \n$ \n143,425 \nDebt maturing within one year\n9,963 \n7,443 \nTotal debt\n$ \n150,639 \n$ \n150,868";
  const read = (answer: string) => checkStatement(answer, [debt], new Set(), "Has Verizon increased its debt on balance sheet between 2022 and the 2021 fiscal period?").figures.map((c) => `${c.figure.raw}:${c.status}`);
  it("is read as a level, not a change, so the item's row carries it", () => {
    expect(read("The total debt in 2022 was $150,639 million, slightly lower than the total debt in 2021, which was $150,868 million.")).toEqual(["$150,639 million:carried", "$150,868 million:carried"]);
  });
  it("is contradicted by the item's row when it is another row's value (wrong on purpose)", () => {
    expect(read("The total debt in 2022 was $150,639 million, slightly lower than the total debt in 2021, which was $7,443 million.")).toEqual(["$150,639 million:carried", "$7,443 million:contradicted"]);
    expect(read("The total debt in 2022 was $150,639 million, higher than the total debt in 2021, which was $9,963 million.")).toEqual(["$150,639 million:carried", "$9,963 million:contradicted"]);
  });
  it("still reads a change written with a change word as a change", () => {
    expect(read("Total debt decreased by $229 million in 2022.")).toEqual(["$229 million:unmatched"]);
  });
});
