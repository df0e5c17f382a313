// Hostile inputs through the Worker (issue 21): a .doc that looped the parser, a zip bomb, parser text in
// error_message, LIKE wildcards in ?name=, and an upload body without Content-Length.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { FAIL_MESSAGES, parseDocument } from "../../src/documents/parsers";
import { call, createOrg, jsonOf } from "../helpers/harness";
import { docxBomb, loopingDoc } from "../parsers/hostile";
import { TXT, addSource, createBatch, settledSource, settledVault, uploadUrl, vaultUpload } from "./doc-helpers";

const DOC = "application/msword";
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const text = (s: string) => new TextEncoder().encode(s);

/** A compound-file header followed by garbage: the cfb library throws on it with its own words. */
function corruptCompoundFile(): Uint8Array {
  const bytes = new Uint8Array(2048);
  bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  for (let i = 8; i < bytes.length; i++) bytes[i] = (i * 37) & 0xff;
  return bytes;
}

describe("hostile files end failed with a documented code and our own message", () => {
  it("settles a .doc whose piece table never advances (cbGrpprl = -3) as CONVERSION_FAILED, in both flows", async () => {
    const org = await createOrg();
    const batch = await createBatch(org.key);
    const bytes = loopingDoc();
    const source = await addSource(org.key, batch, "loop.doc", DOC, bytes);
    const vault = await vaultUpload(org.key, "loop.doc", DOC, bytes);
    expect(await settledSource(org.key, source.source_id)).toMatchObject({
      status: "failed",
      fail_code: "CONVERSION_FAILED",
      error_message: FAIL_MESSAGES.CONVERSION_FAILED,
    });
    expect(await settledVault(org.key, vault.id)).toMatchObject({ status: "Syncing Failed", fail_code: "CONVERSION_FAILED" });
    // The queue keeps working after it: an ordinary file behind it settles too.
    const next = await addSource(org.key, batch, "note.txt", TXT, text("Operating margin rose to 12 percent."));
    expect(await settledSource(org.key, next.source_id)).toMatchObject({ status: "success" });
  });

  it("settles a DOCX holding a 150 MB document.xml as PARSE_LIMIT_EXCEEDED", async () => {
    const org = await createOrg();
    const batch = await createBatch(org.key);
    const source = await addSource(org.key, batch, "bomb.docx", DOCX, docxBomb(150));
    expect(await settledSource(org.key, source.source_id)).toMatchObject({
      status: "failed",
      fail_code: "PARSE_LIMIT_EXCEEDED",
      error_message: FAIL_MESSAGES.PARSE_LIMIT_EXCEEDED,
    });
  });

  it("never shows a parser's exception text in error_message", async () => {
    const bytes = corruptCompoundFile();
    const direct = await parseDocument(bytes, { fileName: "broken.doc" });
    // The parser's own detail quotes the cfb library...
    expect(direct).toMatchObject({ ok: false, code: "CONVERSION_FAILED", message: expect.stringContaining("corrupt compound file:") });
    const detail = direct.ok ? "" : direct.message;

    const org = await createOrg();
    const batch = await createBatch(org.key);
    const source = await addSource(org.key, batch, "broken.doc", DOC, bytes);
    const settled = await settledSource(org.key, source.source_id);
    // ...the client gets our message for the code.
    expect(settled).toMatchObject({ status: "failed", fail_code: "CONVERSION_FAILED", error_message: FAIL_MESSAGES.CONVERSION_FAILED });
    expect(settled.error_message).not.toContain(detail.replace("corrupt compound file: ", ""));
    expect(settled.error_message).not.toContain("compound file");
  });
});
