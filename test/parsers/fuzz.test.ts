// Property-based fuzzing (fast-check) of every document parser, inside workerd. Inputs are the parser
// fixtures mutated (cut, bytes flipped, a field set to a hostile value, a slice spliced in or repeated),
// both as whole files and inside their containers (a CFB stream, an OOXML part, so the record and XML
// readers see the damage rather than only the container's checks), plus random bytes behind each format's
// magic. Every run must settle: success, or one of the documented fail codes with the parser's own
// reason (never "unexpected parser error"). A run that hung would fail on the test timeout.
import * as CFB from "cfb";
import { unzipSync, zipSync } from "fflate";
import { fc, test } from "@fast-check/vitest";
import { beforeAll, describe, expect } from "vitest";
import { PARSE_FAILURES, parseDocument } from "../../src/documents/parsers";
import { fixture } from "./fixtures";

type Mutation = (b: Uint8Array) => Uint8Array;

const HOSTILE = [0, 1, 0x7f, 0x80, 0xff, 0xfffd, 0xffff, 0x7fffffff, 0x80000000, 0xfffffffd, 0xffffffff];

/** One damage to a byte array; positions are taken modulo its length. */
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.nat().map((at): Mutation => (b) => b.slice(0, b.length ? at % b.length : 0)),
  fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 16 }).map((flips): Mutation => (b) => {
    const out = b.slice();
    for (const [at, x] of flips) if (out.length) out[at % out.length] ^= x;
    return out;
  }),
  fc.tuple(fc.nat(), fc.constantFrom(...HOSTILE), fc.constantFrom(1, 2, 4)).map(([at, value, width]): Mutation => (b) => {
    const out = b.slice();
    if (out.length < width) return out;
    const o = at % (out.length - width + 1);
    for (let k = 0; k < width; k++) out[o + k] = (value >>> (8 * k)) & 0xff;
    return out;
  }),
  fc.tuple(fc.nat(), fc.nat({ max: 512 }), fc.nat(), fc.integer({ min: 1, max: 200 })).map(([from, len, to, times]): Mutation => (b) => {
    if (!b.length) return b;
    const start = from % b.length;
    const slice = b.subarray(start, Math.min(b.length, start + len));
    const at = to % (b.length + 1);
    const out = new Uint8Array(b.length + slice.length * times);
    out.set(b.subarray(0, at));
    for (let k = 0; k < times; k++) out.set(slice, at + k * slice.length);
    out.set(b.subarray(at), at + slice.length * times);
    return out;
  }),
);
const mutations = fc.array(mutation, { minLength: 1, maxLength: 4 });
const apply = (b: Uint8Array, ms: Mutation[]) => ms.reduce((acc, m) => m(acc), b);

/** The same compound file with one of its streams damaged. */
function damageStream(bytes: Uint8Array, pick: number, ms: Mutation[]): Uint8Array {
  const cfb = CFB.read(bytes, { type: "array" });
  const streams = cfb.FileIndex.filter((e) => e.type === 2 && e.content && e.content.length > 0);
  const target = streams[pick % streams.length];
  target.content = apply(Uint8Array.from(target.content as ArrayLike<number>), ms) as unknown as CFB.CFB$Blob;
  target.size = target.content.length;
  return new Uint8Array(CFB.write(cfb, { type: "array" }) as number[]);
}

/** The same OOXML package with one of its XML parts damaged. */
function damagePart(bytes: Uint8Array, pick: number, ms: Mutation[]): Uint8Array {
  const files: Record<string, Uint8Array> = unzipSync(bytes);
  const parts = Object.keys(files).filter((n) => /\.(xml|rels)$/.test(n)).sort();
  const name = parts[pick % parts.length];
  files[name] = apply(files[name], ms);
  return zipSync(files, { level: 1 });
}

const FORMATS: { name: string; container: "cfb" | "zip" | null; magic: number[] }[] = [
  { name: "testWORD.doc", container: "cfb", magic: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
  { name: "testEXCEL.xls", container: "cfb", magic: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
  { name: "testPPT.ppt", container: "cfb", magic: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
  { name: "testWORD_endnote_table.docx", container: "zip", magic: [0x50, 0x4b, 3, 4] },
  { name: "testEXCEL.xlsx", container: "zip", magic: [0x50, 0x4b, 3, 4] },
  { name: "testPPT.pptx", container: "zip", magic: [0x50, 0x4b, 3, 4] },
  { name: "testPDF.pdf", container: null, magic: [...new TextEncoder().encode("%PDF-1.4\n")] },
  { name: "example-10k-1p.html", container: null, magic: [...new TextEncoder().encode("<html><body>")] },
  { name: "testTXT_win-1252.txt", container: null, magic: [] },
];

const bytesOf = new Map<string, Uint8Array>();
beforeAll(async () => {
  for (const f of FORMATS) bytesOf.set(f.name, await fixture(f.name));
});

/** Success, or a documented code for a reason the parser knows (never an exception it did not expect). */
async function expectSettled(bytes: Uint8Array, fileName: string): Promise<void> {
  const r = await parseDocument(bytes, { fileName });
  if (r.ok) {
    for (const p of r.pages) expect(typeof p.text).toBe("string");
    return;
  }
  expect(PARSE_FAILURES).toContain(r.code);
  expect(r.message, `${fileName}: ${r.message}`).not.toMatch(/^unexpected parser error/);
}

describe("every parser on mutated and random input", () => {
  for (const f of FORMATS) {
    const runs = f.name.endsWith(".pdf") ? 20 : 30;
    test.prop([mutations], { numRuns: runs })(`${f.name} mutated as a whole file`, async (ms) => {
      await expectSettled(apply(bytesOf.get(f.name)!, ms), f.name);
    });

    if (f.container) {
      const damage = f.container === "cfb" ? damageStream : damagePart;
      test.prop([fc.nat(), mutations], { numRuns: runs })(`${f.name} with one ${f.container === "cfb" ? "stream" : "part"} mutated`, async (pick, ms) => {
        await expectSettled(damage(bytesOf.get(f.name)!, pick, ms), f.name);
      });
    }

    test.prop([fc.uint8Array({ maxLength: 4096 })], { numRuns: 20 })(`random bytes behind the magic of ${f.name}`, async (tail) => {
      const bytes = new Uint8Array(f.magic.length + tail.length);
      bytes.set(f.magic);
      bytes.set(tail, f.magic.length);
      await expectSettled(bytes, f.name);
    });
  }
});
