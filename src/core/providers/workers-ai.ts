// Workers AI through the AI binding (declared only in deployed environments): JSON-schema output via
// response_format and streamed text via the binding's event stream.
import { z } from "zod";
import type { ModelProvider, ObjectRequest, TextRequest } from "./types";
import { ProviderError, messagesOf, providerFailure } from "./types";
import { normalizeError, parseStructured, sseData, withRetry } from "./remote";

type AiRunner = { run(model: string, inputs: Record<string, unknown>, options?: Record<string, unknown>): Promise<unknown> };

export class WorkersAiProvider implements ModelProvider {
  readonly name = "workers-ai" as const;

  constructor(
    private readonly ai: AiRunner,
    readonly model: string,
    private readonly timeoutMs: number,
  ) {}

  private async run(inputs: Record<string, unknown>, signal: AbortSignal): Promise<unknown> {
    const call = this.ai.run(this.model, inputs);
    const aborted = new Promise<never>((_, reject) => signal.addEventListener("abort", () => reject(new ProviderError("timeout", "Workers AI timed out"))));
    try {
      return await Promise.race([call, aborted]);
    } catch (err) {
      throw normalizeError(err);
    }
  }

  generateObject<T>(req: ObjectRequest<T>): Promise<T> {
    return withRetry(async (signal) => {
      const out = (await this.run(
        {
          messages: messagesOf(req),
          temperature: req.temperature ?? 0,
          seed: req.seed,
          max_tokens: req.maxTokens,
          response_format: { type: "json_schema", json_schema: z.toJSONSchema(req.schema) },
        },
        signal,
      )) as { response?: unknown };
      return parseStructured(out?.response ?? out, req.schema);
    }, this.timeoutMs);
  }

  async *streamText(req: TextRequest): AsyncIterable<string> {
    const stream = await withRetry(
      (signal) => this.run({ messages: messagesOf(req), temperature: req.temperature ?? 0, seed: req.seed, max_tokens: req.maxTokens, stream: true }, signal),
      this.timeoutMs,
    );
    if (!(stream instanceof ReadableStream)) throw new ProviderError("unavailable", "Workers AI sent no stream");
    for await (const data of sseData(stream)) {
      if (data === "[DONE]") return;
      let piece: string | undefined;
      try {
        piece = (JSON.parse(data) as { response?: string }).response;
      } catch {
        throw providerFailure("invalid_output", "Workers AI sent a chunk that is not JSON", { output: data });
      }
      if (piece) yield piece;
    }
  }
}
