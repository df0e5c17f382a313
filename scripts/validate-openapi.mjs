#!/usr/bin/env node
// CI step: serves the Worker locally (workerd through wrangler, every binding local and in memory), fetches
// GET /openapi.json and validates it against the OpenAPI 3.1 schema. The validator reads its JSON Schemas
// from node_modules with node:fs, which workerd's file system does not reach, so it runs here, not in vitest.
// `node scripts/validate-openapi.mjs [--print]`; exits 1 when the document is invalid.
import { unstable_startWorker } from "wrangler";
import { Validator } from "@seriousme/openapi-schema-validator";

const START_TIMEOUT_MS = 120_000;
process.env.WRANGLER_SEND_METRICS ??= "false";
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";
process.env.WRANGLER_HIDE_BANNER ??= "true";

const worker = await unstable_startWorker({
  config: "wrangler.toml",
  envFiles: [],
  // The secrets the configuration requires (two different values); the document does not depend on them.
  bindings: {
    KEY_TAG_SECRET: { type: "plain_text", value: "openapi-validation-only-0123456789" },
    URL_SIGNING_SECRET: { type: "plain_text", value: "openapi-validation-url-0123456789" },
  },
  dev: { remote: false, persist: false, inspector: false, watch: false, logLevel: "error", server: { hostname: "127.0.0.1", port: 0 } },
});

let failed = true;
try {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the Worker did not start within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
  });
  await Promise.race([worker.ready, timeout]);
  const res = await Promise.race([worker.fetch("http://127.0.0.1/openapi.json"), timeout]);
  clearTimeout(timer);
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET /openapi.json answered ${res.status}: ${text.slice(0, 500)}`);
  const doc = JSON.parse(text);
  if (process.argv.includes("--print")) console.log(JSON.stringify(doc, null, 2));
  const result = await new Validator().validate(doc);
  if (result.valid) {
    const operations = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
    console.log(`/openapi.json is a valid OpenAPI ${doc.openapi} document (${Object.keys(doc.paths).length} paths, ${operations} operations)`);
    failed = false;
  } else {
    console.error("/openapi.json does not validate against the OpenAPI 3.1 schema:");
    console.error(JSON.stringify(result.errors, null, 2));
  }
} catch (err) {
  console.error(`validate-openapi: ${err instanceof Error ? err.message : String(err)}`);
} finally {
  // wrangler's teardown races its own esbuild watcher and logs a spurious "Build failed ... Could not
  // resolve middleware-loader.entry.ts"; everything worth reading has been printed by now.
  const consoleError = console.error;
  console.error = () => {};
  try {
    await worker.dispose();
  } finally {
    console.error = consoleError;
  }
}
process.exitCode = failed ? 1 : 0;
