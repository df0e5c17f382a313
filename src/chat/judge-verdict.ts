// The analytics judge's verdict shapes: the caller's response_schema read into a bounded JSON-schema subset
// (a typed Shape, a zod schema for the provider and for the final check), and the local engine's findings
// (per answer, section, claim and reference) mapped onto it property by property, so a verdict always
// validates against the schema it was asked for.
import { z } from "zod";
import type { ClaimFinding, Findings, JudgeReference } from "./judge";

/** Bounds of a response_schema: serialized size, nesting depth, schema nodes, name and enum sizes. */
export const SCHEMA_LIMITS = { bytes: 32_768, depth: 8, nodes: 400, nameChars: 200, enumValues: 50 } as const;

export type Shape =
  | { type: "string"; nullable: boolean; enum: string[] | null }
  | { type: "number" | "integer"; nullable: boolean; minimum: number | null; maximum: number | null; enum: number[] | null }
  | { type: "boolean"; nullable: boolean }
  | { type: "null"; nullable: true }
  | { type: "array"; nullable: boolean; items: Shape | null; maxItems: number | null }
  | { type: "object"; nullable: boolean; properties: [string, Shape][]; required: string[]; additional: Shape | boolean };

export type ShapeResult = { ok: true; shape: Shape & { type: "object" } } | { ok: false; message: string };

/** Keywords that describe and never constrain: accepted and ignored. */
const ANNOTATIONS = new Set(["$schema", "$id", "$comment", "title", "description", "examples", "default", "format", "deprecated", "readOnly", "writeOnly"]);
const KEYWORDS: Record<string, Set<string>> = {
  string: new Set(["type", "enum"]),
  number: new Set(["type", "enum", "minimum", "maximum"]),
  integer: new Set(["type", "enum", "minimum", "maximum"]),
  boolean: new Set(["type"]),
  null: new Set(["type"]),
  array: new Set(["type", "items", "maxItems"]),
  object: new Set(["type", "properties", "required", "additionalProperties"]),
};

class SchemaError extends Error {}

/** An own property whatever its name: "__proto__" or a section headed "constructor" is a key like any other. */
function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * Reads a response_schema: an object schema (type "object", properties, required, additionalProperties)
 * whose properties are strings (enum), numbers and integers (minimum, maximum, enum), booleans, null,
 * arrays (items, maxItems) and objects, a type optionally paired with "null". Anything else (oneOf, $ref,
 * pattern, minItems...) is refused with the path that uses it: a verdict could not be promised to satisfy it.
 */
export function readResponseSchema(raw: unknown): ShapeResult {
  if (!isObject(raw)) return { ok: false, message: "response_schema must be a JSON object" };
  let serialized: string;
  try {
    serialized = JSON.stringify(raw);
  } catch {
    return { ok: false, message: "response_schema must be a JSON object" };
  }
  if (serialized.length > SCHEMA_LIMITS.bytes) return { ok: false, message: `response_schema is longer than ${SCHEMA_LIMITS.bytes} characters` };
  const budget = { nodes: SCHEMA_LIMITS.nodes };
  try {
    const shape = readShape(raw, "response_schema", 0, budget);
    if (shape.type !== "object") return { ok: false, message: 'response_schema must have type "object"' };
    return { ok: true, shape };
  } catch (err) {
    if (err instanceof SchemaError) return { ok: false, message: err.message };
    throw err;
  }
}

function readType(raw: Record<string, unknown>, path: string): { type: string; nullable: boolean } {
  let type = raw.type;
  if (type === undefined && Array.isArray(raw.enum) && raw.enum.length > 0) type = raw.enum.every((v) => typeof v === "string") ? "string" : raw.enum.every((v) => typeof v === "number") ? "number" : undefined;
  if (type === undefined && (isObject(raw.properties) || raw.additionalProperties !== undefined)) type = "object";
  if (typeof type === "string") {
    if (!(type in KEYWORDS)) throw new SchemaError(`${path}.type: unknown type ${JSON.stringify(type).slice(0, 40)}`);
    return { type, nullable: type === "null" };
  }
  if (Array.isArray(type) && type.length >= 1 && type.length <= 2 && type.every((t) => typeof t === "string" && t in KEYWORDS) && new Set(type).size === type.length) {
    const others = (type as string[]).filter((t) => t !== "null");
    if (others.length === 1) return { type: others[0], nullable: type.length === 2 };
    if (others.length === 0) return { type: "null", nullable: true };
  }
  throw new SchemaError(`${path}.type must be one of string, number, integer, boolean, null, array, object (optionally with "null")`);
}

function bound(raw: Record<string, unknown>, key: "minimum" | "maximum", path: string): number | null {
  const v = raw[key];
  if (v === undefined) return null;
  if (typeof v !== "number" || !Number.isFinite(v)) throw new SchemaError(`${path}.${key} must be a finite number`);
  return v;
}

function readShape(raw: unknown, path: string, depth: number, budget: { nodes: number }): Shape {
  if (!isObject(raw)) throw new SchemaError(`${path} must be a JSON object`);
  if (depth > SCHEMA_LIMITS.depth) throw new SchemaError(`${path}: response_schema nests deeper than ${SCHEMA_LIMITS.depth} levels`);
  if (--budget.nodes < 0) throw new SchemaError(`response_schema has more than ${SCHEMA_LIMITS.nodes} schemas`);
  const { type, nullable } = readType(raw, path);
  for (const key of Object.keys(raw)) {
    if (!ANNOTATIONS.has(key) && !KEYWORDS[type].has(key)) throw new SchemaError(`${path}: keyword ${key.slice(0, 40)} is not supported for type ${type}`);
  }
  const enumOf = <T>(check: (v: unknown) => v is T): T[] | null => {
    if (raw.enum === undefined) return null;
    if (!Array.isArray(raw.enum) || raw.enum.length === 0 || raw.enum.length > SCHEMA_LIMITS.enumValues || !raw.enum.every(check)) {
      throw new SchemaError(`${path}.enum must be a list of 1 to ${SCHEMA_LIMITS.enumValues} values of type ${type}`);
    }
    return raw.enum as T[];
  };
  switch (type) {
    case "string":
      return { type, nullable, enum: enumOf((v): v is string => typeof v === "string") };
    case "number":
    case "integer": {
      const minimum = bound(raw, "minimum", path);
      const maximum = bound(raw, "maximum", path);
      if (minimum !== null && maximum !== null && minimum > maximum) throw new SchemaError(`${path}: minimum is above maximum`);
      if (type === "integer" && minimum !== null && maximum !== null && Math.ceil(minimum) > Math.floor(maximum)) throw new SchemaError(`${path}: no integer lies between minimum and maximum`);
      const values = enumOf((v): v is number => typeof v === "number" && Number.isFinite(v) && (type === "number" || Number.isInteger(v)));
      return { type, nullable, minimum, maximum, enum: values };
    }
    case "boolean":
      return { type, nullable };
    case "null":
      return { type: "null", nullable: true };
    case "array": {
      const items = raw.items === undefined ? null : readShape(raw.items, `${path}.items`, depth + 1, budget);
      const max = raw.maxItems;
      if (max !== undefined && (typeof max !== "number" || !Number.isInteger(max) || max < 0)) throw new SchemaError(`${path}.maxItems must be a non-negative integer`);
      return { type, nullable, items, maxItems: (max as number | undefined) ?? null };
    }
    default: {
      const props = raw.properties ?? {};
      if (!isObject(props)) throw new SchemaError(`${path}.properties must be a JSON object`);
      const properties: [string, Shape][] = Object.entries(props).map(([name, value]) => {
        if (name.length === 0 || name.length > SCHEMA_LIMITS.nameChars) throw new SchemaError(`${path}.properties: a property name has 1 to ${SCHEMA_LIMITS.nameChars} characters`);
        return [name, readShape(value, `${path}.properties.${name}`, depth + 1, budget)];
      });
      const required = raw.required ?? [];
      if (!Array.isArray(required) || !required.every((r) => typeof r === "string")) throw new SchemaError(`${path}.required must be a list of property names`);
      const names = new Set(properties.map(([n]) => n));
      const unknown = required.find((r) => !names.has(r));
      if (unknown !== undefined) throw new SchemaError(`${path}.required names ${unknown.slice(0, 40)}, which properties does not define`);
      const ap = raw.additionalProperties;
      let additional: Shape | boolean = true;
      if (typeof ap === "boolean") additional = ap;
      else if (ap !== undefined) additional = readShape(ap, `${path}.additionalProperties`, depth + 1, budget);
      return { type: "object", nullable, properties, required: [...new Set(required as string[])], additional };
    }
  }
}

/** The zod schema of a shape: what a remote model is asked for (z.toJSONSchema) and what every verdict is checked against. */
export function zodOf(shape: Shape): z.ZodType {
  const base = ((): z.ZodType => {
    switch (shape.type) {
      case "string":
        return shape.enum ? z.enum(shape.enum as [string, ...string[]]) : z.string();
      case "number":
      case "integer": {
        if (shape.enum) return shape.enum.length === 1 ? z.literal(shape.enum[0]) : z.union(shape.enum.map((v) => z.literal(v)));
        let n = shape.type === "integer" ? z.number().int() : z.number();
        if (shape.minimum !== null) n = n.min(shape.minimum);
        if (shape.maximum !== null) n = n.max(shape.maximum);
        return n;
      }
      case "boolean":
        return z.boolean();
      case "null":
        return z.null();
      case "array": {
        const a = z.array(shape.items ? zodOf(shape.items) : z.unknown());
        return shape.maxItems !== null ? a.max(shape.maxItems) : a;
      }
      case "object": {
        const props: Record<string, z.ZodType> = {};
        for (const [name, s] of shape.properties) setOwn(props, name, shape.required.includes(name) ? zodOf(s) : zodOf(s).optional());
        const obj = z.object(props);
        if (shape.additional === false) return z.strictObject(props);
        if (shape.additional === true) return obj.catchall(z.unknown());
        return obj.catchall(zodOf(shape.additional));
      }
    }
  })();
  return shape.nullable && shape.type !== "null" ? base.nullable() : base;
}

/** What the local engine found, at one level: the whole answer, a section, a claim or a cited reference. */
export interface Facts {
  /** What the level is: "Answer", a section's heading, a claim's text, a reference's "[n] document". */
  title: string;
  /** 0-1: how well the claims are grounded in their cited passages. */
  score: number;
  grounded: boolean;
  /** The report (whole answer), what a section or claim says, or a reference's document. */
  summary: string;
  issues: string[];
  /** Figures flagged: contradicting their cited source, or carried by none of them. */
  numbers: string[];
  citations: number[];
  counts: { claims: number; grounded: number; ungrounded: number; references: number };
  claims: Facts[];
  sections: { name: string; facts: Facts }[];
  references: { name: string; facts: Facts }[];
}

const NEGATIVE = /hallucinat|contradict|ungrounded|unsupported|unfaithful|inaccura|incorrect|issue|error|problem|fail|flag|wrong|invalid|missing/;
const COUNT = /count|number_of|num_|^n_|^total|_total$|how_many/;

/** A property name in plain words: "sectionScores" and "section-scores" read as "section_scores". */
function nameOf(name: string): string {
  return name.replace(/([a-z\d])([A-Z])/g, "$1_$2").replace(/[^a-z\d]+/gi, "_").toLowerCase();
}

function clamp(v: number, lo: number | null, hi: number | null): number {
  return Math.min(hi ?? Infinity, Math.max(lo ?? -Infinity, v));
}

function countFor(name: string, facts: Facts): number {
  if (/number|figure|amount|value/.test(name) && /ungrounded|unsupported|flag|contradict|hallucinat|wrong/.test(name)) return facts.numbers.length;
  if (NEGATIVE.test(name)) return facts.counts.ungrounded;
  if (/grounded|supported|correct|accura|faithful|valid/.test(name)) return facts.counts.grounded;
  if (/reference|source|citation|document/.test(name)) return facts.counts.references;
  return facts.counts.claims;
}

function numberFor(shape: Shape & { type: "number" | "integer" }, name: string, facts: Facts): number {
  let value: number;
  if (COUNT.test(name)) value = countFor(name, facts);
  else {
    const score = NEGATIVE.test(name) ? 1 - facts.score : facts.score;
    if (shape.minimum !== null && shape.maximum !== null) value = shape.minimum + score * (shape.maximum - shape.minimum);
    // An integer score with no bounds given is read as a percentage; a number as 0-1.
    else value = shape.type === "integer" ? score * 100 : Math.round(score * 1000) / 1000;
  }
  if (shape.type === "integer") value = Math.round(value);
  value = clamp(value, shape.minimum === null ? null : shape.type === "integer" ? Math.ceil(shape.minimum) : shape.minimum, shape.maximum === null ? null : shape.type === "integer" ? Math.floor(shape.maximum) : shape.maximum);
  if (shape.enum) value = shape.enum.reduce((best, v) => (Math.abs(v - value) < Math.abs(best - value) ? v : best), shape.enum[0]);
  return value;
}

type Standing = "grounded" | "partial" | "ungrounded";

function standing(facts: Facts): Standing {
  return facts.grounded ? "grounded" : facts.score >= 0.5 ? "partial" : "ungrounded";
}

const ENUM_WORDS: Record<Standing, RegExp> = {
  grounded: /^(pass(ed)?|yes|true|grounded|fully_grounded|supported|fully_supported|faithful|accurate|correct|high|good|excellent|valid|ok|consistent)$/,
  partial: /partial|mixed|medium|moderate|fair|some|minor/,
  ungrounded: /^(fail(ed)?|no|false|ungrounded|not_grounded|unsupported|hallucinated|inaccurate|incorrect|low|poor|bad|invalid|contradicted|inconsistent)$/,
};

/** An enum value for the finding: by its words (pass/fail, high/low...), else the first value. */
function enumFor(values: string[], facts: Facts): string {
  const s = standing(facts);
  const order: Standing[] = s === "partial" ? ["partial", "ungrounded"] : [s];
  for (const want of order) {
    const hit = values.find((v) => ENUM_WORDS[want].test(nameOf(v)));
    if (hit !== undefined) return hit;
  }
  return values[0];
}

function stringFor(name: string, facts: Facts): string {
  if (/^(name|title|heading|section|section_name|section_title|document|document_name|claim|claim_text|statement|text)$/.test(name)) return facts.title;
  if (/verdict|label|grade|rating|status|result/.test(name)) return standing(facts) === "partial" ? "partially grounded" : standing(facts);
  if (/number|figure/.test(name)) return facts.numbers.join(", ");
  if (/issue|problem|error|flag/.test(name)) return facts.issues.join(" ") || "None.";
  if (/citation|reference|source/.test(name)) return facts.citations.map((c) => `[${c}]`).join(", ");
  return facts.summary;
}

/** The elements an array property lists: per claim, section or reference, or the flagged strings. */
function listFor(items: Shape | null, name: string, facts: Facts): unknown[] {
  const kind = items?.type ?? "string";
  // Labels from an enum: one per claim (or section, or reference), each the value that fits it.
  if (kind === "string" && !(items?.type === "string" && items.enum)) {
    if (/number|figure|amount|value/.test(name)) return facts.numbers;
    if (/section|heading/.test(name)) return facts.sections.map((s) => s.name);
    if (/claim|statement|sentence/.test(name)) return (NEGATIVE.test(name) ? facts.claims.filter((c) => !c.grounded) : facts.claims).map((c) => c.summary);
    if (/citation|reference|source/.test(name)) return facts.citations.map((c) => `[${c}]`);
    if (/summar|point|finding/.test(name)) return facts.claims.map((c) => c.summary);
    return facts.issues;
  }
  if ((kind === "number" || kind === "integer") && /citation|reference|source|idx|index/.test(name)) {
    const fits = zodOf(items!);
    return facts.citations.filter((c) => fits.safeParse(c).success);
  }
  const per = /section|heading/.test(name) ? facts.sections.map((s) => s.facts) : /reference|source|citation|document/.test(name) ? facts.references.map((r) => r.facts) : facts.claims;
  return per.map((f) => fill(items!, memberName(name), f));
}

/** A member's name in a list or map: "section_scores" holds scores, the section is already chosen. */
function memberName(name: string): string {
  return name.replace(/sections?|headings?|references?|sources?|citations?|documents?|claims?|statements?|sentences?/g, "");
}

/** Map keys: sections by default, references or claims when the property's name says so. */
function entriesFor(name: string, facts: Facts): { name: string; facts: Facts }[] {
  if (/reference|source|citation|document/.test(name)) return facts.references;
  if (/claim|statement|sentence/.test(name)) return facts.claims.map((c, i) => ({ name: `claim ${i + 1}`, facts: c }));
  return facts.sections;
}

/**
 * The value of one property (named `name`) of the schema from the findings: numbers are scores (scaled to
 * minimum-maximum when both are given) or counts when the name says so, strings the report or a label,
 * booleans whether everything is grounded (negated for names like has_issues), arrays and maps per claim,
 * section or reference.
 */
export function fill(shape: Shape, name: string, facts: Facts): unknown {
  const key = nameOf(name);
  switch (shape.type) {
    case "null":
      return null;
    case "boolean":
      return NEGATIVE.test(key) ? !facts.grounded : facts.grounded;
    case "number":
    case "integer":
      return numberFor(shape, key, facts);
    case "string":
      return shape.enum ? enumFor(shape.enum, facts) : stringFor(key, facts);
    case "array": {
      const list = listFor(shape.items, key, facts);
      return shape.maxItems !== null ? list.slice(0, shape.maxItems) : list;
    }
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [prop, s] of shape.properties) setOwn(out, prop, fill(s, prop, facts));
      if (typeof shape.additional === "object" && shape.properties.length === 0) {
        for (const entry of entriesFor(key, facts)) if (!Object.hasOwn(out, entry.name)) setOwn(out, entry.name, fill(shape.additional, memberName(key), entry.facts));
      }
      return out;
    }
  }
}

function counts(claims: ClaimFinding[], references: number): Facts["counts"] {
  const grounded = claims.filter((c) => c.grounded).length;
  return { claims: claims.length, grounded, ungrounded: claims.length - grounded, references };
}

function factsOf(title: string, summary: string, claims: ClaimFinding[], references: number[]): Facts {
  const claimFacts = claims.map(
    (c): Facts => ({
      title: c.claim,
      score: c.score,
      grounded: c.grounded,
      summary: c.claim,
      issues: c.issue ? [c.issue] : [],
      numbers: c.numbers,
      citations: c.citation_idxs,
      counts: counts([c], c.citation_idxs.length),
      claims: [],
      sections: [],
      references: [],
    }),
  );
  return {
    title,
    score: meanScore(claims),
    grounded: claims.every((c) => c.grounded),
    summary,
    issues: claims.flatMap((c) => (c.issue ? [c.issue] : [])),
    numbers: [...new Set(claims.flatMap((c) => c.numbers))],
    citations: references,
    counts: counts(claims, references.length),
    claims: claimFacts,
    sections: [],
    references: [],
  };
}

/** What a section says, shortly: its first claims, or that it makes none. */
function sectionSummary(claims: ClaimFinding[]): string {
  if (!claims.length) return "No claim to check: the section states nothing from the sources.";
  const text = claims.slice(0, 2).map((c) => c.claim).join(" ");
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}

/** The findings at every level the schema mapping may ask for: answer, sections, claims, references. */
export function findingsFacts(f: Findings, references: JudgeReference[]): Facts {
  const top = factsOf("Answer", f.report, f.claims, f.referencesEvaluated);
  top.sections = f.sections.map((name) => {
    const claims = f.claims.filter((c) => c.section === name);
    return { name, facts: factsOf(name, sectionSummary(claims), claims, [...new Set(claims.flatMap((c) => c.citation_idxs))].sort((a, b) => a - b)) };
  });
  top.references = f.referencesEvaluated.map((n) => {
    const ref = references.find((r) => r.citation_idx === n)!;
    const name = `[${n}] ${ref.document_name}`;
    return { name, facts: factsOf(name, `${ref.document_name}: ${ref.text.length > 200 ? `${ref.text.slice(0, 197)}...` : ref.text}`, f.claims.filter((c) => c.citation_idxs.includes(n)), [n]) };
  });
  return top;
}

/** The claims' mean score, claims that state figures weighted 1.5; 1 when there is none. */
export function meanScore(claims: ClaimFinding[]): number {
  if (!claims.length) return 1;
  let total = 0;
  let weight = 0;
  for (const c of claims) {
    const w = c.hasFigures ? 1.5 : 1;
    total += c.score * w;
    weight += w;
  }
  return Math.round((total / weight) * 1000) / 1000;
}
