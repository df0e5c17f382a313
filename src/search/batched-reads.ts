// The search's D1 reads (alias look-up, ranked and scope candidates) behind one interface: read one at a
// time, or collected from concurrent searches and sent as one D1 batch per database (a judge's claims).
import { nextTurn } from "../core/turns";
import { aliasLookupKeys, namedAliases, type AliasQuery } from "./aliases";
import {
  aliasTickersStatement,
  candidateDocumentsStatement,
  chunkTextsStatement,
  findAliasTickers,
  matchCandidates,
  matchCandidatesStatement,
  matchOrElseCandidates,
  matchOrElseStatement,
  scopeCandidates,
  scopeCandidatesStatement,
  type AliasTicker,
  type CandidateRow,
  type CandidateDocument,
  type CandidatePlace,
  type DatedBounds,
} from "./repo";

export interface SearchReads {
  /** Rows of the aliases among the query's candidates (aliases.ts, namedAliases), in the candidates' order. */
  aliasTickers(db: D1Database, organizationIds: string[], query: AliasQuery): Promise<AliasTicker[]>;
  match(db: D1Database, match: string, limit: number, bounds?: DatedBounds): Promise<CandidateRow[]>;
  /** match's rows, or when it has none, those of match(db, fallback, ...), in one statement. */
  matchOrElse(db: D1Database, match: string, fallback: string, limit: number, bounds?: DatedBounds): Promise<CandidateRow[]>;
  scope(db: D1Database, scopeMatch: string, exclude: string[], limit: number, bounds?: DatedBounds): Promise<CandidateRow[]>;
  /**
   * Called before each stretch of computing (reading the question, ranking): batched reads give the event
   * loop a turn there, so many concurrent searches do not hold the isolate for all their computing at once.
   */
  turn(): Promise<void>;
}

export const directReads: SearchReads = {
  aliasTickers: findAliasTickers,
  match: matchCandidates,
  matchOrElse: matchOrElseCandidates,
  scope: scopeCandidates,
  turn: async () => {},
};

/**
 * Turns of concurrent searches, one per macrotask. Searches resumed together (one D1 batch answered all of
 * them) each wait for a turn before computing; were each turn its own timer, the timers set in one turn of
 * the event loop would fire back to back and hold the isolate for every search's stretch at once. Here the
 * next turn is set only when the previous one is given, so requests that arrived meanwhile are served
 * between two stretches.
 */
function turnQueue(): () => Promise<void> {
  const waiting: (() => void)[] = [];
  let scheduled = false;
  const give = () => {
    scheduled = false;
    waiting.shift()?.();
    if (waiting.length > 0) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    void nextTurn().then(give);
  };
  return () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      schedule();
    });
}

interface Waiter<T> {
  resolve(rows: T[]): void;
  reject(err: unknown): void;
}

interface AliasLookup {
  organizationIds: string[];
  /** Look-up keys not yet answered by an earlier look-up of this BatchedReads. */
  keys: Set<string>;
  /** Each caller's query and keys, all of them: its rows are those of each key, from this look-up or an earlier one. */
  waiters: (Waiter<AliasTicker> & { query: AliasQuery; keys: string[] })[];
  /** Rows of the keys answered already, by key (the aliases starting with it; an empty list: none). */
  known: Map<string, AliasTicker[]>;
}

/**
 * Look-up keys whose alias rows a BatchedReads keeps, per database and set of organizations. The claims of
 * an answer share most of their words with each other and their question (about 60 keys a search, most of
 * them starting no alias); kept, they are not sent and looked up again. The cap bounds the memory of an
 * invocation's look-ups (an entry is a short string and a list).
 */
const MAX_KNOWN_ALIASES = 50_000;

/** The rows of most keys: none (one shared list, never added to). */
const NO_ROWS: AliasTicker[] = [];

/** The rows of each key, the query's aliases among them in its candidates' order. */
function rowsOf(query: AliasQuery, keys: string[], rows: (key: string) => AliasTicker[] | undefined): AliasTicker[] {
  const out: AliasTicker[] = [];
  for (const k of keys) {
    const r = rows(k);
    if (r?.length) out.push(...r);
  }
  return namedAliases(query, out);
}

/** Each key's rows among `rows`: the aliases that start with it (a row is under every key it starts with). */
function rowsByKey(keys: Set<string>, rows: AliasTicker[]): Map<string, AliasTicker[]> {
  const found = new Map<string, AliasTicker[]>();
  for (const row of rows) {
    for (let end = 1; end <= row.alias.length; end++) {
      const key = row.alias.slice(0, end);
      if (!keys.has(key)) continue;
      const list = found.get(key);
      if (list) list.push(row);
      else found.set(key, [row]);
    }
  }
  return found;
}

/** Statements of one caller that run in order in one transaction (one D1 batch), with their results. */
interface Call {
  statements: D1PreparedStatement[];
  resolve(results: D1Result[]): void;
  reject(err: unknown): void;
}

interface Queued {
  /** Alias look-ups of one set of organizations: one statement over the union of their candidates. */
  aliases: Map<string, AliasLookup>;
  reads: (Waiter<CandidateRow> & { statement: D1PreparedStatement })[];
  calls: Call[];
}

/**
 * Statements one D1 batch carries at most. A batch holds the database while it runs (the full-text read of
 * one of a judge's claims costs about 16 ms in local D1; an agent run's 25 took 400 ms in one batch), and
 * every other query, any tenant's, waits behind it. Batches of a few, one after another, let them in between.
 */
const MAX_BATCH = 5;

/**
 * Rows of each read: D1 batches of at most MAX_BATCH reads, one after another, the calls (a few short
 * writes) in the first of them.
 */
async function readAll(db: D1Database, calls: Call[], statements: D1PreparedStatement[]): Promise<PromiseSettledResult<unknown[]>[]> {
  const results = await firstBatch(db, calls, statements.slice(0, MAX_BATCH));
  for (let i = MAX_BATCH; i < statements.length; i += MAX_BATCH) results.push(...(await readBatch(db, statements.slice(i, i + MAX_BATCH))));
  return results;
}

/** The calls' statements, then the reads, in one D1 batch; when it fails, each call alone (its own batch) and the reads as readBatch sends them. */
async function firstBatch(db: D1Database, calls: Call[], reads: D1PreparedStatement[]): Promise<PromiseSettledResult<unknown[]>[]> {
  if (calls.length === 0) return readBatch(db, reads);
  const statements = [...calls.flatMap((c) => c.statements), ...reads];
  try {
    const results = await sendAlone(db, statements);
    let at = 0;
    for (const c of calls) {
      c.resolve(results.slice(at, at + c.statements.length));
      at += c.statements.length;
    }
    return results.slice(at).map((r) => ({ status: "fulfilled", value: r.results }));
  } catch {
    for (const c of calls) sendAlone(db, c.statements).then(c.resolve, c.reject);
    return readBatch(db, reads);
  }
}

/** Statements in order in one transaction: one D1 batch (a lone statement is run as it is). */
async function sendAlone(db: D1Database, statements: D1PreparedStatement[]): Promise<D1Result[]> {
  return statements.length === 1 ? [await statements[0].run()] : db.batch(statements);
}

/** Rows of each statement: one D1 batch, or (when the batch fails) each alone, so one bad statement fails only its caller. */
async function readBatch(db: D1Database, statements: D1PreparedStatement[]): Promise<PromiseSettledResult<unknown[]>[]> {
  if (statements.length > 1) {
    try {
      const results = await db.batch(statements);
      return results.map((r) => ({ status: "fulfilled", value: r.results }));
    } catch {
      // fall through: the statements one by one
    }
  }
  return Promise.allSettled(statements.map(async (s) => (await s.all()).results));
}

/** Ids one texts or documents statement asks for at most (a chunk's text is about 2,000 characters). */
const IDS_PER_STATEMENT = 100;

/**
 * Characters of chunk text a BatchedReads keeps for its later reads. The searches of one invocation (a
 * batch of judge runs, each claim's search reading 48 candidates) find the same chunks again and again:
 * in bench:judge's agent runs, 35,000 candidate rows were about 2,600 chunks of 84 documents. Beyond the
 * cap, texts are fetched for the reads that wait on them and not kept.
 */
const MAX_KEPT_TEXT = 4_000_000;
/** Documents a BatchedReads keeps (a few hundred characters each). */
const MAX_KEPT_DOCUMENTS = 2_000;

/** The chunk texts and documents a BatchedReads has read (see MAX_KEPT_TEXT). */
interface Kept {
  texts: Map<string, string>;
  chars: number;
  documents: Map<string, CandidateDocument>;
}

/** Rows of the statements, IDS_PER_STATEMENT ids each, MAX_BATCH statements to a D1 batch. */
export async function rowsByIds<T>(db: D1Database, ids: string[], statement: (db: D1Database, ids: string[]) => D1PreparedStatement): Promise<T[]> {
  return (await rowsByIdLists(db, [{ ids, statement }]))[0] as T[];
}

/**
 * rowsByIds for several lists of ids at once (chunk texts and their documents): their statements share
 * the D1 batches, so two short lists cost one round trip, not one each. Rows are given per list.
 */
async function rowsByIdLists(db: D1Database, lists: { ids: string[]; statement: (db: D1Database, ids: string[]) => D1PreparedStatement }[]): Promise<unknown[][]> {
  const statements: { list: number; statement: D1PreparedStatement }[] = [];
  lists.forEach(({ ids, statement }, list) => {
    for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) statements.push({ list, statement: statement(db, ids.slice(i, i + IDS_PER_STATEMENT)) });
  });
  const rows: unknown[][] = lists.map(() => []);
  for (let i = 0; i < statements.length; i += MAX_BATCH) {
    const batch = statements.slice(i, i + MAX_BATCH);
    const results = batch.length === 1 ? [await batch[0].statement.all()] : await db.batch(batch.map((b) => b.statement));
    results.forEach((r, k) => rows[batch[k].list].push(...r.results));
  }
  return rows;
}

/**
 * Candidate rows whole from their places (CandidatePlace): the texts of chunks and the columns of documents
 * not kept already are fetched, once each; `kept` keeps them for the next reads.
 */
async function wholeRows(db: D1Database, lists: CandidatePlace[][], kept: Kept): Promise<CandidateRow[][]> {
  const places = lists.flat();
  const [texts, documents] = (await rowsByIdLists(db, [
    { ids: [...new Set(places.map((r) => r.chunk_id))].filter((id) => !kept.texts.has(id)), statement: chunkTextsStatement },
    { ids: [...new Set(places.map((r) => r.document_id))].filter((id) => !kept.documents.has(id)), statement: candidateDocumentsStatement },
  ])) as [{ chunk_id: string; text: string }[], (CandidateDocument & { document_id: string })[]];
  const fetchedTexts = new Map(texts.map((r) => [r.chunk_id, r.text]));
  const fetchedDocuments = new Map(documents.map((d) => [d.document_id, d]));
  for (const { chunk_id, text } of texts) {
    if (kept.chars + text.length > MAX_KEPT_TEXT) break;
    kept.texts.set(chunk_id, text);
    kept.chars += text.length;
  }
  for (const d of documents) if (kept.documents.size < MAX_KEPT_DOCUMENTS) kept.documents.set(d.document_id, d);
  // A chunk or document deleted between the reads (removed, or indexed again) is no longer a candidate.
  return lists.map((rows) =>
    rows.flatMap((r) => {
      const text = kept.texts.get(r.chunk_id) ?? fetchedTexts.get(r.chunk_id);
      const document = kept.documents.get(r.document_id) ?? fetchedDocuments.get(r.document_id);
      return text === undefined || document === undefined ? [] : [{ ...document, ...r, text }];
    }),
  );
}

/**
 * Reads issued by concurrent searches travel together: one D1 batch per database, the alias look-ups of one
 * scope merged into one statement (each caller gets the rows of its own candidates). Results equal those
 * of directReads. The flush waits in the same queue as the turns: searches resumed together each take
 * their turn and issue their reads, and the flush queued by the first read comes after every turn already
 * waiting, so the reads of all of them still travel in one batch.
 */
export interface BatchedReads extends SearchReads {
  /**
   * Statements that run in order in one transaction (a judge run's writes, its start and settlement), sent
   * with the reads of the next flush, in its first D1 batch (the calls made meanwhile travel together, with
   * those reads, instead of a round trip each); results are the statements' results, in order, as db.batch
   * gives them. When the joint batch fails each call is sent again alone and gets its own result or error,
   * so every statement sent this way must be idempotent (inserts ON CONFLICT DO NOTHING, updates guarded by
   * status, reads). A D1 call is made in the context of whichever caller's turn flushes it: the callers of
   * one BatchedReads must belong to one invocation.
   */
  send(db: D1Database, statements: D1PreparedStatement[]): Promise<D1Result[]>;
  /**
   * send for statements that can wait a few turns for company (a judge run's checkpoints and settlement):
   * they go with the next flush another caller's reads or calls bring about, or, when none comes within
   * LATER_TURNS turns of the isolate, in a flush of their own. Same results and rules as send.
   */
  sendLater(db: D1Database, statements: D1PreparedStatement[]): Promise<D1Result[]>;
}

/**
 * Turns a sendLater call waits for another caller's flush to carry it. A run settles or stores a step every
 * 20 ms or so of a batch's computing (bench:judge), and a flush of reads comes every few turns: most
 * settlements ride with one, instead of a D1 round trip each (a local D1 round trip costs about 0.75 ms of
 * the machine; deployed, it is a wait of the run). A turn of an otherwise idle isolate costs microseconds.
 */
const LATER_TURNS = 32;

async function afterTurns(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await nextTurn();
}

export function batchedReads(): BatchedReads {
  const queued = new Map<D1Database, Queued>();
  /** Alias rows of candidates looked up already, per database and set of organizations (see MAX_KNOWN_ALIASES). */
  const answered = new Map<D1Database, Map<string, Map<string, AliasTicker[]>>>();
  let knownAliases = 0;
  const answeredFor = (db: D1Database, key: string): Map<string, AliasTicker[]> => {
    let byOrgs = answered.get(db);
    if (!byOrgs) answered.set(db, (byOrgs = new Map()));
    let known = byOrgs.get(key);
    if (!known) byOrgs.set(key, (known = new Map()));
    return known;
  };
  const turn = turnQueue();
  let scheduled = false;
  /** Chunk texts and documents read already: the candidate statements read only the candidates' places. */
  const kept: Kept = { texts: new Map(), chars: 0, documents: new Map() };

  const flush = async () => {
    scheduled = false;
    const work = [...queued];
    queued.clear();
    await Promise.all(
      work.map(async ([db, q]) => {
        const lookups = [...q.aliases.values()];
        const statements = [
          ...lookups.map((l) => aliasTickersStatement(db, l.organizationIds, [...l.keys])),
          ...q.reads.map((r) => r.statement),
        ];
        let results: PromiseSettledResult<unknown[]>[];
        try {
          results = await readAll(db, q.calls, statements);
        } catch (err) {
          results = statements.map(() => ({ status: "rejected", reason: err }));
          for (const c of q.calls) c.reject(err);
        }
        lookups.forEach((l, i) => {
          const r = results[i];
          if (r.status === "rejected") {
            for (const w of l.waiters) w.reject(r.reason);
            return;
          }
          const found = rowsByKey(l.keys, r.value as AliasTicker[]);
          for (const k of l.keys) {
            if (knownAliases >= MAX_KNOWN_ALIASES) break;
            if (!l.known.has(k)) knownAliases += 1;
            l.known.set(k, found.get(k) ?? NO_ROWS);
          }
          for (const w of l.waiters) w.resolve(rowsOf(w.query, w.keys, (k) => (l.keys.has(k) ? found.get(k) : l.known.get(k))));
        });
        // The reads give the candidates' places: each distinct chunk's text and document are fetched once.
        const answers = q.reads.map((_, i) => results[lookups.length + i]);
        const lists = answers.flatMap((r) => (r.status === "fulfilled" ? [r.value as CandidatePlace[]] : []));
        let rows: CandidateRow[][];
        try {
          rows = await wholeRows(db, lists, kept);
        } catch (err) {
          for (const w of q.reads) w.reject(err);
          return;
        }
        let at = 0;
        q.reads.forEach((w, i) => {
          const r = answers[i];
          if (r.status === "rejected") w.reject(r.reason);
          else w.resolve(rows[at++]);
        });
      }),
    );
  };

  /** A flush of sendLater's calls is waiting for LATER_TURNS turns. */
  let later = false;
  /** The queue of db; a flush is scheduled at the next turn, or (`urgent` false) within LATER_TURNS turns. */
  const queueFor = (db: D1Database, urgent = true): Queued => {
    let q = queued.get(db);
    if (!q) {
      q = { aliases: new Map(), reads: [], calls: [] };
      queued.set(db, q);
    }
    if (urgent && !scheduled) {
      scheduled = true;
      void turn().then(flush);
    } else if (!urgent && !later) {
      later = true;
      void afterTurns(LATER_TURNS).then(() => {
        later = false;
        // A flush since has taken the calls, or one is on its way: nothing to do.
        if (scheduled || queued.size === 0) return;
        scheduled = true;
        return flush();
      });
    }
    return q;
  };

  const read = (db: D1Database, statement: D1PreparedStatement) =>
    new Promise<CandidateRow[]>((resolve, reject) => queueFor(db).reads.push({ statement, resolve, reject }));

  return {
    aliasTickers: (db, organizationIds, query) => {
      const keys = aliasLookupKeys(query);
      if (keys.length === 0) return Promise.resolve([]);
      const orgs = JSON.stringify(organizationIds);
      const known = answeredFor(db, orgs);
      const unknown = keys.filter((k) => !known.has(k));
      if (unknown.length === 0) return Promise.resolve(rowsOf(query, keys, (k) => known.get(k)));
      return new Promise<AliasTicker[]>((resolve, reject) => {
        const q = queueFor(db);
        let lookup = q.aliases.get(orgs);
        if (!lookup) {
          lookup = { organizationIds, keys: new Set(), waiters: [], known };
          q.aliases.set(orgs, lookup);
        }
        for (const k of unknown) lookup.keys.add(k);
        lookup.waiters.push({ query, keys, resolve, reject });
      });
    },
    match: (db, match, limit, bounds) => read(db, matchCandidatesStatement(db, match, limit, bounds, false)),
    matchOrElse: (db, match, fallback, limit, bounds) => read(db, matchOrElseStatement(db, match, fallback, limit, bounds, false)),
    scope: (db, scopeMatch, exclude, limit, bounds) => read(db, scopeCandidatesStatement(db, scopeMatch, exclude, limit, bounds, false)),
    send: (db, statements) => new Promise<D1Result[]>((resolve, reject) => queueFor(db).calls.push({ statements, resolve, reject })),
    sendLater: (db, statements) => new Promise<D1Result[]>((resolve, reject) => queueFor(db, false).calls.push({ statements, resolve, reject })),
    turn,
  };
}
