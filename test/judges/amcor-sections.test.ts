// Amcor's FY2023 release as `npm run dev` indexes it (demo-pages.ts), through the Worker and both judges,
// wrong on purpose. Before this file's rules the agent judge called each wrong answer below `accurate`:
// - the income statement's unit note "($ million, except per share amounts)" (singular) left its years' line
//   unread, so the June quarter's net sales given as the fiscal year's were carried by the quarter's column;
// - a segment's claim was carried by another segment's section ("Flexibles ... $3,540 million" by the Rigid
//   Packaging section's "Net sales of $3,540 million") and could be contradicted by the consolidated line;
// - a table whose columns are grouped by period and segment, its years in the row labels ("Net sales fiscal
//   year 2023 2,777 897 3,673 11,154 3,540 14,694"), gave every cell the fiscal year;
// - the dividend the declaration is compared with ("12.0 cents per share in the same quarter last year") was
//   carried as the one declared.
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { itTellsApart, judgeAgainst } from "./judge-helpers";
import { AMCOR_PAGE_10, AMCOR_PAGE_2, AMCOR_PAGE_3, AMCOR_PAGE_4, AMCOR_PAGE_8 } from "./demo-pages";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

const page = (n: number, content: string) => ({ title: `Amcor FY2023 results, page ${n}`, content });
const verdicts = (agent: { assessment: { claims: { verdict: string }[] } }) => agent.assessment.claims.map((c) => c.verdict);

describe("an income statement whose unit note says $ million", () => {
  const judged = judgeAgainst(() => org, "What were Amcor's net sales in fiscal 2023?", [page(8, AMCOR_PAGE_8)]);
  itTellsApart(judged, "Amcor's net sales for fiscal 2023 were $14,694 million.", [
    { wrong: "the June quarter's net sales as the year's", answer: "Amcor's net sales for fiscal 2023 were $3,673 million.", why: "gives net sales for 2023 as 14,694, not $3,673 million" },
    { wrong: "the prior year's", answer: "Amcor's net sales for fiscal 2023 were $14,544 million.", why: "$14,544 million is net sales for 2022, not 2023" },
  ]);
  itTellsApart(judged, "Amcor's gross profit for the three months ended June 30, 2023 was $722 million.", [
    { wrong: "the year's gross profit as the quarter's", answer: "Amcor's gross profit for the three months ended June 30, 2023 was $2,725 million.", why: "gives gross profit for 2023 as 722, not $2,725 million" },
  ]);
});

describe("a segment's figures, read in its own section and rows", () => {
  // The pages the demo's search gives the agent judge for these claims, all at once.
  const sources = [page(2, AMCOR_PAGE_2), page(3, AMCOR_PAGE_3), page(4, AMCOR_PAGE_4), page(8, AMCOR_PAGE_8), page(10, AMCOR_PAGE_10)];
  const judged = judgeAgainst(() => org, "How did Amcor's segments do in fiscal 2023?", sources);
  itTellsApart(judged, "Amcor's Flexibles segment had fiscal 2023 net sales of $11,154 million.", [
    { wrong: "the Rigid Packaging segment's net sales", answer: "Amcor's Flexibles segment had fiscal 2023 net sales of $3,540 million.", why: "$3,540 million is rigid Packaging Net sales for 2023, not flexibles Net sales; the source gives 11,154" },
  ]);

  it("carries the other segment's own figure, and not its margin given to the first (wrong on purpose)", async () => {
    const [rigid, margin, llmMargin] = await Promise.all([
      judged("agent", "Amcor's Rigid Packaging segment had fiscal 2023 net sales of $3,540 million."),
      judged("agent", "Amcor's Flexibles segment had an adjusted EBIT margin of 7.5% in fiscal 2023."),
      judged("llm", "Amcor's Flexibles segment had an adjusted EBIT margin of 7.5% in fiscal 2023."),
    ]);
    expect(verdicts(rigid)).toEqual(["supported"]);
    // 7.5% is Rigid Packaging's (its row and its section); Flexibles' row of margins is not read (its header
    // is cut over several lines), so the claim is not borne out rather than contradicted.
    expect(verdicts(margin)).toEqual(["unsupported"]);
    expect(llmMargin.result.reasoning).toContain("0 of 1 figures are carried by the sources");
  });
});

describe("a table whose columns are grouped by period, its years in the row labels", () => {
  const judged = judgeAgainst(() => org, "What were Amcor's net sales in fiscal 2023?", [page(10, AMCOR_PAGE_10)]);
  it("neither carries nor contradicts a figure of a column it cannot place", async () => {
    const [asYear, asQuarter] = await Promise.all([
      judged("agent", "Amcor's net sales for fiscal 2023 were $3,673 million."),
      judged("agent", "Amcor's net sales for the June 2023 quarter were $3,673 million."),
    ]);
    // The quarter's 3,673 had read as fiscal 2023's (the row label's year): the first supported, the second contradicted.
    expect(verdicts(asYear)).toEqual(["unsupported"]);
    expect(verdicts(asQuarter)).toEqual(["unsupported"]);
  });
});

describe("a dividend declared, compared with the same quarter last year", () => {
  const judged = judgeAgainst(() => org, "What quarterly dividend did Amcor declare in August 2023?", [page(2, AMCOR_PAGE_2)]);
  itTellsApart(judged, "Amcor declared a quarterly cash dividend of 12.25 cents per share in August 2023.", [
    { wrong: "last year's dividend as the one declared", answer: "Amcor declared a quarterly cash dividend of 12.0 cents per share in August 2023.", why: "12.0 cents is the comparison period's" },
  ]);
});
