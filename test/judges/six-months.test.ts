// A table headed "Six Months Ended" over every column (Best Buy's 10-Q cash flows) through the Worker and
// both judges: each column is six months of its year. It was read as a quarter's, so the right answer's
// figures were contradicted ("$181 million is ... for the three months ended July 29, 2023, not for six
// months"), the worst reading a judge can give; the prior year's column is still contradicted.
import { beforeAll, describe, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { expectBothTellApart, judgeAgainst } from "./judge-helpers";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

const CASH_FLOWS = [
  "Condensed Consolidated Statements of Cash Flows",
  "$ in millions (unaudited)",
  "Six Months Ended",
  "July 29, 2023 July 30, 2022",
  "Operating activities",
  "Net earnings $ 518 $ 647",
  "Depreciation and amortization 473 453",
  "Total cash provided by (used in) operating activities 181 (709)",
  "Investing activities",
  "Additions to property and equipment (395) (441)",
  "Total cash used in investing activities (381) (484)",
].join("\n");

const judged = judgeAgainst(
  () => org,
  "How much cash did Best Buy's operating activities provide in the first six months of fiscal 2024, and how much did it spend on additions to property and equipment?",
  [{ title: "Best Buy 10-Q Q2 FY2024, cash flows", content: CASH_FLOWS }],
);

describe("a table of six months' columns", () => {
  it("carries the six months' figures and contradicts the prior year's", async () => {
    await expectBothTellApart(
      judged,
      "In the first six months of fiscal 2024, Best Buy's operating activities provided $181 million of cash, and additions to property and equipment were $395 million.",
      "In the first six months of fiscal 2024, Best Buy's operating activities used $709 million of cash, and additions to property and equipment were $441 million.",
      "$709 million is total cash provided by (used in) operating activities for fiscal 2023, not 2024",
    );
  });
});
