// The search tables' queries: atomic (re)indexing of a document, removal, alias and candidate look-ups.
// Bulk rows travel as one JSON parameter (json_each) to stay within D1's 100 bound parameters.
import { chunkPage, type Chunk } from "./chunking";
import { datedAt, documentScope } from "./scope";
import { abbreviationAliases, aliasLookupKeys, nameAliases, namedAliases, tickerAlias, type AliasQuery } from "./aliases";
import type { IndexableDocument, PageText } from "./types";

/** Bytes of chunk JSON per INSERT statement: well under D1's 2 MB per value and statement limits. */
const MAX_JSON_PER_STATEMENT = 400_000;

function chunkRows(doc: IndexableDocument, pages: PageText[]): Chunk[] {
  return pages.flatMap((p) => chunkPage(p.page, p.text));
}

export function chunkId(documentId: string, chunk: Pick<Chunk, "page" | "index">): string {
  return `${documentId}:${chunk.page}:${chunk.index}`;
}

function deleteStatements(db: D1Database, documentId: string): D1PreparedStatement[] {
  return [
    db.prepare("DELETE FROM search_fts WHERE rowid IN (SELECT id FROM search_chunks WHERE document_id = ?)").bind(documentId),
    db.prepare("DELETE FROM search_chunks WHERE document_id = ?").bind(documentId),
    db.prepare("DELETE FROM search_aliases WHERE document_id = ?").bind(documentId),
    db.prepare("DELETE FROM search_documents WHERE document_id = ?").bind(documentId),
  ];
}

export function titleOf(doc: IndexableDocument): string {
  return [doc.name, ...(doc.companyNames ?? []), ...doc.tickers].join(" \n ");
}

export async function replaceDocument(db: D1Database, doc: IndexableDocument, pages: PageText[]): Promise<number> {
  const chunks = chunkRows(doc, pages);
  const statements = deleteStatements(db, doc.id);
  statements.push(
    db
      .prepare(
        `INSERT INTO search_documents (document_id, organization_id, kind, visibility, owner_user_id, name, source_batch_id, rms_type,
          rms_sub_type, doc_type, doc_sub_type, tickers, stock_ids, company_names, fiscal_year, fiscal_quarter, calendar_date,
          published_at, dated_at, created_at, chunk_count) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
      )
      .bind(
        doc.id, doc.organizationId, doc.kind, doc.visibility, doc.ownerUserId, doc.name, doc.sourceBatchId, doc.rmsType, doc.rmsSubType,
        doc.docType, doc.docSubType, JSON.stringify(doc.tickers), JSON.stringify(doc.stockIds), JSON.stringify(doc.companyNames ?? []),
        doc.fiscalYear, doc.fiscalQuarter, doc.calendarDate, doc.publishedAt, datedAt(doc), doc.createdAt, chunks.length,
      ),
  );

  let batch: unknown[][] = [];
  let size = 0;
  const flush = () => {
    if (batch.length === 0) return;
    statements.push(
      db
        .prepare(
          `INSERT INTO search_chunks (chunk_id, document_id, organization_id, page, chunk_index, start_offset, end_offset, text)
           SELECT value ->> 0, ?1, ?2, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5 FROM json_each(?3)`,
        )
        .bind(doc.id, doc.organizationId, JSON.stringify(batch)),
    );
    batch = [];
    size = 0;
  };
  for (const c of chunks) {
    const row = [chunkId(doc.id, c), c.page, c.index, c.start, c.end, c.text];
    batch.push(row);
    size += c.text.length * 1.2 + 120;
    if (size >= MAX_JSON_PER_STATEMENT) flush();
  }
  flush();

  statements.push(
    db
      .prepare("INSERT INTO search_fts (rowid, text, title, scope) SELECT id, text, ?2, ?3 FROM search_chunks WHERE document_id = ?1")
      .bind(doc.id, titleOf(doc), documentScope(doc)),
  );

  const aliases = new Set<string>();
  for (const t of doc.tickers) {
    const ticker = t.trim().toUpperCase();
    aliases.add(JSON.stringify([tickerAlias(ticker), ticker]));
    for (const name of doc.companyNames ?? []) {
      for (const a of [...nameAliases(name), ...abbreviationAliases(name)]) aliases.add(JSON.stringify([a, ticker]));
    }
  }
  if (aliases.size > 0) {
    statements.push(
      db
        .prepare(
          "INSERT OR IGNORE INTO search_aliases (organization_id, alias, ticker, document_id) SELECT ?1, value ->> 0, value ->> 1, ?2 FROM json_each(?3)",
        )
        .bind(doc.organizationId, doc.id, `[${[...aliases].join(",")}]`),
    );
  }
  await db.batch(statements);
  return chunks.length;
}

export async function deleteDocument(db: D1Database, documentId: string): Promise<void> {
  await db.batch(deleteStatements(db, documentId));
}

/**
 * Tickers whose aliases are among the query's candidates, within the organizations the tenant may see: the
 * aliases starting with one of its look-up keys, kept when they are candidates (aliases.ts, namedAliases).
 */
export async function findAliasTickers(db: D1Database, organizationIds: string[], query: AliasQuery): Promise<AliasTicker[]> {
  const keys = aliasLookupKeys(query);
  if (keys.length === 0) return [];
  const rows = await aliasTickersStatement(db, organizationIds, keys).all<AliasTicker>();
  return namedAliases(query, rows.results);
}

export interface AliasTicker {
  alias: string;
  ticker: string;
}

/**
 * findAliasTickers's statement, for a batch (keys must not be empty): each alias that starts with a key,
 * read from the primary key's order of (organization, alias) between the key and the key followed by the
 * last code point (every string that starts with it sorts there).
 */
export function aliasTickersStatement(db: D1Database, organizationIds: string[], keys: string[]): D1PreparedStatement {
  return db
    .prepare(
      `SELECT DISTINCT a.alias, a.ticker FROM json_each(?2) k JOIN search_aliases a
       ON a.organization_id IN (SELECT value FROM json_each(?1)) AND a.alias >= k.value AND a.alias < k.value || char(1114111)`,
    )
    .bind(JSON.stringify(organizationIds), JSON.stringify(keys));
}

export interface CandidateRow {
  rank: number;
  chunk_id: string;
  document_id: string;
  page: number | null;
  start_offset: number;
  text: string;
  organization_id: string;
  kind: "source" | "vault" | "external";
  name: string;
  doc_type: string | null;
  doc_sub_type: string | null;
  rms_type: string | null;
  rms_sub_type: string | null;
  tickers: string;
  stock_ids: string;
  company_names: string;
  fiscal_year: number | null;
  fiscal_quarter: number | null;
  calendar_date: string | null;
  published_at: string | null;
}

const CHUNK_COLUMNS = "top.rank, c.chunk_id, c.document_id, c.page, c.start_offset";
const DOCUMENT_COLUMNS = `organization_id, kind, name, doc_type, doc_sub_type, rms_type, rms_sub_type, tickers, stock_ids, company_names,
  fiscal_year, fiscal_quarter, calendar_date, published_at`;

/**
 * A candidate statement's columns: the whole row, or (`whole` false) only the chunk's place and rank, for a
 * caller reading many overlapping candidate lists, which fetches each chunk's text and each document's
 * columns once (chunkTextsStatement, candidateDocumentsStatement).
 */
const WHOLE_COLUMNS = `${CHUNK_COLUMNS}, c.text, ${DOCUMENT_COLUMNS.replace(/\w+/g, "d.$&")}`;
const columns = (whole: boolean) => (whole ? WHOLE_COLUMNS : CHUNK_COLUMNS);

/** A candidate as a statement built with `whole` false gives it. */
export type CandidatePlace = Pick<CandidateRow, "rank" | "chunk_id" | "document_id" | "page" | "start_offset">;

/** The document columns of a candidate row. */
export type CandidateDocument = Omit<CandidateRow, keyof CandidatePlace | "text">;

/**
 * The texts of chunks by chunk_id (unique, and named by its document: a chunk of another document, another
 * organization's, never answers for it). A chunk deleted since it was found has no row.
 */
export function chunkTextsStatement(db: D1Database, chunkIds: string[]): D1PreparedStatement {
  return db.prepare("SELECT chunk_id, text FROM search_chunks WHERE chunk_id IN (SELECT value FROM json_each(?1))").bind(JSON.stringify(chunkIds));
}

/** The candidate columns of documents by document_id; a document deleted since its chunk was found has no row. */
export function candidateDocumentsStatement(db: D1Database, documentIds: string[]): D1PreparedStatement {
  return db
    .prepare(`SELECT document_id, ${DOCUMENT_COLUMNS} FROM search_documents WHERE document_id IN (SELECT value FROM json_each(?1))`)
    .bind(JSON.stringify(documentIds));
}

/** Instants (utcInstant strings, inclusive) a candidate's dated_at must lie between; undated documents pass. */
export interface DatedBounds {
  start: string | null;
  end: string | null;
}

/**
 * The FTS5 rows of a MATCH, with the exact published-window check when bounds are given: the scope tokens
 * cover whole UTC days, so documents of the window's first and last day outside its instants are removed
 * here, before the LIMIT, and never take a candidate's place.
 */
function matchedRows(bounds: DatedBounds | undefined, match = "?1"): { from: string; where: string } {
  if (!bounds) return { from: "search_fts", where: `search_fts MATCH ${match}` };
  return {
    from: `search_fts JOIN search_chunks wc ON wc.id = search_fts.rowid JOIN search_documents wd ON wd.document_id = wc.document_id`,
    where: `search_fts MATCH ${match} AND (wd.dated_at IS NULL OR ((?4 IS NULL OR wd.dated_at >= ?4) AND (?5 IS NULL OR wd.dated_at <= ?5)))`,
  };
}

/**
 * Up to `limit` chunks matching a scope-only expression, unranked (rank 0), in index order: reads only
 * the scope tokens' postings, for when a company's documents have too few chunks with the question's
 * distinctive words and the rerank should see the rest of them.
 */
export async function scopeCandidates(db: D1Database, scopeMatch: string, exclude: string[], limit: number, bounds?: DatedBounds): Promise<CandidateRow[]> {
  const rows = await scopeCandidatesStatement(db, scopeMatch, exclude, limit, bounds).all<CandidateRow>();
  return rows.results;
}

/** scopeCandidates's statement, for a batch. */
export function scopeCandidatesStatement(db: D1Database, scopeMatch: string, exclude: string[], limit: number, bounds?: DatedBounds, whole = true): D1PreparedStatement {
  const m = matchedRows(bounds);
  return db
    .prepare(
      `WITH top AS (SELECT search_fts.rowid AS id, 0.0 AS rank FROM ${m.from} WHERE ${m.where} LIMIT ?2)
       SELECT ${columns(whole)}
       FROM top JOIN search_chunks c ON c.id = top.id JOIN search_documents d ON d.document_id = c.document_id
       WHERE c.chunk_id NOT IN (SELECT value FROM json_each(?3))`,
    )
    .bind(scopeMatch, limit, JSON.stringify(exclude), ...(bounds ? [bounds.start, bounds.end] : []));
}

/** Best `limit` chunks for an FTS5 MATCH expression by bm25 (text weighs 1, title 2, scope 0). */
export async function matchCandidates(db: D1Database, match: string, limit: number, bounds?: DatedBounds): Promise<CandidateRow[]> {
  const rows = await matchCandidatesStatement(db, match, limit, bounds).all<CandidateRow>();
  return rows.results;
}

/** matchCandidates's statement, for a batch. */
export function matchCandidatesStatement(db: D1Database, match: string, limit: number, bounds?: DatedBounds, whole = true): D1PreparedStatement {
  const m = matchedRows(bounds);
  return db
    .prepare(
      `WITH top AS (
         SELECT search_fts.rowid AS id, bm25(search_fts, 1.0, 2.0, 0.0) AS rank FROM ${m.from} WHERE ${m.where} ORDER BY rank LIMIT ?2
       )
       SELECT ${columns(whole)}
       FROM top JOIN search_chunks c ON c.id = top.id JOIN search_documents d ON d.document_id = c.document_id
       ORDER BY top.rank`,
    )
    .bind(match, limit, ...(bounds ? [null, bounds.start, bounds.end] : []));
}

/**
 * The rows of matchCandidatesStatement(match), or when it has none, those of matchCandidatesStatement(fallback)
 * (a search's words, then more of them when those find nothing): one statement instead of two read one after
 * the other. The fallback's full-text query runs only when the first finds nothing: its scan is joined (CROSS
 * JOIN keeps the order) after a guard row that exists only then. Same rows in the same order as the two
 * statements: each part ranks and limits as matchCandidatesStatement does, and at most one has rows.
 */
export function matchOrElseStatement(db: D1Database, match: string, fallback: string, limit: number, bounds?: DatedBounds, whole = true): D1PreparedStatement {
  const m = matchedRows(bounds);
  const f = matchedRows(bounds, "?6");
  const ranked = `search_fts.rowid AS id, bm25(search_fts, 1.0, 2.0, 0.0) AS rank`;
  return db
    .prepare(
      `WITH first AS (SELECT ${ranked} FROM ${m.from} WHERE ${m.where} ORDER BY rank LIMIT ?2),
       second AS (
         SELECT ${ranked} FROM (SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM first)) AS only_if_none CROSS JOIN ${f.from}
         WHERE ${f.where} ORDER BY rank LIMIT ?2
       ),
       top AS (SELECT id, rank FROM first UNION ALL SELECT id, rank FROM second)
       SELECT ${columns(whole)}
       FROM top JOIN search_chunks c ON c.id = top.id JOIN search_documents d ON d.document_id = c.document_id
       ORDER BY top.rank`,
    )
    .bind(match, limit, null, bounds?.start ?? null, bounds?.end ?? null, fallback);
}

export async function matchOrElseCandidates(db: D1Database, match: string, fallback: string, limit: number, bounds?: DatedBounds): Promise<CandidateRow[]> {
  const rows = await matchOrElseStatement(db, match, fallback, limit, bounds).all<CandidateRow>();
  return rows.results;
}
