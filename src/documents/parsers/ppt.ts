// Legacy PowerPoint 97-2003 (.ppt) to text: one page per slide, from the "PowerPoint Document" record stream.
// Placeholder text comes from SlideListWithText (TextChars/TextBytes atoms); other text boxes from each slide's drawing.

import type { ParseBudget, ParseLimits } from "./budget";
import { OleFile, u16, u32 } from "./ole";
import { decodeText } from "./text";
import { fail, type ParsedDoc, type ParsedPage } from "./types";

const T = {
  Document: 0x03e8, Slide: 0x03ee, SlideListWithText: 0x0ff0, SlidePersistAtom: 0x03f3, TextCharsAtom: 0x0fa0,
  TextBytesAtom: 0x0fa8, PersistDirectoryAtom: 0x1772, CryptSession: 0x2f14, TextHeaderAtom: 0x0f9f, OutlineTextRef: 0x0f9e,
};

interface Rec {
  type: number;
  instance: number;
  container: boolean;
  start: number; // data start
  end: number;
}

function header(s: Uint8Array, p: number): Rec | null {
  if (p + 8 > s.length) return null;
  const verInst = u16(s, p);
  const len = u32(s, p + 4);
  return { type: u16(s, p + 2), instance: verInst >> 4, container: (verInst & 0xf) === 0xf, start: p + 8, end: Math.min(s.length, p + 8 + len) };
}

/**
 * Visits every record depth-first within [start, end). Each record moves past its 8-byte header, and each
 * visit is a step: slides may all point at one huge record, so the walks add up across the file.
 */
function walk(s: Uint8Array, start: number, end: number, budget: ParseBudget, visit: (r: Rec) => void, depth = 0): void {
  let p = start;
  while (p + 8 <= end) {
    const r = header(s, p);
    if (!r || r.end < r.start) break;
    budget.step();
    visit(r);
    if (r.container && depth < 32) walk(s, r.start, r.end, budget, visit, depth + 1);
    p = r.end;
  }
}

function atomText(s: Uint8Array, r: Rec): string | null {
  if (r.type === T.TextCharsAtom) return new TextDecoder("utf-16le").decode(s.subarray(r.start, r.end));
  if (r.type === T.TextBytesAtom) return decodeText(s.subarray(r.start, r.end), "windows-1252");
  return null;
}

function clean(t: string): string {
  return t.replace(/\r|\u000b/g, "\n").replace(/[\u0000-\u0008\u000e-\u001f]/g, "").trim();
}

export function parsePpt(bytes: Uint8Array, limits: ParseLimits): ParsedDoc {
  const ole = new OleFile(bytes);
  const s = ole.stream("PowerPoint Document");
  if (!s) fail("CONVERSION_FAILED", "no PowerPoint Document stream");
  if (ole.has("EncryptedSummary")) fail("PASSWORD_PROTECTED", "the presentation is encrypted with a password");

  // Persist directory: persist id -> stream offset (later edits override earlier ones).
  const persist = new Map<number, number>();
  let lastDoc: Rec | null = null;
  let encrypted = false;
  const budget = limits.budget;
  walk(s, 0, s.length, budget, (r) => {
    if (r.type === T.PersistDirectoryAtom) {
      let p = r.start;
      while (p + 4 <= r.end) {
        const v = u32(s, p);
        const id = v & 0xfffff;
        const count = v >>> 20;
        p += 4;
        for (let i = 0; i < count && p + 4 <= r.end; i++, p += 4) persist.set(id + i, u32(s, p));
        budget.step();
      }
    } else if (r.type === T.Document) lastDoc = r;
    else if (r.type === T.CryptSession) encrypted = true;
  });
  if (encrypted) fail("PASSWORD_PROTECTED", "the presentation is encrypted with a password");
  const doc = lastDoc as Rec | null;
  if (!doc) fail("CONVERSION_FAILED", "no Document container in the presentation");

  // Slides in presentation order, with their placeholder (outline) text.
  const slides: { persistId: number; texts: string[] }[] = [];
  walk(s, doc.start, doc.end, budget, (r) => {
    if (r.type !== T.SlideListWithText || r.instance !== 0) return;
    let cur: { persistId: number; texts: string[] } | null = null;
    walk(s, r.start, r.end, budget, (a) => {
      if (a.type === T.SlidePersistAtom) {
        cur = { persistId: u32(s, a.start), texts: [] };
        slides.push(cur);
      } else if (cur) {
        const t = atomText(s, a);
        if (t !== null && clean(t)) cur.texts.push(clean(t));
      }
    });
  });

  const pages: ParsedPage[] = [];
  for (const slide of slides.slice(0, limits.maxPages)) {
    const texts = [...slide.texts];
    const seen = new Set(texts);
    const off = persist.get(slide.persistId);
    const rec = off !== undefined ? header(s, off) : null;
    if (rec && rec.type === T.Slide) {
      // Text boxes that are not placeholders live in the slide's drawing (OfficeArt ClientTextbox).
      walk(s, rec.start, rec.end, budget, (a) => {
        const t = atomText(s, a);
        const c = t === null ? "" : clean(t);
        if (c && !seen.has(c)) (seen.add(c), texts.push(c));
      });
    }
    const text = texts.join("\n\n");
    budget.text(text.length);
    pages.push({ page: pages.length + 1, text });
  }
  if (!pages.length) {
    // No slide list: fall back to every text atom in stream order as one page.
    const all: string[] = [];
    walk(s, 0, s.length, budget, (a) => {
      const t = atomText(s, a);
      if (t !== null && clean(t)) all.push(clean(t));
    });
    if (!all.length) fail("CONVERSION_FAILED", "no text found in the presentation");
    const text = all.join("\n\n");
    budget.text(text.length);
    pages.push({ page: 1, text });
  }
  return { pages };
}
