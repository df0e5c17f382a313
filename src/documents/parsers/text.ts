// Plain-text decoding: UTF-8 (with or without BOM), UTF-16 with BOM, windows-1252 and ISO-8859-1.
// Invalid UTF-8 is legacy 8-bit text; bytes 0x80-0x9F only carry characters in windows-1252, so they pick it.

import type { ParseLimits } from "./budget";
import type { ParsedDoc } from "./types";

// windows-1252 code points for bytes 0x80..0x9F (undefined slots stay as the C1 control).
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d, 0x017d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x9d, 0x017e, 0x0178,
];

export type TextEncoding = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252" | "iso-8859-1";

/** Single-byte decode (Latin-1 identity mapping, optionally with the windows-1252 0x80-0x9F block). */
function decodeSingleByte(bytes: Uint8Array, cp1252: boolean): string {
  const parts: string[] = [];
  const STEP = 8192;
  const codes = new Array<number>(STEP);
  for (let off = 0; off < bytes.length; off += STEP) {
    const end = Math.min(bytes.length, off + STEP);
    codes.length = end - off;
    for (let i = off; i < end; i++) {
      const b = bytes[i];
      codes[i - off] = cp1252 && b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] : b;
    }
    parts.push(String.fromCharCode.apply(null, codes));
  }
  return parts.join("");
}

export function detectTextEncoding(bytes: Uint8Array): TextEncoding {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  try {
    new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
    return "utf-8";
  } catch {
    for (let i = 0; i < bytes.length; i++) if (bytes[i] >= 0x80 && bytes[i] <= 0x9f) return "windows-1252";
    return "iso-8859-1";
  }
}

export function decodeText(bytes: Uint8Array, encoding: TextEncoding = detectTextEncoding(bytes)): string {
  switch (encoding) {
    case "utf-8":
      return new TextDecoder("utf-8").decode(bytes); // strips a BOM
    case "utf-16le":
      return new TextDecoder("utf-16le").decode(bytes);
    case "utf-16be": {
      const swapped = new Uint8Array(bytes.length & ~1);
      for (let i = 0; i + 1 < bytes.length; i += 2) (swapped[i] = bytes[i + 1]), (swapped[i + 1] = bytes[i]);
      return new TextDecoder("utf-16le").decode(swapped);
    }
    case "windows-1252":
      return decodeSingleByte(bytes, true);
    case "iso-8859-1":
      return decodeSingleByte(bytes, false);
  }
}

/** CRLF and lone CR become LF; a leading BOM and NULs are dropped. */
export function normalizeNewlines(s: string): string {
  return s.replace(/^\ufeff/, "").replace(/\r\n?/g, "\n").replace(/\u0000/g, "");
}

/**
 * A text file is one page, or one page per form feed (pdftotext output marks pages with \f). Text past the
 * budget's characters is cut, not failed: the first part of a long log or CSV is still worth searching.
 */
export function parseText(bytes: Uint8Array, limits: ParseLimits): ParsedDoc & { encoding: TextEncoding } {
  const encoding = detectTextEncoding(bytes);
  let text = normalizeNewlines(decodeText(bytes, encoding));
  const max = limits.budget.limits.maxTextChars;
  if (text.length > max) text = text.slice(0, max);
  limits.budget.text(text.length);
  const chunks = text.includes("\f") ? text.split("\f") : [text];
  if (chunks.length > 1 && chunks[chunks.length - 1].trim() === "") chunks.pop();
  const pages = chunks.slice(0, limits.maxPages).map((t, i) => ({ page: i + 1, text: t }));
  return { pages, encoding };
}
