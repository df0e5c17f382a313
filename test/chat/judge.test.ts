// The analytics judge's engine on answers wrong on purpose: a changed figure, a swapped year, another
// company's passage, a number in no source, a figure cited to the wrong passage, an uncited sentence. The
// passages are FinanceBench pages (test/fixtures/search) and short prose written for these tests.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { groundAnswer, groundAnswerCooperatively, groundAnswerSteps, localVerdict, splitClaims, type JudgeReference } from "../../src/chat/judge";

let amazon: string;
let mmm: string;

beforeAll(async () => {
  amazon = await (await env.FIXTURES.fetch("http://f/search/AMAZON_2017_10K_p37.txt")).text();
  mmm = await (await env.FIXTURES.fetch("http://f/search/3M_2018_10K_p59.txt")).text();
});

const JPM =
  "JPMorgan Chase had $3.7 trillion in assets and $292.3 billion in stockholders equity as of December 31, 2022. The Firm is a leader in investment banking, financial services for consumers and small businesses.";
const MSFT = "Microsoft reported revenue of $198.3 billion for fiscal year 2022, an increase of 18%. Operating income was $83.4 billion in fiscal year 2022.";

function refs(...texts: [string, string][]): JudgeReference[] {
  return texts.map(([document_name, text], i) => ({ citation_idx: i + 1, document_name, text }));
}

describe("claims and their markers", () => {
  it("gives a marker written after a full stop to the sentence before it, and reads headings as sections", () => {
    const { claims, sections } = splitClaims("## Revenue\nSales rose to $10 million in 2022. [1] Costs fell. [2][3]\n\n## Risks\nThe documents searched do not cover this.");
    expect(claims.map((c) => [c.text, c.cites, c.section])).toEqual([
      ["Sales rose to $10 million in 2022.", [1], "Revenue"],
      ["Costs fell.", [2, 3], "Revenue"],
      ["The documents searched do not cover this.", [], "Risks"],
    ]);
    expect(sections).toEqual(["Revenue", "Risks"]);
  });

  it("reads markers inside a sentence and lists like [1, 2]", () => {
    const { claims, sections } = splitClaims("Net sales were $177,866 million [1, 2] and net income $3,033 million [3].");
    expect(claims[0].cites).toEqual([1, 2, 3]);
    expect(claims[0].text).toBe("Net sales were $177,866 million and net income $3,033 million.");
    expect(sections).toEqual(["Answer"]);
  });
});

describe("grounding an answer against its cited passages", () => {
  const query = "What were Amazon's total net sales and net income in 2017?";

  it("grounds an answer whose figures the cited table states for the years it names", () => {
    const f = groundAnswer({
      query,
      answer: "Amazon's total net sales were $177,866 million in 2017. [1] Net income was $3,033 million in 2017, up from $2,371 million in 2016. [1]",
      references: refs(["AMAZON_2017_10K", amazon]),
    });
    expect(f.claims.map((c) => [c.grounded, c.issue])).toEqual([
      [true, null],
      [true, null],
    ]);
    expect(f.ungroundedNumbers).toEqual([]);
    expect(f.score).toBe(1);
    expect(f.referencesEvaluated).toEqual([1]);
  });

  it("flags a changed figure as contradicting its source, naming what the source says", () => {
    const f = groundAnswer({ query, answer: "Amazon's total net sales were $178,866 million in 2017. [1]", references: refs(["AMAZON_2017_10K", amazon]) });
    expect(f.claims[0].grounded).toBe(false);
    expect(f.claims[0].issue).toContain("177,866");
    expect(f.ungroundedNumbers).toEqual(["$178,866 million"]);
    expect(f.score).toBe(0);
  });

  it("flags a figure given to the wrong year (swapped years)", () => {
    const f = groundAnswer({ query, answer: "Amazon's net income was $2,371 million in 2017. [1]", references: refs(["AMAZON_2017_10K", amazon]) });
    expect(f.claims[0].grounded).toBe(false);
    expect(f.claims[0].issue).toMatch(/2016/);
    expect(f.ungroundedNumbers).toEqual(["$2,371 million"]);
  });

  it("flags another company's passage: the figure is there, the company is not", () => {
    const f = groundAnswer({
      query: "What was Apple's net income in 2017?",
      answer: "Apple's net income was $3,033 million in 2017. [1]",
      references: refs(["AMAZON_2017_10K", amazon]),
    });
    expect(f.claims[0].grounded).toBe(false);
    expect(f.claims[0].issue).toContain("Apple");
    expect(f.ungroundedNumbers).toEqual(["$3,033 million"]);
  });

  it("flags a number in no source", () => {
    const f = groundAnswer({ query, answer: "Amazon's free cash flow was $8,376 million in 2017. [1]", references: refs(["AMAZON_2017_10K", amazon]) });
    expect(f.claims[0].grounded).toBe(false);
    expect(f.claims[0].issue).toContain("$8,376 million is in none of the cited sources");
    expect(f.ungroundedNumbers).toEqual(["$8,376 million"]);
  });

  it("flags a figure that a reference states but the sentence does not cite", () => {
    const f = groundAnswer({
      query: "What were JPMorgan's equity and Microsoft's revenue?",
      answer: "Microsoft reported revenue of $198.3 billion for fiscal year 2022. [1]",
      references: refs(["JPM 10-K 2022", JPM], ["MSFT 10-K 2022", MSFT]),
    });
    expect(f.claims[0].grounded).toBe(false);
    expect(f.claims[0].issue).toContain("stated in [2]");
    expect(f.referencesEvaluated).toEqual([1]);
  });

  it("grounds prose figures and flags a changed one in the same answer", () => {
    const f = groundAnswer({
      query: "How large was JPMorgan Chase at the end of 2022?",
      answer: "JPMorgan Chase had $3.7 trillion in assets as of December 31, 2022. [1] It had $329.2 billion in stockholders equity. [1]",
      references: refs(["JPM 10-K 2022", JPM]),
    });
    expect(f.claims.map((c) => c.grounded)).toEqual([true, false]);
    expect(f.ungroundedNumbers).toEqual(["$329.2 billion"]);
    expect(f.score).toBeGreaterThan(0);
    expect(f.score).toBeLessThan(1);
  });

  it("flags an uncited claim and a marker with no reference, and skips a statement that the documents do not say", () => {
    const f = groundAnswer({
      query,
      answer: "Amazon grew its net product sales to $118,573 million in 2017. The documents searched do not say. Net income was $3,033 million in 2017. [4]",
      references: refs(["AMAZON_2017_10K", amazon]),
    });
    expect(f.claims).toHaveLength(2);
    expect(f.claims[0].issue).toContain("cites no source");
    expect(f.claims[1].issue).toContain("[4], which is not among the answer's references");
    expect(f.claims.every((c) => !c.grounded)).toBe(true);
    expect(f.referencesEvaluated).toEqual([]);
  });

  it("reads a cash flow table: capital expenditures carried, the 2017 figure given to 2018 contradicted", () => {
    const q = "What were 3M's capital expenditures in 2018?";
    const ok = groundAnswer({ query: q, answer: "3M's purchases of property, plant and equipment were $1,577 million in 2018. [1]", references: refs(["3M_2018_10K", mmm]) });
    expect(ok.claims[0].grounded).toBe(true);
    const swapped = groundAnswer({ query: q, answer: "3M's purchases of property, plant and equipment were $1,373 million in 2018. [1]", references: refs(["3M_2018_10K", mmm]) });
    expect(swapped.claims[0].grounded).toBe(false);
    expect(swapped.ungroundedNumbers).toEqual(["$1,373 million"]);
  });

  it("accepts arithmetic it can redo from cited figures, and flags a wrong result or an operand in no source", () => {
    const ref = refs(["AMAZON_2017_10K", amazon]);
    const right = groundAnswer({ query: "What was Amazon's FY2017 net margin?", answer: "Net margin in 2017 = 3,033 / 177,866 * 100 = 1.7%. [1]", references: ref });
    expect(right.claims[0].grounded).toBe(true);
    const wrong = groundAnswer({ query: "What was Amazon's FY2017 net margin?", answer: "Net margin in 2017 = 3,033 / 177,866 * 100 = 2.7%. [1]", references: ref });
    expect(wrong.claims[0].grounded).toBe(false);
    expect(wrong.ungroundedNumbers).toEqual(["2.7%"]);
    const invented = groundAnswer({ query: "What was Amazon's FY2017 net margin?", answer: "Net margin in 2017 = 3,133 / 177,866 * 100 = 1.8%. [1]", references: ref });
    expect(invented.claims[0].grounded).toBe(false);
    expect(invented.ungroundedNumbers).toContain("3,133");
  });

  it("accepts a ratio one step from the cited figures without the arithmetic shown, not a wrong one", () => {
    const ref = refs(["AMAZON_2017_10K", amazon]);
    const q = "What was Amazon's FY2017 net income as a share of total net sales?";
    expect(groundAnswer({ query: q, answer: "Amazon's net income was 1.7% of total net sales in 2017. [1]", references: ref }).claims[0].grounded).toBe(true);
    const wrong = groundAnswer({ query: q, answer: "Amazon's net income was 4.7% of total net sales in 2017. [1]", references: ref });
    expect(wrong.claims[0].grounded).toBe(false);
    expect(wrong.ungroundedNumbers).toEqual(["4.7%"]);
  });

  it("notes a figure the answer withheld as not in its sources", () => {
    const f = groundAnswer({ query, answer: "Amazon's free cash flow was [figure not in sources] in 2017. [1]", references: refs(["AMAZON_2017_10K", amazon]) });
    expect(f.claims[0].grounded).toBe(false);
    expect(f.claims[0].issue).toContain("withheld a figure");
  });

  it("is deterministic and says so in its report", () => {
    const input = { query, answer: "Amazon's total net sales were $178,866 million in 2017. [1] Net income was $3,033 million in 2017. [1]", references: refs(["AMAZON_2017_10K", amazon]) };
    const a = localVerdict(input, null);
    expect(localVerdict(input, null)).toEqual(a);
    expect((a as { report: string }).report).toMatch(/^1 of 2 claims are grounded/);
    expect((a as { report: string }).report).toContain("Figures flagged: $178,866 million");
  });

  it("takes turns: a step per reference read and per claim, the same findings as at once", async () => {
    const input = {
      query,
      answer: "Amazon's total net sales were $178,866 million in 2017. [1] Net income was $3,033 million in 2017. [2] Operating income was $4,106 million in 2017. [1]",
      references: refs(["AMAZON_2017_10K", amazon], ["3M_2018_10K", mmm]),
    };
    const steps = groundAnswerSteps(input);
    let turns = 0;
    for (let s = steps.next(); !s.done; s = steps.next()) turns++;
    expect(turns).toBeGreaterThanOrEqual(input.references.length + 3);
    expect(await groundAnswerCooperatively(input)).toEqual(groundAnswer(input));
  });

  it("has nothing to check in an answer that says the documents do not say", () => {
    const f = groundAnswer({ query, answer: "The documents searched do not say.", references: [] });
    expect(f.claims).toEqual([]);
    expect(f.score).toBe(1);
    expect(f.report).toContain("no claim");
  });
});
