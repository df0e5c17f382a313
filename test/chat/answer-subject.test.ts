// Which passages the local engine answers from: the company the question names, however it is written (a
// ticker, a whole name, a short form such as "AMEX" or "JnJ", a name run together or apart such as "Wal-Mart"
// or "Footlocker"), and only that company (the one named most plainly: "American Express" is not American
// Water Works); a name no passage carries is no answer. Then the filing of the asked period first.
import { describe, expect, it } from "vitest";
import { subjectPassages } from "../../src/chat/answer-subject";
import { byAskedPeriod, NOT_IN_DOCUMENTS } from "../../src/chat/local-answer";
import { readQuestion } from "../../src/chat/answer-subject";
import { answerOver, passageOf } from "./chat.helpers";

const TEXT = "Total revenue was $200 million in 2022.";
const company = (name: string, ticker: string, fiscalYear = 2022, fiscalQuarter: number | null = null, text = TEXT) => {
  const p = passageOf(text, name, ticker, { fiscalYear, form: fiscalQuarter ? `${fiscalYear}Q${fiscalQuarter}_10Q` : "10K", docType: "filing" });
  return { ...p, metadata: { ...p.metadata, fiscal_quarter: fiscalQuarter } };
};

describe("local answer engine: the company the question names", () => {
  const forms: [string, string, string[]][] = [
    ["American Express", "AXP", ["American Express", "AMEX", "AmEx"]],
    ["Johnson & Johnson", "JNJ", ["Johnson & Johnson", "JnJ", "J&J", "JNJ"]],
    ["JPMorgan", "JPM", ["JPMorgan", "JP Morgan", "JPM"]],
    ["Walmart", "WMT", ["Walmart", "Wal-Mart"]],
    ["Foot Locker", "FL", ["Foot Locker", "Footlocker"]],
    ["Coca-Cola", "KO", ["Coca-Cola", "Coca Cola"]],
  ];
  for (const [name, ticker, written] of forms) {
    it(`reads ${name} as ${written.join(", ")}, and not the other company's passage`, () => {
      const passages = [company("Pfizer", "PFE"), company(name, ticker)];
      for (const w of written) expect(subjectPassages(`What was ${w}'s total revenue in FY2022?`, passages), w).toEqual([1]);
    });
  }

  it("takes the company named in full over one that shares only its first word", () => {
    const passages = [company("American Water Works", "AWK"), company("American Express", "AXP")];
    expect(subjectPassages("What was American Express's total revenue in FY2022?", passages)).toEqual([1]);
    expect(subjectPassages("What was American Water Works' total revenue in FY2022?", passages)).toEqual([0]);
  });

  it("answers nothing from another company's filing when the question's short form names none of them (wrong on purpose)", async () => {
    const passages = [company("American Water Works", "AWK"), company("Pfizer", "PFE")];
    for (const w of ["AMEX", "JnJ", "J&J"]) {
      expect(subjectPassages(`What was ${w}'s total revenue in FY2022?`, passages), w).toEqual([]);
      expect((await answerOver(`What was ${w}'s total revenue in FY2022?`, passages)).text).toBe(NOT_IN_DOCUMENTS);
    }
  });

  it("reads no company from finance's own capitals and ampersands (R&D, M&A, SG&A, EBITDA)", () => {
    // Two-word names whose initials or first letters spell them; "Zentrix" alone names Zentrix Labs only weakly (its first word).
    const passages = [company("Rand Dynamics", "RDY"), company("Ebitech Dataworks", "EBD"), company("Mason Allen", "MAL"), company("Zentrix Labs", "ZLB")];
    expect(subjectPassages("How much did Zentrix's R&D and SG&A grow in FY2022, and what drove its EBITDA and M&A?", passages)).toEqual([3]);
  });
});

describe("local answer engine: the filing of the asked period first", () => {
  it("puts the asked year's annual filing before a later one the search ranked first, keeping the search order within each", () => {
    const passages = [company("Zentrix", "ZTX", 2022), company("Zentrix", "ZTX", 2021), company("Zentrix", "ZTX", 2022), company("Zentrix", "ZTX", 2021)];
    expect(byAskedPeriod(readQuestion("What was Zentrix's FY2021 revenue?"), passages, [0, 1, 2, 3])).toEqual([1, 3, 0, 2]);
    // "FY2019 - FY2021": the latest asked year names the filing.
    expect(byAskedPeriod(readQuestion("What is Zentrix's FY2019 - FY2021 average revenue?"), passages, [0, 1, 2, 3])).toEqual([1, 3, 0, 2]);
  });

  it("reads a year from the annual filing or the fourth quarter's release, a quarter from that quarter's filing", () => {
    const passages = [company("Zentrix", "ZTX", 2024, 1), company("Zentrix", "ZTX", 2024, 2), company("Zentrix", "ZTX", 2024, 4), company("Zentrix", "ZTX", 2024)];
    expect(byAskedPeriod(readQuestion("How many stores did Zentrix have in Q2 of FY2024?"), passages, [0, 1, 2, 3])).toEqual([1, 0, 2, 3]);
    expect(byAskedPeriod(readQuestion("What were Zentrix's FY2024 net sales?"), passages, [0, 1, 2, 3])).toEqual([2, 3, 0, 1]);
  });

  it("keeps the search order when no filing is of the asked period or no year is asked (swapped years: nothing to prefer)", () => {
    const passages = [company("Zentrix", "ZTX", 2022), company("Zentrix", "ZTX", 2023)];
    expect(byAskedPeriod(readQuestion("What was Zentrix's FY2019 revenue?"), passages, [0, 1])).toEqual([0, 1]);
    expect(byAskedPeriod(readQuestion("What industry does Zentrix operate in?"), passages, [0, 1])).toEqual([0, 1]);
  });

  it("answers a year's figure from that year's filing, not from a later filing the search ranked first", async () => {
    const later = company("Zentrix", "ZTX", 2022, null, "Zentrix Corp\nRevenue for fiscal 2021 was restated to $1,210 million after the change in accounting.");
    const asked = company("Zentrix", "ZTX", 2021, null, "Zentrix Corp\nRevenue for fiscal 2021 was $1,150 million.");
    const { text, cites } = await answerOver("What was Zentrix's revenue in fiscal 2021?", [later, asked]);
    expect(cites[0]).toBe(1);
    expect(text.split("\n")[0]).toBe("Revenue for fiscal 2021 was $1,150 million. [2]");
  });
});
