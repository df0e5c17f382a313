// Hostile documents built in the tests: a .doc whose piece-table prefix never advances (cbGrpprl = -3),
// and a DOCX zip bomb (a small archive holding a huge, repetitive document.xml).
import * as CFB from "cfb";
import { strToU8, Zip, ZipDeflate, zipSync } from "fflate";

const CT = `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>`;
const RELS = `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;

/**
 * A Word 97 file (about 3.5 KB) whose CLX starts with a Prc of cbGrpprl = -3: a reader that advances by
 * 3 + cbGrpprl stays on the same byte forever.
 */
export function loopingDoc(): Uint8Array {
  const wd = new Uint8Array(512);
  const dv = new DataView(wd.buffer);
  dv.setUint16(0, 0xa5ec, true); // wIdent
  dv.setUint16(2, 0x00c1, true); // nFib (Word 97)
  dv.setUint16(0x0a, 0x0200, true); // fWhichTblStm: 1Table
  dv.setUint16(32, 14, true); // csw
  dv.setUint16(62, 22, true); // cslw
  dv.setUint32(64 + 3 * 4, 10, true); // ccpText
  dv.setUint16(152, 93, true); // cbRgFcLcb
  dv.setUint32(154 + 33 * 8, 0, true); // fcClx
  dv.setUint32(154 + 33 * 8 + 4, 32, true); // lcbClx
  wd.set(strToU8("Hello loop"), 448);
  const table = new Uint8Array(64);
  table.set([0x01, 0xfd, 0xff]); // Prc with cbGrpprl = -3
  const cfb = CFB.utils.cfb_new();
  CFB.utils.cfb_add(cfb, "WordDocument", wd);
  CFB.utils.cfb_add(cfb, "1Table", table);
  return new Uint8Array(CFB.write(cfb, { type: "array" }) as number[]);
}

/**
 * A DOCX whose document.xml inflates to `mb` megabytes of one paragraph repeated (deflate shrinks it ~280x:
 * 150 MB fit in about 540 KB). Streamed through fflate's Zip, so the test never holds the inflated XML.
 */
export function docxBomb(mb: number): Uint8Array {
  const parts: Uint8Array[] = [];
  const zip = new Zip((err, data) => {
    if (err) throw err;
    parts.push(data);
  });
  const small = (name: string, text: string) => {
    const f = new ZipDeflate(name, { level: 6 });
    zip.add(f);
    f.push(strToU8(text), true);
  };
  small("[Content_Types].xml", CT);
  small("_rels/.rels", RELS);
  const doc = new ZipDeflate("word/document.xml", { level: 6 });
  zip.add(doc);
  doc.push(strToU8(`<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>`));
  const para = "<w:p><w:r><w:t>The same paragraph again and again.</w:t></w:r></w:p>";
  const megabyte = strToU8(para.repeat(Math.ceil((1024 * 1024) / para.length)));
  for (let i = 0; i < mb; i++) doc.push(megabyte);
  doc.push(strToU8("</w:body></w:document>"), true);
  zip.end();
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) (out.set(p, o), (o += p.length));
  return out;
}

/** A minimal DOCX around a body of WordprocessingML and, optionally, other parts. */
export function docx(body: string, parts: Record<string, string> = {}): Uint8Array {
  const xml = `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`;
  const files: Record<string, Uint8Array> = { "[Content_Types].xml": strToU8(CT), "_rels/.rels": strToU8(RELS), "word/document.xml": strToU8(xml) };
  for (const [name, text] of Object.entries(parts)) files[name] = strToU8(text);
  return zipSync(files);
}

/**
 * A compound file whose 8 KB WordDocument stream starts at sector 100, past the end of the file, where the
 * FAT links sector 100 to itself. The cfb package follows such a chain forever (a 34 KB file filled
 * 1.5 GB); a reader must stop at a sector outside the file or where a chain comes back.
 */
export function loopingFatCfb(): Uint8Array {
  const cfb = CFB.utils.cfb_new();
  CFB.utils.cfb_add(cfb, "WordDocument", new Uint8Array(8192).fill(0x41));
  const bytes = new Uint8Array(CFB.write(cfb, { type: "array" }) as number[]);
  const dv = new DataView(bytes.buffer);
  const ssz = 512;
  const fatAt = (dv.getUint32(0x4c, true) + 1) * ssz;
  const dirAt = (dv.getUint32(0x30, true) + 1) * ssz;
  let found = false;
  for (let o = dirAt; o < dirAt + ssz; o += 128) {
    const name = new TextDecoder("utf-16le").decode(bytes.subarray(o, o + Math.max(0, dv.getUint16(o + 64, true) - 2)));
    if (name === "WordDocument") (dv.setUint32(o + 116, 100, true), (found = true));
  }
  if (!found || bytes.length / ssz > 100) throw new Error("unexpected layout");
  dv.setUint32(fatAt + 100 * 4, 100, true);
  return bytes;
}
