#!/usr/bin/env node
// Loads the external demo corpus (data/external/manifest.json) through the admin API, skipping files
// already present, then waits for parsing to settle. Used by scripts/dev.mjs; also a CLI:
//   node scripts/documents/seed.mjs http://127.0.0.1:8787 dev-admin-token
import { readFile } from "node:fs/promises";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const dir = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "data", "external");

export async function seedExternalDocuments(baseUrl, adminToken) {
  const auth = { Authorization: `Bearer ${adminToken}` };
  const manifest = JSON.parse(await readFile(join(dir, "manifest.json"), "utf8"));
  const listing = await fetch(`${baseUrl}/admin/v1/external_documents`, { headers: auth });
  if (!listing.ok) throw new Error(`listing external documents: ${listing.status}`);
  const present = new Set((await listing.json()).documents.map((d) => d.file_name));
  let added = 0;
  for (const entry of manifest) {
    if (present.has(entry.file)) continue;
    const form = new FormData();
    form.append("file", new Blob([await readFile(join(dir, entry.file))], { type: "application/pdf" }), entry.file);
    form.append("metadata", JSON.stringify(entry.metadata));
    const res = await fetch(`${baseUrl}/admin/v1/external_documents`, { method: "POST", headers: auth, body: form });
    if (res.status !== 201) throw new Error(`${entry.file}: ${res.status} ${await res.text()}`);
    added++;
  }
  // Wait (bounded) until the queue has parsed them, so the demo is searchable when the banner prints.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const docs = (await (await fetch(`${baseUrl}/admin/v1/external_documents`, { headers: auth })).json()).documents;
    const pending = docs.filter((d) => d.status === "processing").length;
    if (pending === 0 || Date.now() > deadline) {
      console.log(`External corpus: ${docs.length} documents (${added} added${pending ? `, ${pending} still processing` : ""}).`);
      return;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

export default seedExternalDocuments;

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [baseUrl = "http://127.0.0.1:8787", token = "dev-admin-token"] = process.argv.slice(2);
  seedExternalDocuments(baseUrl, token).catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}
