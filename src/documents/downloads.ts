// Download URLs (single v2, batch listing v2, legacy v1), serving the Worker's own signed file URLs, and
// erasure. Only finished documents the caller may see are ever signed.
import type { Env } from "../core/env";
import type { Tenant } from "../core/auth";
import { ApiError, invalidBody, notFound } from "../core/errors";
import { loadConfig } from "../core/env";
import { presignDownload, verifyToken } from "../core/signed-urls";
import { removeDocumentIndex } from "../search";
import { fiscalDateOf } from "./period-end";
import * as repo from "./repo";
import type { DocumentRow } from "./schema";

export const V2_URL_SECONDS = 15 * 60;
export const V1_URL_SECONDS = 10 * 60;

const viewerOf = (tenant: Tenant): repo.Viewer => ({ organizationId: tenant.organizationId, userId: tenant.user?.id ?? null });

async function findForDownload(env: Env, tenant: Tenant, documentId: string, searchType: "rms" | "external" | "any"): Promise<DocumentRow> {
  let doc: DocumentRow | undefined;
  if (searchType !== "external") doc = await repo.findVisibleDocument(env, viewerOf(tenant), documentId);
  if (!doc && searchType !== "rms") {
    const external = await repo.findDocument(env, repo.EXTERNAL_ORG, documentId);
    if (external?.kind === "external") doc = external;
  }
  if (!doc) throw notFound("Document");
  if (doc.status !== "success") throw notFound("Document (still processing or failed to process)");
  return doc;
}

function sign(env: Env, origin: string, doc: DocumentRow, ttl: number): Promise<string> {
  return presignDownload(env, origin, { r2Key: doc.r2Key, documentId: doc.id, organizationId: doc.organizationId, fileName: doc.fileName }, ttl);
}

export async function singleUrl(env: Env, tenant: Tenant, origin: string, documentId: string, searchType: "rms" | "external") {
  const doc = await findForDownload(env, tenant, documentId, searchType);
  return { document_id: doc.id, document_name: doc.name, presigned_url: await sign(env, origin, doc, V2_URL_SECONDS), expiration_seconds: V2_URL_SECONDS };
}

export async function legacyUrl(env: Env, tenant: Tenant, origin: string, documentId: string) {
  const doc = await findForDownload(env, tenant, documentId, "any");
  return { url: await sign(env, origin, doc, V1_URL_SECONDS) };
}

export async function batchUrls(
  env: Env,
  tenant: Tenant,
  origin: string,
  searchType: "rms" | "external",
  filter: repo.ListingFilter,
  page: number,
  perPage: number,
) {
  const hasMinimum = Boolean(filter.tickers?.length || filter.stockIds?.length || (searchType === "rms" && filter.documentIds?.length));
  if (!hasMinimum) {
    throw invalidBody(searchType === "rms" ? "At least one of tickers, stock_ids, document_ids is required for rms" : "At least one of tickers, stock_ids is required for external");
  }
  if (searchType === "external" && filter.documentIds?.length) throw invalidBody("document_ids is supported only with search_type rms");
  const scope = searchType === "external" ? ({ kind: "external" } as const) : ({ kind: "rms", viewer: viewerOf(tenant) } as const);
  const { total, rows } = await repo.listDocuments(env, scope, filter, { offset: (page - 1) * perPage, limit: perPage });
  const signable = rows.filter((d) => d.status === "success");
  const documents = await Promise.all(
    signable.map(async (d) => ({
      document_id: d.id,
      document_name: d.name,
      ticker: d.tickers[0] ?? "",
      doc_type: d.docType ?? (d.kind === "external" ? "" : "rms"),
      doc_sub_type: d.docSubType ?? d.rmsType ?? "",
      source: d.source,
      fiscal_date: fiscalDateOf(d),
      calendar_date: d.calendarDate,
      published_at: d.publishedAt ?? d.createdAt,
      presigned_url: await sign(env, origin, d, V2_URL_SECONDS),
      expiration_seconds: V2_URL_SECONDS,
    })),
  );
  return { documents, total_count: total, page, per_page: perPage, has_more: page * perPage < total, skipped_count: rows.length - signable.length };
}

/** GET /files/{token}/{name}: the Worker's own signed download URL. */
export async function serveSignedFile(env: Env, token: string): Promise<Response> {
  const check = await verifyToken<{ k: string; d: string; o: string }>(loadConfig(env).urlSigningSecret, "download", token);
  if (!check.ok) throw new ApiError("FORBIDDEN", check.reason === "expired" ? "This download URL has expired" : "Invalid download URL signature");
  const doc = await repo.findDocument(env, check.payload.o, check.payload.d);
  // An erased document is gone even for URLs signed before the erasure.
  if (!doc || doc.r2Key !== check.payload.k) throw notFound("Document");
  const object = await env.DOCUMENTS.get(doc.r2Key);
  if (!object) throw notFound("Document");
  return new Response(object.body, {
    headers: {
      "Content-Type": doc.contentType,
      "Content-Length": String(object.size),
      "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(doc.fileName)}`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** Erasure of an RMS document: file, index rows, record and upload; private ones only by their owner. */
export async function eraseDocument(env: Env, tenant: Tenant, documentId: string): Promise<void> {
  const doc = await repo.findVisibleDocument(env, viewerOf(tenant), documentId);
  if (!doc || doc.kind === "external") throw notFound("Document");
  if (doc.visibility === "private" && doc.ownerUserId !== tenant.user?.id) throw notFound("Document");
  await removeDocumentIndex(repo.d1For(env, doc.organizationId), doc.id);
  await repo.deleteDocumentRows(env, doc.organizationId, doc.id);
  await env.DOCUMENTS.delete(doc.r2Key);
}
