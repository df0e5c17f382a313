// Unit tests of the local judge engine's pure pieces: reading an answer's figures as stated, derived in
// one or two steps, or unsupported; and telling a refusal from an answer that carries a caveat.
import { describe, expect, it } from "vitest";
import { readFigures } from "../../src/judges/engine/derive";
import { checkStatement } from "../../src/figures/statement";
import { quantities } from "../../src/figures/numbers";
import { readText } from "../../src/figures/context";
import { detectRefusal } from "../../src/judges/engine/claims";
import { sentences } from "../../src/figures/text";
import { gradeAnswer, gradeAnswerCooperatively } from "../../src/judges/engine/grade";

const PASSAGE = `Consolidated Balance Sheet (in millions)
Total current assets 7,453 6,912
Total current liabilities 5,175 4,806
Net sales 14,189 14,082
Cost of sales 9,683 9,019
Inventories 1,055 604`;

function read(answer: string, passage = PASSAGE) {
  const src = readText(passage);
  return readFigures(checkStatement(answer, [src]).figures, src.figures).map((r) => `${r.figure.raw}:${r.support}`);
}

describe("figure derivation", () => {
  it("reads a figure of a table stated in millions as stated", () => {
    expect(read("Current assets were $7,453 million.")).toEqual(["$7,453 million:stated"]);
    expect(read("Current assets were $7.45 billion.")).toEqual(["$7.45 billion:stated"]);
  });

  it("derives a difference, a ratio and a percent change in one step", () => {
    expect(read("Working capital was $2,278 million.")).toEqual(["$2,278 million:derived"]);
    expect(read("The current ratio was 1.44.")).toEqual(["1.44:derived"]);
    expect(read("Net sales grew 0.8% year over year.")).toEqual(["0.8%:derived"]);
  });

  it("derives margins and averages of two steps from the answer's own calculation chain", () => {
    // Gross margin: (14,189 - 9,683) / 14,189 = 31.8%; inventory turnover: 9,683 / ((1,055 + 604) / 2) = 11.67.
    expect(read("Net sales were $14,189 million and cost of sales $9,683 million, a gross margin of 31.8%.")).toContain("31.8%:derived");
    expect(read("Cost of sales $9,683 million, inventories $1,055 million and $604 million: turnover of 11.67 times.")).toContain("11.67:derived");
  });

  it("derives a CAGR over several years", () => {
    // (14,189 / 10,000)^(1/3) - 1 = 12.4%
    expect(read("Revenue rose from $10,000 million to $14,189 million, a CAGR of 12.4%.", `${PASSAGE}\nNet sales 2019 10,000`)).toContain("12.4%:derived");
  });

  it("marks a figure no source states or yields as unsupported, and formula constants as constants", () => {
    expect(read("Working capital was $3,912 million.")).toEqual(["$3,912 million:unsupported"]);
    expect(read("Margin = gross profit / net sales x 100.")).toEqual(["100:constant"]);
  });
});

describe("refusal detection", () => {
  it("reads a declining opening sentence as a refusal", () => {
    expect(detectRefusal("The document does not provide information on Boeing's effective tax rate for FY2022.").refusal).toBe(true);
  });

  it("keeps declining when the continuation offers no figure", () => {
    const a = "The text does not provide specific information on whether the company paid dividends in Q2. However, it is mentioned that it has paid dividends every quarter since listing.";
    expect(detectRefusal(a).refusal).toBe(true);
  });

  it("reads 'the passage does not state X, but Y is ...' as an answer", () => {
    const a = "The filing does not explicitly state the quick ratio. However, cash of $4,258 million and receivables of $4,947 million against liabilities of $10,936 million give 0.84.";
    expect(detectRefusal(a).refusal).toBe(false);
    expect(detectRefusal("The document does not provide specific information on restructuring costs. Therefore, the answer is 0.").refusal).toBe(false);
  });

  it("reads a late 'it is not possible to calculate' as a refusal even after the passage's figures", () => {
    const a = "During fiscal 2022 the company repurchased shares at a cost of $900.0 million. The context does not give the FY2023 figures. Therefore, it is not possible to determine the percentage for FY2023.";
    expect(detectRefusal(a).refusal).toBe(true);
  });

  it("reads the question's 'if not useful, say so' alternative as an answer", () => {
    const q = "What is JPMorgan's gross margin? If gross margin is not a useful metric for a company like this, state that and explain why.";
    const a = "The document does not contain JPMorgan's gross margin. However, gross margin is not a relevant metric for banks, which have no cost of goods sold.";
    expect(detectRefusal(a, q).refusal).toBe(false);
    expect(detectRefusal(a).refusal).toBe(true);
  });

  it("reads 'may not be a useful metric' before a closing 'I cannot provide' as the alternative answer, and a conditional as no answer", () => {
    const q = "What drove gross margin change for American Express? If gross margin is not a useful metric for a company like this, then please state that and explain why.";
    const hedged = "However, gross margin may not be a useful metric for American Express, as it deals with financial services. Therefore, I cannot provide an answer regarding gross margin change.";
    expect(detectRefusal(hedged, q).refusal).toBe(false);
    const conditional = "I do not have access to American Express's financial statements. If gross margin is not relevant for the company, it could be due to the nature of its business.";
    expect(detectRefusal(conditional, q).refusal).toBe(true);
  });

  it("reads the answerer's own lack of access as a refusal, with form names and dates not taken for figures", () => {
    expect(detectRefusal("As an AI, I don't have real-time data access. Please refer to the latest financial reports for this information.").refusal).toBe(true);
    const a = "As of my last update in April 2023, I do not have access to real-time data. To find the figure, you would need to look at the Form 10-K filed on September 26, 2022.";
    expect(detectRefusal(a).refusal).toBe(true);
    expect(detectRefusal("I'm sorry, but you haven't provided the segment results. Multiply the result by 100 to get the percentage.").refusal).toBe(true);
  });

  it("reads 'there is no mention of X' as a refusal unless the answer states the nil the question asks for", () => {
    expect(detectRefusal("Based on the provided context, there is no specific information about Verizon's quick ratio for FY2022.").refusal).toBe(true);
    const q = "What is the quantity of restructuring costs in AES's income statements for FY2022? If restructuring costs are not explicitly outlined then state 0.";
    expect(detectRefusal("Based on the provided context, there is no explicit mention of restructuring costs. Therefore, the quantity of restructuring costs is 0.", q).refusal).toBe(false);
  });

  it("reads 'the filing does not mention any' as the answer 'no' when asked whether something was reported", () => {
    const q = "Has Pepsico reported any materially important ongoing legal battles from FY2022 and FY2021?";
    expect(detectRefusal("The text does not provide specific information on Pepsico's materially important ongoing legal battles from FY2022 and FY2021.", q).refusal).toBe(false);
    // ... but not when the answer blames the material it was given, or asked whether something happened.
    expect(detectRefusal("The provided text does not contain information on legal battles. It appears that the text has been cut off.", q).refusal).toBe(true);
    expect(detectRefusal("The text does not provide information on whether CVS paid dividends in Q2.", "Has CVS Health paid dividends to common shareholders in Q2 of FY2022?").refusal).toBe(true);
  });
});

describe("text and numbers", () => {
  it("does not end a sentence at a middle initial", () => {
    expect(sentences("Mary N. Dillon is the new CEO. She joined in 2022.")).toEqual(["Mary N. Dillon is the new CEO.", "She joined in 2022."]);
  });

  it("does not read form names or the day of a date as amounts", () => {
    expect(quantities("the Form 10-K and 8-K filed on September 26, 2015 and Dec. 31").map((q) => q.raw)).toEqual([]);
    expect(quantities("revenue of $26 million on March 3").map((q) => q.raw)).toEqual(["$26 million"]);
  });
});

describe("grading", () => {
  const base = { query: "What was working capital in FY2022?", references: [PASSAGE], evidence: [], verdicts: { supported: 0, contradicted: 0, unresolved: 0 } };
  it("grades a stated or derived figure above an unsupported one", () => {
    const right = gradeAnswer({ ...base, answer: "Working capital in FY2022 was $2,278 million (current assets $7,453 million less current liabilities $5,175 million)." });
    const wrong = gradeAnswer({ ...base, answer: "Working capital in FY2022 was $3,912 million (current assets $9,087 million less current liabilities $5,175 million)." });
    expect(right.factuality).toBeGreaterThan(wrong.factuality);
    expect(right.grounding).toBeGreaterThanOrEqual(wrong.grounding);
  });
});

describe("grounding of summaries", () => {
  const SOURCE = "The incident occurred on the A9 north of Berriedale at about 14:00. Several people received minor injuries. The road was closed and diversions were put in place.";
  const grade = (answer: string, source = SOURCE) => gradeAnswer({ query: "Summarize the passage.", answer, references: [source], evidence: [], verdicts: { supported: 0, contradicted: 0, unresolved: 0 } });

  it("counts the vocabulary of reporting on the passage as carried, not as added claims", () => {
    const framed = grade("Here is a concise summary of the passage: The passage describes an incident on the A9 north of Berriedale at about 14:00. It mentions that several people received minor injuries. It also provides details: the road was closed and diversions were put in place.");
    expect(framed.grounding).toBe(5);
  });

  it("does not read a cause the source does not state as fully grounded", () => {
    const sideBySide = grade("An incident occurred on the A9 north of Berriedale at about 14:00. Several people received minor injuries. The road was closed and diversions were put in place.");
    const linked = grade("An incident occurred on the A9 north of Berriedale at about 14:00, resulting in minor injuries to several people. The road was closed and diversions were put in place.");
    expect(sideBySide.grounding).toBe(5);
    expect(linked.grounding).toBeLessThanOrEqual(4);
    expect(linked.reasoning).toContain("cause the sources do not state");
    // When the source itself states a cause, stating one is no addition.
    const causalSource = `${SOURCE} The road was closed because of the crash.`;
    expect(grade("An incident occurred on the A9 north of Berriedale at about 14:00, resulting in minor injuries to several people. The road was closed because of the crash.", causalSource).grounding).toBe(5);
  });
});

describe("grading in turns", () => {
  it("grades the same when it gives the event loop a turn after each claim and phase, and takes those turns", async () => {
    const input = {
      query: "What were net sales and cost of sales, and the gross margin?",
      answer: "Net sales were $14,189 million. Cost of sales was $9,683 million. The gross margin was 31.8%. Inventories were $1,055 million.",
      references: [PASSAGE],
      evidence: [],
      verdicts: { supported: 0, contradicted: 0, unresolved: 0 },
    };
    let turns = 0;
    let running = true;
    // Counts the event loop turns other work gets while the grading runs.
    const other = (async () => {
      while (running) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        turns += 1;
      }
    })();
    const cooperative = await gradeAnswerCooperatively(input);
    running = false;
    await other;
    expect(cooperative).toEqual(gradeAnswer(input));
    expect(turns).toBeGreaterThanOrEqual(4);
  });
});

describe("an answer about another company", () => {
  const passage = "Consolidated Statements of Cash Flows\nFiscal Year Ended\nJanuary 28,\n2023\nJanuary 29,\n2022\nJanuary 30,\n2021\nInvesting activities\nCapital expenditures\n(312,126)\n(172,187)\n(151,866)\nAcquisitions, net of cash acquired\n\n\n(1,220)";
  const query = "What are major acquisitions that Ulta Beauty has done in FY2023 and FY2022?";
  const grade = (answer: string) => gradeAnswer({ query, answer, references: [passage], evidence: [], verdicts: { supported: 0, contradicted: 0, unresolved: 0 } });
  const answer = (company: string) => `Based on ${company}, Inc.'s Consolidated Statements of Cash Flows, there are no major acquisitions for FY2023 and FY2022: "Acquisitions, net of cash acquired" shows nothing for both years, and $(1,220) for FY2021.`;
  it("reads a peer whose name shares a word with the question's company ('Sally Beauty' for Ulta Beauty) as another company (wrong on purpose)", () => {
    const peer = grade(answer("Sally Beauty"));
    expect(peer.factuality).toBe(1);
    expect(peer.reasoning).toContain("The answer is about Sally Beauty, not the company the question names.");
    expect(grade(answer("Ulta Beauty")).reasoning).not.toContain("not the company the question names");
  });
  it("still reads a longer name of the company ('JPMorgan Chase' for JPM, 'Johnson & Johnson' for JnJ) as the company", () => {
    const jpm = gradeAnswer({ query: "Which of JPM's business segments had the lowest net revenue in 2021 Q1?", answer: "JPMorgan Chase's Asset & Wealth Management segment had the lowest net revenue, $4,077 million.", references: ["Asset & Wealth Management net revenue was $4,077 million in the first quarter of 2021."], evidence: [], verdicts: { supported: 0, contradicted: 0, unresolved: 0 } });
    expect(jpm.reasoning).not.toContain("not the company the question names");
    const jnj = gradeAnswer({ query: "Are JnJ's FY2022 financials that of a high growth company?", answer: "No. Johnson & Johnson's worldwide sales increased 1.3% to $94.9 billion in 2022.", references: ["In 2022, worldwide sales increased 1.3% to $94.9 billion as compared to an increase of 13.6% in 2021."], evidence: [], verdicts: { supported: 0, contradicted: 0, unresolved: 0 } });
    expect(jnj.reasoning).not.toContain("not the company the question names");
  });
});

describe("the question's company among its capitalized words", () => {
  const grade = (query: string, answer: string, reference: string) => gradeAnswer({ query, answer, references: [reference], evidence: [], verdicts: { supported: 0, contradicted: 0, unresolved: 0 } });
  it("is not a word opening a later sentence ('If') nor what the company owns ('its PPNE'), so a peer is read as another company (wrong on purpose)", () => {
    const ppe = "Property, plant and equipment, less accumulated depreciation 14,882 13,745";
    const q = "Did Pfizer grow its PPNE between FY20 and FY21?";
    expect(grade(q, "Yes, Merck did grow its Property, Plant and Equipment (PPNE) between FY20 and FY21, from $13,745 million in 2020 to $14,882 million in 2021.", ppe).reasoning).toContain("The answer is about Merck");
    expect(grade(q, "Yes, Pfizer did grow its Property, Plant and Equipment (PPNE) between FY20 and FY21, from $13,745 million in 2020 to $14,882 million in 2021.", ppe).reasoning).not.toContain("not the company the question names");
    const margin = "Cost of products sold increased due to one-time COVID-19 vaccine manufacturing exit related costs.";
    const jnj = "What drove gross margin change as of FY2022 for JnJ? If gross margin is not a useful metric for a company like this, then please state that and explain why.";
    expect(grade(jnj, "For Merck, one-time COVID-19 vaccine manufacturing exit related costs increased the cost of products sold. If the currency impact was negative, costs rose.", margin).reasoning).toContain("The answer is about Merck");
    expect(grade(jnj, "For JnJ, one-time COVID-19 vaccine manufacturing exit related costs increased the cost of products sold. If the currency impact was negative, costs rose.", margin).reasoning).not.toContain("not the company the question names");
  });
});
