// Fiscal-calendar check (run by `npm run bench:fiscal`): every document of the demo corpus, the other
// FinanceBench PDFs and the parser samples goes through the Worker (external corpus or vault), and the
// listing's fiscal_date is compared with the period end the document states (bench/fiscal/stated-periods.json,
// read by hand, each with its quote). Also prints how often the calendar table alone gives the stated end.
import { SELF, applyD1Migrations, env } from "cloudflare:test";
import { expect, it } from "vitest";
import { admin, call, createOrg, jsonOf } from "../test/helpers/harness";
import { settledVault, until, vaultUpload } from "../test/documents/doc-helpers";
import { fiscalPeriodEnd } from "../src/core/fiscal-calendar";
import { parseDocument } from "../src/documents/parsers";
import gold from "./fiscal/stated-periods.json";

const benchEnv = env as unknown as { BENCH_DATA: Fetcher; DB: D1Database; MARKET_DB: D1Database; TEST_MIGRATIONS: never; TEST_MARKET_MIGRATIONS: never };

interface Gold {
  set: "demo" | "financebench" | "parser";
  file: string;
  stated: string | null;
  kind?: "period" | "event";
  quote?: string;
  unreadable?: string;
  metadata?: Record<string, unknown>;
}

const TYPES: Record<string, string> = {
  pdf: "application/pdf",
  txt: "text/plain",
  html: "text/html",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  ppt: "application/vnd.ms-powerpoint",
};

async function bytesOf(path: string): Promise<Uint8Array> {
  const res = await benchEnv.BENCH_DATA.fetch(`http://data/${path}`);
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

const pathOf = (g: Gold) => (g.set === "demo" ? `demo/${g.file}` : g.set === "financebench" ? `financebench/pdfs/${g.file}` : `parser_samples/${g.file}`);
const typeOf = (file: string) => TYPES[file.split(".").pop()!.toLowerCase()];
const flat = (s: string) => s.replace(/\s+/g, " ");

async function addExternal(file: string, bytes: Uint8Array, metadata: Record<string, unknown>): Promise<string> {
  const form = new FormData();
  form.append("file", new File([bytes], file, { type: typeOf(file) }));
  form.append("metadata", JSON.stringify(metadata));
  const added = await SELF.fetch("https://api.test/admin/v1/external_documents", { method: "POST", body: form, headers: { Authorization: "Bearer test-admin-token" } });
  if (added.status !== 201) throw new Error(`${file}: ${added.status} ${await added.text()}`);
  return (await jsonOf(added)).document_id;
}

it("fiscal_date equals the period end each document states", async () => {
  await applyD1Migrations(benchEnv.DB, benchEnv.TEST_MIGRATIONS);
  await applyD1Migrations(benchEnv.MARKET_DB, benchEnv.TEST_MARKET_MIGRATIONS);
  const documents = gold.documents as Gold[];
  const manifest = JSON.parse(new TextDecoder().decode(await bytesOf("demo/manifest.json"))) as { file: string; metadata: Record<string, unknown> }[];
  const org = await createOrg();
  const rows: { g: Gold; id: string | null; search: "external" | "rms"; metadata?: Record<string, unknown>; quoteFound: boolean | null }[] = [];

  for (const g of documents) {
    const bytes = await bytesOf(pathOf(g));
    // The gold quote must be in the document's own text, so the stated date is the document's, not ours.
    const parsed = await parseDocument(bytes, { fileName: g.file, contentType: typeOf(g.file) });
    const quoteFound = g.quote ? parsed.ok && flat(parsed.pages.map((p) => p.text).join("\n")).includes(flat(g.quote)) : null;
    if (g.set === "parser") {
      const doc = await vaultUpload(org.key, g.file, typeOf(g.file), bytes);
      rows.push({ g, id: doc.id, search: "rms", quoteFound });
    } else {
      const metadata = g.set === "demo" ? manifest.find((m) => m.file === g.file)!.metadata : g.metadata!;
      rows.push({ g, id: await addExternal(g.file, bytes, metadata), search: "external", metadata, quoteFound });
    }
  }
  for (const r of rows) if (r.search === "rms") await settledVault(org.key, r.id!);
  await until(
    async () => (await jsonOf(await admin("/admin/v1/external_documents"))).documents as { status: string }[],
    (docs) => docs.every((d) => d.status !== "processing"),
    120_000,
  );

  const lines: string[] = [];
  let stating = 0;
  let statingMatch = 0;
  let silent = 0;
  let silentNull = 0;
  let unreadable = 0;
  let after = 0;
  let calendarN = 0;
  let calendarMatch = 0;
  for (const r of rows) {
    const q = r.search === "rms" ? `search_type=rms&document_ids=${r.id}` : `tickers=${String(r.metadata!.ticker)}&per_page=200`;
    const listed = (await jsonOf(await call(`/v2/documents/presigned_urls?${q}`, { key: org.key }))).payload.documents as { document_id: string; fiscal_date: string | null; published_at: string }[];
    const d = listed.find((x) => x.document_id === r.id);
    if (!d) {
      unreadable++;
      lines.push(`  ${r.g.file}: not listed (${r.g.unreadable ?? "failed to parse"})`);
      continue;
    }
    if (d.fiscal_date && d.fiscal_date > d.published_at.slice(0, 10)) after++;
    const ok = d.fiscal_date === r.g.stated;
    if (r.g.stated) {
      stating++;
      if (ok) statingMatch++;
    } else {
      silent++;
      if (ok) silentNull++;
    }
    let calendar = "";
    if (r.metadata && r.g.kind === "period" && typeof r.metadata.fiscal_year === "number") {
      const quarter = r.metadata.fiscal_quarter as 1 | 2 | 3 | 4 | undefined;
      const end = fiscalPeriodEnd(String(r.metadata.ticker), r.metadata.fiscal_year, quarter);
      calendarN++;
      if (end === r.g.stated) calendarMatch++;
      calendar = ` calendar(${String(r.metadata.ticker)} FY${r.metadata.fiscal_year}${quarter ? ` Q${quarter}` : ""})=${end}`;
    }
    if (r.g.stated || !ok) lines.push(`  ${ok ? "ok  " : "MISS"} ${r.g.file}: fiscal_date ${d.fiscal_date}, stated ${r.g.stated}${r.g.quote ? ` ("${r.g.quote}"${r.quoteFound ? "" : " NOT FOUND in text"})` : ""}${calendar}`);
  }
  console.log(
    [
      `Fiscal-calendar check: ${rows.length} documents (demo ${documents.filter((g) => g.set === "demo").length}, FinanceBench ${documents.filter((g) => g.set === "financebench").length}, parser samples ${documents.filter((g) => g.set === "parser").length})`,
      ...lines,
      `fiscal_date = stated period end: ${statingMatch} of ${stating} documents that state one`,
      `fiscal_date null where the document states none: ${silentNull} of ${silent}`,
      `not listed (cannot be read: password, OCR): ${unreadable}`,
      `fiscal_date after published_at: ${after}`,
      `calendar table alone (fiscal labels of the metadata) = stated period end: ${calendarMatch} of ${calendarN}`,
    ].join("\n"),
  );
  expect(rows.every((r) => r.quoteFound !== false)).toBe(true);
  expect(after).toBe(0);
});
