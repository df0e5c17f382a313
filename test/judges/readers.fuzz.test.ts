// Property-based fuzzing (fast-check) of the judges' readers: the number and period reader, the sentence
// and claim splitter, refusal detection, the arithmetic step reader, the figure-in-context reader, the
// statement-table reader and a whole grading. Inputs are random strings over a finance alphabet and the
// 3M cash flow fixture mutated (cut, spliced, a token repeated thousands of times). Each run must return a
// well-formed reading; a run that hung would fail on the test timeout.
import { env } from "cloudflare:test";
import { fc, test } from "@fast-check/vitest";
import { beforeAll, describe, expect } from "vitest";
import { periods, quantities } from "../../src/figures/numbers";
import { sentences } from "../../src/figures/text";
import { statementFigures } from "../../src/figures/context";
import { parseTables } from "../../src/figures/table";
import { detectRefusal, extractClaims } from "../../src/judges/engine/claims";
import { arithmeticSteps } from "../../src/judges/engine/arithmetic";
import { gradeAnswer } from "../../src/judges/engine/grade";

const TOKENS = [
  "0", "1", "7", "12", "1,577", "32,765", "(5,053)", "-", "$", "%", ".", ",", "(", ")", " ", "  ", "\n", "=", "/", "x", "+",
  "million", "billion", "in millions", "FY2022", "2018", "fiscal", "Q4", "net sales", "net income", "was", "were",
  "does not provide", "cannot be determined", "because", "3M", "Best Buy", "Net cash provided by operating activities",
];

const tokenText = fc.array(fc.constantFrom(...TOKENS), { maxLength: 400 }).map((t) => t.join(""));
/** A long run of one token: the shape that makes backtracking regexes and quadratic scans show. */
const runText = fc.tuple(fc.constantFrom(...TOKENS), fc.integer({ min: 1_000, max: 20_000 }), tokenText).map(([t, n, tail]) => t.repeat(Math.ceil(n / t.length)) + tail);

let fixture = "";
beforeAll(async () => {
  fixture = await (await env.FIXTURES.fetch("http://f/judges/3M_2018_10K_cash_flow.txt")).text();
});

/** The fixture cut at two points with random tokens spliced in. */
const mutated = fc.tuple(fc.nat(), fc.nat(), tokenText, fc.boolean()).map(([a, b, insert, repeat]) => {
  const i = a % (fixture.length + 1);
  const j = i + (b % 4_000);
  return fixture.slice(0, i) + (repeat ? insert.repeat(20) : insert) + fixture.slice(j);
});

const anyText = fc.oneof(tokenText, runText, fc.string({ maxLength: 2_000 }), fc.string({ unit: "grapheme", maxLength: 500 }));

describe("the judges' readers on random and mutated text", () => {
  test.prop([anyText], { numRuns: 60 })("quantities and periods are finite and within the text", (text) => {
    for (const q of quantities(text)) expect(Number.isFinite(q.value)).toBe(true);
    // A quarter named without its year ("Q4") has no year.
    for (const p of periods(text)) expect(Number.isInteger(p.year) || (p.quarter !== null && Number.isNaN(p.year))).toBe(true);
  });

  test.prop([anyText], { numRuns: 60 })("sentences and claims come from the text", (text) => {
    const ss = sentences(text);
    expect(ss.join("").length).toBeLessThanOrEqual(text.length);
    for (const c of extractClaims(text)) expect(typeof c.material).toBe("boolean");
    expect(typeof detectRefusal(text, text.slice(0, 200)).refusal).toBe("boolean");
  });

  test.prop([anyText], { numRuns: 60 })("arithmetic steps read finite operands", (text) => {
    for (const s of arithmeticSteps(text)) expect(Number.isFinite(s.left) && Number.isFinite(s.right)).toBe(true);
  });

  test.prop([fc.oneof(anyText, mutated)], { numRuns: 40 })("figures in context and statement tables", (text) => {
    for (const f of statementFigures(text)) expect(typeof f.kind).toBe("string");
    for (const t of parseTables(text)) expect(Array.isArray(t.rows)).toBe(true);
  });

  test.prop([fc.oneof(tokenText, runText), fc.oneof(mutated, tokenText)], { numRuns: 25 })("a whole grading returns four scores from 1 to 5", (answer, reference) => {
    const out = gradeAnswer({ query: "What were 3M's net sales in 2018?", answer: answer || "x", references: [reference], evidence: [], verdicts: { supported: 0, contradicted: 0, unresolved: 0 } });
    for (const s of [out.factuality, out.completeness, out.relevance, out.grounding]) expect(s >= 1 && s <= 5).toBe(true);
  });
});
