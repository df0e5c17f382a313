// PPTX (PresentationML) to text: one page per slide, shapes in reading order (top-to-bottom, left-to-right).
// Tables become markdown tables, chart titles and speaker notes are kept, so slide decks are searchable.

import type { ParseBudget, ParseLimits } from "./budget";
import { markdownTable } from "./markdown-table";
import { mainPartPath, openPackage, packageTitle, partRels } from "./ooxml";
import { attr, relId, walkXml } from "./xml";
import { fail, type ParsedDoc, type ParsedPage } from "./types";
import { trimEndBlanks } from "./whitespace";
import type { ZipArchive } from "./zip";

interface Block {
  y: number;
  x: number;
  order: number;
  text: string;
  title: boolean;
}

/** Text of a DrawingML chart part: its title and series / category labels are enough for search. */
function chartText(xml: string): string {
  const parts: string[] = [];
  let inT = 0;
  walkXml(xml, {
    open(n) {
      if (n === "t") inT++;
    },
    close(n) {
      if (n === "t") inT--;
    },
    text(t) {
      if (inT) parts.push(t);
    },
  });
  return parts.join(" ").replace(/\s+/g, " ").trim();
}

/**
 * Reads a slide (or notes) part. Top-level shapes of the shape tree are ordered by their position;
 * group shapes keep their inner order.
 */
function slideBlocks(xml: string, rels: Map<string, { target: string; type: string }>, zip: ZipArchive, budget: ParseBudget): Block[] {
  const blocks: Block[] = [];
  let depth = 0; // nesting of sp / graphicFrame / grpSp / pic / cxnSp below spTree
  let cur: { y: number; x: number; paras: string[]; title: boolean; hasPos: boolean } | null = null;
  let para: string[] | null = null;
  let inT = 0;
  let table: { rows: string[][]; row: string[] | null; cell: string[] | null; span: number; merged: boolean } | null = null;
  let order = 0;
  const SHAPES = new Set(["sp", "graphicFrame", "grpSp", "pic", "cxnSp", "contentPart"]);
  walkXml(xml, {
    open(n, a) {
      if (SHAPES.has(n)) {
        if (depth === 0) cur = { y: 0, x: 0, paras: [], title: false, hasPos: false };
        depth++;
        return;
      }
      if (!cur) return;
      if (n === "off" && !cur.hasPos) {
        cur.x = Number(attr(a, "x") ?? 0);
        cur.y = Number(attr(a, "y") ?? 0);
        cur.hasPos = true;
      } else if (n === "ph") {
        const t = attr(a, "type");
        if (t === "title" || t === "ctrTitle") cur.title = true;
      } else if (n === "p") para = [];
      else if (n === "t") inT++;
      else if (n === "br" && para) para.push("\n");
      else if (n === "tbl") table = { rows: [], row: null, cell: null, span: 1, merged: false };
      else if (table && n === "tr") table.row = [];
      else if (table && n === "tc") {
        table.cell = [];
        table.span = Math.max(1, Math.min(64, Number(attr(a, "gridSpan") ?? 1) || 1));
        table.merged = attr(a, "hMerge") === "1" || attr(a, "vMerge") === "1";
      } else if (n === "chart") {
        const rid = relId(a);
        const target = rid ? rels.get(rid)?.target : undefined;
        const chartXml = target ? zip.text(target) : null;
        if (chartXml) {
          const t = chartText(chartXml);
          if (t) cur.paras.push(`[Chart] ${t}`);
        }
      }
    },
    close(n) {
      if (SHAPES.has(n)) {
        depth--;
        if (depth === 0 && cur) {
          const text = cur.paras.join("\n").trim();
          if (text) blocks.push({ y: cur.y, x: cur.x, order: order++, text: cur.title ? "# " + text.replace(/\n+/g, " ") : text, title: cur.title });
          cur = null;
        }
        return;
      }
      if (!cur) return;
      if (n === "t") inT--;
      else if (n === "p" && para) {
        const text = trimEndBlanks(para.join(""));
        para = null;
        if (table?.cell) table.cell.push(text);
        else if (text.trim()) cur.paras.push(text);
      } else if (table && n === "tc") {
        if (!table.row) table.row = [];
        budget.step(table.span); // a spanned cell fills up to 64 columns
        table.row.push(table.merged ? "" : (table.cell ?? []).join(" ").trim());
        for (let i = 1; i < table.span; i++) table.row.push("");
        table.cell = null;
      } else if (table && n === "tr") {
        if (table.row) table.rows.push(table.row);
        table.row = null;
      } else if (n === "tbl" && table) {
        const md = markdownTable(table.rows, budget);
        if (md) cur.paras.push("\n" + md + "\n");
        table = null;
      }
    },
    text(t) {
      if (inT && para) para.push(t);
    },
  });
  // Reading order: titles first, then by rows (shapes whose tops are within ~0.2 inch share a row), then left to right.
  const ROW = 182880; // EMU
  blocks.sort((p, q) => Number(q.title) - Number(p.title) || Math.floor(p.y / ROW) - Math.floor(q.y / ROW) || p.x - q.x || p.order - q.order);
  return blocks;
}

export function parsePptx(bytes: Uint8Array, limits: ParseLimits): ParsedDoc {
  const zip = openPackage(bytes, limits);
  const presPath = mainPartPath(zip, "ppt/presentation.xml");
  const pres = zip.text(presPath);
  if (!pres) fail("CONVERSION_FAILED", "the PPTX has no presentation part");
  const rels = partRels(zip, presPath);
  const slidePaths: string[] = [];
  walkXml(pres, {
    open(n, a) {
      if (n === "sldId") {
        const t = rels.get(relId(a) ?? "");
        if (t) slidePaths.push(t.target);
      }
    },
  });
  const budget = limits.budget;
  const pages: ParsedPage[] = [];
  for (const path of slidePaths.slice(0, limits.maxPages)) {
    const xml = zip.text(path);
    if (xml === null) continue;
    const srels = partRels(zip, path);
    const parts = slideBlocks(xml, srels, zip, budget).map((b) => b.text);
    for (const r of srels.values()) {
      if (!r.type.endsWith("/notesSlide")) continue;
      const notesXml = zip.text(r.target);
      if (!notesXml) continue;
      // Notes slides repeat the slide image and number; keep only their body text.
      const notes = slideBlocks(notesXml, partRels(zip, r.target), zip, budget)
        .map((b) => b.text)
        .filter((t) => !/^\d+$/.test(t.trim()));
      if (notes.length) parts.push("Notes:\n" + notes.join("\n"));
    }
    const text = parts.join("\n\n").replace(/\n{3,}/g, "\n\n").trim();
    budget.text(text.length);
    pages.push({ page: pages.length + 1, text });
  }
  if (pages.length === 0) fail("CONVERSION_FAILED", "the presentation has no slides");
  return { pages, title: packageTitle(zip) };
}
