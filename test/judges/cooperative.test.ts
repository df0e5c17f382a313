// The agent judge's local engines run in steps with turns between them (issue 21: a dense answer must not
// hold the isolate's other requests). The cooperative path must give exactly what the straight one gives:
// claim extraction (with the refusal check) and the claim-by-claim assessment, on a dense answer, on
// recomputed and ranked metrics, and through the local provider the job calls.
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../bench/lib/random";
import { FIGURES_PER_STEP, runSteps, runStepsCooperatively } from "../../src/figures/steps";
import { detectRefusal, extractClaims, extractClaimsSteps } from "../../src/judges/engine/claims";
import {
  assessClaims,
  assessClaimsSteps,
  extractAnswerClaims,
  extractAnswerClaimsSteps,
  MAX_CLAIMS,
  type AssessInput,
} from "../../src/judges/engine/assess";
import { TASK_ASSESS, TASK_CLAIMS } from "../../src/judges/engine";
import { alignStatement, alignStatementSteps, prepareSource } from "../../src/judges/engine/align";
import { checkStatement, checkStatementSteps } from "../../src/figures/statement";
import { LocalProvider } from "../../src/core/providers/local";
import { timerTurns } from "../helpers/turns";
import { assessOutputSchema, claimsOutputSchema } from "../../src/judges/engine/assess";

const QUERY = "What were 3M's net sales and net income in 2018, and capital expenditures?";

/** The shape of bench:hostile's dense submission, smaller: an answer of many figures and table-like references. */
function dense(seed: number, answerChars: number, references: number) {
  const r = seededRandom(seed);
  const amount = () => `$${(1 + Math.floor(r() * 99_000)).toLocaleString("en-US")}${r() < 0.5 ? ".5" : ""} million`;
  let answer = "";
  while (answer.length < answerChars) answer += `Net sales of the company were ${amount()} in ${2010 + Math.floor(r() * 12)}, up ${(r() * 20).toFixed(1)}% on the prior year. `;
  const refs = Array.from({ length: references }, () => {
    let text = "(in millions) 2018 2017 2016\n";
    while (text.length < 3_000) text += `Net sales ${amount().slice(1, -8)} ${amount().slice(1, -8)} ${(r() * 30).toFixed(1)}%\n`;
    return text;
  });
  return { answer: answer.slice(0, answerChars), references: refs };
}

const STATEMENTS = `Consolidated Balance Sheets
December 31, 2022 and 2021
2022
2021
2020
(in millions)
Total assets
20,000
18,000
17,000

Consolidated Statements of Operations
Years ended December 31, 2022, 2021 and 2020
2022
2021
2020
Net sales $ 12,000 $ 11,000 $ 10,000
Operating income
1,200
1,100
900
Net income
800
700
600`;

const REGIONS = `Revenues by geographic area (millions):
2023
2022
North Zone 6,000 11,000
West Zone 2,400 5,500
East Zone 1,300 5,000
Total 9,700 21,500`;

const cases: [string, AssessInput][] = (() => {
  const d = dense(21, 40_000, 4);
  const claims = extractAnswerClaims({ query: QUERY, answer: d.answer }).claims.filter((c) => c.material).slice(0, 25);
  return [
    [
      "a dense answer against table-like references and passages",
      { query: QUERY, references: d.references, claims: claims.map((c, i) => ({ claim: c.claim, passages: i % 3 === 0 ? [] : [d.references[i % 4].slice(0, 400), STATEMENTS] })) },
    ],
    [
      "a metric the question defines, recomputed",
      {
        query: "What is the FY2022 return on assets (ROA)? ROA is defined as: FY2022 net income / (average total assets between FY2021 and FY2022).",
        references: [STATEMENTS],
        claims: [
          { claim: "The FY2022 ROA is 800 / 20,000 = 4.00%.", passages: [] },
          { claim: "The FY2022 ROA is 4.21%.", passages: [STATEMENTS] },
        ],
      },
    ],
    [
      "a ranking question",
      {
        query: "Which geographic area had the highest revenues in 2023?",
        references: [],
        claims: [
          { claim: "North Zone had the highest revenues in 2023, at $6,000 million.", passages: [REGIONS] },
          { claim: "West Zone had the highest revenues in 2023.", passages: [REGIONS, STATEMENTS] },
          { claim: "Revenues rose in every zone.", passages: [] },
        ],
      },
    ],
    ["no sources at all", { query: QUERY, references: [], claims: [{ claim: "Net sales were $32,765 million in 2018.", passages: [] }] }],
  ];
})();

describe("agent judge engines in steps", () => {
  it.each(cases)("assessment: the cooperative path gives the straight one's output (%s)", async (_name, input) => {
    const straight = assessClaims(input);
    expect(await runStepsCooperatively(assessClaimsSteps(input))).toEqual(straight);
    expect(runSteps(assessClaimsSteps(input))).toEqual(straight);
    // Through the local provider, as the job calls it (schema-checked output).
    const provider = new LocalProvider();
    const viaProvider = await provider.generateObject({ task: TASK_ASSESS, system: "", prompt: "", input, schema: assessOutputSchema, schemaName: "assessment" });
    expect(viaProvider).toEqual(straight);
  });

  it("the cases cover supported, contradicted and unsupported claims", () => {
    const verdicts = new Set(cases.flatMap(([, input]) => assessClaims(input).claims.map((c) => c.verdict)));
    expect([...verdicts].sort()).toEqual(["contradicted", "supported", "unsupported"]);
  });

  const answers: [string, string, string][] = [
    ["a dense answer", QUERY, dense(7, 60_000, 0).answer],
    ["a refusal", QUERY, "The document does not provide information on 3M's capital expenditures. It only covers the balance sheet."],
    ["an answer with a caveat", QUERY, "The passage does not state net income. However, net sales were $32,765 million in 2018."],
    ["a short answer", QUERY, "Net sales were $32,765 million in 2018. Net income was $5,349 million. Capital expenditures were $1,577 million."],
    ["an empty answer", QUERY, ""],
  ];

  it.each(answers)("claims: the cooperative path gives what the straight extraction gave (%s)", async (_name, query, answer) => {
    // The extraction as it was before it read in steps: every sentence, then the first MAX_CLAIMS claims.
    const before = { refusal: detectRefusal(answer, query).refusal, claims: extractClaims(answer).slice(0, MAX_CLAIMS).map((c) => ({ claim: c.text, material: c.material })) };
    expect(extractAnswerClaims({ query, answer })).toEqual(before);
    expect(await runStepsCooperatively(extractAnswerClaimsSteps({ query, answer }))).toEqual(before);
    const provider = new LocalProvider();
    expect(await provider.generateObject({ task: TASK_CLAIMS, system: "", prompt: "", input: { query, answer }, schema: claimsOutputSchema, schemaName: "answer_claims" })).toEqual(before);
  });

  it("extractClaimsSteps with a cap gives the first claims of the whole extraction", () => {
    const answer = dense(3, 20_000, 0).answer;
    const all = extractClaims(answer);
    expect(all.length).toBeGreaterThan(100);
    for (const max of [0, 1, 40, all.length, all.length + 5]) expect(runSteps(extractClaimsSteps(answer, max))).toEqual(all.slice(0, max));
  });

  it("aligns a statement with many long sources in steps, as alignStatement does at once", () => {
    // Ten references of about 9,000 characters, as bench:hostile's dense submission has.
    const d = dense(11, 2_000, 30);
    const sources = [...Array.from({ length: 10 }, (_, i) => d.references.slice(3 * i, 3 * i + 3).join("\n")), STATEMENTS].map((text) => prepareSource(text));
    const stepsOf = (statement: string) => {
      const steps = alignStatementSteps(statement, sources);
      let yields = 0;
      let step = steps.next();
      for (; !step.done; step = steps.next()) yields += 1;
      expect(step.value).toEqual(alignStatement(statement, sources));
      return { yields, verdict: step.value.verdict };
    };
    // Figures no source states: each is tried against the sources' operands, with turns between them.
    const amounts = Array.from({ length: 10 }, (_, i) => `$${(i + 1) * 1_111}.5 million`).join(", ");
    const unstated = stepsOf(`Net sales of the company were ${amounts} in 2015, up 7.3% on the prior year.`);
    expect(unstated.yields).toBeGreaterThanOrEqual(5);
    expect(stepsOf("Net sales were $12,000 million in 2022, up from the prior year, and net income was $800 million.").verdict).toBe("supported");
    // Contradicted by its figures: no sentence is read for its year.
    expect(stepsOf("Net sales were $11,500 million in 2021 and total assets were $20,000 million in 2022.").verdict).toBe("contradicted");
  });

  it("takes turns in every pass over a sentence of thousands of figures, as checkStatement does at once", () => {
    // bench:hostile's one-sentence submission, smaller: levels, shares of sales and moves with no full stop
    // between them. Each pass over the statement's figures (reading them, their checks, the rows they name,
    // the levels they move from, their fiscal years, ...) takes a turn every FIGURES_PER_STEP figures; a
    // pass that read all of them at once held the isolate for tens of milliseconds (session 31).
    const r = seededRandom(22);
    const amount = () => `$${(1 + Math.floor(r() * 99_000)).toLocaleString("en-US")} million`;
    let statement = "In 2018, ";
    while (statement.length < 30_000) statement += `capital expenditures were ${amount()} in 2018, about ${(r() * 30).toFixed(1)}% of sales, and net income fell to ${amount()} from ${amount()}, `;
    statement += ".";
    const sources = [...dense(11, 0, 4).references, STATEMENTS];
    const steps = checkStatementSteps(statement, sources, new Set(), QUERY);
    let yields = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) yields += 1;
    expect(step.value).toEqual(checkStatement(statement, sources, new Set(), QUERY));
    const figures = step.value.figures.length;
    expect(figures).toBeGreaterThan(800);
    // At least six passes with a turn every FIGURES_PER_STEP figures (the old code took 134 turns here, all passes together).
    expect(yields).toBeGreaterThanOrEqual((6 * figures) / FIGURES_PER_STEP);
  });

  it("takes turns: timers set meanwhile fire while a dense assessment and extraction run", async () => {
    const [, input] = cases[0];
    const turns = timerTurns();
    await runStepsCooperatively(assessClaimsSteps(input));
    const afterAssess = turns.count();
    await runStepsCooperatively(extractAnswerClaimsSteps({ query: QUERY, answer: dense(7, 60_000, 0).answer }));
    const ticks = turns.stop();
    // At least a turn per claim (its alignment and its ranking check each end a step) and per reference.
    expect(afterAssess).toBeGreaterThanOrEqual(input.claims.length + input.references.length);
    expect(ticks - afterAssess).toBeGreaterThanOrEqual(2);
  });
});
