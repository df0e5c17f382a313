// Reference verification (judges/verify.ts) as a unit: the search is a plain function here, so the rule
// under test is only "contradicted needs a primary source on the same subject". The end-to-end paths through
// the Worker, the index and the queue are in judges.happy / judges.faults.
import { describe, expect, it } from "vitest";
import type { SearchHit } from "../../src/search";
import { verifyReference } from "../../src/judges/verify";

const hit = (document_name: string, text: string, tickers: string[] = []): SearchHit =>
  ({ document_id: "d1", document_name, chunk_id: "d1:1:0", text, score: 1, search_type: "external", page: 1, doc_type: "10-K", tickers, published_at: null, offset: 0 }) as SearchHit;

const ULTA = hit("Ulta Beauty Q4 FY2022 earnings release", "Consolidated Balance Sheets. Total assets were $5,600 million at the end of fiscal 2022. Net income was $1,242 million.", ["ULTA"]);
const reference = (content: string) => ({ content });

describe("reference verification", () => {
  it("does not contradict a reference with another company's figures", async () => {
    const v = await verifyReference(async () => [ULTA], reference("Consolidated Balance Sheets. Total assets were $20,000 million at the end of fiscal 2022. Net income was $800 million."), 0);
    expect(v.verdict).toBe("unresolved");
  });
  it("contradicts a reference about the same company (named or by ticker) whose figures differ", async () => {
    for (const text of ["Ulta Beauty: total assets were $20,000 million at the end of fiscal 2022. Net income was $800 million.", "ULTA total assets were $20,000 million at the end of fiscal 2022. Net income was $800 million."]) {
      const v = await verifyReference(async () => [ULTA], reference(text), 3);
      expect(v.verdict).toBe("contradicted");
      expect(v.reference_index).toBe(3);
      expect(v.evidence.map((e) => e.document_name)).toEqual(["Ulta Beauty Q4 FY2022 earnings release"]);
    }
  });
  it("supports a reference the same source carries", async () => {
    const v = await verifyReference(async () => [ULTA], reference("Ulta Beauty total assets were $5,600 million at the end of fiscal 2022, and net income was $1,242 million."), 0);
    expect(v.verdict).toBe("supported");
  });
});
