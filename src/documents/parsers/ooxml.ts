// Package-level helpers shared by the DOCX, XLSX and PPTX parsers: open the zip, find parts, read the title.
// Keeps the zip limits in one place so every OOXML format is protected against zip bombs the same way.

import { parseRels, resolvePartPath, ZipArchive } from "./zip";
import { textOf } from "./xml";
import type { ParseLimits } from "./budget";
import { fail } from "./types";

export const MAX_ZIP_ENTRIES = 10_000;

export function openPackage(bytes: Uint8Array, limits: ParseLimits): ZipArchive {
  return new ZipArchive(bytes, { maxEntries: MAX_ZIP_ENTRIES, budget: limits.budget });
}

/** The main part (e.g. word/document.xml) named by the package relationships, or the fallback path. */
export function mainPartPath(zip: ZipArchive, fallback: string): string {
  const rels = parseRels(zip.text("_rels/.rels"));
  for (const r of rels.values()) {
    if (r.type.endsWith("/officeDocument")) {
      const p = resolvePartPath("", r.target);
      if (zip.has(p)) return p;
    }
  }
  if (!zip.has(fallback)) fail("CONVERSION_FAILED", `the package has no ${fallback}`);
  return fallback;
}

/** Relationships of a part: "word/document.xml" -> "word/_rels/document.xml.rels", targets resolved. */
export function partRels(zip: ZipArchive, partPath: string): Map<string, { target: string; type: string }> {
  const dir = partPath.includes("/") ? partPath.slice(0, partPath.lastIndexOf("/")) : "";
  const file = partPath.slice(partPath.lastIndexOf("/") + 1);
  const rels = parseRels(zip.text(`${dir ? dir + "/" : ""}_rels/${file}.rels`));
  for (const r of rels.values()) r.target = /^[a-z]+:/i.test(r.target) ? r.target : resolvePartPath(dir, r.target);
  return rels;
}

export function packageTitle(zip: ZipArchive): string | undefined {
  const core = zip.text("docProps/core.xml");
  if (!core) return undefined;
  const t = textOf(core, "title").trim();
  return t || undefined;
}
