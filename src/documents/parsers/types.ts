// Shared result types and the typed failure carrier used inside the parsers.
// Parsers throw ParseError for expected failures; parseDocument turns it into a ParseResult.

/** Every way a parse can fail; the documents' fail_code. Each has one client-facing message below. */
export const PARSE_FAILURES = ["PASSWORD_PROTECTED", "OCR_REQUIRED", "FILE_SIZE_EXCEEDED", "PARSE_LIMIT_EXCEEDED", "CONVERSION_FAILED"] as const;
export type ParseFailure = (typeof PARSE_FAILURES)[number];
export type DocFormat = "pdf" | "docx" | "xlsx" | "xls" | "doc" | "pptx" | "ppt" | "txt" | "html";

/**
 * What a client is told for each fail code. A parse failure's own message may quote a library's exception
 * or the file's content, so it only goes to the logs.
 */
export const FAIL_MESSAGES: Record<ParseFailure, string> = {
  PASSWORD_PROTECTED: "The file is protected with a password",
  OCR_REQUIRED: "The file has no text layer (a scanned or image-only document); it needs OCR",
  FILE_SIZE_EXCEEDED: "The file exceeds the 20 MB limit",
  PARSE_LIMIT_EXCEEDED:
    "The file needs more work than one parse may spend (too much unpacked content, text or structure); split it into smaller files",
  CONVERSION_FAILED: "The file could not be read: it is damaged or not a supported document",
};

/** One unit of a document: a PDF page, a slide, a sheet, or the whole text for formats without pages. 1-based. */
export interface ParsedPage {
  page: number;
  text: string;
}

/** `message` on a failure is internal detail for the logs; clients get FAIL_MESSAGES[code]. */
export type ParseResult =
  | { ok: true; format: DocFormat; pages: ParsedPage[]; title?: string }
  | { ok: false; code: ParseFailure; message: string };

/** What a format parser hands back on success; parseDocument adds the format. */
export interface ParsedDoc {
  pages: ParsedPage[];
  title?: string;
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
