// A results release's reconciliation of its adjusted measures (wrong on purpose, through the Worker and both
// judges), as Amcor prints it for fiscal 2023: two periods side by side ("Twelve Months Ended June 30, 2022",
// "... 2023"), each with the columns EBITDA, EBIT, Net Income and EPS (Diluted US cents), and rows that list the
// columns' items ("Adjusted EBITDA, EBIT, Net income and EPS 2,117 1,701 1,224 80.5 2,018 1,608 1,089 73.3"),
// then the adjusted growth and the comparable constant currency growth of each item. The table had not been
// read: the LLM judge graded the right answer 1/5/5/1. Printed a figure a line (FinanceBench's text of the same
// page), its cells had been read two at a time as the titles' two years, so the right "adjusted EBITDA was
// $2,018 million" was contradicted by adjusted EBIT's 1,701. Now each listed item is a table of its own, each
// growth row the later year's change, and cells a line each under those titles are not read as years.
import { beforeAll, describe, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { AMCOR_QUESTION, AMCOR_RECONCILIATION, AMCOR_RIGHT, amcorSaid, expectBothTellApart, judgeAgainst, itTellsApart } from "./judge-helpers";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

/** The same page as a PDF's text prints it: each period title on its line, then a row's label, then each cell on a line of its own after a blank one. */
function aFigureALine(text: string): string {
  return text
    .replace(/(\d{4}) (Twelve)/, "$1\n$2")
    .split("\n")
    .flatMap((line) => {
      const tokens = line.split(" ");
      let i = tokens.length;
      while (i > 0 && /^\(?[\d,.]+\)?$|^—$/.test(tokens[i - 1])) i--;
      return i === tokens.length || i === 0 || /months ended/i.test(line) ? [line] : [tokens.slice(0, i).join(" "), ...tokens.slice(i).flatMap((t) => [" ", t])];
    })
    .join("\n");
}

const said = amcorSaid;

describe("a reconciliation of adjusted EBITDA, EBIT, net income and EPS, a row per reconciling item and two periods side by side", () => {
  const judged = judgeAgainst(() => org, AMCOR_QUESTION, [{ title: "Amcor FY2023 results release, reconciliation", content: AMCOR_RECONCILIATION }]);
  const right = AMCOR_RIGHT;

  itTellsApart(judged, right, [
    { wrong: "the prior year's figures", answer: said("$1,701 million", "80.5 cents", "declined 2%"), why: "$1,701 million is adjusted EBIT for fiscal 2022, not 2023; the source gives 1,608 for 2023." },
    { wrong: "the GAAP figures given as adjusted", answer: said("$1,510 million", "70.5 cents", "declined 2%"), why: "$1,510 million is GAAP EBIT for 2023, not adjusted EBIT; the source gives 1,608." },
    { wrong: "adjusted EBITDA given as adjusted EBIT", answer: said("$2,018 million", "73.3 cents", "declined 2%"), why: "$2,018 million is adjusted EBITDA for 2023, not adjusted EBIT; the source gives 1,608." },
    { wrong: "the adjusted growth given as the comparable constant currency one", answer: said("$1,608 million", "73.3 cents", "declined 9%"), why: "9% is reported adjusted EPS (Diluted US cents) for 2023, not comparable constant currency adjusted EPS" },
    { wrong: "a rise for the printed decline", answer: said("$1,608 million", "73.3 cents", "rose 2%"), why: "as a decline of 2, not a rise of 2%" },
    { wrong: "cents given as dollars", answer: said("$1,608 million", "$73.3", "declined 2%"), why: "as 73.3 cents, not $73.3" },
  ]);

  it("reads the same page printed a figure a line, and no longer reads its cells two at a time as the titles' years", async () => {
    const lineEach = judgeAgainst(() => org, "What was Amcor's adjusted EBITDA for fiscal 2023, and its adjusted EBIT?", [
      { title: "Amcor FY2023 results release, reconciliation", content: aFigureALine(AMCOR_RECONCILIATION) },
    ]);
    await expectBothTellApart(
      lineEach,
      "Amcor's adjusted EBITDA for fiscal 2023 was $2,018 million, and its adjusted EBIT was $1,608 million.",
      "Amcor's adjusted EBITDA for fiscal 2023 was $2,018 million, and its adjusted EBIT was $1,701 million.",
      "$1,701 million is adjusted EBIT for fiscal 2022, not 2023",
    );
  });
});
