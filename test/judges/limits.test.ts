// The token budget of judge submissions (about 100,000 o200k tokens, apart from the byte and UTF-16 caps):
// decided through the Worker for dense CJK and emoji at and past the budget, and the counter of
// src/core/tokens.ts compared with js-tiktoken's own encoder, which it replaces for speed.
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import { beforeAll, describe, expect, it } from "vitest";
import { countTokens, TokenCounter } from "../../src/core/tokens";
import { MAX_TOKENS } from "../../src/judges/limits";
import { createOrg, type TestOrg } from "../helpers/harness";
import { evaluationRows, llmBody, submit } from "./judge-helpers";
import { seededRandom as rng } from "../../bench/lib/random";

let exact: Tiktoken;
const exactCount = (text: string) => exact.encode(text, [], []).length;

beforeAll(() => {
  exact = new Tiktoken(o200k);
});

const HANZI = [..."的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处府彩票"];
const EMOJI = [..."😀😃😄😁😆😅🤣😂🙂🙃😉😊😇🥰😍🤩😘📈📉💰💵🏦🧾✅❌⚠️"].concat(["👍🏽", "👨‍👩‍👧‍👦", "🇯🇵", "🏳️‍🌈"]);

function drawn(alphabet: string[], units: number, seed: number, separator = ""): string {
  const r = rng(seed);
  let s = "";
  while (s.length < units) s += alphabet[Math.floor(r() * alphabet.length)] + separator;
  let end = Math.min(units, s.length);
  const last = s.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return s.slice(0, end);
}

describe("the token budget through the Worker", () => {
  let org: TestOrg;
  beforeAll(async () => {
    org = await createOrg();
  });
  const queryTokens = () => exactCount(llmBody().query);

  it("refuses a 200,000-character dense CJK answer (within the character cap) as JUDGE_EVALUATION_TOO_LARGE", async () => {
    const fresh = await createOrg();
    const answer = drawn(HANZI, 200_000, 1);
    expect(answer.length).toBe(200_000);
    const { res, json } = await submit("llm", fresh.key, llmBody({ answer }));
    expect(res.status).toBe(400);
    expect(json.error.code).toBe("JUDGE_EVALUATION_TOO_LARGE");
    expect(json.error.message).toContain("tokens");
    expect(await evaluationRows(fresh.organizationId)).toBe(0);
  });

  it("accepts a 50,000-character CJK answer within the budget", async () => {
    const answer = drawn(HANZI, 50_000, 2);
    expect(countTokens(answer)).toBeLessThan(MAX_TOKENS);
    const { res, json } = await submit("agent", org.key, llmBody({ answer }));
    expect(res.status, JSON.stringify(json.error)).toBe(202);
  });

  it("decides emoji text at the budget as js-tiktoken counts it: the last prefix within it accepted, one emoji more refused", async () => {
    // Emoji separated by spaces: short pre-tokens, so js-tiktoken itself counts the whole answer quickly.
    const text = drawn(EMOJI, 200_000, 3, " ");
    const budget = MAX_TOKENS - queryTokens();
    // The longest prefix within the budget, by bisection on the Worker's counter; checked with js-tiktoken.
    let lo = 0;
    let hi = text.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (countTokens(text.slice(0, mid)) <= budget) lo = mid;
      else hi = mid - 1;
    }
    const within = text.slice(0, lo);
    const over = within + "😀";
    expect(exactCount(within)).toBeLessThanOrEqual(budget);
    expect(exactCount(within)).toBeGreaterThanOrEqual(budget - 3);
    expect(exactCount(over)).toBeGreaterThan(budget);
    expect((await submit("llm", org.key, llmBody({ answer: within }))).res.status).toBe(202);
    const { res, json } = await submit("llm", org.key, llmBody({ answer: over }));
    expect(res.status).toBe(400);
    expect(json.error.code).toBe("JUDGE_EVALUATION_TOO_LARGE");
  });

  it("dense emoji: 90,000 UTF-16 units accepted, 200,000 refused", async () => {
    const accepted = drawn(EMOJI, 90_000, 4);
    expect(countTokens(accepted)).toBeLessThan(MAX_TOKENS - 100);
    expect((await submit("llm", org.key, llmBody({ answer: accepted }))).res.status).toBe(202);
    const { res, json } = await submit("llm", org.key, llmBody({ answer: drawn(EMOJI, 200_000, 5) }));
    expect(res.status).toBe(400);
    expect(json.error.code).toBe("JUDGE_EVALUATION_TOO_LARGE");
  });
});

describe("TokenCounter against js-tiktoken", () => {
  const prose =
    "Revenue rose 12% to $4,210 million in fiscal 2022, while operating margin reached 18.4% (up 120 bps). " +
    "Free cash flow was $1.3bn; capex of $577m; EPS $3.41 vs. $2.98. The company's guidance: 'mid-single-digit' growth.\n\n";
  const samples: [string, string][] = [
    ["English prose with figures", prose.repeat(40)],
    ["special-token strings as text", "Answer <|endoftext|> and <|endofprompt|> quoted. ".repeat(30)],
    ["Japanese with punctuation", "財務報告によると、当社の売上高は前年同期比で12.5%増加し、営業利益率も改善した。".repeat(20)],
    ["Korean", "회사의 매출은 전년 대비 증가했으며 영업이익률도 개선되었다. ".repeat(30)],
    ["dense Chinese, 400 characters in one pre-token", drawn(HANZI, 400, 6)],
    ["彩票 and its neighbours", "彩票彩票中彩票的彩票了".repeat(20)],
    ["dense emoji with ZWJ sequences and flags", drawn(EMOJI, 600, 7)],
    ["Cyrillic, Hebrew, Devanagari, Georgian, Thai", "Выручка выросла на 12%. ההכנסות עלו ב-12%. राजस्व 12% बढ़ा। შემოსავალი გაიზარდა. รายได้เพิ่มขึ้น 12% ".repeat(15)],
    ["lone surrogates and controls", "a\ud800b\udc00c \ud83d ok 😀\ude00 \u0000\u0007\t\r\n".repeat(40)],
    ["whitespace and punctuation runs", `x${" ".repeat(300)}y\n\n\n \r\n\t\tz${"!?.".repeat(200)}AAAAbbbbCCCC`],
    ["code", "function f(x) { return x.map((y) => y * 2).filter(Boolean); } // note\n".repeat(40)],
  ];

  it.each(samples)("counts %s exactly", (_name, text) => {
    expect(countTokens(text)).toBe(exactCount(text));
  });

  it("counts random mixtures of o200k tokens and characters of many scripts exactly", () => {
    // Pieces of real tokens (so that multi-character and boundary-spanning tokens occur) between random
    // characters of scripts o200k has boundary-spanning tokens for.
    const vocabulary = o200k.bpe_ranks
      .split(" ")
      .slice(2)
      .map((b64) => new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))))
      .filter((s) => !s.includes("\ufffd") && /[^\x00-\x7f]/.test(s));
    const ranges = [[0x400, 0x4ff], [0x590, 0x5ff], [0x600, 0x6ff], [0x900, 0x97f], [0xe00, 0xe7f], [0x10a0, 0x10ff], [0x3040, 0x30ff], [0x4e00, 0x9fff], [0xac00, 0xd7a3], [0x1f300, 0x1faff]];
    const r = rng(8);
    for (let n = 0; n < 3000; n++) {
      let text = "";
      for (let k = 1 + Math.floor(r() * 10); k > 0; k--) {
        if (r() < 0.6) text += vocabulary[Math.floor(r() * vocabulary.length)];
        else {
          const [a, b] = ranges[Math.floor(r() * ranges.length)];
          text += String.fromCodePoint(a + Math.floor(r() * (b - a)));
        }
      }
      expect(countTokens(text), JSON.stringify(text)).toBe(exactCount(text));
    }
  });

  it("finds ASCII words, digits and contractions without the pattern as the pattern does, also next to letters, marks and digits past ASCII", () => {
    // The counter reads plain ASCII words and digit runs itself (asciiPieceEnd) and hands anything else to
    // the pattern: short random texts of the pieces where the two could part (case changes, a sign or space
    // before letters, every contraction in both cases, 1-4 digits, line breaks) next to characters past
    // ASCII that the pattern's classes take in (é, ſ, a combining accent, Arabic-Indic digits, the Kelvin sign).
    const pieces = ["a", "Z", "the", "THE", "McDonald", "iPhone", "EBITDA", "ABCdef", "'s", "'S", "'t", "'re", "'RE", "'Ve", "'m", "'ll", "'LL", "'d", "'x", "'", "7", "42", "2022", "12345", " ", "  ", "\t", "\n", "\r\n", "$", "%", ".", ",", "-", "(", "/", "é", "ſ", "\u0301", "٣", "\u212a", "中", "😀"];
    const r = rng(9);
    for (let n = 0; n < 5000; n++) {
      let text = "";
      for (let k = 1 + Math.floor(r() * 12); k > 0; k--) text += pieces[Math.floor(r() * pieces.length)];
      expect(countTokens(text), JSON.stringify(text)).toBe(exactCount(text));
    }
  });

  it("counts text around every token that spans a character boundary exactly (e.g. 彩 + part of 票)", () => {
    // Such a token holds part of a character at an end: complete that part with some character, in context.
    const encoder = new TextEncoder();
    const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
    const byPrefix = new Map<string, string>();
    const bySuffix = new Map<string, string>();
    for (let cp = 0x80; cp < 0x20000; cp++) {
      if ((cp >= 0xd800 && cp <= 0xdfff) || (cp > 0xffff && cp < 0x1f000)) continue;
      const ch = String.fromCodePoint(cp);
      const b = encoder.encode(ch);
      for (let k = 1; k < b.length; k++) {
        if (!byPrefix.has(hex(b.subarray(0, k)))) byPrefix.set(hex(b.subarray(0, k)), ch);
        bySuffix.set(hex(b.subarray(k)), ch);
      }
    }
    const width = (lead: number) => (lead < 0x80 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2);
    let spanning = 0;
    for (const b64 of o200k.bpe_ranks.split(" ").slice(2)) {
      const b = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      let i = 0;
      while (i < b.length && (b[i] & 0xc0) === 0x80) i++;
      const lead = i;
      let whole = 0;
      while (i < b.length && i + width(b[i]) <= b.length) {
        i += width(b[i]);
        whole++;
      }
      const tail = b.length - i;
      if (lead + tail === 0 || (whole === 0 && (lead === 0 || tail === 0))) continue;
      const left = lead ? bySuffix.get(hex(b.subarray(0, lead))) : "";
      const right = tail ? byPrefix.get(hex(b.subarray(i))) : "";
      if (left === undefined || right === undefined) continue;
      const core = left + new TextDecoder().decode(b.subarray(lead, i)) + right;
      const text = `${core}${core} ${[...core].reverse().join("")}${core}`;
      expect(countTokens(text), JSON.stringify(text)).toBe(exactCount(text));
      spanning++;
    }
    expect(spanning).toBeGreaterThan(700);
  });

  it("never undercounts a pre-token longer than one slice (2,048 units), and adds at most a token per cut", () => {
    const letters = [..."abcdefghijklmnopqrstuvwxyz"];
    for (const [seed, length] of [[9, 2100], [10, 4200]]) {
      const text = drawn(letters, length, seed);
      const counted = countTokens(text);
      const reference = exactCount(text);
      expect(counted).toBeGreaterThanOrEqual(reference);
      expect(counted - reference).toBeLessThanOrEqual(Math.floor(length / 2048));
    }
  });

  it("stops counting once past a limit", () => {
    const text = drawn(HANZI, 20_000, 11);
    const counter = new TokenCounter();
    const partial = counter.count(text, 1000);
    expect(partial).toBeGreaterThan(1000);
    expect(partial).toBeLessThan(countTokens(text));
  });

  it("counts several texts in steps (a turn between steps) to the same figure, as many turns as the step asks", async () => {
    const texts = ["", prose.repeat(30), drawn(HANZI, 9_000, 12), samples[6][1], "", drawn(EMOJI, 5_000, 13, " "), samples[8][1]];
    const whole = new TokenCounter();
    const expected = texts.reduce((sum, t) => sum + whole.count(t), 0);
    for (const step of [1, 700, 4_096, 50_000]) {
      let turns = 0;
      const counter = new TokenCounter();
      const counted = await counter.countInSteps(texts, Infinity, step, async () => {
        turns++;
      });
      expect(counted, `step ${step}`).toBe(expected);
      const units = texts.reduce((sum, t) => sum + t.length, 0);
      if (step >= units) expect(turns).toBe(0);
      // A step ends at the first cut past it: at most one slice (2,048 units) or short pre-token later.
      else expect(turns).toBeGreaterThanOrEqual(Math.floor(units / (step + 2_048)) - texts.length);
    }
    const limited = await new TokenCounter().countInSteps(texts, 1_000, 500, async () => {});
    expect(limited).toBeGreaterThan(1_000);
    expect(limited).toBeLessThan(expected);
  });

  it("rests on a property of the o200k ranks: every token is the merge of two lower-ranked tokens", () => {
    const ranks = new Map<string, number>();
    o200k.bpe_ranks
      .split(" ")
      .slice(2)
      .forEach((b64, rank) => ranks.set(atob(b64), rank));
    let orphans = 0;
    for (const [bytes, rank] of ranks) {
      if (bytes.length < 2) continue;
      let found = false;
      for (let k = 1; k < bytes.length && !found; k++) {
        const left = ranks.get(bytes.slice(0, k));
        const right = ranks.get(bytes.slice(k));
        found = left !== undefined && right !== undefined && left < rank && right < rank;
      }
      if (!found) orphans++;
    }
    expect(ranks.size).toBeGreaterThan(199_000);
    expect(orphans).toBe(0);
  });
});
