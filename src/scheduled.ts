// Cron entry: areas register what runs on each tick (briefings enqueue their due schedules).
import type { Env } from "./core/env";

type Tick = (env: Env, scheduledTime: number) => Promise<void>;
const ticks: Tick[] = [];

export function onCronTick(tick: Tick): void {
  ticks.push(tick);
}

export async function runScheduled(controller: ScheduledController, env: Env): Promise<void> {
  const results = await Promise.allSettled(ticks.map((t) => t(env, controller.scheduledTime)));
  for (const r of results) {
    if (r.status === "rejected") console.error(JSON.stringify({ level: "error", message: "cron tick failed", error: String(r.reason) }));
  }
  console.log(JSON.stringify({ cron: controller.cron, ticks: ticks.length, scheduled_time: new Date(controller.scheduledTime).toISOString() }));
}
