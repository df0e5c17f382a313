// Endpoints without an API key: the health check and the generated OpenAPI document.
import { z } from "zod";
import { tenantSelectorFields } from "../core/schemas";
import { defineRoute, type AnyRoute } from "../core/route";
import { buildOpenApiDocument } from "../core/openapi";
import { json } from "../core/http";

export function metaRoutes(allRoutes: () => AnyRoute[]): AnyRoute[] {
  let cached: unknown;
  return [
    defineRoute({
      method: "GET",
      path: "/healthz",
      operationId: "getHealth",
      summary: "Liveness check",
      tag: "Meta",
      auth: "none",
      envelope: false,
      response: z.object({ status: z.literal("ok"), region: z.string() }),
      handler: async (_input, ctx) => ({ status: "ok", region: ctx.config.region }),
    }),
    defineRoute({
      method: "GET",
      path: "/v1/me",
      operationId: "getMe",
      summary: "The caller as the API sees it: organization, user, key kind, entitlements",
      tag: "Meta",
      auth: "key",
      envelope: true,
      query: z.object({
        ...tenantSelectorFields,
      }),
      response: z.object({
        organization_id: z.uuid(),
        user: z.object({ id: z.uuid(), email: z.string(), name: z.string(), onboarded: z.boolean() }).nullable(),
        key_kind: z.enum(["organization", "platform"]),
        entitlements: z.array(z.string()),
        region: z.string(),
      }),
      handler: async (_input, ctx) => ({
        organization_id: ctx.tenant.organizationId,
        user: ctx.tenant.user,
        key_kind: ctx.tenant.keyKind,
        entitlements: ctx.tenant.entitlements,
        region: ctx.config.region,
      }),
    }),
    defineRoute({
      method: "GET",
      path: "/openapi.json",
      operationId: "getOpenApiDocument",
      summary: "OpenAPI 3.1 document of this API",
      tag: "Meta",
      auth: "none",
      envelope: false,
      response: z.record(z.string(), z.unknown()).describe("This document"),
      handler: async (_input, ctx) => {
        cached ??= buildOpenApiDocument(allRoutes(), new URL(ctx.request.url).origin);
        return json(cached);
      },
    }),
  ];
}
