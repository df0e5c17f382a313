// response_schema: which JSON schemas the analytics judge accepts, and the local engine's findings mapped
// onto them (section maps, 1-5 scores, booleans, lists), every verdict valid against the schema it was asked for.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { localVerdict, type JudgeInput } from "../../src/chat/judge";
import { readResponseSchema, zodOf, type Shape } from "../../src/chat/judge-verdict";

let input: JudgeInput;

beforeAll(async () => {
  const amazon = await (await env.FIXTURES.fetch("http://f/search/AMAZON_2017_10K_p37.txt")).text();
  input = {
    query: "How did Amazon do in 2017?",
    answer:
      "## Revenue and growth\nAmazon's total net sales were $177,866 million in 2017. [1]\n\n## Profitability\nNet income was $3,033 million in 2017. [1] Operating income was $5,106 million in 2017. [1]\n\n## Risks and outlook\nThe documents searched do not cover this.",
    references: [{ citation_idx: 1, document_name: "AMAZON_2017_10K", text: amazon }],
  };
});

function shapeOf(schema: unknown): Shape & { type: "object" } {
  const r = readResponseSchema(schema);
  if (!r.ok) throw new Error(r.message);
  return r.shape;
}

/** The verdict for a schema, checked against it. */
function verdictFor(schema: unknown): Record<string, unknown> {
  const shape = shapeOf(schema);
  const verdict = localVerdict(input, shape);
  const parsed = zodOf(shape).safeParse(verdict);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  return verdict as Record<string, unknown>;
}

describe("the findings mapped onto a response_schema", () => {
  it("fills the spec's example: section scores, section summaries and a report", () => {
    const v = verdictFor({
      type: "object",
      properties: {
        section_scores: { type: "object", additionalProperties: { type: "number" } },
        section_content_summaries: { type: "object", additionalProperties: { type: "string" } },
        report: { type: "string" },
      },
      required: ["section_scores", "section_content_summaries", "report"],
    });
    expect(Object.keys(v.section_scores as object)).toEqual(["Revenue and growth", "Profitability", "Risks and outlook"]);
    const scores = v.section_scores as Record<string, number>;
    expect(scores["Revenue and growth"]).toBe(1);
    // $5,106 million is no figure of the table: half the section's claims fail.
    expect(scores.Profitability).toBeLessThan(1);
    const summaries = v.section_content_summaries as Record<string, string>;
    expect(summaries["Revenue and growth"]).toContain("$177,866 million");
    expect(summaries["Risks and outlook"]).toContain("No claim");
    expect(v.report).toMatch(/2 of 3 claims are grounded/);
    expect(v.report).toContain("$5,106 million");
  });

  it("scales a score to the schema's minimum and maximum, rounds integers, and fills booleans, counts and lists", () => {
    const v = verdictFor({
      type: "object",
      properties: {
        overall_score: { type: "integer", minimum: 1, maximum: 5 },
        grounding: { type: "number", minimum: 0, maximum: 10 },
        is_grounded: { type: "boolean" },
        has_hallucinations: { type: "boolean" },
        ungrounded_count: { type: "integer" },
        flagged_numbers: { type: "array", items: { type: "string" } },
        issues: { type: "array", items: { type: "string" }, maxItems: 1 },
        verdict: { type: "string", enum: ["pass", "partial", "fail"] },
        notes: { type: ["string", "null"] },
      },
      required: ["overall_score", "grounding", "is_grounded", "has_hallucinations", "ungrounded_count", "flagged_numbers", "issues", "verdict"],
    });
    expect(v.overall_score).toBeGreaterThanOrEqual(1);
    expect(v.overall_score).toBeLessThan(5);
    expect(Number.isInteger(v.overall_score)).toBe(true);
    expect(v.grounding).toBeGreaterThan(0);
    expect(v.grounding).toBeLessThan(10);
    expect(v.is_grounded).toBe(false);
    expect(v.has_hallucinations).toBe(true);
    expect(v.ungrounded_count).toBe(1);
    expect(v.flagged_numbers).toEqual(["$5,106 million"]);
    expect((v.issues as string[]).length).toBe(1);
    expect(v.verdict).toBe("partial");
    expect(typeof v.notes).toBe("string");
  });

  it("lists claims as objects of the schema's item shape", () => {
    const v = verdictFor({
      type: "object",
      properties: {
        claims: {
          type: "array",
          items: {
            type: "object",
            properties: { text: { type: "string" }, score: { type: "number", minimum: 0, maximum: 1 }, supported: { type: "boolean" }, citations: { type: "array", items: { type: "integer" } } },
            required: ["text", "score", "supported", "citations"],
            additionalProperties: false,
          },
        },
        sections: { type: "array", items: { type: "string" } },
        references: { type: "object", additionalProperties: { type: "object", properties: { score: { type: "number" } }, required: ["score"] } },
      },
      required: ["claims", "sections", "references"],
    });
    const claims = v.claims as { text: string; supported: boolean; citations: number[] }[];
    expect(claims.map((c) => c.supported)).toEqual([true, true, false]);
    expect(claims[0].text).toContain("177,866");
    expect(claims[0].citations).toEqual([1]);
    expect(v.sections).toEqual(["Revenue and growth", "Profitability", "Risks and outlook"]);
    expect(Object.keys(v.references as object)).toEqual(["[1] AMAZON_2017_10K"]);
  });

  it("fills every required property with the right type, whatever its name", () => {
    const v = verdictFor({
      type: "object",
      properties: { a: { type: "string" }, b: { type: "number" }, c: { type: "boolean" }, d: { type: "array", items: { type: "number" } }, e: { type: "object", properties: { f: { type: "null" } }, required: ["f"] } },
      required: ["a", "b", "c", "d", "e"],
    });
    expect(typeof v.a).toBe("string");
    expect(typeof v.b).toBe("number");
    expect(typeof v.c).toBe("boolean");
    expect(Array.isArray(v.d)).toBe(true);
    expect(v.e).toEqual({ f: null });
  });
});

describe("names that are JavaScript's own", () => {
  it("fills properties named __proto__ and constructor as own keys, and maps sections headed so", () => {
    const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"type":"number"}},"required":["__proto__","constructor"]}');
    const v = verdictFor(schema);
    expect(Object.keys(v).sort()).toEqual(["__proto__", "constructor"]);
    expect(typeof Object.getOwnPropertyDescriptor(v, "__proto__")?.value).toBe("string");
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    const sections = localVerdict(
      { ...input, answer: "## constructor\nNet income was $3,033 million in 2017. [1]\n## __proto__\nOperating income was $4,106 million in 2017. [1]" },
      shapeOf({ type: "object", properties: { section_scores: { type: "object", additionalProperties: { type: "number" } } }, required: ["section_scores"] }),
    ) as { section_scores: Record<string, number> };
    expect(Object.keys(sections.section_scores)).toEqual(["constructor", "__proto__"]);
  });
});

describe("what a remote model is asked for", () => {
  it("turns the schema into JSON schema with the same properties and required names", () => {
    const shape = shapeOf({
      type: "object",
      properties: { section_scores: { type: "object", additionalProperties: { type: "number" } }, score: { type: "integer", minimum: 1, maximum: 5 }, label: { type: ["string", "null"], enum: ["pass", "fail"] } },
      required: ["section_scores", "score"],
    });
    const json = z.toJSONSchema(zodOf(shape)) as { properties: Record<string, { minimum?: number; maximum?: number }>; required: string[] };
    expect(Object.keys(json.properties)).toEqual(["section_scores", "score", "label"]);
    expect(json.required).toEqual(["section_scores", "score"]);
    expect(json.properties.score).toMatchObject({ minimum: 1, maximum: 5 });
  });
});

describe("response_schema accepted and refused", () => {
  it.each([
    ["not an object", "yes", /JSON object/],
    ["a root that is not an object schema", { type: "array", items: { type: "string" } }, /type "object"/],
    ["an unknown type", { type: "object", properties: { a: { type: "decimal" } } }, /properties\.a\.type/],
    ["a keyword it cannot promise", { type: "object", properties: { a: { type: "string", pattern: "^x" } } }, /pattern is not supported/],
    ["a combinator", { type: "object", properties: { a: { oneOf: [{ type: "string" }] } } }, /properties\.a/],
    ["required naming an undefined property", { type: "object", properties: {}, required: ["score"] }, /required names score/],
    ["minimum above maximum", { type: "object", properties: { s: { type: "number", minimum: 5, maximum: 1 } } }, /minimum is above maximum/],
    ["an empty enum", { type: "object", properties: { s: { type: "string", enum: [] } } }, /enum/],
  ])("refuses %s", (_name, schema, message) => {
    const r = readResponseSchema(schema);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(message);
  });

  it("bounds nesting and size", () => {
    let deep: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < 12; i++) deep = { type: "object", properties: { x: deep } };
    const r = readResponseSchema(deep);
    expect(r.ok).toBe(false);
    const wide = { type: "object", properties: Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`p${i}`, { type: "string", description: "x".repeat(10) }])) };
    const w = readResponseSchema(wide);
    expect(w.ok).toBe(false);
  });

  it("ignores annotations and accepts a type paired with null", () => {
    const r = readResponseSchema({ $schema: "https://json-schema.org/draft/2020-12/schema", title: "Verdict", type: "object", properties: { s: { type: ["number", "null"], description: "score" } } });
    expect(r.ok).toBe(true);
  });
});
