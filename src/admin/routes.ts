// Admin API for operators (Authorization: Bearer ADMIN_TOKEN; absent token setting = no admin API).
// Flat JSON bodies in exactly the shapes other tools depend on.
import { z } from "zod";
import { defineRoute } from "../core/route";
import { noContent } from "../core/http";
import * as service from "./service";

const TAG = "Admin";
const entitlements = z.array(z.enum(service.ENTITLEMENTS));

export const adminRoutes = [
  defineRoute({
    method: "POST",
    path: "/admin/v1/organizations",
    operationId: "createOrganization",
    summary: "Create an organization in this deployment's region",
    tag: TAG,
    auth: "admin",
    envelope: false,
    successStatus: 201,
    body: z.strictObject({ name: z.string().trim().min(1).max(200), region: z.enum(["global", "eu"]).optional(), entitlements: entitlements.optional() }),
    response: z.object({ organization_id: z.uuid() }),
    handler: ({ body }, ctx) => service.createOrganization(ctx.env, body),
  }),
  defineRoute({
    method: "PATCH",
    path: "/admin/v1/organizations/:organization_id",
    operationId: "updateOrganization",
    summary: "Change an organization's name and entitlements",
    tag: TAG,
    auth: "admin",
    envelope: false,
    params: z.object({ organization_id: z.uuid() }),
    body: z.strictObject({ name: z.string().trim().min(1).max(200).optional(), entitlements: entitlements.optional() }),
    response: z.object({ organization_id: z.uuid(), name: z.string(), region: z.string(), entitlements: z.array(z.string()) }),
    handler: ({ body, params }, ctx) => service.patchOrganization(ctx.env, params.organization_id, body),
  }),
  defineRoute({
    method: "POST",
    path: "/admin/v1/users",
    operationId: "createUser",
    summary: "Create a user in an organization",
    tag: TAG,
    auth: "admin",
    envelope: false,
    successStatus: 201,
    body: z.strictObject({ organization_id: z.uuid(), email: z.email(), name: z.string().trim().min(1).max(200), onboarded: z.boolean().optional() }),
    response: z.object({ user_id: z.uuid() }),
    handler: ({ body }, ctx) => service.createUser(ctx.env, body),
  }),
  defineRoute({
    method: "POST",
    path: "/admin/v1/api_keys",
    operationId: "createApiKey",
    summary: "Issue an API key (shown once)",
    tag: TAG,
    auth: "admin",
    envelope: false,
    successStatus: 201,
    body: z.strictObject({
      organization_id: z.uuid(),
      kind: z.enum(["organization", "platform"]),
      user_id: z.uuid().optional(),
      organization_ids: z.array(z.uuid()).max(1000).optional(),
      rate_limit_per_minute: z.number().int().min(1).max(1_000_000).optional(),
    }),
    response: z.object({ api_key: z.string(), key_id: z.uuid(), organization_id: z.uuid(), user_id: z.uuid().nullable() }),
    handler: ({ body }, ctx) => service.createApiKey(ctx.env, body),
  }),
  defineRoute({
    method: "GET",
    path: "/admin/v1/api_keys",
    operationId: "listApiKeys",
    summary: "List an organization's API keys (never the secret)",
    tag: TAG,
    auth: "admin",
    envelope: false,
    query: z.object({ organization_id: z.uuid() }),
    response: z.object({
      api_keys: z.array(
        z.object({ key_id: z.uuid(), kind: z.enum(["organization", "platform"]), prefix: z.string(), user_id: z.uuid().nullable(), created_at: z.string(), revoked_at: z.string().nullable() }),
      ),
    }),
    handler: ({ query }, ctx) => service.listApiKeys(ctx.env, query.organization_id),
  }),
  defineRoute({
    method: "DELETE",
    path: "/admin/v1/api_keys/:key_id",
    operationId: "revokeApiKey",
    summary: "Revoke an API key",
    tag: TAG,
    auth: "admin",
    envelope: false,
    successStatus: 204,
    params: z.object({ key_id: z.uuid() }),
    handler: async ({ params }, ctx) => {
      await service.revokeApiKey(ctx.env, params.key_id);
      return noContent();
    },
  }),
];
