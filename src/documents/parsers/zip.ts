// Minimal ZIP reader for OOXML packages, with zip-bomb limits enforced before and during inflation.
// Reads the central directory itself (sizes, entry count) and inflates one entry at a time with fflate.

import { Inflate } from "fflate";
import { fail } from "./types";

export interface ZipLimits {
  /** Total uncompressed bytes allowed across every entry read from this archive. */
  maxUncompressedBytes: number;
  /** Maximum number of entries in the central directory. */
  maxEntries: number;
}

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const CHUNK = 16 * 1024; // compressed bytes per inflate step: bounds the overshoot past the limit to ~16 MB

function u16(b: Uint8Array, o: number): number {
  return b[o] | (b[o + 1] << 8);
}
function u32(b: Uint8Array, o: number): number {
  return (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16)) + b[o + 3] * 0x1000000;
}
function u64(b: Uint8Array, o: number): number {
  return u32(b, o) + u32(b, o + 4) * 0x100000000;
}

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 && bytes[3] === 4;
}

export class ZipArchive {
  private readonly entries = new Map<string, Entry>();
  private inflated = 0;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly limits: ZipLimits,
  ) {
    this.readCentralDirectory();
  }

  get names(): string[] {
    return [...this.entries.keys()];
  }

  has(name: string): boolean {
    return this.entries.has(normalize(name));
  }

  private readCentralDirectory(): void {
    const b = this.bytes;
    // End of central directory: last 22 bytes + up to 64 KB comment.
    let eocd = -1;
    for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 0xffff); i--) {
      if (b[i] === 0x50 && b[i + 1] === 0x4b && b[i + 2] === 5 && b[i + 3] === 6) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) fail("CONVERSION_FAILED", "ZIP end of central directory not found");
    let count = u16(b, eocd + 10);
    let cdOffset = u32(b, eocd + 16);
    if ((count === 0xffff || cdOffset === 0xffffffff) && eocd >= 20) {
      const loc = eocd - 20; // ZIP64 end of central directory locator
      if (u32(b, loc) === 0x07064b50) {
        const z64 = u64(b, loc + 8);
        if (z64 + 56 <= b.length && u32(b, z64) === 0x06064b50) {
          count = u64(b, z64 + 32);
          cdOffset = u64(b, z64 + 48);
        }
      }
    }
    if (count > this.limits.maxEntries) fail("CONVERSION_FAILED", `ZIP has ${count} entries, more than the limit of ${this.limits.maxEntries}`);
    let p = cdOffset;
    let declaredTotal = 0;
    for (let n = 0; n < count; n++) {
      if (p + 46 > b.length || u32(b, p) !== 0x02014b50) fail("CONVERSION_FAILED", "corrupt ZIP central directory");
      const flags = u16(b, p + 8);
      const method = u16(b, p + 10);
      let compressedSize = u32(b, p + 20);
      let size = u32(b, p + 24);
      const nameLen = u16(b, p + 28);
      const extraLen = u16(b, p + 30);
      const commentLen = u16(b, p + 32);
      let localOffset = u32(b, p + 42);
      const name = new TextDecoder().decode(b.subarray(p + 46, p + 46 + nameLen));
      // ZIP64 extended information extra field.
      let e = p + 46 + nameLen;
      const eEnd = e + extraLen;
      while (e + 4 <= eEnd) {
        const id = u16(b, e);
        const len = u16(b, e + 2);
        if (id === 1) {
          let q = e + 4;
          if (size === 0xffffffff) (size = u64(b, q)), (q += 8);
          if (compressedSize === 0xffffffff) (compressedSize = u64(b, q)), (q += 8);
          if (localOffset === 0xffffffff) localOffset = u64(b, q);
        }
        e += 4 + len;
      }
      if (flags & 1) fail("CONVERSION_FAILED", "encrypted ZIP entries are not supported");
      declaredTotal += size;
      if (declaredTotal > this.limits.maxUncompressedBytes)
        fail("CONVERSION_FAILED", `ZIP declares more than ${this.limits.maxUncompressedBytes} uncompressed bytes`);
      this.entries.set(normalize(name), { name, method, compressedSize, size, localOffset });
      p += 46 + nameLen + extraLen + commentLen;
    }
  }

  /** Uncompressed bytes of an entry, or null if the entry does not exist. */
  read(name: string): Uint8Array | null {
    const entry = this.entries.get(normalize(name));
    if (!entry) return null;
    const b = this.bytes;
    const lo = entry.localOffset;
    if (lo + 30 > b.length || u32(b, lo) !== 0x04034b50) fail("CONVERSION_FAILED", `corrupt ZIP local header for ${entry.name}`);
    const start = lo + 30 + u16(b, lo + 26) + u16(b, lo + 28);
    const data = b.subarray(start, Math.min(b.length, start + entry.compressedSize));
    const budget = this.limits.maxUncompressedBytes - this.inflated;
    if (entry.method === 0) {
      this.charge(data.length, budget);
      return data;
    }
    if (entry.method !== 8) fail("CONVERSION_FAILED", `unsupported ZIP compression method ${entry.method}`);
    // Stream-inflate in small steps so a lying size field cannot make us allocate or spin past the budget.
    const chunks: Uint8Array[] = [];
    let total = 0;
    const inf = new Inflate((chunk) => {
      total += chunk.length;
      if (total > budget) fail("CONVERSION_FAILED", `ZIP entry ${entry.name} inflates past the ${this.limits.maxUncompressedBytes}-byte limit`);
      chunks.push(chunk);
    });
    for (let off = 0; off < data.length; off += CHUNK) {
      const end = Math.min(data.length, off + CHUNK);
      inf.push(data.subarray(off, end), end === data.length);
    }
    if (data.length === 0) inf.push(new Uint8Array(0), true);
    this.inflated += total;
    if (chunks.length === 1) return chunks[0];
    const out = new Uint8Array(total);
    let o = 0;
    for (const c of chunks) {
      out.set(c, o);
      o += c.length;
    }
    return out;
  }

  /** Entry decoded as UTF-8 text (BOM stripped), or null if missing. */
  text(name: string): string | null {
    const data = this.read(name);
    if (!data) return null;
    return new TextDecoder("utf-8").decode(data);
  }

  private charge(n: number, budget: number): void {
    if (n > budget) fail("CONVERSION_FAILED", `ZIP content exceeds the ${this.limits.maxUncompressedBytes}-byte limit`);
    this.inflated += n;
  }
}

function normalize(name: string): string {
  return name.replace(/\\/g, "/").replace(/^\/+/, "").toLowerCase();
}

/** Resolves a relationship target (e.g. "../media/x.png" from "ppt/slides/") into a package path. */
export function resolvePartPath(baseDir: string, target: string): string {
  if (target.startsWith("/")) return target.slice(1);
  const parts = (baseDir ? baseDir.replace(/\/+$/, "") + "/" + target : target).split("/");
  const out: string[] = [];
  for (const p of parts) {
    if (p === "..") out.pop();
    else if (p !== "." && p !== "") out.push(p);
  }
  return out.join("/");
}

/** Parses a .rels part into Id -> {target, type}. */
export function parseRels(xml: string | null): Map<string, { target: string; type: string }> {
  const map = new Map<string, { target: string; type: string }>();
  if (!xml) return map;
  const re = /<(?:\w+:)?Relationship\b([^>]*)\/?>/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(xml))) {
    const a = m[1];
    const id = /\bId\s*=\s*"([^"]*)"/.exec(a)?.[1];
    const target = /\bTarget\s*=\s*"([^"]*)"/.exec(a)?.[1];
    const type = /\bType\s*=\s*"([^"]*)"/.exec(a)?.[1] ?? "";
    if (id && target) map.set(id, { target: target.replace(/&amp;/g, "&"), type });
  }
  return map;
}
