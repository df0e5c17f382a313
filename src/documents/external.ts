// The shared external corpus (transcripts, filings, news, IR slides, structured data), loaded by operators
// through the admin API and parsed like any upload. Its documents belong to no organization.
import { z } from "zod";
import type { Env } from "../core/env";
import { invalidBody } from "../core/errors";
import { resolveTickers } from "../market/service";
import { acceptContentType, MAX_FILE_BYTES, safeFileName } from "./formats";
import * as repo from "./repo";
import { enqueueParse } from "./ingest";

export const EXTERNAL_TYPES = ["transcript", "filing", "news", "ir_slide", "structured_data"] as const;

export const externalMetadata = z.strictObject({
  name: z.string().trim().min(1).max(300).optional(),
  ticker: z.string().trim().min(1).max(20),
  stock_id: z.string().trim().min(1).max(40).optional(),
  doc_type: z.enum(EXTERNAL_TYPES),
  doc_sub_type: z.string().trim().min(1).max(60).optional(),
  source: z.string().trim().min(1).max(120).optional(),
  fiscal_year: z.number().int().min(1900).max(2100).optional(),
  fiscal_quarter: z.number().int().min(1).max(4).optional(),
  calendar_date: z.iso.date().optional(),
  published_at: z.iso.datetime({ offset: true }).optional(),
});

export type ExternalMetadata = z.infer<typeof externalMetadata>;

export async function addExternalDocument(env: Env, file: File, meta: ExternalMetadata) {
  if (file.size > MAX_FILE_BYTES) throw invalidBody(`file exceeds the ${MAX_FILE_BYTES}-byte (20 MB) limit`);
  if (file.size === 0) throw invalidBody("file is empty");
  const contentType = acceptContentType("vault", file.type || "application/octet-stream");
  if (!contentType) throw invalidBody(`file type ${file.type || "(none)"} is not accepted`);
  let stockId = meta.stock_id ?? null;
  let ticker = meta.ticker.toUpperCase();
  if (!stockId) {
    const resolved = await resolveTickers(env, [meta.ticker]);
    if (resolved.mappings[0]) {
      stockId = resolved.mappings[0].stock_id;
      ticker = resolved.mappings[0].ticker;
    }
  }
  const id = crypto.randomUUID();
  const r2Key = `${repo.EXTERNAL_ORG}/${id}/${safeFileName(file.name)}`;
  await env.DOCUMENTS.put(r2Key, await file.arrayBuffer(), { httpMetadata: { contentType } });
  const doc = await repo.insertDocument(env, {
    id,
    organizationId: repo.EXTERNAL_ORG,
    kind: "external",
    ownerUserId: null,
    visibility: "organization",
    name: meta.name ?? file.name.replace(/\.[A-Za-z0-9]+$/, ""),
    fileName: file.name,
    path: null,
    contentType,
    size: file.size,
    r2Key,
    fileKey: null,
    sourceBatchId: null,
    rmsType: null,
    rmsSubType: null,
    tags: [],
    docType: meta.doc_type,
    docSubType: meta.doc_sub_type ?? null,
    source: meta.source ?? null,
    tickers: [ticker],
    stockIds: stockId ? [stockId] : [],
    fiscalYear: meta.fiscal_year ?? null,
    fiscalQuarter: meta.fiscal_quarter ?? null,
    calendarDate: meta.calendar_date ?? null,
    publishedAt: meta.published_at ?? null,
  });
  await enqueueParse(env, doc);
  return { document_id: doc.id, status: doc.status };
}

export async function listExternalDocuments(env: Env) {
  const { rows } = await repo.listExternal(env);
  return {
    documents: rows.map((d) => ({ document_id: d.id, name: d.name, file_name: d.fileName, ticker: d.tickers[0] ?? null, doc_type: d.docType, status: d.status, fail_code: d.failCode })),
  };
}
