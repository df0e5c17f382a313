// The parse budget (steps, inflated bytes, text): hostile files end with a documented fail code instead
// of looping, exhausting memory or doing quadratic work; ordinary files stay far inside every budget.
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { DEFAULT_BUDGET, PARSE_FAILURES, parseDocument } from "../../src/documents/parsers";
import { formatCellNumber } from "../../src/documents/parsers/numfmt";
import { expectOk, fixture } from "./fixtures";
import { docx, docxBomb, loopingDoc, loopingFatCfb } from "./hostile";

const FIXTURES = [
  "testWORD.doc", "testWORD.docx", "testWORD_endnote_table.docx", "testEXCEL.xls", "testEXCEL.xlsx", "vodafone-q1-fy24-additional-information.xlsx",
  "IC-Monthly-Sales-Report-Dashboard.xlsx", "testPPT.ppt", "testPPT.pptx", "fake-power-point-table.pptx", "testMSChart-govdocs-428996.pptx",
  "testPDF.pdf", "chevron-page.pdf", "example-10k-1p.html", "multi-language.txt",
];

describe("parse budget", () => {
  it("ends a .doc whose piece table never advances (cbGrpprl = -3) with CONVERSION_FAILED", async () => {
    const bytes = loopingDoc();
    expect(bytes.length).toBeLessThan(4096);
    const r = await parseDocument(bytes, { fileName: "loop.doc" });
    expect(r).toMatchObject({ ok: false, code: "CONVERSION_FAILED" });
    if (!r.ok) expect(r.message).toContain("cbGrpprl -3");
  });

  it("reads a compound file whose stream starts past the end on a FAT entry linking to itself (cfb filled 1.5 GB)", async () => {
    const r = await parseDocument(loopingFatCfb(), { fileName: "fat-loop.doc" });
    expect(r).toMatchObject({ ok: false, code: "CONVERSION_FAILED" });
    if (!r.ok) expect(r.message).toContain("no WordDocument stream");
  });

  it("refuses a 368 KB-class DOCX holding a 150 MB document.xml with PARSE_LIMIT_EXCEEDED, before inflating it", async () => {
    const bomb = docxBomb(150);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const r = await parseDocument(bomb, { fileName: "bomb.docx" });
    expect(r).toMatchObject({ ok: false, code: "PARSE_LIMIT_EXCEEDED" });
    if (!r.ok) expect(r.message).toContain(`more than the ${DEFAULT_BUDGET.maxEntryBytes} allowed`);
  });

  it("counts every inflated byte against the package: one entry read over and over spends it", async () => {
    // 200 slides that all point at the same 1 MB slide part: 200 MB inflated in total.
    const rel = (i: number) => `<Relationship Id="r${i}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/slide" Target="slides/slide1.xml"/>`;
    const ids = Array.from({ length: 200 }, (_, i) => `<p:sldId id="${256 + i}" r:id="r${i}"/>`).join("");
    const slide = `<p:sld xmlns:p="p" xmlns:a="a"><p:cSld><p:spTree><p:sp><p:txBody><a:p><a:r><a:t>${"x".repeat(1024 * 1024)}</a:t></a:r></a:p></p:txBody></p:sp></p:spTree></p:cSld></p:sld>`;
    const pptx = zipSync({
      "_rels/.rels": strToU8(`<Relationships><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="ppt/presentation.xml"/></Relationships>`),
      "ppt/presentation.xml": strToU8(`<p:presentation xmlns:p="p" xmlns:r="r"><p:sldIdLst>${ids}</p:sldIdLst></p:presentation>`),
      "ppt/_rels/presentation.xml.rels": strToU8(`<Relationships>${Array.from({ length: 200 }, (_, i) => rel(i)).join("")}</Relationships>`),
      "ppt/slides/slide1.xml": strToU8(slide),
    });
    const r = await parseDocument(pptx, { fileName: "same-slide.pptx" });
    expect(r).toMatchObject({ ok: false, code: "PARSE_LIMIT_EXCEEDED" });
  });

  it("still parses an ordinary DOCX", async () => {
    const r = expectOk(await parseDocument(await fixture("testWORD.docx"), { fileName: "testWORD.docx" }));
    expect(r.pages[0].text.length).toBeGreaterThan(100);
  });

  it("charges a table padded to its widest row before rendering it (20,000 x 20,000 cells)", async () => {
    const wide = `<w:tr>${"<w:tc><w:p><w:r><w:t>h</w:t></w:r></w:p></w:tc>".repeat(20_000)}</w:tr>`;
    const tall = "<w:tr><w:tc><w:p><w:r><w:t>v</w:t></w:r></w:p></w:tc></w:tr>".repeat(20_000);
    const r = await parseDocument(docx(`<w:tbl>${wide}${tall}</w:tbl>`), { fileName: "table.docx" });
    expect(r).toMatchObject({ ok: false, code: "PARSE_LIMIT_EXCEEDED" });
    if (!r.ok) expect(r.message).toContain("parsing steps");
  });

  it("reads package relationships in one pass, even with a million unclosed tags", async () => {
    const rels = `<Relationships>${"<Relationship Id=".repeat(200_000)}`;
    const bytes = zipSync({ "_rels/.rels": strToU8(rels), "word/document.xml": strToU8(`<w:document><w:body><w:p><w:r><w:t>kept</w:t></w:r></w:p></w:body></w:document>`) });
    const r = expectOk(await parseDocument(bytes, { fileName: "rels.docx" }));
    expect(r.pages[0].text).toBe("kept");
  });

  it("skips a hidden HTML element in one pass, even when it is followed by '<div' with no '>' a million times", async () => {
    const html = `<html><body><p>visible</p><div style="display:none">${"<div".repeat(1_000_000)}</body></html>`;
    const r = expectOk(await parseDocument(strToU8(html), { fileName: "hidden.html" }));
    expect(r.pages[0].text).toBe("visible");
  });

  it("fails with PARSE_LIMIT_EXCEEDED when the steps are spent (a small budget on an ordinary workbook)", async () => {
    const r = await parseDocument(await fixture("testEXCEL.xls"), { fileName: "testEXCEL.xls", budget: { maxSteps: 20 } });
    expect(r).toMatchObject({ ok: false, code: "PARSE_LIMIT_EXCEEDED" });
  });

  it("fails with PARSE_LIMIT_EXCEEDED past the text budget, and cuts plain text there instead", async () => {
    const r = await parseDocument(await fixture("testWORD.docx"), { fileName: "testWORD.docx", budget: { maxTextChars: 100 } });
    expect(r).toMatchObject({ ok: false, code: "PARSE_LIMIT_EXCEEDED" });
    const t = expectOk(await parseDocument(strToU8("word ".repeat(100)), { fileName: "a.txt", budget: { maxTextChars: 100 } }));
    expect(t.pages[0].text).toHaveLength(100);
  });

  it("formats a cell with a format code past Excel's 255 characters as General", () => {
    expect(formatCellNumber(1234.5, "0".repeat(100_000))).toBe("1234.5");
    expect(formatCellNumber(1234.5, "#,##0.00")).toBe("1,234.50");
  });

  it("parses every ordinary fixture within a tenth of each budget", async () => {
    const tenth = {
      maxSteps: DEFAULT_BUDGET.maxSteps / 10,
      maxInflatedBytes: DEFAULT_BUDGET.maxInflatedBytes / 10,
      maxEntryBytes: DEFAULT_BUDGET.maxEntryBytes / 10,
      maxTextChars: DEFAULT_BUDGET.maxTextChars / 10,
    };
    for (const name of FIXTURES) {
      const r = await parseDocument(await fixture(name), { fileName: name, budget: tenth });
      expect(r.ok ? "ok" : `${r.code}: ${r.message}`, name).toBe("ok");
    }
  });

  it("documents every fail code", () => {
    expect([...PARSE_FAILURES].sort()).toEqual(["CONVERSION_FAILED", "FILE_SIZE_EXCEEDED", "OCR_REQUIRED", "PARSE_LIMIT_EXCEEDED", "PASSWORD_PROTECTED"]);
  });
});
