// Figures read in context, rules added while raising the perturbation figures of bench:judge (issue 19): a
// correct answer's figure is carried under its own line item and period, so the same sentence with the
// figure changed or its years swapped reads as contradicted, never as well as the correct one.
import { describe, expect, it } from "vitest";
import { checkStatement } from "../../src/figures/statement";
import { gradeAnswer } from "../../src/judges/engine/grade";
import { parseTables } from "../../src/figures/table";
import { lookupRow } from "../../src/figures/line-items";

const grade = (query: string, answer: string, reference: string) => gradeAnswer({ query, answer, references: [reference], evidence: [], verdicts: { supported: 0, contradicted: 0, unresolved: 0 } });
const statuses = (answer: string, reference: string) => checkStatement(answer, [reference]).figures.map((c) => `${c.figure.raw}:${c.status}`);

describe("line items written as abbreviations or with words for any figure", () => {
  const balance = "Consolidated Balance Sheets\n(MILLIONS)\n2021\n2020\nInventories\n9,059\n8,020\nProperty, plant and equipment\n14,882\n13,745";
  it("reads PP&E and 'the PPNE value' as the property, plant and equipment row; swapped years are contradicted", () => {
    expect(statuses("As of December 31, 2020, Pfizer's PP&E was $13,745 million.", balance)).toEqual(["$13,745 million:carried"]);
    const query = "Did Pfizer grow its PPNE between FY20 and FY21?";
    const right = grade(query, "Yes. The PPNE value increased from $13,745 million in 2020 to $14,882 million in 2021.", balance);
    const swapped = grade(query, "Yes. The PPNE value increased from $13,745 million in 2021 to $14,882 million in 2020.", balance);
    expect(right.factuality).toBeGreaterThanOrEqual(4);
    expect(swapped.factuality).toBeLessThanOrEqual(2);
    expect(swapped.reasoning).toContain("$13,745 million is property, plant and equipment for 2020, not 2021");
  });
  it("leaves number words out of a line item ('comparing these two figures')", () => {
    expect(statuses("Comparing these two figures, PP&E increased from $13,745 million in 2020 to $14,882 million in 2021.", balance)).toEqual(["$13,745 million:carried", "$14,882 million:carried"]);
  });
});

describe("the row a sentence names, after words that frame the answer", () => {
  const swaps = "Notional amounts of derivative instruments\n(dollars in millions)\n2022 2021\nInterest rate swaps 20,000 19,779\nCross currency swaps 31,000 32,502\nForeign exchange forwards 1,000 1,150";
  const query = "Which derivative instrument had the highest notional value for Verizon in FY2021?";
  it("reads the neighbouring row's value given to the row named last before the figure as contradicted", () => {
    const right = grade(query, "The derivative instrument that had the highest notional value in FY 2021 was Cross currency swaps with a value of $32,502 million.", swaps);
    const neighbour = grade(query, "The derivative instrument that had the highest notional value in FY 2021 was Cross currency swaps with a value of $19,779 million.", swaps);
    expect(right.factuality).toBeGreaterThanOrEqual(4);
    expect(neighbour.factuality).toBeLessThanOrEqual(2);
    expect(neighbour.reasoning).toContain("The source gives cross currency swaps for 2021 as 32,502 million, not $19,779 million.");
  });
  const balance = "Balance Sheets\n(In millions)\nJune 30,\n2023\n2022\nCurrent portion of long-term debt\n5,247\n2,749\nLong-term debt\n41,990\n47,032\nLong-term income taxes\n25,560\n26,069";
  it("names a hyphenated row ('long-term debt') as the table prints it", () => {
    const said = (figure: string) => statuses(`In fact, the long-term debt has decreased from ${figure} million in FY2022 to $41,990 million in FY2023.`, balance);
    expect(said("$47,032")).toEqual(["$47,032 million:carried", "$41,990 million:carried"]);
    expect(said("$26,069")).toEqual(["$26,069 million:contradicted", "$41,990 million:carried"]);
  });
  it("does not read a row named in an earlier clause, nor a formula's constant, as the figure's", () => {
    const cash = "Consolidated Statements of Cash Flows\n(In millions)\n2022 2021\nNet cash provided by operating activities 3,565 3,521\nNet cash provided by (used in) investing activities 1,999 (686)\nNet cash (used in) provided by financing activities (3,264) (1,895)";
    const answer = "Operating activities provided $3.6 billion in FY22, compared to $2.0 billion net cash inflow from investing activities and $3.3 billion net cash outflow from financing activities.";
    expect(statuses(answer, cash)).not.toContain("$3.3 billion:contradicted");
    const income = "Income statement\n(In millions)\n2022 2021\nTotal revenue 17,606 15,785\nOperating income 6,098 5,802";
    expect(statuses("Operating Margin = (Operating Income / Total Revenue) * 100 = 34.6% in 2022.", income)).not.toContain("100:contradicted");
  });
  it("does not contradict a bare whole number by the year its source sentence gives it (a flight, a model)", () => {
    const legal = "Multiple legal actions have been filed against us as a result of the October 29, 2018 accident of Lion Air Flight 610.";
    expect(checkStatement("These include legal actions related to the accident of Lion Air Flight 610.", [legal], new Set(), "Has Boeing reported any ongoing legal battles from FY2022?").figures.map((c) => c.status)).not.toContain("contradicted");
  });
});

describe("columns told apart by the period and the day their header names", () => {
  it("reads 'Three months ended' and 'Twelve months ended' over repeated years as a quarter and a year", () => {
    const mgm = "Three months ended \nTwelve months ended \nDecember 31, \n2022 \nDecember 31, \n2021 \nDecember 31, \n2022 \nDecember 31, \n2021 \nLas Vegas Strip Resorts \n$ \n877,052 $ \n698,739 $ \n3,142,308 $ \n1,738,211 \nRegional Operations \n319,517 \n309,250 \n1,294,630 \n1,217,814";
    const query = "Which region had the Highest EBITDAR Contribution for MGM during FY2022?";
    const said = (figure: string) => grade(query, `The region with the highest EBITDAR contribution for MGM during FY2022 was the Las Vegas Strip Resorts with ${figure} in thousands.`, mgm);
    expect(said("$3,142,308").factuality).toBeGreaterThanOrEqual(4);
    expect(said("$1,738,211").factuality).toBeLessThanOrEqual(2);
    expect(said("$1,294,630").factuality).toBeLessThanOrEqual(2);
  });
  const bby = "Consolidated Balance Sheets\n($ in millions)\nJuly 29, 2023\nJanuary 28, 2023\nJuly 30, 2022\nCash and cash equivalents\n$\n1,093\n$\n1,874\n$\n840";
  const query = "Was there any drop in Cash & Cash equivalents between FY 2023 and Q2 of FY2024?";
  it("reads a figure dated to a day from that day's column", () => {
    expect(statuses("Cash and cash equivalents were $1,874 million on January 28, 2023, and decreased to $1,093 million by July 29, 2023.", bby)).toEqual(["$1,874 million:carried", "$1,093 million:carried"]);
    expect(statuses("Cash and cash equivalents were $1,874 million on January 28, 2023, and decreased to $1,874 million by July 29, 2023.", bby)).toContain("$1,874 million:contradicted");
    expect(statuses("Cash and cash equivalents were $1,874 million on January 28, 2023, and decreased to $1,093 million by July 29, 2024.", bby)).toContain("$1,093 million:contradicted");
  });
  it("reads years that run the other way than their columns' days, or one cell given two years, as contradicted", () => {
    const right = grade(query, "Yes. The cash and cash equivalents decreased from $1,874 million in FY 2023 to $1,093 million in Q2 of FY 2024.", bby);
    const swapped = grade(query, "Yes. The cash and cash equivalents decreased from $1,874 million in FY 2024 to $1,093 million in Q2 of FY 2023.", bby);
    const twice = grade(query, "Yes. The cash and cash equivalents decreased from $1,874 million in FY 2023 to $1,874 million in Q2 of FY 2024.", bby);
    expect(right.factuality).toBeGreaterThanOrEqual(4);
    expect(swapped.factuality).toBeLessThanOrEqual(2);
    expect(swapped.reasoning).toContain("$1,874 million is cash and cash equivalents as of January 28, 2023");
    expect(twice.factuality).toBeLessThanOrEqual(2);
  });
});

describe("a ranking pick that matches holds the scores up only as far as its figure is the sources'", () => {
  // Best Buy's fiscal 2023 cash flow statement (10-K), its columns dated in January.
  const cash = [
    "Consolidated Statements of Cash Flows", "$ in millions", "Fiscal Years Ended", "January 28, 2023", "January 29, 2022", "January 30, 2021",
    "Net earnings 1,419 2,454 1,798", "Depreciation and amortization 918 869 839", "Merchandise inventories 809 (328) (435)", "Accounts payable (1,099) (201) 1,676", "Other liabilities (483) 479 498",
    "Total cash provided by operating activities 1,824 3,252 4,927",
    "Additions to property and equipment (930) (737) (713)", "Total cash used in investing activities (962) (1,372) (788)",
    "Repurchase of common stock (1,014) (3,502) (312)", "Dividends paid (789) (688) (568)", "Total cash used in financing activities (1,806) (4,297) (876)",
  ].join("\n");
  const query = "Among operations, investing, and financing activities, which brought in the most (or lost the least) cash flow for Best Buy in FY2023?";
  it("does not hold up a right pick whose figure is another cell: the prior year's or the neighbouring row's", () => {
    const said = (figure: string) => grade(query, `Operating activities brought in the most cash flow for Best Buy in FY2023, with a total cash provided by operating activities of ${figure} million.`, cash);
    const right = said("$1,824");
    for (const figure of ["$3,252", "$483"]) {
      const wrong = said(figure);
      expect(wrong.factuality).toBeLessThanOrEqual(2);
      expect(wrong.reasoning).toContain(`the figure it gives, ${figure} million, is not the one the table gives`);
      expect(wrong.factuality).toBeLessThan(right.factuality);
    }
  });
  it("grades the right pick with the row's figure above the right pick with a figure the row does not give", () => {
    const said = (figure: string) => grade(query, `Operating activities brought in the most cash flow for Best Buy in FY2023, with a total cash provided by operating activities of ${figure} million.`, cash);
    const right = said("$1,824");
    const changed = said("$2,337"); // net earnings plus depreciation: derivable, not the row's
    expect(right.factuality).toBe(5);
    expect(right.reasoning).toContain("comes first, as the answer says");
    expect(changed.factuality).toBeLessThan(right.factuality);
  });
});

describe("a figure alone in parentheses after the row it names", () => {
  const balance = "Consolidated Balance Sheets\n(In millions)\n2022 2021\nOther current assets 2,685 5,292\nTotal current assets 65,682 60,008\nOther assets 4,620 4,714\nTotal assets 228,275 232,999\nTotal revenues 322,467 292,111";
  const query = "Is CVS Health a capital-intensive business based on FY2022 data?";
  it("reads it as that row's, told apart from rows of the same item words by every word of their label", () => {
    const said = (figure: string) => checkStatement(`This is indicated by the high value of its total assets (${figure} million), including property and equipment.`, [balance], new Set(), query).figures.map((c) => `${c.figure.raw}:${c.status}`);
    expect(said("$228,275")).toEqual(["$228,275 million:carried"]);
    expect(said("$4,620")).toEqual(["$4,620 million:contradicted"]);
    expect(grade(query, "CVS Health is capital-intensive, as the high value of its total assets ($4,620 million) shows.", balance).factuality).toBeLessThanOrEqual(2);
  });
  it("does not read a computation's operands in parentheses as the row named before them", () => {
    expect(statuses("Other assets represent approximately 2.0% of total assets ($4,620 million out of $228,275 million) in 2022.", balance)).not.toContain("$4,620 million:contradicted");
  });
});

describe("a January year-end column is named by either of two years, never by a third", () => {
  const cash = [
    "Consolidated Statements of Cash Flows", "$ in millions", "Fiscal Years Ended", "January 28, 2023", "January 29, 2022", "January 30, 2021",
    "Total cash provided by operating activities 1,824 3,252 4,927", "Total cash used in investing activities (962) (1,372) (788)", "Total cash used in financing activities (1,806) (4,297) (876)",
  ].join("\n");
  const query = "Among operations, investing, and financing activities, which brought in the most (or lost the least) cash flow for Best Buy in FY2023?";
  const said = (investing: string) => `Operating activities brought in the most cash flow for Best Buy in FY2023 with $1,824 million, while investing activities used ${investing} million.`;
  it("reads the prior column's figure given to fiscal 2023 as contradicted; the column's own as carried", () => {
    expect(checkStatement(said("$(962)"), [cash], new Set(), query).figures.map((c) => `${c.figure.raw}:${c.status}`)).toEqual(["$1,824 million:carried", "$(962) million:carried"]);
    expect(checkStatement(said("$(1,372)"), [cash], new Set(), query).figures.map((c) => `${c.figure.raw}:${c.status}`)).toContain("$(1,372) million:contradicted");
    expect(grade(query, said("$(1,372)"), cash).factuality).toBeLessThan(grade(query, said("$(962)"), cash).factuality);
  });
  it("reads fiscal 2022 as either the January 2023 or the January 2022 column when no company's calendar tells: neither carries it", () => {
    expect(statuses("Total cash used in investing activities was $(962) million in fiscal 2022.", cash)).toEqual(["$(962) million:undated"]);
    expect(statuses("Total cash used in investing activities was $(1,372) million in fiscal 2022.", cash)).toEqual(["$(1,372) million:undated"]);
  });
  it("reads fiscal 2022 as Best Buy names it when the question names Best Buy: the January 2022 column", () => {
    const asked = "How much cash did Best Buy use in investing activities in fiscal 2022?";
    const read = (answer: string) => checkStatement(answer, [cash], new Set(), asked).figures.map((c) => `${c.figure.raw}:${c.status}`);
    expect(read("Total cash used in investing activities was $(1,372) million in fiscal 2022.")).toEqual(["$(1,372) million:carried"]);
    expect(read("Total cash used in investing activities was $(962) million in fiscal 2022.")).toEqual(["$(962) million:contradicted"]);
  });
});

describe("a statement's formula constants and its own quoted figures", () => {
  const income = "Consolidated Statements of Earnings\n$ in millions\nFiscal Years Ended\nJanuary 28, 2023\nJanuary 29, 2022\nRevenue 46,298 51,761\nCost of sales 36,386 40,121\nGross profit 9,912 11,640";
  const query = "What was Best Buy's gross margin in FY2023?";
  it("reads a margin worked out from the figures the statement quotes as carried, '* 100' as no claim", () => {
    const right = grade(query, "Gross Margin = ($9,912 / $46,298) * 100 ≈ 21.41% for FY2023.", income);
    const changed = grade(query, "Gross Margin = ($9,912 / $46,298) * 100 ≈ 24.41% for FY2023.", income);
    expect(right.reasoning).toContain("3 of 3 figures are carried");
    expect(changed.factuality).toBeLessThan(right.factuality);
  });
});

describe("column groups side by side, each with its years and a change column (JPMorgan's segment results)", () => {
  // JPMorgan Chase 10-Q, first quarter of 2021, "Segment results managed basis" (shortened), as PDF text prints it.
  const segments = [
    "Segment results managed basis", "Three months ended March 31,", "Consumer & Community Banking", "Corporate & Investment Bank", "Commercial Banking", "(in millions, except ratios)",
    "2021", "2020", "Change", "2021", "2020", "Change", "2021", "2020", "Change",
    "Total net revenue", "$ 12,517", "$ 13,287", " (6) %", "$ 14,605", "$ 10,003", " 46 %", "$", "2,393", "$", "2,165", " 11 %",
    "Provision for credit losses", "(3,602)", "5,772", "NM", "(331)", "1,401", "NM", "(118)", "1,010", "NM",
    "Net income/(loss)", "6,728", "197", "NM", "5,740", "1,985", " 189", "1,168", "139", "NM",
    "Three months ended March 31,", "Asset & Wealth Management", "Corporate", "Total", "(in millions, except ratios)",
    "2021", "2020", "Change", "2021", "2020", "Change", "2021", "2020", "Change",
    "Total net revenue", "$", "4,077", "$", "3,389", " 20 %", "$", "(473) $", "166", "NM", "$ 33,119", "$ 29,010", " 14 %",
    "Provision for credit losses", "(121)", "94", "NM", "16", "8", " 100", "(4,156)", "8,285", "NM",
    "Net income/(loss)", "1,244", "669", " 86", "(580)", "(125)", " (364)", "14,300", "2,865", " 399",
  ].join("\n");
  it("reads one table per group, each with the group's two years and without its change column", () => {
    const tables = parseTables(segments);
    expect(tables.map((t) => t.group)).toEqual(["Consumer & Community Banking", "Corporate & Investment Bank", "Commercial Banking", "Asset & Wealth Management", "Corporate", "Total"]);
    expect(tables[1].years).toEqual([2021, 2020]);
    expect(tables[1].rows.map((r) => `${r.printed}: ${r.values.join(" ")}`)).toEqual(["Total net revenue: 14605 10003", "Provision for credit losses: -331 1401", "Net income/(loss): 5740 1985"]);
    expect(tables[4].rows[0].values).toEqual([-473, 166]);
  });
  it("carries a group's figure under the group the statement names; another group's or year's is not carried", () => {
    const said = (figure: string) => statuses(`Corporate & Investment Bank had net income of ${figure} million in the first quarter of 2021.`, segments);
    expect(said("$5,740")).toEqual(["$5,740 million:carried"]);
    expect(said("$1,985")).toEqual(["$1,985 million:contradicted"]);
    expect(said("$6,728")).not.toContain("$6,728 million:carried");
  });
  it("ranks the groups on the row the question names, telling 'Corporate' from 'Corporate & Investment Bank'", () => {
    const query = "Which of JPM's business segments had the lowest net revenue in 2021 Q1?";
    const right = grade(query, "The segment with the lowest net revenue in the first quarter of 2021 was the Corporate segment, with a total net revenue of $(473) million.", segments);
    const wrong = grade(query, "The segment with the lowest net revenue in the first quarter of 2021 was Commercial Banking, with a net revenue of $2,393 million.", segments);
    expect(right.reasoning).toContain("Corporate comes first, as the answer says");
    expect(wrong.reasoning).toContain("Corporate comes first, not Commercial Banking");
    expect(wrong.factuality).toBeLessThanOrEqual(2);
    const highest = grade("Which of JPM's business segments had the highest net income in 2021 Q1?", "Consumer and Community Banking had the highest net income in the first quarter of 2021, $6,728 million.", segments);
    expect(highest.reasoning).toContain("Consumer & Community Banking comes first, as the answer says");
  });
});

describe("a figure in parentheses after its label", () => {
  it("reads 'Loss before income taxes: ($5,022 million)' under its label, so another year's value is contradicted", () => {
    const income = "Consolidated Statements of Operations\n(Dollars in millions)\n2022 2021\nLoss before income taxes (5,022) (5,033)\nIncome tax (expense)/benefit (31) 743";
    expect(statuses("For FY2022:\nLoss before income taxes: ($5,022 million)", income)).toEqual(["$5,022 million:carried"]);
    expect(statuses("For FY2022:\nLoss before income taxes: ($5,033 million)", income)).toEqual(["$5,033 million:contradicted"]);
  });
});

describe("period groups side by side, each with its years and a '% Change' column (Pfizer's three and six months)", () => {
  // Pfizer 10-Q, second quarter of 2023, revenues by geographic area (two rows), as PDF text prints it.
  const regions = [
    "The following summarizes revenues by geographic area:", "Three Months Ended", "Six Months Ended", "(MILLIONS)",
    "July 2,", "2023", "July 3,", "2022", "%", "Change", "July 2,", "2023", "July 3,", "2022", "%", "Change",
    "United States", "$", "6,185", "$", "11,222", "(45)", "$", "14,692", "$", "20,140", "(27)",
    "Developed Europe", "2,415", "5,480", "(56)", "5,236", "11,569", "(55)",
    "Developed Rest of World", "1,305", "5,034", "(74)", "3,778", "8,320", "(55)",
    "Emerging Markets", "2,828", "6,006", "(53)", "7,308", "13,373", "(45)",
  ].join("\n");
  it("reads a table per period, without the change column", () => {
    const tables = parseTables(regions);
    expect(tables.map((t) => t.columnPeriods)).toEqual([["quarter", "quarter"], ["half", "half"]]);
    expect(tables[0].rows[2].values).toEqual([1305, 5034]);
    expect(tables[1].rows[2].values).toEqual([3778, 8320]);
  });
  it("ranks a quarter's drop on the three months' table, not the six months'", () => {
    const query = "For Pfizer, which geographic region had the biggest drop in Q22023 year over year revenues (on a percentage basis)?";
    const right = grade(query, "The geographic region with the biggest drop in Q2 2023 revenues was Developed Rest of World, down 74%.", regions);
    const wrong = grade(query, "The geographic region with the biggest drop in Q2 2023 revenues was Developed Europe, down 56%.", regions);
    expect(right.reasoning).toContain("Developed Rest of World comes first, as the answer says");
    expect(wrong.factuality).toBeLessThanOrEqual(2);
    const changed = grade(query, "The geographic region with the biggest drop in Q2 2023 revenues was Developed Rest of World, down 118%.", regions);
    expect(changed.reasoning).toContain("the figure it gives, 118%, is not the one the table gives");
    expect(changed.factuality).toBeLessThan(right.factuality);
  });
});

describe("digits a source does not print", () => {
  const release = "MGM Resorts maintained an annual dividend of $0.01 per share throughout 2022.";
  it("carries a figure as the source prints it or rounder, not with digits added", () => {
    expect(statuses("MGM Resorts paid an annual dividend of $0.01 per share in 2022.", release)).toEqual(["$0.01:carried"]);
    expect(statuses("MGM Resorts paid an annual dividend of $0.013 per share in 2022.", release)).toEqual(["$0.013:unmatched"]);
    const query = "Has MGM Resorts paid dividends to common shareholders in FY2022?";
    expect(grade(query, "Yes, MGM Resorts paid an annual dividend of $0.008 per share in 2022.", release).factuality).toBeLessThan(grade(query, "Yes, MGM Resorts paid an annual dividend of $0.01 per share in 2022.", release).factuality);
  });
  it("still carries a rounder figure of the source's ('$1.6 billion' for '$1,577 million')", () => {
    expect(statuses("Capital expenditures were $1.6 billion in 2018.", "Capital expenditures were $1,577 million in 2018.")).toEqual(["$1.6 billion:carried"]);
  });
});

describe("reading defects found by chat (shared readers)", () => {
  it("does not read the last figure of a label's note as the row's first cell", () => {
    const balance = "Consolidated Balance Sheets\n(Millions)\n2022\n2021\nAccounts payable\n12,133\n10,574\nLong-term debt (includes debt issued by consolidated variable interest entities: 2022, $12,662; 2021, $13,803)\n42,573\n38,675\nOther liabilities\n37,350\n30,497";
    const debt = parseTables(balance)[0].rows.find((r) => r.label === "long term debt");
    expect(debt?.values).toEqual([42573, 38675]);
    expect(statuses("Long-term debt was $42,573 million in 2022.", balance)).toEqual(["$42,573 million:carried"]);
    expect(statuses("Long-term debt was $38,675 million in 2022.", balance)).toEqual(["$38,675 million:contradicted"]);
  });
  it("finds a label whose spaces were lost ('capitalexpenditures netofconstructionpayable') in the loose reading", () => {
    const cash = "Consolidated Statements of Cash Flows\n(in millions)\n2022\n2021\ncapitalexpenditures netofconstructionpayable\n(3,001)\n(2,500)";
    expect(lookupRow(parseTables(cash), "capex", "capital expenditures", 2022, true)?.row.values).toEqual([-3001, -2500]);
    expect(lookupRow(parseTables(cash), "capex", "capital expenditures", 2020, true)).toBeNull();
  });
});

describe("a fair value table: the level column and the sections a question names", () => {
  // MGM Resorts 10-Q, June 30, 2023, debt investments by fair value level (shortened), as PDF text prints it.
  const investments = [
    "Fair value level", "June 30, 2023", "December 31, 2022", "(In thousands)", "Cash and cash equivalents:",
    "Money market funds", "Level 1", "$", "2,195", "$", "12,009", "Cash and cash equivalents", "2,195", "18,001",
    "Short-term investments:", "U.S. government securities", "Level 1", "57,696", "56,835", "U.S. agency securities", "Level 2", "29,049", "9,530",
    "Commercial paper and certificates of deposit", "Level 2", "4,561", "4,466", "Corporate bonds", "Level 2", "416,420", "213,875",
    "Short-term investments", "507,726", "284,706",
  ].join("\n");
  it("reads 'Level 2' as part of the row's label, not its first cell", () => {
    const bonds = parseTables(investments)[0].rows.find((r) => r.label === "corporate bonds");
    expect(bonds?.values).toEqual([416420, 213875]);
    expect(statuses("As of June 30, 2023, the investment in corporate bonds was $416,420 thousand.", investments)).toEqual(["$416,420 thousand:carried"]);
  });
  it("ranks the rows of the section the question names, 'corporate bonds' among them", () => {
    const query = "Which type of debt received the largest investment among the short term investments for MGM in H1 FY2023?";
    const right = grade(query, "The largest short-term investment as of June 30, 2023 was in corporate bonds, $416,420 thousand.", investments);
    const wrong = grade(query, "The largest short-term investment as of June 30, 2023 was in U.S. government securities, $57,696 thousand.", investments);
    expect(right.reasoning).toContain("Corporate bonds comes first, as the answer says");
    expect(wrong.reasoning).toContain("Corporate bonds comes first, not U.S. government securities");
    expect(wrong.factuality).toBeLessThanOrEqual(2);
  });
});
