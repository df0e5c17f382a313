// Limits and failure paths: size cap, garbage, zip bombs, entry counts, row caps, format detection, never throwing.
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { detectFormat, parseDocument } from "../../src/documents/parsers";
import { expectOk, fixture } from "./fixtures";

const CT = `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>`;
const RELS = `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
const docXml = (body: string) =>
  `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`;

function docx(body: string): Uint8Array {
  return zipSync({ "[Content_Types].xml": strToU8(CT), "_rels/.rels": strToU8(RELS), "word/document.xml": strToU8(docXml(body)) });
}

/** Overwrites the uncompressed-size fields of every entry, as a malicious archive would. */
function lieAboutSizes(zip: Uint8Array, size: number): Uint8Array {
  const out = zip.slice();
  const dv = new DataView(out.buffer);
  for (let i = 0; i + 4 <= out.length; i++) {
    const sig = dv.getUint32(i, true);
    if (sig === 0x04034b50) dv.setUint32(i + 22, size, true);
    else if (sig === 0x02014b50) dv.setUint32(i + 24, size, true);
  }
  return out;
}

describe("limits and failures", () => {
  it("parses a minimal synthetic DOCX (sanity check for the bombs below)", async () => {
    const r = expectOk(await parseDocument(docx("<w:p><w:r><w:t>Hello zip</w:t></w:r></w:p>"), { fileName: "a.docx" }));
    expect(r.pages).toEqual([{ page: 1, text: "Hello zip" }]);
  });

  it("fails with FILE_SIZE_EXCEEDED over maxBytes, before parsing", async () => {
    const bytes = await fixture("testPDF.pdf");
    const r = await parseDocument(bytes, { fileName: "testPDF.pdf", maxBytes: 10_000 });
    expect(r).toMatchObject({ ok: false, code: "FILE_SIZE_EXCEEDED" });
    const big = new Uint8Array(20 * 1024 * 1024 + 1);
    expect(await parseDocument(big, { fileName: "big.pdf" })).toMatchObject({ ok: false, code: "FILE_SIZE_EXCEEDED" });
  });

  it("fails with CONVERSION_FAILED for garbage bytes, empty input and unknown formats", async () => {
    const garbage = new Uint8Array(4096);
    let x = 12345;
    for (let i = 0; i < garbage.length; i++) garbage[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
    for (const name of ["garbage.pdf", "garbage.docx", "garbage.xls", "garbage.bin"]) {
      expect(await parseDocument(garbage, { fileName: name })).toMatchObject({ ok: false, code: "CONVERSION_FAILED" });
    }
    expect(await parseDocument(new Uint8Array(0), { fileName: "empty.txt" })).toMatchObject({ ok: false, code: "CONVERSION_FAILED" });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    expect(await parseDocument(png, { fileName: "image.png" })).toMatchObject({ ok: false, code: "CONVERSION_FAILED" });
  });

  it("rejects a zip bomb by its declared size (central directory) before inflating", async () => {
    const bomb = docx(`<w:p><w:r><w:t>${"A".repeat(3_000_000)}</w:t></w:r></w:p>`);
    expect(bomb.length).toBeLessThan(50_000);
    const r = await parseDocument(bomb, { fileName: "bomb.docx", budget: { maxInflatedBytes: 1_000_000 } });
    expect(r).toMatchObject({ ok: false, code: "PARSE_LIMIT_EXCEEDED" });
    if (!r.ok) expect(r.message).toMatch(/declares \d+ uncompressed bytes, more than the \d+ allowed/);
  });

  it("stops inflating a zip bomb whose size fields lie: the entry is corrupt past its declared size", async () => {
    const bomb = lieAboutSizes(docx(`<w:p><w:r><w:t>${"B".repeat(3_000_000)}</w:t></w:r></w:p>`), 100);
    const r = await parseDocument(bomb, { fileName: "bomb.docx", budget: { maxInflatedBytes: 1_000_000 } });
    expect(r).toMatchObject({ ok: false, code: "CONVERSION_FAILED" });
    if (!r.ok) expect(r.message).toContain("inflates past its declared size of 100 bytes");
  });

  it("rejects an archive with too many entries", async () => {
    const files: Record<string, Uint8Array> = { "[Content_Types].xml": strToU8(CT), "_rels/.rels": strToU8(RELS), "word/document.xml": strToU8(docXml("")) };
    for (let i = 0; i < 10_001; i++) files[`word/media/x${i}.bin`] = new Uint8Array(0);
    const r = await parseDocument(zipSync(files, { level: 0 }), { fileName: "many.docx" });
    expect(r).toMatchObject({ ok: false, code: "PARSE_LIMIT_EXCEEDED" });
    if (!r.ok) expect(r.message).toContain("entries");
  });

  it("caps the rows rendered per sheet", async () => {
    const rows = Array.from({ length: 5200 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i + 1}</v></c></row>`).join("");
    const wbRels = `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;
    const xlsx = zipSync({
      "[Content_Types].xml": strToU8(CT),
      "_rels/.rels": strToU8(RELS.replace("word/document.xml", "xl/workbook.xml")),
      "xl/workbook.xml": strToU8(`<workbook xmlns:r="r"><sheets><sheet name="Big" sheetId="1" r:id="rId1"/></sheets></workbook>`),
      "xl/_rels/workbook.xml.rels": strToU8(wbRels),
      "xl/worksheets/sheet1.xml": strToU8(`<worksheet><sheetData>${rows}</sheetData></worksheet>`),
    });
    const r = expectOk(await parseDocument(xlsx, { fileName: "big.xlsx" }));
    const t = r.pages[0].text;
    expect(t).toContain("## Sheet: Big");
    expect(t).toContain("| 5000 |");
    expect(t).not.toContain("| 5001 |");
    expect(t).toContain("rows after the first 5000 non-empty rows were not included");
  });

  it("keeps reading a DOCX after an unbalanced </w:tc> (it used to pop the document's own container)", async () => {
    const r = expectOk(await parseDocument(docx("<w:p><w:r><w:t>before</w:t></w:r></w:p></w:tc><w:p><w:r><w:t>after</w:t></w:r></w:p>"), { fileName: "tc.docx" }));
    expect(r.pages[0].text).toBe("before\n\nafter");
  });

  it("splits a DOCX on explicit page breaks", async () => {
    const body = `<w:p><w:r><w:t>one</w:t></w:r></w:p><w:p><w:r><w:br w:type="page"/><w:t>two</w:t></w:r></w:p>`;
    const r = expectOk(await parseDocument(docx(body), { fileName: "pb.docx" }));
    expect(r.pages).toEqual([
      { page: 1, text: "one" },
      { page: 2, text: "two" },
    ]);
  });

  it("never throws on truncated or corrupted documents of any format", async () => {
    for (const name of ["testWORD.docx", "testEXCEL.xlsx", "testPPT.pptx", "testWORD.doc", "testEXCEL.xls", "testPPT.ppt", "testPDF.pdf"]) {
      const bytes = await fixture(name);
      for (const cut of [0.1, 0.5, 0.9]) {
        const r = await parseDocument(bytes.slice(0, Math.floor(bytes.length * cut)), { fileName: name });
        expect(r.ok === true || ["CONVERSION_FAILED", "OCR_REQUIRED"].includes(r.code)).toBe(true);
      }
      const flipped = bytes.slice();
      for (let i = 512; i < flipped.length; i += 97) flipped[i] ^= 0x5a;
      const r = await parseDocument(flipped, { fileName: name });
      expect(typeof r.ok).toBe("boolean");
    }
  });

  it("detects formats from content first, then name and content type", async () => {
    expect(detectFormat(await fixture("testPDF.pdf"), "whatever.bin")).toBe("pdf");
    expect(detectFormat(await fixture("testWORD.docx"), "x")).toBe("docx");
    expect(detectFormat(await fixture("testEXCEL.xlsx"), "x.docx")).toBe("xlsx");
    expect(detectFormat(await fixture("testPPT.pptx"), "x")).toBe("pptx");
    expect(detectFormat(await fixture("testWORD.doc"), "x")).toBe("doc");
    expect(detectFormat(await fixture("testEXCEL.xls"), "x")).toBe("xls");
    expect(detectFormat(await fixture("testPPT.ppt"), "x")).toBe("ppt");
    expect(detectFormat(await fixture("testEXCEL_protected_passtika.xlsx"), "book.xlsx")).toBe("xlsx");
    expect(detectFormat(await fixture("example-10k-1p.html"), "filing")).toBe("html");
    expect(detectFormat(new TextEncoder().encode("<p>hi</p>"), "x", "text/html; charset=utf-8")).toBe("html");
    expect(detectFormat(new TextEncoder().encode("plain words"), "notes")).toBe("txt");
    expect(detectFormat(new Uint8Array([0, 1, 2, 3, 255, 0]), "x.txt")).toBeNull();
  });
});
