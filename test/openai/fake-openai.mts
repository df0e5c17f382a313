// A fake OpenAI-compatible chat-completions server for the `openai` test project: a real HTTP server on
// 127.0.0.1 (started by vitest.config.ts, in Node) that plays the third party, so the Worker's
// OpenAiProvider runs unchanged over real fetch. It checks the bearer key, records every request and
// answers by the JSON schema asked for (judge_scores, answer_claims, assessment, sql_plan), or streams a chat
// answer when asked to stream (streamAnswer). A message containing
// [fake:invalid] gets output that breaks the schema, [fake:503] a 503, [fake:400] a 400 whose error body
// carries FAKE_UPSTREAM_DETAIL (text that must never reach a client), [fake:drop] a dropped connection.
// For sql_plan, a question "[fake:sql] <SQL>" gets that SQL back as the plan: a model that writes what an
// injected prompt tells it to.
// Tests read the recorded requests at GET /__requests?marker=<text found in a message>. A dropped
// connection makes workerd log "Network connection lost" on stderr: expected, harmless.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

export const FAKE_OPENAI_KEY = "sk-fake-openai-0123456789";
export const FAKE_OPENAI_MODEL = "fake-judge-1";
/** In every error body the fake sends; tests assert it appears in no response. */
export const FAKE_UPSTREAM_DETAIL = "UPSTREAM-DETAIL org-4821 project-secret quota";

interface ChatRequest {
  model?: string;
  stream?: boolean;
  messages?: { role: string; content: string }[];
  response_format?: { type?: string; json_schema?: { name?: string } };
}

interface Recorded {
  path: string;
  authorization: string | null;
  body: ChatRequest;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

function completion(model: string, content: string) {
  return {
    id: `chatcmpl-${Math.random().toString(36).slice(2)}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
  };
}

/** What a well-behaved model answers for each schema the judges ask for. */
function answerFor(schemaName: string | undefined, userMessage: string): unknown {
  switch (schemaName) {
    case "judge_scores":
      return { factuality: 4, completeness: 3, relevance: 5, grounding: 2, reasoning: "Fake grader: figures match, grounding is thin." };
    case "answer_claims": {
      const answer = userMessage.slice(userMessage.lastIndexOf("Answer:\n") + "Answer:\n".length).trim();
      return { refusal: false, claims: [{ claim: answer, material: true }] };
    }
    case "assessment":
      return { summary: "Fake assessor: the claim is supported.", verdict: "minor_issues", claims: [{ index: 0, verdict: "supported", explanation: "Fake assessor agrees.", sources: [] }] };
    case "sql_plan": {
      const at = userMessage.indexOf("[fake:sql]");
      const sql = at >= 0 ? userMessage.slice(at + "[fake:sql]".length).trim() : "SELECT s.ticker, s.company FROM securities s ORDER BY s.ticker LIMIT 3";
      return { status: "ok", intent: "lookup", understood: "Fake SQL writer", sql, title: "Fake result", answer: "table" };
    }
    default:
      return null;
  }
}

/**
 * A streamed chat answer (stream: true), as a model writes it: the first sentence of passage [1] of the
 * prompt with its marker, sent in 7-character pieces so markers arrive split. A question with
 * [fake:invent] also gets a figure no passage states, [fake:cut] a stream that breaks off mid-answer.
 */
function streamAnswer(res: ServerResponse, model: string, userMessage: string): void {
  const passage = /\n\[1\] [^:\n]*: ([^\n]*)/.exec(userMessage)?.[1] ?? "";
  const first = /^.*?[.!?](?=\s|$)/.exec(passage)?.[0] ?? passage.slice(0, 200);
  let answer = first ? `${first} [1]` : "The documents do not say.";
  if (userMessage.includes("[fake:invent]")) answer += " Revenue was $987,654 million in 2018 [1].";
  res.writeHead(200, { "Content-Type": "text/event-stream" });
  const chunk = (content: string) => `data: ${JSON.stringify({ id: "chatcmpl-fake", object: "chat.completion.chunk", model, choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
  for (let i = 0; i < answer.length; i += 7) {
    if (userMessage.includes("[fake:cut]") && i >= 14) return void res.socket?.destroy();
    res.write(chunk(answer.slice(i, i + 7)));
  }
  res.end("data: [DONE]\n\n");
}

export async function startFakeOpenAi(): Promise<{ baseUrl: string }> {
  const recorded: Recorded[] = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    if (req.method === "GET" && url.pathname === "/__requests") {
      const marker = url.searchParams.get("marker") ?? "";
      return send(res, 200, recorded.filter((r) => (r.body.messages ?? []).some((m) => m.content.includes(marker))));
    }
    if (req.method !== "POST" || url.pathname !== "/v1/chat/completions") return send(res, 404, { error: { message: "Not found", type: "invalid_request_error" } });
    const authorization = req.headers.authorization ?? null;
    if (authorization !== `Bearer ${FAKE_OPENAI_KEY}`) return send(res, 401, { error: { message: "Incorrect API key provided", type: "invalid_request_error" } });
    let body: ChatRequest;
    try {
      body = JSON.parse(await readBody(req)) as ChatRequest;
    } catch {
      return send(res, 400, { error: { message: "Invalid JSON body", type: "invalid_request_error" } });
    }
    recorded.push({ path: url.pathname, authorization, body });
    const messages = body.messages ?? [];
    const text = messages.map((m) => m.content).join("\n");
    if (text.includes("[fake:drop]")) return void req.socket.destroy();
    if (text.includes("[fake:503]")) return send(res, 503, { error: { message: `The server is overloaded (${FAKE_UPSTREAM_DETAIL})`, type: "server_error" } });
    if (text.includes("[fake:400]")) return send(res, 400, { error: { message: `Invalid request: ${FAKE_UPSTREAM_DETAIL}`, type: "invalid_request_error" } });
    if (text.includes("[fake:invalid]")) return send(res, 200, completion(body.model ?? "", '{"factuality": 9, "reasoning": ""}'));
    if (body.stream) return streamAnswer(res, body.model ?? "", messages.findLast((m) => m.role === "user")?.content ?? "");
    const answer = answerFor(body.response_format?.json_schema?.name, messages.findLast((m) => m.role === "user")?.content ?? "");
    if (answer === null) return send(res, 400, { error: { message: "Unknown response_format", type: "invalid_request_error" } });
    send(res, 200, completion(body.model ?? "", JSON.stringify(answer)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // The test run ends without closing it: an unreferenced server does not keep Node alive.
  server.unref();
  const { port } = server.address() as { port: number };
  return { baseUrl: `http://127.0.0.1:${port}/v1` };
}
