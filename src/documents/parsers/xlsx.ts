// XLSX (SpreadsheetML) to text: one page per sheet, "## Sheet: <name>" + markdown table of displayed values.
// Numbers go through the cell's number format (currency, %, (negatives), dates) via numfmt.ts.

import { builtinFormat, formatCellNumber } from "./numfmt";
import { mainPartPath, openPackage, packageTitle, partRels } from "./ooxml";
import { cellRef, SheetGrid } from "./sheet-render";
import { attr, relId, walkXml } from "./xml";
import type { ParseLimits } from "./budget";
import { fail, type ParsedDoc, type ParsedPage } from "./types";

function sharedStrings(xml: string | null): string[] {
  const out: string[] = [];
  if (!xml) return out;
  let parts: string[] | null = null;
  let inT = 0;
  let inRph = 0;
  walkXml(xml, {
    open(name) {
      if (name === "si") parts = [];
      else if (name === "t") inT++;
      else if (name === "rPh") inRph++; // phonetic guide text: not displayed
    },
    close(name) {
      if (name === "si") {
        out.push(parts ? parts.join("") : "");
        parts = null;
      } else if (name === "t") inT--;
      else if (name === "rPh") inRph--;
    },
    text(t) {
      if (parts && inT > 0 && inRph === 0) parts.push(t);
    },
  });
  return out;
}

/** cellXfs index -> number format code. */
function cellFormats(xml: string | null): string[] {
  if (!xml) return [];
  const custom = new Map<number, string>();
  const xfs: string[] = [];
  let inCellXfs = 0;
  walkXml(xml, {
    open(name, a) {
      if (name === "numFmt") {
        const id = Number(attr(a, "numFmtId"));
        const code = attr(a, "formatCode");
        if (code !== undefined) custom.set(id, code);
      } else if (name === "cellXfs") inCellXfs++;
      else if (name === "xf" && inCellXfs) {
        const id = Number(attr(a, "numFmtId") ?? 0);
        xfs.push(custom.get(id) ?? builtinFormat(id) ?? "General");
      }
    },
    close(name) {
      if (name === "cellXfs") inCellXfs--;
    },
  });
  return xfs;
}

function renderSheet(xml: string, name: string, strings: string[], formats: string[], date1904: boolean, limits: ParseLimits): string {
  const grid = new SheetGrid(limits.maxRowsPerSheet);
  let row = -1;
  let col = -1;
  let type = "n";
  let style = 0;
  let value: string[] | null = null; // text of <v> or of <is><t>
  let inV = 0;
  let inIs = 0;
  let inRph = 0;
  let stop = false;
  walkXml(xml, {
    open(el, a) {
      switch (el) {
        case "row": {
          const r = Number(attr(a, "r"));
          row = Number.isFinite(r) && r > 0 ? r - 1 : row + 1;
          col = -1;
          return;
        }
        case "c": {
          const ref = attr(a, "r");
          const rc = ref ? cellRef(ref) : null;
          if (rc) [row, col] = rc;
          else col++;
          type = attr(a, "t") ?? "n";
          style = Number(attr(a, "s") ?? 0);
          value = null;
          return;
        }
        case "v":
          inV++;
          value = [];
          return;
        case "is":
          inIs++;
          value = [];
          return;
        case "rPh":
          inRph++;
          return;
      }
    },
    close(el) {
      if (el === "v") inV--;
      else if (el === "is") inIs--;
      else if (el === "rPh") inRph--;
      else if (el === "c") {
        if (value === null || row < 0 || col < 0) return;
        const raw = value.join("");
        let text: string;
        switch (type) {
          case "s":
            text = strings[Number(raw)] ?? "";
            break;
          case "str":
          case "inlineStr":
          case "e":
          case "d":
            text = raw;
            break;
          case "b":
            text = raw === "1" ? "TRUE" : "FALSE";
            break;
          default: {
            const n = Number(raw);
            text = raw.trim() === "" || !Number.isFinite(n) ? raw : formatCellNumber(n, formats[style], date1904);
          }
        }
        if (!grid.set(row, col, text)) stop = true;
      }
    },
    text(t) {
      if (value && (inV > 0 || (inIs > 0 && inRph === 0))) value.push(t);
    },
    stop: () => stop,
  });
  return grid.render(name, limits.budget);
}

export function parseXlsx(bytes: Uint8Array, limits: ParseLimits): ParsedDoc {
  const zip = openPackage(bytes, limits);
  const wbPath = mainPartPath(zip, "xl/workbook.xml");
  const wb = zip.text(wbPath);
  if (!wb) fail("CONVERSION_FAILED", "the XLSX has no workbook part");
  const rels = partRels(zip, wbPath);
  const sheets: { name: string; path: string }[] = [];
  let date1904 = false;
  walkXml(wb, {
    open(el, a) {
      if (el === "workbookPr") date1904 = /^(1|true)$/.test(attr(a, "date1904") ?? "");
      else if (el === "sheet") {
        const rid = relId(a);
        const target = rid ? rels.get(rid) : undefined;
        if (target && /worksheet$/.test(target.type)) sheets.push({ name: attr(a, "name") ?? `Sheet${sheets.length + 1}`, path: target.target });
      }
    },
  });
  let ssPath = "xl/sharedStrings.xml";
  let stylesPath = "xl/styles.xml";
  for (const r of rels.values()) {
    if (r.type.endsWith("/sharedStrings")) ssPath = r.target;
    else if (r.type.endsWith("/styles")) stylesPath = r.target;
  }
  const strings = sharedStrings(zip.text(ssPath));
  const formats = cellFormats(zip.text(stylesPath));
  const pages: ParsedPage[] = [];
  for (const s of sheets.slice(0, limits.maxPages)) {
    const xml = zip.text(s.path);
    if (xml === null) continue;
    const text = renderSheet(xml, s.name, strings, formats, date1904, limits);
    limits.budget.text(text.length);
    pages.push({ page: pages.length + 1, text });
  }
  if (pages.length === 0) fail("CONVERSION_FAILED", "the workbook has no worksheets");
  return { pages, title: packageTitle(zip) };
}
