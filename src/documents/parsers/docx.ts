// DOCX (WordprocessingML) to text: paragraphs in order, headings as markdown, tables as markdown tables.
// Footnotes and endnotes are appended; explicit page breaks split pages, otherwise the document is page 1.

import type { ParseBudget, ParseLimits } from "./budget";
import { markdownTable } from "./markdown-table";
import { mainPartPath, openPackage, packageTitle, partRels } from "./ooxml";
import { attr, walkXml } from "./xml";
import { fail, type ParsedDoc } from "./types";
import { trimLineEnds } from "./whitespace";

const PAGE_BREAK = "\f";

interface Para {
  parts: string[];
  style?: string;
  outline?: number;
  list: boolean;
}
interface Cell {
  blocks: string[];
  span: number;
  merged: boolean;
}
interface Table {
  rows: string[][];
  row: string[] | null;
}

/** styleId -> heading level (1-9) from word/styles.xml ("heading 1", "Title", or an outline level). */
function headingStyles(stylesXml: string | null): Map<string, number> {
  const map = new Map<string, number>();
  if (!stylesXml) return map;
  let id: string | undefined;
  let level: number | undefined;
  walkXml(stylesXml, {
    open(name, a) {
      if (name === "style") {
        id = attr(a, "styleId");
        level = undefined;
      } else if (id && name === "name") {
        const v = (attr(a, "val") ?? "").toLowerCase();
        const m = /^heading\s*(\d)$/.exec(v);
        if (m) level = Number(m[1]);
        else if (v === "title") level = 1;
      } else if (id && name === "outlineLvl" && level === undefined) {
        const v = Number(attr(a, "val"));
        if (v >= 0 && v < 9) level = v + 1;
      }
    },
    close(name) {
      if (name === "style") {
        if (id && level) map.set(id, level);
        id = undefined;
      }
    },
  });
  return map;
}

/**
 * Renders a body-like part (document, footnotes or endnotes) into markdown blocks.
 * For notes parts, each <w:footnote>/<w:endnote> becomes one "[^id]: text" block.
 */
function renderWordXml(xml: string, headings: Map<string, number>, budget: ParseBudget, notePrefix?: string): string[] {
  const containers: string[][] = [[]];
  const cells: Cell[] = [];
  const tables: Table[] = [];
  const paras: Para[] = [];
  let inText = 0;
  let skip = 0; // inside mc:Fallback (duplicate of mc:Choice) or a deleted run
  let inPPr = 0;
  let noteId: string | null = null;
  const out = () => containers[containers.length - 1];

  walkXml(xml, {
    open(name, a) {
      if (skip) {
        if (name === "Fallback" || name === "del") skip++;
        return;
      }
      switch (name) {
        case "Fallback":
        case "del":
          skip++;
          return;
        case "footnote":
        case "endnote": {
          if (notePrefix === undefined) return;
          const type = attr(a, "type");
          if (type && type !== "normal") {
            skip++;
            return;
          }
          noteId = attr(a, "id") ?? "?";
          containers.push([]);
          return;
        }
        case "p":
          paras.push({ parts: [], list: false });
          return;
        case "pPr":
          inPPr++;
          return;
        case "pStyle":
          if (inPPr && paras.length) paras[paras.length - 1].style = attr(a, "val");
          return;
        case "outlineLvl":
          if (inPPr && paras.length) paras[paras.length - 1].outline = Number(attr(a, "val"));
          return;
        case "numPr":
          if (inPPr && paras.length) paras[paras.length - 1].list = true;
          return;
        case "t":
          inText++;
          return;
        case "tab":
          if (!inPPr && paras.length) paras[paras.length - 1].parts.push("\t");
          return;
        case "br":
        case "cr":
          if (paras.length) paras[paras.length - 1].parts.push(attr(a, "type") === "page" ? PAGE_BREAK : "\n");
          return;
        case "noBreakHyphen":
          if (paras.length) paras[paras.length - 1].parts.push("-");
          return;
        case "footnoteReference":
        case "endnoteReference":
          if (paras.length) paras[paras.length - 1].parts.push(`[^${name === "endnoteReference" ? "e" : ""}${attr(a, "id")}]`);
          return;
        case "tbl":
          tables.push({ rows: [], row: null });
          return;
        case "tr":
          if (tables.length) tables[tables.length - 1].row = [];
          return;
        case "tc":
          cells.push({ blocks: [], span: 1, merged: false });
          containers.push(cells[cells.length - 1].blocks);
          return;
        case "gridSpan":
          if (cells.length) cells[cells.length - 1].span = Math.max(1, Math.min(64, Number(attr(a, "val")) || 1));
          return;
        case "vMerge": {
          const v = attr(a, "val");
          if (cells.length && v !== "restart") cells[cells.length - 1].merged = true;
          return;
        }
      }
    },
    close(name) {
      if (skip) {
        if (name === "Fallback" || name === "del" || name === "footnote" || name === "endnote") skip--;
        return;
      }
      switch (name) {
        case "t":
          if (inText) inText--;
          return;
        case "pPr":
          if (inPPr) inPPr--;
          return;
        case "p": {
          const p = paras.pop();
          if (!p) return;
          let text = trimLineEnds(p.parts.join(""));
          if (!text.trim() && !text.includes(PAGE_BREAK)) return;
          const level = (p.style && headings.get(p.style)) || (p.outline !== undefined && p.outline < 9 ? p.outline + 1 : 0);
          if (level && text.trim()) text = "#".repeat(Math.min(level, 6)) + " " + text.trim();
          else if (p.list) text = "- " + text.trim();
          out().push(text);
          return;
        }
        case "tc": {
          // An unbalanced </w:tc> must not pop the document's own container (containers[0]).
          if (!cells.length) return;
          const cell = cells.pop();
          if (containers.length > 1) containers.pop();
          const t = tables[tables.length - 1];
          if (!cell || !t) return;
          if (!t.row) t.row = [];
          budget.step(cell.span); // a spanned cell fills up to 64 columns
          const text = cell.merged ? "" : cell.blocks.join(" ").replace(/\f/g, " ").replace(/^#+ /gm, "").replace(/\s+/g, " ").trim();
          t.row.push(text);
          for (let i = 1; i < cell.span; i++) t.row.push("");
          return;
        }
        case "tr": {
          const t = tables[tables.length - 1];
          if (t?.row) t.rows.push(t.row);
          if (t) t.row = null;
          return;
        }
        case "tbl": {
          const t = tables.pop();
          if (!t) return;
          if (cells.length) {
            // Nested table: flatten into the enclosing cell as "a, b; c, d".
            out().push(t.rows.map((r) => r.filter((c) => c).join(", ")).filter((r) => r).join("; "));
          } else {
            const md = markdownTable(t.rows, budget);
            if (md) out().push(md);
          }
          return;
        }
        case "footnote":
        case "endnote": {
          if (notePrefix === undefined || noteId === null) return;
          const blocks = (containers.length > 1 ? containers.pop() : undefined) ?? [];
          const body = blocks.join("\n\n").trim();
          containers[0].push(`[^${notePrefix}${noteId}]: ${body}`);
          noteId = null;
          return;
        }
      }
    },
    text(t) {
      if (inText && !skip && paras.length) paras[paras.length - 1].parts.push(t);
    },
  });
  return containers[0];
}

export function parseDocx(bytes: Uint8Array, limits: ParseLimits): ParsedDoc {
  const zip = openPackage(bytes, limits);
  const main = mainPartPath(zip, "word/document.xml");
  const xml = zip.text(main);
  if (!xml) fail("CONVERSION_FAILED", "the DOCX has no document part");
  const rels = partRels(zip, main);
  const relTarget = (suffix: string, fallback: string) => {
    for (const r of rels.values()) if (r.type.endsWith(suffix)) return r.target;
    return fallback;
  };
  const stylesXml = zip.text(relTarget("/styles", "word/styles.xml"));
  const headings = headingStyles(stylesXml);
  const budget = limits.budget;
  const blocks = renderWordXml(xml, headings, budget);
  const footXml = zip.text(relTarget("/footnotes", "word/footnotes.xml"));
  const endXml = zip.text(relTarget("/endnotes", "word/endnotes.xml"));
  const foot = footXml ? renderWordXml(footXml, headings, budget, "") : [];
  const end = endXml ? renderWordXml(endXml, headings, budget, "e") : [];

  const body = blocks.join("\n\n");
  const chunks = body.split(PAGE_BREAK).map((s) => s.replace(/\n{3,}/g, "\n\n").trim());
  const notes: string[] = [];
  if (foot.length) notes.push("## Footnotes\n\n" + foot.join("\n\n"));
  if (end.length) notes.push("## Endnotes\n\n" + end.join("\n\n"));
  // Notes go on the last page; empty pages from trailing breaks are dropped but numbering stays sequential.
  const texts = chunks.filter((c, i) => c || i === 0);
  if (notes.length) texts[texts.length - 1] = [texts[texts.length - 1], ...notes].filter(Boolean).join("\n\n");
  const pages = texts.slice(0, limits.maxPages).map((text, i) => {
    budget.text(text.length);
    return { page: i + 1, text };
  });
  return { pages, title: packageTitle(zip) };
}
