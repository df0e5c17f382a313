// The local chat engine when nothing in the passages answers: it says so and points to the heading of the
// best passage that shares the question's words (else the best passage's first heading), cited, so the reader
// can follow it, and to the next passage (another page) the same way; never a line with figures or the
// company's name alone, and nothing for another company or a year the passage's filing does not cover. Through
// answerPieces, so the grounding guard runs over the engine's answer.
import { describe, expect, it } from "vitest";
import { NOT_ANSWERED, NOT_ANSWERED_TWO, NOT_IN_DOCUMENTS } from "../../src/chat/local-answer";
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

  it("points first to the best passage's heading over a lower one that shares only a word like 'net', then to the lower", async () => {
    const RELEASE = `Net sales increased 18.3% to $10.2 billion compared to $8.6 billion in fiscal 2021.
For the Full Year of Fiscal 2022
Gross profit increased 20.1% to $4.0 billion compared to $3.4 billion in fiscal 2021.`;
    const CASH = `Adjustments to reconcile net income to net cash provided by operating activities:
Depreciation and amortization 241,372 268,460`;
    const { text, cites } = await answer("Did Zentrix's wages expense as a percent of net sales increase or decrease in FY2022?", [passage(RELEASE), passage(CASH)]);
    expect(text).toBe(`${NOT_ANSWERED_TWO}\nFor the Full Year of Fiscal 2022 [1]\nAdjustments to reconcile net income to net cash provided by operating activities: [2]`);
    expect(cites).toEqual([0, 1]);
  });

  it("points to the next passage too, where the answer may be when the search ranked it second", async () => {
    const OVERVIEW = `Zentrix Corp
Management overview
Our strategy focuses on customers and operational excellence.`;
    const { text, cites } = await answer("Which Zentrix region had the highest growth in regional results in FY2022?", [passage(OVERVIEW), passage(REGIONS)]);
    expect(text).toBe(`${NOT_ANSWERED_TWO}\nRegional results overview [2]\nManagement overview [1]`);
    expect(cites).toEqual([1, 0]);
  });

  it("points to no second passage of another company, of a year its filing does not cover, or of the same page (wrong on purpose)", async () => {
    const other = passageOf(REGIONS.replace("Zentrix Corp", "Globex Inc"), "Globex", "GBX", { fiscalYear: 2022, form: "10K", docType: "filing" });
    const old = passage(REGIONS.replace("Zentrix Corp", "Zentrix Corp\nSegment overview"), "Zentrix", "ZTX", 2017);
    const samePage = { ...passage("Zentrix Corp\nRegional results overview continued"), page: 1 };
    const first = { ...passage(REGIONS), page: 1 };
    for (const second of [other, old, samePage]) {
      const { text, cites } = await answer("Which Zentrix region had the highest growth in regional results in FY2022?", [first, second]);
      expect(text).toBe(`${NOT_ANSWERED}\nRegional results overview [1]`);
      expect(cites).toEqual([0]);
    }
  });

  it("quotes no sentence about another quarter or a full year as the closest for a quarter's question", async () => {
    const RELEASE = `Zentrix Corp
2022 Fourth-Quarter net earnings of $1.3 billion decreasing 24.9% compared to the fourth quarter of 2021.
2022 Full-Year net earnings of $6.7 billion decreasing 13.8%.
Second-Quarter 2023 Highlights`;
    const { text } = await answer("Did Zentrix's net earnings as a percent of sales increase in Q2 of FY2023 compared to Q2 of FY2022?", [passage(RELEASE, "Zentrix", "ZTX", 2023)]);
    expect(text).not.toContain("Fourth-Quarter");
    expect(text).not.toContain("Full-Year");
    expect(text).toBe(`${NOT_ANSWERED}\nSecond-Quarter 2023 Highlights [1]`);
  });

  it("points to no line that only names the company with its corporate words ('... INTERNATIONAL AND SUBSIDIARIES')", async () => {
    const NAMED = `ZENTRIX INTERNATIONAL AND SUBSIDIARIES
Regional results overview
Americas 4,100 3,900`;
    const { text } = await answer("Which Zentrix region had the highest growth in regional results in FY2022?", [passage(NAMED)]);
    expect(text).toBe(`${NOT_ANSWERED}\nRegional results overview [1]`);
    // With no heading but the name line, nothing to point to.
    const nameOnly = passage("ZENTRIX INTERNATIONAL AND SUBSIDIARIES\nAmericas 4,100 3,900");
    expect((await answer("What drove Zentrix's tax position in FY2022?", [nameOnly])).text).not.toContain("SUBSIDIARIES");
  });

  it("points to nothing for another company or a year the filing does not cover", async () => {
    expect((await answer("Which Globex region had the highest growth in regional results in FY2022?", [passage(REGIONS)])).text).toBe(NOT_IN_DOCUMENTS);
    expect((await answer("Which Zentrix region had the highest growth in regional results in FY2017?", [passage(REGIONS)])).text).toBe(NOT_IN_DOCUMENTS);
  });
});
