// Hostile inputs through the Worker (issue 21): a .doc that looped the parser, a zip bomb, parser text in
// error_message, LIKE wildcards in ?name=, and an upload body without Content-Length.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { FAIL_MESSAGES, parseDocument } from "../../src/documents/parsers";
import { call, createOrg, jsonOf } from "../helpers/harness";
import { docx, docxBomb, loopingDoc } from "../parsers/hostile";
import { TXT, addSource, createBatch, settledSource, settledVault, uploadUrl, vaultUpload } from "./doc-helpers";

const DOC = "application/msword";
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const text = (s: string) => new TextEncoder().encode(s);

/** A DOCX whose document.xml starts with a deflate block of the reserved type 3: fflate throws on it in its own words. */
function corruptDocx(): Uint8Array {
  const zip = docx("<w:p><w:r><w:t>Quarterly results</w:t></w:r></w:p>");
  const dv = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let o = 0; o + 30 < zip.length; o++) {
    if (dv.getUint32(o, true) !== 0x04034b50) continue;
    const nameLen = dv.getUint16(o + 26, true);
    const name = new TextDecoder().decode(zip.subarray(o + 30, o + 30 + nameLen));
    if (name === "word/document.xml") {
      zip[o + 30 + nameLen + dv.getUint16(o + 28, true)] = 0x07; // BFINAL = 1, BTYPE = 11
      return zip;
    }
  }
  throw new Error("no word/document.xml");
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
    const bytes = corruptDocx();
    const direct = await parseDocument(bytes, { fileName: "broken.docx" });
    // The parser's own detail quotes fflate...
    expect(direct).toMatchObject({ ok: false, code: "CONVERSION_FAILED", message: expect.stringContaining("invalid block type") });

    const org = await createOrg();
    const batch = await createBatch(org.key);
    const source = await addSource(org.key, batch, "broken.docx", DOCX, bytes);
    const settled = await settledSource(org.key, source.source_id);
    // ...the client gets our message for the code.
    expect(settled).toMatchObject({ status: "failed", fail_code: "CONVERSION_FAILED", error_message: FAIL_MESSAGES.CONVERSION_FAILED });
    expect(settled.error_message).not.toContain("invalid block type");
    expect(settled.error_message).not.toContain("document.xml");
  });
});

describe("GET /v1/status/documents?name=", () => {
  it("matches _, % and \\ in a name literally, not as LIKE wildcards", async () => {
    const org = await createOrg();
    const names = ["report_2024.pdf", "reportX2024.pdf", "growth 10%.txt", "growth 10x.txt", "a\\b.txt", "ab.txt"];
    const ids = new Map<string, string>();
    for (const name of names) ids.set(name, (await vaultUpload(org.key, name, TXT, text(`notes on ${name}`), { visibility: "organization" })).id);
    const found = async (q: string) =>
      ((await jsonOf(await call(`/v1/status/documents?name=${encodeURIComponent(q)}`, { key: org.key }))).payload as { document_name: string }[])
        .map((d) => d.document_name)
        .sort();
    expect(await found("report_2024")).toEqual(["report_2024.pdf"]);
    expect(await found("REPORT_")).toEqual(["report_2024.pdf"]);
    expect(await found("10%")).toEqual(["growth 10%.txt"]);
    expect(await found("%")).toEqual(["growth 10%.txt"]);
    expect(await found("a\\b")).toEqual(["a\\b.txt"]);
    expect(await found("report")).toEqual(["reportX2024.pdf", "report_2024.pdf"]);
  });
});

describe("PUT {upload_url} without Content-Length", () => {
  async function issued(key: string, size: number) {
    const res = await uploadUrl(key, { file_name: "streamed.txt", content_type: TXT, size });
    return (await jsonOf(res)).payload as { upload_url: string; file_key: string };
  }

  /** A body stream of `chunks` chunks of `chunkSize` bytes, counting how many were pulled. */
  function counted(chunks: number, chunkSize: number, fill = 0x61) {
    const state = { pulled: 0 };
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (state.pulled >= chunks) return controller.close();
        state.pulled++;
        controller.enqueue(new Uint8Array(chunkSize).fill(fill));
      },
    });
    return { stream, state };
  }

  const putStream = (url: string, body: ReadableStream<Uint8Array>) => SELF.fetch(url, { method: "PUT", body, headers: { "Content-Type": TXT } });

  it("takes a chunked body of exactly the signed size", async () => {
    const org = await createOrg();
    const { upload_url } = await issued(org.key, 10 * 1024);
    const { stream } = counted(10, 1024);
    const res = await putStream(upload_url, stream);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ size: 10 * 1024 });
  });

  it("refuses a longer body as soon as it passes the signed size, without reading the rest", async () => {
    const org = await createOrg();
    const { upload_url } = await issued(org.key, 100 * 1024);
    // 64 MB offered in 64 KB chunks; the URL takes 100 KB.
    const { stream, state } = counted(1024, 64 * 1024);
    const res = await putStream(upload_url, stream);
    expect(res.status).toBe(400);
    const body = await jsonOf(res);
    expect(body.error.code).toBe("INVALID_REQUEST_BODY");
    expect(body.error.message).toContain("longer than 102400 bytes");
    expect(state.pulled).toBeLessThan(16);
  });

  it("refuses a shorter body", async () => {
    const org = await createOrg();
    const { upload_url } = await issued(org.key, 4096);
    const { stream } = counted(1, 1000);
    const res = await putStream(upload_url, stream);
    expect(res.status).toBe(400);
    expect((await jsonOf(res)).error.message).toContain("Body is 1000 bytes");
  });
});
