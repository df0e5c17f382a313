import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN_TOKEN, BASE, jsonOf } from "../helpers/harness";
import { clearMarket, fixture, loadAll } from "./market-helpers";

function post(table: string, csv: string, query = "", contentType = "text/csv", token: string | null = ADMIN_TOKEN) {
  const headers: Record<string, string> = { "Content-Type": contentType };
  if (token) headers.Authorization = `Bearer ${token}`;
  return SELF.fetch(`${BASE}/admin/v1/market/${table}${query}`, { method: "POST", headers, body: csv });
}

const count = async (table: string) => Number((await env.MARKET_DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())?.n);

describe("POST /admin/v1/market/{table}", () => {
  beforeAll(async () => {
    await clearMarket();
    await env.MARKET_DB.prepare("DELETE FROM earnings_calls").run();
    await loadAll();
  });

  it("loads the earnings-call fixture and leaves no staging rows", async () => {
    const res = await post("earnings_calls", await fixture("earnings_calls.csv"));
    expect(res.status).toBe(200);
    const body = await jsonOf(res);
    expect(body).toMatchObject({ table: "earnings_calls", mode: "replace", rows_received: 16, rows_loaded: 16, rows_rejected: 0, rejected: [] });
    expect(await count("earnings_calls")).toBe(16);
    expect(await count("earnings_calls_staging")).toBe(0);
    const est = await env.MARKET_DB.prepare("SELECT * FROM earnings_calls WHERE ticker = 'AAPL' AND is_estimated = 1").first();
    expect(est).toMatchObject({ stock_id: "US:AAPL", fiscal_year: 2018, fiscal_quarter: 3, call_date: "2018-07-31" });
  });

  it("rejects a file with invalid rows whole, listing every row and reason, and changes nothing", async () => {
    const csv = [
      "ticker,fiscal_year,fiscal_quarter,call_date,call_time,is_estimated",
      "AAPL,2019,1,2019-01-29,17:00,false",
      "AAPL,2019,5,2019-13-01,25:00,maybe",
      "NOPE1,2019,1,2019-01-29,,false",
      "AAPL,2019,1,2019-01-30,,false",
      ",2019,2,2019-04-30,,true",
    ].join("\n");
    const res = await post("earnings_calls", csv);
    expect(res.status).toBe(400);
    const body = await jsonOf(res);
    expect(body.error.code).toBe("INVALID_REQUEST_BODY");
    const rejected = body.error.details.rejected as { row: number; reasons: string[] }[];
    expect(rejected.map((r) => r.row)).toEqual([2, 3, 4, 5]);
    expect(rejected[0].reasons).toEqual(expect.arrayContaining([expect.stringContaining("fiscal_quarter"), expect.stringContaining("call_date"), expect.stringContaining("call_time"), expect.stringContaining("is_estimated")]));
    expect(rejected[1].reasons[0]).toContain("not a known security");
    expect(rejected[2].reasons[0]).toContain("duplicates row 1");
    expect(rejected[3].reasons[0]).toContain("ticker is empty");
    expect(await count("earnings_calls")).toBe(16);
    expect(await count("earnings_calls_staging")).toBe(0);
  });

  it("skip_invalid=true loads the valid rows (upsert) and still reports the rejected ones", async () => {
    const csv = "ticker,fiscal_year,fiscal_quarter,call_date,is_estimated\nMSFT,2018,3,2018-04-26,false\nMSFT,2018,4,someday,false\n";
    const res = await post("earnings_calls", csv, "?mode=upsert&skip_invalid=true");
    expect(res.status).toBe(200);
    expect(await jsonOf(res)).toMatchObject({ rows_received: 2, rows_loaded: 1, rows_rejected: 1, rejected: [{ row: 2 }] });
    expect(await count("earnings_calls")).toBe(17);
  });

  it("loads more rows than one statement can bind (batched staging) in one switch", async () => {
    const lines = ["ticker,date,close"];
    for (let i = 0; i < 300; i++) lines.push(`AAPL,2001-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")},${100 + i}`);
    const unique = [...new Set(lines.slice(1).map((l) => l.split(",")[1]))].length;
    const res = await post("prices", [lines[0], ...[...new Map(lines.slice(1).map((l) => [l.split(",")[1], l])).values()]].join("\n"), "?mode=upsert");
    expect(res.status).toBe(200);
    expect((await jsonOf(res)).rows_loaded).toBe(unique);
    expect(Number((await env.MARKET_DB.prepare("SELECT COUNT(*) AS n FROM prices WHERE date LIKE '2001-%'").first<{ n: number }>())?.n)).toBe(unique);
  });

  it("refuses unknown tables, unknown columns, wrong content type and a missing token", async () => {
    expect((await post("securities_x", "a\n1")).status).toBe(400);
    const unknown = await post("ratios", "ticker,price,drop_table\nAAPL,1,2\n");
    expect(unknown.status).toBe(400);
    expect((await jsonOf(unknown)).error.message).toContain("Unknown column");
    expect((await post("ratios", "ticker,price\nAAPL,1\n", "", "application/json")).status).toBe(400);
    expect((await post("ratios", "ticker,price\nAAPL,1\n", "", "text/csv", null)).status).toBe(401);
  });
});

describe("POST /admin/v1/market/{table} for securities and fundamentals", () => {
  it("upserts securities (replace refused) and validates kind and flags", async () => {
    const csv = ["ticker,company,kind,cik,gics_sector,in_sp500,in_sp500_2016", "ZZTEST,Zeta Test Corp,stock,0000000001,Industrials,false,false", "ZZETF,Zeta ETF,etf,,,false,false"].join("\n");
    const res = await post("securities", csv);
    expect(res.status).toBe(200);
    expect(await jsonOf(res)).toMatchObject({ table: "securities", mode: "upsert", rows_loaded: 2, rows_rejected: 0 });
    expect(await env.MARKET_DB.prepare("SELECT company, kind FROM securities WHERE stock_id = 'US:ZZTEST'").first()).toEqual({ company: "Zeta Test Corp", kind: "stock" });
    expect((await post("securities", csv, "?mode=replace")).status).toBe(400);
    const bad = await post("securities", ["ticker,company,kind,in_sp500,in_sp500_2016", "ZZBAD,Bad,bond,maybe,false"].join("\n"));
    expect(bad.status).toBe(400);
    const body = await jsonOf(bad);
    expect(body.error.details.rejected[0].reasons).toEqual(expect.arrayContaining(["kind must be stock, etf or index", 'in_sp500: "maybe" is not true or false']));
    expect(await count("securities_staging")).toBe(0);
  });

  it("loads fundamentals atomically, one row a statement under the parameter limit, and refuses unknown tickers", async () => {
    const csv = ["ticker,period_ending,fiscal_year,total_revenue,net_income", "ZZTEST,2015-12-31,2015,1000000,50000", "ZZTEST,2016-12-31,2016,1200000,65000"].join("\n");
    const res = await post("fundamentals", csv, "?mode=upsert");
    expect(res.status).toBe(200);
    expect(await jsonOf(res)).toMatchObject({ table: "fundamentals", rows_loaded: 2 });
    expect(await env.MARKET_DB.prepare("SELECT total_revenue, net_income FROM fundamentals WHERE stock_id = 'US:ZZTEST' AND fiscal_year = 2016").first()).toEqual({ total_revenue: 1200000, net_income: 65000 });
    const before = await count("fundamentals");
    const unknown = await post("fundamentals", ["ticker,period_ending,fiscal_year,total_revenue", "NOPEX,2015-12-31,2015,1"].join("\n"), "?mode=upsert");
    expect(unknown.status).toBe(400);
    expect(await count("fundamentals")).toBe(before);
    expect(await count("fundamentals_staging")).toBe(0);
  });
});
