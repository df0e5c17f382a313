// The request pipeline: request id, CORS, routing (itty-router), auth, rate limit, body and query
// validation, tenant resolution, the handler, error rendering and one JSON log line per request.
import { Router, type IRequest } from "itty-router";
import { ApiError } from "./errors";
import { loadConfig, type Env } from "./env";
import { authenticate, checkAdminToken, resolveTenant, type TenantSelector } from "./auth";
import { takeToken } from "./ratelimit";
import { parseQuery } from "./query";
import { corsHeaders, envelope, json, parseWith, preflight, readJsonObject, renderError } from "./http";
import type { AnyRoute, BaseContext, KeyContext } from "./route";

const DEFAULT_MAX_BODY = 2 * 1024 * 1024;

type Dispatch = (request: IRequest, ctx: BaseContext) => Promise<Response>;

function successorLink(successor: string): Record<string, string> {
  return { Deprecation: "true", Link: `<${successor}>; rel="successor-version"` };
}

async function run(route: AnyRoute, request: IRequest, base: BaseContext): Promise<Response> {
  const { env, config } = base;
  base.log.route = `${route.method} ${route.path}`;
  if (route.legacyInEu && config.region === "eu") {
    base.log.successor = route.legacyInEu.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(request.params?.[name] ?? "")));
  }
  let ctx: BaseContext | KeyContext = base;

  let principal = null;
  if (route.auth === "key") {
    principal = await authenticate(env, config, request.headers.get("X-API-KEY"));
    const limit = principal.rateLimitPerMinute ?? config.rateLimitPerMinute;
    const decision = await takeToken(env, principal.keyId, limit);
    if (!decision.allowed) {
      throw new ApiError("RATE_LIMIT_EXCEEDED", `Rate limit of ${limit} requests per minute exceeded`, { retryAfter: decision.retryAfter });
    }
  } else if (route.auth === "admin") {
    await checkAdminToken(config, request.headers.get("Authorization"));
  }

  const params = route.params ? parseWith(route.params, request.params ?? {}) : undefined;
  const rawQuery = parseQuery(new URL(request.url).searchParams);
  let rawBody: Record<string, unknown> | undefined;
  if (route.body && (route.bodyKind ?? "json") === "json") {
    rawBody = await readJsonObject(request, {
      maxBytes: route.maxBodyBytes ?? DEFAULT_MAX_BODY,
      tooLargeCode: route.tooLargeCode,
      allowEmpty: route.emptyBodyAllowed ?? false,
    });
  }

  if (principal) {
    const selector = (request.method === "GET" || request.method === "DELETE" ? rawQuery : rawBody ?? rawQuery) as TenantSelector;
    const tenant = await resolveTenant(env, principal, selector, route.tenant);
    base.log.organization_id = tenant.organizationId;
    ctx = { ...base, principal, tenant };
  }

  const query = route.query ? parseWith(route.query, rawQuery) : undefined;
  const body = route.body && rawBody !== undefined ? parseWith(route.body, rawBody) : undefined;
  const result = await route.handler({ body, query, params }, ctx as never);

  if (result instanceof Response) return result;
  const status = route.successStatus ?? 200;
  return route.envelope ? envelope(result, status) : json(result, status);
}

export interface App {
  fetch(request: Request, env: Env, exec: ExecutionContext): Promise<Response>;
}

export function createApp(routes: AnyRoute[]): App {
  const router = Router<IRequest, [BaseContext]>();
  const methodsByPath = new Map<string, string[]>();
  for (const route of routes) {
    const dispatch: Dispatch = (request, ctx) => run(route, request, ctx);
    router[route.method.toLowerCase() as "get"](route.path, dispatch);
    methodsByPath.set(route.path, [...(methodsByPath.get(route.path) ?? []), route.method]);
  }
  // Known paths with another method: 405 with Allow; preflights get the same list.
  for (const [path, methods] of methodsByPath) {
    const allow = [...methods, "OPTIONS"];
    router.all(path, (request: IRequest, ctx: BaseContext) => {
      if (request.method === "OPTIONS") return preflight(request.headers.get("Origin"), ctx.config.corsOrigins, allow);
      throw new ApiError("METHOD_NOT_ALLOWED", `Method ${request.method} is not allowed on this path`, { allow });
    });
  }

  return {
    async fetch(request, env, exec) {
      const started = Date.now();
      const requestId = crypto.randomUUID();
      const log: BaseContext["log"] = {};
      let response: Response;
      let config;
      try {
        config = loadConfig(env);
        // "/v1/documents//presigned_url" (an empty id) routes like the path with the segment left out.
        const url = new URL(request.url);
        if (url.pathname.includes("//")) {
          url.pathname = url.pathname.replace(/\/{2,}/g, "/");
          request = new Request(url, request);
        }
        const ctx: BaseContext = { requestId, env, config, exec, request, log };
        response = (await router.fetch(request, ctx)) ?? renderError(new ApiError("NOT_FOUND", `No endpoint at ${new URL(request.url).pathname}`));
      } catch (err) {
        if (err instanceof ApiError) {
          response = renderError(err);
        } else {
          console.error(
            JSON.stringify({ level: "error", request_id: requestId, message: err instanceof Error ? err.message : JSON.stringify(err), stack: err instanceof Error ? err.stack : undefined }),
          );
          response = renderError(new ApiError("INTERNAL_ERROR", "Internal error"));
        }
      }
      // Responses from fetch() or Response.redirect may be immutable; copy when needed.
      if (response.webSocket === null || response.webSocket === undefined) response = new Response(response.body, response);
      response.headers.set("X-Request-Id", requestId);
      if (log.retryAfter !== undefined && response.ok) response.headers.set("Retry-After", String(log.retryAfter));
      // Legacy-in-EU endpoints announce their successor on every answer, errors included.
      if (log.successor) for (const [k, v] of Object.entries(successorLink(log.successor))) response.headers.set(k, v);
      if (config) for (const [k, v] of Object.entries(corsHeaders(request.headers.get("Origin"), config.corsOrigins))) response.headers.set(k, v);
      console.log(
        JSON.stringify({
          request_id: requestId,
          method: request.method,
          route: log.route ?? null,
          organization_id: log.organization_id ?? null,
          status: response.status,
          duration_ms: Date.now() - started,
        }),
      );
      return response;
    },
  };
}
