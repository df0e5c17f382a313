// A balance "at the beginning of 2022" is the one at the end of 2021 (issue 19, a neighbour perturbation of
// bench:judge): the years a sentence names for it must agree ("the inventory at the beginning of 2022 is the
// same as the inventory at the end of 2021, which is $10,387 million": 2021), and "beginning" is period
// language, no word of the line item. Another row's value given to it is then contradicted (wrong on purpose).
import { describe, expect, it } from "vitest";
import { checkStatement } from "../../src/figures/statement";
import { statementFigures } from "../../src/figures/context";

const balance = "Consolidated Balance Sheets (Dollars in Millions)\n2022 2021\nAccounts receivable trade, less allowances 16,160 15,283\nInventories 12,483 10,387";
const check = (answer: string) => checkStatement(answer, [balance]).figures.map((c) => `${c.figure.raw}:${c.status}`);
const same = (value: string) => `The inventory at the beginning of 2022 is the same as the inventory at the end of 2021, which is ${value}.`;

describe("a balance at the beginning of a year", () => {
  it("is dated to the year before's end, when every year its words name agrees", () => {
    expect(statementFigures(same("$10,387 million")).map((f) => [f.year, f.item])).toEqual([[2021, ["inventory", "inventory"]]]);
    expect(statementFigures("Inventories at the beginning of 2022 were $10,387 million.").map((f) => f.year)).toEqual([2021]);
    // The beginning of 2022 and the end of 2022 are two balances: no year.
    expect(statementFigures("The inventory at the beginning of 2022 and at the end of 2022 averaged $11,435 million.").map((f) => f.year)).toEqual([null]);
  });

  it("is carried by its row, and another row's value is contradicted (wrong on purpose)", () => {
    expect(check(same("$10,387 million"))).toEqual(["$10,387 million:carried"]);
    expect(check(same("$15,283 million"))).toEqual(["$15,283 million:contradicted"]);
  });
});
