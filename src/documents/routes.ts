// Source batches, uploads, source registration, vault confirmation and the status views.
import { z } from "zod";
import { defineRoute } from "../core/route";
import { queryList, tenantSelectorFields } from "../core/schemas";
import { MAX_FILE_BYTES } from "./formats";
import { DEFAULT_BUDGET, FAIL_MESSAGES, PARSE_FAILURES } from "./parsers";
import * as service from "./service";

const TAG = "Sources and vault";
const uuid = z.uuid();
const syncStatus = z.enum(["Syncing...", "Synced", "Syncing Failed"]);

/** Why a document failed; null unless its status is failed. Shared with the admin listing of the external corpus. */
export const failCode = z
  .enum(PARSE_FAILURES)
  .nullable()
  .describe(
    "Set only when parsing failed. PASSWORD_PROTECTED: encrypted with a password. OCR_REQUIRED: no text layer. " +
      "FILE_SIZE_EXCEEDED: over 20 MB. PARSE_LIMIT_EXCEEDED: the file needs more than one parse may spend " +
      `(${DEFAULT_BUDGET.maxEntryBytes / 1048576} MB inflated per ZIP part, ${DEFAULT_BUDGET.maxInflatedBytes / 1048576} MB per package, ` +
      `${DEFAULT_BUDGET.maxTextChars.toLocaleString("en-US")} characters of text, ${DEFAULT_BUDGET.maxSteps.toLocaleString("en-US")} parsing steps, 2,000 PDF pages, 10,000 ZIP entries). ` +
      "CONVERSION_FAILED: damaged or not a supported document (also once the retries of an unexpected error are spent).",
  );

const errorMessage = z
  .string()
  .nullable()
  .describe(`Set only when parsing failed: our message for fail_code, one per code (e.g. "${FAIL_MESSAGES.CONVERSION_FAILED}"); never a parser's own text.`);

export const documentRoutes = [
  defineRoute({
    method: "POST",
    path: "/v1/source_batches",
    operationId: "createSourceBatch",
    summary: "Create a source batch (a container of up to 10 sources)",
    tag: TAG,
    auth: "key",
    envelope: true,
    emptyBodyAllowed: true,
    body: z.strictObject({ name: z.string().trim().min(1).max(200).optional(), ...tenantSelectorFields }),
    response: z.object({ source_batch_id: uuid, name: z.string().nullable(), created_at: z.string(), max_files: z.number().int() }),
    handler: ({ body }, ctx) => service.createBatch(ctx.env, ctx.tenant, body.name),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/sources/upload_url",
    operationId: "createUploadUrl",
    summary: "Get a signed upload URL bound to one file's type and size (with source_batch_id: a source; without: a vault upload)",
    tag: TAG,
    auth: "key",
    envelope: true,
    errors: ["NOT_FOUND"],
    body: z.strictObject({
      source_batch_id: uuid.optional(),
      file_name: z.string().trim().min(1).max(255),
      content_type: z.string().trim().min(1).max(200),
      size: z.number().int().min(1).max(MAX_FILE_BYTES, `size exceeds the ${MAX_FILE_BYTES}-byte (20 MB) limit`),
      ...tenantSelectorFields,
    }),
    response: z.object({ upload_url: z.url(), file_key: z.string(), content_type: z.string(), size: z.number().int(), expires_at: z.string() }),
    handler: ({ body }, ctx) => service.createUploadUrl(ctx.env, ctx.tenant, new URL(ctx.request.url).origin, body),
  }),
  defineRoute({
    method: "PUT",
    path: "/uploads/:token",
    operationId: "uploadFile",
    summary: "Upload a file to a Worker-signed upload URL (exact Content-Type and Content-Length)",
    tag: TAG,
    auth: "none",
    envelope: false,
    errors: ["FORBIDDEN"],
    bodyKind: "raw",
    rawBodyDoc: { contentType: "application/octet-stream", schema: z.string().describe("The file's bytes, with the Content-Type given to upload_url") },
    params: z.object({ token: z.string().min(10) }),
    response: z.object({ file_key: z.string(), size: z.number().int() }),
    handler: ({ params }, ctx) => service.receiveUpload(ctx.env, params.token, ctx.request),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/sources",
    operationId: "createSource",
    summary: "Register an uploaded file as a source of a batch and queue parsing",
    tag: TAG,
    auth: "key",
    envelope: false,
    errors: ["NOT_FOUND"],
    legacyInEu: "/v2/vault/confirm",
    body: z.strictObject({ source_batch_id: uuid, name: z.string().trim().min(1).max(300), file_key: z.string().min(1).max(600), ...tenantSelectorFields }),
    response: z.object({ source_id: uuid, size: z.number().int(), status: z.enum(["processing", "success", "failed"]) }),
    handler: ({ body }, ctx) => service.registerSource(ctx.env, ctx.tenant, body),
  }),
  defineRoute({
    method: "GET",
    path: "/v1/sources/:source_id",
    operationId: "getSource",
    summary: "Status of a source (poll with backoff until success or failed)",
    tag: TAG,
    auth: "key",
    envelope: false,
    errors: ["NOT_FOUND"],
    params: z.object({ source_id: uuid }),
    query: z.object(tenantSelectorFields),
    response: z.object({
      source_id: uuid,
      source_batch_id: uuid.nullable(),
      name: z.string(),
      size: z.number().int(),
      status: z.enum(["processing", "success", "failed"]),
      error_message: errorMessage,
      fail_code: failCode,
    }),
    handler: ({ params }, ctx) => service.getSource(ctx.env, ctx.tenant, params.source_id),
  }),
  defineRoute({
    method: "POST",
    path: "/v2/vault/confirm",
    operationId: "confirmVaultUpload",
    summary: "Confirm a vault upload: the file becomes an RMS document and is queued for parsing",
    tag: TAG,
    auth: "key",
    envelope: true,
    body: z.strictObject({
      file_key: z.string().min(1).max(600),
      name: z.string().trim().min(1).max(300),
      path: z.string().trim().max(1000).optional(),
      visibility: z.enum(["private", "organization"]).optional(),
      rms_type: z.string().trim().min(1).max(60).optional(),
      rms_sub_type: z.string().trim().min(1).max(60).optional(),
      tags: z.array(z.string().trim().min(1).max(60)).max(50).optional(),
      ...tenantSelectorFields,
    }),
    response: z.object({ rms_document_id: uuid }),
    handler: ({ body }, ctx) => service.confirmVault(ctx.env, ctx.tenant, body),
  }),
  defineRoute({
    method: "GET",
    path: "/v2/vault/status",
    operationId: "getVaultStatuses",
    summary: "Status of vault documents by rms_document_id (max 100; unknown ids and file keys give no entry)",
    tag: TAG,
    auth: "key",
    envelope: false,
    query: z.object({
      rms_document_ids: queryList(z.string().max(600)).refine((v) => v !== undefined && v.length > 0, "rms_document_ids is required").refine((v) => (v ?? []).length <= 100, "at most 100 rms_document_ids per call"),
      ...tenantSelectorFields,
    }),
    response: z.object({ statuses: z.array(z.object({ rms_document_id: uuid, name: z.string(), status: syncStatus, fail_code: failCode })) }),
    handler: ({ query }, ctx) => service.vaultStatuses(ctx.env, ctx.tenant, query.rms_document_ids ?? []),
  }),
  defineRoute({
    method: "GET",
    path: "/v1/status/documents",
    operationId: "getDocumentSyncStatuses",
    summary: "Sync status of RMS documents by ids, path prefix or partial name",
    tag: TAG,
    auth: "key",
    envelope: true,
    query: z
      .object({ document_ids: queryList(uuid), path: z.string().min(1).max(1000).optional(), name: z.string().min(1).max(300).optional(), ...tenantSelectorFields })
      .refine((q) => q.document_ids?.length || q.path || q.name, "At least one of path, name, document_ids is required"),
    response: z.array(
      z.object({
        document_id: uuid,
        document_name: z.string(),
        path: z.string().nullable(),
        status: syncStatus,
        extraction_status: z.enum(["completed", "pending", "failed"]),
        last_synced_at: z.string().nullable(),
        summary: z.string().nullable(),
        fail_code: failCode,
      }),
    ),
    handler: ({ query }, ctx) => service.documentSyncStatuses(ctx.env, ctx.tenant, { ids: query.document_ids, path: query.path, name: query.name }),
  }),
];
