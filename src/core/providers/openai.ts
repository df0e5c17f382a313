// Any OpenAI-compatible chat-completions endpoint (base URL, model, secret key): JSON-schema output and
// streamed text. fetch is injectable so tests can stand in for the remote service.
import { z } from "zod";
import type { ModelProvider, ObjectRequest, TextRequest } from "./types";
import { ProviderError, messagesOf, providerFailure } from "./types";
import { parseStructured, sseData, withRetry } from "./remote";

export interface OpenAiOptions {
  baseUrl: string;
  model: string;
  apiKey: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

const LOGGED_BODY_BYTES = 2048;

/** The first bytes of an error body, for the log: an upstream error page is read only up to that cap. */
async function bodyPrefix(res: Response): Promise<string> {
  if (!res.body) return "";
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let bytes = 0;
  try {
    while (bytes < LOGGED_BODY_BYTES) {
      const { value, done } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // A body that fails to arrive is logged as far as it came.
  } finally {
    reader.cancel().catch(() => {});
  }
  return text.slice(0, LOGGED_BODY_BYTES);
}

/** One streamed chunk; a chunk that is not JSON fails the stream with our message, its text logged. */
function streamChunk(data: string): { choices?: { delta?: { content?: string } }[] } {
  try {
    return JSON.parse(data) as { choices?: { delta?: { content?: string } }[] };
  } catch {
    throw providerFailure("invalid_output", "Model stream sent a chunk that is not JSON", { output: data });
  }
}

export class OpenAiProvider implements ModelProvider {
  readonly name = "openai" as const;
  readonly model: string;
  private readonly doFetch: typeof fetch;

  constructor(private readonly opts: OpenAiOptions) {
    this.model = opts.model;
    this.doFetch = opts.fetch ?? ((input, init) => fetch(input, init));
  }

  private async post(body: Record<string, unknown>, signal: AbortSignal): Promise<Response> {
    const res = await this.doFetch(`${this.opts.baseUrl.replace(/\/$/, "")}/chat/completions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${this.opts.apiKey}` },
      body: JSON.stringify({ model: this.model, ...body }),
      signal,
    });
    if (res.status === 429 || res.status >= 500) throw providerFailure("unavailable", `Model endpoint answered ${res.status}`, { status: res.status, upstream: await bodyPrefix(res) });
    if (!res.ok) throw providerFailure("configuration", `Model endpoint refused the request (${res.status})`, { status: res.status, upstream: await bodyPrefix(res) });
    return res;
  }

  generateObject<T>(req: ObjectRequest<T>): Promise<T> {
    return withRetry(async (signal) => {
      const res = await this.post(
        {
          messages: messagesOf(req),
          temperature: req.temperature ?? 0,
          seed: req.seed,
          max_tokens: req.maxTokens,
          response_format: { type: "json_schema", json_schema: { name: req.schemaName ?? "output", schema: z.toJSONSchema(req.schema), strict: false } },
        },
        signal,
      );
      const data = (await res.json()) as { choices?: { message?: { content?: string } }[] };
      return parseStructured(data.choices?.[0]?.message?.content ?? "", req.schema);
    }, this.opts.timeoutMs);
  }

  async *streamText(req: TextRequest): AsyncIterable<string> {
    const res = await withRetry(
      (signal) => this.post({ messages: messagesOf(req), temperature: req.temperature ?? 0, seed: req.seed, max_tokens: req.maxTokens, stream: true }, signal),
      this.opts.timeoutMs,
    );
    if (!res.body) throw new ProviderError("unavailable", "Model endpoint sent no stream");
    for await (const data of sseData(res.body)) {
      if (data === "[DONE]") return;
      const piece = streamChunk(data).choices?.[0]?.delta?.content;
      if (piece) yield piece;
    }
  }
}
