// Loads parser fixtures (test/fixtures/parser/*) through the FIXTURES service binding, inside workerd.
// Also a tiny helper to assert a successful parse and get its full text.
import { env } from "cloudflare:test";
import { expect } from "vitest";
import { parseDocument } from "../../src/documents/parsers";
import type { ParseResult } from "../../src/documents/parsers";

export async function fixture(name: string): Promise<Uint8Array> {
  const res = await env.FIXTURES.fetch(`http://f/parser/${encodeURIComponent(name)}`);
  if (!res.ok) throw new Error(`fixture ${name}: ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

export async function parseFixture(name: string, opts: Partial<Parameters<typeof parseDocument>[1]> = {}): Promise<ParseResult> {
  return parseDocument(await fixture(name), { fileName: name, ...opts });
}

export type Success = Extract<ParseResult, { ok: true }>;

export function expectOk(r: ParseResult): Success {
  if (!r.ok) expect.fail(`expected success, got ${r.code}: ${r.message}`);
  return r as Success;
}

export function allText(r: Success): string {
  return r.pages.map((p) => p.text).join("\n");
}
