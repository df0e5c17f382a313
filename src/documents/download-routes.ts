// Download URLs (v2 single and batch, legacy v1), the Worker's own signed file URLs, and erasure.
import { z } from "zod";
import { defineRoute } from "../core/route";
import { ApiError, invalidBody } from "../core/errors";
import { noContent } from "../core/http";
import { queryInt, queryList, tenantSelectorFields } from "../core/schemas";
import * as downloads from "./downloads";

const TAG = "Documents";
const uuid = z.uuid();
const searchType = z.enum(["external", "rms"]).default("external");
const yearQuarter = z.object({ year: z.coerce.number().int().min(1900).max(2100), quarter: z.coerce.number().int().min(1).max(4).optional() });
const yearMonth = z.object({ year: z.coerce.number().int().min(1900).max(2100), month: z.coerce.number().int().min(1).max(12).optional() });

const descriptor = z.object({
  document_id: uuid,
  document_name: z.string(),
  ticker: z.string(),
  doc_type: z.string(),
  doc_sub_type: z.string(),
  source: z.string().nullable(),
  fiscal_date: z
    .string()
    .nullable()
    .describe("The real end of the period the document covers (ISO date): the date it states (a filing's cover, an 8-K's date of report), else its fiscal year and quarter on the company's own calendar; never after published_at; null when unknown"),
  calendar_date: z.string().nullable(),
  published_at: z.string().nullable(),
  presigned_url: z.url(),
  expiration_seconds: z.number().int().nullable(),
});

const pad = (n: number) => String(n).padStart(2, "0");

export const downloadRoutes = [
  defineRoute({
    method: "GET",
    path: "/v2/documents/presigned_urls",
    operationId: "listDocumentPresignedUrls",
    summary: "Batch listing of documents with time-limited download URLs",
    tag: TAG,
    auth: "key",
    envelope: true,
    query: z.object({
      search_type: searchType,
      tickers: queryList(z.string().min(1).max(20)),
      stock_ids: queryList(z.string().min(1).max(40)),
      document_ids: queryList(uuid),
      doc_type: z.string().min(1).max(60).optional(),
      doc_sub_type: z.string().min(1).max(60).optional(),
      fiscal_period: z.object({ start_time: yearQuarter.optional(), end_time: yearQuarter.optional() }).optional(),
      calendar_period: z.object({ start_time: yearMonth.optional(), end_time: yearMonth.optional() }).optional(),
      page: queryInt(1, 100_000, 1),
      per_page: queryInt(1, 200, 20),
      ...tenantSelectorFields,
    }),
    response: z.object({ documents: z.array(descriptor), total_count: z.number().int(), page: z.number().int(), per_page: z.number().int(), has_more: z.boolean(), skipped_count: z.number().int() }),
    handler: ({ query }, ctx) => {
      const fp = query.fiscal_period;
      const cp = query.calendar_period;
      return downloads.batchUrls(
        ctx.env,
        ctx.tenant,
        new URL(ctx.request.url).origin,
        query.search_type,
        {
          tickers: query.tickers,
          stockIds: query.stock_ids,
          documentIds: query.document_ids,
          docType: query.doc_type,
          docSubType: query.doc_sub_type,
          fiscalFrom: fp?.start_time ? fp.start_time.year * 10 + (fp.start_time.quarter ?? 0) : undefined,
          fiscalTo: fp?.end_time ? fp.end_time.year * 10 + (fp.end_time.quarter ?? 4) : undefined,
          calendarFrom: cp?.start_time ? `${cp.start_time.year}-${pad(cp.start_time.month ?? 1)}` : undefined,
          calendarTo: cp?.end_time ? `${cp.end_time.year}-${pad(cp.end_time.month ?? 12)}` : undefined,
        },
        query.page,
        query.per_page,
      );
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v2/documents/:document_id/presigned_url",
    operationId: "getDocumentPresignedUrl",
    summary: "A time-limited download URL for one document",
    tag: TAG,
    auth: "key",
    envelope: true,
    errors: ["NOT_FOUND"],
    params: z.object({ document_id: uuid }),
    query: z.object({ search_type: searchType, ...tenantSelectorFields }),
    response: z.object({ document_id: uuid, document_name: z.string(), presigned_url: z.url(), expiration_seconds: z.number().int() }),
    handler: ({ params, query }, ctx) => {
      if (query.search_type === "rms" && !query.organization_id) throw invalidBody("organization_id is required when search_type is rms");
      return downloads.singleUrl(ctx.env, ctx.tenant, new URL(ctx.request.url).origin, params.document_id, query.search_type);
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v1/documents/:document_id?/presigned_url",
    operationId: "getDocumentPresignedUrlV1",
    summary: "Legacy download URL (flat {url}, valid 10 minutes)",
    tag: TAG,
    auth: "key",
    envelope: false,
    errors: ["DOCUMENT_ID_MISSING", "NOT_FOUND"],
    legacyInEu: "/v2/documents/{document_id}/presigned_url",
    // Optional here so that a missing id reaches the handler and answers DOCUMENT_ID_MISSING; the OpenAPI
    // document still declares it required, as every path parameter is.
    params: z.object({ document_id: z.string().describe("The document's id (a UUID); empty: 400 DOCUMENT_ID_MISSING").optional() }),
    query: z.object(tenantSelectorFields),
    response: z.object({ url: z.url() }),
    handler: ({ params }, ctx) => {
      let id = params.document_id ?? "";
      try {
        id = decodeURIComponent(id).trim();
      } catch {
        throw invalidBody("document_id must be a UUID");
      }
      if (!id) throw new ApiError("DOCUMENT_ID_MISSING", "document_id is required");
      if (!uuid.safeParse(id).success) throw invalidBody("document_id must be a UUID");
      return downloads.legacyUrl(ctx.env, ctx.tenant, new URL(ctx.request.url).origin, id);
    },
  }),
  defineRoute({
    method: "GET",
    path: "/files/:token/:file_name",
    operationId: "downloadSignedFile",
    summary: "Download through a Worker-signed URL (expired or altered: 403)",
    tag: TAG,
    auth: "none",
    envelope: false,
    errors: ["FORBIDDEN", "NOT_FOUND"],
    params: z.object({ token: z.string().min(10), file_name: z.string() }),
    responseContentType: "application/octet-stream",
    response: z.string().describe("The file's bytes, with the document's Content-Type"),
    handler: ({ params }, ctx) => downloads.serveSignedFile(ctx.env, params.token),
  }),
  defineRoute({
    method: "DELETE",
    path: "/v2/documents/:document_id",
    operationId: "deleteDocument",
    summary: "Erase an RMS document: file, index rows and status (private documents only by their owner)",
    tag: TAG,
    auth: "key",
    envelope: true,
    errors: ["NOT_FOUND"],
    successStatus: 204,
    params: z.object({ document_id: uuid }),
    query: z.object(tenantSelectorFields),
    handler: async ({ params }, ctx) => {
      await downloads.eraseDocument(ctx.env, ctx.tenant, params.document_id);
      return noContent();
    },
  }),
];
