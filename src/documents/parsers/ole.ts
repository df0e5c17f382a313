// Compound File (CFB / OLE2) reader for the legacy DOC, XLS, PPT formats and for encrypted OOXML.
// Office 2007+ files saved with a password are a CFB holding EncryptionInfo + EncryptedPackage streams.
// Written here rather than with the cfb package: cfb follows a looping FAT chain forever (a 34 KB file
// filled 1.5 GB) and walks every chain from every sector (quadratic). Here each chain visits a sector at
// most once and stops at a loop, and only the root-level streams asked for are read.

import { fail } from "./types";

const MAXREGSECT = 0xfffffffa; // larger values: DIFSECT, FATSECT, ENDOFCHAIN, FREESECT
const MINI_SECTOR = 64;
const MINI_CUTOFF = 4096;
const DIR_ENTRY = 128;

export function isCfb(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 8 &&
    bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0 &&
    bytes[4] === 0xa1 && bytes[5] === 0xb1 && bytes[6] === 0x1a && bytes[7] === 0xe1
  );
}

interface DirEntry {
  name: string;
  type: number; // 1 storage, 2 stream, 5 root
  left: number;
  right: number;
  child: number;
  start: number;
  size: number;
  content?: Uint8Array;
}

export class OleFile {
  private readonly ssz: number;
  /** Sectors that start inside the file (the last one may be short). */
  private readonly sectorCount: number;
  private readonly fat: Uint32Array;
  private readonly entries: DirEntry[];
  /** Streams directly under the root storage. */
  private readonly rootStreams: DirEntry[];
  private mini: { stream: Uint8Array; fat: Uint32Array } | null = null;

  constructor(private readonly bytes: Uint8Array) {
    if (!isCfb(bytes) || bytes.length < 512) fail("CONVERSION_FAILED", "not a compound file");
    const major = u16(bytes, 0x1a);
    const shift = u16(bytes, 0x1e);
    if (!((major === 3 && shift === 9) || (major === 4 && shift === 12))) fail("CONVERSION_FAILED", `unsupported compound file version ${major} (sector shift ${shift})`);
    if (u16(bytes, 0x20) !== 6 || u32(bytes, 0x38) !== MINI_CUTOFF) fail("CONVERSION_FAILED", "corrupt compound file header (mini stream)");
    this.ssz = 1 << shift;
    this.sectorCount = Math.max(0, Math.ceil(bytes.length / this.ssz) - 1);

    // FAT sectors: 109 in the header, then the DIFAT chain (each sector's last entry links the next).
    const fatSectors: number[] = [];
    for (let i = 0; i < 109; i++) {
      const s = u32(bytes, 0x4c + i * 4);
      if (s > MAXREGSECT) break;
      fatSectors.push(s);
    }
    const perSector = this.ssz / 4;
    const seenDifat = new Uint8Array(this.sectorCount);
    let difat = u32(bytes, 0x44);
    for (let n = u32(bytes, 0x48); n > 0 && difat < this.sectorCount && !seenDifat[difat]; n--) {
      seenDifat[difat] = 1;
      const sector = this.sector(difat);
      let i = 0;
      for (; i < perSector - 1; i++) {
        const s = u32(sector, i * 4);
        if (!(s <= MAXREGSECT)) break;
        fatSectors.push(s);
      }
      if (i < perSector - 1) break;
      difat = u32(sector, this.ssz - 4);
    }
    if (fatSectors.length > this.sectorCount) fail("CONVERSION_FAILED", "corrupt compound file (more FAT sectors than sectors)");
    this.fat = new Uint32Array(fatSectors.length * perSector).fill(0xffffffff);
    fatSectors.forEach((s, k) => {
      const sector = this.sector(s);
      for (let i = 0; i + 4 <= sector.length; i += 4) this.fat[k * perSector + i / 4] = u32(sector, i);
    });

    // Directory entries, then the root-level streams: the sibling tree under the root's child.
    const dir = this.readChain(u32(bytes, 0x30), this.ssz, (s) => this.fat[s], this.sectorCount, (s) => this.sector(s), Number.MAX_SAFE_INTEGER);
    this.entries = [];
    for (let o = 0; o + DIR_ENTRY <= dir.length; o += DIR_ENTRY) {
      const nameBytes = Math.min(64, u16(dir, o + 64));
      this.entries.push({
        name: utf16le(dir.subarray(o, o + Math.max(0, nameBytes - 2))).replace(/\u0000/g, ""),
        type: dir[o + 66],
        left: u32(dir, o + 68),
        right: u32(dir, o + 72),
        child: u32(dir, o + 76),
        start: u32(dir, o + 116),
        size: u32(dir, o + 120),
      });
    }
    const root = this.entries[0];
    if (!root || root.type !== 5) fail("CONVERSION_FAILED", "corrupt compound file (no root entry)");
    this.rootStreams = [];
    const seen = new Uint8Array(this.entries.length);
    const stack = [root.child];
    while (stack.length) {
      const id = stack.pop()!;
      if (id >= this.entries.length || seen[id]) continue;
      seen[id] = 1;
      const e = this.entries[id];
      if (e.type === 2) this.rootStreams.push(e);
      stack.push(e.left, e.right);
    }
  }

  private sector(n: number): Uint8Array {
    const o = (n + 1) * this.ssz;
    return this.bytes.subarray(o, o + this.ssz);
  }

  /**
   * The bytes of a chain of sectors, at most `size`. Each sector is visited once: the chain ends at
   * ENDOFCHAIN, at a sector outside the file, or where it would loop back (then the content is cut there).
   */
  private readChain(start: number, unit: number, next: (s: number) => number, count: number, at: (s: number) => Uint8Array, size: number): Uint8Array {
    const order: number[] = [];
    const seen = new Uint8Array(count);
    for (let s = start; s < count && !seen[s] && order.length * unit < size; s = next(s)) {
      seen[s] = 1;
      order.push(s);
    }
    const out = new Uint8Array(Math.min(size, order.length * unit));
    order.forEach((s, k) => {
      const part = at(s);
      const o = k * unit;
      if (o < out.length) out.set(part.subarray(0, Math.min(part.length, out.length - o)), o);
    });
    return out;
  }

  /** The mini stream (the root entry's chain) and the mini FAT, read once when a small stream is asked for. */
  private miniStreams(): { stream: Uint8Array; fat: Uint32Array } {
    if (!this.mini) {
      const root = this.entries[0];
      const stream = this.readChain(root.start, this.ssz, (s) => this.fat[s], this.sectorCount, (s) => this.sector(s), root.size);
      const fatBytes = this.readChain(u32(this.bytes, 0x3c), this.ssz, (s) => this.fat[s], this.sectorCount, (s) => this.sector(s), Number.MAX_SAFE_INTEGER);
      const fat = new Uint32Array(fatBytes.length >> 2);
      for (let i = 0; i < fat.length; i++) fat[i] = u32(fatBytes, i * 4);
      this.mini = { stream, fat };
    }
    return this.mini;
  }

  private content(e: DirEntry): Uint8Array {
    if (!e.content) {
      if (e.size < MINI_CUTOFF) {
        const { stream, fat } = this.miniStreams();
        const count = Math.min(fat.length, Math.floor(stream.length / MINI_SECTOR));
        e.content = this.readChain(e.start, MINI_SECTOR, (s) => fat[s], count, (s) => stream.subarray(s * MINI_SECTOR, (s + 1) * MINI_SECTOR), e.size);
      } else {
        e.content = this.readChain(e.start, this.ssz, (s) => this.fat[s], this.sectorCount, (s) => this.sector(s), e.size);
      }
    }
    return e.content;
  }

  has(name: string): boolean {
    return this.find(name) !== undefined;
  }

  private find(name: string): DirEntry | undefined {
    const lower = name.toLowerCase();
    return this.rootStreams.find((e) => e.name.toLowerCase() === lower);
  }

  /** Content of a root-level stream by (case-insensitive) name, or null. */
  stream(name: string): Uint8Array | null {
    const e = this.find(name);
    return e ? this.content(e) : null;
  }

  /** True for the encrypted-OOXML wrapper (ECMA-376 agile/standard encryption, or IRM/DRM). */
  get isEncryptedPackage(): boolean {
    return this.has("EncryptedPackage") || this.has("EncryptionInfo") || this.has("\u0006DataSpaces");
  }
}

export function u16(b: Uint8Array, o: number): number {
  return b[o] | (b[o + 1] << 8);
}
export function u32(b: Uint8Array, o: number): number {
  return (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16)) + b[o + 3] * 0x1000000;
}
export function i32(b: Uint8Array, o: number): number {
  return b[o] | (b[o + 1] << 8) | (b[o + 2] << 16) | (b[o + 3] << 24);
}

/** Decodes UTF-16LE bytes. */
export function utf16le(b: Uint8Array): string {
  return new TextDecoder("utf-16le").decode(b);
}
