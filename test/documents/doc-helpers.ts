// Document-flow helpers for tests: upload through the signed URL, register, poll until settled.
import { SELF, env } from "cloudflare:test";
import { call, jsonOf } from "../helpers/harness";

export const PDF = "application/pdf";
export const TXT = "text/plain";

export async function fixture(path: string): Promise<Uint8Array> {
  const res = await env.FIXTURES.fetch(`http://f/${path}`);
  if (!res.ok) throw new Error(`fixture ${path}: ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

export async function createBatch(key: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await call("/v1/source_batches", { key, body: { ...extra } });
  if (res.status !== 200) throw new Error(`batch: ${res.status} ${await res.text()}`);
  return (await jsonOf(res)).payload.source_batch_id;
}

export async function uploadUrl(key: string, body: Record<string, unknown>): Promise<Response> {
  return call("/v1/sources/upload_url", { key, body });
}

export async function put(url: string, bytes: Uint8Array, contentType: string, length?: number): Promise<Response> {
  return SELF.fetch(url, { method: "PUT", body: bytes, headers: { "Content-Type": contentType, "Content-Length": String(length ?? bytes.byteLength) } });
}

/** upload_url + PUT; returns the file_key. */
export async function upload(key: string, opts: { batchId?: string; fileName: string; contentType: string; bytes: Uint8Array; extra?: Record<string, unknown> }): Promise<string> {
  const res = await uploadUrl(key, { source_batch_id: opts.batchId, file_name: opts.fileName, content_type: opts.contentType, size: opts.bytes.byteLength, ...(opts.extra ?? {}) });
  if (res.status !== 200) throw new Error(`upload_url: ${res.status} ${await res.text()}`);
  const { upload_url, file_key } = (await jsonOf(res)).payload;
  const putRes = await put(upload_url, opts.bytes, opts.contentType);
  if (putRes.status !== 200) throw new Error(`PUT: ${putRes.status} ${await putRes.text()}`);
  return file_key;
}

export async function addSource(key: string, batchId: string, fileName: string, contentType: string, bytes: Uint8Array, extra: Record<string, unknown> = {}) {
  const fileKey = await upload(key, { batchId, fileName, contentType, bytes, extra });
  const res = await call("/v1/sources", { key, body: { source_batch_id: batchId, name: fileName.replace(/\.[a-z]+$/i, ""), file_key: fileKey, ...extra } });
  if (res.status !== 200) throw new Error(`sources: ${res.status} ${await res.text()}`);
  return { fileKey, ...(await jsonOf<{ source_id: string; size: number; status: string }>(res)) };
}

export async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function settledSource(key: string, sourceId: string, query = "") {
  return until(
    async () => jsonOf(await call(`/v1/sources/${sourceId}${query}`, { key })),
    (s) => s.status !== "processing",
  );
}

export async function vaultUpload(key: string, fileName: string, contentType: string, bytes: Uint8Array, confirm: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  const fileKey = await upload(key, { fileName, contentType, bytes, extra });
  const res = await call("/v2/vault/confirm", { key, body: { file_key: fileKey, name: fileName, ...confirm, ...extra } });
  if (res.status !== 200) throw new Error(`confirm: ${res.status} ${await res.text()}`);
  return { fileKey, id: (await jsonOf(res)).payload.rms_document_id as string };
}

export async function settledVault(key: string, id: string, query = "") {
  return until(
    async () => (await jsonOf(await call(`/v2/vault/status?rms_document_ids=${id}${query}`, { key }))).statuses[0],
    (s) => s && s.status !== "Syncing...",
  );
}
