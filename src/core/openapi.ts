// The OpenAPI 3.1 document, generated from the same route declarations and zod schemas that validate
// requests, so the published contract cannot drift from what the Worker enforces.
import { OpenAPIRegistry, OpenApiGeneratorV31, type ResponseConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { ERROR_STATUS, type ErrorCode } from "./errors";
import type { AnyRoute } from "./route";

// The two error shapes of core/errors.ts errorBody(), published once under components/schemas and referenced
// by every error response.
const errorEnvelope = z
  .object({
    error: z.object({
      code: z.enum((Object.keys(ERROR_STATUS) as ErrorCode[]).filter((code) => code !== "FORBIDDEN")),
      msg: z.string(),
      message: z.string(),
      details: z.unknown().optional().describe("Validation errors: [{path, message}]"),
    }),
    payload: z.null(),
  })
  .meta({ id: "ErrorEnvelope", description: "Every error but FORBIDDEN" });
const forbiddenEnvelope = z
  .object({ error: z.object({ message: z.string() }), payload: z.null() })
  .meta({ id: "ForbiddenEnvelope", description: "FORBIDDEN: only a message" });

const retryAfter = { "Retry-After": { description: "Seconds to wait before retrying", schema: { type: "integer" as const, minimum: 1 } } };

function openapiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)\??/g, "{$1}");
}

/** The codes an operation can answer: those its declaration implies, plus the ones it lists. */
function errorCodes(route: AnyRoute): ErrorCode[] {
  const codes: ErrorCode[] = [];
  const takesInput = route.body || route.query || route.params || route.bodyKind === "raw";
  // Key routes also read organization_id and the user selectors, so they can always answer 400.
  if (takesInput || route.auth === "key") codes.push("INVALID_REQUEST_BODY");
  if (route.tooLargeCode) codes.push(route.tooLargeCode);
  if (route.auth === "key") codes.push("API_KEY_MISSING", "UNAUTHORIZED", "FORBIDDEN", "RATE_LIMIT_EXCEEDED");
  // Without ADMIN_TOKEN every admin path is 404.
  if (route.auth === "admin") codes.push("UNAUTHORIZED", "NOT_FOUND");
  codes.push(...(route.errors ?? []), "INTERNAL_ERROR");
  return [...new Set(codes)].filter((code) => ERROR_STATUS[code] >= 400);
}

function errorResponses(route: AnyRoute) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodes(route)) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  const out: Record<string, ResponseConfig> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    out[String(status)] = {
      description: list.join(", "),
      ...(status === 429 || status === 503 ? { headers: retryAfter } : {}),
      content: { "application/json": { schema: status === 403 ? forbiddenEnvelope : errorEnvelope } },
    };
  }
  return out;
}

/** Path parameters as the document must declare them: a path template parameter is always required, even
 * where the route lets a missing segment through to answer a better error than a validation failure. */
function pathParams(params: z.ZodType | undefined) {
  if (!(params instanceof z.ZodObject)) return params;
  const shape = Object.fromEntries(
    Object.entries(params.shape as Record<string, z.ZodType>).map(([name, schema]) => {
      let inner = schema;
      while (inner instanceof z.ZodOptional) inner = inner.unwrap() as z.ZodType;
      return [name, inner === schema || !schema.description ? inner : inner.describe(schema.description)];
    }),
  );
  return z.object(shape);
}

/** Whether zod-to-openapi can describe the schema (z.custom and friends cannot). */
function documentable(schema: z.ZodType | undefined): boolean {
  if (!schema) return true;
  try {
    const probe = new OpenAPIRegistry();
    probe.registerPath({ method: "post", path: "/probe", request: { body: { content: { "application/json": { schema } } } }, responses: {} });
    new OpenApiGeneratorV31(probe.definitions).generateDocument({ openapi: "3.1.0", info: { title: "probe", version: "0" } });
    return true;
  } catch {
    return false;
  }
}

export function buildOpenApiDocument(routes: AnyRoute[], serverUrl: string) {
  const registry = new OpenAPIRegistry();
  const apiKey = registry.registerComponent("securitySchemes", "ApiKey", { type: "apiKey", in: "header", name: "X-API-KEY" });
  const admin = registry.registerComponent("securitySchemes", "AdminToken", { type: "http", scheme: "bearer" });

  for (const route of routes) {
    // One schema the generator cannot describe must not take the whole document down: that part is
    // published as a free-form object and the route says so.
    const fallback = z.object({}).loose();
    const described = (schema: z.ZodType | undefined) => (documentable(schema) ? schema : fallback);
    const bodySchema = described(route.body);
    const querySchema = described(route.query);
    const payload = described(route.response) ?? z.unknown();
    const successSchema = route.envelope ? z.object({ error: z.null(), payload }) : payload;
    const status = route.successStatus ?? 200;
    const success =
      status === 204
        ? { description: "No content" }
        : {
            description: route.envelope ? "Envelope with the payload" : "Flat body",
            ...(route.retryAfterOnSuccess ? { headers: { "Retry-After": { ...retryAfter["Retry-After"], description: route.retryAfterOnSuccess } } } : {}),
            content: { [route.responseContentType ?? "application/json"]: { schema: successSchema } },
          };
    registry.registerPath({
      method: route.method.toLowerCase() as "get",
      path: openapiPath(route.path),
      operationId: route.operationId,
      summary: route.summary,
      tags: [route.tag],
      security: route.auth === "key" ? [{ [apiKey.name]: [] }] : route.auth === "admin" ? [{ [admin.name]: [] }] : [],
      request: {
        params: pathParams(route.params) as never,
        query: querySchema as never,
        body:
          bodySchema && (route.bodyKind ?? "json") === "json"
            ? { content: { "application/json": { schema: bodySchema } } }
            : route.rawBodyDoc
              ? { content: { [route.rawBodyDoc.contentType]: { schema: route.rawBodyDoc.schema } } }
              : undefined,
      },
      responses: { [String(status)]: success, ...errorResponses(route) },
    });
  }

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Financial research API",
      version: "1.0.0",
      description:
        "Judges, TTSQL, search, sources, the vault, documents, streaming research chat (text/event-stream), deep research, conversation references and the analytics judge (briefings are not served yet). Errors use the envelope {error: {code, msg, message}, payload: null} (components/schemas/ErrorEnvelope); FORBIDDEN carries only {error: {message}} (ForbiddenEnvelope). Legacy-in-EU endpoints answer in the EU deployment with Deprecation and a successor Link.",
    },
    servers: [{ url: serverUrl }],
  });
}
