// The one interface every model-backed step (judges, SQL generation, chat answers, briefings) goes
// through. Implementations: local (deterministic engines, the default), Workers AI, OpenAI-compatible.
import type { z } from "zod";

export interface ModelMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

interface BaseRequest {
  /** What the step is ("judge.llm", "ttsql.generate"...): selects the local engine and labels logs. */
  task: string;
  system?: string;
  prompt: string;
  /** Structured input for the local engine (remote models read the prompt instead). */
  input?: unknown;
  temperature?: number;
  seed?: number;
  maxTokens?: number;
}

export interface ObjectRequest<T> extends BaseRequest {
  schema: z.ZodType<T>;
  /** Name of the schema sent to remote models. */
  schemaName?: string;
}

export type TextRequest = BaseRequest;

export interface ModelProvider {
  readonly name: "local" | "workers-ai" | "openai";
  readonly model: string;
  /** JSON output validated against the schema. */
  generateObject<T>(req: ObjectRequest<T>): Promise<T>;
  /** Text in pieces as the model produces it. */
  streamText(req: TextRequest): AsyncIterable<string>;
}

export type ProviderErrorKind = "timeout" | "unavailable" | "invalid_output" | "configuration";

/**
 * A failed model call: a kind (the code callers branch on) and a message of our own wording, safe to show
 * a client. What the upstream said (error bodies, exception text, schema issues) never goes into the
 * message: providerFailure writes it to a JSON log line instead.
 */
export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
  ) {
    super(message);
    this.name = "ProviderError";
  }
  get retryable(): boolean {
    return this.kind === "timeout" || this.kind === "unavailable" || this.kind === "invalid_output";
  }
}

/** Characters of upstream text kept in the log line. */
const LOGGED_DETAIL_CHARS = 1000;

/** A ProviderError with our message; the upstream detail goes to console.error as one JSON line. */
export function providerFailure(kind: ProviderErrorKind, message: string, detail: Record<string, unknown> = {}): ProviderError {
  const logged: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(detail)) logged[k] = typeof v === "string" ? v.slice(0, LOGGED_DETAIL_CHARS) : v;
  console.error(JSON.stringify({ level: "error", provider_error: kind, message, ...logged }));
  return new ProviderError(kind, message);
}

export function messagesOf(req: BaseRequest): ModelMessage[] {
  const messages: ModelMessage[] = [];
  if (req.system) messages.push({ role: "system", content: req.system });
  messages.push({ role: "user", content: req.prompt });
  return messages;
}
