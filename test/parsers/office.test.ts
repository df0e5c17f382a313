// Word and PowerPoint (OOXML and legacy binary) inside workerd, plus encrypted Office files.
import { describe, expect, it } from "vitest";
import { allText, expectOk, parseFixture } from "./fixtures";

describe("DOCX", () => {
  it("keeps paragraphs in order with markdown headings and a table (nested table flattened)", async () => {
    const r = expectOk(await parseFixture("testWORD.docx"));
    expect(r.format).toBe("docx");
    expect(r.title).toBe("Sample Word Document");
    const t = r.pages[0].text;
    expect(t).toContain("# Heading Level 1");
    expect(t).toContain("## Heading Level 2");
    expect(t).toContain("### Heading Level 3");
    expect(t).toContain("This document includes text that is BOLD and ITALIC.");
    expect(t).toContain("| This is a table |  |\n| --- | --- |");
    expect(t).toContain("| Nested table; More of our nested table |");
    expect(t).toContain("| The table has things in it |  |");
    const order = ["Sample Word Document Title", "# Heading Level 1", "This is a sample Microsoft Word Document.", "| This is a table", "Apache Tika: http://tika.apache.org/", "This is back to the default again"];
    const positions = order.map((s) => t.indexOf(s));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it("includes endnotes, with a table inside the endnote, and a reference marker in the body", async () => {
    const r = expectOk(await parseFixture("testWORD_endnote_table.docx"));
    const t = allText(r);
    expect(t).toContain("Lorem ipsum dolor sit amet");
    expect(t).toContain("[^e1]");
    expect(t).toContain("## Endnotes");
    expect(t).toContain("[^e1]: Endnote Test – The quick brown fox jumps over the lazy dog 123456789!");
    expect(t).toContain("| This is endnote text in a table - The Cat Property Act 2025 |");
    expect(t.indexOf("## Endnotes")).toBeGreaterThan(t.indexOf("Lorem ipsum"));
  });
});

describe("PPTX", () => {
  it("gives one page per slide with the slide text", async () => {
    const r = expectOk(await parseFixture("testPPT.pptx"));
    expect(r.format).toBe("pptx");
    expect(r.pages.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(r.pages[0].text).toContain("# Attachment Test");
    expect(r.pages[1].text).toContain("This is a test file data with the same content as every other file");
    expect(r.pages[2].text).toContain("Banking");
    expect(r.pages[2].text).toContain("Investment");
    expect(r.pages[0].text).not.toContain("Banking");
  });

  it("renders a slide table as a markdown table after the title", async () => {
    const r = expectOk(await parseFixture("fake-power-point-table.pptx"));
    expect(r.pages).toHaveLength(1);
    expect(r.pages[0].text).toBe(
      [
        "# A Slide with a Table",
        "",
        "| Column 1 | Column 2 | Column 3 |",
        "| --- | --- | --- |",
        "| Red | Green | Blue |",
        "| Purple | Orange | Yellow |",
        "| Tangerine | Pink | Aqua |",
      ].join("\n"),
    );
  });

  it("reads text boxes of a chart slide in reading order", async () => {
    const r = expectOk(await parseFixture("testMSChart-govdocs-428996.pptx"));
    const t = r.pages[0].text;
    expect(t).toContain("Thin Film Partnership Subcontract Budgets (out the door);\n2002-2005 Actuals");
    expect(t).toContain("door has dropped 36%");
  });
});

describe("legacy DOC and PPT", () => {
  it("extracts DOC text through the piece table, in order", async () => {
    const r = expectOk(await parseFixture("testWORD.doc"));
    expect(r.format).toBe("doc");
    const t = allText(r);
    const order = ["Sample Word Document Title", "Heading Level 1", "This is a sample Microsoft Word Document.", "This is a table", "Nested table", "Apache POI: http://poi.apache.org/", "That’s it!"];
    const positions = order.map((s) => t.indexOf(s));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(t).not.toMatch(/HYPERLINK|[\u0013\u0014\u0015]/); // field codes dropped
  });

  it("extracts PPT slide text from the PowerPoint Document stream", async () => {
    const r = expectOk(await parseFixture("testPPT.ppt"));
    expect(r.format).toBe("ppt");
    expect(r.pages[0].page).toBe(1);
    expect(r.pages[0].text).toContain("Sample Powerpoint Slide");
    expect(r.pages[0].text).toContain("Powerpoint X for Mac");
  });
});

describe("encrypted Office files", () => {
  for (const file of ["testWORD_protected_passtika.docx", "testEXCEL_protected_passtika.xlsx", "testPPT_protected_passtika.pptx"]) {
    it(`fails with PASSWORD_PROTECTED for ${file}`, async () => {
      const r = await parseFixture(file);
      expect(r).toMatchObject({ ok: false, code: "PASSWORD_PROTECTED" });
    });
  }

  it("detects encrypted OOXML even without a helpful file name", async () => {
    const r = await parseFixture("testWORD_protected_passtika.docx", { fileName: "upload.bin" });
    expect(r).toMatchObject({ ok: false, code: "PASSWORD_PROTECTED" });
  });
});
