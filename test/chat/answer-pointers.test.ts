// The local chat engine when nothing in the passages answers: it says so and points to the heading of the
// best passage that shares the question's words (else the best passage's first heading), cited, so the reader
// can follow it; never a line with figures or the company's name alone, and nothing for another company or a
// year the passage's filing does not cover. Through
// answerPieces, so the grounding guard runs over the engine's answer.
import { describe, expect, it } from "vitest";
import { NOT_ANSWERED, NOT_IN_DOCUMENTS } from "../../src/chat/local-answer";
import { answerOver, passageOf } from "./chat.helpers";

// A table printed one cell per line under its heading: no sentence of it answers a ranking on its own.
const REGIONS = `Zentrix Corp
Regional results overview
Year ended December 31,
Americas
Europe
Asia
(in millions)
2022
2021
2022
2021
2022
2021
Net revenue
4,100
3,900
2,200
2,300
1,700
1,200`;

const FIGURE_HEADING = `Zentrix Corp
Regional revenue of $8,000 million in 2022
Other matters are discussed in the notes.`;

const passage = (text: string, company = "Zentrix", ticker = "ZTX", fiscalYear = 2022) => passageOf(text, company, ticker, { fiscalYear, form: "10K", docType: "filing" });

const answer = answerOver;

describe("local answer engine: pointing to the closest passage", () => {
  it("says the documents do not answer directly and points to the heading sharing the question's words, cited", async () => {
    const { text, cites } = await answer("Which Zentrix region had the highest growth in regional results in FY2022?", [passage(REGIONS)]);
    expect(text).toBe(`${NOT_ANSWERED}\nRegional results overview [1]`);
    expect(cites).toEqual([0]);
  });

  it("points to no heading that prints a figure", async () => {
    const { text } = await answer("Which Zentrix region had the highest regional revenue in FY2022?", [passage(FIGURE_HEADING)]);
    expect(text).not.toContain("8,000");
    expect(text).not.toContain("Regional revenue of");
    // The passage's first line without a figure, as the closest the search found; never the company's name alone.
    expect(text).toBe(`${NOT_ANSWERED}\nOther matters are discussed in the notes. [1]`);
  });

  it("points to the best passage's heading over a lower one that shares only a word like 'net'", async () => {
    const RELEASE = `Net sales increased 18.3% to $10.2 billion compared to $8.6 billion in fiscal 2021.
For the Full Year of Fiscal 2022
Gross profit increased 20.1% to $4.0 billion compared to $3.4 billion in fiscal 2021.`;
    const CASH = `Adjustments to reconcile net income to net cash provided by operating activities:
Depreciation and amortization 241,372 268,460`;
    const { text, cites } = await answer("Did Zentrix's wages expense as a percent of net sales increase or decrease in FY2022?", [passage(RELEASE), passage(CASH)]);
    expect(text).toBe(`${NOT_ANSWERED}\nFor the Full Year of Fiscal 2022 [1]`);
    expect(cites).toEqual([0]);
  });

  it("points to nothing for another company or a year the filing does not cover", async () => {
    expect((await answer("Which Globex region had the highest growth in regional results in FY2022?", [passage(REGIONS)])).text).toBe(NOT_IN_DOCUMENTS);
    expect((await answer("Which Zentrix region had the highest growth in regional results in FY2017?", [passage(REGIONS)])).text).toBe(NOT_IN_DOCUMENTS);
  });
});
