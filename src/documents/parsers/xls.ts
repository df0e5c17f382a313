// Legacy Excel 97-2003 (BIFF8 in a CFB "Workbook" stream) to text, one "## Sheet:" page per worksheet.
// Hand-written record reader (SST, LABELSST, LABEL, NUMBER, RK, MULRK, FORMULA, FORMAT, XF, BOUNDSHEET); numbers use numfmt.ts.

import type { ParseBudget, ParseLimits } from "./budget";
import { builtinFormat, formatCellNumber } from "./numfmt";
import { OleFile, u16, u32 } from "./ole";
import { SheetGrid } from "./sheet-render";
import { fail, type ParsedDoc, type ParsedPage } from "./types";

const R = {
  BOF: 0x0809, EOF: 0x000a, FILEPASS: 0x002f, BOUNDSHEET: 0x0085, SST: 0x00fc, CONTINUE: 0x003c, FORMAT: 0x041e,
  XF: 0x00e0, DATEMODE: 0x0022, LABELSST: 0x00fd, LABEL: 0x0204, NUMBER: 0x0203, RK: 0x027e, MULRK: 0x00bd,
  FORMULA: 0x0006, STRING: 0x0207, BOOLERR: 0x0205, RSTRING: 0x00d6,
};

interface Rec {
  type: number;
  data: Uint8Array;
  /** Offsets inside `data` where CONTINUE records were joined (needed to decode SST strings). */
  bounds: number[];
  offset: number;
}

/**
 * Splits the stream into records, joining CONTINUE records onto the one before (except after a FORMULA/STRING).
 * Every record is a step: sheets may all start at one offset, so the reads add up across the file.
 */
function readRecords(s: Uint8Array, start: number, stopAtEof: boolean, budget: ParseBudget): Rec[] {
  const recs: Rec[] = [];
  let sstParts: Uint8Array[] | null = null; // SST + its CONTINUE records, joined once at the end (no quadratic copying)
  const flushSst = () => {
    const last = recs[recs.length - 1];
    if (!sstParts || !last) return;
    const joined = new Uint8Array(sstParts.reduce((n, part) => n + part.length, 0));
    let o = 0;
    for (const part of sstParts) {
      if (o > 0) last.bounds.push(o);
      joined.set(part, o);
      o += part.length;
    }
    last.data = joined;
    sstParts = null;
  };
  let p = start;
  while (p + 4 <= s.length) {
    budget.step();
    const type = u16(s, p);
    const len = u16(s, p + 2);
    const data = s.subarray(p + 4, Math.min(s.length, p + 4 + len));
    if (type === R.CONTINUE && sstParts) sstParts.push(data);
    else {
      flushSst();
      recs.push({ type, data, bounds: [], offset: p });
      if (type === R.SST) sstParts = [data];
    }
    p += 4 + len;
    if (stopAtEof && type === R.EOF) break;
  }
  flushSst();
  return recs;
}

/** XLUnicodeString with a 16-bit (BIFF8) or 8-bit length. Returns the text and the bytes used. */
function xlString(d: Uint8Array, o: number, lenBytes: 1 | 2): [string, number] {
  const cch = lenBytes === 2 ? u16(d, o) : d[o];
  const flags = d[o + lenBytes];
  const high = flags & 1;
  const start = o + lenBytes + 1;
  const bytes = d.subarray(start, start + cch * (high ? 2 : 1));
  return [high ? new TextDecoder("utf-16le").decode(bytes) : latin1(bytes), lenBytes + 1 + bytes.length];
}

function latin1(b: Uint8Array): string {
  let s = "";
  for (let i = 0; i < b.length; i += 4096) s += String.fromCharCode.apply(null, Array.from(b.subarray(i, i + 4096)));
  return s;
}

/** Shared string table; strings may be split across CONTINUE boundaries, each continuation restarting with a flags byte. */
function readSst(rec: Rec, budget: ParseBudget): string[] {
  const d = rec.data;
  const bounds = rec.bounds;
  const out: string[] = [];
  const count = u32(d, 4);
  let p = 8;
  let bi = 0; // positions only move forward, so the next boundary is found with a moving index
  const nextBound = (pos: number) => {
    while (bi < bounds.length && bounds[bi] <= pos) bi++;
    return bi < bounds.length ? bounds[bi] : d.length;
  };
  for (let n = 0; n < count && p + 3 <= d.length; n++) {
    budget.step();
    let cch = u16(d, p);
    const flags = d[p + 2];
    p += 3;
    let high = flags & 1;
    let runs = 0;
    let ext = 0;
    if (flags & 8) (runs = u16(d, p)), (p += 2);
    if (flags & 4) (ext = u32(d, p)), (p += 4);
    const parts: string[] = [];
    while (cch > 0 && p < d.length) {
      budget.step();
      const nb = nextBound(p);
      const avail = Math.floor((nb - p) / (high ? 2 : 1));
      const take = Math.min(cch, avail);
      const bytes = d.subarray(p, p + take * (high ? 2 : 1));
      parts.push(high ? new TextDecoder("utf-16le").decode(bytes) : latin1(bytes));
      p += bytes.length;
      cch -= take;
      if (cch > 0) {
        if (p >= d.length) break;
        high = d[p] & 1; // continuation flags byte
        p++;
      }
    }
    p += runs * 4 + ext;
    out.push(parts.join(""));
  }
  return out;
}

function rk(v: number): number {
  let n: number;
  if (v & 2) n = (v | 0) >> 2;
  else {
    const buf = new DataView(new ArrayBuffer(8));
    buf.setUint32(4, (v & 0xfffffffc) >>> 0, true);
    buf.setUint32(0, 0, true);
    n = buf.getFloat64(0, true);
  }
  return v & 1 ? n / 100 : n;
}

/** The IEEE double at `o`, or NaN when the record is too short to hold one. */
function f64(d: Uint8Array, o: number): number {
  if (o + 8 > d.length) return NaN;
  return new DataView(d.buffer, d.byteOffset + o, 8).getFloat64(0, true);
}

export function parseXls(bytes: Uint8Array, limits: ParseLimits): ParsedDoc {
  const ole = new OleFile(bytes);
  const wb = ole.stream("Workbook");
  if (!wb) {
    if (ole.stream("Book")) fail("CONVERSION_FAILED", "Excel 5.0/95 (BIFF5) workbooks are not supported");
    if (ole.isEncryptedPackage) fail("PASSWORD_PROTECTED", "the workbook is encrypted with a password");
    fail("CONVERSION_FAILED", "no Workbook stream");
  }
  const budget = limits.budget;
  const globals = readRecords(wb, 0, true, budget);
  if (!globals.length || globals[0].type !== R.BOF) fail("CONVERSION_FAILED", "the Workbook stream does not start with BOF");
  if (u16(globals[0].data, 0) !== 0x0600) fail("CONVERSION_FAILED", "only BIFF8 (Excel 97-2003) workbooks are supported");
  const formats = new Map<number, string>();
  const xfFormats: number[] = [];
  const sheets: { name: string; offset: number }[] = [];
  let sst: string[] = [];
  let date1904 = false;
  for (const r of globals) {
    const d = r.data;
    switch (r.type) {
      case R.FILEPASS:
        return fail("PASSWORD_PROTECTED", "the workbook is encrypted with a password");
      case R.FORMAT:
        formats.set(u16(d, 0), xlString(d, 2, 2)[0]);
        break;
      case R.XF:
        xfFormats.push(u16(d, 2));
        break;
      case R.DATEMODE:
        date1904 = u16(d, 0) === 1;
        break;
      case R.SST:
        sst = readSst(r, budget);
        break;
      case R.BOUNDSHEET:
        if (d[5] === 0) sheets.push({ offset: u32(d, 0), name: xlString(d, 6, 1)[0] });
        break;
    }
  }
  const fmtOf = (xf: number) => {
    const id = xfFormats[xf] ?? 0;
    return formats.get(id) ?? builtinFormat(id) ?? "General";
  };
  const pages: ParsedPage[] = [];
  for (const sheet of sheets.slice(0, limits.maxPages)) {
    if (sheet.offset >= wb.length) continue;
    const grid = new SheetGrid(limits.maxRowsPerSheet);
    const num = (row: number, col: number, xf: number, v: number) => {
      if (!Number.isNaN(v)) grid.set(row, col, formatCellNumber(v, fmtOf(xf), date1904));
    };
    let pendingString: [number, number] | null = null;
    for (const r of readRecords(wb, sheet.offset, true, budget)) {
      const d = r.data;
      if (grid.full) break;
      switch (r.type) {
        case R.LABELSST:
          grid.set(u16(d, 0), u16(d, 2), sst[u32(d, 6)] ?? "");
          break;
        case R.LABEL:
        case R.RSTRING:
          grid.set(u16(d, 0), u16(d, 2), xlString(d, 6, 2)[0]);
          break;
        case R.NUMBER:
          num(u16(d, 0), u16(d, 2), u16(d, 4), f64(d, 6));
          break;
        case R.RK:
          num(u16(d, 0), u16(d, 2), u16(d, 4), rk(u32(d, 6)));
          break;
        case R.MULRK: {
          const row = u16(d, 0);
          let col = u16(d, 2);
          for (let p = 4; p + 6 <= d.length - 2; p += 6) num(row, col++, u16(d, p), rk(u32(d, p + 2)));
          break;
        }
        case R.FORMULA: {
          const row = u16(d, 0);
          const col = u16(d, 2);
          if (d[12] === 0xff && d[13] === 0xff) {
            const kind = d[6];
            if (kind === 0) pendingString = [row, col];
            else if (kind === 1) grid.set(row, col, d[8] ? "TRUE" : "FALSE");
          } else num(row, col, u16(d, 4), f64(d, 6));
          break;
        }
        case R.STRING:
          if (pendingString) grid.set(pendingString[0], pendingString[1], xlString(d, 0, 2)[0]);
          pendingString = null;
          break;
        case R.BOOLERR:
          if (d[7] === 0) grid.set(u16(d, 0), u16(d, 2), d[6] ? "TRUE" : "FALSE");
          break;
      }
    }
    const text = grid.render(sheet.name, budget);
    budget.text(text.length);
    pages.push({ page: pages.length + 1, text });
  }
  if (!pages.length) fail("CONVERSION_FAILED", "the workbook has no worksheets");
  return { pages };
}
