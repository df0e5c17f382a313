// fiscal_date in the batch listing is the real end of the period a document covers: the date the document
// states, else the company's own fiscal calendar; never after publication. fiscal_period filters use the
// company's fiscal year and quarter, read from the document when the metadata gives none.
import { describe, expect, it, vi } from "vitest";
import { SELF } from "cloudflare:test";
import { call, createOrg, jsonOf } from "../helpers/harness";
import { PDF, TXT, fixture, settledVault, until, vaultUpload } from "./doc-helpers";

// Each test waits for real queue deliveries; under a loaded machine that takes more than the default 30 s.
vi.setConfig({ testTimeout: 90_000 });

interface Descriptor {
  document_id: string;
  fiscal_date: string | null;
  published_at: string;
}

async function addExternal(fileName: string, bytes: Uint8Array, contentType: string, metadata: Record<string, unknown>): Promise<string> {
  const form = new FormData();
  form.append("file", new File([bytes], fileName, { type: contentType }));
  form.append("metadata", JSON.stringify(metadata));
  const res = await SELF.fetch("https://api.test/admin/v1/external_documents", { method: "POST", body: form, headers: { Authorization: "Bearer test-admin-token" } });
  if (res.status !== 201) throw new Error(`external: ${res.status} ${await res.text()}`);
  const id = (await jsonOf(res)).document_id as string;
  const settled = await until(
    async () => (await jsonOf(await SELF.fetch("https://api.test/admin/v1/external_documents", { headers: { Authorization: "Bearer test-admin-token" } }))).documents,
    (docs: { document_id: string; status: string }[]) => docs.some((d) => d.document_id === id && d.status !== "processing"),
    80_000,
  );
  expect(settled.find((d: { document_id: string }) => d.document_id === id)?.status).toBe("success");
  return id;
}

async function listing(key: string, query: string): Promise<Descriptor[]> {
  const res = await call(`/v2/documents/presigned_urls?${query}&per_page=200`, { key });
  expect(res.status).toBe(200);
  const documents = (await jsonOf(res)).payload.documents as Descriptor[];
  // The rule of issue 20: no document covers a period that ends after it was published.
  for (const d of documents) if (d.fiscal_date !== null) expect(d.fiscal_date <= d.published_at.slice(0, 10), `${d.document_id} ${d.fiscal_date} > ${d.published_at}`).toBe(true);
  return documents;
}

const fiscalDateIn = (docs: Descriptor[], id: string) => docs.find((d) => d.document_id === id)?.fiscal_date;
const text = (s: string) => new TextEncoder().encode(s);

describe("fiscal_date of the external listing", () => {
  it("is the period end each demo filing states: Best Buy 2023-07-29, Amcor 2023-06-30, Ulta 2023-01-28", async () => {
    const org = await createOrg();
    // The demo corpus's metadata (data/external/manifest.json).
    const [bby, amcr, ulta] = await Promise.all([
      addExternal("BESTBUY_2024Q2_10Q_p1.txt", await fixture("fiscal/BESTBUY_2024Q2_10Q_p1.txt"), TXT, {
        name: "Best Buy 10-Q Q2 FY2024", ticker: "BBY", doc_type: "filing", doc_sub_type: "10-Q", fiscal_year: 2024, fiscal_quarter: 2, calendar_date: "2023-09-08", published_at: "2023-09-08T12:00:00Z",
      }),
      addExternal("AMCOR_2023Q4_EARNINGS_p1.txt", await fixture("fiscal/AMCOR_2023Q4_EARNINGS_p1.txt"), TXT, {
        name: "Amcor FY2023 results press release", ticker: "AMCR", doc_type: "news", doc_sub_type: "earnings_release", fiscal_year: 2023, fiscal_quarter: 4, published_at: "2023-08-15T20:30:00Z",
      }),
      addExternal("ULTABEAUTY_2023Q4_EARNINGS.pdf", await fixture("parser/ULTABEAUTY_2023Q4_EARNINGS.pdf"), PDF, {
        name: "Ulta Beauty Q4 FY2022 earnings release", ticker: "ULTA", doc_type: "news", doc_sub_type: "earnings_release", fiscal_year: 2022, fiscal_quarter: 4, published_at: "2023-03-09T21:05:00Z",
      }),
    ]);
    expect(fiscalDateIn(await listing(org.key, "tickers=BBY"), bby)).toBe("2023-07-29");
    expect(fiscalDateIn(await listing(org.key, "tickers=AMCR"), amcr)).toBe("2023-06-30");
    expect(fiscalDateIn(await listing(org.key, "tickers=ULTA"), ulta)).toBe("2023-01-28");
  });

  it("falls back to the company's fiscal calendar when the document states no period", async () => {
    const org = await createOrg();
    const [bby, amcr, ulta] = await Promise.all([
      addExternal("bby-note.txt", text("Best Buy comparable sales declined 6.2 percent."), TXT, { ticker: "BBY", doc_type: "news", fiscal_year: 2024, fiscal_quarter: 2, published_at: "2023-08-29T12:00:00Z" }),
      addExternal("amcr-note.txt", text("Amcor net sales were in line with the prior year."), TXT, { ticker: "AMCR", doc_type: "news", fiscal_year: 2023, published_at: "2023-08-15T12:00:00Z" }),
      addExternal("ulta-note.txt", text("Ulta Beauty comparable sales rose 15.6 percent."), TXT, { ticker: "ULTA", doc_type: "news", fiscal_year: 2022, fiscal_quarter: 4, published_at: "2023-03-09T12:00:00Z" }),
    ]);
    expect(fiscalDateIn(await listing(org.key, "tickers=BBY"), bby)).toBe("2023-07-29");
    expect(fiscalDateIn(await listing(org.key, "tickers=AMCR"), amcr)).toBe("2023-06-30");
    expect(fiscalDateIn(await listing(org.key, "tickers=ULTA"), ulta)).toBe("2023-01-28");
  });

  it("is never after publication: an 8-K gives its date of report, labels of an unfinished quarter give none", async () => {
    const org = await createOrg();
    const [eightK, midQuarter] = await Promise.all([
      addExternal("JOHNSON_JOHNSON_2023_8K_dated-2023-08-30.pdf", await fixture("judges/JOHNSON_JOHNSON_2023_8K_dated-2023-08-30.pdf"), PDF, {
        ticker: "JNJ", doc_type: "filing", doc_sub_type: "8-K", fiscal_year: 2023, fiscal_quarter: 3, published_at: "2023-08-30T12:00:00Z",
      }),
      // Q3 2023 of Johnson & Johnson ends 2023-10-01, after this note was published.
      addExternal("jnj-note.txt", text("Johnson & Johnson completed the Kenvue exchange offer."), TXT, { ticker: "JNJ", doc_type: "news", fiscal_year: 2023, fiscal_quarter: 3, published_at: "2023-08-30T12:00:00Z" }),
    ]);
    const docs = await listing(org.key, "tickers=JNJ");
    expect(fiscalDateIn(docs, eightK)).toBe("2023-08-30");
    expect(fiscalDateIn(docs, midQuarter)).toBeNull();
  });
});

describe("fiscal_period filter", () => {
  it("finds a filing by the company's own fiscal quarter read from its cover when the metadata has none", async () => {
    const org = await createOrg();
    const bby = await addExternal("BESTBUY_2024Q2_10Q_p1.txt", await fixture("fiscal/BESTBUY_2024Q2_10Q_p1.txt"), TXT, { ticker: "BBY", doc_type: "filing", doc_sub_type: "10-Q", published_at: "2023-09-08T12:00:00Z" });
    const q2 = "tickers=BBY&fiscal_period[start_time][year]=2024&fiscal_period[start_time][quarter]=2&fiscal_period[end_time][year]=2024&fiscal_period[end_time][quarter]=2";
    const found = await listing(org.key, q2);
    expect(fiscalDateIn(found, bby)).toBe("2023-07-29");
    // Calendar 2023 Q2 is not Best Buy's fiscal Q2 2023 (which ended 2022-07-30).
    const calendarQuarter = "tickers=BBY&fiscal_period[start_time][year]=2023&fiscal_period[start_time][quarter]=2&fiscal_period[end_time][year]=2023&fiscal_period[end_time][quarter]=3";
    expect((await listing(org.key, calendarQuarter)).some((d) => d.document_id === bby)).toBe(false);
  });
});

describe("fiscal_date of the RMS listing", () => {
  it("is the period end a vault document states", async () => {
    const org = await createOrg();
    const doc = await vaultUpload(org.key, "bby-10q.txt", TXT, await fixture("fiscal/BESTBUY_2024Q2_10Q_p1.txt"));
    expect((await settledVault(org.key, doc.id)).status).toBe("Synced");
    expect(fiscalDateIn(await listing(org.key, `search_type=rms&document_ids=${doc.id}`), doc.id)).toBe("2023-07-29");
  });
});
