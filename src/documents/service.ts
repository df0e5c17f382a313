// The upload and registration flows: source batches, upload URLs bound to a size and type, the signed
// PUT, source registration and vault confirmation (both queue a parse job), and the status views.
import type { Env } from "../core/env";
import type { Tenant } from "../core/auth";
import { ApiError, invalidBody, notFound } from "../core/errors";
import { loadConfig } from "../core/env";
import { readBodyUpTo } from "../core/http";
import { presignUpload, verifyToken } from "../core/signed-urls";
import { acceptContentType, describeAllowed, MAX_FILE_BYTES, MAX_FILES_PER_BATCH, safeFileName, type UploadFlow } from "./formats";
import * as repo from "./repo";
import type { DocumentRow, UploadRow } from "./schema";
import { enqueueParse } from "./ingest";

const UPLOAD_TTL_SECONDS = 15 * 60;

const viewerOf = (tenant: Tenant): repo.Viewer => ({ organizationId: tenant.organizationId, userId: tenant.user?.id ?? null });

/** Which of these document ids the tenant can see (its visible documents and the external corpus); for other areas quoting documents. */
export function visibleDocumentIds(env: Env, tenant: Tenant, ids: string[]): Promise<Set<string>> {
  return repo.visibleDocumentIds(env, viewerOf(tenant), ids);
}

export async function createBatch(env: Env, tenant: Tenant, name: string | undefined) {
  const batch = await repo.insertBatch(env, { id: crypto.randomUUID(), organizationId: tenant.organizationId, createdByUserId: tenant.user?.id ?? null, name: name ?? null });
  return { source_batch_id: batch.id, name: batch.name, created_at: batch.createdAt, max_files: MAX_FILES_PER_BATCH };
}

async function requireBatch(env: Env, tenant: Tenant, batchId: string) {
  const batch = await repo.findBatch(env, tenant.organizationId, batchId);
  if (!batch) throw notFound("Source batch");
  return batch;
}

async function requireBatchRoom(env: Env, tenant: Tenant, batchId: string) {
  if ((await repo.batchFileCount(env, tenant.organizationId, batchId)) >= MAX_FILES_PER_BATCH) {
    throw invalidBody(`A source batch holds at most ${MAX_FILES_PER_BATCH} files`);
  }
}


export async function createUploadUrl(
  env: Env,
  tenant: Tenant,
  origin: string,
  input: { source_batch_id?: string; file_name: string; content_type: string; size: number },
) {
  const flow: UploadFlow = input.source_batch_id ? "source" : "vault";
  const contentType = acceptContentType(flow, input.content_type);
  if (!contentType) {
    throw invalidBody(`content_type ${input.content_type} is not accepted for ${flow === "source" ? "sources" : "vault uploads"}; allowed: ${describeAllowed(flow)}`);
  }
  if (input.size > MAX_FILE_BYTES) throw invalidBody(`size exceeds the ${MAX_FILE_BYTES}-byte (20 MB) limit`);
  if (input.source_batch_id) {
    await requireBatch(env, tenant, input.source_batch_id);
    await requireBatchRoom(env, tenant, input.source_batch_id);
  }
  const fileKey = `${tenant.organizationId}/uploads/${crypto.randomUUID()}/${safeFileName(input.file_name)}`;
  const expiresAt = new Date(Date.now() + UPLOAD_TTL_SECONDS * 1000).toISOString();
  await repo.insertUpload(env, {
    fileKey,
    organizationId: tenant.organizationId,
    userId: tenant.user?.id ?? null,
    flow,
    sourceBatchId: input.source_batch_id ?? null,
    fileName: input.file_name,
    contentType,
    size: input.size,
    expiresAt,
  });
  const uploadUrl = await presignUpload(env, origin, { fileKey, organizationId: tenant.organizationId, contentType, size: input.size }, UPLOAD_TTL_SECONDS);
  return { upload_url: uploadUrl, file_key: fileKey, content_type: contentType, size: input.size, expires_at: expiresAt };
}

/** The Worker's own upload URL: exactly the signed size and type, into the signed key. */
export async function receiveUpload(env: Env, token: string, request: Request) {
  const check = await verifyToken<{ k: string; o: string; ct: string; s: number }>(loadConfig(env).urlSigningSecret, "upload", token);
  if (!check.ok) throw new ApiError("FORBIDDEN", check.reason === "expired" ? "This upload URL has expired" : "Invalid upload URL signature");
  const { k: fileKey, o: organizationId, ct, s: size } = check.payload;
  const contentType = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  if (contentType !== ct) throw invalidBody(`Content-Type must be ${ct}, as requested for this upload URL`);
  const declared = request.headers.get("Content-Length");
  if (declared !== null && Number(declared) !== size) throw invalidBody(`Content-Length must be ${size}, the size this upload URL was issued for`);
  const upload = await repo.findUpload(env, organizationId, fileKey);
  if (!upload) throw new ApiError("FORBIDDEN", "Invalid upload URL");
  if (upload.documentId) throw invalidBody("This file has already been registered");
  const body = await readExactly(request, size);
  await env.DOCUMENTS.put(fileKey, body, { httpMetadata: { contentType: ct } });
  await repo.markUploaded(env, organizationId, fileKey);
  return { file_key: fileKey, size };
}

/**
 * The request body, which must be exactly `size` bytes (at most MAX_FILE_BYTES, as upload_url signed it). A
 * body without Content-Length (chunked) is refused as soon as it passes the size, never buffered whole.
 */
async function readExactly(request: Request, size: number): Promise<Uint8Array> {
  const body = await readBodyUpTo(request, size);
  if (!body) throw invalidBody(`Body is longer than ${size} bytes; this upload URL takes exactly ${size}`);
  if (body.byteLength !== size) throw invalidBody(`Body is ${body.byteLength} bytes; this upload URL takes exactly ${size}`);
  return body;
}

async function requireUploadedFile(env: Env, tenant: Tenant, fileKey: string, flow: UploadFlow) {
  const upload = await repo.findUpload(env, tenant.organizationId, fileKey);
  if (!upload) throw invalidBody("file_key is unknown");
  if (upload.flow !== flow) {
    throw invalidBody(flow === "source" ? "file_key was issued for a vault upload, not a source batch" : "file_key was issued for a source batch; register it with POST /v1/sources");
  }
  const object = await env.DOCUMENTS.head(fileKey);
  if (!object) throw invalidBody("The file has not been uploaded to upload_url yet");
  if (object.size > MAX_FILE_BYTES) throw invalidBody(`The file exceeds the ${MAX_FILE_BYTES}-byte (20 MB) limit`);
  return { upload, size: object.size };
}

/** A new RMS document for an uploaded file; the fields that differ between sources and vault come in `own`. */
function uploadedDocument(
  tenant: Tenant,
  upload: UploadRow,
  size: number,
  own: Pick<repo.NewDocument, "kind" | "visibility" | "name"> & Partial<repo.NewDocument>,
): repo.NewDocument {
  return {
    id: crypto.randomUUID(),
    organizationId: tenant.organizationId,
    ownerUserId: tenant.user?.id ?? null,
    fileName: upload.fileName,
    path: null,
    contentType: upload.contentType,
    size,
    r2Key: upload.fileKey,
    fileKey: upload.fileKey,
    sourceBatchId: null,
    rmsType: null,
    rmsSubType: null,
    tags: [],
    docType: null,
    docSubType: null,
    source: null,
    tickers: [],
    stockIds: [],
    fiscalYear: null,
    fiscalQuarter: null,
    calendarDate: null,
    publishedAt: null,
    ...own,
  };
}

function sourceView(doc: DocumentRow) {
  return { source_id: doc.id, size: doc.size, status: doc.status };
}

export async function registerSource(env: Env, tenant: Tenant, input: { source_batch_id: string; name: string; file_key: string }) {
  await requireBatch(env, tenant, input.source_batch_id);
  const existing = await repo.findUpload(env, tenant.organizationId, input.file_key);
  if (existing?.documentId) {
    // A retried registration answers with the source it created, never a second document.
    const doc = await repo.findDocument(env, tenant.organizationId, existing.documentId);
    if (doc && doc.kind === "source" && doc.sourceBatchId === input.source_batch_id) return sourceView(doc);
    throw invalidBody("file_key is already registered");
  }
  const { upload, size } = await requireUploadedFile(env, tenant, input.file_key, "source");
  if (upload.sourceBatchId !== input.source_batch_id) throw invalidBody("file_key was issued for another source batch");
  await requireBatchRoom(env, tenant, input.source_batch_id);
  const doc = await repo.insertDocument(env, uploadedDocument(tenant, upload, size, { kind: "source", visibility: "organization", name: input.name, sourceBatchId: input.source_batch_id }));
  await enqueueParse(env, doc);
  return sourceView(doc);
}

export async function getSource(env: Env, tenant: Tenant, sourceId: string) {
  const doc = await repo.findVisibleDocument(env, viewerOf(tenant), sourceId);
  if (!doc || doc.kind !== "source") throw notFound("Source");
  return {
    source_id: doc.id,
    source_batch_id: doc.sourceBatchId,
    name: doc.name,
    size: doc.size,
    status: doc.status,
    error_message: doc.status === "failed" ? doc.errorMessage : null,
    fail_code: doc.status === "failed" ? doc.failCode : null,
  };
}

export async function confirmVault(
  env: Env,
  tenant: Tenant,
  input: { file_key: string; name: string; path?: string; visibility?: "private" | "organization"; rms_type?: string; rms_sub_type?: string; tags?: string[] },
) {
  const visibility = input.visibility ?? (tenant.user ? "private" : "organization");
  if (visibility === "private" && !tenant.user) throw invalidBody("A private document needs a user: pass user_id or user_email, or visibility organization");
  const existing = await repo.findUpload(env, tenant.organizationId, input.file_key);
  // A user's vault upload becomes a document only through that user: nobody else may publish or own it.
  if (existing?.userId && existing.userId !== tenant.user?.id) throw invalidBody("file_key is unknown");
  // A retried confirmation answers with the document it created; a source-batch file_key is not a vault upload.
  if (existing?.documentId && existing.flow === "vault") return { rms_document_id: existing.documentId };
  const { upload, size } = await requireUploadedFile(env, tenant, input.file_key, "vault");
  const doc = await repo.insertDocument(
    env,
    uploadedDocument(tenant, upload, size, {
      kind: "vault",
      visibility,
      name: input.name,
      path: input.path ?? null,
      rmsType: input.rms_type ?? "generalnotes",
      rmsSubType: input.rms_sub_type ?? null,
      tags: input.tags ?? [],
    }),
  );
  await enqueueParse(env, doc);
  return { rms_document_id: doc.id };
}

const SYNC_STATUS = { processing: "Syncing...", success: "Synced", failed: "Syncing Failed" } as const;

export async function vaultStatuses(env: Env, tenant: Tenant, ids: string[]) {
  const uuids = ids.filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
  const docs = (await repo.findVisibleDocuments(env, viewerOf(tenant), uuids)).filter((d) => d.kind !== "external");
  const byId = new Map(docs.map((d) => [d.id, d]));
  return {
    statuses: uuids
      .filter((id) => byId.has(id))
      .map((id) => {
        const d = byId.get(id)!;
        return { rms_document_id: d.id, name: d.name, status: SYNC_STATUS[d.status], fail_code: d.status === "failed" ? d.failCode : null };
      }),
  };
}

export async function documentSyncStatuses(env: Env, tenant: Tenant, filter: { ids?: string[]; path?: string; name?: string }) {
  const docs = await repo.findDocumentsByStatusQuery(env, viewerOf(tenant), { ids: filter.ids, pathPrefix: filter.path, nameContains: filter.name }, 500);
  return docs.map((d) => ({
    document_id: d.id,
    document_name: d.name,
    path: d.path,
    status: SYNC_STATUS[d.status],
    extraction_status: d.status === "success" ? "completed" : d.status === "failed" ? "failed" : "pending",
    last_synced_at: d.lastSyncedAt,
    summary: d.summary,
    fail_code: d.status === "failed" ? d.failCode : null,
  }));
}
