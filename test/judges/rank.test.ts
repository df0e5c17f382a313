// "Which region had the highest ...?": the local engine ranks the sources' table rows for the asked period
// and checks the row the answer picks (engine/rank.ts), in the LLM judge's grade and the agent judge's
// claims. Unit tests for the ranking, then both judges through the Worker and the real queue consumer.
import { beforeAll, describe, expect, it } from "vitest";
import { checkRanking } from "../../src/judges/engine/rank";
import { assessClaims } from "../../src/judges/engine/assess";
import { createOrg, type TestOrg } from "../helpers/harness";
import { settled, submit, WINDOW } from "./judge-helpers";

// A made-up company's segment table in the layout PDF text extraction gives: the label on one line, its
// figures on the next ones, three-month and twelve-month columns.
const REGIONS = `Adjusted Property EBITDAR by segment (unaudited)
Three months ended
Twelve months ended
December 31,
2022
December 31,
2021
December 31,
2022
December 31,
2021
Harbor Resorts
$
900,100 $
650,200 $
3,200,400 $
1,900,300
Inland Operations
310,500
300,100
1,250,700
1,180,900
Pacific Holdings
(50,300)
6,100
(210,800)
24,600
Corporate
(110,000)
(115,000)
(430,000)
(380,000)`;

const GEOGRAPHY = `Revenues by geographic area (millions):
2023
2022
North Zone 6,000 11,000
West Zone 2,400 5,500
East Zone 1,300 5,000
South Zone 2,800 6,000`;

const CASH_FLOWS = `Consolidated Statements of Cash Flows
2022
2021
Net income 1,300 3,100
Net cash provided by operating activities 3,500 3,000
Purchases of property and equipment (450) (300)
Net cash provided by (used in) investing activities 2,000 3,000
Net cash (used in) provided by financing activities (3,260) (1,900)`;

const Q_HIGHEST = "Which region had the highest EBITDAR contribution for Quarzel Resorts during FY2022?";

describe("ranking the sources' table rows", () => {
  it("finds the row the question asks for and compares the answer's pick", () => {
    const right = checkRanking(Q_HIGHEST, "Harbor Resorts had the highest EBITDAR contribution in FY2022, $3.2 billion.", [REGIONS]);
    expect(right.status).toBe("match");
    const wrong = checkRanking(Q_HIGHEST, "The region with the highest EBITDAR contribution was Inland Operations, with $1.3 billion.", [REGIONS]);
    expect(wrong.status).toBe("mismatch");
    expect(wrong.note).toContain("Harbor Resorts comes first, not Inland Operations");
    // Corporate and other adjustment rows are no candidates: "lowest" is Pacific Holdings.
    expect(checkRanking("Which segment had the lowest EBITDAR in FY2022?", "Pacific Holdings had the lowest EBITDAR.", [REGIONS]).status).toBe("match");
  });

  it("ranks changes, on a percentage basis when asked, and reads a drop as the most negative change", () => {
    const q = "Which geographic region had the biggest drop in 2023 year over year revenues (on a percentage basis)?";
    expect(checkRanking(q, "East Zone had the biggest drop, down 74%.", [GEOGRAPHY]).status).toBe("match");
    // North Zone lost the most in amount (5,000) but not in percent (45%).
    expect(checkRanking(q, "North Zone had the biggest drop in revenues.", [GEOGRAPHY]).status).toBe("mismatch");
    expect(checkRanking("Which geographic region had the biggest drop in 2023 revenues?", "North Zone had the biggest drop in revenues.", [GEOGRAPHY]).status).toBe("match");
  });

  it("takes the candidates a question lists ('among operating, investing and financing activities')", () => {
    const q = "Among operations, investing, and financing activities, which brought in the most (or lost the least) cash flow in FY2022?";
    expect(checkRanking(q, "Operating activities brought in the most cash, $3.5 billion.", [CASH_FLOWS]).status).toBe("match");
    expect(checkRanking(q, "Investing activities brought in the most cash flow in 2022.", [CASH_FLOWS]).status).toBe("mismatch");
  });

  it("gives no verdict when the reading is ambiguous or the answer names no single row", () => {
    // Operating and investing activities tie in 2021.
    expect(checkRanking("Among operations, investing, and financing activities, which brought in the most cash in FY2021?", "Operating activities.", [CASH_FLOWS]).status).toBe("none");
    expect(checkRanking(Q_HIGHEST, "Harbor Resorts and Inland Operations both did well.", [REGIONS]).status).toBe("none");
    expect(checkRanking("What was total EBITDAR in FY2022?", "Harbor Resorts had the highest.", [REGIONS]).status).toBe("none");
    expect(checkRanking(Q_HIGHEST, "Harbor Resorts had the highest EBITDAR.", ["No table here, only words about the resorts."]).status).toBe("none");
  });

  it("in the agent judge, contradicts the claim that picks the wrong row and leaves a claim that ranks nothing alone", () => {
    const out = assessClaims({
      query: Q_HIGHEST,
      references: [REGIONS],
      claims: [
        { claim: "Inland Operations had the highest EBITDAR contribution in FY2022.", passages: [] },
        { claim: "Harbor Resorts had the highest EBITDAR contribution in FY2022.", passages: [] },
        { claim: "Pacific Holdings reported a loss of $210.8 million.", passages: [] },
      ],
    });
    expect(out.claims[0].verdict).toBe("contradicted");
    expect(out.claims[1].verdict).toBe("supported");
    expect(out.claims[2].explanation).not.toContain("Ranked");
  });
});

describe("both judges through the Worker", () => {
  let org: TestOrg;
  beforeAll(async () => {
    org = await createOrg();
  });
  const reference = { title: "Quarzel Resorts segment EBITDAR", content: REGIONS };

  it("LLM judge: a wrong pick grades low on factuality and says why; the right pick grades high", async () => {
    const wrong = await submit("llm", org.key, { query: Q_HIGHEST, answer: "Inland Operations had the highest EBITDAR contribution in FY2022, with $1,250.7 million.", references: [reference], time_window: WINDOW });
    const right = await submit("llm", org.key, { query: Q_HIGHEST, answer: "Harbor Resorts had the highest EBITDAR contribution in FY2022, with $3,200.4 million.", references: [reference], time_window: WINDOW });
    expect(wrong.res.status).toBe(202);
    const w = await settled("llm", org.key, wrong.json.payload.evaluation_id);
    const r = await settled("llm", org.key, right.json.payload.evaluation_id);
    expect(w.status).toBe("completed");
    expect(w.result.scores.factuality).toBeLessThanOrEqual(2);
    expect(w.result.reasoning).toContain("Harbor Resorts comes first");
    expect(r.result.scores.factuality).toBeGreaterThanOrEqual(4);
    expect(r.result.overall_score).toBeGreaterThan(w.result.overall_score);
  });

  it("agent judge: the claim with the wrong pick is contradicted and the assessment has major or minor issues", async () => {
    const { json } = await submit("agent", org.key, { query: Q_HIGHEST, answer: "Inland Operations had the highest EBITDAR contribution in FY2022.", references: [reference], time_window: WINDOW });
    const p = await settled("agent", org.key, json.payload.evaluation_id);
    expect(p.status).toBe("completed");
    const claim = p.assessment.claims.find((c: { claim: string }) => c.claim.includes("Inland Operations"));
    expect(claim.verdict).toBe("contradicted");
    expect(claim.explanation).toContain("Harbor Resorts comes first");
    expect(p.assessment.verdict).not.toBe("accurate");
  });
});
