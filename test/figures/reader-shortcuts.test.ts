// Readers that skip work their input cannot need (session 27) must read as the plain versions did: each
// shortcut is held against the straightforward reading it replaced, on random inputs built from the tokens
// that matter to it (fast-check).
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { NUMBER, numberMatches } from "../../src/figures/numbers";
import { normalizeLabel } from "../../src/figures/table";
import { ITEMS, itemFor, lineItemOf } from "../../src/figures/line-items";
import { sentenceEntities, isStopWord } from "../../src/figures/text";

/** Strings of 0-14 tokens drawn from `tokens`. */
const textOf = (tokens: string[]) => fc.array(fc.constantFrom(...tokens), { maxLength: 14 }).map((t) => t.join(""));
const RUNS = { numRuns: 3_000 };

describe("reader shortcuts read as the plain readers did", () => {
  it("numberMatches: NUMBER tried only before digit runs finds what matchAll finds", () => {
    const tokens = ["1", "9", "0", ",", ".", " ", "  ", "$", "US$", "USD", "USD ", "€", "(", ")", "-", "−", "–", "%", "percent", "pp", "bps", "million", "Millions", "m", "B", "k", "mn", "a", "\u00a0", "\n", "1,234", "12.5", ".5", "2023"];
    const sig = (ms: RegExpMatchArray[]) => ms.map((m) => [m.index, ...m]);
    fc.assert(fc.property(textOf(tokens), (text) => {
      expect(sig(numberMatches(text))).toEqual(sig([...text.matchAll(NUMBER)]));
    }), RUNS);
  });

  it("normalizeLabel: the rewrites skipped on labels without their characters", () => {
    const plain = (label: string) => label.toLowerCase().replace(/\([^()]*\)\/?/g, " ").replace(/\[\d\]/g, " ").replace(/&/g, " and ").replace(/[^a-z0-9]+/g, " ").trim();
    const tokens = ["A", "b", "(", ")", "/", "[", "]", "1", "&", " ", "-", "É", "x", "Net", "(loss)", "[2]", "İ"];
    fc.assert(fc.property(textOf(tokens), (label) => {
      expect(normalizeLabel(label)).toBe(plain(label));
    }), RUNS);
  });

  it("lineItemOf and itemFor: the longest label or alias a text holds, found among those starting with its words", () => {
    const NOT_THE_ITEM = /\b(noncontrolling|non controlling|per share|per common share|margin percent|percent of|discontinued|other than|before|after|payable|receivable|deferred|paid)\b/;
    const plainItemFor = (phrase: string) => {
      const p = normalizeLabel(phrase).replace(/^(the|annual|total annual|fiscal year|year end|ending|reported)\s+/, "").trim();
      let best: string | null = null;
      let bestLength = 0;
      for (const [name, spec] of Object.entries(ITEMS)) for (const a of spec.aliases) if (` ${p} `.includes(` ${a} `) && a.length > bestLength) [best, bestLength] = [name, a.length];
      return best;
    };
    const plainLineItem = (text: string) => {
      const label = normalizeLabel(text);
      if (!label || NOT_THE_ITEM.test(label) || /\b(percent|percentage|margin|ratio|growth|per)\b/.test(label)) return null;
      let best: string | null = null;
      let bestLength = 0;
      for (const [name, spec] of Object.entries(ITEMS)) for (const l of spec.labels) if (l.length > bestLength && ` ${label} `.includes(` ${l} `)) [best, bestLength] = [name, l.length];
      return best ?? plainItemFor(label);
    };
    const words = [...new Set(Object.values(ITEMS).flatMap((s) => [...s.labels, ...s.aliases]).flatMap((l) => l.split(" ")))];
    const label = fc.array(fc.constantFrom(...words, "total", "net", "the", "x", "(loss)", "&", "Inc."), { minLength: 1, maxLength: 9 }).map((w) => w.join(" "));
    fc.assert(
      fc.property(label, (text) => {
        expect(lineItemOf(text)).toBe(plainLineItem(text));
        expect(itemFor(text)).toBe(plainItemFor(text));
      }),
      RUNS,
    );
  });

  it("sentenceEntities: only tokens that open with a capital are cleaned and tested", () => {
    const plain = (sentence: string) => {
      const out: string[] = [];
      const toks = sentence.split(/\s+/);
      for (let i = 1; i < toks.length; i++) {
        const t = toks[i].replace(/^[("'“]+|(?<![)"'”.,;:!?])[)"'”.,;:!?]+$/g, "").replace(/['’]s$/, "");
        if (/^[A-Z][\p{L}&.-]{1,}$/u.test(t) && !isStopWord(t.toLowerCase())) out.push(t);
      }
      return out;
    };
    const tokens = ["A", "b", "The", "(", "\"", "'", "“", "”", ")", ".", ",", "’s", "'s", " ", "  ", "Zo", "é", "É", "x-Y", "&", "1"];
    fc.assert(fc.property(textOf(tokens), (sentence) => {
      expect(sentenceEntities(sentence)).toEqual(plain(sentence));
    }), RUNS);
  });
});
