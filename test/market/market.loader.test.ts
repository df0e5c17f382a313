import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { admin, jsonOf } from "../helpers/harness";
import { clearMarket, fixture, FIXTURE_FILES, loadAll, loadFixture, security, upload, type DatasetName } from "./market-helpers";

const ALL = Object.keys(FIXTURE_FILES) as DatasetName[];

async function status() {
  const res = await admin("/admin/v1/market_data");
  expect(res.status).toBe(200);
  return jsonOf<{ datasets: Record<string, number>; tables: Record<string, number> }>(res);
}

async function allSecurities() {
  return (await env.MARKET_DB.prepare("SELECT * FROM securities ORDER BY stock_id").all()).results;
}

describe("POST /admin/v1/market_data: loading", () => {
  beforeAll(async () => {
    await clearMarket();
  });

  it("creates securities for price-only instruments when prices load first (SPY etf, SPX index, BABA)", async () => {
    expect(await loadFixture("prices_stocks")).toBe(1041);
    expect(await loadFixture("prices_spy")).toBe(30);
    expect(await loadFixture("prices_sp500")).toBe(30);

    expect(await security("SPY")).toMatchObject({ stock_id: "US:SPY", kind: "etf", company: "SPDR S&P 500 ETF Trust" });
    expect(await security("SPX")).toMatchObject({ stock_id: "US:SPX", kind: "index", company: "S&P 500 Index" });
    expect(await security("BABA")).toMatchObject({ stock_id: "US:BABA", kind: "stock", company: "Alibaba Group Holding Ltd." });
    // Named only by its ticker until a securities list is loaded.
    expect(await security("FB")).toMatchObject({ stock_id: "US:FB", company: "FB", in_sp500: 0, in_sp500_2016: 0 });
  });

  it("loads the rest and keeps the union of both securities lists", async () => {
    for (const dataset of ["securities_constituents", "securities_nyse", "fundamentals", "ratios"] as const) {
      expect(await loadFixture(dataset)).toBeGreaterThan(0);
    }
    // FB is only in the 2016 NYSE list; META only in the current list.
    expect(await security("FB")).toMatchObject({
      company: "Facebook",
      kind: "stock",
      gics_sector: null,
      gics_sector_2016: "Information Technology",
      gics_sub_industry_2016: "Internet Software & Services",
      cik: "0001326801",
      in_sp500: 0,
      in_sp500_2016: 1,
    });
    expect(await security("META")).toMatchObject({ company: "Meta Platforms", gics_sector: "Communication Services", gics_sector_2016: null, in_sp500: 1, in_sp500_2016: 0 });
    // In both: current name, sector and CIK win; the 2016 fields are kept beside them.
    expect(await security("AAPL")).toMatchObject({
      stock_id: "US:AAPL",
      company: "Apple Inc.",
      cik: "0000320193",
      gics_sector: "Information Technology",
      gics_sub_industry: "Technology Hardware, Storage & Peripherals",
      gics_sub_industry_2016: "Computer Hardware",
      headquarters: "Cupertino, California",
      date_added: "1982-11-30",
      in_sp500: 1,
      in_sp500_2016: 1,
    });
    expect(await security("XOM")).toMatchObject({ company: "ExxonMobil", cik: "0002115436" });
    expect(await security("BRK.B")).toMatchObject({ stock_id: "US:BRK.B", company: "Berkshire Hathaway" });
    // Only in the ratios snapshot: named from it.
    expect(await security("BK")).toMatchObject({ stock_id: "US:BK", company: "BNY Mellon", in_sp500: 0, in_sp500_2016: 0 });
    // Only in the fundamentals file: a row named by its ticker.
    expect(await security("ADM")).toMatchObject({ stock_id: "US:ADM", company: "ADM", kind: "stock" });
    expect((await security("SPY"))?.kind).toBe("etf");
  });

  it("stores values under clear columns", async () => {
    const amzn = await env.MARKET_DB.prepare("SELECT close FROM prices WHERE ticker = 'AMZN' AND date = '2018-04-10'").first<{ close: number }>();
    expect(amzn?.close).toBeCloseTo(1436.219971, 5);
    const fb = await env.MARKET_DB.prepare("SELECT COUNT(*) AS n, MIN(date) AS first FROM prices WHERE stock_id = 'US:FB'").first<{ n: number; first: string }>();
    expect(fb?.first).toBe("2012-05-18"); // empty cells before the listing are not rows

    const aapl = await env.MARKET_DB.prepare("SELECT fiscal_year, net_income, total_revenue, earnings_per_share FROM fundamentals WHERE ticker = 'AAPL' AND period_ending = '2015-09-26'").first();
    expect(aapl).toEqual({ fiscal_year: 2015, net_income: 53394000000, total_revenue: 233715000000, earnings_per_share: 9.28 });
    const years = await env.MARKET_DB.prepare("SELECT ticker, period_ending, fiscal_year FROM fundamentals WHERE ticker IN ('IPG', 'ADBE', 'FB') AND period_ending >= '2015-12-01' ORDER BY ticker, period_ending").all();
    expect(years.results).toEqual([
      { ticker: "ADBE", period_ending: "2016-12-02", fiscal_year: 2016 }, // For Year empty: from the period end
      { ticker: "FB", period_ending: "2015-12-31", fiscal_year: 2015 },
      { ticker: "FB", period_ending: "2016-12-31", fiscal_year: 2016 },
      { ticker: "IPG", period_ending: "2015-12-31", fiscal_year: 2015 }, // For Year 1215.0 in the source
    ]);

    const ratios = await env.MARKET_DB.prepare("SELECT * FROM ratios WHERE ticker IN ('XOM', 'BRK.B') ORDER BY ticker").all();
    expect(ratios.results[0]).toMatchObject({ ticker: "BRK.B", price: null, pe_ratio: null, market_cap: null });
    expect(ratios.results[1]).toMatchObject({ ticker: "XOM", stock_id: "US:XOM", price: 165.11, pe_ratio: 21.222364, dividend_yield: 0.0248, eps: 7.78, week_52_low: 108.35, week_52_high: 176.41, market_cap: 678917767168 });
  });

  it("reports rows per dataset, and a reload changes no count", async () => {
    const before = await status();
    expect(before.datasets).toEqual({
      securities_constituents: 29,
      securities_nyse: 32,
      fundamentals: 25,
      prices_stocks: 1041,
      prices_spy: 30,
      prices_sp500: 30,
      ratios: 32,
    });
    const snapshot = await allSecurities();
    const reloaded = await loadAll();
    expect(reloaded).toEqual({ ...before.datasets });
    expect(await status()).toEqual(before);
    expect(await allSecurities()).toEqual(snapshot);
  });

  it("gives the same securities whatever the load order", async () => {
    const forward = await allSecurities();
    await clearMarket();
    await loadAll([...ALL].reverse());
    expect(await allSecurities()).toEqual(forward);
    await clearMarket();
    await loadAll(["ratios", "fundamentals", "securities_constituents", "prices_spy", "securities_nyse", "prices_sp500", "prices_stocks"]);
    expect(await allSecurities()).toEqual(forward);
  });

  it("writes files over D1's 100-parameter limit in many statements and upserts changed values", async () => {
    const header = "Symbol,Security,GICS Sector,GICS Sub-Industry,Headquarters Location,Date added,CIK,Founded";
    const rows = Array.from({ length: 250 }, (_, i) => `ZT${i},"Test Co ${i}, Inc.",Industrials,Machinery,"Town, State",2020-01-01,${1000 + i},1999`);
    const res = await upload("securities_constituents", [header, ...rows].join("\r\n") + "\r\n");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ dataset: "securities_constituents", rows_loaded: 250 });
    expect(await security("ZT249")).toMatchObject({ company: "Test Co 249, Inc.", cik: "0000001249", in_sp500: 1 });

    const changed = rows.map((r) => r.replace("Machinery", "Building Products"));
    expect((await upload("securities_constituents", [header, ...changed].join("\n"))).status).toBe(200);
    const n = await env.MARKET_DB.prepare("SELECT COUNT(*) AS n FROM securities WHERE ticker LIKE 'ZT%' AND gics_sub_industry = 'Building Products'").first<{ n: number }>();
    expect(n?.n).toBe(250);
  });
});

describe("POST /admin/v1/market_data: refusals", () => {
  const expect400 = async (res: Response, message: RegExp) => {
    expect(res.status).toBe(400);
    const body = await jsonOf(res);
    expect(body.error.code).toBe("INVALID_REQUEST_BODY");
    expect(body.error.message).toMatch(message);
  };

  it("requires the admin token", async () => {
    const csv = await fixture("spy_prices.csv");
    const missing = await upload("prices_spy", csv, null);
    expect(missing.status).toBe(401);
    expect((await jsonOf(missing)).error.code).toBe("UNAUTHORIZED");
    expect((await upload("prices_spy", csv, "wrong-token")).status).toBe(401);
    expect((await admin("/admin/v1/market_data", "GET", undefined, null)).status).toBe(401);
  });

  it("refuses an unknown or missing dataset", async () => {
    await expect400(await upload("bonds", "a,b\n1,2\n"), /dataset/);
    await expect400(await upload(null, "a,b\n1,2\n"), /dataset/);
  });

  it("refuses a missing file and a body that is not multipart", async () => {
    await expect400(await upload("ratios", null), /file is required/);
    await expect400(await admin("/admin/v1/market_data", "POST", { dataset: "ratios" }), /multipart/);
  });

  it("refuses malformed CSV", async () => {
    await expect400(await upload("prices_spy", 'date,SPY\n2019-01-02,"250.1\n'), /Malformed CSV.*unterminated/);
    await expect400(await upload("prices_spy", "date,SPY\n2019-01-02,250.1,7\n"), /Malformed CSV: line 2: 3 fields/);
    await expect400(await upload("prices_spy", 'date,SPY\n2019-01-02,25"0\n'), /Malformed CSV/);
    await expect400(await upload("prices_spy", ""), /empty/);
    await expect400(await upload("prices_spy", "date,SPY\n"), /no data rows/);
  });

  it("refuses files whose columns or values do not fit the dataset", async () => {
    await expect400(await upload("fundamentals", await fixture("constituents.csv")), /missing columns: Ticker Symbol, Period Ending/);
    await expect400(await upload("prices_spy", "date,SPY\n2019-01-02,abc\n"), /row 1: SPY "abc" is not a number/);
    await expect400(await upload("prices_spy", "date,SPY\n01/02/2019,250\n"), /not a YYYY-MM-DD date/);
    await expect400(await upload("securities_nyse", '"Ticker symbol","Security","GICS Sector","GICS Sub Industry","CIK"\n"A B C D!","X","S","I","1"\n'), /is not a ticker/);
    await expect400(await upload("securities_constituents", "Symbol,Security,GICS Sector,GICS Sub-Industry,CIK\nAAA,Triple A,Energy,Oil,12ab\n"), /not a CIK/);
  });
});
