// TTSQL tests: market fixtures (test/fixtures/market) loaded through the admin loaders, and a caller.
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
