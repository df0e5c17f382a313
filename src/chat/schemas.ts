// Zod schemas of the chat endpoints: the turn bodies (chat, analytics stream, deep research) with every
// chat filter, stop_stream, the references and reconnect queries, and the response shapes for OpenAPI.
import { z } from "zod";
import { tenantSelectorFields } from "../core/schemas";

const uuid = z.uuid();
const strings = (max: number, len = 200) => z.array(z.string().trim().min(1).max(len)).max(max);

const ymd = z
  .strictObject({ year: z.number().int().min(1970).max(9999), month: z.number().int().min(1).max(12), day: z.number().int().min(1).max(31) })
  .refine((d) => d.day <= new Date(Date.UTC(d.year, d.month, 0)).getUTCDate(), { message: "day does not exist in that month" });
const ymdKey = (d: { year: number; month: number; day: number }) => d.year * 10000 + d.month * 100 + d.day;

export const uploadPeriod = z
  .strictObject({ start_time: ymd.optional(), end_time: ymd.optional() })
  .refine((p) => p.start_time !== undefined || p.end_time !== undefined, { message: "upload_period needs start_time or end_time" })
  .refine((p) => !p.start_time || !p.end_time || ymdKey(p.start_time) <= ymdKey(p.end_time), { message: "upload_period start_time is after end_time" });

const yearQuarter = z.strictObject({ year: z.number().int().min(1900).max(2100), quarter: z.number().int().min(1).max(4).optional() });
const yqKey = (p: { year: number; quarter?: number }, end: boolean) => p.year * 10 + (p.quarter ?? (end ? 4 : 1));

export const fiscalPeriod = z
  .strictObject({ start_time: yearQuarter.optional(), end_time: yearQuarter.optional() })
  .refine((p) => p.start_time !== undefined || p.end_time !== undefined, { message: "fiscal_period needs start_time or end_time" })
  .refine((p) => !p.start_time || !p.end_time || yqKey(p.start_time, false) <= yqKey(p.end_time, true), { message: "fiscal_period start_time is after end_time" });

const customValue = z.union([z.string().max(200), z.number(), z.boolean()]);

const turnFields = {
  ...tenantSelectorFields,
  query: z.string().trim().min(1, "query is required").max(4000),
  search_types: z.array(z.enum(["rms", "external", "all"])).min(1).max(3).optional().describe("Default all; with source_batch_id or container_ids and no search_types, only the batches"),
  conversation_id: uuid.optional().describe("A conversation this user started (from its conversation event); omitted: a new conversation"),
  source_batch_id: uuid.optional(),
  source_ids: z.array(uuid).max(100).optional().describe("Needs source_batch_id; each id must be a source of that batch"),
  container_ids: z.array(uuid).max(20).optional().describe("Source batch ids; restrict the RMS side to those batches"),
  document_ids: z.array(uuid).max(100).optional(),
  stock_ids: strings(100).optional(),
  rms_types: strings(50).optional(),
  rms_sub_types: z.record(z.string().trim().min(1).max(200), strings(50)).optional().describe("rms_type -> its allowed sub-types"),
  external_types: z.array(z.enum(["transcript", "filing", "news", "ir_slide", "structured_data"])).max(5).optional(),
  upload_period: uploadPeriod.optional(),
  fiscal_period: fiscalPeriod.optional(),
  tags: strings(50).optional().describe("Documents carrying any of these tags"),
  client_api_url: z.url().max(2000).optional().describe("Accepted and stored with the message; never fetched"),
  agentic_search: z.boolean().optional(),
  prerelease_filters: z.strictObject({ stream_table: z.boolean().optional() }).optional(),
  custom_filters: z
    .record(z.string().trim().min(1).max(64), z.union([customValue, z.array(customValue).min(1).max(50)]))
    .refine((r) => Object.keys(r).length <= 20, { message: "custom_filters takes at most 20 keys" })
    .optional()
    .describe("Metadata key -> value or list of values; a passage passes when its value (or any of its values) is one of them"),
  per_event_size: z.number().min(0).max(1024).optional().describe("KB (1024 bytes) per search_results event's data; 0 (default): no search_results events"),
  per_event_sleep_time: z.number().min(0).optional().describe("Seconds after each search_results event, capped at 5"),
};

export const chatRequest = z.strictObject(turnFields);

/** Deep research takes the fields the spec lists for it. */
export const researchRequest = z.strictObject({
  ...tenantSelectorFields,
  query: turnFields.query,
  conversation_id: turnFields.conversation_id,
  search_types: turnFields.search_types,
  external_types: turnFields.external_types,
  rms_types: turnFields.rms_types,
  document_ids: turnFields.document_ids,
  container_ids: turnFields.container_ids,
  stock_ids: turnFields.stock_ids,
  per_event_size: turnFields.per_event_size,
  per_event_sleep_time: turnFields.per_event_sleep_time,
  upload_period: turnFields.upload_period,
  fiscal_period: turnFields.fiscal_period,
});

export type ChatRequest = z.output<typeof chatRequest>;
export type ResearchRequest = z.output<typeof researchRequest>;

export const stopRequest = z.strictObject({
  ...tenantSelectorFields,
  conversation_id: uuid.optional(),
  dialogue_id: uuid,
});

export const conversationParams = z.object({ conversation_id: uuid });

export const referencesQuery = z.object({
  ...tenantSelectorFields,
  chat_message_id: uuid.optional(),
});

export const streamQuery = z.object({ ...tenantSelectorFields });

const metadata = z.object({
  rms_type: z.string().nullable(),
  rms_sub_type: z.string().nullable(),
  rms_document_type: z.string().nullable(),
  source: z.string().nullable(),
  countries: z.array(z.string()).nullable(),
  regions: z.array(z.string()).nullable(),
  participants: z.array(z.string()).nullable(),
  tags: z.array(z.string()).nullable(),
  publisher: z.string().nullable(),
  calendar_date: z.string().nullable(),
  fiscal_year: z.number().int().nullable(),
  fiscal_quarter: z.number().int().nullable(),
  document_category: z.string().nullable(),
  document_subcategory: z.string().nullable(),
  sector: z.string().nullable(),
  subsector: z.string().nullable(),
  stock_ids: z.array(z.string()).nullable(),
  tickers: z.array(z.string()).nullable(),
  company_names: z.array(z.string()).nullable(),
  offset: z.number().int().nullable(),
  snippet: z.string().nullable(),
});

export const conversationReference = z.object({
  id: uuid,
  citation_idx: z.number().int(),
  search_type: z.string(),
  chunk_id: z.string(),
  text: z.string(),
  text_type: z.string().describe("paragraph, or table when the passage holds a statement table"),
  document_id: uuid,
  document_name: z.string(),
  s3_file_key: z.string().nullable(),
  external_url: z.string().describe("The document's source URL, or empty"),
  metadata,
});

export const referencesResponse = z.object({ references: z.array(conversationReference) });

export const stopResponse = z.object({
  status: z.enum(["paused", "finished"]).describe("paused: the running turn was paused; finished: it had already ended"),
  message: z.string(),
  dialogue_id: uuid,
  paused: z.number().int().describe("Unix time in milliseconds"),
});

export const eventStream = z
  .string()
  .describe(
    "Server-sent events: `id: <n>`, `event: <name>`, `data: {\"event_name\", \"data\"}`. Events: conversation, chat_message_id, status, search_results, answer_delta, citation, table, then one done or error. Heartbeat comments `: ping` every 15 s.",
  );
