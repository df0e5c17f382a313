// The arithmetic an answer writes out, read whole (issue 19, perturbations of bench:judge): expressions with
// brackets and precedence, a named quantity worked out on one line and given on the next, and a change
// written in words. A step is never read from the middle of an expression, so a correct calculation counts
// no error, and a figure swapped inside one makes it fail.
import { describe, expect, it } from "vitest";
import { arithmeticErrors, arithmeticRelations, groundedSteps } from "../../src/judges/engine/arithmetic";
import { gradeAnswer } from "../../src/judges/engine/grade";

const grade = (query: string, answer: string, reference: string) => gradeAnswer({ query, answer, references: [reference], evidence: [], verdicts: { supported: 0, contradicted: 0, unresolved: 0 } });

describe("expressions read whole", () => {
  it("reads brackets and precedence, so a percentage of a total is no error", () => {
    expect(arithmeticErrors("1. Commercial Airplanes: ($25,867 / $66,608) * 100 = 38.83% 2. Defense: ($23,162 / $66,608) * 100 = 34.77%")).toBe(0);
    expect(arithmeticErrors("Gross Margin = (Total Revenues - COGS) / Total Revenues = (62,286 - 59,237) / 62,286 = 4.89%")).toBe(0);
    expect(arithmeticErrors("Average inventory = ($10,387 million + $12,483 million) / 2 = $11,435 million")).toBe(0);
    expect(arithmeticErrors("Average inventory = ($10,387 million + $230 million) / 2 = $11,435 million")).toBe(1);
  });

  it("does not read a year in brackets, nor an operand cut out of an expression with words, as a figure", () => {
    expect(arithmeticErrors("Working capital (2022) = $7,453 million - $5,175 million = $2,278 million")).toBe(0);
    expect(arithmeticErrors("Average = (Inventory at the end of FY2021 + Inventory at the end of FY2022) / 2 = ($10,387 million + $12,483 million) / 2 = $11,435 million")).toBe(0);
    expect(arithmeticErrors("20% of $66,608 million = 0.20 * 66,608 = $13,321.6 million")).toBe(0);
  });

  it("compares a named quantity worked out on one line with the value the next line gives it", () => {
    expect(arithmeticRelations("Total debt = $2,749 million + $47,032 million\nTotal debt = $49,781 million")).toEqual([{ left: "$2,749 million + $47,032 million", right: "$49,781 million", holds: true }]);
    expect(arithmeticErrors("Total debt = $2,749 million + $95,082 million\nTotal debt = $49,781 million")).toBe(1);
    expect(arithmeticErrors("- Quick Ratio = $27,111 million / $12,097 million\n- Quick Ratio ≈ 0.54")).toBe(1);
    // Another year's line between them: not the same quantity.
    expect(arithmeticErrors("For 2022: Gross Margin = 11,640 / 51,761\nFor 2023: Gross Margin = 9,912 / 46,298 = 21.41%")).toBe(0);
  });

  it("reads lines that work a named quantity out after a colon as one chain", () => {
    const lines = (first: string) => `Client:\nPercentage Increase: ((FY22 Revenue - FY21 Revenue) / FY21 Revenue) * 100\nPercentage Increase: ((${first} - $6,887) / $6,887) * 100\nPercentage Increase: (-$686 / $6,887) * 100\nPercentage Increase: -0.0996 * 100\nPercentage Increase: -9.96% (This is a decrease, not an increase)`;
    expect(arithmeticErrors(lines("$6,201"))).toBe(0);
    expect(arithmeticRelations(lines("$6,201")).map((r) => r.right)).toEqual(["(-$686 / $6,887) * 100", "-0.0996 * 100", "-9.96%"]);
    expect(arithmeticErrors(lines("$6,805"))).toBe(1);
  });

  it("checks a change written in words against its levels, relative or in points", () => {
    expect(arithmeticErrors("It increased by 64%, from $3.7 billion in 2021 to $6 billion in 2022.")).toBe(0);
    expect(arithmeticErrors("It increased by 64%, from $6.0 billion in 2021 to $6 billion in 2022.")).toBe(1);
    expect(arithmeticErrors("The revenues decreased from $5,034 million in Q2 2022 to $2,415 million in Q2 2023, which is a 74% decrease.")).toBe(1);
    expect(arithmeticErrors("The effective tax rate increased by 3% from 20% in FY2021 to 23% in FY2022.")).toBe(0);
  });

  it("checks a level, its change and the level it changed from ('was $8,890 million, down 7.1% from $9,569 million'), in size and direction", () => {
    expect(arithmeticErrors("Revenue was $8,890 million in the second quarter of fiscal 2024, down 7.1% from $9,569 million a year earlier.")).toBe(0);
    expect(arithmeticErrors("Revenue was $9,569 million, up 7.6% from $8,890 million.")).toBe(0);
    expect(arithmeticErrors("Revenue of $8.9 billion was down 7% from $9.6 billion.")).toBe(0);
    expect(arithmeticErrors("Gross margin was 23.1%, up 5% from 22.0%.")).toBe(0);
    // The two levels swapped: the size holds (7.1% of either), the direction does not.
    expect(arithmeticErrors("Revenue was $9,569 million in the second quarter of fiscal 2024, down 7.1% from $8,890 million a year earlier.")).toBe(1);
    expect(arithmeticErrors("Revenue was $8,890 million, down 3.1% from $9,569 million.")).toBe(1);
    expect(arithmeticErrors("Revenue was $9,569 million, up 7.1% from $8,890 million.")).toBe(1);
    // "from ... to ...", and years as the levels: not this form.
    expect(arithmeticErrors("Sales rose 5% from $100 million to $105 million.")).toBe(0);
    expect(arithmeticErrors("Net income grew 12% from 2022 to 2023.")).toBe(0);
  });

  it("checks the direction of a level and the level it moved from with no change written ('12.0 cents, up from 12.25 cents')", () => {
    expect(arithmeticErrors("It declared a quarterly dividend of 12.25 cents per share, up from 12.0 cents a year earlier.")).toBe(0);
    expect(arithmeticErrors("Operating margin fell to 12%, down from 15%.")).toBe(0);
    expect(arithmeticErrors("Net income was -$5 million, up from -$10 million.")).toBe(0);
    expect(arithmeticErrors("Revenue was $10 billion, higher than $9,500 million in 2022.")).toBe(0);
    expect(arithmeticErrors("The company had 1,355 stores, up from 1,308 stores.")).toBe(0);
    // The two levels swapped, or the direction reversed.
    expect(arithmeticErrors("It declared a quarterly dividend of 12.0 cents per share, up from 12.25 cents a year earlier.")).toBe(1);
    expect(arithmeticErrors("Revenue was $9 billion in 2023, up from $10 billion in 2022.")).toBe(1);
    expect(arithmeticErrors("Gross margin was 39.6%, down from 39.0% in fiscal 2021.")).toBe(1);
    // No direction written, or the from-to form: nothing read here.
    expect(arithmeticErrors("Revenue was $8,890 million, compared with $9,569 million.")).toBe(0);
    expect(arithmeticErrors("Revenue rose from $9 billion to $10 billion.")).toBe(0);
  });
});

describe("a figure followed by its working in brackets", () => {
  it("checks '155.5% ($7,396 million / $4,756 million)' and a share 'out of' a total", () => {
    expect(arithmeticErrors("The conversion rates are 155.5% ($7,396 million / $4,756 million) and 142.8% ($6,882 million / $4,822 million).")).toBe(0);
    expect(arithmeticErrors("The conversion rate is 155.5% ($7,396 million / $4,822 million).")).toBe(1);
    expect(arithmeticErrors("Commercial Airplanes is 38.8% of the total revenue ($25,867 million out of $66,608 million).")).toBe(0);
    expect(arithmeticErrors("Commercial Airplanes is 38.8% of the total revenue ($19,493 million out of $66,608 million).")).toBe(1);
  });

  it("reads no working in a bracket without an operator", () => {
    expect(arithmeticRelations("Net income of $5,000 million (2022) and a loss of (5), wireless licenses ($149,796 million).")).toEqual([]);
  });
});

describe("grading an answer whose calculation holds and one with a figure swapped inside it", () => {
  const reference = "Consolidated Balance Sheets (In millions)\nJune 30, 2023 2022\nCurrent portion of long-term debt 5,247 2,749\nLong-term debt 41,990 47,032\nTotal current liabilities 104,149 95,082";
  const query = "What was Microsoft's total debt in FY2022?";
  it("grades the swapped operand lower, though each figure is some row's", () => {
    const right = grade(query, "Total debt for FY2022:\nTotal debt = $2,749 million + $47,032 million\nTotal debt = $49,781 million", reference);
    const swapped = grade(query, "Total debt for FY2022:\nTotal debt = $2,749 million + $95,082 million\nTotal debt = $49,781 million", reference);
    expect(swapped.factuality).toBeLessThan(right.factuality);
    expect(swapped.reasoning).toContain("calculation step(s) do not hold");
  });
});

describe("numbers that are part of a name", () => {
  const reference = "Boeing plans to gradually increase the 787 program production rate to five per month in 2023. Production of the 777X is expected to resume in 2023. The 737 program is producing at 31 per month.";
  const query = "What production rate changes is Boeing forecasting for FY2023?";
  it("reads 'the 737 MAX', 'Flight 610' and 'the Act of 1934' as names, not figures the sources must state", () => {
    const named = grade(query, "Boeing expects the 787 program to reach five per month in 2023, after the 737 MAX accidents of Lion Air Flight 610 and a filing under the Securities Exchange Act of 1934.", reference);
    expect(named.factuality).toBeGreaterThanOrEqual(4);
    expect(named.reasoning).not.toContain("neither stated in the sources");
  });
  it("still reads a figure written with a unit or separators as a figure", () => {
    const figure = grade(query, "Boeing expects the 787 program to reach 5,000 aircraft per month in 2023.", reference);
    expect(figure.reasoning).toContain("neither stated in the sources");
  });
});

describe("a contradicted figure costs as much as a calculation that does not hold", () => {
  const reference = "Consolidated Statement of Income (Millions)\n2022 2021\nNet sales 34,229 35,355\nOperating income 6,539 7,369";
  const query = "What was 3M's operating income in 2022 and 2021?";
  // The two margins are steps the statement checks, and "margin =" names the first (they cost nothing); the
  // "=" that compute nothing still do.
  const steps = "margin = 6,539 / 34,229 = 19.1%, and 7,369 / 35,355 = 20.8%, so = lower, trend = down, outlook = weaker, view = cautious.";
  it("takes an answer already read low for its steps one score lower, not only to the ceiling of 2", () => {
    const right = grade(query, `Operating income was $6,539 million in 2022 and $7,369 million in 2021; ${steps}`, reference);
    const wrong = grade(query, `Operating income was $6,539 million in 2022 and $9,369 million in 2021; ${steps}`, reference);
    // Read 3 for the steps that compute nothing (and the words they bring); the contradicted figure takes it to 1.
    expect(right.factuality).toBe(3);
    expect(wrong.factuality).toBe(1);
    expect(wrong.reasoning).toContain("The source gives operating income for 2021 as 7,369 million, not $9,369 million.");
  });
});

describe("a step checked by the sources is no chance of error (factuality)", () => {
  it("counts the steps that hold and work only with grounded figures, a checked step's result grounding the next", () => {
    const text = "Gross margin = ($46,298M - $36,386M) / $46,298M = $9,912M / $46,298M = 21.41%";
    const at = (s: string) => text.indexOf(s);
    const stated = new Set([at("46,298"), at("36,386")]);
    const grounded = (start: number, end: number) => [...stated].some((i) => i >= start && i < end) || text.slice(start, end).includes("46,298");
    // (46,298 - 36,386) / 46,298 = 9,912 / 46,298: one side grounded, the other's one figure the sources do
    // not state is pinned by the step (9,912 can be nothing else), so it is checked and 9,912 a result;
    // 9,912 / 46,298 = 21.41% then rests on it.
    expect(groundedSteps(text, grounded).steps).toBe(2);
    // Wrong on purpose: a pinned figure the step does not hold for, or two figures no source states on one side.
    const wrong = text.replace("9,912M", "9,000M");
    expect(groundedSteps(wrong, (s, e) => /^\$?(46,298|36,386)/.test(wrong.slice(s, e))).steps).toBe(0);
    const two = "Gross margin = ($46,298M - $36,386M) / $46,298M = $19,824M / $92,596M";
    expect(groundedSteps(two, (s, e) => /^\$?(46,298|36,386)/.test(two.slice(s, e))).steps).toBe(0);
    // Written as a result first: "= $9,912M" then from it.
    const chain = "Gross profit = $46,298M - $36,386M = $9,912M\nGross margin = $9,912M / $46,298M = 21.41%";
    const statedChain = (start: number, end: number) => /^\$?(46,298|36,386)/.test(chain.slice(start, end));
    expect(groundedSteps(chain, statedChain).steps).toBe(2);
    // A step that does not hold, or an operand the sources do not state, is not checked.
    expect(groundedSteps("Gross profit = $46,298M - $36,386M = $9,000M", (s, e) => /^\$?(46,298|36,386)/.test("Gross profit = $46,298M - $36,386M = $9,000M".slice(s, e))).steps).toBe(0);
    // The first step's operand not stated: neither is checked (its result grounds nothing).
    expect(groundedSteps(chain, (s, e) => /^\$?46,298/.test(chain.slice(s, e))).steps).toBe(0);
    // A name given a figure the sources state ("Revenue = $46,298 million") is a quote, not a step; a figure
    // they do not state, or one that starts an expression, is not one.
    const quotes = "Revenue = $46,298 million\nCost of sales = $36,000 million\nGross profit = $46,298 million - $36,386 million";
    expect(groundedSteps(quotes, (s, e) => /^\$?(46,298|36,386)/.test(quotes.slice(s, e))).quotes).toBe(1);
  });

  it("reads a name given a ratio's working on grounded figures as a quote, and a chain's next line as its step", () => {
    const stated = (text: string, figures: RegExp) => (s: number, e: number) => figures.test(text.slice(s, e));
    // "Gross Margin =" names the working; its two "=" after are its steps.
    const margin = "Gross Margin = ($66,608 million - $63,078 million) / $66,608 million = $3,530 million / $66,608 million = 5.30%";
    expect(groundedSteps(margin, stated(margin, /^\$?(66,608|63,078)/))).toEqual({ steps: 2, quotes: 1 });
    // Average inventory on one line, its value on the next: the first "=" names, the second is the step.
    const average = "Average Inventory = ($10,387 million + $12,483 million) / 2\nAverage Inventory = $22,870 million / 2\nAverage Inventory = $11,435 million";
    expect(groundedSteps(average, stated(average, /^\$?(10,387|12,483)/))).toEqual({ steps: 2, quotes: 1 });
    // Wrong on purpose: the same working on figures no source states (scaled) is no quote and no step.
    const scaled = margin.replace(/66,608/g, "86,590").replace("63,078", "82,001").replace("3,530", "4,589");
    expect(groundedSteps(scaled, stated(scaled, /^\$?(66,608|63,078)/))).toEqual({ steps: 0, quotes: 0 });
  });

  const reference = "Consolidated Statements of Earnings ($ in millions)\nFiscal Years Ended January 28, 2023 January 29, 2022\nRevenue $ 46,298 $ 51,761\nCost of sales 36,386 40,121\nGross profit 9,912 11,640";
  const query = "What was Best Buy's gross margin in FY2023?";
  it("reads steps on the statement's own figures above the same steps on a figure no source states (wrong on purpose)", () => {
    const answer = (cost: string, profit: string, margin: string) =>
      `Best Buy's gross margin in FY2023:\nRevenue = $46,298 million\nCost of sales = $${cost} million\nGross profit = $46,298 million - $${cost} million = $${profit} million\nGross margin = $${profit} million / $46,298 million = ${margin}%\nSo the gross margin was ${margin}%.`;
    const right = grade(query, answer("36,386", "9,912", "21.41"), reference);
    const wrong = grade(query, answer("33,386", "12,912", "27.89"), reference);
    expect(right.factuality).toBeGreaterThan(wrong.factuality);
    expect(wrong.factuality).toBeLessThanOrEqual(2);
  });
});
