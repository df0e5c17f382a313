// POST /v1/ttsql under hostile inputs (issue 21, items 4 and 5): questions over 30 years of daily prices
// answer from one pass over the rows (window functions, not a correlated subquery per row), with the
// figures computed here from the same closes. A query past its deadline answering 5003 through the Worker
// needs SQL slower than the local engine writes: test/openai/ttsql.openai-test.ts has it.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { QueryDeadlineExceeded, withDeadline } from "../../src/ttsql/repo";
import { buildPlan } from "../../src/ttsql/sql-builder";
import type { TestOrg } from "../helpers/harness";
import { ask, createOrg, loadLongGeHistory, loadMarketFixtures, type Close } from "./ttsql-helpers";

let org: TestOrg;
let ge: Close[];

beforeAll(async () => {
  await loadMarketFixtures();
  ge = await loadLongGeHistory();
  org = await createOrg();
});

/** The cells of the first result row, by header. */
function firstRow(markdown: string): Record<string, string> {
  const lines = markdown.split("\n").filter((l) => l.startsWith("| "));
  const cells = (l: string) => l.split("|").slice(1, -1).map((c) => c.trim());
  const [head, , first] = lines;
  return Object.fromEntries(cells(head).map((h, i) => [h, cells(first)[i]]));
}

const number = (cell: string) => Number(cell.replace(/[$,%]/g, ""));

function maxDrawdown(closes: Close[]): { pct: number; trough: string; peak: number } {
  let peak = -Infinity;
  let best = { pct: 0, trough: closes[0].date, peak: closes[0].close };
  for (const c of closes) {
    peak = Math.max(peak, c.close);
    const pct = (c.close / peak - 1) * 100;
    if (pct < best.pct) best = { pct, trough: c.date, peak };
  }
  return best;
}

function annualizedVolatility(closes: Close[]): { pct: number; returns: number } {
  const r = closes.slice(1).map((c, i) => c.close / closes[i].close - 1);
  const mean = r.reduce((a, b) => a + b, 0) / r.length;
  const meanSq = r.reduce((a, b) => a + b * b, 0) / r.length;
  return { pct: Math.sqrt(Math.max(0, meanSq - mean * mean)) * Math.sqrt(252) * 100, returns: r.length };
}

describe("POST /v1/ttsql over 30 years of prices", () => {
  it("holds 30 years of GE closes", () => {
    expect(ge.length).toBeGreaterThan(7_500);
    expect(ge[0].date < "1989-01-10" && ge[ge.length - 1].date > "2018-12-20").toBe(true);
  });

  it("answers 'GE max drawdown from 1989 to 2018' with the drawdown of every close in the period", async () => {
    const { status, body } = await ask(org, "GE max drawdown from 1989 to 2018");
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 0, success: true });
    const expected = maxDrawdown(ge);
    const row = firstRow(body.response.rdb_result);
    expect(row["Trough date"]).toBe(expected.trough);
    expect(number(row["Max drawdown (%)"])).toBeCloseTo(expected.pct, 2);
    expect(number(row["Peak close"])).toBeCloseTo(expected.peak, 2);
    expect(expected.pct).toBeLessThan(-50);
  });

  it("answers a 30-year volatility from every daily return in the period", async () => {
    const { body } = await ask(org, "How volatile was GE stock from 1989 to 2018?");
    expect(body).toMatchObject({ code: 0, success: true });
    const expected = annualizedVolatility(ge);
    const row = firstRow(body.response.rdb_result);
    expect(number(row["Daily returns"])).toBe(expected.returns);
    expect(number(row["Annualized volatility (%)"])).toBeCloseTo(expected.pct, 2);
  });

  it("writes both with window functions, without a correlated subquery over prices", () => {
    const securities = [{ ticker: "GE", company: "General Electric", kind: "stock", hasFundamentals: false, hasPrices: true, hasRatios: false, hasCalls: false }];
    for (const question of ["GE max drawdown from 1989 to 2018", "How volatile was GE stock from 1989 to 2018?"]) {
      const sql = buildPlan({ question, securities, ratiosAsOf: null, today: "2026-11-22" }).sql!;
      expect(sql).toMatch(/ OVER \(PARTITION BY p\.stock_id ORDER BY p\.date\)/);
      expect(sql.match(/FROM prices/g)).toHaveLength(1);
    }
  });
});

describe("the MARKET_DB deadline", () => {
  it("answers a query in time and refuses to wait past the deadline", async () => {
    await expect(withDeadline(env.MARKET_DB.prepare("SELECT COUNT(*) AS n FROM prices").first<{ n: number }>(), 3_000)).resolves.toMatchObject({ n: expect.any(Number) });
    await expect(withDeadline(new Promise(() => {}), 20)).rejects.toBeInstanceOf(QueryDeadlineExceeded);
    await expect(withDeadline(Promise.reject(new Error("D1_ERROR")), 1_000)).rejects.toThrow("D1_ERROR");
  });

});
