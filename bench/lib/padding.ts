// Padding for the latency runs: perturbed copies of real pages (numbers, years and company names
// changed) as documents of invented companies, half in the external corpus (competing with the real
// pages) and half in other organizations (outside the tenant's scope).
import type { IndexableDocument, PageText } from "../../src/search/index";
import { seededRandom as rng } from "./random";

const SYLLABLES = ["vor", "tal", "quin", "bex", "dra", "lum", "sor", "pax", "ner", "gal", "tri", "mon", "zel", "cor", "fin", "ast"];

export interface PaddingDocument {
  doc: IndexableDocument;
  pages: PageText[];
}

export function* paddingDocuments(sourcePages: string[], companyWords: string[], chunks: number, pagesPerDoc: number, seed: number): Generator<PaddingDocument> {
  const rand = rng(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
  const companyRe = new RegExp(`\\b(${companyWords.map((w) => w.replace(/[.*+?^${}()|[\]\\&]/g, "\\$&")).join("|")})\\b`, "gi");
  const orgs = Array.from({ length: 20 }, (_, i) => `00000000-0000-4000-8000-${String(i + 1).padStart(12, "0")}`);
  let made = 0;
  let n = 0;
  while (made < chunks) {
    n++;
    const name = SYLLABLES[n % 16] + pick(SYLLABLES) + pick(SYLLABLES);
    const company = name[0].toUpperCase() + name.slice(1) + " Industries";
    const ticker = `Z${name.slice(0, 3).toUpperCase()}${n}`;
    const external = n % 2 === 0;
    const year = 2015 + Math.floor(rand() * 9);
    const pages: PageText[] = [];
    for (let p = 0; p < pagesPerDoc && made < chunks; p++, made++) {
      // One chunk per page: at most ~2,000 characters of a real page, perturbed.
      const src = pick(sourcePages);
      const start = Math.floor(rand() * Math.max(1, src.length - 2000));
      const text = src
        .slice(start, start + 2000)
        .replace(companyRe, company)
        .replace(/\b(19|20)\d\d\b/g, () => String(year - Math.floor(rand() * 3)))
        .replace(/\d/g, () => String(Math.floor(rand() * 10)));
      pages.push({ page: p, text });
    }
    yield {
      doc: {
        id: `pad-${seed}-${n}`,
        organizationId: external ? "external" : orgs[n % orgs.length],
        kind: external ? "external" : "vault",
        visibility: "organization",
        ownerUserId: null,
        name: `${ticker}_${year}_10K`,
        sourceBatchId: null,
        rmsType: null,
        rmsSubType: null,
        docType: external ? "filing" : null,
        docSubType: "10k",
        tickers: [ticker],
        stockIds: [],
        companyNames: [company],
        fiscalYear: year,
        fiscalQuarter: null,
        calendarDate: null,
        publishedAt: null,
        createdAt: "2024-06-01T00:00:00.000Z",
      },
      pages,
    };
  }
}
