// The operands of a ratio an answer works out ("the gross margin is (47,262 - 36,689) / 47,262 = 22.4%"):
// the words before the working name the ratio, not its revenue or its cost of sales, so each operand is
// carried by the source's figure of its value and year under any row (issue 19, perturbations of
// bench:judge). Wrong on purpose: another year's value, a margin's numerator from another year, and every
// figure of the working scaled (its ratios still hold, but no source states its figures).
import { beforeAll, describe, expect, it } from "vitest";
import { checkStatement } from "../../src/figures/statement";
import { statementFigures } from "../../src/figures/context";
import { gradeAnswer } from "../../src/judges/engine/grade";
import { createOrg, type TestOrg } from "../helpers/harness";
import { settled, submit, WINDOW } from "../judges/judge-helpers";

const earnings =
  "Consolidated Statements of Earnings ($ in millions)\nFiscal Years Ended 2023 2022 2021\nRevenue $ 46,298 $ 51,761 $ 47,262\nCost of sales 36,386 40,121 36,689\nGross profit 9,912 11,640 10,573\nOperating income 1,795 3,039 2,391";
const statuses = (answer: string) => checkStatement(answer, [earnings]).figures.map((c) => `${c.figure.raw}:${c.status}`);

describe("an operand of a ratio the answer works out", () => {
  it("is read as one next to a division or inside the bracket that is divided, not in a sum or difference", () => {
    const operands = (text: string) => statementFigures(text).map((f) => f.operand ?? false);
    expect(operands("In 2021, the gross margin is (47,262 - 36,689) / 47,262 = 22.4%.")).toEqual([true, true, true, false]);
    expect(operands("Working capital is $7,453 million - $5,175 million = $2,278 million.")).toEqual([false, false, false]);
  });

  it("is carried by the source's figure of its value and year, whatever the row", () => {
    expect(statuses("In 2021, the gross margin is (47,262 - 36,689) / 47,262 = 22.4%.")).toEqual(["(47,262:carried", "- 36,689):carried", "47,262:carried", "22.4%:unmatched"]);
    expect(statuses("In 2023, the gross margin is 9,912 / 46,298 = 21.41%.")).toEqual(["9,912:carried", "46,298:carried", "21.41%:unmatched"]);
  });

  it("is not carried by another year's value, and is contradicted as that year's (wrong on purpose)", () => {
    // 2022's revenue divides 2023's gross profit.
    expect(statuses("In 2023, the gross margin is 9,912 / 51,761 = 19.15%.")).toEqual(["9,912:carried", "51,761:contradicted", "19.15%:unmatched"]);
    expect(checkStatement("In 2023, the gross margin is 9,912 / 51,761 = 19.15%.", [earnings]).notes).toEqual(["51,761 is revenue for 2022, not 2023; the source gives 46,298 million for 2023."]);
  });

  it("still gives a margin's numerator its item: another year's operating income is contradicted", () => {
    expect(statuses("For 2023, the operating margin is $1,795 million / $46,298 million = 3.9%.")).toEqual(["$1,795 million:carried", "$46,298 million:carried", "3.9%:unmatched"]);
    expect(statuses("For 2023, the operating margin is $3,039 million / $46,298 million = 6.6%.")[0]).toBe("$3,039 million:contradicted");
  });

  it("leaves which rows make the ratio to the metric's recomputation: cost of sales as the denominator grades 2 or less", () => {
    const grade = (answer: string) => gradeAnswer({ query: "What was Best Buy's gross margin in FY2022?", answer, references: [earnings], evidence: [], verdicts: { supported: 0, contradicted: 0, unresolved: 0 } });
    const right = grade("In FY2022, the gross margin is 11,640 / 51,761 = 22.49%.");
    const wrongRow = grade("In FY2022, the gross margin is 11,640 / 40,121 = 29.01%.");
    expect(right.factuality).toBeGreaterThanOrEqual(4);
    expect(wrongRow.factuality).toBeLessThanOrEqual(2);
  });
});

describe("LLM judge through the Worker: a gross margin worked out from the statement's figures", () => {
  let org: TestOrg;
  beforeAll(async () => {
    org = await createOrg();
  });
  const query = "Are Best Buy's gross margins historically consistent (not fluctuating more than roughly 2% each year)?";
  const answer = (f: (x: number) => string) =>
    `Gross margin is (revenue - cost of sales) / revenue.\n\nFor fiscal 2021, the gross margin is (${f(47262)} - ${f(36689)}) / ${f(47262)} = 22.4%.\n\nFor fiscal 2022, the gross margin is (${f(51761)} - ${f(40121)}) / ${f(51761)} = 22.5%.\n\nFor fiscal 2023, the gross margin is (${f(46298)} - ${f(36386)}) / ${f(46298)} = 21.4%.\n\nThe gross margins moved by about 1% a year, less than 2%: they are consistent.`;
  async function grade(text: string) {
    const { res, json } = await submit("llm", org.key, { query, answer: text, time_window: WINDOW, references: [{ title: "Best Buy statements of earnings", content: earnings }] });
    expect(res.status).toBe(202);
    return (await settled("llm", org.key, json.payload.evaluation_id)).result;
  }

  it("grades the answer whose operands the statement states above the same working on figures scaled by 1.3", async () => {
    const right = await grade(answer((x) => x.toLocaleString("en-US")));
    const scaled = await grade(answer((x) => Math.round(x * 1.3).toLocaleString("en-US")));
    expect(right.scores.factuality).toBeGreaterThanOrEqual(3);
    expect(scaled.scores.factuality).toBeLessThanOrEqual(2);
    expect(scaled.overall_score).toBeLessThan(right.overall_score);
  });
});
