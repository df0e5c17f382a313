// Entry point of the document-parsing library: detect the format, enforce limits, dispatch to one parser.
// Pure (no I/O): bytes in, pages of text out, typed failures instead of exceptions; never throws.

import { parseDoc } from "./doc";
import { parseDocx } from "./docx";
import { parseHtml } from "./html";
import { isCfb, OleFile } from "./ole";
import { parsePdf } from "./pdf";
import { parsePpt } from "./ppt";
import { parsePptx } from "./pptx";
import { parseText } from "./text";
import { DEFAULT_BUDGET, ParseBudget, type BudgetLimits, type ParseLimits } from "./budget";
import { ParseError, type DocFormat, type ParsedDoc, type ParseResult } from "./types";
import { parseXls } from "./xls";
import { parseXlsx } from "./xlsx";
import { isZip, ZipArchive } from "./zip";

export type { DocFormat, ParsedPage, ParseFailure, ParseResult } from "./types";
export { FAIL_MESSAGES, PARSE_FAILURES } from "./types";
export { DEFAULT_BUDGET, type BudgetLimits } from "./budget";

export interface ParseOptions {
  fileName: string;
  contentType?: string;
  /** Input size limit in bytes (default 20 MB). */
  maxBytes?: number;
  /** Page / slide / sheet limit (default 2000). PDFs over it fail; other formats keep the first maxPages. */
  maxPages?: number;
  /** Overrides of the parse budget (DEFAULT_BUDGET: steps, inflated bytes, text characters). */
  budget?: Partial<BudgetLimits>;
}

export const DEFAULT_MAX_BYTES = 20 * 1024 * 1024;
export const DEFAULT_MAX_PAGES = 2000;
/** Rows rendered per spreadsheet sheet; the rest of a sheet is dropped with a note. */
export const MAX_ROWS_PER_SHEET = 5000;

const EXT: Record<string, DocFormat> = {
  pdf: "pdf", docx: "docx", docm: "docx", dotx: "docx", xlsx: "xlsx", xlsm: "xlsx", xltx: "xlsx", xls: "xls",
  doc: "doc", dot: "doc", pptx: "pptx", pptm: "pptx", ppsx: "pptx", ppt: "ppt", pps: "ppt", txt: "txt", text: "txt",
  csv: "txt", tsv: "txt", md: "txt", log: "txt", html: "html", htm: "html", xhtml: "html",
};
const MIME: Record<string, DocFormat> = {
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
  "application/vnd.ms-excel": "xls",
  "application/msword": "doc",
  "application/vnd.ms-powerpoint": "ppt",
  "text/plain": "txt",
  "text/csv": "txt",
  "text/markdown": "txt",
  "text/html": "html",
  "application/xhtml+xml": "html",
};

function hintFormat(fileName: string, contentType?: string): DocFormat | null {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase();
  if (ext && EXT[ext]) return EXT[ext];
  const mime = contentType?.split(";")[0].trim().toLowerCase();
  return (mime && MIME[mime]) || null;
}

function looksLikeHtml(bytes: Uint8Array): boolean {
  const head = new TextDecoder("utf-8").decode(bytes.subarray(0, 4096)).toLowerCase();
  return /<!doctype html|<html[\s>]|<head[\s>]|<body[\s>]/.test(head);
}

/** True when the bytes look like text: no NULs and few control characters in the first 8 KB. */
function looksLikeText(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 8192);
  if (n === 0) return false;
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return true;
  let bad = 0;
  for (let i = 0; i < n; i++) {
    const b = bytes[i];
    if (b === 0) return false;
    if (b < 32 && b !== 9 && b !== 10 && b !== 13 && b !== 12 && b !== 27) bad++;
  }
  return bad / n < 0.01;
}

/**
 * Format from the content first (magic bytes, ZIP parts, CFB streams), then the file name and content type.
 * Returns null when the bytes are not a supported document.
 */
export function detectFormat(bytes: Uint8Array, fileName: string, contentType?: string): DocFormat | null {
  const hint = hintFormat(fileName, contentType);
  const head = String.fromCharCode(...bytes.subarray(0, 1024));
  if (head.includes("%PDF-")) return "pdf";
  if (isZip(bytes)) {
    try {
      // Only the central directory is read here; nothing is inflated.
      const zip = new ZipArchive(bytes, { maxEntries: 1_000_000, budget: new ParseBudget() });
      if (zip.has("word/document.xml")) return "docx";
      if (zip.has("xl/workbook.xml")) return "xlsx";
      if (zip.has("ppt/presentation.xml")) return "pptx";
      const names = zip.names;
      if (names.some((n) => n.startsWith("word/"))) return "docx";
      if (names.some((n) => n.startsWith("xl/"))) return "xlsx";
      if (names.some((n) => n.startsWith("ppt/"))) return "pptx";
    } catch {
      // fall through to the hint
    }
    return hint === "docx" || hint === "xlsx" || hint === "pptx" ? hint : null;
  }
  if (isCfb(bytes)) {
    try {
      const ole = new OleFile(bytes);
      if (ole.has("WordDocument")) return "doc";
      if (ole.has("Workbook") || ole.has("Book")) return "xls";
      if (ole.has("PowerPoint Document")) return "ppt";
      if (ole.isEncryptedPackage) return hint === "docx" || hint === "xlsx" || hint === "pptx" ? hint : "docx";
    } catch {
      // fall through
    }
    return hint === "doc" || hint === "xls" || hint === "ppt" ? hint : null;
  }
  if (!looksLikeText(bytes)) return null;
  if (hint === "html" || looksLikeHtml(bytes)) return "html";
  if (hint === "txt" || hint === null) return "txt";
  // A text file named like a binary format is not that format.
  return null;
}

async function dispatch(format: DocFormat, bytes: Uint8Array, limits: ParseLimits): Promise<ParsedDoc> {
  if ((format === "docx" || format === "xlsx" || format === "pptx") && isCfb(bytes)) {
    const ole = new OleFile(bytes);
    if (ole.isEncryptedPackage) throw new ParseError("PASSWORD_PROTECTED", "the Office file is encrypted with a password");
    throw new ParseError("CONVERSION_FAILED", "compound file without an OOXML package");
  }
  switch (format) {
    case "pdf":
      return parsePdf(bytes, limits);
    case "docx":
      return parseDocx(bytes, limits);
    case "xlsx":
      return parseXlsx(bytes, limits);
    case "pptx":
      return parsePptx(bytes, limits);
    case "xls":
      return parseXls(bytes, limits);
    case "doc":
      return parseDoc(bytes, limits);
    case "ppt":
      return parsePpt(bytes, limits);
    case "txt":
      return parseText(bytes, limits);
    case "html":
      return parseHtml(bytes, limits);
  }
}

/**
 * Parses any supported document within one budget (steps, inflated bytes, text). Never throws: every
 * failure is a typed ParseResult whose message is internal detail for the logs.
 */
export async function parseDocument(bytes: Uint8Array, opts: ParseOptions): Promise<ParseResult> {
  try {
    const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
    if (bytes.length > maxBytes) {
      return { ok: false, code: "FILE_SIZE_EXCEEDED", message: `the file is ${bytes.length} bytes, more than the limit of ${maxBytes}` };
    }
    if (bytes.length === 0) return { ok: false, code: "CONVERSION_FAILED", message: "the file is empty" };
    const format = detectFormat(bytes, opts.fileName, opts.contentType);
    if (!format) return { ok: false, code: "CONVERSION_FAILED", message: "unknown or unsupported file format" };
    const limits: ParseLimits = {
      maxPages: opts.maxPages ?? DEFAULT_MAX_PAGES,
      maxRowsPerSheet: MAX_ROWS_PER_SHEET,
      budget: new ParseBudget({ ...DEFAULT_BUDGET, ...opts.budget }),
    };
    const doc = await dispatch(format, bytes, limits);
    const pages = doc.pages.map((p) => ({ page: p.page, text: p.text }));
    const title = doc.title?.trim();
    return title ? { ok: true, format, pages, title } : { ok: true, format, pages };
  } catch (err) {
    if (err instanceof ParseError) return { ok: false, code: err.code, message: err.message };
    return { ok: false, code: "CONVERSION_FAILED", message: `unexpected parser error: ${(err as Error)?.message ?? String(err)}` };
  }
}
