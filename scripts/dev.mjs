#!/usr/bin/env node
// `npm run dev` (global, port 8787) and `npm run dev:eu` (EU environment, port 8788): creates .dev.vars
// from the example when missing, applies D1 migrations locally, seeds the demo organization, user and keys
// (idempotent), serves the Worker with every binding local, then loads demo data through the admin API.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, copyFileSync, readFileSync, writeFileSync, mkdtempSync, appendFileSync } from "node:fs";
import { createHash, randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const eu = process.argv.includes("--env") && process.argv[process.argv.indexOf("--env") + 1] === "eu";
const port = eu ? 8788 : 8787;
const envArgs = eu ? ["--env", "eu"] : [];
const quiet = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_HIDE_BANNER: "true" };
const wrangler = join(root, "node_modules", ".bin", "wrangler");

function readDevVars() {
  const file = join(root, ".dev.vars");
  if (!existsSync(file)) {
    copyFileSync(join(root, ".dev.vars.example"), file);
    console.log("Created .dev.vars from .dev.vars.example (dev-only values).");
  }
  const vars = {};
  for (const line of readFileSync(file, "utf8").split(/\r?\n/)) {
    const m = /^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/.exec(line);
    if (m) vars[m[1]] = m[2].replace(/^"(.*)"$/, "$1");
  }
  // The Worker refuses to start without its own URL-signing secret (it no longer borrows KEY_TAG_SECRET):
  // a .dev.vars written before that rule gets a fresh dev-only one.
  if (!vars.URL_SIGNING_SECRET || vars.URL_SIGNING_SECRET === vars.KEY_TAG_SECRET) {
    vars.URL_SIGNING_SECRET = `dev-url-signing-${randomBytes(16).toString("hex")}`;
    appendFileSync(file, `\nURL_SIGNING_SECRET=${vars.URL_SIGNING_SECRET}\n`);
    console.log("Added a dev-only URL_SIGNING_SECRET to .dev.vars.");
  }
  return vars;
}

function run(args) {
  const res = spawnSync(wrangler, args, { cwd: root, env: quiet, encoding: "utf8" });
  if (res.status !== 0) {
    process.stderr.write(res.stdout + res.stderr);
    throw new Error(`wrangler ${args.join(" ")} failed`);
  }
}

const sha256 = (s) => createHash("sha256").update(s).digest("hex");
const sq = (s) => `'${String(s).replace(/'/g, "''")}'`;

// Fixed demo identities: the same on every machine, so README and printed keys always agree.
const DEMO = eu
  ? { org: "e0000000-0000-4000-8000-000000000001", user: "e0000000-0000-4000-8000-000000000002", orgKeyId: "e0000000-0000-4000-8000-000000000003", platformKeyId: "e0000000-0000-4000-8000-000000000004" }
  : { org: "d0000000-0000-4000-8000-000000000001", user: "d0000000-0000-4000-8000-000000000002", orgKeyId: "d0000000-0000-4000-8000-000000000003", platformKeyId: "d0000000-0000-4000-8000-000000000004" };

function seedSql(orgKey, platformKey) {
  const now = new Date().toISOString();
  const region = eu ? "eu" : "global";
  const entitlements = JSON.stringify(["chat", "deep_research", "earnings_schedule"]);
  const key = (id, kind, userId, raw) =>
    `INSERT INTO api_keys (id, organization_id, kind, user_id, key_hash, prefix, organization_ids, created_at) VALUES (${sq(id)}, ${sq(DEMO.org)}, ${sq(kind)}, ${userId ? sq(userId) : "NULL"}, ${sq(sha256(raw))}, ${sq(raw.slice(0, 14))}, '[]', ${sq(now)}) ON CONFLICT(id) DO UPDATE SET key_hash = excluded.key_hash, prefix = excluded.prefix, revoked_at = NULL;`;
  return [
    `INSERT INTO organizations (id, name, region, entitlements, created_at, updated_at) VALUES (${sq(DEMO.org)}, 'Demo Research', ${sq(region)}, ${sq(entitlements)}, ${sq(now)}, ${sq(now)}) ON CONFLICT(id) DO UPDATE SET entitlements = excluded.entitlements;`,
    `INSERT INTO users (id, organization_id, email, name, onboarded, created_at) VALUES (${sq(DEMO.user)}, ${sq(DEMO.org)}, 'analyst@demo.example', 'Demo Analyst', 1, ${sq(now)}) ON CONFLICT(id) DO NOTHING;`,
    key(DEMO.orgKeyId, "organization", DEMO.user, orgKey),
    key(DEMO.platformKeyId, "platform", null, platformKey),
  ].join("\n");
}

async function waitForHealth(timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return true;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

async function loadDemoData(adminToken) {
  for (const script of ["scripts/market/seed.mjs", "scripts/documents/seed.mjs"]) {
    const path = join(root, script);
    if (!existsSync(path)) continue;
    try {
      const mod = await import(path);
      const fn = mod.default ?? Object.values(mod).find((v) => typeof v === "function");
      await fn(`http://127.0.0.1:${port}`, adminToken);
    } catch (err) {
      console.error(`Demo data from ${script} failed: ${err instanceof Error ? err.message : err}`);
    }
  }
}

const vars = readDevVars();
const orgKey = eu ? vars.DEMO_EU_ORG_KEY : vars.DEMO_ORG_KEY;
const platformKey = eu ? vars.DEMO_EU_PLATFORM_KEY : vars.DEMO_PLATFORM_KEY;
if (!orgKey || !platformKey) throw new Error(".dev.vars lacks the demo keys; delete it to recreate it from .dev.vars.example");

console.log(`Applying migrations (${eu ? "eu" : "global"}, local)...`);
run(["d1", "migrations", "apply", "DB", "--local", ...envArgs]);
run(["d1", "migrations", "apply", "MARKET_DB", "--local", ...envArgs]);
const sqlFile = join(mkdtempSync(join(tmpdir(), "seed-")), "seed.sql");
writeFileSync(sqlFile, seedSql(orgKey, platformKey));
run(["d1", "execute", "DB", "--local", ...envArgs, "--file", sqlFile]);

const child = spawn(wrangler, ["dev", "--ip", "127.0.0.1", "--port", String(port), "--inspector-port", String(eu ? 9230 : 9229), ...envArgs], {
  cwd: root,
  env: quiet,
  stdio: "inherit",
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));

if (await waitForHealth(120_000)) {
  await loadDemoData(vars.ADMIN_TOKEN);
  console.log(
    [
      "",
      `API ready on http://127.0.0.1:${port} (${eu ? "EU" : "global"} environment, every binding local)`,
      `  demo organization   ${DEMO.org}`,
      `  demo user           ${DEMO.user} (analyst@demo.example, onboarded)`,
      `  organization key    ${orgKey}`,
      `  platform key        ${platformKey}  (pass organization_id=${DEMO.org})`,
      `  admin token         ${vars.ADMIN_TOKEN}`,
      `  try: curl -H "X-API-KEY: ${orgKey}" http://127.0.0.1:${port}/v1/me`,
      "",
    ].join("\n"),
  );
} else {
  console.error(`The Worker did not answer /healthz on port ${port} within 120 s.`);
}
