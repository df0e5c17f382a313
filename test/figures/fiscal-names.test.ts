// A filing whose fiscal year ends in January ("During the fourth quarter of fiscal 2022 ... As of January 28,
// 2023"): its fiscal 2022 is the year a question calls FY2023, as a table column dated January 28, 2023 is
// read both ways. A prose figure the filing dates "fiscal 2022" is carried for FY2023 too (issue 19: a false
// contradiction of a correct Ulta Beauty answer); another year is still contradicted (wrong on purpose), and
// a filing whose year ends in December gives its fiscal years no other name.
import { describe, expect, it } from "vitest";
import { checkStatement } from "../../src/figures/statement";

const ulta =
  "Share Repurchase Program\nDuring the fourth quarter of fiscal 2022, the Company repurchased 722,457 shares of its common stock at a cost of $328.1 million. During fiscal 2022, the Company repurchased 2.2 million shares of its common stock at a cost of $900.0 million. As of January 28, 2023, $1.1 billion remained available under the $2.0 billion share repurchase program.";
const statuses = (answer: string, source: string) => checkStatement(answer, [source]).figures.map((c) => `${c.figure.raw}:${c.status}`);

describe("a prose figure of a filing whose fiscal year ends in January", () => {
  it("is carried for the fiscal year's other name and its own", () => {
    expect(statuses("In Q4 of FY2023, Ulta Beauty repurchased 722,457 shares of its common stock.", ulta)).toEqual(["722,457:carried"]);
    expect(statuses("In the fourth quarter of fiscal 2022, Ulta Beauty repurchased 722,457 shares of its common stock.", ulta)).toEqual(["722,457:carried"]);
  });

  it("is contradicted for another year (wrong on purpose)", () => {
    expect(statuses("In Q4 of FY2021, Ulta Beauty repurchased 722,457 shares of its common stock.", ulta)).toEqual(["722,457:contradicted"]);
  });

  it("has no other name in a filing whose year ends in December", () => {
    const december = ulta.replace("January 28, 2023", "December 31, 2022");
    expect(statuses("In Q4 of FY2023, the company repurchased 722,457 shares of its common stock.", december)).toEqual(["722,457:contradicted"]);
  });
});
