// The EU deployment runs the whole document pipeline on its own bindings: EU R2 bucket, EU queues, EU D1.
import { describe, expect, it } from "vitest";
import { SELF } from "cloudflare:test";
import { call, createOrg, jsonOf } from "../helpers/harness";
import { settledVault, vaultUpload } from "../documents/doc-helpers";

describe("EU document pipeline", () => {
  it("uploads, confirms, parses, searches and signs a vault document", async () => {
    const org = await createOrg();
    const { id } = await vaultUpload(org.key, "eu-note.txt", "text/plain", new TextEncoder().encode("Eurozone margin guidance raised to 14 percent."));
    expect(await settledVault(org.key, id)).toMatchObject({ status: "Synced" });
    const found = await jsonOf(await call("/v1/search", { key: org.key, body: { query: "eurozone margin guidance", search_types: ["rms"] } }));
    expect(found.payload.results[0].document_id).toBe(id);
    const { url } = await jsonOf(await call(`/v1/documents/${id}/presigned_url`, { key: org.key }));
    expect(await (await SELF.fetch(url)).text()).toContain("Eurozone");
  });
});
