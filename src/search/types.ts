// The search contract shared with the parsers (indexing) and chat/search (querying).
// Field names follow the callers; snake_case on SearchHit because it is rendered as is.

export interface IndexableDocument {
  id: string;
  /** 'external' for the shared external corpus. */
  organizationId: string;
  kind: "source" | "vault" | "external";
  visibility: "private" | "organization";
  ownerUserId: string | null;
  name: string;
  sourceBatchId: string | null;
  rmsType: string | null;
  rmsSubType: string | null;
  /** External: transcript | filing | news | ir_slide | structured_data. */
  docType: string | null;
  docSubType: string | null;
  tickers: string[];
  stockIds: string[];
  companyNames?: string[];
  fiscalYear: number | null;
  fiscalQuarter: number | null;
  calendarDate: string | null;
  publishedAt: string | null;
  /** ISO timestamp of the upload; upload_period filters on its UTC day. */
  createdAt: string;
}

export interface PageText {
  page: number;
  text: string;
}

export interface YearMonthDay {
  year: number;
  month: number;
  day: number;
}

export type SearchType = "rms" | "external" | "all";

export interface SearchFilters {
  stockIds?: string[];
  tickers?: string[];
  externalTypes?: string[];
  uploadPeriod?: { start?: YearMonthDay; end?: YearMonthDay };
  searchTypes?: SearchType[];
  rmsTypes?: string[];
  rmsSubTypes?: string[];
  sourceBatchId?: string;
  sourceIds?: string[];
  documentIds?: string[];
  /**
   * Publication window, RFC 3339 instants, both ends inclusive, either may be left open. A document's date
   * is published_at, else calendar_date; documents with neither are undated and kept. Applied inside the
   * search, so ranking happens among in-window chunks only.
   */
  publishedWindow?: { start?: string; end?: string };
}

export interface SearchHit {
  document_id: string;
  document_name: string;
  chunk_id: string;
  text: string;
  /** Higher is better; comparable within one response only. */
  score: number;
  search_type: "rms" | "external";
  page: number | null;
  doc_type: string | null;
  tickers: string[];
  published_at: string | null;
  /** Character offset of the chunk in its page's text (citations). */
  offset: number;
  /** The conversation-reference metadata keys this index knows (others are left to the caller). */
  metadata: Record<string, unknown>;
}

export const EXTERNAL_ORGANIZATION = "external";
export const DEFAULT_EXTERNAL_TYPES = ["transcript", "filing", "news", "ir_slide"];
