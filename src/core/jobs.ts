// Queue plumbing: every message is {kind, ...} validated with zod; each area registers a handler per
// kind. Failures retry with exponential backoff; after max_retries the dead-letter queue takes them and
// its handler (onDeadLetter) records the terminal failure.
import { z } from "zod";
import type { Env } from "./env";

export type JobQueue = "judge" | "parse" | "briefing";

export interface JobHandler {
  /** Message body schema (must include kind). */
  schema: z.ZodType<{ kind: string }>;
  run(env: Env, message: unknown, attempt: number): Promise<void>;
  /** Called once a message has exhausted its retries and reached the dead-letter queue. */
  onDeadLetter?(env: Env, message: unknown): Promise<void>;
  /** What a job weighs against its queue's BUDGET (default 0): jobs of a batch run together within it. */
  weight?(message: unknown): number;
}

const handlers = new Map<string, JobHandler>();

export function registerJob(kind: string, handler: JobHandler): void {
  handlers.set(kind, handler);
}

/** judge-jobs, judge-jobs-eu, judge-jobs-dlq, judge-jobs-eu-dlq -> judge, dead-letter */
export function classifyQueue(name: string): { queue: JobQueue | null; deadLetter: boolean } {
  const deadLetter = name.endsWith("-dlq");
  const queue = (["judge", "parse", "briefing"] as const).find((q) => name.startsWith(`${q}-jobs`)) ?? null;
  return { queue, deadLetter };
}

const envelope = z.object({ kind: z.string() }).loose();

/**
 * Messages of one batch handled at once: parse jobs hold whole files in memory, so one at a time. Judge
 * runs start together (up to the whole batch, max_batch_size in wrangler.toml): runs started in one turn
 * share their D1 round trips and searches (judges/jobs.ts). They start together only within their queue's
 * budget of weight (judge runs: the length of their submissions, at most one largest submission in all), so
 * a batch of large submissions runs a few at a time; a job heavier than the budget runs alone.
 */
const CONCURRENCY: Record<JobQueue, number> = { judge: 20, parse: 1, briefing: 5 };
const BUDGET: Record<JobQueue, number> = { judge: 1_000_000, parse: Infinity, briefing: Infinity };

/**
 * Runs `run` on every item, at most `limit` at once and, while more than one runs, with the weights of
 * those running within `budget`. Items start in order; those that fit start in the same synchronous
 * stretch. Resolves when every run has settled (a run's rejection is its own business: it is not awaited
 * as a failure here).
 */
export function runWithin<T>(items: T[], rules: { limit: number; budget: number; weight: (item: T) => number }, run: (item: T) => Promise<void>): Promise<void> {
  const pending = [...items];
  let running = 0;
  let used = 0;
  return new Promise((resolve) => {
    const startFitting = () => {
      while (pending.length > 0 && running < rules.limit && (running === 0 || used + rules.weight(pending[0]) <= rules.budget)) {
        const item = pending.shift() as T;
        const w = rules.weight(item);
        running += 1;
        used += w;
        void run(item)
          .catch(() => undefined)
          .then(() => {
            running -= 1;
            used -= w;
            startFitting();
          });
      }
      if (running === 0 && pending.length === 0) resolve();
    };
    startFitting();
  });
}

async function handle(message: Message<unknown>, queueName: string, deadLetter: boolean, env: Env): Promise<void> {
  const parsed = envelope.safeParse(message.body);
  const handler = parsed.success ? handlers.get(parsed.data.kind) : undefined;
  if (!parsed.success || !handler) {
    console.error(JSON.stringify({ level: "error", queue: queueName, message: "unknown job dropped", id: message.id }));
    message.ack();
    return;
  }
  const body = handler.schema.safeParse(message.body);
  if (!body.success) {
    console.error(JSON.stringify({ level: "error", queue: queueName, message: "invalid job dropped", kind: parsed.data.kind }));
    message.ack();
    return;
  }
  try {
    if (deadLetter) await handler.onDeadLetter?.(env, body.data);
    else await handler.run(env, body.data, message.attempts);
    message.ack();
  } catch (err) {
    console.error(JSON.stringify({ level: "error", queue: queueName, kind: parsed.data.kind, attempt: message.attempts, message: err instanceof Error ? err.message : String(err) }));
    message.retry({ delaySeconds: Math.min(300, 2 ** message.attempts) });
  }
}

export async function consumeBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const { queue, deadLetter } = classifyQueue(batch.queue);
  const weight = (message: Message<unknown>) => {
    const parsed = envelope.safeParse(message.body);
    const w = parsed.success ? handlers.get(parsed.data.kind)?.weight?.(message.body) : undefined;
    return typeof w === "number" && Number.isFinite(w) && w > 0 ? w : 0;
  };
  await runWithin(
    [...batch.messages],
    { limit: queue ? CONCURRENCY[queue] : 1, budget: queue ? BUDGET[queue] : Infinity, weight },
    (message) => handle(message, batch.queue, deadLetter, env),
  );
}
