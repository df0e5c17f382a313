// Shared result types and the typed failure carrier used inside the parsers.
// Parsers throw ParseError for expected failures; parseDocument turns it into a ParseResult.

export type ParseFailure = "PASSWORD_PROTECTED" | "OCR_REQUIRED" | "FILE_SIZE_EXCEEDED" | "CONVERSION_FAILED";
export type DocFormat = "pdf" | "docx" | "xlsx" | "xls" | "doc" | "pptx" | "ppt" | "txt" | "html";

/** One unit of a document: a PDF page, a slide, a sheet, or the whole text for formats without pages. 1-based. */
export interface ParsedPage {
  page: number;
  text: string;
}

export type ParseResult =
  | { ok: true; format: DocFormat; pages: ParsedPage[]; title?: string }
  | { ok: false; code: ParseFailure; message: string };

/** What a format parser hands back on success; parseDocument adds the format. */
export interface ParsedDoc {
  pages: ParsedPage[];
  title?: string;
}

/** Limits every parser receives (already defaulted by parseDocument). */
export interface ParseLimits {
  maxPages: number;
  maxUncompressedBytes: number;
  /** Upper bound on rows rendered per spreadsheet sheet. */
  maxRowsPerSheet: number;
  /** Upper bound on characters of text kept for the whole document. */
  maxTextChars: number;
}

/** An expected, typed failure (password, no text layer, limits, corrupt input). */
export class ParseError extends Error {
  readonly code: ParseFailure;
  constructor(code: ParseFailure, message: string) {
    super(message);
    this.name = "ParseError";
    this.code = code;
  }
}

export function fail(code: ParseFailure, message: string): never {
  throw new ParseError(code, message);
}
