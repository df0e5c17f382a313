// Property-based fuzzing (fast-check) of the analytics judge's readers: any JSON as response_schema is
// either refused with a message or accepted, and every accepted schema gets a verdict that validates against
// it; any answer text (markers, headings, long runs) is split and grounded without throwing.
import { env } from "cloudflare:test";
import { fc, test } from "@fast-check/vitest";
import { beforeAll, describe, expect } from "vitest";
import { groundAnswer, localVerdict, splitClaims, type JudgeInput } from "../../src/chat/judge";
import { readResponseSchema, zodOf } from "../../src/chat/judge-verdict";

let amazon = "";
beforeAll(async () => {
  amazon = await (await env.FIXTURES.fetch("http://f/search/AMAZON_2017_10K_p37.txt")).text();
});

const NAMES = ["score", "report", "section_scores", "section_content_summaries", "claims", "issues", "has_issues", "grounded", "verdict", "numbers", "count", "references", "x", "__proto__", "constructor"];

/** An object schema whose required names are mostly among its properties. */
const objectOf = (node: fc.Arbitrary<unknown>) =>
  fc.dictionary(fc.constantFrom(...NAMES), node, { maxKeys: 4 }).chain((properties) =>
    fc.record(
      {
        type: fc.constant("object"),
        properties: fc.constant(properties),
        required: fc.oneof({ arbitrary: fc.subarray(Object.keys(properties)), weight: 9 }, { arbitrary: fc.array(fc.constantFrom(...NAMES), { maxLength: 2 }), weight: 1 }),
        additionalProperties: fc.oneof(fc.boolean(), node),
      },
      { requiredKeys: ["type", "properties"] },
    ),
  );

/** Schemas in the accepted subset, and now and then just outside it (unknown keywords, bad bounds). */
const schema: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { arbitrary: fc.record({ type: fc.constantFrom("string", "number", "integer", "boolean", "null") }), weight: 4 },
    { arbitrary: fc.record({ type: fc.constantFrom("number", "integer"), minimum: fc.integer({ min: -5, max: 5 }), maximum: fc.integer({ min: -5, max: 10 }) }, { requiredKeys: ["type"] }), weight: 2 },
    { arbitrary: fc.record({ type: fc.constant("string"), enum: fc.array(fc.constantFrom("pass", "fail", "partial", "high", "low", "other"), { minLength: 1, maxLength: 4 }) }), weight: 2 },
    { arbitrary: fc.record({ type: fc.constantFrom(["string", "null"], ["number", "null"], ["null"]) }), weight: 1 },
    { arbitrary: fc.record({ type: fc.constant("array"), items: tie("node"), maxItems: fc.nat(3) }, { requiredKeys: ["type"] }), weight: 2 },
    { arbitrary: objectOf(tie("node")), weight: 2 },
    { arbitrary: fc.constantFrom({ type: "string", pattern: "^a" }, { oneOf: [{ type: "string" }] }, { type: "decimal" }), weight: 1 },
  ),
})).node;

const rootSchema = objectOf(schema);

const TOKENS = ["## Revenue", "\n", " ", ". ", "[1]", "[2]", "[1, 2]", "[999]", "[", "]", "$3,033 million", "177,866", "2017", "2016", "= ", "/ ", "* 100", "1.7%", "Amazon", "Apple's", "net income", "total net sales", "was", "**Risks**", "The documents searched do not say."];
const answerText = fc.oneof(
  fc.array(fc.constantFrom(...TOKENS), { maxLength: 300 }).map((t) => t.join("")),
  fc.tuple(fc.constantFrom(...TOKENS), fc.integer({ min: 500, max: 5_000 })).map(([t, n]) => t.repeat(n)),
  fc.string({ maxLength: 2_000 }),
);

describe("response_schema", () => {
  test.prop([fc.oneof(rootSchema, schema, fc.jsonValue())], { numRuns: 300 })("is refused with a message or gets a verdict valid against it", (raw) => {
    const read = readResponseSchema(raw);
    if (!read.ok) {
      expect(read.message.length).toBeGreaterThan(0);
      return;
    }
    const input: JudgeInput = { query: "How did Amazon do in 2017?", answer: "## Revenue\nTotal net sales were $177,866 million in 2017. [1]\n## Profit\nNet income was $3,133 million in 2017. [1]", references: [{ citation_idx: 1, document_name: "AMAZON_2017_10K", text: amazon }] };
    const verdict = localVerdict(input, read.shape);
    const parsed = zodOf(read.shape).safeParse(verdict);
    expect(parsed.success, JSON.stringify(parsed.error?.issues.slice(0, 2))).toBe(true);
  });
});

describe("answers", () => {
  test.prop([answerText], { numRuns: 100 })("are split and grounded into well-formed findings", (answer) => {
    const { claims } = splitClaims(answer);
    for (const c of claims) expect(c.text.length).toBeGreaterThan(0);
    const f = groundAnswer({ query: "What was Amazon's net income in 2017?", answer, references: [{ citation_idx: 1, document_name: "AMAZON_2017_10K", text: amazon }, { citation_idx: 2, document_name: "Other", text: "Revenue was $5 million in 2017." }] });
    expect(f.score).toBeGreaterThanOrEqual(0);
    expect(f.score).toBeLessThanOrEqual(1);
    for (const c of f.claims) expect(c.grounded).toBe(c.issue === null);
  });
});
