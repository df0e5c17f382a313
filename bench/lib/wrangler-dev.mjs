// `wrangler dev` for the benchmark scripts: a fresh state in a temp dir, the bench's own secrets, D1
// migrations applied, the Worker served on a port of the bench's choosing; one implementation for
// bench:limits and bench:ingest (bench:hostile uses `npm run dev` itself, demo data included).
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const ADMIN = "bench-admin-token";
export const quiet = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_HIDE_BANNER: "true", NO_COLOR: "1" };
const wrangler = join(root, "node_modules", ".bin", "wrangler");

/** A fresh state directory with the bench's .dev.vars (admin token, secrets, a rate limit no bench reaches). */
export function benchState(prefix) {
  const state = mkdtempSync(join(tmpdir(), prefix));
  const varsFile = join(state, ".dev.vars");
  writeFileSync(varsFile, `WORKERD_LOCAL=true\nADMIN_TOKEN=${ADMIN}\nKEY_TAG_SECRET=bench-key-tag-secret-0123456789\nURL_SIGNING_SECRET=bench-url-secret-0123456789\nRATE_LIMIT_PER_MINUTE=100000\n`);
  return { state, varsFile };
}

/**
 * Applies both databases' migrations to the state, then serves the Worker (`configFile`: another
 * wrangler.toml, else the repository's). `onLine` receives each line the dev server prints.
 */
export function startWranglerDev({ port, state, varsFile, configFile, onLine, direct = false }) {
  const config = configFile ? ["--config", configFile] : [];
  // direct: also find the Worker's own socket in workerd (behind wrangler's proxy Worker) and the header
  // that socket wants, from wrangler's debug log, so a bench can time requests without the proxy's hop.
  let found;
  const directTarget = new Promise((resolve) => (found = resolve));
  if (direct) {
    const forward = onLine;
    onLine = (line) => {
      const url = /"userWorkerUrl":\{"protocol":"http:","hostname":"([\d.]+)","port":"(\d+)"\}/.exec(line);
      const secret = /"MF-Proxy-Shared-Secret":"([\w-]+)"/.exec(line);
      if (url && secret) found({ base: `http://${url[1]}:${url[2]}`, headers: { "MF-Proxy-Shared-Secret": secret[1] } });
      forward?.(line);
    };
  }
  for (const db of ["DB", "MARKET_DB"]) {
    const r = spawnSync(wrangler, ["d1", "migrations", "apply", db, "--local", "--persist-to", state, ...config], { cwd: root, env: quiet, encoding: "utf8" });
    if (r.status !== 0) throw new Error(r.stderr || r.stdout);
  }
  const args = ["dev", ...config, "--ip", "127.0.0.1", "--port", String(port), "--inspector-port", String(port + 1000), "--persist-to", state, "--env-file", varsFile];
  if (direct) args.push("--log-level", "debug");
  const child = spawn(wrangler, args, { cwd: root, env: quiet, detached: true, stdio: onLine ? ["ignore", "pipe", "pipe"] : "ignore" });
  if (onLine) {
    let buffer = "";
    const read = (chunk) => {
      buffer += chunk.toString();
      for (let i = buffer.indexOf("\n"); i >= 0; i = buffer.indexOf("\n")) {
        onLine(buffer.slice(0, i).replace(/\u001b\[[0-9;]*m/g, ""));
        buffer = buffer.slice(i + 1);
      }
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
  }
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
  };
  process.on("exit", stop);
  return { base: `http://127.0.0.1:${port}`, child, stop, directTarget };
}

/** Waits until GET /healthz answers. */
export async function waitReady(base, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("wrangler dev did not start");
}

/** POST to the admin API with the bench's token; the JSON answer. */
export async function adminPost(base, path, body) {
  const res = await fetch(`${base}${path}`, { method: "POST", headers: { Authorization: `Bearer ${ADMIN}`, "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** A new organization with an onboarded user and its organization key: what each bench signs in with. */
export async function benchOrganization(base, name) {
  const { organization_id } = await adminPost(base, "/admin/v1/organizations", { name, entitlements: ["chat", "deep_research"] });
  const { user_id } = await adminPost(base, "/admin/v1/users", { organization_id, email: `${name.toLowerCase().replace(/\W+/g, "-")}@example.com`, name, onboarded: true });
  const { api_key } = await adminPost(base, "/admin/v1/api_keys", { organization_id, kind: "organization", user_id });
  return { organizationId: organization_id, apiKey: api_key };
}
