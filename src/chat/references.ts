// A cited passage as the spec's conversation reference: the hit's fields and metadata, completed from the
// document row (tags, source, the upload's file key); every metadata key present, null when unknown.
import { parseTables } from "../figures/table";
import { REFERENCE_METADATA_KEYS, type ConversationReference, type DocumentFacts } from "./repo";
import type { Passage } from "./types";

const SNIPPET_CHARS = 300;

function externalUrl(facts: DocumentFacts | undefined): string {
  const source = facts?.source ?? "";
  return /^https?:\/\/\S+$/i.test(source) ? source : "";
}

/** "table" when the passage holds a statement table, else "paragraph". */
export function textType(text: string): string {
  return parseTables(text).some((t) => t.rows.length > 0) ? "table" : "paragraph";
}

export function buildReference(id: string, citationIdx: number, passage: Passage, facts: DocumentFacts | undefined): ConversationReference {
  const known: Record<string, unknown> = {
    ...passage.metadata,
    rms_document_type: passage.metadata.rms_document_type ?? (facts && facts.kind !== "external" ? facts.kind : null),
    document_category: passage.metadata.document_category ?? passage.doc_type,
    tags: facts?.tags ?? null,
    source: facts?.source ?? null,
    tickers: passage.metadata.tickers ?? passage.tickers,
    calendar_date: passage.metadata.calendar_date ?? (passage.published_at ? passage.published_at.slice(0, 10) : null),
    offset: passage.metadata.offset ?? passage.offset,
    snippet: passage.metadata.snippet ?? passage.text.slice(0, SNIPPET_CHARS),
  };
  const metadata: Record<string, unknown> = {};
  for (const key of REFERENCE_METADATA_KEYS) metadata[key] = known[key] ?? null;
  return {
    id,
    citation_idx: citationIdx,
    search_type: passage.search_type,
    chunk_id: passage.chunk_id,
    text: passage.text,
    text_type: textType(passage.text),
    document_id: passage.document_id,
    document_name: passage.document_name,
    s3_file_key: facts?.fileKey ?? null,
    external_url: externalUrl(facts),
    metadata,
  };
}
