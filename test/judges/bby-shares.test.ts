// Best Buy's 10-Q Q2 FY2024 as `npm run dev` indexes it (demo-pages.ts), through the Worker and the agent judge,
// wrong on purpose. Before this file's rules the agent called each wrong share below `accurate`, "computable
// from the source's figures":
// - "Computing and Mobile Phones made up 43% of International revenue" in the quarter ended July 29, 2023: 43%
//   is the July 30, 2022 column's 327 over 760 (and before that, Domestic's six months' 8,249 over the
//   company's total revenue, 19,050): a share is now worked out only over a base its words name ("International"
//   revenue, not total revenue), from a numerator of its own item, and not from columns dated a year before the
//   statement's;
// - "operating income was 3.8% of revenue": 3.8% is non-GAAP operating income's, printed as a "% of revenue"
//   row under that line (then read as no line's), and 369 (earnings before income tax) over 9,583 gave it too:
//   such a row is now the share of the row above it, on its basis, and an adjusted figure is no operand of a
//   figure that names no basis.
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { judgeAgainst } from "./judge-helpers";
import { BBY_INTERNATIONAL_PAGE, BBY_NON_GAAP_PAGE, BBY_SEGMENTS_NOTE } from "./demo-pages";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

const QUESTION = "How did Best Buy do in the second quarter of fiscal 2024?";
const page = (title: string, content: string) => ({ title: `Best Buy 10-Q Q2 FY2024, ${title}`, content });
const verdicts = (agent: { assessment: { claims: { verdict: string }[] } }) => agent.assessment.claims.map((c) => c.verdict);

describe("a category's share of a segment's revenue", () => {
  const judged = judgeAgainst(() => org, QUESTION, [page("segments note", BBY_SEGMENTS_NOTE), page("International segment", BBY_INTERNATIONAL_PAGE)]);
  it("carries the quarter's share and not the year-ago quarter's (wrong on purpose)", async () => {
    const said = (share: string) => `Computing and Mobile Phones made up ${share} of Best Buy's International revenue in the three months ended July 29, 2023.`;
    const [right, wrong] = await Promise.all([judged("agent", said("45%")), judged("agent", said("43%"))]);
    expect(verdicts(right)).toEqual(["supported"]);
    expect(verdicts(wrong)).not.toContain("supported");
  });
});

describe("a \"% of revenue\" row under each operating income", () => {
  const judged = judgeAgainst(() => org, QUESTION, [page("non-GAAP reconciliation", BBY_NON_GAAP_PAGE), page("segments note", BBY_SEGMENTS_NOTE)]);
  const said = (measure: string, share: string) => `Best Buy's ${measure} was ${share} of revenue in the three months ended July 29, 2023.`;
  it("carries each operating income's share of revenue, and not the non-GAAP one's given to GAAP operating income (wrong on purpose)", async () => {
    const [gaap, nonGaap, wrong] = await Promise.all([
      judged("agent", said("operating income", "3.6%")),
      judged("agent", said("non-GAAP operating income", "3.8%")),
      judged("agent", said("operating income", "3.8%")),
    ]);
    expect(verdicts(gaap)).toEqual(["supported"]);
    expect(verdicts(nonGaap)).toEqual(["supported"]);
    expect(verdicts(wrong)).not.toContain("supported");
  });
});

// A count under ten was no figure at all, so "after opening 2 stores" (the table: 1 opened) was `accurate` beside
// the right 160; a bare number under ten is now read when what it counts follows it ("2 stores").
describe("a store count under ten", () => {
  const judged = judgeAgainst(() => org, QUESTION, [page("International segment", BBY_INTERNATIONAL_PAGE)]);
  it("is read, not skipped: a wrong count of stores opened is not carried (wrong on purpose)", async () => {
    const [right, wrong] = await Promise.all([
      judged("agent", "Best Buy operated 160 International stores at the end of the second quarter of fiscal 2024."),
      judged("agent", "Best Buy operated 160 International stores at the end of the second quarter of fiscal 2024, after opening 2 stores."),
    ]);
    expect(verdicts(right)).toEqual(["supported"]);
    expect(verdicts(wrong)).not.toContain("supported");
  });
});
