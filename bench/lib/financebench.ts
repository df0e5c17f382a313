// FinanceBench as a search corpus: one external document per doc_name, pages = every evidence full page
// of the 150 questions plus every page of the 7 PDFs (text by unpdf), and the questions with their
// evidence pages (zero-indexed, as in the data set).
import { extractText, getDocumentProxy } from "unpdf";
import type { IndexableDocument, PageText } from "../../src/search/index";

export interface Question {
  id: string;
  company: string;
  ticker: string;
  docName: string;
  question: string;
  evidence: { docName: string; page: number }[];
}

export interface CorpusDocument {
  doc: IndexableDocument;
  pages: PageText[];
}

/** FinanceBench names companies, not tickers. */
export const TICKERS: Record<string, string> = {
  "3M": "MMM", "Activision Blizzard": "ATVI", Adobe: "ADBE", "AES Corporation": "AES", Amazon: "AMZN", Amcor: "AMCR", AMD: "AMD",
  "American Express": "AXP", "American Water Works": "AWK", "Best Buy": "BBY", Block: "SQ", Boeing: "BA", "Coca-Cola": "KO",
  Corning: "GLW", Costco: "COST", "CVS Health": "CVS", "Foot Locker": "FL", "General Mills": "GIS", "Johnson & Johnson": "JNJ",
  JPMorgan: "JPM", "Kraft Heinz": "KHC", "Lockheed Martin": "LMT", "MGM Resorts": "MGM", Microsoft: "MSFT", Netflix: "NFLX",
  Nike: "NKE", Paypal: "PYPL", PepsiCo: "PEP", Pfizer: "PFE", "Ulta Beauty": "ULTA", Verizon: "VZ", Walmart: "WMT",
};

const PDFS = [
  "ADOBE_2022_10K", "AMCOR_2023Q4_EARNINGS", "BESTBUY_2024Q2_10Q", "BOEING_2022_10K",
  "JOHNSON_JOHNSON_2023_8K_dated-2023-08-30", "MICROSOFT_2023_10K", "ULTABEAUTY_2023Q4_EARNINGS",
];

/** The data binding's stream from Node is sometimes cut ("Network connection lost"): retry a few times. */
async function fetchBytes(data: Fetcher, path: string): Promise<Uint8Array> {
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await data.fetch(`http://data/${path}`);
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      return new Uint8Array(await res.arrayBuffer());
    } catch (err) {
      if (attempt >= 4) throw err;
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
  }
}

async function fetchText(data: Fetcher, path: string): Promise<string> {
  return new TextDecoder().decode(await fetchBytes(data, path));
}

function jsonl<T>(text: string): T[] {
  return text.split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l) as T);
}

/** A stable UUID-shaped id from a name (the corpus is rebuilt on every run). */
export async function stableId(name: string): Promise<string> {
  const h = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(name)));
  const x = [...h.slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-4${x.slice(13, 16)}-8${x.slice(17, 20)}-${x.slice(20, 32)}`;
}

export async function loadFinanceBench(data: Fetcher): Promise<{ questions: Question[]; corpus: CorpusDocument[]; docIds: Map<string, string> }> {
  type Raw = { financebench_id: string; company: string; doc_name: string; question: string; evidence: { doc_name: string; evidence_page_num: number; evidence_text_full_page: string }[] };
  type Info = { doc_name: string; company: string; doc_type: string; doc_period: number };
  const raw = jsonl<Raw>(await fetchText(data, "financebench/financebench_open_source.jsonl"));
  const info = new Map(jsonl<Info>(await fetchText(data, "financebench/financebench_document_information.jsonl")).map((d) => [d.doc_name, d]));

  const pagesByDoc = new Map<string, Map<number, string>>();
  for (const q of raw) {
    for (const e of q.evidence) {
      if (PDFS.includes(e.doc_name)) continue;
      const pages = pagesByDoc.get(e.doc_name) ?? new Map<number, string>();
      pages.set(e.evidence_page_num, e.evidence_text_full_page);
      pagesByDoc.set(e.doc_name, pages);
    }
  }
  for (const name of PDFS) {
    const bytes = await fetchBytes(data, `financebench/pdfs/${name}.pdf`);
    const pdf = await getDocumentProxy(bytes);
    const { text } = await extractText(pdf, { mergePages: false });
    pagesByDoc.set(name, new Map(text.map((t, i) => [i, t])));
  }

  const docIds = new Map<string, string>();
  const corpus: CorpusDocument[] = [];
  for (const [name, pages] of pagesByDoc) {
    const meta = info.get(name);
    if (!meta) throw new Error(`no document information for ${name}`);
    const id = await stableId(name);
    docIds.set(name, id);
    const docSubType = meta.doc_type.toLowerCase();
    const quarter = /\d{4}Q([1-4])/i.exec(name);
    corpus.push({
      doc: {
        id,
        organizationId: "external",
        kind: "external",
        visibility: "organization",
        ownerUserId: null,
        name,
        sourceBatchId: null,
        rmsType: null,
        rmsSubType: null,
        docType: docSubType === "earnings" ? "transcript" : "filing",
        docSubType,
        tickers: [TICKERS[meta.company]],
        stockIds: [],
        companyNames: [meta.company],
        fiscalYear: meta.doc_period,
        fiscalQuarter: quarter ? Number(quarter[1]) : null,
        calendarDate: null,
        publishedAt: null,
        createdAt: "2024-01-01T00:00:00.000Z",
      },
      pages: [...pages].sort((a, b) => a[0] - b[0]).map(([page, text]) => ({ page, text })),
    });
  }
  const questions = raw.map((q) => ({
    id: q.financebench_id,
    company: q.company,
    ticker: TICKERS[q.company],
    docName: q.doc_name,
    question: q.question,
    evidence: q.evidence.map((e) => ({ docName: e.doc_name, page: e.evidence_page_num })),
  }));
  return { questions, corpus, docIds };
}
