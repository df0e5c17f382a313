// The model provider interface. Local engines run for real; the two remote providers are exercised
// against stand-ins for the remote service (an injected fetch / AI runner), because CI has no network
// and no Workers AI: the stand-ins only play the remote side, our code runs unchanged.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { z } from "zod";
import { modelProvider, registerLocalEngine, ProviderError } from "../../src/core/providers";
import { OpenAiProvider } from "../../src/core/providers/openai";
import { WorkersAiProvider } from "../../src/core/providers/workers-ai";
import type { Env } from "../../src/core/env";

const verdict = z.object({ score: z.number().int().min(1).max(5), reasoning: z.string() });

function sse(lines: string[]): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(lines.map((l) => `data: ${l}\n\n`).join(""));
  return new ReadableStream({ start: (c) => (c.enqueue(bytes), c.close()) });
}

async function collect(it: AsyncIterable<string>): Promise<string> {
  let out = "";
  for await (const piece of it) out += piece;
  return out;
}

describe("local provider", () => {
  it("is the default and runs the engine registered for the task", async () => {
    registerLocalEngine("test.echo", {
      object: (req) => ({ score: 4, reasoning: `saw ${(req.input as { n: number }).n}` }),
      text: function* () {
        yield "Hello, ";
        yield "world";
      },
    });
    const provider = modelProvider(env as unknown as Env);
    expect(provider.name).toBe("local");
    expect(await provider.generateObject({ task: "test.echo", prompt: "p", input: { n: 7 }, schema: verdict })).toEqual({ score: 4, reasoning: "saw 7" });
    expect(await collect(provider.streamText({ task: "test.echo", prompt: "p" }))).toBe("Hello, world");
  });

  it("fails clearly for an unknown task or output that breaks the schema", async () => {
    const provider = modelProvider(env as unknown as Env);
    await expect(provider.generateObject({ task: "test.none", prompt: "p", schema: verdict })).rejects.toMatchObject({ kind: "configuration" });
    registerLocalEngine("test.broken", { object: () => ({ score: 9 }) });
    await expect(provider.generateObject({ task: "test.broken", prompt: "p", schema: verdict })).rejects.toMatchObject({ kind: "invalid_output" });
  });

  it("refuses a remote provider without its configuration", () => {
    expect(() => modelProvider({ ...(env as unknown as Env), MODEL_PROVIDER: "openai" })).toThrow(ProviderError);
    expect(() => modelProvider({ ...(env as unknown as Env), MODEL_PROVIDER: "workers-ai" })).toThrow(/AI binding/);
  });
});

describe("OpenAI-compatible provider", () => {
  it("sends the schema, temperature 0 and seed, and validates the JSON answer", async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const provider = new OpenAiProvider({
      baseUrl: "https://llm.example/v1/",
      model: "m1",
      apiKey: "sk-test",
      timeoutMs: 1000,
      fetch: async (url, init) => {
        seen.push({ url: String(url), init: init! });
        return Response.json({ choices: [{ message: { content: '```json\n{"score": 5, "reasoning": "ok"}\n```' } }] });
      },
    });
    const out = await provider.generateObject({ task: "t", system: "judge", prompt: "q", schema: verdict, seed: 7 });
    expect(out).toEqual({ score: 5, reasoning: "ok" });
    expect(seen[0].url).toBe("https://llm.example/v1/chat/completions");
    expect((seen[0].init.headers as Record<string, string>).Authorization).toBe("Bearer sk-test");
    const body = JSON.parse(String(seen[0].init.body));
    expect(body).toMatchObject({ model: "m1", temperature: 0, seed: 7, messages: [{ role: "system", content: "judge" }, { role: "user", content: "q" }] });
    expect(body.response_format.json_schema.schema.properties.score.type).toBe("integer");
  });

  it("retries once on 5xx and gives up after the second failure", async () => {
    let calls = 0;
    const flaky = new OpenAiProvider({
      baseUrl: "https://llm.example",
      model: "m",
      apiKey: "k",
      timeoutMs: 1000,
      fetch: async () => (++calls === 1 ? new Response("busy", { status: 503 }) : Response.json({ choices: [{ message: { content: '{"score":3,"reasoning":"r"}' } }] })),
    });
    expect((await flaky.generateObject({ task: "t", prompt: "q", schema: verdict })).score).toBe(3);
    expect(calls).toBe(2);

    calls = 0;
    const down = new OpenAiProvider({ baseUrl: "https://llm.example", model: "m", apiKey: "k", timeoutMs: 1000, fetch: async () => (calls++, new Response("x", { status: 502 })) });
    await expect(down.generateObject({ task: "t", prompt: "q", schema: verdict })).rejects.toMatchObject({ kind: "unavailable" });
    expect(calls).toBe(2);
  });

  it("times out each attempt", async () => {
    let calls = 0;
    const slow = new OpenAiProvider({
      baseUrl: "https://llm.example",
      model: "m",
      apiKey: "k",
      timeoutMs: 30,
      fetch: (_url, init) =>
        new Promise((_resolve, reject) => {
          calls++;
          init!.signal!.addEventListener("abort", () => reject(init!.signal!.reason));
        }),
    });
    await expect(slow.generateObject({ task: "t", prompt: "q", schema: verdict })).rejects.toMatchObject({ kind: "timeout" });
    expect(calls).toBe(2);
  });

  it("does not retry a client error and streams text deltas", async () => {
    let calls = 0;
    const bad = new OpenAiProvider({ baseUrl: "https://llm.example", model: "m", apiKey: "k", timeoutMs: 1000, fetch: async () => (calls++, new Response("no", { status: 401 })) });
    await expect(bad.generateObject({ task: "t", prompt: "q", schema: verdict })).rejects.toMatchObject({ kind: "configuration" });
    expect(calls).toBe(1);

    const streaming = new OpenAiProvider({
      baseUrl: "https://llm.example",
      model: "m",
      apiKey: "k",
      timeoutMs: 1000,
      fetch: async () => new Response(sse(['{"choices":[{"delta":{"content":"Net "}}]}', '{"choices":[{"delta":{"content":"sales"}}]}', "[DONE]"])),
    });
    expect(await collect(streaming.streamText({ task: "t", prompt: "q" }))).toBe("Net sales");
  });
});

describe("Workers AI provider", () => {
  it("asks for JSON-schema output and streams the binding's events", async () => {
    const inputs: Record<string, unknown>[] = [];
    const ai = {
      run: async (_model: string, input: Record<string, unknown>) => {
        inputs.push(input);
        return input.stream ? sse(['{"response":"a"}', '{"response":"b"}', "[DONE]"]) : { response: { score: 2, reasoning: "thin" } };
      },
    };
    const provider = new WorkersAiProvider(ai, "@cf/test/model", 1000);
    expect(await provider.generateObject({ task: "t", prompt: "q", schema: verdict })).toEqual({ score: 2, reasoning: "thin" });
    expect((inputs[0].response_format as { type: string }).type).toBe("json_schema");
    expect(await collect(provider.streamText({ task: "t", prompt: "q" }))).toBe("ab");
  });
});
