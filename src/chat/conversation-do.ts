// One Durable Object per conversation: it serializes turns (one running at a time), keeps the event log
// in its SQLite storage (ids rising across the conversation), runs each turn to its end whatever the
// client does, takes stop, and streams events to live subscribers with replay from the log. An alarm
// is the watchdog of a chat turn (a turn whose runner died is resumed) and drives deep research's steps.
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../core/env";
import { finishMessage, insertMessage } from "./repo";
import { researchStep, type ResearchCheckpoint } from "./research";
import { FINAL_EVENTS, frameEvent, HEARTBEAT, HEARTBEAT_SECONDS, SSE_HEADERS } from "./sse";
import { FRESH, runChatTurn, type ChatRun, type LoggedCitation, type ResumeState, type TurnEnd, type TurnSink } from "./turn";
import type { ChatEventName } from "./types";

/** A chat turn's runner proves it is alive this often; the alarm resumes a turn that has gone quiet. */
const WATCHDOG_MS = 10_000;
/** Resumes of one turn before it is ended with an error instead. */
const MAX_RESUMES = 3;
/** How long stop waits for a reference write under way before it ends the turn. */
const STOP_GRACE_MS = 300;
/**
 * A new chat turn starts answering once its stream has handed the first events (conversation,
 * chat_message_id) to the client, so searching never delays them; if no stream opens, it starts after this.
 */
const LAUNCH_WITHOUT_STREAM_MS = 100;
/** per_event_sleep_time is capped here. */
export const MAX_SLEEP_SECONDS = 5;

type TurnStatus = "running" | "ending" | "ended";

interface TurnRow {
  dialogue_id: string;
  kind: "chat" | "deep_research";
  spec: string;
  status: TurnStatus;
  checkpoint: string | null;
  resumes: number;
  restarted_steps: string;
  [key: string]: SqlStorageValue;
}

export type StartResult = { started: true } | { busy: true };
export type StopResult = { state: "paused" | "finished" | "unknown"; pausedAt: number };

interface Subscriber {
  dialogueId: string;
  write(text: string): void;
  close(): void;
}

const encoder = new TextEncoder();

export class ConversationStream extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private readonly subscribers = new Set<Subscriber>();
  /** Turns whose runner is alive in this instance. */
  private readonly runners = new Set<string>();
  private readonly wakers = new Map<string, Set<() => void>>();
  private readonly criticals = new Map<string, Promise<unknown>>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS events (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      dialogue_id TEXT NOT NULL,
      event_name TEXT NOT NULL,
      data TEXT NOT NULL,
      created_at INTEGER NOT NULL
    )`);
    this.sql.exec("CREATE INDEX IF NOT EXISTS events_dialogue ON events(dialogue_id, id)");
    this.sql.exec(`CREATE TABLE IF NOT EXISTS turns (
      dialogue_id TEXT PRIMARY KEY,
      seq INTEGER NOT NULL,
      kind TEXT NOT NULL,
      spec TEXT NOT NULL,
      status TEXT NOT NULL,
      checkpoint TEXT,
      resumes INTEGER NOT NULL DEFAULT 0,
      restarted_steps TEXT NOT NULL DEFAULT '[]',
      created_at INTEGER NOT NULL
    )`);
  }

  // ---- turns -------------------------------------------------------------------------------------

  /** Starts a turn unless one is running (then busy). The message row is in D1 before any event streams. */
  async startTurn(run: ChatRun): Promise<StartResult> {
    // Claimed synchronously, before any await: a second request cannot slip in between check and claim.
    if (this.runningTurn()) return { busy: true };
    const seq = Number(this.sql.exec("SELECT COALESCE(MAX(seq), 0) + 1 AS s FROM turns").one().s);
    this.sql.exec(
      "INSERT INTO turns (dialogue_id, seq, kind, spec, status, created_at) VALUES (?, ?, ?, ?, 'running', ?)",
      run.dialogueId,
      seq,
      run.kind,
      JSON.stringify(run),
      Date.now(),
    );
    try {
      await insertMessage(this.env, run.tenant.organizationId, {
        id: run.dialogueId,
        conversationId: run.conversationId,
        userId: run.tenant.user!.id,
        kind: run.kind,
        query: run.query,
        request: run.request,
      });
    } catch (err) {
      this.sql.exec("DELETE FROM turns WHERE dialogue_id = ?", run.dialogueId);
      throw err;
    }
    this.append(run.dialogueId, "conversation", { conversation_id: run.conversationId });
    this.append(run.dialogueId, "chat_message_id", { chat_message_id: run.dialogueId, dialogue_id: run.dialogueId });
    if (run.kind === "deep_research") {
      await this.ctx.storage.setAlarm(Date.now());
    } else {
      await this.ctx.storage.setAlarm(Date.now() + WATCHDOG_MS);
      const launch = () => {
        if (!this.pendingLaunches.delete(run.dialogueId)) return;
        this.launchChat(run, FRESH);
      };
      this.pendingLaunches.set(run.dialogueId, launch);
      setTimeout(launch, LAUNCH_WITHOUT_STREAM_MS);
    }
    return { started: true };
  }

  /** New chat turns waiting for their stream to deliver the first events (see LAUNCH_WITHOUT_STREAM_MS). */
  private readonly pendingLaunches = new Map<string, () => void>();

  private launchChat(run: ChatRun, resume: ResumeState): void {
    this.runners.add(run.dialogueId);
    const done = runChatTurn(this.env, run, this.sink(run, resume))
      .catch((err) => console.error(JSON.stringify({ level: "error", message: err instanceof Error ? err.message : String(err) })))
      .finally(() => this.runners.delete(run.dialogueId));
    this.ctx.waitUntil(done);
  }

  private runningTurn(): TurnRow | null {
    const rows = this.sql.exec<TurnRow>("SELECT * FROM turns WHERE status != 'ended' ORDER BY seq DESC LIMIT 1").toArray();
    return rows[0] ?? null;
  }

  private turn(dialogueId: string): TurnRow | null {
    return this.sql.exec<TurnRow>("SELECT * FROM turns WHERE dialogue_id = ?", dialogueId).toArray()[0] ?? null;
  }

  private isRunning(dialogueId: string): boolean {
    return this.turn(dialogueId)?.status === "running";
  }

  private sink(run: ChatRun, resume: ResumeState): TurnSink {
    const id = run.dialogueId;
    return {
      resume,
      emit: (name, data) => {
        if (!this.isRunning(id)) return false;
        this.append(id, name, data);
        return true;
      },
      live: () => this.isRunning(id),
      sleep: (seconds) => this.sleep(id, seconds),
      critical: <T>(fn: () => Promise<T>) => {
        const p = fn();
        this.criticals.set(id, p);
        return p.finally(() => {
          if (this.criticals.get(id) === p) this.criticals.delete(id);
        });
      },
      end: (final) => this.endTurn(run, final),
      restartOnce: (tag) => this.restartOnce(id, tag),
    };
  }

  private sleep(dialogueId: string, seconds: number): Promise<void> {
    const ms = Math.min(Math.max(seconds, 0), MAX_SLEEP_SECONDS) * 1000;
    return new Promise((resolve) => {
      const wakers = this.wakers.get(dialogueId) ?? new Set();
      this.wakers.set(dialogueId, wakers);
      const wake = () => {
        clearTimeout(timer);
        wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      wakers.add(wake);
    });
  }

  /**
   * Ends a turn once: no event of its runner is appended after this starts; the message row in D1 gets
   * the answer as logged, then the final event is logged and streamed and the streams close.
   */
  private async endTurn(run: ChatRun, final: TurnEnd): Promise<void> {
    const id = run.dialogueId;
    if (!this.isRunning(id)) return;
    this.sql.exec("UPDATE turns SET status = 'ending' WHERE dialogue_id = ?", id);
    for (const wake of this.wakers.get(id) ?? []) wake();
    const answer = this.loggedAnswer(id);
    try {
      await finishMessage(this.env, run.tenant.organizationId, id, {
        status: final.kind === "error" ? "error" : final.finishReason === "paused" ? "paused" : "done",
        finishReason: final.kind === "done" ? final.finishReason : null,
        errorCode: final.kind === "error" ? final.code : null,
        answer,
      });
    } catch (err) {
      console.error(JSON.stringify({ level: "error", message: `chat message ${id} not finished in D1: ${err instanceof Error ? err.message : String(err)}` }));
    }
    if (final.kind === "done") {
      this.append(id, "done", { conversation_id: run.conversationId, chat_message_id: id, finish_reason: final.finishReason });
    } else {
      this.append(id, "error", { code: final.code, msg: final.message, message: final.message });
    }
    this.sql.exec("UPDATE turns SET status = 'ended', checkpoint = NULL WHERE dialogue_id = ?", id);
  }

  private loggedAnswer(dialogueId: string): string {
    let answer = "";
    for (const row of this.sql.exec<{ data: string }>("SELECT data FROM events WHERE dialogue_id = ? AND event_name = 'answer_delta' ORDER BY id", dialogueId)) {
      answer += (JSON.parse(row.data) as { text: string }).text;
    }
    return answer;
  }

  private resumeState(dialogueId: string): ResumeState {
    const citations: LoggedCitation[] = [];
    let hasSearchResults = false;
    for (const row of this.sql.exec<{ event_name: string; data: string }>(
      "SELECT event_name, data FROM events WHERE dialogue_id = ? AND event_name IN ('citation', 'search_results') ORDER BY id",
      dialogueId,
    )) {
      if (row.event_name === "search_results") hasSearchResults = true;
      else {
        const d = JSON.parse(row.data) as { citation_idx: number; reference_id: string; chunk_id: string };
        citations.push({ chunkId: d.chunk_id, citationIdx: d.citation_idx, referenceId: d.reference_id });
      }
    }
    const answer = this.loggedAnswer(dialogueId);
    return { answer, citations, hasSearchResults, hasAnswer: answer.length > 0 };
  }

  /** Pauses a running turn: its stream ends with done finish_reason paused, the partial answer kept. */
  async stop(dialogueId: string): Promise<StopResult> {
    const pausedAt = Date.now();
    const turn = this.turn(dialogueId);
    if (!turn) return { state: "unknown", pausedAt };
    if (turn.status !== "running") return { state: "finished", pausedAt };
    const pending = this.criticals.get(dialogueId);
    if (pending) await Promise.race([pending.catch(() => undefined), new Promise((r) => setTimeout(r, STOP_GRACE_MS))]);
    const run = JSON.parse(turn.spec) as ChatRun;
    await this.endTurn(run, { kind: "done", finishReason: "paused" });
    return { state: "paused", pausedAt };
  }

  // ---- alarm: chat watchdog and deep research steps -----------------------------------------------

  async alarm(): Promise<void> {
    const turn = this.runningTurn();
    if (!turn || turn.status !== "running") return;
    const run = JSON.parse(turn.spec) as ChatRun;
    if (turn.kind === "chat") {
      if (this.runners.has(run.dialogueId)) {
        await this.ctx.storage.setAlarm(Date.now() + WATCHDOG_MS);
        return;
      }
      // The runner died with its instance: resume from what the log holds, or give up after a few tries.
      if (turn.resumes >= MAX_RESUMES) {
        await this.endTurn(run, { kind: "error", code: "TURN_INTERRUPTED", message: "The turn was interrupted and could not be resumed" });
        return;
      }
      this.sql.exec("UPDATE turns SET resumes = resumes + 1 WHERE dialogue_id = ?", run.dialogueId);
      await this.ctx.storage.setAlarm(Date.now() + WATCHDOG_MS);
      this.launchChat(run, this.resumeState(run.dialogueId));
      return;
    }
    await this.researchAlarm(turn, run);
  }

  private async researchAlarm(turn: TurnRow, run: ChatRun): Promise<void> {
    if (this.runners.has(run.dialogueId)) return;
    this.runners.add(run.dialogueId);
    try {
      const checkpoint = turn.checkpoint ? (JSON.parse(turn.checkpoint) as ResearchCheckpoint) : null;
      const fresh = !this.resumedHere.has(run.dialogueId);
      this.resumedHere.add(run.dialogueId);
      const resume = this.resumeState(run.dialogueId);
      const sink = this.sink(run, resume);
      if (checkpoint && fresh) {
        sink.emit("status", { stage: "resumed", message: `Resumed from the checkpoint after step ${checkpoint.sections.length}`, step: checkpoint.sections.length });
      }
      const outcome = await researchStep(this.env, run, sink, checkpoint);
      if ("next" in outcome && this.isRunning(run.dialogueId)) {
        this.sql.exec("UPDATE turns SET checkpoint = ? WHERE dialogue_id = ?", JSON.stringify(outcome.next), run.dialogueId);
        await this.ctx.storage.setAlarm(Date.now());
      }
    } finally {
      this.runners.delete(run.dialogueId);
    }
  }

  /** Instances of this object remember which runs they already announced as resumed. */
  private readonly resumedHere = new Set<string>();

  /** Test-only restart faults: the object restarts once per tag; the alarm then resumes the turn. */
  private async restartOnce(dialogueId: string, tag: string): Promise<void> {
    const turn = this.turn(dialogueId);
    const fired = JSON.parse(turn?.restarted_steps ?? "[]") as string[];
    if (fired.includes(tag)) return;
    this.sql.exec("UPDATE turns SET restarted_steps = ? WHERE dialogue_id = ?", JSON.stringify([...fired, tag]), dialogueId);
    await this.ctx.storage.setAlarm(Date.now() + 50);
    // What abort would otherwise discard (the fired fault, the alarm) is committed first.
    await this.ctx.storage.sync();
    this.ctx.abort(`test fault: restart (${tag})`);
  }

  // ---- the event log and its streams --------------------------------------------------------------

  private append(dialogueId: string, name: ChatEventName, data: Record<string, unknown>): void {
    const id = Number(
      this.sql
        .exec("INSERT INTO events (dialogue_id, event_name, data, created_at) VALUES (?, ?, ?, ?) RETURNING id", dialogueId, name, JSON.stringify(data), Date.now())
        .one().id,
    );
    const frame = frameEvent({ id, event_name: name, data });
    const final = FINAL_EVENTS.has(name);
    for (const sub of this.subscribers) {
      if (sub.dialogueId !== dialogueId) continue;
      sub.write(frame);
      if (final) sub.close();
    }
  }

  /** The dialogue to replay for a reconnect: that of Last-Event-ID, else the latest. */
  private dialogueFor(lastEventId: number | null): string | null {
    if (lastEventId !== null) {
      const row = this.sql.exec<{ dialogue_id: string }>("SELECT dialogue_id FROM events WHERE id = ?", lastEventId).toArray()[0];
      if (row) return row.dialogue_id;
    }
    const latest = this.sql.exec<{ dialogue_id: string }>("SELECT dialogue_id FROM turns ORDER BY seq DESC LIMIT 1").toArray()[0];
    return latest?.dialogue_id ?? null;
  }

  /**
   * GET /stream?dialogue_id=&after=: the dialogue's events after `after` from the log, then live ones up
   * to its final event. Reading the log and subscribing happen in one synchronous step, so no event is
   * missed or sent twice.
   */
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname !== "/stream") return new Response("not found", { status: 404 });
    const afterParam = url.searchParams.get("after");
    const after = afterParam === null ? null : Number(afterParam);
    const dialogueId = url.searchParams.get("dialogue_id") ?? this.dialogueFor(after);
    if (!dialogueId) return new Response("no dialogue", { status: 404 });

    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = writable.getWriter();
    let closed = false;
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    const sub: Subscriber = {
      dialogueId,
      write: (text) => {
        if (closed) return;
        writer.write(encoder.encode(text)).catch(() => sub.close());
      },
      close: () => {
        if (closed) return;
        closed = true;
        if (heartbeat !== undefined) clearInterval(heartbeat);
        this.subscribers.delete(sub);
        writer.close().catch(() => undefined);
      },
    };
    let ended = false;
    let delivered: Promise<void> = Promise.resolve();
    for (const row of this.sql.exec<{ id: number; event_name: ChatEventName; data: string }>(
      "SELECT id, event_name, data FROM events WHERE dialogue_id = ? AND id > ? ORDER BY id",
      dialogueId,
      after ?? 0,
    )) {
      const written = writer.write(encoder.encode(frameEvent({ id: row.id, event_name: row.event_name, data: JSON.parse(row.data) })));
      written.catch(() => sub.close());
      delivered = written;
      if (FINAL_EVENTS.has(row.event_name)) ended = true;
    }
    // A write resolves when the reader has taken it: the replayed events are on their way to the client.
    const launch = this.pendingLaunches.get(dialogueId);
    if (launch) delivered.then(launch, launch);
    const turn = this.turn(dialogueId);
    if (ended || !turn || turn.status === "ended") {
      sub.close();
    } else {
      this.subscribers.add(sub);
      heartbeat = setInterval(() => sub.write(HEARTBEAT), HEARTBEAT_SECONDS * 1000);
    }
    return new Response(readable, { headers: SSE_HEADERS });
  }
}
