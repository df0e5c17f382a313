// POST /v1/ttsql by finance convention (issue 20), through the Worker's fetch: margins and ratios computed
// signed from raw figures (never the file's rounded, unsigned margin column), a ratio the data cannot give
// refused, returns from the last close before the period, fiscal years on the company's own year ends, and
// names as of the period. The rows (test/fixtures/market/conventions/, see SOURCES.md) are real rows of the
// market data for the companies and days asked.
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { guardSql } from "../../src/ttsql/guard";
import { ADMIN_TOKEN, BASE, type TestOrg } from "../helpers/harness";
import { fixture } from "../market/market-helpers";
import { ask, createOrg, loadMarketFixtures } from "./ttsql-helpers";

async function upsert(table: string, csv: string): Promise<void> {
  const res = await SELF.fetch(`${BASE}/admin/v1/market/${table}?mode=upsert`, { method: "POST", headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, "Content-Type": "text/csv" }, body: csv });
  if (res.status !== 200) throw new Error(`${table}: ${res.status} ${await res.text()}`);
}

let org: TestOrg;

beforeAll(async () => {
  await loadMarketFixtures();
  for (const table of ["securities", "fundamentals", "prices"]) await upsert(table, await fixture(`conventions/${table}.csv`));
  org = await createOrg({ entitlements: [] });
});

const tickersOf = (md: string) => md.split("\n").filter((l) => l.startsWith("| ") && !l.startsWith("| ---")).slice(1).map((r) => r.split("|")[1].trim());

describe("POST /v1/ttsql: metrics computed signed from raw figures", () => {
  it("ranks energy companies by their signed net margin: APA lost money in 2014, Newfield leads", async () => {
    const { body } = await ask(org, "Which energy company had the highest net profit margin in 2014?");
    expect(body).toMatchObject({ code: 0, success: true });
    expect(tickersOf(body.response.rdb_result)).toEqual(["NFX"]);
    expect(body.response.rdb_result).toContain("39.34%");
    const worst = await ask(org, "Which energy company had the lowest net margin in 2014?");
    expect(tickersOf(worst.body.response.rdb_result)).toEqual(["APA"]);
    expect(worst.body.response.rdb_result).toContain("-39.87%");
  });

  it("gives a loss a negative margin: Chesapeake 2015 is -115.05%, not the file's 115", async () => {
    const { body } = await ask(org, "What was Chesapeake Energy's net margin in 2015?");
    expect(body).toMatchObject({ code: 0, success: true });
    expect(body.message).toContain("-115.05%");
    expect(body.response.rdb_result).not.toContain("| 115.00%");
  });

  it("computes X as a percentage of Y: Pfizer's R&D over revenue, 15.74%, not the R&D amount", async () => {
    const { body } = await ask(org, "What was Pfizer's R&D expense as a percentage of revenue in 2015?");
    expect(body).toMatchObject({ code: 0, success: true });
    expect(body.message).toContain("15.74%");
    expect(body.message).not.toMatch(/\$7\.69B\s*$/);
  });

  it("shows a margin with the precision of its inputs: Apple's 2016 gross margin is 39.08%, not the rounded 39.00%", async () => {
    const { body } = await ask(org, "What was Apple's gross margin in 2016?");
    expect(body.message).toContain("39.08%");
    expect(body.response.rdb_result).not.toContain("39.00%");
  });

  it("gives a margin's change in percentage points, not a percent change of a percentage", async () => {
    const { body } = await ask(org, "Apple gross margin change from 2014 to 2016");
    expect(body).toMatchObject({ code: 0, success: true });
    expect(body.message).toContain("+0.49 pts");
  });

  it("does not divide by negative equity: American Airlines' 2012 ROE (a loss over negative equity) is no answer, not +23%", async () => {
    const { body } = await ask(org, "What was American Airlines' return on equity in 2012?");
    expect(body).toMatchObject({ code: 4002, success: false });
    expect(body.message).toContain("total equity is negative or zero");
  });

  it("refuses a ratio it cannot compute instead of answering with the numerator", async () => {
    const { body } = await ask(org, "What was Apple's R&D as a percentage of employee headcount in 2015?");
    expect(body).toMatchObject({ code: 4001, success: false });
    expect(body.response.rdb_result).toBe("");
    expect(body.message).toMatch(/Cannot answer/);
  });

  it("never lets SQL read the rounded margin columns of the file", () => {
    for (const column of ["profit_margin", "gross_margin", "after_tax_roe", "current_ratio"]) {
      expect(guardSql(`SELECT f.${column} FROM fundamentals f LIMIT 1`).ok).toBe(false);
    }
    expect(guardSql("SELECT f.net_income * 100.0 / NULLIF(f.total_revenue, 0) AS net_margin_pct FROM fundamentals f LIMIT 1").ok).toBe(true);
  });
});

describe("POST /v1/ttsql: return conventions and names as of the period", () => {
  it("runs a calendar year from the prior year's last close: S&P 500 2014 is 11.39%, a price return", async () => {
    const { body } = await ask(org, "What was the S&P 500 return in calendar year 2014?");
    expect(body).toMatchObject({ code: 0, success: true });
    expect(body.message).toContain("11.39%");
    expect(body.response.rdb_result).toContain("2013-12-31");
    expect(body.response.rdb_result).toMatch(/Price return: the index level leaves dividends out/);
    // Index levels are points, not dollars.
    expect(body.response.rdb_result).toContain("| 1,848.36 |");
    expect(body.response.field_currency_info).toEqual({});
  });

  it("shows GE's 2016 return under the name it had then: General Electric (now GE Aerospace), 4.62%, a total return", async () => {
    const { body } = await ask(org, "How much did GE stock return in 2016?");
    expect(body).toMatchObject({ code: 0, success: true });
    expect(body.message).toContain("4.62%");
    const text = `${body.message}\n${body.response.rdb_result}`;
    expect(text).toContain("General Electric (now GE Aerospace)");
    expect(text.split("GE Aerospace").length - 1).toBe(text.split("(now GE Aerospace)").length - 1);
    expect(body.response.stock_name_mapping).toEqual({ "US:GE": "General Electric (now GE Aerospace)" });
    expect(body.response.rdb_result).toMatch(/Total return: adjusted closes/);
  });

  it("runs a return between two dates from the close on, or last before, the start date", async () => {
    const { body } = await ask(org, "GE return from 2016-01-01 to 2016-12-30");
    expect(body.message).toContain("4.62%");
    expect(body.response.rdb_result).toContain("2015-12-31");
  });

  it("runs a fiscal year between the company's own fiscal year ends: Apple FY2015 (2014-09-27 to 2015-09-26) is 15.80%", async () => {
    const { body } = await ask(org, "What was Apple's stock return in fiscal 2015?");
    expect(body).toMatchObject({ code: 0, success: true });
    expect(body.message).toContain("15.80%");
    expect(body.response.rdb_result).toContain("2014-09-27");
    expect(body.response.rdb_result).toContain("2015-09-26");
  });

  it("takes a fiscal year end the fundamentals do not hold from the company's fiscal calendar: Apple FY2017 ended 2017-09-30", async () => {
    const { body } = await ask(org, "What was Apple's stock return in fiscal 2017?");
    expect(body).toMatchObject({ code: 0, success: true });
    expect(body.message).toContain("39.15%");
    expect(body.response.rdb_result).toContain("2017-09-30");
    expect(body.response.rdb_result).toContain("2016-09-23");
  });

  it("refuses a year with no close in the week before it instead of starting from the year's first close", async () => {
    const { body } = await ask(org, "How much did GE stock return in 2015?");
    expect(body).toMatchObject({ code: 4002, success: false });
    expect(body.message).toContain("a close in the 7 days before 2015-01-01");
  });

  it("reads a former name in the question and shows it for the period: Apache in 2014", async () => {
    const { body } = await ask(org, "Apache net margin 2014");
    expect(body).toMatchObject({ code: 0, success: true });
    expect(body.message).toContain("Apache Corporation (now APA Corporation)");
    expect(body.message).toContain("-39.87%");
  });
});
