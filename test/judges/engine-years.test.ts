// A statement worded as a source sentence is but given another year (issue 19, the years perturbations of
// bench:judge): "The amounts would be payable over 10 years, beginning in 2022" where the filing says 2023 is
// contradicted, though its figure is the source's. Not a sentence that names a year only as the one it
// compares with, nor a year one apart where either side names a fiscal year (the fiscal year's other name).
import { beforeAll, describe, expect, it } from "vitest";
import { alignStatement, prepareSource } from "../../src/judges/engine/align";
import { extractClaims } from "../../src/judges/engine/claims";
import { gradeAnswer } from "../../src/judges/engine/grade";
import { createOrg, type TestOrg } from "../helpers/harness";
import { settled, submit, WINDOW } from "./judge-helpers";

// A filing's text breaks its lines mid-sentence.
const opioids =
  "The agreement would resolve substantially all opioid claims against Company entities by states and political subdivisions.\nThe maximum amount payable by the Company under the settlement would be approximately $4.3 billion in opioid remediation. The amounts would be payable over 10 years, beginning in\n2023.";
const verdict = (statement: string, source: string) => alignStatement(statement, [prepareSource(source)]).verdict;

describe("a statement worded as a source sentence, given another year", () => {
  it("is supported with the sentence's year", () => {
    expect(verdict("The amounts would be payable over 10 years, beginning in 2023.", opioids)).toBe("supported");
  });

  it("is contradicted with another year (wrong on purpose), the note naming the source's", () => {
    const a = alignStatement("The amounts would be payable over 10 years, beginning in 2022.", [prepareSource(opioids)]);
    expect(a.verdict).toBe("contradicted");
    expect(a.contradictions).toContain("The source gives this for 2023, not 2022.");
  });

  it("is not contradicted by a sentence that names only the year it compares with", () => {
    const ulta = "For the Full Year of Fiscal 2022\nAs a percentage of net sales, SG&A expenses decreased to 23.5% compared to 23.9% in fiscal 2021, primarily due to lower marketing expenses and leverage of incentive compensation.";
    expect(verdict("SG&A as a percentage of net sales decreased in FY2023, primarily due to lower marketing expenses and leverage of incentive compensation.", ulta)).not.toBe("contradicted");
  });

  it("is not contradicted by a fiscal year one apart (its other name)", () => {
    const bestBuy = "In fiscal 2022, we acquired all of the outstanding shares of Current Health Ltd., a care-at-home technology platform.";
    expect(verdict("In FY2023, Best Buy acquired all of the outstanding shares of Current Health Ltd., a care-at-home technology platform.", bestBuy)).not.toBe("contradicted");
    expect(verdict("In 2020, Best Buy acquired all of the outstanding shares of Current Health Ltd., a care-at-home technology platform.", bestBuy)).toBe("contradicted");
  });
});

// A filing's acquisitions, dated by fiscal year and by day ("Ltd. (Current Health)" ends no sentence).
const acquisitions =
  "Acquisitions\n \nCurrent Health Ltd.\n \nIn fiscal 2022, we acquired all of the outstanding shares of Current Health Ltd. (Current Health), a care-at-home technology platform, on November 2, 2021, for \nnet cash consideration of $389 million. The acquired assets included $351 million of goodwill that was assigned to our Best Buy Health reporting unit.\n \nTwo Peaks, LLC d/b/a Yardbird Furniture\n \nIn fiscal 2022, we acquired all of the outstanding shares of Two Peaks, LLC d/b/a Yardbird Furniture (Yardbird), a direct-to-consumer outdoor furniture company, \non November 4, 2021, for net cash consideration of $79 million.";
const listed = (year: string) =>
  `Based on the provided text, Best Buy made the following major acquisitions:\n\nIn fiscal year ${year}:\n- Current Health Ltd., a care-at-home technology platform, was acquired on November 2, 2021, for net cash consideration of $389 million.\n- Two Peaks, LLC d/b/a Yardbird Furniture, a direct-to-consumer outdoor furniture company, was acquired on November 4, 2021, for net cash consideration of $79 million.`;

describe("a claim dated by the heading it is listed under", () => {
  const aligned = (answer: string) =>
    extractClaims(answer)
      .filter((c) => c.material && c.text.startsWith("Current Health"))
      .map((c) => alignStatement(c.text, [prepareSource(acquisitions)], new Set(), new Set(), undefined, c.period).verdict);

  it("takes the heading's year", () => {
    expect(extractClaims(listed("2022")).filter((c) => c.text.startsWith("Current Health")).map((c) => c.period)).toEqual([{ year: 2022, fiscal: true }]);
  });

  it("is supported under the fiscal year the source gives the event", () => {
    expect(aligned(listed("2022"))).toEqual(["supported"]);
  });

  it("is contradicted under another fiscal year (wrong on purpose), though its date is the source's", () => {
    expect(aligned(listed("2023"))).toEqual(["contradicted"]);
  });

  it("grades the answer that lists the acquisitions under the wrong year below the right one", () => {
    const grade = (answer: string) =>
      gradeAnswer({ query: "What are major acquisitions that Best Buy has done in FY2023, FY2022 and FY2021?", answer, references: [acquisitions], evidence: [], verdicts: { supported: 0, contradicted: 0, unresolved: 0 } });
    const right = grade(listed("2022"));
    const wrong = grade(listed("2023"));
    expect(wrong.factuality).toBeLessThan(right.factuality);
  });
});

describe("a fiscal year one apart, where the source dates the event", () => {
  const statement = (year: string) => `In ${year}, Best Buy acquired all of the outstanding shares of Current Health Ltd., a care-at-home technology platform, on November 2, 2021.`;

  it("is the year's other name when the date can fall in it", () => {
    expect(verdict(statement("fiscal 2022"), acquisitions)).toBe("supported");
    expect(verdict(statement("fiscal 2021"), acquisitions)).not.toBe("contradicted");
  });

  it("is another year when no fiscal year so named has the source's date (wrong on purpose)", () => {
    expect(verdict(statement("fiscal 2023"), acquisitions)).toBe("contradicted");
  });
});

// A filing's sentence that the answer's next sentence restates ("This was impacted by ...").
const sga =
  "SG&A, measured as a percent of sales, increased in 2022 when compared to the same period last year. SG&A was impacted by increased special item costs for significant\nlitigation primarily related to steps toward resolving Combat Arms Earplugs litigation (discussed in Note 16) resulting in a 2022 second quarter pre-tax charge of approximately\n$1.2 billion, certain impairment costs related to exiting PFAS manufacturing (see Note 15), costs related to exiting Russia (see Note 15), divestiture-related restructuring\ncharges (see Note 5), and continued investment in key growth initiatives.";
const impacted = "This was impacted by increased special item costs for significant litigation, particularly the Combat Arms Earplugs litigation, which resulted in a substantial pre-tax charge.";

describe("a sentence that refers back to the one before it on its line", () => {
  const verdicts = (answer: string) =>
    extractClaims(answer)
      .filter((c) => c.text.startsWith("This was impacted"))
      .map((c) => alignStatement(c.text, [prepareSource(sga)], new Set(), new Set(), undefined, c.period).verdict);
  const line = (year: string) => `2. SG&A: SG&A expenses as a percentage of sales increased by 6.1% in ${year}. ${impacted}`;

  it("is supported with that sentence's year, the source's", () => {
    expect(verdicts(line("2022"))).toEqual(["supported"]);
  });

  it("is contradicted with another year (wrong on purpose)", () => {
    expect(verdicts(line("2021"))).toEqual(["contradicted"]);
  });

  it("takes no year from a sentence on another line, or from one that names two", () => {
    expect(verdicts(`SG&A expenses as a percentage of sales increased by 6.1% in 2021.\n${impacted}`)).toEqual(["supported"]);
    expect(verdicts(`SG&A expenses as a percentage of sales increased by 6.1% in 2021 compared to 2020. ${impacted}`)).toEqual(["supported"]);
  });
});

// Best Buy's 10-Q for Q2 fiscal 2024: its quarter ends July 29, 2023, a column the table dates by the day.
const segments =
  "Reportable segment and product category revenue information was as follows ($ in millions):\nThree Months Ended Six Months Ended\nJuly 29, 2023 July 30, 2022 July 29, 2023 July 30, 2022\nRevenue by reportable segment\nDomestic $ 8,890 $ 9,569 $ 17,691 $ 19,463\nInternational 693 760 1,359 1,513\nTotal revenue $ 9,583 $ 10,329 $ 19,050 $ 20,976";
const repurchases = "Between the end of the second quarter of fiscal 2024 on July 29, 2023, and August 30, 2023, we repurchased an incremental 0.9 million shares of our common stock at a cost of $66 million.";
const correctQ2 = "Best Buy's Domestic segment revenue was $8,890 million in the second quarter of fiscal 2024, down 7.1% from $9,569 million a year earlier.";

describe("a fiscal year against a column dated by a day a calendar year before", () => {
  it("is not contradicted where the source does not say which fiscal year the day is in", () => {
    expect(verdict(correctQ2, segments)).not.toBe("contradicted");
  });

  it("is supported where the source's prose places the day in that fiscal year", () => {
    expect(verdict(correctQ2, `${segments}\n${repurchases}`)).toBe("supported");
  });

  it("is contradicted for the prior year's column or the six months' (wrong on purpose)", () => {
    const source = `${segments}\n${repurchases}`;
    const prior = alignStatement("Best Buy's Domestic segment revenue was $9,569 million in the second quarter of fiscal 2024.", [prepareSource(source)]);
    expect(prior.verdict).toBe("contradicted");
    expect(prior.contradictions).toContain("$9,569 million is domestic for fiscal 2023, not 2024.");
    expect(verdict("Best Buy's Domestic segment revenue was $17,691 million in the second quarter of fiscal 2024.", source)).toBe("contradicted");
    expect(verdict("Best Buy's Domestic segment revenue was $8,890 million in the second quarter of fiscal 2022.", source)).toBe("contradicted");
  });

  it("grades the answer that gives fiscal 2024 the prior year's column below the right one", () => {
    const grade = (answer: string) =>
      gradeAnswer({ query: "What was Best Buy's Domestic segment revenue in Q2 FY2024?", answer, references: [`${segments}\n${repurchases}`], evidence: [], verdicts: { supported: 0, contradicted: 0, unresolved: 0 } });
    const right = grade(correctQ2);
    const wrong = grade("Best Buy's Domestic segment revenue was $9,569 million in the second quarter of fiscal 2024.");
    expect(right.factuality).toBeGreaterThanOrEqual(4);
    expect(wrong.factuality).toBeLessThan(right.factuality);
  });
});

describe("LLM judge through the Worker: a settlement's years swapped", () => {
  let org: TestOrg;
  beforeAll(async () => {
    org = await createOrg();
  });
  async function grade(answer: string) {
    const { res, json } = await submit("llm", org.key, { query: "What opioid settlement did CVS Health agree to?", answer, time_window: WINDOW, references: [{ title: "CVS Health 10-K, legal matters", content: opioids }] });
    expect(res.status).toBe(202);
    return (await settled("llm", org.key, json.payload.evaluation_id)).result;
  }

  it("grades the answer that moves the payments a year earlier below the right one", async () => {
    const text = (year: string) => `CVS Health agreed to pay approximately $4.3 billion in opioid remediation. The amounts would be payable over 10 years, beginning in ${year}.`;
    const right = await grade(text("2023"));
    const wrong = await grade(text("2022"));
    expect(wrong.scores.factuality).toBeLessThan(right.scores.factuality);
    expect(wrong.overall_score).toBeLessThan(right.overall_score);
  });
});
