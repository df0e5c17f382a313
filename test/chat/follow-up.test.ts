// Follow-up questions resolved against the previous turn's resolved question (src/chat/follow-up.ts):
// shift the year, swap the company, swap the metric; a standalone question is left as it is. Pure logic.
import { describe, expect, it } from "vitest";
import { resolveFollowUp } from "../../src/chat/follow-up";
import type { PriorTurn } from "../../src/chat/types";

const turn = (resolvedQuery: string): PriorTurn[] => [{ query: resolvedQuery, resolvedQuery, answer: "..." }];

describe("resolveFollowUp", () => {
  it("shifts the previous question's years for 'and the year before?' and 'the following year'", () => {
    expect(resolveFollowUp("and the year before?", turn("What was Boeing's revenue in FY2022?"))).toBe("What was Boeing's revenue in FY2021?");
    expect(resolveFollowUp("And the previous year?", turn("What was 3M's capex in 2018?"))).toBe("What was 3M's capex in 2017?");
    expect(resolveFollowUp("what about the following year?", turn("What was Nike's gross margin in fiscal 2020?"))).toBe("What was Nike's gross margin in fiscal 2021?");
    // A range moves as a whole.
    expect(resolveFollowUp("and the year before?", turn("How did Amazon's net sales change from FY2021 to FY2022?"))).toBe("How did Amazon's net sales change from FY2020 to FY2021?");
  });

  it("puts a named year in place of the previous one", () => {
    expect(resolveFollowUp("what about 2019?", turn("What was Boeing's revenue in FY2022?"))).toBe("What was Boeing's revenue in FY2019?");
  });

  it("swaps the company for 'what about Boeing?'", () => {
    expect(resolveFollowUp("what about Boeing?", turn("What was 3M's revenue in FY2022?"))).toBe("What was Boeing's revenue in FY2022?");
    expect(resolveFollowUp("And Microsoft?", turn("What was Apple's net income in 2023?"))).toBe("What was Microsoft's net income in 2023?");
  });

  it("swaps the metric for 'and its net income?'", () => {
    expect(resolveFollowUp("and its net income?", turn("What was Apple's revenue in FY2022?"))).toBe("What was Apple's net income in FY2022?");
    expect(resolveFollowUp("What about its operating margin?", turn("What was Nike's gross margin in FY2021?"))).toBe("What was Nike's operating margin in FY2021?");
  });

  it("applies a company, a metric and a year together", () => {
    expect(resolveFollowUp("and Boeing's net income the year before?", turn("What was 3M's revenue in FY2022?"))).toBe("What was Boeing's net income in FY2021?");
  });

  it("leaves a standalone question unchanged, and any question when there is no earlier turn", () => {
    const standalone = "What was Microsoft's total assets at the end of FY2023?";
    expect(resolveFollowUp(standalone, turn("What was Boeing's revenue in FY2022?"))).toBe(standalone);
    expect(resolveFollowUp("Which segment of Pfizer grew fastest in 2022?", turn("What was Boeing's revenue in FY2022?"))).toBe("Which segment of Pfizer grew fastest in 2022?");
    expect(resolveFollowUp("and the year before?", [])).toBe("and the year before?");
  });

  it("reads a long question only as a standalone one, in bounded time", () => {
    const long = `and ${"its revenue ".repeat(50_000)}`;
    expect(resolveFollowUp(long, turn("What was Boeing's revenue in FY2022?"))).toBe(long);
  });
});
