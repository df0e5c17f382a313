// Queries on source batches, uploads and documents. Tenant rows live in the tenant's database
// (tenantD1); the shared external corpus lives in the main database under organization_id 'external'.
import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { Env } from "../core/env";
import { nowIso, tenantD1 } from "../core/db";
import { documents, sourceBatches, uploads, EXTERNAL_ORG, type DocumentRow, type UploadRow } from "./schema";

export function d1For(env: Env, organizationId: string): D1Database {
  return organizationId === EXTERNAL_ORG ? env.DB : tenantD1(env, organizationId);
}

const dbFor = (env: Env, organizationId: string) => drizzle(d1For(env, organizationId));

/** Who is looking: documents of the organization that are organization-visible or owned by the user. */
export interface Viewer {
  organizationId: string;
  userId: string | null;
}

function visibleTo(viewer: Viewer): SQL {
  const orgVisible = eq(documents.visibility, "organization");
  return and(
    eq(documents.organizationId, viewer.organizationId),
    viewer.userId ? or(orgVisible, eq(documents.ownerUserId, viewer.userId))! : orgVisible,
  )!;
}

export async function insertBatch(env: Env, row: { id: string; organizationId: string; createdByUserId: string | null; name: string | null }) {
  const created = { ...row, createdAt: nowIso() };
  await dbFor(env, row.organizationId).insert(sourceBatches).values(created).run();
  return created;
}

export async function findBatch(env: Env, organizationId: string, id: string) {
  return dbFor(env, organizationId)
    .select()
    .from(sourceBatches)
    .where(and(eq(sourceBatches.organizationId, organizationId), eq(sourceBatches.id, id)))
    .get();
}

/** Files registered in a batch (the 10-file limit counts registered sources). */
export async function batchFileCount(env: Env, organizationId: string, batchId: string): Promise<number> {
  const db = dbFor(env, organizationId);
  const docs = await db
    .select({ n: sql<number>`count(*)` })
    .from(documents)
    .where(and(eq(documents.organizationId, organizationId), eq(documents.sourceBatchId, batchId)))
    .get();
  return docs?.n ?? 0;
}

export async function insertUpload(env: Env, row: Omit<UploadRow, "createdAt" | "uploadedAt" | "documentId">) {
  await dbFor(env, row.organizationId).insert(uploads).values({ ...row, createdAt: nowIso(), uploadedAt: null, documentId: null }).run();
}

export async function findUpload(env: Env, organizationId: string, fileKey: string): Promise<UploadRow | undefined> {
  return dbFor(env, organizationId)
    .select()
    .from(uploads)
    .where(and(eq(uploads.organizationId, organizationId), eq(uploads.fileKey, fileKey)))
    .get();
}

export async function markUploaded(env: Env, organizationId: string, fileKey: string) {
  await dbFor(env, organizationId).update(uploads).set({ uploadedAt: nowIso() }).where(and(eq(uploads.organizationId, organizationId), eq(uploads.fileKey, fileKey))).run();
}

export type NewDocument = Omit<DocumentRow, "createdAt" | "updatedAt" | "status" | "failCode" | "errorMessage" | "pageCount" | "chunkCount" | "summary" | "lastSyncedAt" | "periodEnd">;

/** Inserts the document and, for uploads, binds the file_key to it in the same batch (one file, one document). */
export async function insertDocument(env: Env, row: NewDocument): Promise<DocumentRow> {
  const now = nowIso();
  const full: DocumentRow = { ...row, periodEnd: null, status: "processing", failCode: null, errorMessage: null, pageCount: null, chunkCount: 0, summary: null, lastSyncedAt: null, createdAt: now, updatedAt: now };
  const db = dbFor(env, row.organizationId);
  const insert = db.insert(documents).values(full);
  if (row.fileKey) {
    const bind = db
      .update(uploads)
      .set({ documentId: row.id })
      .where(and(eq(uploads.organizationId, row.organizationId), eq(uploads.fileKey, row.fileKey), sql`${uploads.documentId} IS NULL`));
    const [, bound] = await db.batch([insert, bind]);
    if (bound.meta.changes !== 1) throw new Error("file_key was bound concurrently");
  } else {
    await insert.run();
  }
  return full;
}

export async function findDocument(env: Env, organizationId: string, id: string): Promise<DocumentRow | undefined> {
  return dbFor(env, organizationId)
    .select()
    .from(documents)
    .where(and(eq(documents.organizationId, organizationId), eq(documents.id, id)))
    .get();
}

export async function findVisibleDocument(env: Env, viewer: Viewer, id: string): Promise<DocumentRow | undefined> {
  return dbFor(env, viewer.organizationId).select().from(documents).where(and(visibleTo(viewer), eq(documents.id, id))).get();
}

export async function findVisibleDocuments(env: Env, viewer: Viewer, ids: string[]): Promise<DocumentRow[]> {
  if (ids.length === 0) return [];
  const out: DocumentRow[] = [];
  for (let i = 0; i < ids.length; i += 90) {
    out.push(...(await dbFor(env, viewer.organizationId).select().from(documents).where(and(visibleTo(viewer), inArray(documents.id, ids.slice(i, i + 90)))).all()));
  }
  return out;
}

/**
 * Of these document ids, the ones the viewer can see: its organization's documents visible to it, and the
 * external corpus, which everyone sees. The ids are bound as one JSON array, so any number take one query
 * (two when the organization has a database of its own: the external corpus stays in the main one).
 * Unknown or deleted ids are not visible.
 */
export async function visibleDocumentIds(env: Env, viewer: Viewer, ids: string[]): Promise<Set<string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Set();
  const among = sql`${documents.id} IN (SELECT value FROM json_each(${JSON.stringify(wanted)}))`;
  const external = eq(documents.organizationId, EXTERNAL_ORG);
  const lookup = (db: D1Database, scope: SQL) => drizzle(db).select({ id: documents.id }).from(documents).where(and(among, scope)).all();
  const tenantDb = d1For(env, viewer.organizationId);
  const rows =
    tenantDb === env.DB
      ? await lookup(env.DB, or(external, visibleTo(viewer))!)
      : (await Promise.all([lookup(tenantDb, visibleTo(viewer)), lookup(env.DB, external)])).flat();
  return new Set(rows.map((r) => r.id));
}

export async function findDocumentsByStatusQuery(
  env: Env,
  viewer: Viewer,
  filter: { ids?: string[]; pathPrefix?: string; nameContains?: string },
  limit: number,
): Promise<DocumentRow[]> {
  const conditions: SQL[] = [visibleTo(viewer), inArray(documents.kind, ["source", "vault"])];
  if (filter.ids?.length) conditions.push(inArray(documents.id, filter.ids));
  if (filter.pathPrefix) conditions.push(sql`substr(coalesce(${documents.path}, ''), 1, ${filter.pathPrefix.length}) = ${filter.pathPrefix}`);
  if (filter.nameContains) {
    // escapeLike backslash-escapes % and _; SQLite's LIKE honours that only with an ESCAPE clause.
    const pattern = `%${escapeLike(filter.nameContains.toLowerCase())}%`;
    conditions.push(sql`lower(${documents.name}) LIKE ${pattern} ESCAPE '\\'`);
  }
  return dbFor(env, viewer.organizationId)
    .select()
    .from(documents)
    .where(and(...conditions))
    .orderBy(documents.createdAt)
    .limit(limit)
    .all();
}

function escapeLike(s: string): string {
  return s.replace(/[%_\\]/g, (c) => `\\${c}`);
}

export async function updateDocumentOutcome(
  env: Env,
  organizationId: string,
  id: string,
  outcome:
    | { status: "success"; pageCount: number; chunkCount: number; summary: string | null; period: Pick<DocumentRow, "periodEnd" | "fiscalYear" | "fiscalQuarter"> }
    | { status: "failed"; failCode: string; errorMessage: string },
) {
  const now = nowIso();
  const set =
    outcome.status === "success"
      ? { status: outcome.status, pageCount: outcome.pageCount, chunkCount: outcome.chunkCount, summary: outcome.summary, ...outcome.period, failCode: null, errorMessage: null, lastSyncedAt: now, updatedAt: now }
      : { status: outcome.status, failCode: outcome.failCode, errorMessage: outcome.errorMessage, updatedAt: now };
  await dbFor(env, organizationId).update(documents).set(set).where(and(eq(documents.organizationId, organizationId), eq(documents.id, id))).run();
}

export async function deleteDocumentRows(env: Env, organizationId: string, id: string) {
  const db = dbFor(env, organizationId);
  await db.batch([
    db.delete(documents).where(and(eq(documents.organizationId, organizationId), eq(documents.id, id))),
    db.delete(uploads).where(and(eq(uploads.organizationId, organizationId), eq(uploads.documentId, id))),
  ]);
}

export { EXTERNAL_ORG };

export interface ListingFilter {
  tickers?: string[];
  stockIds?: string[];
  documentIds?: string[];
  docType?: string;
  docSubType?: string;
  /** Inclusive (year, quarter) bounds compared as year * 10 + quarter. */
  fiscalFrom?: number;
  fiscalTo?: number;
  /** Inclusive YYYY-MM bounds on calendar_date. */
  calendarFrom?: string;
  calendarTo?: string;
}

/** Documents matching the batch-listing filters, newest first; external corpus or the viewer's RMS documents. */
export async function listDocuments(
  env: Env,
  scope: { kind: "external" } | { kind: "rms"; viewer: Viewer },
  filter: ListingFilter,
  page: { offset: number; limit: number },
): Promise<{ total: number; rows: DocumentRow[] }> {
  const conditions: SQL[] = [];
  if (scope.kind === "external") conditions.push(eq(documents.organizationId, EXTERNAL_ORG), eq(documents.kind, "external"));
  else conditions.push(visibleTo(scope.viewer), inArray(documents.kind, ["source", "vault"]));
  const anyOf: SQL[] = [];
  if (filter.tickers?.length) anyOf.push(sql`EXISTS (SELECT 1 FROM json_each(${documents.tickers}) WHERE upper(value) IN ${filter.tickers.map((t) => t.toUpperCase())})`);
  if (filter.stockIds?.length) anyOf.push(sql`EXISTS (SELECT 1 FROM json_each(${documents.stockIds}) WHERE value IN ${filter.stockIds})`);
  if (filter.documentIds?.length) anyOf.push(inArray(documents.id, filter.documentIds));
  if (anyOf.length) conditions.push(or(...anyOf)!);
  if (filter.docType) conditions.push(eq(documents.docType, filter.docType));
  if (filter.docSubType) conditions.push(eq(documents.docSubType, filter.docSubType));
  const fiscal = sql`(coalesce(${documents.fiscalYear}, 0) * 10 + coalesce(${documents.fiscalQuarter}, 0))`;
  if (filter.fiscalFrom !== undefined) conditions.push(sql`${documents.fiscalYear} IS NOT NULL AND ${fiscal} >= ${filter.fiscalFrom}`);
  if (filter.fiscalTo !== undefined) conditions.push(sql`${documents.fiscalYear} IS NOT NULL AND ${fiscal} <= ${filter.fiscalTo}`);
  if (filter.calendarFrom) conditions.push(sql`substr(${documents.calendarDate}, 1, 7) >= ${filter.calendarFrom}`);
  if (filter.calendarTo) conditions.push(sql`substr(${documents.calendarDate}, 1, 7) <= ${filter.calendarTo}`);
  const organizationId = scope.kind === "external" ? EXTERNAL_ORG : scope.viewer.organizationId;
  const db = dbFor(env, organizationId);
  const where = and(...conditions);
  const [count, rows] = await Promise.all([
    db.select({ n: sql<number>`count(*)` }).from(documents).where(where).get(),
    db
      .select()
      .from(documents)
      .where(where)
      .orderBy(sql`coalesce(${documents.publishedAt}, ${documents.createdAt}) DESC`, documents.id)
      .limit(page.limit)
      .offset(page.offset)
      .all(),
  ]);
  return { total: count?.n ?? 0, rows };
}

export async function listExternal(env: Env): Promise<{ rows: DocumentRow[] }> {
  const rows = await drizzle(env.DB).select().from(documents).where(eq(documents.organizationId, EXTERNAL_ORG)).orderBy(documents.createdAt).limit(1000).all();
  return { rows };
}
