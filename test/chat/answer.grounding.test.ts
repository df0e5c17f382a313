// The grounding guard (src/chat/grounding.ts) every answer engine's text passes through: wrong-on-purpose
// sentences (a changed figure, a swapped year, another company's passage cited, a wrong computed result)
// lose the figure to FLAG; right ones pass unchanged; a stream cut anywhere reads the same.
import { describe, expect, it } from "vitest";
import { FLAG, groundSentence, SentenceGuard } from "../../src/chat/grounding";
import { evaluateExpression } from "../../src/chat/grounding-arithmetic";
import { markedPieces } from "../../src/chat/answer";

const ACME = `Acme Corp
Consolidated Statements of Operations
(In millions)
Year Ended December 31,
2022
2021
Net revenue
$
12,617 $
11,141
Cost of sales
7,406
6,724
Net income
1,277
998`;

const GLOBEX = `Globex Inc.
Consolidated Statements of Income
(In millions)
Year Ended December 31,
2022
2021
Net revenue
$
30,200 $
28,900`;

const PROSE = "In 2022, Acme's net revenue was $12.6 billion and its capital expenditures were $540 million.";
const passages = [ACME, GLOBEX, PROSE];
const Q = "What was Acme's net revenue in 2022?";

describe("grounding guard", () => {
  it("keeps a sentence whose figures its cited passage carries", () => {
    for (const s of ["Acme's net revenue in 2022 was $12,617 million [1].", "Net revenue was $12.6 billion in 2022 [3].", "Net income in 2021 was $998 million [1]."]) {
      expect(groundSentence(s, passages, Q)).toEqual({ text: s, flagged: [] });
    }
  });

  it("flags a changed figure", () => {
    const g = groundSentence("Acme's net revenue in 2022 was $12,716 million [1].", passages, Q);
    expect(g.flagged).toEqual(["$12,716 million"]);
    expect(g.text).toBe(`Acme's net revenue in 2022 was ${FLAG} [1].`);
  });

  it("flags a swapped year", () => {
    const g = groundSentence("Acme's net revenue in 2021 was $12,617 million [1].", passages, Q);
    expect(g.flagged).toEqual(["$12,617 million"]);
  });

  it("flags a figure whose cited passage is another company's", () => {
    // Right figure for Acme, but the sentence cites Globex's statement.
    const g = groundSentence("Acme's net revenue in 2022 was $12,617 million [2].", passages, Q);
    expect(g.flagged).toEqual(["$12,617 million"]);
    // Globex's figure given to Acme, citing Globex.
    expect(groundSentence("Acme's net revenue in 2022 was $31,500 million [2].", passages, Q).flagged).toEqual(["$31,500 million"]);
  });

  it("flags every figure of a sentence that cites nothing, and a marker naming no passage cites nothing", () => {
    expect(groundSentence("Acme's net revenue in 2022 was $12,617 million.", passages, Q).flagged).toEqual(["$12,617 million"]);
    expect(groundSentence("Acme's net revenue in 2022 was $12,617 million [9].", passages, Q).flagged).toEqual(["$12,617 million"]);
  });

  it("keeps shown arithmetic it can redo from carried operands, and flags a wrong result or an invented operand", () => {
    const right = "Net margin in 2022 = 1,277 / 12,617 * 100 = 10.1% [1].";
    expect(groundSentence(right, passages, Q)).toEqual({ text: right, flagged: [] });
    expect(groundSentence("Net margin in 2022 = 1,277 / 12,617 * 100 = 12.4% [1].", passages, Q).flagged).toEqual(["12.4%"]);
    expect(groundSentence("Net margin in 2022 = 1,500 / 12,617 * 100 = 11.9% [1].", passages, Q).flagged).toEqual(["1,500"]);
    // A percentage result of a quotient written without "* 100".
    expect(groundSentence("Net margin in 2022 = 1,277 / 12,617 = 10.1% [1].", passages, Q).flagged).toEqual([]);
  });

  it("evaluates shown arithmetic with precedence and parentheses, and refuses what is not arithmetic", () => {
    expect(evaluateExpression("365 * ((25,309 + 34,616) / 2) / (111,934 + (16,047 - 11,461))")).toBeCloseTo(93.86, 2);
    expect(evaluateExpression("((1,277 / 998) ^ (1 / 1) - 1) * 100")).toBeCloseTo(27.96, 2);
    expect(evaluateExpression("Net margin in 2022")).toBeNull();
    expect(evaluateExpression(`${"(".repeat(500)}1`)).toBeNull();
  });

  it("holds a stream back per sentence: figures and markers cut across chunks read as whole", () => {
    const text = "Acme's net revenue in 2022 was $12,617 million. [1] It was $99,999 million in 2021 [1].\nNet income in 2021 was $998 million [1].";
    for (const size of [1, 3, 7, 1000]) {
      const guard = new SentenceGuard(passages, Q);
      const out: string[] = [];
      for (let i = 0; i < text.length; i += size) out.push(...guard.push(text.slice(i, i + size)));
      out.push(...guard.end());
      expect(out.join("")).toBe(`Acme's net revenue in 2022 was $12,617 million. [1] It was ${FLAG} in 2021 [1].\nNet income in 2021 was $998 million [1].`);
      expect(guard.flagged).toEqual(["$99,999 million"]);
    }
  });

  it("turns a sentence's [n] markers into cite pieces and leaves the flag as text", () => {
    expect([...markedPieces(`Revenue was ${FLAG} [2][1].`, 3)]).toEqual([
      { kind: "text", text: `Revenue was ${FLAG}` },
      { kind: "text", text: " " },
      { kind: "cite", passage: 1 },
      { kind: "cite", passage: 0 },
      { kind: "text", text: "." },
    ]);
  });

  it("stays bounded on a sentence that never ends", () => {
    const guard = new SentenceGuard(passages, Q);
    const out: string[] = [];
    for (let i = 0; i < 200; i++) out.push(...guard.push("12,617 ".repeat(100)));
    // 140,000 characters pushed: sent on in pieces of at most 2,000 characters each, never held whole.
    expect(out.length).toBeGreaterThanOrEqual(60);
    out.push(...guard.end());
    expect(out.join("").length).toBeGreaterThan(100_000);
  });

  it("takes a 400,000-character chunk at once, with and without sentence ends, in pieces of at most 2,000 characters", () => {
    for (const chunk of ["x".repeat(400_000), "Revenue rose. ".repeat(30_000)]) {
      const guard = new SentenceGuard(passages, Q);
      const out = [...guard.push(chunk), ...guard.end()];
      expect(out.join("")).toBe(chunk);
      expect(Math.max(...out.map((s) => s.length))).toBeLessThanOrEqual(2_000);
    }
  });
});
