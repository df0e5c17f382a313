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
 * runs all start together (the whole batch, max_batch_size in wrangler.toml): runs started in one turn
 * share their D1 round trips and searches (judges/jobs.ts), a lane's later runs would not.
 */
const CONCURRENCY: Record<JobQueue, number> = { judge: 10, parse: 1, briefing: 5 };

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
  const limit = queue ? CONCURRENCY[queue] : 1;
  const pending = [...batch.messages];
  const lane = async () => {
    for (let message = pending.shift(); message; message = pending.shift()) await handle(message, batch.queue, deadLetter, env);
  };
  await Promise.all(Array.from({ length: Math.min(limit, pending.length) }, lane));
}
