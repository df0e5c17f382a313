// Ulta Beauty's Q4 FY2022 release as `npm run dev` indexes its first page (demo-pages.ts), through the Worker
// and both judges, wrong on purpose. Its table's columns are dated January 28, 29 and 30 of 2023, 2022 and
// 2021, each month and day on a line of its own: Ulta's fiscal 2022, 2021 and 2020 (it names a year by the
// calendar year it starts in). The split months were not read as January year-ends, so the column printed
// 2022 was fiscal 2022: fiscal 2021's comparable sales given for fiscal 2022 scored 5/5/5/5 by the LLM judge.
// And the dateline ("March 9, 2023", the page's first line) was read as a one-column table's header, which
// dated the headline's "Comparable Sales Increased 15.6%" 2023. On its third page, "$1.1 billion remained
// available under the $2.0 billion share repurchase program": the program's size given as what remained was
// `accurate` (the $2.0 billion read with the words before it, the other figure's).
import { beforeAll, describe } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { itTellsApart, judgeAgainst } from "./judge-helpers";
import { ULTA_PAGE_1, ULTA_PAGE_3 } from "./demo-pages";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

describe("a table of January year-ends, each month and day on a line of its own", () => {
  const judged = judgeAgainst(() => org, "How did Ulta Beauty do in fiscal 2022?", [{ title: "Ulta Beauty Q4 FY2022 release, page 1", content: ULTA_PAGE_1 }]);
  itTellsApart(judged, "Ulta Beauty's comparable sales increased 15.6% in fiscal 2022.", [
    { wrong: "fiscal 2021's comparable sales", answer: "Ulta Beauty's comparable sales increased 37.9% in fiscal 2022.", why: "37.9% is comparable sales for fiscal 2021, not 2022" },
  ]);
  itTellsApart(judged, "Ulta Beauty's comparable sales increased 15.6% in the fourth quarter of fiscal 2022.", [
    { wrong: "the fourth quarter of fiscal 2021's", answer: "Ulta Beauty's comparable sales increased 21.4% in the fourth quarter of fiscal 2022.", why: "21.4% is comparable sales for fiscal 2021, not 2022" },
  ]);
  itTellsApart(judged, "Ulta Beauty's diluted earnings per share were $24.01 in fiscal 2022.", [
    { wrong: "fiscal 2021's diluted EPS", answer: "Ulta Beauty's diluted earnings per share were $17.98 in fiscal 2022.", why: "$17.98 is diluted earnings per share for fiscal 2021, not 2022" },
  ]);
});

describe("what remained of a program beside the program's size", () => {
  const judged = judgeAgainst(() => org, "How much remained under Ulta Beauty's share repurchase program at the end of fiscal 2022?", [{ title: "Ulta Beauty Q4 FY2022 release, page 3", content: ULTA_PAGE_3 }]);
  const said = (figure: string) => `As of January 28, 2023, Ulta Beauty had ${figure} remaining under its share repurchase program.`;
  itTellsApart(judged, said("$1.1 billion"), [{ wrong: "the program's size as what remained", answer: said("$2.0 billion"), why: "$2.0 billion is share repurchase program, not what remained available: the source gives $1.1" }]);
});
