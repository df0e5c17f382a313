// Another row's or another column's value given to a figure (issue 19, the neighbour perturbations of
// bench:judge): a figure its sentence gives no year, carried by another row's cell while the row its words
// name holds another value in every column; and an operand of a working dated to a year whose column holds
// another value, the figure being that row's for another year. Each right answer is carried; each wrong on
// purpose is contradicted with a note naming the row; the readings that look alike but are right are left.
import { beforeAll, describe, expect, it } from "vitest";
import { checkStatement } from "../../src/figures/statement";
import { createOrg, type TestOrg } from "../helpers/harness";
import { settled, submit, WINDOW } from "../judges/judge-helpers";

const balance =
  "Consolidated Balance Sheets (dollars in millions)\nAt December 31, 2022 2021\nProperty, plant and equipment, net 107,434 99,696\nInvestments in unconsolidated businesses 1,071 1,061\nWireless licenses 149,796 147,619\nGoodwill 28,671 28,603\nOther intangible assets, net 11,461 11,677";
const operations = "Consolidated Statements of Operations (Dollars in millions)\nYears ended December 31, 2022 2021\nLoss before income taxes (5,022) (5,033)\nIncome tax (expense)/benefit (31) 743\nNet loss (5,053) (4,290)";
const check = (answer: string, source: string) => checkStatement(answer, [source]).figures.map((c) => `${c.figure.raw}:${c.status}`);

describe("a figure with no year of its own, carried by another row's cell", () => {
  const answer = (licenses: string) => `Verizon has substantial investments in wireless licenses (${licenses}) and other intangible assets ($11,461 million), which are critical to its operations.`;

  it("is carried by the row its words name", () => {
    expect(check(answer("$149,796 million"), balance)).toEqual(["$149,796 million:carried", "$11,461 million:carried"]);
  });

  it("is contradicted when it is another row's value (wrong on purpose), the note naming both rows", () => {
    const result = checkStatement(answer("$1,071 million"), [balance]);
    expect(result.figures.map((c) => c.status)).toEqual(["contradicted", "carried"]);
    expect(result.notes).toEqual(["$1,071 million is investments in unconsolidated businesses for 2022, not wireless licenses; the source gives 149,796 million for 2022."]);
  });

  it("is left carried when its sentence names the carrying row too", () => {
    const cash = "Consolidated Statements of Cash Flows ($ in millions)\nFiscal Years Ended 2023 2022\nTotal cash provided by operating activities 1,824 3,252\nTotal cash used in investing activities (962) (1,372)\nTotal cash used in financing activities (1,806) (4,297)";
    const statement = "Investing activities lost the least cash compared to financing activities, with a negative cash flow of $(962) million.";
    expect(check(statement, cash)).toEqual(["$(962) million:carried"]);
  });
});

describe("an operand of a working dated to a year", () => {
  const working = (loss: string) => `Effective tax rate for FY2022 = ($31 million) / (${loss}) = 0.0062 or 0.62%`;

  it("is carried by its year's column", () => {
    expect(check(working("$5,022 million"), operations).slice(0, 2)).toEqual(["$31 million:carried", "$5,022 million:carried"]);
  });

  it("is contradicted when it is the row's value for another year (wrong on purpose)", () => {
    const result = checkStatement(working("$5,033 million"), [operations]);
    expect(result.figures[1].status).toBe("contradicted");
    expect(result.notes).toEqual(["$5,033 million is loss before income taxes for 2021, not 2022; the source gives (5,022) million for 2022."]);
  });

  it("is left as it was in an average, which takes the year before's balance", () => {
    const inventories = "Consolidated Balance Sheets (Dollars in Millions)\nJanuary 1, 2023 January 2, 2022\nInventories 12,483 10,387";
    expect(check("The average inventory for 2022 = ($10,387 million + $12,483 million) / 2 = $11,435 million", inventories)).not.toContain("$10,387 million:contradicted");
  });
});

describe("an operand under a heading that dates it ('For FY2023:'), past a formula in words", () => {
  const debt = "Balance Sheets (In millions)\nJune 30, 2023 2022\nShort-term debt 5,247 2,749\nLong-term debt 41,990 47,032";
  const working = (year: string) => `For ${year}:\nTotal debt = Short-term debt + Long-term debt\nTotal debt = $5,247 million + $41,990 million\nTotal debt = $47,237 million`;

  it("is carried by the heading's year", () => {
    expect(check(working("FY2023"), debt)).toEqual(["$5,247 million:carried", "$41,990 million:carried", "$47,237 million:unmatched"]);
  });

  it("is contradicted as another year's when the heading's year is swapped (wrong on purpose)", () => {
    expect(checkStatement(working("FY2022"), [debt]).notes).toEqual([
      "$5,247 million is short-term debt for 2023, not 2022; the source gives 2,749 million for 2022.",
      "$41,990 million is long-term debt for 2023, not 2022; the source gives 47,032 million for 2022.",
    ]);
  });
});

describe("LLM judge through the Worker: another row's value in a sentence with no year", () => {
  let org: TestOrg;
  beforeAll(async () => {
    org = await createOrg();
  });
  const query = "Is Verizon a capital intensive business based on FY 2022 data?";
  async function grade(answer: string) {
    const { res, json } = await submit("llm", org.key, { query, answer, time_window: WINDOW, references: [{ title: "Verizon balance sheet", content: balance }] });
    expect(res.status).toBe(202);
    return (await settled("llm", org.key, json.payload.evaluation_id)).result;
  }

  it("grades the neighbouring row's value 2 or less on factuality, below the right answer", async () => {
    // Two years named: the figures of the last sentence are given none.
    const text = (licenses: string) => `Yes. Verizon's net property, plant and equipment was $107,434 million in 2022, up from $99,696 million in 2021.\n\nVerizon has substantial investments in wireless licenses (${licenses}) and other intangible assets ($11,461 million).`;
    const right = await grade(text("$149,796 million"));
    const wrong = await grade(text("$1,071 million"));
    expect(wrong.scores.factuality).toBeLessThanOrEqual(2);
    expect(wrong.overall_score).toBeLessThan(right.overall_score);
    expect(wrong.reasoning).toContain("not wireless licenses");
  });
});
