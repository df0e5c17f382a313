// Deep research's plan, searches and sectioned report: sub-questions adapted to the query's companies,
// periods and asks; several searches per step; a "## heading" per section, cites renumbered into the
// sections' passages flattened in order, and a section that says the documents do not cover it.
import { env } from "cloudflare:test";
import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { NOT_COVERED, periodOf, planResearch, reportPieces, researchQueries, sectionHeading, subjectsOf } from "../../src/chat/deep-research";
import type { AnswerPiece, Passage } from "../../src/chat/types";

function passage(text: string, name = "Document"): Passage {
  return {
    document_id: crypto.randomUUID(),
    document_name: name,
    chunk_id: crypto.randomUUID(),
    text,
    score: 1,
    search_type: "external",
    page: 1,
    doc_type: "filing",
    tickers: [],
    published_at: null,
    offset: 0,
    metadata: {},
  };
}

async function collect(pieces: AsyncIterable<AnswerPiece>): Promise<AnswerPiece[]> {
  const out: AnswerPiece[] = [];
  for await (const p of pieces) out.push(p);
  return out;
}

describe("planResearch", () => {
  it("plans a company question over the standard aspects, with its company and period", () => {
    const plan = planResearch("How did Apple perform in fiscal 2022?");
    expect(plan.length).toBeGreaterThanOrEqual(3);
    expect(plan.length).toBeLessThanOrEqual(6);
    expect(plan).toEqual([
      "How did Apple's revenue develop in fiscal 2022, and what drove its growth?",
      "What were Apple's gross profit, operating income, net income and margins in fiscal 2022?",
      "What were Apple's cash flow from operations and capital expenditures in fiscal 2022?",
      "What were Apple's total assets, current assets, current liabilities and debt in fiscal 2022?",
      "What risks and outlook does Apple describe in fiscal 2022?",
    ]);
  });

  it("takes the aspects the query asks for first", () => {
    const plan = planResearch("What were 3M's margins and debt in 2018?");
    expect(plan[0]).toBe("What were 3M's gross profit, operating income, net income and margins in 2018?");
    expect(plan[1]).toBe("What were 3M's total assets, current assets, current liabilities and debt in 2018?");
    expect(plan).toHaveLength(5);
  });

  it("does not repeat an aspect the query words as a phrase", () => {
    const plan = planResearch("What were 3M's cash flow and capital expenditures in 2018?");
    expect(plan[0]).toBe("What were 3M's cash flow from operations and capital expenditures in 2018?");
    expect(plan).toHaveLength(5);
  });

  it("makes a question with words of its own the first step", () => {
    const plan = planResearch("What is Nvidia's exposure to China export controls?");
    expect(plan[0]).toBe("What is Nvidia's exposure to China export controls?");
    expect(plan).toHaveLength(6);
    expect(plan.slice(1).every((q) => q.includes("Nvidia"))).toBe(true);
  });

  it("names several companies and periods", () => {
    const plan = planResearch("Compare Microsoft and Alphabet revenue in 2022 and 2023");
    expect(plan[0]).toBe("How did Microsoft and Alphabet's revenue develop in 2022 and 2023, and what drove its growth?");
  });

  it("researches a question that names no company as a theme", () => {
    const plan = planResearch("How are rising interest rates affecting regional banks?");
    expect(plan[0]).toBe("How are rising interest rates affecting regional banks?");
    expect(plan).toHaveLength(5);
    expect(plan[1]).toContain("rising interest rates");
  });

  it("reads places and a company's segments as no subject of their own", () => {
    expect(subjectsOf("What is Nvidia's exposure to China export controls?")).toEqual(["Nvidia"]);
    expect(subjectsOf("How did Apple's Services revenue grow in North America?")).toEqual(["Apple"]);
    expect(subjectsOf("Compare Bank of America to JPMorgan Chase")).toEqual(["Bank of America", "JPMorgan Chase"]);
    expect(subjectsOf("Rising interest rates and regional banks")).toEqual([]);
  });

  it("is deterministic", () => {
    const q = "Walgreens' cash flow and outlook for FY2024";
    expect(planResearch(q)).toEqual(planResearch(q));
    expect(subjectsOf(q)).toEqual(["Walgreens"]);
    expect(periodOf(q)).toBe(" in FY2024");
  });
});

describe("any query", () => {
  const WORDS = ["How", "did", "Apple's", "3M", "revenue", "margins", "debt", "in", "to", "China", "fiscal 2022", "FY23", "Q3 2024", "and", "?", ",", " ", "  ", "'s", "&", "of", "Bank"];
  const query = fc.oneof(fc.array(fc.constantFrom(...WORDS), { maxLength: 60 }).map((w) => w.join(" ")), fc.string({ maxLength: 4000 }), fc.constantFrom("", "   ", "?", "'s"));
  test.prop([query], { numRuns: 200 })("plans 3 to 6 distinct, non-empty steps, each with searches", (q) => {
    const plan = planResearch(q);
    expect(plan.length).toBeGreaterThanOrEqual(3);
    expect(plan.length).toBeLessThanOrEqual(6);
    expect(new Set(plan).size).toBe(plan.length);
    expect(planResearch(q)).toEqual(plan);
    for (const step of plan) {
      expect(step.trim().length).toBeGreaterThan(1);
      const queries = researchQueries(step);
      expect(queries.length).toBeGreaterThanOrEqual(2);
      for (const s of queries) expect(s.trim().length).toBeGreaterThan(0);
    }
  });
});

describe("researchQueries", () => {
  it("gives several searches per planned step, in the aspect's wording", () => {
    const plan = planResearch("How did Amazon do in 2017?");
    for (const step of plan) {
      const queries = researchQueries(step);
      expect(queries.length).toBeGreaterThanOrEqual(3);
      expect(new Set(queries).size).toBe(queries.length);
      expect(queries[0]).toBe(step);
      expect(queries.slice(1).every((q) => q.startsWith("Amazon"))).toBe(true);
    }
    expect(researchQueries(plan[2])).toContain("Amazon net cash provided by operating activities in 2017");
  });

  it("searches a step of the company's own words with overview wordings too", () => {
    const queries = researchQueries("What is Nvidia's exposure to China export controls in 2023?");
    expect(queries).toEqual([
      "What is Nvidia's exposure to China export controls in 2023?",
      "nvidia exposure china export controls in 2023",
      "Nvidia results overview in 2023",
      "Nvidia management discussion and analysis in 2023",
    ]);
  });

  it("falls back to the content words of a free-form step", () => {
    const queries = researchQueries("Which companies do the documents name as most affected by tariffs?");
    expect(queries.length).toBeGreaterThanOrEqual(2);
    expect(queries[1]).toBe("companies documents name affected tariffs");
  });
});

describe("reportPieces", () => {
  it("writes a heading per section, cites into the flattened passages, and says what the documents do not cover", async () => {
    const plan = planResearch("How did Amazon do in 2017?");
    const sections = [
      { question: plan[0], passages: [passage("Amazon's revenue grew 31% to $177.9 billion in 2017, compared with $136.0 billion in 2016; the growth was driven by online stores and AWS.", "AMZN 10-K")] },
      {
        question: plan[1],
        passages: [passage("Weather in Seattle was mild.", "Other"), passage("Amazon's operating margin was 2.3% in 2017, and its profitability was lower than in 2016.", "AMZN 10-K")],
      },
      { question: plan[2], passages: [] },
    ];
    const pieces = await collect(reportPieces(env, "How did Amazon do in 2017?", sections));
    const text = pieces.map((p) => (p.kind === "text" ? p.text : `[#${p.passage}]`)).join("");
    const headings = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(headings).toEqual(["Revenue and growth", "Profitability and margins", "Cash flow and capital expenditure"]);
    const flat = sections.flatMap((s) => s.passages);
    const cites = pieces.filter((p): p is { kind: "cite"; passage: number } => p.kind === "cite").map((p) => p.passage);
    expect(cites).toContain(0);
    expect(cites).toContain(2);
    expect(cites.every((c) => c >= 0 && c < flat.length)).toBe(true);
    // Each section cites only its own passages.
    const [first, second, third] = text.split(/^## /m).slice(1);
    expect(first).toContain("[#0]");
    expect(second).toContain("[#2]");
    expect(second).not.toContain("[#0]");
    expect(third).toContain(NOT_COVERED);
    expect(third).not.toContain("[#");
  });

  it("titles a free-form section with its question", () => {
    expect(sectionHeading("What is Nvidia's exposure to China export controls?")).toBe("What is Nvidia's exposure to China export controls?");
    expect(sectionHeading("What risks and outlook does Nvidia describe?")).toBe("Risks and outlook");
  });
});
