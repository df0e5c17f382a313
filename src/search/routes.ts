// POST /v1/search: document search without answer generation. Schema and registration here; the
// logic in service.ts (batch checks) and search.ts (scope, query understanding, ranking).
import { z } from "zod";
import { tenantSelectorFields } from "../core/schemas";
import { defineRoute } from "../core/route";
import { MAX_TOP_K } from "./search";
import * as service from "./service";

const ymd = z
  .strictObject({ year: z.number().int().min(1970).max(9999), month: z.number().int().min(1).max(12), day: z.number().int().min(1).max(31) })
  .refine((d) => d.day <= new Date(Date.UTC(d.year, d.month, 0)).getUTCDate(), { message: "day does not exist in that month" });

const key = (d: { year: number; month: number; day: number }) => d.year * 10000 + d.month * 100 + d.day;

const uploadPeriod = z
  .strictObject({ start_time: ymd.optional(), end_time: ymd.optional() })
  .refine((p) => p.start_time !== undefined || p.end_time !== undefined, { message: "upload_period needs start_time or end_time" })
  .refine((p) => !p.start_time || !p.end_time || key(p.start_time) <= key(p.end_time), { message: "upload_period start_time is after end_time" });

const strings = (max: number, len = 200) => z.array(z.string().trim().min(1).max(len)).max(max);

export const searchRequest = z.strictObject({
  query: z.string().trim().min(1, "query is required").max(2000),
  stock_ids: strings(100).optional(),
  tickers: strings(100, 32).optional(),
  external_types: z.array(z.enum(["transcript", "filing", "news", "ir_slide", "structured_data"])).max(5).optional(),
  top_k: z
    .number()
    .int()
    .min(1)
    .default(MAX_TOP_K)
    .transform((k) => Math.min(k, MAX_TOP_K)),
  upload_period: uploadPeriod.optional(),
  search_types: z.array(z.enum(["rms", "external", "all"])).min(1).max(3).optional(),
  /** RMS document types; only applied to the rms part (search_types rms or all). */
  rms_types: strings(50).optional(),
  /** RMS document subtypes within rms_types; only applied to the rms part. */
  rms_sub_types: strings(50).optional(),
  source_batch_id: z.uuid().optional(),
  source_ids: z.array(z.uuid()).max(100).optional(),
  document_ids: z.array(z.uuid()).max(100).optional(),
  ...tenantSelectorFields,
});

export const searchResult = z.object({
  document_id: z.string(),
  document_name: z.string(),
  chunk_id: z.string(),
  text: z.string(),
  score: z.number(),
  search_type: z.enum(["rms", "external"]),
  page: z.number().int().nullable(),
  doc_type: z.string().nullable(),
  tickers: z.array(z.string()),
  published_at: z.string().nullable(),
});

export const searchRoutes = [
  defineRoute({
    method: "POST",
    path: "/v1/search",
    operationId: "search",
    summary: "Search RMS, source-batch and external documents (no answer generation)",
    tag: "Search",
    auth: "key",
    envelope: true,
    errors: ["NOT_FOUND"],
    body: searchRequest,
    response: z.object({ results: z.array(searchResult) }),
    handler: ({ body }, ctx) => service.search(ctx.env, ctx.tenant, body),
  }),
];
