// The TTSQL benchmark, run inside workerd: loads the demo market data through the admin API, asks every
// question of questions.json through POST /v1/ttsql, and scores the answers against gold.json (computed
// from the CSVs by gold.mjs). Prints execution accuracy per class and overall, p50/p95 latency, and the
// wrong answers presented as success on out-of-scope questions.
// TTSQL_QUESTIONS=conventions asks the conventions set of issue 20 (signed figures, return conventions, names
// as of the period), scored with signs and names. TTSQL_QUESTIONS=heldout (binding set by bench/ttsql.vitest.config.mts from the environment) asks the
// held-out set instead: heldout-questions.json scored against heldout-gold.json (TTSQL_QUESTIONS=heldout node bench/ttsql/gold.mjs).
import { applyD1Migrations, env, SELF } from "cloudflare:test";
import { it } from "vitest";

const BASE = "https://bench.test";
const ADMIN = { Authorization: "Bearer bench-admin-token" };
const e = env as unknown as Record<string, any>;

async function data(path: string): Promise<string> {
  const res = await e.BENCH_DATA.fetch(`http://d/${path}`);
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return res.text();
}

async function admin(path: string, init: RequestInit): Promise<any> {
  const res = await SELF.fetch(`${BASE}${path}`, { ...init, headers: { ...ADMIN, ...(init.headers ?? {}) } });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** Same slicing as scripts/market/seed.mjs: whole records, header repeated. */
function records(text: string): string[] {
  const out: string[] = [];
  let start = 0, quoted = false;
  for (let i = 0; i <= text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if ((ch === "\n" && !quoted) || i === text.length) {
      const r = text.slice(start, i).replace(/\r$/, "");
      if (r.trim()) out.push(r);
      start = i + 1;
    }
  }
  return out;
}

async function loadMarket(): Promise<void> {
  const sets: [string, number][] = [["securities_constituents", 1000], ["securities_nyse", 1000], ["ratios", 1000], ["fundamentals", 200], ["prices_stocks", 500], ["prices_spy", 2000], ["prices_sp500", 2000]];
  for (const [name, per] of sets) {
    const recs = records(await data(`data/market/${name}.csv.gz`));
    for (let i = 1; i < recs.length; i += per) {
      const form = new FormData();
      form.append("dataset", name);
      form.append("file", new File([[recs[0], ...recs.slice(i, i + per)].join("\n") + "\n"], `${name}.csv`, { type: "text/csv" }));
      await admin("/admin/v1/market_data", { method: "POST", body: form });
    }
  }
  await admin("/admin/v1/market/earnings_calls", { method: "POST", body: await data("data/market/earnings_calls.csv"), headers: { "Content-Type": "text/csv" } });
}

// ---- scoring
/** Conventions set: the name the answer must show, and today's name, allowed only as "(now ...)". */
interface NameCheck { expect: string; current: string | null }

type Gold =
  | { type: "number"; value: number; signed?: boolean; name?: NameCheck }
  | { type: "tickers_ordered"; tickers: string[] }
  | { type: "tickers_set"; tickers: string[] }
  | { type: "winner"; ticker: string }
  | { type: "count"; value: number }
  | { type: "dates"; dates: string[] }
  | { type: "unanswerable" };

interface Parsed { value: number; tol: number }

/** Every number in the text with its unit scale and the half-unit of its last displayed digit. */
function numbers(text: string): Parsed[] {
  const out: Parsed[] = [];
  const re = /(-?)\$?(-?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?\s*(T|B|M|K|%)?(?![\w-])/g;
  for (const m of text.replace(/\d{4}-\d{2}-\d{2}/g, " ").matchAll(re)) {
    const sign = m[1] || m[2] ? -1 : 1;
    const decimals = m[4]?.length ?? 0;
    const scale = m[5] === "T" ? 1e12 : m[5] === "B" ? 1e9 : m[5] === "M" ? 1e6 : m[5] === "K" ? 1e3 : 1;
    const raw = Number(`${m[3].replace(/,/g, "")}${m[4] ? "." + m[4] : ""}`);
    const tol = 0.5 * 10 ** -decimals * scale;
    out.push({ value: sign * raw * scale, tol });
    if (m[5] === "%") out.push({ value: (sign * raw) / 100, tol: tol / 100 });
  }
  return out;
}

/** Frozen and held-out sets compare magnitudes; the conventions set (signed) compares the sign too. */
function numberMatches(text: string, gold: number, signed = false): boolean {
  return numbers(text).some(({ value, tol }) => {
    const diff = signed ? Math.abs(value - gold) : Math.abs(Math.abs(value) - Math.abs(gold));
    return diff <= Math.abs(gold) * 0.005 || diff <= tol + 1e-12;
  });
}

function tableTickers(md: string): string[] {
  const lines = md.split("\n").filter((l) => l.startsWith("|"));
  if (lines.length < 2) return [];
  const head = lines[0].split("|").map((c) => c.trim());
  const col = head.indexOf("Ticker");
  if (col < 0) return [];
  return lines.slice(2).map((l) => l.split("|")[col]?.trim()).filter((t): t is string => !!t && t !== "Total");
}

/** A reason when the answer does not show the company's name as of the period, else "". */
function nameMatches(text: string, name: NameCheck | undefined): string {
  if (!name) return "";
  if (!text.includes(name.expect)) return `name "${name.expect}" not shown`;
  if (name.current && text.split(name.current).length - 1 > text.split(`(now ${name.current}`).length - 1) return `today's name "${name.current}" shown for the period`;
  return "";
}

function score(gold: Gold, body: any): { ok: boolean; why: string } {
  const text = `${body?.message ?? ""}\n${body?.response?.rdb_result ?? ""}`;
  if (gold.type === "unanswerable") return body.success === false && body.code !== 0 ? { ok: true, why: "" } : { ok: false, why: "answered as success" };
  if (!body.success || body.code !== 0) return { ok: false, why: `not answered: ${String(body.message).slice(0, 160)}` };
  const md = body.response.rdb_result as string;
  switch (gold.type) {
    case "number": {
      if (!numberMatches(md, gold.value, gold.signed)) return { ok: false, why: `expected ${gold.value}` };
      const named = nameMatches(text, gold.name);
      return named ? { ok: false, why: named } : { ok: true, why: "" };
    }
    case "count":
      return String(body.message).replace(/,/g, "").trim() === String(gold.value) || new RegExp(`\\*\\*${gold.value.toLocaleString("en-US")}\\*\\*`).test(md) ? { ok: true, why: "" } : { ok: false, why: `expected count ${gold.value}` };
    case "tickers_ordered": {
      const got = tableTickers(md);
      return got.join(",") === gold.tickers.join(",") ? { ok: true, why: "" } : { ok: false, why: `expected ${gold.tickers.join(",")} got ${got.join(",")}` };
    }
    case "tickers_set": {
      const got = [...new Set(tableTickers(md))].sort();
      return got.join(",") === [...gold.tickers].sort().join(",") ? { ok: true, why: "" } : { ok: false, why: `expected {${gold.tickers.join(",")}} got {${got.join(",")}}` };
    }
    case "winner": {
      const first = tableTickers(md)[0];
      return first === gold.ticker ? { ok: true, why: "" } : { ok: false, why: `expected winner ${gold.ticker} got ${first}` };
    }
    case "dates":
      return gold.dates.every((d) => text.includes(d)) ? { ok: true, why: "" } : { ok: false, why: `expected dates ${gold.dates.join(",")}` };
  }
}

const pct = (a: number, b: number) => (b ? ((100 * a) / b).toFixed(1) : "n/a");
function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
}

it("TTSQL benchmark", async () => {
  await applyD1Migrations(e.DB, e.TEST_MIGRATIONS);
  await applyD1Migrations(e.MARKET_DB, e.TEST_MARKET_MIGRATIONS);
  const t0 = Date.now();
  await loadMarket();
  const loadSeconds = (Date.now() - t0) / 1000;
  const { organization_id } = await admin("/admin/v1/organizations", { method: "POST", body: JSON.stringify({ name: "Bench", entitlements: ["earnings_schedule"] }), headers: { "Content-Type": "application/json" } });
  const { user_id } = await admin("/admin/v1/users", { method: "POST", body: JSON.stringify({ organization_id, email: "bench@example.com", name: "Bench" }), headers: { "Content-Type": "application/json" } });
  const { api_key } = await admin("/admin/v1/api_keys", { method: "POST", body: JSON.stringify({ organization_id, kind: "organization", user_id }), headers: { "Content-Type": "application/json" } });

  const set = e.TTSQL_QUESTIONS === "heldout" ? "heldout-" : e.TTSQL_QUESTIONS === "conventions" ? "conventions-" : "";
  const { questions } = JSON.parse(await data(`bench/ttsql/${set}questions.json`)) as { questions: { id: string; class: string; question: string }[] };
  const gold = JSON.parse(await data(`bench/ttsql/${set}gold.json`)) as Record<string, Gold>;
  const perClass = new Map<string, { n: number; ok: number }>();
  const latencies: number[] = [];
  const failures: string[] = [];
  let oosWrong = 0;
  let wrongSuccess = 0;
  for (const q of questions) {
    const started = performance.now();
    const res = await SELF.fetch(`${BASE}/v1/ttsql`, { method: "POST", headers: { "X-API-KEY": api_key, "Content-Type": "application/json" }, body: JSON.stringify({ query: q.question }) });
    const body = await res.json();
    latencies.push(performance.now() - started);
    const g = gold[q.id];
    const { ok, why } = res.status === 200 ? score(g, body) : { ok: false, why: `HTTP ${res.status}` };
    if (q.class === "out_of_scope" && (body as any).success) oosWrong++;
    // A success that scores wrong is a wrong answer presented as success (a refusal is not).
    if (!ok && (body as any).success) wrongSuccess++;
    const c = perClass.get(q.class) ?? { n: 0, ok: 0 };
    c.n++;
    if (ok) c.ok++;
    perClass.set(q.class, c);
    if (!ok) failures.push(`${q.id} | ${q.question} | ${why}${e.BENCH_VERBOSE ? `\n    ${String((body as any).response?.rdb_result ?? (body as any).message).slice(0, 400).replace(/\n/g, "\n    ")}` : ""}`);
  }
  const total = [...perClass.values()].reduce((a, c) => ({ n: a.n + c.n, ok: a.ok + c.ok }), { n: 0, ok: 0 });
  const lines = [
    "",
    `TTSQL benchmark${set === "heldout-" ? " (held-out set)" : set === "conventions-" ? " (conventions set: signs and names count)" : ""}: ${total.n} questions, engine local (MODEL_PROVIDER default), demo market data loaded in ${loadSeconds.toFixed(1)} s`,
    "class                 n   correct  accuracy",
    ...[...perClass.entries()].map(([k, c]) => `${k.padEnd(20)} ${String(c.n).padStart(3)}   ${String(c.ok).padStart(5)}    ${pct(c.ok, c.n).padStart(5)}%`),
    `${"overall".padEnd(20)} ${String(total.n).padStart(3)}   ${String(total.ok).padStart(5)}    ${pct(total.ok, total.n).padStart(5)}%`,
    `lowest class: ${Math.min(...[...perClass.values()].map((c) => (100 * c.ok) / c.n)).toFixed(1)}%`,
    `out-of-scope questions answered as success: ${oosWrong}`,
    `wrong answers presented as success: ${wrongSuccess}`,
    `latency per question (Worker fetch, ms): p50 ${quantile(latencies, 0.5).toFixed(1)}, p95 ${quantile(latencies, 0.95).toFixed(1)}, max ${Math.max(...latencies).toFixed(1)}`,
    `targets: overall >= 95% ${(100 * total.ok) / total.n >= 95 ? "MET" : "NOT MET"}; every class >= 85% ${[...perClass.values()].every((c) => c.ok / c.n >= 0.85) ? "MET" : "NOT MET"}; zero out-of-scope successes ${oosWrong === 0 ? "MET" : "NOT MET"}`,
    ...(failures.length ? ["", "wrong or unanswered:", ...failures] : []),
  ];
  console.log(lines.join("\n"));
});
