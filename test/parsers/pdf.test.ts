// PDF parsing inside workerd: text layer with page numbers, owner-only encryption, user passwords, scanned PDFs.
import { describe, expect, it } from "vitest";
import { expectOk, parseFixture } from "./fixtures";

describe("PDF", () => {
  it("extracts the text layer of a simple PDF", async () => {
    const r = expectOk(await parseFixture("testPDF.pdf"));
    expect(r.format).toBe("pdf");
    expect(r.pages).toHaveLength(1);
    expect(r.pages[0].text).toContain("Apache Tika is a toolkit for detecting and extracting metadata");
    expect(r.title).toBe("Apache Tika - Apache Tika");
  });

  it("opens an owner-password-only (RC4) PDF and keeps page numbers", async () => {
    const r = expectOk(await parseFixture("testPDF_protected.pdf"));
    expect(r.pages).toHaveLength(41);
    expect(r.pages.map((p) => p.page)).toEqual(Array.from({ length: 41 }, (_, i) => i + 1));
    expect(r.pages[0].text).toContain("RETHINKING THE FINANCIAL NETWORK");
    expect(r.pages[0].text).toContain("Andrew G Haldane");
    expect(r.pages[0].text).not.toContain("Lehman Brothers filed for Chapter 11");
    expect(r.pages.filter((p) => p.text.includes("Lehman Brothers filed for Chapter 11")).map((p) => p.page)).toEqual([2]);
  });

  it("opens a copy-protected (AES, permissions only) PDF", async () => {
    const r = expectOk(await parseFixture("copy-protected.pdf"));
    expect(r.pages).toHaveLength(2);
    expect(r.pages[0].text).toContain("LayoutParser: A Unified Toolkit for Deep");
  });

  it("keeps text on the right page of a multi-page PDF", async () => {
    const r = expectOk(await parseFixture("reliance.pdf"));
    expect(r.pages.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(r.pages[0].text).toContain("Integrated Annual");
    expect(r.pages.every((p) => p.text.length > 100)).toBe(true);
  });

  it("parses a real earnings release (FinanceBench, Ulta Beauty) with figures on page 1", async () => {
    const r = expectOk(await parseFixture("ULTABEAUTY_2023Q4_EARNINGS.pdf"));
    expect(r.pages).toHaveLength(9);
    expect(r.pages[0].text).toContain("Net Sales of $3.2 Billion");
    expect(r.pages[0].text).toContain("$6.68 Per Diluted Share");
    expect(r.title).toBe("Ulta Beauty Announces Fourth Quarter Fiscal 2022 Results");
  });

  it("reads a Word-exported PDF with footnotes, lists, tables and CJK text on the right pages", async () => {
    const r = expectOk(await parseFixture("testPDFVarious.pdf"));
    expect(r.pages).toHaveLength(2);
    expect(r.pages[0].text).toContain("Row 1 Col 1 Row 1 Col 2 Row 1 Col 3");
    expect(r.pages[0].text).toContain("1 This is a footnote.");
    expect(r.pages[0].text).toContain("ゾルゲと尾崎");
    expect(r.pages[1].text).toContain("Figure 1 This is a caption for Figure 1");
  });

  it("reads the KPI text of a graphics-heavy corporate report page", async () => {
    const r = expectOk(await parseFixture("chevron-page.pdf"));
    expect(r.pages[0].text).toContain("Chevron-operated Tamar and Leviathan fields");
    expect(r.pages[0].text).toContain("Chevron 2022 Corporate Sustainability Report");
  });

  it("reads a numbers-only table PDF", async () => {
    const r = expectOk(await parseFixture("all-number-table.pdf"));
    expect(r.pages[0].text).toContain("200.01 1");
    expect(r.pages[0].text).toContain("1600.01 15");
  });

  for (const [file, label] of [
    ["password.pdf", "password 'password'"],
    ["testPassword4Spaces.pdf", "a four-space password"],
    ["testPDF_no_extract_yes_accessibility_owner_user.pdf", "user password 'user'"],
  ] as const) {
    it(`fails with PASSWORD_PROTECTED for ${file} (${label})`, async () => {
      const r = await parseFixture(file);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.code).toBe("PASSWORD_PROTECTED");
    });
  }

  it("fails with OCR_REQUIRED for an image-only PDF, not an empty success", async () => {
    const r = await parseFixture("testOCR.pdf");
    expect(r).toMatchObject({ ok: false, code: "OCR_REQUIRED" });
  });

  it("fails with PARSE_LIMIT_EXCEEDED when the PDF has more pages than maxPages", async () => {
    const r = await parseFixture("testPDF_protected.pdf", { maxPages: 10 });
    expect(r).toMatchObject({ ok: false, code: "PARSE_LIMIT_EXCEEDED" });
    if (!r.ok) expect(r.message).toContain("41 pages");
  });

  it("fails with CONVERSION_FAILED for a truncated PDF", async () => {
    const { fixture } = await import("./fixtures");
    const { parseDocument } = await import("../../src/documents/parsers");
    const bytes = (await fixture("testPDF.pdf")).slice(0, 600);
    const r = await parseDocument(bytes, { fileName: "broken.pdf" });
    expect(r).toMatchObject({ ok: false, code: "CONVERSION_FAILED" });
  });
});
