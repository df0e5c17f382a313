// Inputs of `npm run bench:limits` (bench/limits.mjs bundles this file and runs it under Node): for ASCII
// prose with figures, dense CJK and emoji, the largest POST /v2/judge/llm body accepted (just within 100,000
// o200k tokens) and the largest refused (over the token budget, within the byte and UTF-16 caps). Generated
// from fixed seeds; sized with the Worker's own counter (src/core/tokens.ts).
import { TokenCounter } from "../../src/core/tokens";
import { enforceSizeCaps, MAX_ANSWER, MAX_BODY_BYTES, MAX_TOKENS } from "../../src/judges/limits";
import type { LlmRequest } from "../../src/judges/schemas";
import { seededRandom as rng } from "../lib/random";

const WINDOW = { end_time: "2025-01-01T00:00:00Z" };
const QUERY = "Summarize the company's fiscal 2022 results.";

const WORDS = (
  "the company reported revenue of million in fiscal year operating margin increased while net income declined due to higher " +
  "interest expense and one-time charges related restructuring cash flow from operations was strong capital expenditures rose " +
  "segment guidance dividend share repurchase inventory backlog gross profit adjusted EBITDA leverage liquidity covenant " +
  "impairment goodwill amortization depreciation working capital receivables payables tax rate effective outlook"
).split(" ");
// 500 frequent Chinese characters: drawn at random, no spaces or punctuation (the slowest input for a BPE).
const HANZI = [
  ..."的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处府",
];
const EMOJI = [..."😀😃😄😁😆😅🤣😂🙂🙃😉😊😇🥰😍🤩😘😗😚😙🥲😋😛😜🤪😝🤑🤗🤭🤫🤔🤐🤨😐😑😶😏😒🙄😬🤥😌😔😪🤤😴😷🤒🤕🤢🤮🤧🥵🥶🥴😵🤯🤠🥳🥸😎🤓🧐📈📉💰💵🏦🧾"].concat(["👍🏽", "👨‍👩‍👧‍👦", "🇯🇵", "🏳️‍🌈"]);

/** English-like prose with amounts, percentages and years, `units` UTF-16 units long. */
function prose(units: number, seed: number): string {
  const r = rng(seed);
  const parts: string[] = [];
  let length = 0;
  while (length < units) {
    const x = r();
    const w = x < 0.06 ? `$${Math.floor(r() * 9000 + 100).toLocaleString("en-US")} million` : x < 0.1 ? `${(r() * 40).toFixed(1)}%` : x < 0.12 ? `fiscal ${2015 + Math.floor(r() * 10)}` : WORDS[Math.floor(r() * WORDS.length)];
    const piece = w + (r() < 0.07 ? ". " : " ");
    parts.push(piece);
    length += piece.length;
  }
  return parts.join("").slice(0, units);
}

function drawn(alphabet: string[], units: number, seed: number): string {
  const r = rng(seed);
  let s = "";
  while (s.length < units) s += alphabet[Math.floor(r() * alphabet.length)];
  // Never end on half a surrogate pair.
  let cut = Math.min(units, s.length);
  const last = s.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut--;
  return s.slice(0, cut);
}

function tokens(texts: string[]): number {
  const counter = new TokenCounter();
  return texts.reduce((sum, t) => sum + counter.count(t), 0);
}

/** The longest prefix of `text` (in `step`-unit steps) whose `cost` in tokens stays within MAX_TOKENS. */
function fitTokens(text: string, cost: (prefix: string) => number, step: number): string {
  let lo = 0;
  let hi = Math.ceil(text.length / step);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (cost(text.slice(0, mid * step)) <= MAX_TOKENS) lo = mid;
    else hi = mid - 1;
  }
  let end = lo * step;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return text.slice(0, end);
}

export interface Case {
  name: string;
  body: { query: string; answer: string; references: { content: string }[]; time_window: typeof WINDOW };
  expect: 202 | 400;
}

export function describe(c: Case): string {
  const texts = [c.body.query, c.body.answer, ...c.body.references.map((r) => r.content)];
  const bytes = new TextEncoder().encode(JSON.stringify(c.body)).length;
  const refUnits = c.body.references.reduce((s, r) => s + r.content.length, 0);
  return `answer ${c.body.answer.length} units, ${c.body.references.length} references ${refUnits} units, body ${bytes} bytes, ${tokens(texts)} tokens`;
}

export function cases(): Case[] {
  const body = (answer: string, references: string[] = []) => ({ query: QUERY, answer, references: references.map((content) => ({ content })), time_window: WINDOW });
  const queryTokens = tokens([QUERY]);
  // ASCII: the answer at its 200,000-unit cap (~40k tokens); references make up the rest of the budget
  // (accepted) or of the 1,000,000-byte body (refused: about twice the token budget).
  const answer = prose(MAX_ANSWER, 1);
  const answerTokens = tokens([answer]);
  const refSource = prose(900_000, 2);
  const split = (s: string, n: number) => Array.from({ length: n }, (_, i) => s.slice(Math.floor((i * s.length) / n), Math.floor(((i + 1) * s.length) / n)));
  const refFit = fitTokens(refSource, (prefix) => queryTokens + answerTokens + tokens(split(prefix, 40)), 1000);
  let refused = refSource;
  while (new TextEncoder().encode(JSON.stringify(body(answer, split(refused, 40)))).length > MAX_BODY_BYTES - 1000) refused = refused.slice(0, refused.length - 5000);
  // CJK and emoji: the answer alone, the largest within the token budget and the largest the 200,000-unit cap allows.
  const hanzi = drawn(HANZI, MAX_ANSWER, 3);
  const emoji = drawn(EMOJI, MAX_ANSWER, 4);
  return [
    { name: "ASCII accepted", body: body(answer, split(refFit, 40)), expect: 202 },
    { name: "ASCII refused", body: body(answer, split(refused, 40)), expect: 400 },
    { name: "CJK accepted", body: body(fitTokens(hanzi, (prefix) => queryTokens + tokens([prefix]), 100)), expect: 202 },
    { name: "CJK refused", body: body(hanzi), expect: 400 },
    { name: "emoji accepted", body: body(fitTokens(emoji, (prefix) => queryTokens + tokens([prefix]), 100)), expect: 202 },
    { name: "emoji refused", body: body(emoji), expect: 400 },
  ];
}


/** Milliseconds of the size check alone (enforceSizeCaps, the Worker's code) on a case's body, in this process. */
export async function timeSizeCheck(c: Case): Promise<number> {
  const body = JSON.parse(JSON.stringify(c.body)) as LlmRequest;
  const started = performance.now();
  try {
    await enforceSizeCaps(body);
  } catch {
    // refused: the figure is the time to decide
  }
  return performance.now() - started;
}
