// One declaration per endpoint: method, path, zod schemas, auth rule and a thin handler. The same
// declaration drives request validation (here) and the OpenAPI document (core/openapi.ts).
import type { z } from "zod";
import type { Config, Env } from "./env";
import type { Principal, Tenant, TenantRule } from "./auth";
import type { ErrorCode } from "./errors";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type AuthMode = "key" | "admin" | "none";
type Schema = z.ZodType | undefined;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** Facts about the request gathered on the way, for the log line and the final response headers. */
export interface RequestLog {
  route?: string;
  organization_id?: string;
  /** Successor path of a legacy-in-EU endpoint (Deprecation and Link headers in the EU deployment). */
  successor?: string;
  /** Seconds a client should wait before reading the resource again: Retry-After on a success. */
  retryAfter?: number;
}

export interface BaseContext {
  requestId: string;
  env: Env;
  config: Config;
  exec: ExecutionContext;
  request: Request;
  log: RequestLog;
}

export interface KeyContext extends BaseContext {
  principal: Principal;
  tenant: Tenant;
}

export type ContextFor<A extends AuthMode> = A extends "key" ? KeyContext : BaseContext;

export interface HandlerInput<B extends Schema, Q extends Schema, P extends Schema> {
  body: Out<B>;
  query: Out<Q>;
  params: Out<P>;
}

export interface RouteSpec<B extends Schema, Q extends Schema, P extends Schema, A extends AuthMode> {
  method: Method;
  /** itty-router pattern, e.g. /v1/sources/:source_id */
  path: string;
  /** Unique, stable name of the operation in the OpenAPI document (camelCase verb and noun, e.g. getSource):
   * generated clients name their methods after it, so it never changes once published. */
  operationId: string;
  summary: string;
  tag: string;
  auth: A;
  /** Envelope ({error, payload}) or the spec's flat body. */
  envelope: boolean;
  successStatus?: number;
  /** JSON body schema. With bodyKind "raw" the handler reads the request itself. */
  body?: B;
  bodyKind?: "json" | "raw";
  /** For raw bodies: what the OpenAPI document shows (multipart forms, file uploads). */
  rawBodyDoc?: { contentType: string; schema: z.ZodType };
  /** Body optional: an empty body is read as {}. */
  emptyBodyAllowed?: boolean;
  maxBodyBytes?: number;
  tooLargeCode?: ErrorCode;
  query?: Q;
  params?: P;
  /** Payload schema of a success, for the OpenAPI document. */
  response?: z.ZodType;
  /** Other success content types (files, event streams) for the OpenAPI document. */
  responseContentType?: string;
  /** Codes the handler or its service can answer besides those the pipeline implies (validation, auth, rate
   * limit, internal error): they are documented as this operation's error responses. */
  errors?: ErrorCode[];
  tenant?: TenantRule;
  /** When a success carries Retry-After (the handler sets log.retryAfter), for the OpenAPI document. */
  retryAfterOnSuccess?: string;
  /** Legacy in the EU region: answered with Deprecation and a successor Link there. */
  legacyInEu?: string;
  handler: (input: HandlerInput<B, Q, P>, ctx: ContextFor<A>) => Promise<unknown>;
}

export type AnyRoute = RouteSpec<Schema, Schema, Schema, AuthMode>;

export function defineRoute<
  B extends Schema = undefined,
  Q extends Schema = undefined,
  P extends Schema = undefined,
  A extends AuthMode = AuthMode,
>(spec: RouteSpec<B, Q, P, A>): AnyRoute {
  return spec as unknown as AnyRoute;
}
