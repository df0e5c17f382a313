// A count takes what it counts into its item: "Ulta Beauty ended the third quarter of fiscal 2022 with 1,325 stores"
// had the item "Ulta Beauty" (the words before "with"), so the quarter's opening count given for its end read LLM
// 3/5/2/3 against npm run dev (agent unresolved). Its item is now the stores, and the store update's row of the
// count at the quarter's end contradicts it, naming that row rather than the stores opened.
import { beforeAll, describe } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { itTellsApart, judgeAgainst, ULTA_STORE_UPDATE } from "./judge-helpers";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

const STORE_UPDATE = ULTA_STORE_UPDATE;

const said = (stores: string) => `Ulta Beauty ended the third quarter of fiscal 2022 with ${stores} stores after opening 18 stores in the quarter.`;

describe("a count of stores at a quarter's end", () => {
  const judged = judgeAgainst(() => org, "How many stores did Ulta Beauty have at the end of the third quarter of fiscal 2022?", [{ title: "Ulta Beauty Q4 FY2022 release, Exhibit 5", content: STORE_UPDATE }]);
  itTellsApart(judged, said("1,343"), [
    { wrong: "the quarter's opening count", answer: said("1,325"), why: "1,325 is stores open at end of the quarter for the second quarter of 2022, not the third; the source gives 1,343 for 2022." },
  ]);
});
