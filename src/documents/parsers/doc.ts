// Legacy Word 97-2003 (.doc) to text: reads the FIB, then the piece table (CLX) in the 0Table/1Table stream.
// Good-enough text for search: main text, footnotes, endnotes and text boxes in order; field codes dropped.

import type { ParseLimits } from "./budget";
import { OleFile, u16, u32 } from "./ole";
import { decodeText } from "./text";
import { fail, type ParsedDoc } from "./types";
import { trimBeforeNewlines } from "./whitespace";

/** Maps Word's special characters to text: paragraph/cell marks, page breaks, fields. */
function cleanWordText(raw: string): string {
  const out: string[] = [];
  const inCode: boolean[] = []; // per open field: still in its code part (before 0x14)?
  let codeFields = 0; // how many of them are: a count, so each character costs O(1) however deep fields nest
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 0x13) {
      inCode.push(true);
      codeFields++;
      continue;
    }
    if (c === 0x14) {
      if (inCode.length && inCode[inCode.length - 1]) (inCode[inCode.length - 1] = false), codeFields--;
      continue;
    }
    if (c === 0x15) {
      if (inCode.length && inCode.pop()) codeFields--;
      continue;
    }
    if (codeFields > 0) continue;
    switch (c) {
      case 0x0d:
        out.push("\n");
        break;
      case 0x07:
        out.push("\t");
        break;
      case 0x0b:
        out.push("\n");
        break;
      case 0x0c:
        out.push("\f");
        break;
      case 0x1e:
        out.push("-");
        break;
      case 0x09:
        out.push("\t");
        break;
      case 0xa0:
        out.push(" ");
        break;
      default:
        if (c >= 0x20 && c !== 0x1f) out.push(raw[i]);
    }
  }
  return out.join("");
}

export function parseDoc(bytes: Uint8Array, limits: ParseLimits): ParsedDoc {
  const ole = new OleFile(bytes);
  const wd = ole.stream("WordDocument");
  if (!wd || wd.length < 0x1aa) fail("CONVERSION_FAILED", "no WordDocument stream");
  if (u16(wd, 0) !== 0xa5ec) fail("CONVERSION_FAILED", "not a Word 97-2003 document (bad FIB)");
  const flags = u16(wd, 0x0a);
  if (flags & 0x0100) fail("PASSWORD_PROTECTED", "the Word document is encrypted with a password");
  const table = ole.stream(flags & 0x0200 ? "1Table" : "0Table");
  if (!table) fail("CONVERSION_FAILED", "the Word document has no table stream");

  // FibRgLw97 and FibRgFcLcb97 positions depend on the csw / cslw counts.
  const csw = u16(wd, 32);
  const lwStart = 34 + csw * 2 + 2;
  const cslw = u16(wd, 34 + csw * 2);
  const lw = (i: number) => (i < cslw ? u32(wd, lwStart + i * 4) : 0);
  const ccpText = lw(3), ccpFtn = lw(4), ccpHdd = lw(5), ccpAtn = lw(7), ccpEdn = lw(8), ccpTxbx = lw(9);
  const fcStart = lwStart + cslw * 4 + 2;
  const fcClx = u32(wd, fcStart + 33 * 8);
  const lcbClx = u32(wd, fcStart + 33 * 8 + 4);
  if (!lcbClx || fcClx + lcbClx > table.length) fail("CONVERSION_FAILED", "the Word document has no piece table");

  // CLX: skip Prc entries (0x01), then the Pcdt (0x02) holding the PlcPcd. cbGrpprl is signed; a negative
  // one would stand still or walk backwards, so the file is corrupt.
  let p = fcClx;
  const clxEnd = fcClx + lcbClx;
  while (p < clxEnd && table[p] === 0x01) {
    limits.budget.step();
    const cbGrpprl = (u16(table, p + 1) << 16) >> 16;
    if (cbGrpprl < 0) fail("CONVERSION_FAILED", `corrupt Word piece table (cbGrpprl ${cbGrpprl} at ${p})`);
    p += 3 + cbGrpprl;
  }
  if (table[p] !== 0x02) fail("CONVERSION_FAILED", "corrupt Word piece table");
  const lcb = u32(table, p + 1);
  const plc = table.subarray(p + 5, p + 5 + lcb);
  // Pieces the PlcPcd really holds: lcb may claim more than the table stream has.
  const n = Math.floor((plc.length - 4) / 12);
  const pieces: string[] = [];
  const wanted = ccpText + ccpFtn + ccpHdd + ccpAtn + ccpEdn + ccpTxbx + 1;
  let got = 0;
  for (let i = 0; i < n && got < wanted; i++) {
    limits.budget.step();
    const cpStart = u32(plc, i * 4);
    const cpEnd = u32(plc, (i + 1) * 4);
    const pcd = (n + 1) * 4 + i * 8;
    const fcRaw = u32(plc, pcd + 2);
    const compressed = (fcRaw & 0x40000000) !== 0;
    const fc = fcRaw & 0x3fffffff;
    const count = Math.max(0, cpEnd - cpStart);
    // Many pieces may point at the same bytes, so the decoded text is charged as it grows.
    const piece = compressed ? decodeText(wd.subarray(fc / 2, fc / 2 + count), "windows-1252") : new TextDecoder("utf-16le").decode(wd.subarray(fc, fc + count * 2));
    limits.budget.text(piece.length);
    pieces.push(piece);
    got += count;
  }
  const all = pieces.join("");
  // Story order in CP space: main, footnotes, headers, annotations, endnotes, text boxes.
  const main = all.slice(0, ccpText);
  let o = ccpText;
  const ftn = all.slice(o, (o += ccpFtn));
  o += ccpHdd + ccpAtn;
  const edn = all.slice(o, (o += ccpEdn));
  const txbx = all.slice(o, (o += ccpTxbx));
  const tidyChunk = (s: string) => trimBeforeNewlines(s).replace(/\n{3,}/g, "\n\n").trim();
  const tidy = (s: string) => tidyChunk(cleanWordText(s));
  const chunks = cleanWordText(main).split("\f").map(tidyChunk);
  const extra = [
    ftn.trim() ? "## Footnotes\n\n" + tidy(ftn) : "",
    edn.trim() ? "## Endnotes\n\n" + tidy(edn) : "",
    txbx.trim() ? "## Text boxes\n\n" + tidy(txbx) : "",
  ].filter((s) => s && s.replace(/^## \w+( \w+)?\n\n/, "").trim());
  const texts = chunks.filter((c, i) => c || i === 0);
  if (extra.length) texts[texts.length - 1] = [texts[texts.length - 1], ...extra].filter(Boolean).join("\n\n");
  const text = texts.join("");
  if (!text.trim()) fail("CONVERSION_FAILED", "no text found in the Word document");
  return { pages: texts.slice(0, limits.maxPages).map((t, i) => ({ page: i + 1, text: t })) };
}
