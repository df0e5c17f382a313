// Time-limited URLs for files in R2. With R2 S3 credentials configured, URLs are presigned for R2 itself
// (aws4fetch); otherwise the Worker serves its own URLs carrying an HMAC-signed token with an expiry.
import { AwsClient } from "aws4fetch";
import type { Env } from "./env";
import { loadConfig } from "./env";
import { hmacHex, timingSafeEqual } from "./crypto";

function base64url(text: string): string {
  const b64 = btoa(String.fromCharCode(...new TextEncoder().encode(text))).replace(/\+/g, "-").replace(/\//g, "_");
  let end = b64.length;
  while (end > 0 && b64[end - 1] === "=") end--;
  return b64.slice(0, end);
}

function fromBase64url(text: string): string {
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

/** A token: base64url(JSON payload with exp in epoch seconds) + "." + HMAC. */
export async function signToken(secret: string, purpose: string, payload: Record<string, unknown>, ttlSeconds: number): Promise<string> {
  const body = base64url(JSON.stringify({ ...payload, exp: Math.floor(Date.now() / 1000) + ttlSeconds }));
  return `${body}.${(await hmacHex(secret, `${purpose}:${body}`)).slice(0, 40)}`;
}

export type TokenCheck<T> = { ok: true; payload: T & { exp: number } } | { ok: false; reason: "invalid" | "expired" };

export async function verifyToken<T>(secret: string, purpose: string, token: string): Promise<TokenCheck<T>> {
  const [body, sig] = token.split(".");
  if (!body || !sig) return { ok: false, reason: "invalid" };
  if (!timingSafeEqual((await hmacHex(secret, `${purpose}:${body}`)).slice(0, 40), sig)) return { ok: false, reason: "invalid" };
  let payload: T & { exp: number };
  try {
    payload = JSON.parse(fromBase64url(body));
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (typeof payload.exp !== "number" || payload.exp < Math.floor(Date.now() / 1000)) return { ok: false, reason: "expired" };
  return { ok: true, payload };
}

function r2Client(env: Env): { client: AwsClient; endpoint: string } | null {
  if (!env.R2_ACCOUNT_ID || !env.R2_ACCESS_KEY_ID || !env.R2_SECRET_ACCESS_KEY || !env.R2_BUCKET_NAME) return null;
  const host = env.REGION === "eu" ? `${env.R2_ACCOUNT_ID}.eu.r2.cloudflarestorage.com` : `${env.R2_ACCOUNT_ID}.r2.cloudflarestorage.com`;
  return {
    client: new AwsClient({ accessKeyId: env.R2_ACCESS_KEY_ID, secretAccessKey: env.R2_SECRET_ACCESS_KEY, service: "s3", region: "auto" }),
    endpoint: `https://${host}/${env.R2_BUCKET_NAME}`,
  };
}

function objectUrl(endpoint: string, key: string, ttlSeconds: number): string {
  return `${endpoint}/${key.split("/").map(encodeURIComponent).join("/")}?X-Amz-Expires=${ttlSeconds}`;
}

/** A URL that downloads one R2 object until it expires. */
export async function presignDownload(
  env: Env,
  origin: string,
  file: { r2Key: string; documentId: string; organizationId: string; fileName: string },
  ttlSeconds: number,
): Promise<string> {
  const r2 = r2Client(env);
  if (r2) {
    const signed = await r2.client.sign(new Request(objectUrl(r2.endpoint, file.r2Key, ttlSeconds)), { aws: { signQuery: true } });
    return signed.url;
  }
  const token = await signToken(loadConfig(env).urlSigningSecret, "download", { k: file.r2Key, d: file.documentId, o: file.organizationId }, ttlSeconds);
  // "." and ".." are dot segments a URL parser would remove, leaving no token path at all.
  const name = /^\.{1,2}$/.test(file.fileName) ? "file" : file.fileName;
  return `${origin}/files/${token}/${encodeURIComponent(name)}`;
}

/** A URL that accepts one PUT of exactly `size` bytes with the given Content-Type. */
export async function presignUpload(
  env: Env,
  origin: string,
  upload: { fileKey: string; organizationId: string; contentType: string; size: number },
  ttlSeconds: number,
): Promise<string> {
  const r2 = r2Client(env);
  if (r2) {
    const request = new Request(objectUrl(r2.endpoint, upload.fileKey, ttlSeconds), {
      method: "PUT",
      headers: { "Content-Type": upload.contentType, "Content-Length": String(upload.size) },
    });
    const signed = await r2.client.sign(request, { aws: { signQuery: true, allHeaders: true } });
    return signed.url;
  }
  const token = await signToken(
    loadConfig(env).urlSigningSecret,
    "upload",
    { k: upload.fileKey, o: upload.organizationId, ct: upload.contentType, s: upload.size },
    ttlSeconds,
  );
  return `${origin}/uploads/${token}`;
}
