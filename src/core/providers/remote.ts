// What both remote providers share: one retry on retryable failures, a timeout per attempt, JSON
// extraction and schema validation of structured output, and an SSE line reader for streams.
import { ProviderError, providerFailure } from "./types";
import type { z } from "zod";

export async function withRetry<T>(attempt: (signal: AbortSignal) => Promise<T>, timeoutMs: number): Promise<T> {
  let last: unknown;
  for (let i = 0; i < 2; i++) {
    try {
      return await attempt(AbortSignal.timeout(timeoutMs));
    } catch (err) {
      last = normalizeError(err);
      if (!(last as ProviderError).retryable) throw last;
    }
  }
  throw last;
}

/** Any failure of a model call as a ProviderError; the text of a foreign exception is logged, not kept. */
export function normalizeError(err: unknown): ProviderError {
  if (err instanceof ProviderError) return err;
  if (err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError")) return new ProviderError("timeout", "Model request timed out");
  return providerFailure("unavailable", "Model endpoint could not be reached", { upstream: err instanceof Error ? `${err.name}: ${err.message}` : String(err) });
}

/** "```json {...} ```" -> "{...}": string steps, not a regex, so a long run of spaces costs linear time. */
function stripFence(raw: string): string {
  let text = raw.trim();
  if (text.startsWith("```")) {
    text = text.slice(3);
    if (text.slice(0, 4).toLowerCase() === "json") text = text.slice(4);
  }
  if (text.endsWith("```")) text = text.slice(0, -3);
  return text.trim();
}

/** Accepts a JSON object as text (optionally fenced) or as an already-parsed value. */
export function parseStructured<T>(raw: unknown, schema: z.ZodType<T>): T {
  let value = raw;
  if (typeof raw === "string") {
    const text = stripFence(raw);
    try {
      value = JSON.parse(text);
    } catch {
      throw providerFailure("invalid_output", "Model output is not JSON", { output: text });
    }
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw providerFailure("invalid_output", "Model output does not match the schema", { issues: parsed.error.issues.slice(0, 5).map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") });
  }
  return parsed.data;
}

/** Yields the data field of each server-sent event of a byte stream. */
export async function* sseData(stream: ReadableStream<Uint8Array>): AsyncIterable<string> {
  // A caller that stops reading (a chat turn paused mid-answer) ends the generator: finally cancels the
  // model's stream, so the upstream request does not run on to its end.
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let idx: number;
      while ((idx = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, idx).replace(/\r$/, "");
        buffer = buffer.slice(idx + 1);
        if (line.startsWith("data:")) yield line.slice(5).trim();
      }
    }
    buffer += decoder.decode();
    if (buffer.startsWith("data:")) yield buffer.slice(5).trim();
  } finally {
    reader.cancel().catch(() => {});
  }
}
