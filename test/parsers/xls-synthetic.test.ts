// A hand-built BIFF8 workbook: shared strings split across CONTINUE records, RK/MULRK/NUMBER cells, FILEPASS.
import * as CFB from "cfb";
import { describe, expect, it } from "vitest";
import { parseDocument } from "../../src/documents/parsers";
import { expectOk } from "./fixtures";

function rec(type: number, body: number[]): number[] {
  return [type & 255, type >> 8, body.length & 255, body.length >> 8, ...body];
}
const u16 = (v: number) => [v & 255, (v >> 8) & 255];
const u32 = (v: number) => [v & 255, (v >> 8) & 255, (v >> 16) & 255, (v >>> 24) & 255];
const f64 = (v: number) => Array.from(new Uint8Array(new Float64Array([v]).buffer));
const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));

function workbook(opts: { encrypted?: boolean } = {}): Uint8Array {
  const long = "x".repeat(30) + "END";
  // SST: "Revenue", then a 33-char string whose characters continue in a CONTINUE record (re-flagged as UTF-16).
  const sstHead = [...u32(2), ...u32(2), ...u16(7), 0, ...ascii("Revenue"), ...u16(long.length), 0, ...ascii(long.slice(0, 10))];
  const cont = [1, ...Array.from(long.slice(10), (c) => [c.charCodeAt(0), 0]).flat()];
  const xfs = [0, 0, 0].map((_, i) => rec(0x00e0, [...u16(0), ...u16([0, 164, 10][i]), ...new Array(16).fill(0)])).flat();
  const globalsNoSheet = [
    ...rec(0x0809, [...u16(0x0600), ...u16(0x0005), ...new Array(12).fill(0)]),
    ...(opts.encrypted ? rec(0x002f, [...u16(1), ...new Array(52).fill(0)]) : []),
    ...rec(0x041e, [...u16(164), ...u16(14), 0, ...ascii('"$"#,##0.00')]),
    ...xfs,
    ...rec(0x00fc, sstHead),
    ...rec(0x003c, cont),
  ];
  const sheetName = ascii("Data");
  const boundsheetLen = 4 + 6 + 2 + sheetName.length;
  const eofLen = 4;
  const sheetOffset = globalsNoSheet.length + boundsheetLen + eofLen;
  const globals = [...globalsNoSheet, ...rec(0x0085, [...u32(sheetOffset), 0, 0, sheetName.length, 0, ...sheetName]), ...rec(0x000a, [])];
  const rkInt = (n: number) => ((n << 2) | 2) >>> 0;
  const sheet = [
    ...rec(0x0809, [...u16(0x0600), ...u16(0x0010), ...new Array(12).fill(0)]),
    ...rec(0x00fd, [...u16(0), ...u16(0), ...u16(0), ...u32(0)]), // A1 = "Revenue"
    ...rec(0x0203, [...u16(0), ...u16(1), ...u16(1), ...f64(-1234.5)]), // B1 = -1234.5 as "$"#,##0.00
    ...rec(0x00bd, [...u16(1), ...u16(0), ...u16(0), ...u32(rkInt(42)), ...u16(2), ...u32(rkInt(1) | 1), ...u16(1)]), // A2 = 42, B2 = RK 1/100 as 0.00%
    ...rec(0x00fd, [...u16(2), ...u16(0), ...u16(0), ...u32(1)]), // A3 = the long string
    ...rec(0x000a, []),
  ];
  const cfb = CFB.utils.cfb_new();
  CFB.utils.cfb_add(cfb, "Workbook", new Uint8Array([...globals, ...sheet]));
  return new Uint8Array(CFB.write(cfb, { type: "array" }) as number[]);
}

describe("XLS (synthetic BIFF8)", () => {
  it("reads shared strings across CONTINUE records, NUMBER/MULRK cells and their formats", async () => {
    const r = expectOk(await parseDocument(workbook(), { fileName: "synthetic.xls" }));
    expect(r.format).toBe("xls");
    const t = r.pages[0].text;
    expect(t).toContain("## Sheet: Data");
    expect(t).toContain("| Revenue | -$1,234.50 |");
    expect(t).toContain("| 42 | 1.00% |");
    expect(t).toContain(`| ${"x".repeat(30)}END |`);
  });

  it("fails with PASSWORD_PROTECTED when the workbook has a FILEPASS record", async () => {
    const r = await parseDocument(workbook({ encrypted: true }), { fileName: "locked.xls" });
    expect(r).toMatchObject({ ok: false, code: "PASSWORD_PROTECTED" });
  });
});
