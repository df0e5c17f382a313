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

export function messagesOf(req: BaseRequest): ModelMessage[] {
  const messages: ModelMessage[] = [];
  if (req.system) messages.push({ role: "system", content: req.system });
  messages.push({ role: "user", content: req.prompt });
  return messages;
}
