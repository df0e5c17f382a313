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
  it("reads a change between two years from the row's two cells: the same change carried, another amount or the other direction contradicted (wrong on purpose)", () => {
    expect(read("This represents a decrease of $229 million in total debt from 2021 to 2022.")).toEqual(["$229 million:carried"]);
    expect(read("This represents a decrease of $329 million in total debt from 2021 to 2022.")).toEqual(["$329 million:contradicted"]);
    expect(read("This represents an increase of $229 million in total debt from 2021 to 2022.")).toEqual(["$229 million:contradicted"]);
    const swapped = checkStatement("This represents a decrease of $229 million in total debt from 2022 to 2021.", [debt], new Set(), "");
    expect(swapped.notes).toEqual(["The source gives total debt as 150,639 for 2022 and 150,868 for 2021: it rose by 229 million from 2022 to 2021, not the other way."]);
  });
});

describe("a figure given to the row its clause ends with", () => {
  // MGM's fair value table (10-Q Q2 2023): a quarter-end column beside a year-end one, so the period of a
  // cell is not told for sure; the row the statement names still is.
  const fair = "Fair value level\nJune 30, 2023\nDecember 31, 2022\n(In thousands)\nCash and cash equivalents:\nMoney market funds\nLevel 1\n$\n2,195 \n$\n12,009 \nCommercial paper and certificates of deposit\nLevel 2\n \n5,992 \nCash and cash equivalents\n2,195 \n18,001 \nShort-term investments:\nU.S. government securities\nLevel 1\n57,696 \n56,835 \nU.S. agency securities\nLevel 2\n29,049 \n9,530 \nCommercial paper and certificates of deposit\nLevel 2\n4,561 \n4,466 \nCorporate bonds\nLevel 2\n416,420 \n213,875 \nShort-term investments\n507,726 \n284,706";
  const read = (answer: string) => checkStatement(answer, [fair], new Set(), "Which type of debt received the largest investment among the short term investments for MGM in H1 FY2023?").figures.map((c) => `${c.figure.raw}:${c.status}`);
  it("carries the row's own value, however many words come before the row's name", () => {
    expect(read("The table shows that as of June 30, 2023, the investment in Corporate bonds was $416,420 (in thousands).")).toEqual(["$416,420:carried"]);
    expect(read("Here are the short-term investments as of June 30, 2023: - U.S. government securities: $57,696 (in thousands) - U.S. agency securities: $29,049 (in thousands)")).toEqual(["$57,696:carried", "$29,049:carried"]);
  });
  it("contradicts the neighbouring row's value in the same column (wrong on purpose), naming both rows", () => {
    const check = checkStatement("The table shows that as of June 30, 2023, the investment in Corporate bonds was $4,561 (in thousands).", [fair], new Set(), "Which type of debt received the largest investment among the short term investments for MGM in H1 FY2023?");
    expect(check.figures.map((c) => c.status)).toEqual(["contradicted"]);
    expect(check.notes).toEqual(["$4,561 is commercial paper and certificates of deposit, not corporate bonds; the source gives 416,420 thousand."]);
    expect(read("Here are the short-term investments as of June 30, 2023: - U.S. government securities: $29,049 (in thousands)")).toEqual(["$29,049:contradicted"]);
  });
  it("does not read a row's name joined to another item's ('cash and corporate bonds') as that row", () => {
    expect(read("As of June 30, 2023, commercial paper and corporate bonds were $4,561 (in thousands).")).not.toContain("$4,561:contradicted");
  });
  it("does not take 'total assets' for 'Total current assets', whose item words are the same", () => {
    const balance = "Consolidated Balance Sheets\nAt December 31,\nIn millions, except per share amounts\n2022\n2021\nInventories\n19,090 \n17,760 \nTotal current assets\n65,682 \n60,008 \nGoodwill\n78,150 \n79,121 \nTotal assets\n$\n228,275 $\n232,999";
    const notes = checkStatement("Specifically, the company reported total assets of $148.9 billion as of December 31, 2022.", [balance], new Set(), "Is CVS Health a capital-intensive business based on FY2022 data?").notes;
    expect(notes).toEqual(["The source gives total assets for 2022 as 228,275 million, not $148.9 billion."]);
  });
});

describe("a rate's change between two years", () => {
  // Corning's MD&A table (10-K 2022): the effective tax rate per year.
  const rates = "Years ended December 31,\n2022\n2021\nIncome before income taxes\n $\n1,797 $\n2,426 \nProvision for income taxes\n $\n(411) $\n(491) \nEffective tax rate\n \n23% \n20% ";
  const read = (answer: string) => checkStatement(answer, [rates], new Set(["corn"]), "How much has the effective tax rate of Corning changed between FY2021 and FY2022?").figures.map((c) => `${c.figure.raw}:${c.status}`);
  it("is read from the rate's row in points (or relative): the right change carried, another contradicted (wrong on purpose)", () => {
    expect(read("The effective tax rate of Corning has increased by 3% between FY2021 and FY2022.")).toEqual(["3%:carried"]);
    expect(read("The effective tax rate of Corning has increased by 5% between FY2021 and FY2022.")).toEqual(["5%:contradicted"]);
    expect(read("The effective tax rate of Corning has decreased by 3% between FY2021 and FY2022.")).toEqual(["3%:contradicted"]);
    const notes = checkStatement("The effective tax rate of Corning has increased by 5% between FY2021 and FY2022.", [rates], new Set(["corn"]), "").notes;
    expect(notes).toEqual(["The source gives effective tax rate as 20% for 2021 and 23% for 2022: it rose by 3 points from 2021 to 2022, not 5%."]);
  });
});

describe("a figure alone in parentheses after its item's words", () => {
  // Verizon's and CVS's balance sheets (10-K 2022), PDF text layout.
  const verizon = "Consolidated Balance Sheets\n(dollars in millions)\nAt December 31,\n2022\n2021 \nInvestments in unconsolidated businesses\n \n1,071 \n \n1,061 \nWireless licenses\n \n149,796 \n \n147,619 \nGoodwill\n \n28,671 \n \n28,603 ";
  const cvs = "Consolidated Balance Sheets\nAt December 31,\nIn millions, except per share amounts\n2022\n2021\nGoodwill\n78,150 \n79,121 \nOther assets\n4,620 \n4,714 \nTotal assets\n$\n228,275 $\n232,999";
  const read = (answer: string, source: string, query: string) => checkStatement(answer, [source], new Set(), query).figures.map((c) => `${c.figure.raw}:${c.status}`);
  it("is read as those words' figure: the row's value carried, another row's contradicted (wrong on purpose)", () => {
    const q = "Is Verizon a capital intensive business based on FY 2022 data?";
    expect(read("Verizon has substantial investments in wireless licenses ($149,796 million) as of 2022.", verizon, q)).toEqual(["$149,796 million:carried"]);
    expect(read("Verizon has substantial investments in wireless licenses ($1,071 million) as of 2022.", verizon, q)).toEqual(["$1,071 million:contradicted"]);
  });
  it("is not carried by a row whose one word the sentence uses ('Other assets') when the clause names another row ('total assets')", () => {
    const q = "Is CVS Health a capital-intensive business based on FY2022 data?";
    expect(read("Based on the FY2022 data, this is indicated by the high value of its total assets ($228,275 million).", cvs, q)).toEqual(["$228,275 million:carried"]);
    expect(read("Based on the FY2022 data, this is indicated by the high value of its total assets ($4,620 million).", cvs, q)).toEqual(["$4,620 million:contradicted"]);
  });
});
