// Response rendering and request reading shared by every route: the envelope and flat bodies, error
// rendering, JSON body parsing with clear errors, zod issues turned into one readable message, CORS.
import type { z } from "zod";
import { ApiError, errorBody, errorHeaders, invalidBody, type ErrorCode } from "./errors";

const JSON_HEADERS = { "Content-Type": "application/json; charset=utf-8" };

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

export function envelope(payload: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return json({ error: null, payload }, status, headers);
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

export function renderError(err: ApiError): Response {
  return json(errorBody(err), err.status, errorHeaders(err));
}

/**
 * The request body, read only up to `maxBytes`: null as soon as it passes them. A declared Content-Length
 * bounds what the runtime delivers, so such a body is read whole; one without (chunked) is read as a
 * stream and abandoned at the cap, never buffered whole.
 */
export async function readBodyUpTo(request: Request, maxBytes: number): Promise<Uint8Array | null> {
  const declared = Number(request.headers.get("Content-Length") ?? "NaN");
  if (Number.isFinite(declared)) {
    if (declared > maxBytes) return null;
    const bytes = new Uint8Array(await request.arrayBuffer());
    return bytes.byteLength > maxBytes ? null : bytes;
  }
  if (!request.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let got = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    got += value.byteLength;
    if (got > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(got);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** Reads a JSON object body (at most maxBytes, however it is sent). Empty bodies count as {} only when the route allows it. */
export async function readJsonObject(
  request: Request,
  opts: { maxBytes: number; tooLargeCode?: ErrorCode; allowEmpty: boolean },
): Promise<Record<string, unknown>> {
  const bytes = await readBodyUpTo(request, opts.maxBytes);
  if (!bytes) throw new ApiError(opts.tooLargeCode ?? "INVALID_REQUEST_BODY", `Request body exceeds ${opts.maxBytes} bytes`);
  if (bytes.byteLength === 0) {
    if (opts.allowEmpty) return {};
    throw invalidBody("Request body is required");
  }
  const contentType = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  if (contentType !== "application/json" && !contentType.endsWith("+json")) {
    throw invalidBody("Content-Type must be application/json");
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes));
  } catch {
    throw invalidBody("Request body is not valid JSON");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw invalidBody("Request body must be a JSON object");
  return parsed as Record<string, unknown>;
}

/** One message a person can act on, from zod's issues: "time_window.end_time is required". */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const first = issues[0];
  if (!first) return "Invalid request";
  const path = first.path.map(String).join(".");
  if (first.code === "unrecognized_keys") {
    const where = path ? ` in ${path}` : "";
    return `Unknown field${first.keys.length > 1 ? "s" : ""}${where}: ${first.keys.join(", ")}`;
  }
  if (first.code === "invalid_type" && /received undefined/.test(first.message)) return `${path || "value"} is required`;
  return path ? `${path}: ${first.message}` : first.message;
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown, code: ErrorCode = "INVALID_REQUEST_BODY"): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new ApiError(code, describeIssues(result.error.issues), {
      details: result.error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message })),
    });
  }
  return result.data;
}

const CORS_ALLOWED_HEADERS = "X-API-KEY, Content-Type, Idempotency-Key, Authorization";
const CORS_EXPOSED_HEADERS = "X-Request-Id, Retry-After, Deprecation, Link";

export function corsHeaders(origin: string | null, allowed: string[]): Record<string, string> {
  if (!origin || !(allowed.includes(origin) || allowed.includes("*"))) return {};
  return {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Expose-Headers": CORS_EXPOSED_HEADERS,
    Vary: "Origin",
  };
}

export function preflight(origin: string | null, allowed: string[], allow: string[]): Response {
  const base = corsHeaders(origin, allowed);
  if (!base["Access-Control-Allow-Origin"]) return new Response(null, { status: 204, headers: { Vary: "Origin" } });
  return new Response(null, {
    status: 204,
    headers: {
      ...base,
      "Access-Control-Allow-Methods": allow.join(", "),
      "Access-Control-Allow-Headers": CORS_ALLOWED_HEADERS,
      "Access-Control-Max-Age": "600",
    },
  });
}
