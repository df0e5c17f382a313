// A per-share effect named after its figure: "a partial-year benefit of approximately 73.5 million shares or $0.28
// benefit to EPS" (Johnson & Johnson's 8-K of August 30, 2023). The answer's "$0.82 of EPS" had read LLM 4/4/2/3
// against npm run dev (agent unresolved): both figures read as amounts of shares. Each is now a per-share figure
// of the benefit to EPS, so the changed one is contradicted by the benefit, not by the year's EPS guidance.
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, type TestOrg } from "../helpers/harness";
import { itTellsApart, JNJ_KENVUE_BULLETS, judgeAgainst } from "./judge-helpers";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

const GUIDANCE = [
  "\u2022 Company expects 2023 Adjusted Reported Earnings Per Share (EPS) of $10.00 - $10.10, reflecting increased growth of",
  "12.5% at the mid-point and Adjusted Operational EPS of $9.90 - $10.00, reflecting increased growth of 11.5% at the mid-",
  "point",
  JNJ_KENVUE_BULLETS,
].join("\n");

const said = (eps: string) =>
  `Johnson & Johnson reduced its outstanding share count by approximately 191 million; 2023 guidance reflects a partial-year benefit of about 73.5 million shares, or ${eps} of EPS.`;

describe("a per-share effect named after its figure", () => {
  const judged = judgeAgainst(() => org, "By how much did the Kenvue exchange offer reduce Johnson & Johnson's share count?", [{ title: "Johnson & Johnson 8-K, August 2023", content: GUIDANCE }]);
  itTellsApart(judged, said("$0.28"), [{ wrong: "its digits swapped", answer: said("$0.82"), why: "The source gives benefit to EPS for 2023 as $0.28, not $0.82." }]);

  it("is not read as the year's EPS", async () => {
    const llm = await judged("llm", said("$0.82"));
    expect(llm.result.reasoning).not.toContain("$10.00");
  });
});
