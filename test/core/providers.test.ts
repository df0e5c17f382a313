// The model provider interface. Local engines run for real; the two remote providers are exercised
// against stand-ins for the remote service (an injected fetch / AI runner), because CI has no network
// and no Workers AI: the stand-ins only play the remote side, our code runs unchanged.
import { afterEach, describe, expect, it, vi } from "vitest";
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
    expect(() => modelProvider({ ...(env as unknown as Env), MODEL_PROVIDER: "workers-ai" })).toThrow(/^The model provider is not configured$/);
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

describe("provider errors carry our message; the upstream text goes to the log", () => {
  const upstream = "quota exceeded for org-4821, project secret-proj";
  afterEach(() => vi.restoreAllMocks());

  async function failure(run: () => Promise<unknown>): Promise<{ err: ProviderError; logged: string }> {
    const lines: string[] = [];
    vi.spyOn(console, "error").mockImplementation((line: unknown) => void lines.push(String(line)));
    const err = (await run().then(
      () => null,
      (e: unknown) => e,
    )) as ProviderError;
    expect(err).toBeInstanceOf(ProviderError);
    return { err, logged: lines.join("\n") };
  }

  const openai = (fetch: typeof globalThis.fetch) => new OpenAiProvider({ baseUrl: "https://llm.example", model: "m", apiKey: "k", timeoutMs: 1000, fetch });

  it.each([
    ["a 400 error body", async () => new Response(JSON.stringify({ error: { message: upstream } }), { status: 400 }), "configuration", "Model endpoint refused the request (400)"],
    ["a 503 error body", async () => new Response(upstream, { status: 503 }), "unavailable", "Model endpoint answered 503"],
    ["an exception of the fetch", async () => Promise.reject(new TypeError(`Network connection lost: ${upstream}`)), "unavailable", "Model endpoint could not be reached"],
    ["output that is not JSON", async () => Response.json({ choices: [{ message: { content: `Sorry: ${upstream}` } }] }), "invalid_output", "Model output is not JSON"],
    ["output that breaks the schema", async () => Response.json({ choices: [{ message: { content: JSON.stringify({ score: upstream, reasoning: upstream }) } }] }), "invalid_output", "Model output does not match the schema"],
  ] as const)("%s", async (_label, fetch, kind, message) => {
    const { err, logged } = await failure(() => openai(fetch as typeof globalThis.fetch).generateObject({ task: "t", prompt: "q", schema: verdict }));
    expect(err.kind).toBe(kind);
    expect(err.message).toBe(message);
    expect(err.message).not.toContain("org-4821");
    if (_label !== "output that breaks the schema") expect(logged).toContain("org-4821");
    for (const line of logged.split("\n")) expect(JSON.parse(line)).toMatchObject({ level: "error", provider_error: kind });
  });

  it("a streamed chunk that is not JSON", async () => {
    const provider = openai(async () => new Response(sse([`{"choices":[{"delta":{"content":"a"}}]}`, `oops ${upstream}`])));
    const { err, logged } = await failure(() => collect(provider.streamText({ task: "t", prompt: "q" })));
    expect(err.message).toBe("Model stream sent a chunk that is not JSON");
    expect(logged).toContain("org-4821");
  });

  it("an exception of the Workers AI binding", async () => {
    const ai = { run: async () => Promise.reject(new Error(`AiError: 3010: ${upstream}`)) };
    const { err, logged } = await failure(() => new WorkersAiProvider(ai, "@cf/test/model", 1000).generateObject({ task: "t", prompt: "q", schema: verdict }));
    expect(err).toMatchObject({ kind: "unavailable", message: "Model endpoint could not be reached" });
    expect(logged).toContain("org-4821");
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
