// The OpenAPI 3.1 document, generated from the same route declarations and zod schemas that validate
// requests, so the published contract cannot drift from what the Worker enforces.
import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { ERROR_STATUS, type ErrorCode } from "./errors";
import type { AnyRoute } from "./route";

const errorEnvelope = z.object({
  error: z.object({ code: z.string(), msg: z.string(), message: z.string(), details: z.unknown().optional() }),
  payload: z.null(),
});
const forbiddenEnvelope = z.object({ error: z.object({ message: z.string() }), payload: z.null() });

function openapiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)\??/g, "{$1}");
}

function errorResponses(route: AnyRoute) {
  const codes: ErrorCode[] = ["INVALID_REQUEST_BODY", "NOT_FOUND", "METHOD_NOT_ALLOWED"];
  if (route.auth === "key") codes.push("API_KEY_MISSING", "UNAUTHORIZED", "FORBIDDEN", "RATE_LIMIT_EXCEEDED");
  if (route.auth === "admin") codes.push("UNAUTHORIZED");
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  const out: Record<string, { description: string; content: Record<string, { schema: z.ZodType }> }> = {};
  for (const [status, list] of byStatus) {
    out[String(status)] = {
      description: list.join(", "),
      content: { "application/json": { schema: list.includes("FORBIDDEN") ? forbiddenEnvelope : errorEnvelope } },
    };
  }
  return out;
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
            content: { [route.responseContentType ?? "application/json"]: { schema: successSchema } },
          };
    registry.registerPath({
      method: route.method.toLowerCase() as "get",
      path: openapiPath(route.path),
      summary: route.summary,
      tags: [route.tag],
      security: route.auth === "key" ? [{ [apiKey.name]: [] }] : route.auth === "admin" ? [{ [admin.name]: [] }] : [],
      deprecated: undefined,
      request: {
        params: route.params as never,
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
        "Judges, TTSQL, research chat, search, documents and briefings. Errors use the envelope {error: {code, msg, message}, payload: null}; FORBIDDEN carries only {error: {message}}. Legacy-in-EU endpoints answer in the EU deployment with Deprecation and a successor Link.",
    },
    servers: [{ url: serverUrl }],
  });
}
