// Entry point: wires fetch (the API), queue (async jobs), scheduled (cron) and the Durable Object classes.
import { createApp } from "./core/app";
import { consumeBatch } from "./core/jobs";
import type { Env } from "./core/env";
import { routes } from "./routes";
import { runScheduled } from "./scheduled";
import "./jobs";

export { RateLimiter } from "./core/ratelimit";
export { ConversationStream } from "./chat/conversation-do";

const app = createApp(routes);

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
  queue: (batch, env) => consumeBatch(batch, env),
  scheduled: (controller, env, ctx) => ctx.waitUntil(runScheduled(controller, env)),
} satisfies ExportedHandler<Env>;
