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

export async function consumeBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const { deadLetter } = classifyQueue(batch.queue);
  for (const message of batch.messages) {
    const parsed = envelope.safeParse(message.body);
    const handler = parsed.success ? handlers.get(parsed.data.kind) : undefined;
    if (!parsed.success || !handler) {
      console.error(JSON.stringify({ level: "error", queue: batch.queue, message: "unknown job dropped", id: message.id }));
      message.ack();
      continue;
    }
    const body = handler.schema.safeParse(message.body);
    if (!body.success) {
      console.error(JSON.stringify({ level: "error", queue: batch.queue, message: "invalid job dropped", kind: parsed.data.kind }));
      message.ack();
      continue;
    }
    try {
      if (deadLetter) await handler.onDeadLetter?.(env, body.data);
      else await handler.run(env, body.data, message.attempts);
      message.ack();
    } catch (err) {
      console.error(JSON.stringify({ level: "error", queue: batch.queue, kind: parsed.data.kind, attempt: message.attempts, message: err instanceof Error ? err.message : String(err) }));
      message.retry({ delaySeconds: Math.min(300, 2 ** message.attempts) });
    }
  }
}
