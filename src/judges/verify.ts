// Reference verification of the LLM judge: each reference's content is looked up in primary sources
// (never its URL) and judged supported, contradicted or unresolved with the evidence passages. References
// are verified in chunks; a chunk that fails lowers verified_reference_count and the run goes on.
import type { Env } from "../core/env";
import type { Tenant } from "../core/auth";
import type { ChunkSearch, SearchHit } from "../search";
import { alignStatement, prepareSource } from "./engine/align";
import { nextTurn } from "../core/turns";
import { extractClaimsSteps } from "./engine/claims";
import { runStepsCooperatively } from "../figures/steps";
import { checkFigure, STATEMENT_BUDGET } from "../figures/compare";
import { subjectStems } from "../figures/subject";
import { changedCells } from "../figures/changed-cells";
import { readText, yearsIn, type FigureInContext } from "../figures/context";
import { InjectedFault, type Faults } from "./faults";
import { fiscalTickerNamedIn } from "../core/fiscal-calendar";
import type { Reference, ReferenceVerdict, SearchType } from "./schemas";
import { aboutSubject, primarySearch, type PrimarySearch, type Window } from "./sources";

export const VERIFY_CHUNK = 5;
const MAX_CLAIMS_PER_REFERENCE = 12;
/** Table cells of one reference checked in their row and column (a reference that copies a filing's table). */
const MAX_CELLS_PER_REFERENCE = 200;
const CELLS_PER_TURN = 16;

function evidenceOf(hit: SearchHit) {
  return { document_id: hit.document_id, document_name: hit.document_name, chunk_id: hit.chunk_id, text: hit.text, published_at: hit.published_at };
}

/**
 * One reference against the primary sources about its subject (the company it or the question names):
 * contradicted when any of its material figures is given another value by a source for the same line item
 * and year (or given to another year or row), supported only when every material figure is carried and most
 * of its statements are, else unresolved.
 */
export async function verifyReference(search: PrimarySearch, ref: Reference, index: number, query = ""): Promise<ReferenceVerdict> {
  const refText = `${ref.title ?? ""} ${ref.content}`;
  // A source about another company proves nothing about this one: any filing has "Net income" rows.
  // The search reads the companies the question names too, so a reference that does not name its own is
  // looked up among the question's company's documents.
  const hits = (await search(refText, undefined, query || undefined)).filter(aboutSubject(`${refText} ${query}`));
  if (hits.length === 0) return { reference_index: index, verdict: "unresolved", evidence: [], explanation: "No primary source about the same company in the time window covers this passage." };
  // Turns after each passage read, the claims read and each statement aligned: a job's references (five
  // at once) never hold the isolate for all of their reading.
  const sources = [];
  for (const h of hits) {
    sources.push(await runStepsCooperatively(prepareSource.steps(h.text)));
    await nextTurn();
  }
  const subject = subjectStems(`${refText} ${query}`);
  const claims = (await runStepsCooperatively(extractClaimsSteps(ref.content))).filter((c) => c.material).slice(0, MAX_CLAIMS_PER_REFERENCE);
  // The reference's own table cells, read in turns as the passages were (checked below).
  const own = await runStepsCooperatively(readText.steps(ref.content));
  await nextTurn();
  const statements = claims.length ? claims.map((c) => c.text) : [ref.content.slice(0, 2000)];
  // The reference's years and its company (the question's, else its own) tell each statement how the sources'
  // January year-ends are named (checkStatement).
  const around = { years: new Set(yearsIn(ref.content)), company: fiscalTickerNamedIn(query) ?? fiscalTickerNamedIn(refText) };
  let supported = 0;
  let figuresTotal = 0;
  let figuresCarried = 0;
  const contradictions: { passage: number; note: string }[] = [];
  const used = new Set<number>();
  for (const s of statements) {
    const a = alignStatement(s, sources, new Set(), subject, undefined, null, "", around);
    await nextTurn();
    figuresTotal += a.figures.total;
    figuresCarried += a.figures.direct + a.figures.derived;
    if (a.figures.contradicted > 0 && a.passage >= 0) {
      for (const note of a.contradictions) contradictions.push({ passage: a.passage, note });
      used.add(a.passage);
      continue;
    }
    if (a.verdict === "supported") {
      supported += 1;
      if (a.passage >= 0) used.add(a.passage);
    }
  }
  // A reference that copies a table of named columns under its period's title ("Operations $ 4,816 1,090
  // (104) 5,172" under "Pharmaceutical MedTech ..." and "Q3 2022 QTD") is read cell by cell as well: its claims
  // read line by line lose the row, the column and the period. Only such tables: the cells of dated tables,
  // read against another print of the same filing (a PDF's page beside its evidence text), contradicted 8 of
  // FinanceBench's 150 correct evidence pages in the judge bench.
  // Only cells of a sure period and row (not a column of uncertain period, not a label printed twice), and not
  // one a source prints as it is (the same row, column and value: the filing's own page).
  const reads = sources.map((src) => src.read);
  const printed = new Set(reads.flatMap((r) => r.figures.filter((f) => f.cell).map(cellKey)));
  const cells = own.figures.filter((f) => f.titled && f.part !== "mixed" && !f.cell?.repeated && !printed.has(cellKey(f))).slice(0, MAX_CELLS_PER_REFERENCE);
  const budget = { comparisons: STATEMENT_BUDGET };
  for (let k = 0; k < cells.length; k++) {
    const check = checkFigure(cells[k], reads, subject, false, budget);
    if (check.status === "contradicted" && check.source >= 0) {
      contradictions.push({ passage: check.source, note: check.note });
      used.add(check.source);
    }
    if (k % CELLS_PER_TURN === CELLS_PER_TURN - 1) await nextTurn();
  }
  // A row of the reference's balance sheet that a source prints with one cell changed, the rest agreeing.
  for (const c of changedCells(own, reads)) {
    contradictions.push({ passage: c.source, note: c.note });
    used.add(c.source);
  }
  if (contradictions.length) {
    const passages = [...new Set(contradictions.map((c) => c.passage))];
    return {
      reference_index: index,
      verdict: "contradicted",
      evidence: passages.slice(0, 3).map((i) => evidenceOf(hits[i])),
      explanation: `${contradictions.length} figure(s) of the reference are stated differently by the primary source: ${contradictions.slice(0, 3).map((c) => c.note).join(" ")}`,
    };
  }
  const evidence = [...used].slice(0, 3).map((i) => evidenceOf(hits[i]));
  if (figuresCarried === figuresTotal && supported / statements.length >= 0.6) {
    return { reference_index: index, verdict: "supported", evidence, explanation: `${supported} of ${statements.length} statements are carried by primary sources about the same company${figuresTotal ? `, with all ${figuresTotal} figures` : ""}.` };
  }
  return {
    reference_index: index,
    verdict: "unresolved",
    evidence,
    explanation: `${supported} of ${statements.length} statements and ${figuresCarried} of ${figuresTotal} figures were found in primary sources about the same company.`,
  };
}

/** A table cell as printed: its row, column period and value. */
function cellKey(f: FigureInContext): string {
  return `${f.itemText}|${f.year}|${f.part}|${f.date}|${f.raw}`;
}

export interface Verification {
  verdicts: ReferenceVerdict[];
  verifiedCount: number;
  /** Primary-source passages that support or contradict references: extra grounding for the grader. */
  evidence: string[];
}

export async function verifyReferences(env: Env, tenant: Tenant, refs: Reference[], searchType: SearchType, window: Window, faults: Faults, query = "", chunkSearch?: ChunkSearch): Promise<Verification> {
  const verdicts: ReferenceVerdict[] = [];
  // One search per distinct reference text, however often the submission repeats it.
  const search = primarySearch(env, tenant, searchType, window, chunkSearch);
  for (let start = 0, chunk = 0; start < refs.length; start += VERIFY_CHUNK, chunk += 1) {
    try {
      if (faults.verifyChunks.has(chunk)) throw new InjectedFault(`verifier chunk ${chunk}`);
      const part = await Promise.all(refs.slice(start, start + VERIFY_CHUNK).map((r, i) => verifyReference(search, r, start + i, query)));
      verdicts.push(...part);
    } catch (err) {
      console.error(JSON.stringify({ level: "warn", message: "verifier chunk failed", chunk, error: err instanceof Error ? err.message : String(err) }));
    }
  }
  // The primary-source passages that bear out a reference, or contradict it: the grader reads both.
  const evidence = [...new Set(verdicts.filter((v) => v.verdict !== "unresolved").flatMap((v) => v.evidence.map((e) => e.text)))];
  return { verdicts, verifiedCount: verdicts.length, evidence };
}
