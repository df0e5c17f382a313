// PDF text-layer extraction with unpdf (PDF.js serverless build, runs inside workerd), one page per PDF page.
// Owner-password-only PDFs open with the empty user password; user-password and image-only PDFs get typed failures.

import { getDocumentProxy } from "unpdf";
import type { ParseLimits } from "./budget";
import { fail, ParseError, type ParsedDoc, type ParsedPage } from "./types";
import { trimBeforeNewlines } from "./whitespace";

/** Below this many letters/digits per page on average, the PDF is treated as scanned (needs OCR). */
const MIN_ALNUM_PER_PAGE = 5;
/** Pages requested from PDF.js ahead of the one being read, to keep its fake worker busy. */
const PREFETCH = 3;

interface TextItemLike {
  str?: string;
  hasEOL?: boolean;
}

function pageText(items: TextItemLike[]): string {
  const parts: string[] = [];
  for (const it of items) {
    if (typeof it.str !== "string") continue; // marked-content markers
    parts.push(it.str);
    if (it.hasEOL) parts.push("\n");
  }
  return trimBeforeNewlines(parts.join("")).trimEnd();
}

function countAlnum(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c > 0xbf) n++;
  }
  return n;
}

/**
 * Over `maxPages` the whole PDF fails with PARSE_LIMIT_EXCEEDED (no silent truncation).
 * The input is copied because PDF.js may take ownership of (detach) the buffer it is given.
 */
export async function parsePdf(bytes: Uint8Array, limits: ParseLimits): Promise<ParsedDoc> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(bytes.slice(), { verbosity: 0, stopAtErrors: false, disableFontFace: true, useSystemFonts: false });
  } catch (err) {
    const name = (err as { name?: string })?.name;
    if (name === "PasswordException") fail("PASSWORD_PROTECTED", "the PDF needs a user password to open");
    if (name === "InvalidPDFException") fail("CONVERSION_FAILED", "not a valid PDF");
    fail("CONVERSION_FAILED", `PDF could not be opened: ${(err as Error)?.message ?? String(err)}`);
  }
  try {
    const total = pdf.numPages;
    if (total > limits.maxPages) fail("PARSE_LIMIT_EXCEEDED", `the PDF has ${total} pages, more than the limit of ${limits.maxPages}`);
    const budget = limits.budget;
    const pages: ParsedPage[] = [];
    let alnum = 0;
    const load = async (n: number) => {
      try {
        const page = await pdf.getPage(n);
        try {
          const content = await page.getTextContent();
          budget.step(content.items.length);
          return pageText(content.items as TextItemLike[]);
        } finally {
          page.cleanup();
        }
      } catch (err) {
        if (err instanceof ParseError) throw err;
        fail("CONVERSION_FAILED", `PDF page ${n} could not be read: ${(err as Error)?.message ?? String(err)}`);
      }
    };
    const inflight: Promise<string>[] = [];
    const request = (n: number) => {
      const p = load(n);
      p.catch(() => undefined); // awaited below; this only stops an early exit from leaving it unhandled
      inflight.push(p);
    };
    for (let n = 1; n <= Math.min(total, PREFETCH); n++) request(n);
    for (let n = 1; n <= total; n++) {
      const text = await inflight.shift()!;
      if (n + PREFETCH <= total) request(n + PREFETCH);
      budget.text(text.length);
      alnum += countAlnum(text);
      pages.push({ page: n, text });
    }
    if (total === 0 || alnum / total < MIN_ALNUM_PER_PAGE) {
      fail("OCR_REQUIRED", "the PDF has no text layer (scanned or image-only); it needs OCR");
    }
    let title: string | undefined;
    try {
      const meta = await pdf.getMetadata();
      const t = (meta.info as Record<string, unknown> | undefined)?.Title;
      if (typeof t === "string" && t.trim()) title = t.trim();
    } catch {
      // metadata is optional
    }
    return { pages, title };
  } finally {
    await pdf.loadingTask.destroy().catch(() => undefined);
  }
}
