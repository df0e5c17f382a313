// POST /v1/ttsql through the Worker's fetch on fixture market data: one representative question per class,
// the flat response shape, the entitlement rule for earnings-schedule fields, and the execution log.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestOrg } from "../helpers/harness";
import { ask, createOrg, loadMarketFixtures } from "./ttsql-helpers";

let entitled: TestOrg;
let plain: TestOrg;

beforeAll(async () => {
  await loadMarketFixtures();
  entitled = await createOrg({ entitlements: ["earnings_schedule"] });
  plain = await createOrg({ entitlements: [] });
});

const rowsOf = (md: string) => md.split("\n").filter((l) => l.startsWith("| ") && !l.startsWith("| ---")).slice(1);

describe("POST /v1/ttsql: response shape", () => {
  it("answers a single lookup with the flat body of the spec", async () => {
    const { status, body } = await ask(entitled, "What was Apple's revenue in fiscal 2015?");
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(["code", "message", "response", "success"]);
    expect(body).toMatchObject({ code: 0, success: true });
    const r = body.response;
    expect(r.execution_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.stock_name_mapping).toEqual({ "US:AAPL": "Apple Inc." });
    expect(r.currency_info).toEqual([{ currency: "USD", exchange_rate: 1 }]);
    expect(r.field_currency_info).toEqual({ "US:AAPL": { total_revenue: "USD" } });
    expect(Number.isInteger(r.execution_duration)).toBe(true);
    expect(r.date_range).toEqual(["2015-09-26", "2015-09-26"]);
    expect(r.rdb_result).toContain("| Ticker | Company |");
    expect(r.rdb_result).toContain("$233.7B");
    expect(rowsOf(r.rdb_result).length).toBeLessThanOrEqual(3);
    expect(body.message).toContain("$233.7B");
  });

  it("gives entitled organizations earnings_schedule [] and false on non-schedule questions, and omits them for others", async () => {
    const a = await ask(entitled, "AAPL net income 2014");
    expect(a.body.response.earnings_schedule).toEqual([]);
    expect(a.body.response.earnings_schedule_truncated).toBe(false);
    const b = await ask(plain, "AAPL net income 2014");
    expect(b.body.success).toBe(true);
    expect("earnings_schedule" in b.body.response).toBe(false);
    expect("earnings_schedule_truncated" in b.body.response).toBe(false);
  });

  it("returns a schedule question both as markdown and structured, flagging projections", async () => {
    const { body } = await ask(entitled, "When is Intel's next earnings call?");
    expect(body.success).toBe(true);
    expect(body.response.rdb_result).toContain("2023-07-27");
    expect(body.response.earnings_schedule).toEqual([
      { stock_id: "US:INTC", ticker: "INTC", company: "Intel", fiscal_year: 2023, fiscal_quarter: 2, call_date: "2023-07-27", call_time: "17:00", time_zone: "America/New_York", is_estimated: true },
    ]);
    expect(body.response.earnings_schedule_truncated).toBe(false);
    const other = await ask(plain, "When is Intel's next earnings call?");
    expect(other.body.response.rdb_result).toContain("2023-07-27");
    expect("earnings_schedule" in other.body.response).toBe(false);
  });

  it("logs every execution for the organization (question, SQL, rows, outcome, duration)", async () => {
    await ask(plain, "Apple EPS 2015");
    await ask(plain, "What is the weather in Paris?");
    const rows = (await env.DB.prepare("SELECT question, sql, outcome, row_count, duration_ms FROM ttsql_executions WHERE organization_id = ? ORDER BY created_at").bind(plain.organizationId).all()).results;
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const eps = rows.find((r) => r.question === "Apple EPS 2015")!;
    expect(eps).toMatchObject({ outcome: "success", row_count: 1 });
    expect(String(eps.sql)).toMatch(/^SELECT /);
    expect(rows.find((r) => r.question === "What is the weather in Paris?")).toMatchObject({ outcome: "unanswerable", sql: null, row_count: 0 });
    const others = await env.DB.prepare("SELECT COUNT(*) AS n FROM ttsql_executions WHERE organization_id = ? AND question = 'Apple EPS 2015'").bind(entitled.organizationId).first<{ n: number }>();
    expect(others?.n).toBe(0);
  });
});

describe("POST /v1/ttsql: one question per class", () => {
  const cases: [string, string, (body: any) => void][] = [
    ["latest", "What is Apple's latest net income?", (b) => expect(b.response.rdb_result).toContain("| 2016 |")],
    ["ranking", "Top 3 companies by revenue in 2015", (b) => {
      const rows = rowsOf(b.response.rdb_result);
      expect(rows).toHaveLength(3);
      expect(rows.map((r) => r.split("|")[1].trim())).toEqual(["XOM", "AAPL", "AAL"]);
    }],
    ["growth", "How much did Apple's revenue grow from 2013 to 2015?", (b) => expect(b.response.rdb_result).toContain("36.75%")],
    ["sector aggregate", "average revenue of energy companies in 2014", (b) => expect(b.response.rdb_result).toContain("$394.1B")],
    ["comparison", "Which had higher net income in 2015, Exxon or Apple?", (b) => {
      expect(b.message).toContain("Apple Inc. (AAPL) is higher");
      expect(rowsOf(b.response.rdb_result)[0]).toContain("AAPL");
    }],
    ["threshold", "Which companies had revenue above $100 billion in 2014?", (b) => expect(rowsOf(b.response.rdb_result).map((r) => r.split("|")[1].trim()).sort()).toEqual(["AAPL", "XOM"])],
    ["count", "How many S&P 500 companies are in the Information Technology sector?", (b) => {
      expect(b.message).toBe("5");
      expect(b.response.rdb_result).toContain("**5**");
    }],
    ["ratios (snapshot, current sector, as-of date)", "What is Apple's P/E?", (b) => {
      expect(b.response.rdb_result).toContain("35.48");
      expect(b.response.rdb_result).toContain("2026-08-22");
      expect(b.response.date_range).toEqual(["2026-08-22", "2026-08-22"]);
    }],
    ["price on a date", "What was AAPL's closing price on May 15, 2012?", (b) => expect(b.response.rdb_result).toContain("$53.50")],
    ["return", "Apple return from 2012-05-10 to 2012-05-31", (b) => expect(b.response.rdb_result).toContain("0.31%")],
    ["volatility", "How volatile was Apple stock in 2012?", (b) => expect(b.response.rdb_result).toMatch(/Annualized volatility/)],
    ["drawdown", "Apple max drawdown 2012", (b) => expect(b.response.rdb_result).toContain("-7.08%")],
    ["earnings calls", "When did Apple report Q2 FY2018 earnings?", (b) => expect(b.response.rdb_result).toContain("2018-05-01")],
  ];
  for (const [name, question, check] of cases) {
    it(`${name}: ${question}`, async () => {
      const { status, body } = await ask(entitled, question);
      expect(status).toBe(200);
      expect(body).toMatchObject({ code: 0, success: true });
      check(body);
    });
  }
});
