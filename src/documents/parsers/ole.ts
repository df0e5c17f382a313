// Compound File (CFB / OLE2) helpers for the legacy DOC, XLS, PPT formats and for encrypted OOXML.
// Office 2007+ files saved with a password are a CFB holding EncryptionInfo + EncryptedPackage streams.

import * as CFB from "cfb";
import { fail } from "./types";

export function isCfb(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 8 &&
    bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0 &&
    bytes[4] === 0xa1 && bytes[5] === 0xb1 && bytes[6] === 0x1a && bytes[7] === 0xe1
  );
}

export class OleFile {
  private readonly container: CFB.CFB$Container;

  constructor(bytes: Uint8Array) {
    try {
      this.container = CFB.read(bytes, { type: "array" });
    } catch (err) {
      fail("CONVERSION_FAILED", `corrupt compound file: ${(err as Error)?.message ?? err}`);
    }
  }

  /** Names of the streams directly under the root storage. */
  get rootStreams(): string[] {
    const out: string[] = [];
    const paths = this.container.FullPaths;
    this.container.FileIndex.forEach((e, i) => {
      const p = paths[i];
      if (e.type === 2 && /^[^/]*\/[^/]+$/.test(p)) out.push(e.name);
    });
    return out;
  }

  has(name: string): boolean {
    return this.stream(name) !== null;
  }

  /** Content of a root-level stream by (case-insensitive) name, or null. */
  stream(name: string): Uint8Array | null {
    const lower = name.toLowerCase();
    const paths = this.container.FullPaths;
    for (let i = 0; i < paths.length; i++) {
      const e = this.container.FileIndex[i];
      if (e.type !== 2) continue;
      const p = paths[i];
      const slash = p.indexOf("/");
      if (slash < 0 || p.indexOf("/", slash + 1) >= 0) continue; // only root-level streams
      if (e.name.toLowerCase() !== lower) continue;
      const c = e.content as unknown;
      if (c instanceof Uint8Array) return c;
      if (Array.isArray(c)) return Uint8Array.from(c as number[]);
      return new Uint8Array(0);
    }
    return null;
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
