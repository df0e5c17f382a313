// The parse job (Queue consumer): read the file from R2, parse it inside workerd, index its pages and
// settle the document as success or failed with a fail_code and our own message for that code (the
// parser's detail goes to the job's log line). Index writes replace the document's rows in one batch, so
// a failed or retried job never leaves a half-indexed document.
import { z } from "zod";
import type { Env } from "../core/env";
import { registerJob } from "../core/jobs";
import { FAIL_MESSAGES, parseDocument, type ParseFailure } from "./parsers";
import { indexDocument, removeDocumentIndex, type IndexableDocument } from "../search";
import * as repo from "./repo";
import type { DocumentRow } from "./schema";
import { MAX_FILE_BYTES } from "./formats";
import { fiscalLabelsOf, statedPeriodEnd } from "./period-end";

const parseJob = z.object({ kind: z.literal("document.parse"), organization_id: z.string(), document_id: z.string() });
type ParseJob = z.infer<typeof parseJob>;

export async function enqueueParse(env: Env, doc: Pick<DocumentRow, "id" | "organizationId">): Promise<void> {
  const job: ParseJob = { kind: "document.parse", organization_id: doc.organizationId, document_id: doc.id };
  await env.PARSE_QUEUE.send(job);
}

export function toIndexable(doc: DocumentRow): IndexableDocument {
  return {
    id: doc.id,
    organizationId: doc.organizationId,
    kind: doc.kind,
    visibility: doc.visibility,
    ownerUserId: doc.ownerUserId,
    name: doc.name,
    sourceBatchId: doc.sourceBatchId,
    rmsType: doc.rmsType,
    rmsSubType: doc.rmsSubType,
    docType: doc.docType,
    docSubType: doc.docSubType,
    tickers: doc.tickers,
    stockIds: doc.stockIds,
    fiscalYear: doc.fiscalYear,
    fiscalQuarter: doc.fiscalQuarter,
    calendarDate: doc.calendarDate,
    publishedAt: doc.publishedAt,
    createdAt: doc.createdAt,
  };
}

function summarize(text: string): string | null {
  const flat = text.replace(/\s+/g, " ").trim();
  if (!flat) return null;
  return flat.length <= 280 ? flat : `${dropPartialWord(flat.slice(0, 277))}...`;
}

/** `s.replace(/\s+\S*$/, "")` as a scan from the end: the last word, cut off, and the blanks before it. */
function dropPartialWord(s: string): string {
  let end = s.length;
  while (end > 0 && !/\s/.test(s[end - 1])) end--;
  if (end === 0) return s; // one word: nothing to drop
  while (end > 0 && /\s/.test(s[end - 1])) end--;
  return s.slice(0, end);
}

/** Settles the document as failed; the client reads FAIL_MESSAGES[code], never the parser's detail. */
async function settleFailed(env: Env, doc: DocumentRow, failCode: ParseFailure) {
  await removeDocumentIndex(repo.d1For(env, doc.organizationId), doc.id);
  await repo.updateDocumentOutcome(env, doc.organizationId, doc.id, { status: "failed", failCode, errorMessage: FAIL_MESSAGES[failCode] });
}

export async function runParseJob(env: Env, job: ParseJob): Promise<void> {
  const doc = await repo.findDocument(env, job.organization_id, job.document_id);
  // Erased meanwhile, or already settled by an earlier delivery: nothing to do.
  if (!doc || doc.status !== "processing") return;
  const object = await env.DOCUMENTS.get(doc.r2Key);
  if (!object) return settleFailed(env, doc, "CONVERSION_FAILED");
  if (object.size > MAX_FILE_BYTES) {
    await object.body.cancel();
    return settleFailed(env, doc, "FILE_SIZE_EXCEEDED");
  }
  const bytes = new Uint8Array(await object.arrayBuffer());
  const started = Date.now();
  const parsed = await parseDocument(bytes, { fileName: doc.fileName, contentType: doc.contentType, maxBytes: MAX_FILE_BYTES });
  const parseMs = Date.now() - started;
  const report = (fields: Record<string, unknown>) =>
    console.log(JSON.stringify({ job: "document.parse", document_id: doc.id, organization_id: doc.organizationId, bytes: bytes.byteLength, parse_ms: parseMs, ...fields }));
  if (!parsed.ok) {
    // The parser's own words (a library's exception, a part name from the file) stay in the logs.
    report({ outcome: "failed", fail_code: parsed.code, detail: parsed.message });
    return settleFailed(env, doc, parsed.code);
  }
  const period = periodOf(doc, parsed.pages);
  const indexStarted = Date.now();
  const { chunkCount } = await indexDocument(repo.d1For(env, doc.organizationId), toIndexable({ ...doc, ...period }), parsed.pages);
  report({ outcome: "success", pages: parsed.pages.length, chunks: chunkCount, index_ms: Date.now() - indexStarted, period_end: period.periodEnd });
  // Re-read: the document may have been erased while it was parsed; then its index rows go too.
  if (!(await repo.findDocument(env, doc.organizationId, doc.id))) {
    await removeDocumentIndex(repo.d1For(env, doc.organizationId), doc.id);
    return;
  }
  await repo.updateDocumentOutcome(env, doc.organizationId, doc.id, {
    status: "success",
    pageCount: parsed.pages.length,
    chunkCount,
    summary: summarize(parsed.pages.slice(0, 2).map((p) => p.text).join("\n")),
    period,
  });
}

/**
 * The period end the document states (its first pages, never after publication or upload) and, when the
 * metadata gave no fiscal year, the company's own fiscal year and quarter for that end.
 */
function periodOf(doc: DocumentRow, pages: { text: string }[]): Pick<DocumentRow, "periodEnd" | "fiscalYear" | "fiscalQuarter"> {
  let head = "";
  for (const page of pages) {
    if (head.length >= 60_000) break;
    head += `${page.text}\n`;
  }
  const stated = statedPeriodEnd(head, doc.publishedAt ?? doc.createdAt);
  const labels = doc.fiscalYear === null && stated ? fiscalLabelsOf(doc.tickers[0], stated) : null;
  return { periodEnd: stated?.date ?? null, fiscalYear: labels?.fiscalYear ?? doc.fiscalYear, fiscalQuarter: labels ? labels.fiscalQuarter : doc.fiscalQuarter };
}

registerJob("document.parse", {
  schema: parseJob,
  run: (env, message) => runParseJob(env, message as ParseJob),
  async onDeadLetter(env, message) {
    const job = message as ParseJob;
    const doc = await repo.findDocument(env, job.organization_id, job.document_id);
    if (doc && doc.status === "processing") await settleFailed(env, doc, "CONVERSION_FAILED");
  },
});
