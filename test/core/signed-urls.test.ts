// Signed URLs: Worker tokens (tamper and expiry) and R2 presigning with aws4fetch when credentials exist.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { presignDownload, presignUpload, signToken, verifyToken } from "../../src/core/signed-urls";
import type { Env } from "../../src/core/env";

const r2Env = {
  ...(env as unknown as Env),
  R2_ACCOUNT_ID: "acc123",
  R2_ACCESS_KEY_ID: "AKIDEXAMPLE",
  R2_SECRET_ACCESS_KEY: "secretexample",
  R2_BUCKET_NAME: "research-documents",
} as Env;

describe("Worker tokens", () => {
  it("verify only untouched, unexpired tokens of the same purpose", async () => {
    const token = await signToken("s".repeat(20), "download", { k: "a" }, 60);
    expect((await verifyToken("s".repeat(20), "download", token)).ok).toBe(true);
    expect(await verifyToken("s".repeat(20), "upload", token)).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyToken("t".repeat(20), "download", token)).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyToken("s".repeat(20), "download", await signToken("s".repeat(20), "download", {}, -1))).toEqual({ ok: false, reason: "expired" });
  });
});

describe("R2 presigning", () => {
  it("signs uploads with Content-Type and Content-Length so the size is bound", async () => {
    const url = new URL(await presignUpload(r2Env, "https://api.test", { fileKey: "org/uploads/x/a b.pdf", organizationId: "org", contentType: "application/pdf", size: 1234 }, 900));
    expect(url.host).toBe("acc123.r2.cloudflarestorage.com");
    expect(url.pathname).toBe("/research-documents/org/uploads/x/a%20b.pdf");
    expect(url.searchParams.get("X-Amz-Expires")).toBe("900");
    const signed = url.searchParams.get("X-Amz-SignedHeaders") ?? "";
    expect(signed.split(";")).toEqual(expect.arrayContaining(["content-length", "content-type", "host"]));
    expect(url.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
  });

  it("uses the EU endpoint in the EU deployment and signs downloads for their lifetime", async () => {
    const url = new URL(await presignDownload({ ...r2Env, REGION: "eu" } as Env, "https://api.test", { r2Key: "k/f.txt", documentId: "d", organizationId: "o", fileName: "f.txt" }, 600));
    expect(url.host).toBe("acc123.eu.r2.cloudflarestorage.com");
    expect(url.searchParams.get("X-Amz-Expires")).toBe("600");
  });

  it("falls back to Worker-signed URLs without credentials", async () => {
    const url = await presignDownload(env as unknown as Env, "https://api.test", { r2Key: "k", documentId: "d", organizationId: "o", fileName: "f.txt" }, 600);
    expect(url).toMatch(/^https:\/\/api\.test\/files\/[^/]+\/f\.txt$/);
  });
});
