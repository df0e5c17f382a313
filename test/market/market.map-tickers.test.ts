import { beforeAll, describe, expect, it } from "vitest";
import { call, createOrg, jsonOf, platformKey, type TestOrg } from "../helpers/harness";
import { clearMarket, loadFixture } from "./market-helpers";

let org: TestOrg;

beforeAll(async () => {
  await clearMarket();
  for (const dataset of ["securities_constituents", "securities_nyse", "prices_spy", "prices_sp500"] as const) await loadFixture(dataset);
  org = await createOrg();
});

const mapTickers = (body: unknown, key: string | null = org.key) => call("/v1/stocks/map_tickers", { method: "POST", key, body });

describe("POST /v1/stocks/map_tickers", () => {
  it("maps tickers in input order, tolerant of case, spacing and share-class spelling", async () => {
    const res = await mapTickers({ tickers: ["aapl", " BRK-B ", "FB", "nope", "SPY", "^GSPC", "AAPL", "brk/b", "Msft", "ZZZZ", "$goog"] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      error: null,
      payload: {
        mappings: [
          { ticker: "AAPL", stock_id: "US:AAPL", company_name: "Apple Inc." },
          { ticker: "BRK.B", stock_id: "US:BRK.B", company_name: "Berkshire Hathaway" },
          { ticker: "FB", stock_id: "US:FB", company_name: "Facebook" },
          { ticker: "SPY", stock_id: "US:SPY", company_name: "SPDR S&P 500 ETF Trust" },
          { ticker: "SPX", stock_id: "US:SPX", company_name: "S&P 500 Index" },
          { ticker: "MSFT", stock_id: "US:MSFT", company_name: "Microsoft" },
          { ticker: "GOOG", stock_id: "US:GOOG", company_name: "Alphabet Inc. (Class C)" },
        ],
        unmatched: ["nope", "ZZZZ"],
      },
    });
  });

  it("answers 500 tickers in one call", async () => {
    const tickers = Array.from({ length: 498 }, (_, i) => `NX${i}`).concat(["JPM", "bf.b"]);
    const res = await mapTickers({ tickers });
    expect(res.status).toBe(200);
    const { payload } = await jsonOf(res);
    expect(payload.mappings.map((m: { stock_id: string }) => m.stock_id)).toEqual(["US:JPM", "US:BF.B"]);
    expect(payload.unmatched).toHaveLength(498);
    expect(payload.unmatched[0]).toBe("NX0");
  });

  it("accepts a platform key acting for an organization", async () => {
    const key = await platformKey(org.organizationId);
    const res = await mapTickers({ tickers: ["XOM"], organization_id: org.organizationId }, key);
    expect(res.status).toBe(200);
    expect((await jsonOf(res)).payload.mappings).toEqual([{ ticker: "XOM", stock_id: "US:XOM", company_name: "ExxonMobil" }]);
  });

  it("requires an API key", async () => {
    const res = await mapTickers({ tickers: ["AAPL"] }, null);
    expect(res.status).toBe(401);
    expect((await jsonOf(res)).error.code).toBe("API_KEY_MISSING");
  });

  it.each([
    ["an empty list", { tickers: [] }],
    ["a non-string ticker", { tickers: ["AAPL", 42] }],
    ["a blank ticker", { tickers: ["AAPL", "  "] }],
    ["more than 500 tickers", { tickers: Array.from({ length: 501 }, (_, i) => `T${i}`) }],
    ["no tickers field", {}],
    ["tickers that are not a list", { tickers: "AAPL" }],
    ["an unknown field", { tickers: ["AAPL"], limit: 3 }],
  ])("refuses %s with 400", async (_label, body) => {
    const res = await mapTickers(body);
    expect(res.status).toBe(400);
    expect((await jsonOf(res)).error.code).toBe("INVALID_REQUEST_BODY");
  });
});
