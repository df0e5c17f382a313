// TTSQL tests: market fixtures (test/fixtures/market) loaded through the admin loaders, a long price
// history for questions over 30 years, and a caller.
import { SELF, env } from "cloudflare:test";
import { ADMIN_TOKEN, BASE, call, createOrg, jsonOf, type TestOrg } from "../helpers/harness";
import { clearMarket, fixture, loadAll } from "../market/market-helpers";

export async function loadMarketFixtures(): Promise<void> {
  await clearMarket();
  await env.MARKET_DB.prepare("DELETE FROM earnings_calls").run();
  await loadAll();
  const res = await SELF.fetch(`${BASE}/admin/v1/market/earnings_calls`, {
    method: "POST",
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, "Content-Type": "text/csv" },
    body: await fixture("earnings_calls.csv"),
  });
  if (res.status !== 200) throw new Error(`earnings_calls: ${res.status} ${await res.text()}`);
}

export async function ask(org: TestOrg, query: unknown): Promise<{ status: number; body: any }> {
  const res = await call("/v1/ttsql", { key: org.key, body: { query } });
  return { status: res.status, body: await jsonOf(res) };
}

export { createOrg };

export interface Close {
  date: string;
  close: number;
}

/** The fixture's closes of one ticker (stock_prices.csv has a column per ticker). */
async function fixtureCloses(ticker: string): Promise<Close[]> {
  const [head, ...lines] = (await fixture("stock_prices.csv")).trim().split("\n");
  const col = head.split(",").indexOf(ticker);
  return lines.map((l) => l.split(",")).filter((c) => c[col] !== "").map((c) => ({ date: c[0], close: Number(c[col]) }));
}

/**
 * Thirty years of GE closes, 1989-2018: the fixture's real closes (2012 and 2018) and a deterministic
 * random walk with two crashes on every other weekday, about 7,800 rows, inserted into MARKET_DB.
 * Returns the whole series by date, for answers computed in the test.
 */
export async function loadLongGeHistory(): Promise<Close[]> {
  const real = await fixtureCloses("GE");
  const known = new Map(real.map((r) => [r.date, r.close]));
  const series: Close[] = [];
  const synthetic: Close[] = [];
  let seed = 21;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  let close = 8;
  for (let t = Date.UTC(1989, 0, 2); t <= Date.UTC(2018, 11, 31); t += 86_400_000) {
    const day = new Date(t);
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    const date = day.toISOString().slice(0, 10);
    const crash = (date >= "2000-09-01" && date < "2002-10-01") || (date >= "2008-05-01" && date < "2009-03-06") ? -0.003 : 0;
    close = Math.round(close * Math.exp(0.0003 + crash + 0.03 * (random() - 0.5)) * 1e6) / 1e6;
    const given = known.get(date);
    if (given !== undefined) series.push({ date, close: given });
    else {
      series.push({ date, close });
      synthetic.push({ date, close });
    }
  }
  for (let i = 0; i < synthetic.length; i += 400) {
    const values = synthetic.slice(i, i + 400).map((r) => `('US:GE', 'GE', '${r.date}', ${r.close})`);
    await env.MARKET_DB.prepare(`INSERT INTO prices (stock_id, ticker, date, close) VALUES ${values.join(", ")}`).run();
  }
  return series;
}
