// Minimal ZIP reader for OOXML packages, with zip-bomb limits enforced before and during inflation.
// Reads the central directory itself (sizes, entry count) and inflates one entry at a time with fflate,
// straight into one buffer of the entry's declared size, charging the parse budget as it goes.

import { Inflate } from "fflate";
import type { ParseBudget } from "./budget";
import { fail, ParseError } from "./types";
import { attr, walkXml } from "./xml";

export interface ZipLimits {
  /** Maximum number of entries in the central directory. */
  maxEntries: number;
  /** Charged with every inflated byte; caps one entry and the package. */
  budget: ParseBudget;
}

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

// Compressed bytes per inflate step. Deflate expands at most ~1032:1, so one step yields at most ~4 MB:
// that bounds fflate's working buffer and the overshoot past a lying size field.
const CHUNK = 4 * 1024;

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
    if (count > this.limits.maxEntries) fail("PARSE_LIMIT_EXCEEDED", `ZIP has ${count} entries, more than the limit of ${this.limits.maxEntries}`);
    let p = cdOffset;
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
      if (!Number.isSafeInteger(size) || !Number.isSafeInteger(compressedSize) || !Number.isSafeInteger(localOffset)) {
        fail("CONVERSION_FAILED", "corrupt ZIP central directory");
      }
      this.entries.set(normalize(name), { name, method, compressedSize, size, localOffset });
      p += 46 + nameLen + extraLen + commentLen;
    }
  }

  /**
   * Uncompressed bytes of an entry, or null if the entry does not exist. Its declared size must fit the
   * budget before anything is inflated, and the output may not outgrow it: a lying size field is corrupt.
   */
  read(name: string): Uint8Array | null {
    const entry = this.entries.get(normalize(name));
    if (!entry) return null;
    const b = this.bytes;
    const lo = entry.localOffset;
    if (lo + 30 > b.length || u32(b, lo) !== 0x04034b50) fail("CONVERSION_FAILED", `corrupt ZIP local header for ${entry.name}`);
    const start = lo + 30 + u16(b, lo + 26) + u16(b, lo + 28);
    const data = b.subarray(start, Math.min(b.length, start + entry.compressedSize));
    const budget = this.limits.budget;
    const room = budget.entryRoom;
    if (entry.method === 0) {
      if (data.length > room) fail("PARSE_LIMIT_EXCEEDED", `ZIP entry ${entry.name} holds ${data.length} bytes, more than the ${room} allowed`);
      budget.inflated(data.length);
      return data;
    }
    if (entry.method !== 8) fail("CONVERSION_FAILED", `unsupported ZIP compression method ${entry.method}`);
    if (entry.size > room) fail("PARSE_LIMIT_EXCEEDED", `ZIP entry ${entry.name} declares ${entry.size} uncompressed bytes, more than the ${room} allowed`);
    // One buffer of the declared size; fflate hands over at most ~4 MB per step and each step is copied in.
    const out = new Uint8Array(entry.size);
    let total = 0;
    const inf = new Inflate((chunk) => {
      if (total + chunk.length > out.length) fail("CONVERSION_FAILED", `ZIP entry ${entry.name} inflates past its declared size of ${out.length} bytes`);
      out.set(chunk, total);
      total += chunk.length;
    });
    try {
      for (let off = 0; off < data.length; off += CHUNK) {
        const end = Math.min(data.length, off + CHUNK);
        inf.push(data.subarray(off, end), end === data.length);
      }
      if (data.length === 0) inf.push(new Uint8Array(0), true);
    } catch (err) {
      if (err instanceof ParseError) throw err;
      // fflate's own words ("invalid distance", "unexpected EOF") stay in the detail.
      fail("CONVERSION_FAILED", `corrupt ZIP entry ${entry.name}: ${(err as Error)?.message ?? String(err)}`);
    }
    budget.inflated(total);
    return total === out.length ? out : out.subarray(0, total);
  }

  /** Entry decoded as UTF-8 text (BOM stripped), or null if missing. */
  text(name: string): string | null {
    const data = this.read(name);
    if (!data) return null;
    return new TextDecoder("utf-8").decode(data);
  }
}

function normalize(name: string): string {
  return name.replace(/\\/g, "/").replace(/^\/+/, "").toLowerCase();
}

/** Resolves a relationship target (e.g. "../media/x.png" from "ppt/slides/") into a package path. */
export function resolvePartPath(baseDir: string, target: string): string {
  if (target.startsWith("/")) return target.slice(1);
  // Empty segments (doubled or trailing slashes) are skipped below.
  const parts = (baseDir ? baseDir + "/" + target : target).split("/");
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
  walkXml(xml, {
    open(name, a) {
      if (name !== "Relationship") return;
      const id = attr(a, "Id");
      const target = attr(a, "Target");
      if (id && target) map.set(id, { target, type: attr(a, "Type") ?? "" });
    },
  });
  return map;
}
