// One chat turn, from question to final event: follow-up resolution, search, search_results events,
// the cited answer (citations numbered 1..k in order of first use, each written to D1 when first used),
// statement tables of cited passages, then done or error. The conversation's Durable Object runs it.
import type { Env } from "../core/env";
import { parseTables } from "../figures/table";
import { answerPieces } from "./answer";
import { resolveFollowUp } from "./follow-up";
import { InjectedFault, type ChatFaults } from "./faults";
import { buildReference } from "./references";
import { insertReference, priorTurns, saveAnswer, setResolvedQuery, type DocumentFacts } from "./repo";
import { retrieve, type RetrievalScope } from "./retrieval";
import { searchResultEvents } from "./search-results";
import type { AnswerPiece, ChatEventName, Passage, TurnSpec } from "./types";

/** What the Durable Object runs: the turn spec plus what only chat reads. */
export interface ChatRun extends TurnSpec {
  /** source_batch_id first, then container_ids. */
  batchIds: string[];
  rmsSubTypeMap?: Record<string, string[]>;
  faults: ChatFaults;
  /** The request's fields as stored with the message (client_api_url among them; never fetched). */
  request: Record<string, unknown>;
}

/** Passages an answer is written from. */
export const ANSWER_PASSAGES = 8;

export type TurnEnd = { kind: "done"; finishReason: "stop" | "no_results" | "paused" } | { kind: "error"; code: string; message: string };

export interface LoggedCitation {
  chunkId: string;
  citationIdx: number;
  referenceId: string;
}

/** What the log already holds of this turn, when a run resumes after its runner died. */
export interface ResumeState {
  answer: string;
  citations: LoggedCitation[];
  hasSearchResults: boolean;
  hasAnswer: boolean;
}

export const FRESH: ResumeState = { answer: "", citations: [], hasSearchResults: false, hasAnswer: false };

/** The Durable Object's side of a running turn. */
export interface TurnSink {
  readonly resume: ResumeState;
  /** Appends an event to the log and to live streams; false once the turn has ended (stopped). */
  emit(name: ChatEventName, data: Record<string, unknown>): boolean;
  live(): boolean;
  /** Sleeps, waking early when the turn is stopped. */
  sleep(seconds: number): Promise<void>;
  /** A write that stop waits for (a reference and its citation event go together). */
  critical<T>(fn: () => Promise<T>): Promise<T>;
  end(final: TurnEnd): Promise<void>;
  /** Test-only (restart faults): the Durable Object restarts once per tag, committing its state first. */
  restartOnce(tag: string): Promise<void>;
}

export function scopeOf(run: ChatRun): RetrievalScope {
  return { tenant: run.tenant, filters: run.filters, hitFilters: run.hitFilters, batchIds: run.batchIds, rmsSubTypeMap: run.rmsSubTypeMap };
}

export class TurnFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Runs `fn`, turning any failure into the turn's error code with a message safe to show. */
export async function stage<T>(code: string, safeMessage: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof TurnFailure) throw err;
    if (!(err instanceof InjectedFault)) console.error(JSON.stringify({ level: "error", chat_stage: code, message: err instanceof Error ? err.message : String(err) }));
    throw new TurnFailure(code, err instanceof InjectedFault ? `${safeMessage} (${err.message})` : safeMessage);
  }
}

/**
 * Writes the answer: text pieces become answer_delta events, a passage's first citation becomes its
 * reference row (D1) and its citation event, and "[k]" goes into the text. A resumed run skips the text
 * and citations the log already holds (the engines are deterministic on the same passages).
 */
export class AnswerWriter {
  private full = "";
  private skip: number;
  private readonly cited = new Map<string, LoggedCitation>();
  private lastFlush = Date.now();

  constructor(
    private readonly env: Env,
    private readonly run: ChatRun,
    private readonly sink: TurnSink,
    private readonly facts: Map<string, DocumentFacts>,
  ) {
    this.skip = sink.resume.answer.length;
    for (const c of sink.resume.citations) this.cited.set(c.chunkId, c);
  }

  get citationCount(): number {
    return this.cited.size;
  }

  get answer(): string {
    return this.full;
  }

  citations(): LoggedCitation[] {
    return [...this.cited.values()].sort((a, b) => a.citationIdx - b.citationIdx);
  }

  async piece(piece: AnswerPiece, passages: Passage[]): Promise<void> {
    if (piece.kind === "text") return this.text(piece.text);
    const passage = passages[piece.passage];
    if (!passage) return;
    let c = this.cited.get(passage.chunk_id);
    if (!c) {
      const citation: LoggedCitation = { chunkId: passage.chunk_id, citationIdx: this.cited.size + 1, referenceId: crypto.randomUUID() };
      c = citation;
      await this.sink.critical(async () => {
        if (!this.sink.live()) return;
        await insertReference(this.env, this.run.tenant.organizationId, {
          ...buildReference(citation.referenceId, citation.citationIdx, passage, this.facts.get(passage.document_id)),
          conversationId: this.run.conversationId,
          chatMessageId: this.run.dialogueId,
        });
        this.cited.set(passage.chunk_id, citation);
        this.sink.emit("citation", { citation_idx: citation.citationIdx, reference_id: citation.referenceId, document_id: passage.document_id, chunk_id: passage.chunk_id });
      });
      if (!this.cited.has(passage.chunk_id)) return;
    }
    await this.text(`[${c.citationIdx}]`);
  }

  async text(text: string): Promise<void> {
    if (!text) return;
    this.full += text;
    let out = text;
    if (this.skip > 0) {
      const cut = Math.min(this.skip, out.length);
      this.skip -= cut;
      out = out.slice(cut);
    }
    if (out) this.sink.emit("answer_delta", { text: out });
    if (Date.now() - this.lastFlush > 2000) await this.flush();
  }

  async flush(): Promise<void> {
    this.lastFlush = Date.now();
    await saveAnswer(this.env, this.run.tenant.organizationId, this.run.dialogueId, this.full);
  }
}

/** search_results events (only when per_event_size > 0), each followed by the per-event sleep. */
export async function streamSearchResults(run: ChatRun, sink: TurnSink, passages: Passage[]): Promise<void> {
  if (run.perEventSizeKb <= 0 || sink.resume.hasSearchResults || sink.resume.hasAnswer) return;
  for (const data of searchResultEvents(passages, run.perEventSizeKb * 1024)) {
    if (!sink.emit("search_results", data)) return;
    if (run.perEventSleepSeconds > 0) await sink.sleep(run.perEventSleepSeconds);
    if (!sink.live()) return;
  }
}

/** Statement tables of the cited passages, in citation order, as `table` events. */
export function streamTables(sink: TurnSink, writer: AnswerWriter, passages: Passage[]): void {
  const byChunk = new Map(passages.map((p) => [p.chunk_id, p]));
  for (const c of writer.citations()) {
    const passage = byChunk.get(c.chunkId);
    if (!passage) continue;
    for (const table of parseTables(passage.text)) {
      if (!table.rows.length) continue;
      sink.emit("table", {
        citation_idx: c.citationIdx,
        reference_id: c.referenceId,
        document_id: passage.document_id,
        chunk_id: passage.chunk_id,
        kind: table.kind,
        years: table.years,
        rows: table.rows.map((r) => ({ label: r.printed, values: r.values })),
      });
    }
  }
}

/** Streams the engine's pieces through the writer; the answer faults fail it, or restart the object, after n pieces. */
export async function writeAnswer(sink: TurnSink, writer: AnswerWriter, pieces: AsyncIterable<AnswerPiece>, passages: Passage[], faults: ChatFaults): Promise<boolean> {
  let n = 0;
  await stage("ANSWER_FAILED", "The answer could not be completed", async () => {
    for await (const piece of pieces) {
      if (!sink.live()) return;
      if (faults.answerAfter !== null && n >= faults.answerAfter) throw new InjectedFault("answer");
      if (faults.answerRestart === n) await sink.restartOnce("answer");
      n++;
      await writer.piece(piece, passages);
    }
  });
  return sink.live();
}

export async function failTurn(sink: TurnSink, writer: AnswerWriter | null, err: unknown): Promise<void> {
  if (writer) await writer.flush().catch(() => undefined);
  const failure = err instanceof TurnFailure ? err : new TurnFailure("INTERNAL_ERROR", "The turn failed");
  if (!(err instanceof TurnFailure)) console.error(JSON.stringify({ level: "error", message: err instanceof Error ? err.message : String(err) }));
  await sink.end({ kind: "error", code: failure.code, message: failure.message });
}

export async function runChatTurn(env: Env, run: ChatRun, sink: TurnSink): Promise<void> {
  let writer: AnswerWriter | null = null;
  try {
    const orgId = run.tenant.organizationId;
    const talking = sink.resume.hasAnswer;
    const history = await stage("INTERNAL_ERROR", "The conversation could not be read", () => priorTurns(env, orgId, run.conversationId, run.dialogueId));
    const resolvedQuery = resolveFollowUp(run.query, history);
    await stage("INTERNAL_ERROR", "The message could not be stored", () => setResolvedQuery(env, orgId, run.dialogueId, resolvedQuery));
    if (!talking) sink.emit("status", { stage: "searching", message: `Searching for: ${resolvedQuery}` });
    const { passages, facts } = await stage("SEARCH_FAILED", "The search failed", async () => {
      if (run.faults.search) throw new InjectedFault("search");
      return retrieve(env, scopeOf(run), resolvedQuery, ANSWER_PASSAGES);
    });
    if (!sink.live()) return;
    if (!talking) sink.emit("status", { stage: "answering", message: `Answering from ${passages.length} passage${passages.length === 1 ? "" : "s"}` });
    await streamSearchResults(run, sink, passages);
    if (!sink.live()) return;
    writer = new AnswerWriter(env, run, sink, facts);
    const pieces = answerPieces(env, { query: run.query, resolvedQuery, history, passages });
    if (!(await writeAnswer(sink, writer, pieces, passages, run.faults))) return;
    await writer.flush();
    if (run.streamTables) streamTables(sink, writer, passages);
    await sink.end({ kind: "done", finishReason: writer.citationCount > 0 ? "stop" : "no_results" });
  } catch (err) {
    await failTurn(sink, writer, err);
  }
}
