// Cron tick: uploads handed out but never registered are removed a day after their URL expired, file and
// row, so abandoned uploads do not accumulate in R2. Registered documents are never touched here.
import type { Env } from "../core/env";
import { loadConfig } from "../core/env";
import { onCronTick } from "../scheduled";

const GRACE_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

function tenantDatabases(env: Env): D1Database[] {
  const names = new Set(Object.values(loadConfig(env).tenantDbOverrides));
  const extra = [...names].map((n) => (env as unknown as Record<string, D1Database>)[n]).filter((d) => d && typeof d.prepare === "function");
  return [env.DB, ...extra];
}

export async function purgeAbandonedUploads(env: Env, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - GRACE_MS).toISOString();
  let purged = 0;
  for (const db of tenantDatabases(env)) {
    const { results } = await db
      .prepare("SELECT file_key FROM uploads WHERE document_id IS NULL AND expires_at < ?1 LIMIT ?2")
      .bind(cutoff, BATCH)
      .all<{ file_key: string }>();
    if (!results.length) continue;
    const keys = results.map((r) => r.file_key);
    await env.DOCUMENTS.delete(keys);
    await db.batch(keys.map((k) => db.prepare("DELETE FROM uploads WHERE file_key = ?1 AND document_id IS NULL").bind(k)));
    purged += keys.length;
  }
  return purged;
}

onCronTick(async (env, scheduledTime) => {
  const purged = await purgeAbandonedUploads(env, scheduledTime);
  if (purged) console.log(JSON.stringify({ job: "uploads.purge", purged }));
});
