// Reference verification of the LLM judge: each reference's content is looked up in primary sources
// (never its URL) and judged supported, contradicted or unresolved with the evidence passages. References
// are verified in chunks; a chunk that fails lowers verified_reference_count and the run goes on.
import type { Env } from "../core/env";
import type { Tenant } from "../core/auth";
import type { SearchHit } from "../search";
import { alignStatement, prepareSource } from "./engine/align";
import { extractClaims } from "./engine/claims";
import { InjectedFault, type Faults } from "./faults";
import type { Reference, ReferenceVerdict, SearchType } from "./schemas";
import { primarySearch, type PrimarySearch, type Window } from "./sources";

export const VERIFY_CHUNK = 5;
const MAX_CLAIMS_PER_REFERENCE = 12;

function evidenceOf(hit: SearchHit) {
  return { document_id: hit.document_id, document_name: hit.document_name, chunk_id: hit.chunk_id, text: hit.text, published_at: hit.published_at };
}

// Words of a document's name that say what kind of document it is, not whose.
const GENERIC_NAME = new Set(
  `annual quarterly report reports form earnings release press transcript call filing filings statement statements financial
  financials consolidated results fiscal year quarter update presentation investor letter shareholder shareholders proxy the and of for inc corp
  corporation company co ltd plc group holdings llc 10k 10q 8k`.split(/\s+/),
);

/**
 * Whether a passage can contradict a reference: it must be about the same subject. A reference that names none
 * of the passage's document (its company words or tickers) is not contradicted by that document's other
 * figures: any filing has "Total assets" and "Net income" rows with different values.
 */
function sameSubject(hit: SearchHit, referenceText: string): boolean {
  const text = referenceText.toLowerCase();
  const words = hit.document_name
    .toLowerCase()
    .split(/[^a-z0-9&]+/)
    .filter((w) => w.length >= 3 && !GENERIC_NAME.has(w) && !/^(fy|q[1-4])?\d+$/.test(w));
  if (!words.length && !hit.tickers.length) return true;
  const mentions = (w: string) => new RegExp(`(^|[^a-z0-9])${w.replace(/[^a-z0-9]/g, "\\$&")}($|[^a-z0-9])`).test(text);
  return words.some(mentions) || hit.tickers.some((t) => mentions(t.toLowerCase()));
}

export async function verifyReference(search: PrimarySearch, ref: Reference, index: number): Promise<ReferenceVerdict> {
  const hits = await search(`${ref.title ?? ""} ${ref.content}`);
  if (hits.length === 0) return { reference_index: index, verdict: "unresolved", evidence: [], explanation: "No primary source in the time window covers this passage." };
  const sources = hits.map((h) => prepareSource(h.text));
  const claims = extractClaims(ref.content).filter((c) => c.material).slice(0, MAX_CLAIMS_PER_REFERENCE);
  const statements = claims.length ? claims.map((c) => c.text) : [ref.content.slice(0, 2000)];
  let supported = 0;
  let contradicted = 0;
  const used = new Set<number>();
  const refText = `${ref.title ?? ""} ${ref.content}`;
  for (const s of statements) {
    const a = alignStatement(s, sources);
    if (a.verdict === "supported") supported += 1;
    const contradicts = a.verdict === "contradicted" && a.passage >= 0 && sameSubject(hits[a.passage], refText);
    if (contradicts) contradicted += 1;
    if ((a.verdict === "supported" || contradicts) && a.passage >= 0) used.add(a.passage);
  }
  const evidence = [...used].slice(0, 3).map((i) => evidenceOf(hits[i]));
  if (contradicted > 0 && contradicted >= supported) {
    return { reference_index: index, verdict: "contradicted", evidence, explanation: `${contradicted} of ${statements.length} statements name figures that the primary sources on the same subject state differently.` };
  }
  if (supported / statements.length >= 0.6) {
    return { reference_index: index, verdict: "supported", evidence, explanation: `${supported} of ${statements.length} statements are carried by primary sources.` };
  }
  return { reference_index: index, verdict: "unresolved", evidence, explanation: `Only ${supported} of ${statements.length} statements were found in primary sources.` };
}

export interface Verification {
  verdicts: ReferenceVerdict[];
  verifiedCount: number;
  /** Primary-source passages that support references: extra grounding for the grader. */
  evidence: string[];
}

export async function verifyReferences(env: Env, tenant: Tenant, refs: Reference[], searchType: SearchType, window: Window, faults: Faults): Promise<Verification> {
  const verdicts: ReferenceVerdict[] = [];
  // One search per distinct reference text, however often the submission repeats it.
  const search = primarySearch(env, tenant, searchType, window);
  for (let start = 0, chunk = 0; start < refs.length; start += VERIFY_CHUNK, chunk += 1) {
    try {
      if (faults.verifyChunks.has(chunk)) throw new InjectedFault(`verifier chunk ${chunk}`);
      const part = await Promise.all(refs.slice(start, start + VERIFY_CHUNK).map((r, i) => verifyReference(search, r, start + i)));
      verdicts.push(...part);
    } catch (err) {
      console.error(JSON.stringify({ level: "warn", message: "verifier chunk failed", chunk, error: err instanceof Error ? err.message : String(err) }));
    }
  }
  const evidence = verdicts.filter((v) => v.verdict === "supported").flatMap((v) => v.evidence.map((e) => e.text));
  return { verdicts, verifiedCount: verdicts.length, evidence };
}
