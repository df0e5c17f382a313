// Drizzle schema of the document tables (migrations/db/0002_documents.sql): source batches, pending
// uploads (a file_key before registration) and one row per stored file (document_id).
import { sqliteTable, text, integer } from "drizzle-orm/sqlite-core";

export const EXTERNAL_ORG = "external";

export const sourceBatches = sqliteTable("source_batches", {
  id: text("id").primaryKey(),
  organizationId: text("organization_id").notNull(),
  createdByUserId: text("created_by_user_id"),
  name: text("name"),
  createdAt: text("created_at").notNull(),
});

export const uploads = sqliteTable("uploads", {
  fileKey: text("file_key").primaryKey(),
  organizationId: text("organization_id").notNull(),
  userId: text("user_id"),
  flow: text("flow", { enum: ["source", "vault"] }).notNull(),
  sourceBatchId: text("source_batch_id"),
  fileName: text("file_name").notNull(),
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  createdAt: text("created_at").notNull(),
  expiresAt: text("expires_at").notNull(),
  uploadedAt: text("uploaded_at"),
  documentId: text("document_id"),
});

export const documents = sqliteTable("documents", {
  id: text("id").primaryKey(),
  organizationId: text("organization_id").notNull(),
  kind: text("kind", { enum: ["source", "vault", "external"] }).notNull(),
  ownerUserId: text("owner_user_id"),
  visibility: text("visibility", { enum: ["private", "organization"] }).notNull(),
  name: text("name").notNull(),
  fileName: text("file_name").notNull(),
  path: text("path"),
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  r2Key: text("r2_key").notNull(),
  fileKey: text("file_key"),
  sourceBatchId: text("source_batch_id"),
  rmsType: text("rms_type"),
  rmsSubType: text("rms_sub_type"),
  tags: text("tags", { mode: "json" }).$type<string[]>().notNull(),
  docType: text("doc_type"),
  docSubType: text("doc_sub_type"),
  source: text("source"),
  tickers: text("tickers", { mode: "json" }).$type<string[]>().notNull(),
  stockIds: text("stock_ids", { mode: "json" }).$type<string[]>().notNull(),
  fiscalYear: integer("fiscal_year"),
  fiscalQuarter: integer("fiscal_quarter"),
  calendarDate: text("calendar_date"),
  publishedAt: text("published_at"),
  /** The period end the document states, read at parse time (src/documents/period-end.ts). */
  periodEnd: text("period_end"),
  status: text("status", { enum: ["processing", "success", "failed"] }).notNull(),
  failCode: text("fail_code"),
  errorMessage: text("error_message"),
  pageCount: integer("page_count"),
  chunkCount: integer("chunk_count").notNull(),
  summary: text("summary"),
  lastSyncedAt: text("last_synced_at"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
});

export type DocumentRow = typeof documents.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;
export type SourceBatchRow = typeof sourceBatches.$inferSelect;
