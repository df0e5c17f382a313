// Hostile judge inputs: answers and questions built to make the engine's scans backtrack (a run of
// thousands of digits in an arithmetic step, long runs of brackets, words and spaces). Each is graded
// through the Worker and its queue like any answer; with the old arithmetic regex a 3,000-digit answer held
// the isolate for tens of seconds. The step reader itself is checked against the forms it must read.
import { beforeAll, describe, expect, it } from "vitest";
import { arithmeticErrors, arithmeticErrorsSteps, arithmeticSteps } from "../../src/judges/engine/arithmetic";
import { partsAround, questionText, QUESTION_READ_CHARS } from "../../src/figures/question-text";
import { createOrg, type TestOrg } from "../helpers/harness";
import { llmBody, settled, submit } from "./judge-helpers";

describe("the arithmetic step reader", () => {
  it("reads each written form of a step and its result", () => {
    expect(arithmeticSteps("Margin: $1,577 / $32,765 = 4.8%. Sum: (5) million + 3 million = -2; 2 x 3 = 6 and 7 ÷ 2 = 3.5")).toEqual([
      { left: 1577, op: "/", right: 32765, result: "4.8", percent: true },
      { left: -5, op: "+", right: 3, result: "-2", percent: false },
      { left: 2, op: "*", right: 3, result: "6", percent: false },
      { left: 7, op: "/", right: 2, result: "3.5", percent: false },
    ]);
    expect(arithmeticSteps("Revenue rose 5% in 2019; see note 3.")).toEqual([]);
  });

  it("counts the steps that do not hold, within the rounding of the result as written", () => {
    expect(arithmeticErrors("1,577 / 32,765 = 4.8%")).toBe(0);
    expect(arithmeticErrors("1,577 / 32,765 = 0.048")).toBe(0);
    expect(arithmeticErrors("1,577 / 32,765 = 5.9%")).toBe(1);
    expect(arithmeticErrors("100 - 40 = 50 and 10 + 10 = 20")).toBe(1);
  });

  it("reads a 100,000-digit run, and runs of brackets, operators and equals signs, in one pass", () => {
    expect(arithmeticSteps(`${"9".repeat(100_000)} / 3 = 3`)).toHaveLength(1);
    expect(arithmeticSteps("(".repeat(50_000) + "1".repeat(50_000))).toEqual([]);
    expect(arithmeticSteps("1 / ".repeat(25_000))).toEqual([]);
    expect(arithmeticSteps("= 1 ".repeat(25_000))).toEqual([]);
  });
});

describe("changes written in words", () => {
  it("are read sentence by sentence with turns, and a sentence of thousands of figures is no such change", () => {
    // 400 sentences of changes, every other one wrong ("rose 50%" from 100 to 110): the straight and the stepped reading agree.
    const answer = Array.from({ length: 400 }, (_, i) => `Net sales rose ${i % 2 ? 50 : 10}% from $100 million to $110 million in ${2000 + (i % 20)}.`).join(" ");
    const steps = arithmeticErrorsSteps(answer);
    let turns = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) turns += 1;
    expect(step.value).toBe(200);
    expect(arithmeticErrors(answer)).toBe(200);
    expect(turns).toBeGreaterThan(20);
    // One 150,000-character sentence (bench:hostile's) is not read back as one change: it held the isolate 20 ms.
    const one = `In 2018, ${"net sales rose 50% from $100 million to $110 million, ".repeat(2_800)}.`;
    expect(arithmeticErrors(one)).toBe(0);
    expect(arithmeticErrors("In 2018, net sales rose 50% from $100 million to $110 million.")).toBe(1);
  });
});

describe("the question readers", () => {
  it("split a question at its keywords, first occurrence first", () => {
    expect(partsAround("revenue between FY2019 and FY2020", ["between", "and"])).toEqual(["revenue", "FY2019", "FY2020"]);
    expect(partsAround("Using EBIT as the numerator and interest expense as the denominator, what is it?", ["using", "as the numerator and", "as the denominator"])).toEqual([
      "",
      "EBIT",
      "interest expense",
      ", what is it?",
    ]);
    expect(partsAround("sandbox between", ["between", "and"])).toBeNull();
  });

  it("read at most the first 4,000 characters of a question", () => {
    expect(questionText("a".repeat(QUESTION_READ_CHARS + 10))).toHaveLength(QUESTION_READ_CHARS);
  });
});

describe("hostile answers and questions through the Worker", () => {
  let org: TestOrg;
  beforeAll(async () => {
    org = await createOrg();
  });

  const graded = async (body: Record<string, unknown>) => {
    const { res, json } = await submit("llm", org.key, llmBody(body));
    expect(res.status).toBe(202);
    const result = await settled("llm", org.key, json.payload.evaluation_id);
    expect(result.status).toBe("completed");
    return result;
  };

  it("grades an answer whose arithmetic step has a 3,000-digit operand", async () => {
    const r = await graded({ answer: `3M's FY2018 capital expenditure was $1,577 million, or ${"7".repeat(3_000)} / 2 = 3.` });
    expect(r.result.scores.factuality).toBeGreaterThanOrEqual(1);
  });

  it("grades a 100,000-digit answer", async () => {
    await graded({ answer: `The ratio is ${"1".repeat(100_000)}.5 / 2 = 5%` });
  });

  // One sentence of 150,000 characters and about 8,000 figures, against ten 8,000-character tables: each figure's
  // period was read over the whole sentence before it, and its derivation tried every pair of the sentence's own
  // carried figures (about 20 s of CPU in Node, past this test's wait; about a second now).
  it("grades a 150,000-character answer written as one sentence of figures", async () => {
    const money = (k: number) => `$${(1_000 + ((k * 7_919) % 90_000)).toLocaleString("en-US")} million`;
    let answer = "In 2018, ";
    for (let k = 0; answer.length < 150_000; k++) {
      answer += `capital expenditures were ${money(k)} in 2018, about ${(k % 30) + 0.5}% of sales, and net income fell to ${money(k + 1)} from ${money(k + 2)}, `;
    }
    const table = (t: number) => {
      let text = "(in millions) 2018 2017 2016\n";
      for (let k = 0; text.length < 7_900; k++) text += `Net sales ${(10_000 + k * 13 + t).toLocaleString("en-US")} ${(9_000 + k * 11).toLocaleString("en-US")} ${8_000 + k}\nNet income ${1_000 + k * 3 + t} ${900 + k} ${800 + k}\n`;
      return text;
    };
    const references = Array.from({ length: 10 }, (_, t) => ({ title: `Table ${t}`, content: table(t) }));
    const r = await graded({ query: "What were net sales and net income?", answer: `${answer.slice(0, 150_000)}.`, references });
    expect(r.result.scores.factuality).toBeGreaterThanOrEqual(1);
  });

  it("grades a question at the 10,000-character cap of repeated keywords and brackets", async () => {
    const query = `${"among the margin as a % of revenue, defined as ".repeat(150)}${"(".repeat(2_800)}?`;
    expect(query.length).toBeLessThanOrEqual(10_000);
    await graded({ query, answer: "Net sales were $32,765 million in 2018 and the margin was 4.8%." });
  });
});
