// The local chat engine on "which debt securities are registered ...": the classes a filing's cover page lists
// under "Securities registered pursuant to Section 12(b) of the Act", each with its trading symbol and
// exchange, cited; debt only when debt is asked; nothing for another company. Through answerPieces, so the
// grounding guard runs over the answer.
import { describe, expect, it } from "vitest";
import { NOT_IN_DOCUMENTS } from "../../src/chat/local-answer";
import type { Passage } from "../../src/chat/types";
import { answerOver, passageOf } from "./chat.helpers";

const COVER = `ZENTRIX CORPORATION
(Exact name of registrant as specified in its charter)
Securities registered pursuant to Section 12(b) of the Act:
Title of each class
Trading Symbol(s)
Name of each exchange on which registered
Common Stock, Par Value $.01 Per Share
ZTX
New York Stock Exchange
2.250% Notes due 2027
ZTX27
New York Stock Exchange
3.125% Notes due 2032
ZTX32
New York Stock Exchange
Indicate by check mark whether the registrant (1) has filed all reports required to be filed by Section 13 or 15(d).`;

const cover = (text: string) => passageOf(text, "Zentrix", "ZTX", { fiscalYear: 2023, form: "10Q", docType: "filing" });

const answer = async (query: string, passages: Passage[]) => (await answerOver(query, passages)).text;

describe("local answer engine: registered securities", () => {
  it("lists the debt classes the cover page registers, with symbol and exchange, cited", async () => {
    const text = await answer("Which debt securities are registered to trade on a national securities exchange under Zentrix's name as of Q2 of 2023?", [cover(COVER)]);
    expect(text).toBe(
      "2.250% Notes due 2027, trading symbol ZTX27, is registered on the New York Stock Exchange [1].\n" +
        "3.125% Notes due 2032, trading symbol ZTX32, is registered on the New York Stock Exchange [1].",
    );
  });

  it("lists every class when no debt is asked, and nothing for another company", async () => {
    const text = await answer("Which securities are registered under Zentrix's name?", [cover(COVER)]);
    expect(text).toContain("Common Stock, Par Value $.01 Per Share, trading symbol ZTX, is registered on the New York Stock Exchange [1].");
    expect(text).not.toContain("Title of each class");
    expect(await answer("Which debt securities are registered to trade on a national securities exchange under Globex's name?", [cover(COVER)])).toBe(NOT_IN_DOCUMENTS);
  });
});
