#!/usr/bin/env node
// Writes bench/ttsql/questions.json: the TTSQL benchmark's question set, every class phrased several
// ways, each question with a structured gold spec that bench/ttsql/gold.mjs answers straight from the CSVs.
// Run once and commit the output; the set is frozen before the engine is tuned on it. Deterministic.
import { writeFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
let seed = 20261122;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = (xs) => xs[Math.floor(rand() * xs.length)];

// Companies with FY2013-2015 fundamentals (checked against the file), as analysts name them.
const COMPANIES = [
  ["AAPL", ["Apple", "AAPL", "Apple Inc."]], ["MSFT", ["Microsoft", "MSFT"]], ["AMZN", ["Amazon", "AMZN", "Amazon.com"]],
  ["XOM", ["Exxon Mobil", "ExxonMobil", "XOM", "Exxon"]], ["WMT", ["Walmart", "Wal-Mart", "WMT"]], ["JPM", ["JPMorgan", "JPMorgan Chase", "JPM"]],
  ["KO", ["Coca-Cola", "Coca Cola", "KO"]], ["PFE", ["Pfizer", "PFE"]], ["INTC", ["Intel", "INTC"]], ["PG", ["Procter & Gamble", "P&G", "PG"]],
  ["HD", ["Home Depot", "HD"]], ["BA", ["Boeing", "BA"]], ["CVX", ["Chevron", "CVX"]], ["VZ", ["Verizon", "VZ"]], ["T", ["AT&T"]],
  ["CSCO", ["Cisco", "CSCO"]], ["IBM", ["IBM"]], ["BAC", ["Bank of America", "BAC"]], ["WFC", ["Wells Fargo", "WFC"]], ["MRK", ["Merck", "MRK"]],
  ["PEP", ["PepsiCo", "Pepsi", "PEP"]], ["MCD", ["McDonald's", "McDonalds", "MCD"]], ["NKE", ["Nike", "NKE"]], ["SBUX", ["Starbucks", "SBUX"]],
  ["NFLX", ["Netflix", "NFLX"]], ["FB", ["Facebook", "FB"]], ["NVDA", ["Nvidia", "NVIDIA", "NVDA"]], ["ADBE", ["Adobe", "ADBE"]],
  ["CAT", ["Caterpillar", "CAT"]], ["MMM", ["3M", "MMM"]], ["DIS", ["Disney", "Walt Disney", "DIS"]], ["COST", ["Costco", "COST"]],
  ["UNH", ["UnitedHealth", "UNH"]], ["AMGN", ["Amgen", "AMGN"]], ["GILD", ["Gilead", "Gilead Sciences", "GILD"]], ["QCOM", ["Qualcomm", "QCOM"]],
  ["TXN", ["Texas Instruments", "TXN"]], ["HON", ["Honeywell", "HON"]], ["DAL", ["Delta Air Lines", "Delta", "DAL"]], ["F", ["Ford", "Ford Motor"]],
  ["GM", ["General Motors", "GM"]],
];
const YEARS = { default: [2013, 2014, 2015], AAL: [2012, 2013, 2014, 2015] };

// [column, phrasings, kind]; kind money|pct|eps.
const METRICS = [
  ["total_revenue", ["revenue", "sales", "total revenue", "top line", "net sales"], "money"],
  ["net_income", ["net income", "net profit", "profit", "bottom line", "earnings"], "money"],
  ["earnings_per_share", ["EPS", "earnings per share", "diluted EPS"], "eps"],
  ["research_and_development", ["R&D", "research and development", "R&D spending", "R&D expense"], "money"],
  ["capital_expenditures", ["capex", "capital expenditures", "capital spending"], "money_signed"],
  ["gross_profit", ["gross profit"], "money"],
  ["operating_income", ["operating income", "operating profit"], "money"],
  ["total_assets", ["total assets", "assets"], "money"],
  ["long_term_debt", ["long-term debt", "LT debt"], "money"],
  ["cash_and_cash_equivalents", ["cash and cash equivalents", "cash on hand", "cash"], "money"],
  ["net_cash_flow_operating", ["operating cash flow", "cash from operations", "cash flow from operations"], "money"],
  ["total_equity", ["shareholders' equity", "total equity", "stockholders equity"], "money"],
  ["profit_margin", ["profit margin", "net margin"], "pct"],
  ["gross_margin", ["gross margin"], "pct"],
  ["cost_of_revenue", ["cost of revenue", "COGS", "cost of goods sold"], "money"],
  ["sales_general_and_admin", ["SG&A", "selling, general and administrative expenses"], "money"],
];
const RANKABLE = METRICS.filter(([c]) => !["capital_expenditures", "cost_of_revenue"].includes(c));
const SECTORS_2016 = [
  ["Information Technology", ["tech", "technology", "IT", "information technology"]],
  ["Health Care", ["healthcare", "health care"]],
  ["Financials", ["financials", "financial", "banks and financials"]],
  ["Energy", ["energy", "oil and gas"]],
  ["Consumer Staples", ["consumer staples", "staples"]],
  ["Consumer Discretionary", ["consumer discretionary"]],
  ["Industrials", ["industrials", "industrial"]],
  ["Utilities", ["utilities", "utility"]],
  ["Materials", ["materials"]],
  ["Real Estate", ["real estate", "REIT"]],
];
const SECTORS_NOW = [...SECTORS_2016.filter(([s]) => s !== "Real Estate"), ["Communication Services", ["communication services", "communications"]], ["Real Estate", ["real estate"]]];
const RATIO_METRICS = [
  ["market_cap", ["market cap", "market capitalization", "market value"]],
  ["pe_ratio", ["P/E", "PE ratio", "price to earnings", "price-earnings multiple"]],
  ["dividend_yield", ["dividend yield"]],
  ["price_to_book", ["price to book", "P/B"]],
  ["ebitda", ["EBITDA"]],
  ["price_to_sales", ["price to sales", "P/S ratio"]],
];
const PRICE_STOCKS = [
  ["AAPL", ["Apple", "AAPL"]], ["AMZN", ["Amazon", "AMZN"]], ["GOOG", ["Google", "Alphabet", "GOOG"]], ["FB", ["Facebook", "FB"]],
  ["GE", ["GE", "General Electric"]], ["AMD", ["AMD"]], ["WMT", ["Walmart", "WMT"]], ["BAC", ["Bank of America", "BAC"]],
  ["XOM", ["Exxon", "XOM"]], ["JPM", ["JPMorgan", "JPM"]], ["SBUX", ["Starbucks", "SBUX"]], ["PFE", ["Pfizer", "PFE"]],
  ["MA", ["Mastercard", "MA"]], ["T", ["AT&T"]], ["BBY", ["Best Buy", "BBY"]], ["SPY", ["SPY", "the SPY ETF"]],
];
// Trading days present for every stock above (checked against the file).
const DATES = ["2013-03-15", "2014-06-02", "2014-10-01", "2015-01-05", "2015-07-15", "2016-02-11", "2016-08-01", "2016-11-09", "2017-03-01", "2017-06-30", "2017-12-29", "2018-02-05"];
const ISO_TO_TEXT = (d) => {
  const [y, m, day] = d.split("-").map(Number);
  return `${["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"][m - 1]} ${day}, ${y}`;
};

const questions = [];
const add = (cls, question, gold) => questions.push({ id: `${cls}-${String(questions.filter((q) => q.class === cls).length + 1).padStart(2, "0")}`, class: cls, question, gold });
const company = () => {
  const [t, names] = pick(COMPANIES);
  return { t, name: pick(names) };
};
const years = (t) => YEARS[t] ?? YEARS.default;
const fy = (y) => pick([`${y}`, `FY${y}`, `fiscal ${y}`, `fiscal year ${y}`, `FY ${y}`]);

// 1. Single lookups.
const lookupT = [
  (c, m, y) => `What was ${c}'s ${m} in ${y}?`,
  (c, m, y) => `${c} ${m} ${y}`,
  (c, m, y) => `Show me the ${m} of ${c} for ${y}`,
  (c, m, y) => `How much ${m} did ${c} report in ${y}?`,
  (c, m, y) => `${m} for ${c}, ${y}?`,
  (c, m, y) => `give me ${c} ${m} in ${y}`,
];
for (let i = 0; i < 26; i++) {
  const c = company();
  const [col, names] = METRICS[i % METRICS.length];
  const y = pick(years(c.t));
  add("lookup", lookupT[i % lookupT.length](c.name, pick(names), fy(y)), { kind: "value", source: "fundamentals", ticker: c.t, column: col, year: y });
}
// 2. Latest fiscal year.
const latestT = [
  (c, m) => `What is ${c}'s latest ${m}?`,
  (c, m) => `${c} most recent ${m}`,
  (c, m) => `Latest reported ${m} for ${c}`,
  (c, m) => `What was ${c}'s ${m} in its most recent fiscal year?`,
];
for (let i = 0; i < 12; i++) {
  const c = company();
  const [col, names] = RANKABLE[(i * 3) % RANKABLE.length];
  add("latest", latestT[i % latestT.length](c.name, pick(names)), { kind: "value", source: "fundamentals", ticker: c.t, column: col, year: "latest" });
}
// 3. Rankings on fundamentals (optionally within a 2016 sector).
const rankT = [
  (n, m, y, s) => `Top ${n} ${s ? s + " " : ""}companies by ${m} in ${y}`,
  (n, m, y, s) => `Which ${n} ${s ? s + " " : ""}companies had the highest ${m} in ${y}?`,
  (n, m, y, s) => `List the ${n} largest ${s ? s + " " : ""}companies by ${m} for ${y}`,
  (n, m, y, s) => `rank ${s ? s + " " : ""}companies by ${m} ${y}, top ${n}`,
  (n, m, y, s) => `Which ${n} ${s ? s + " " : ""}companies had the lowest ${m} in ${y}?`,
];
for (let i = 0; i < 22; i++) {
  const [col, names] = pick(RANKABLE.filter(([c]) => !["profit_margin", "gross_margin"].includes(c) || i % 5 === 4));
  const n = pick([3, 5, 10]);
  const y = pick([2013, 2014, 2015]);
  const sector = i % 3 === 0 ? pick(SECTORS_2016) : null;
  const order = i % rankT.length === 4 ? "asc" : "desc";
  add("ranking", rankT[i % rankT.length](n, pick(names), fy(y), sector ? pick(sector[1]) : null), { kind: "rank", source: "fundamentals", column: col, year: y, n, order, sector: sector?.[0] ?? null });
}
// 4. Ratios snapshot (current sector).
const ratioLookupT = [(c, m) => `What is ${c}'s ${m}?`, (c, m) => `${c} ${m}`, (c, m) => `current ${m} of ${c}`];
for (let i = 0; i < 8; i++) {
  const c = company();
  const [col, names] = RATIO_METRICS[i % RATIO_METRICS.length];
  add("ratios", ratioLookupT[i % 3](c.name, pick(names)), { kind: "value", source: "ratios", ticker: c.t, column: col });
}
const ratioRankT = [
  (n, m, s) => `Top ${n} ${s ? s + " " : ""}stocks by ${m}`,
  (n, m, s) => `Which ${n} ${s ? s + " " : ""}companies have the highest ${m}?`,
  (n, m, s) => `largest ${n} ${s ? s + " " : ""}companies by ${m}`,
];
for (let i = 0; i < 10; i++) {
  const [col, names] = pick(RATIO_METRICS.filter(([c]) => c !== "price_to_book"));
  const n = pick([3, 5]);
  const sector = i % 2 === 0 ? pick(SECTORS_NOW) : null;
  add("ratios", ratioRankT[i % 3](n, pick(names), sector ? pick(sector[1]) : null), { kind: "rank", source: "ratios", column: col, n, order: "desc", sector: sector?.[0] ?? null });
}
// 5. Growth between years.
const growthT = [
  (c, m, a, b) => `How much did ${c}'s ${m} grow from ${a} to ${b}?`,
  (c, m, a, b) => `${c} ${m} growth ${a}-${b}`,
  (c, m, a, b) => `What was the percentage change in ${c}'s ${m} between ${a} and ${b}?`,
  (c, m, a, b) => `By what percent did ${c} increase its ${m} from ${a} to ${b}?`,
];
for (let i = 0; i < 16; i++) {
  const c = company();
  const [col, names] = pick(RANKABLE.filter(([k]) => ["total_revenue", "net_income", "research_and_development", "gross_profit", "operating_income", "total_assets", "earnings_per_share"].includes(k)));
  const ys = years(c.t);
  const a = ys[0], b = ys[ys.length - 1 - (i % 2)];
  add("growth", growthT[i % growthT.length](c.name, pick(names), a, b), { kind: "growth", ticker: c.t, column: col, from: a, to: b });
}
// 6. Sector aggregates (2016 sectors).
const aggT = [
  (a, m, s, y) => `What was the ${a} ${m} of ${s} companies in ${y}?`,
  (a, m, s, y) => `${a} ${m} for the ${s} sector in ${y}`,
  (a, m, s, y) => `${s} sector ${a} ${m} ${y}`,
];
const AGGS = [["average", "avg"], ["mean", "avg"], ["total", "sum"], ["combined", "sum"], ["median", "median"]];
for (let i = 0; i < 15; i++) {
  const [col, names] = pick(RANKABLE.filter(([k]) => ["total_revenue", "net_income", "research_and_development", "profit_margin", "total_assets"].includes(k)));
  const [aggWord, agg] = AGGS[i % AGGS.length];
  const sector = pick(SECTORS_2016);
  const y = pick([2013, 2014, 2015]);
  add("sector_aggregate", aggT[i % aggT.length](aggWord, pick(names), pick(sector[1]), fy(y)), { kind: "sector_agg", column: col, year: y, sector: sector[0], agg });
}
// 7. Comparisons.
const cmpT = [
  (a, b, m, y) => `Compare ${a} and ${b} ${m} in ${y}`,
  (a, b, m, y) => `${a} vs ${b} ${m} ${y}`,
  (a, b, m, y) => `Which had higher ${m} in ${y}, ${a} or ${b}?`,
  (a, b, m, y) => `Did ${a} or ${b} have more ${m} in ${y}?`,
];
for (let i = 0; i < 16; i++) {
  let a = company(), b = company();
  while (b.t === a.t || years(a.t).join() !== years(b.t).join()) b = company();
  const [col, names] = pick(RANKABLE.filter(([k]) => !["profit_margin", "gross_margin"].includes(k)));
  const y = pick(years(a.t));
  add("comparison", cmpT[i % cmpT.length](a.name, b.name, pick(names), fy(y)), { kind: "compare", tickers: [a.t, b.t], column: col, year: y });
}
// 8. Thresholds (list of companies).
const thrT = [
  (m, op, v, y, s) => `Which ${s ? s + " " : ""}companies had ${m} ${op} ${v} in ${y}?`,
  (m, op, v, y, s) => `List ${s ? s + " " : ""}companies with ${m} ${op} ${v} in ${y}`,
  (m, op, v, y, s) => `${s ? s + " " : ""}companies with ${m} ${op} ${v}${y ? " in " + y : ""}`,
];
const THRESHOLDS = [
  ["total_revenue", "revenue", "above", ">", 100e9, "$100 billion", 2015, null],
  ["net_income", "net income", "over", ">", 20e9, "$20B", 2014, null],
  ["research_and_development", "R&D", "greater than", ">", 5e9, "$5 billion", 2015, null],
  ["total_revenue", "sales", "more than", ">", 50e9, "$50bn", 2013, "Health Care"],
  ["net_income", "net income", "below", "<", -1e9, "-$1 billion", 2015, null],
  ["profit_margin", "profit margin", "above", ">", 30, "30%", 2015, "Information Technology"],
  ["total_revenue", "revenue", "exceeding", ">", 200e9, "$200B", 2014, null],
  ["earnings_per_share", "EPS", "above", ">", 15, "$15", 2015, null],
  ["long_term_debt", "long-term debt", "over", ">", 80e9, "$80 billion", 2015, null],
  ["net_income", "net income", "above", ">", 5e9, "$5 billion", 2014, "Energy"],
  ["total_assets", "total assets", "greater than", ">", 1e12, "$1 trillion", 2015, null],
  ["gross_margin", "gross margin", "above", ">", 85, "85%", 2015, null],
];
THRESHOLDS.forEach(([col, m, opWord, op, v, vText, y, sector], i) => {
  const sectorWord = sector ? pick(SECTORS_2016.find(([s]) => s === sector)[1]) : null;
  add("threshold", thrT[i % thrT.length](m, opWord, vText, fy(y), sectorWord), { kind: "list", source: "fundamentals", column: col, op, value: v, year: y, sector });
});
// 9. Counts.
const countT = [
  (what) => `How many ${what}?`,
  (what) => `Count the ${what}`,
  (what) => `number of ${what}`,
];
const COUNTS = [
  ["companies are in the S&P 500", { kind: "count", what: "sp500" }],
  ["S&P 500 companies are in the Information Technology sector", { kind: "count", what: "sp500_sector", sector: "Information Technology" }],
  ["health care companies are in the S&P 500", { kind: "count", what: "sp500_sector", sector: "Health Care" }],
  ["energy stocks are in the S&P 500", { kind: "count", what: "sp500_sector", sector: "Energy" }],
  ["utilities companies are in the index", { kind: "count", what: "sp500_sector", sector: "Utilities" }],
  ["financials companies are in the S&P 500", { kind: "count", what: "sp500_sector", sector: "Financials" }],
  ["companies had revenue above $100 billion in 2015", { kind: "count", what: "fund_threshold", column: "total_revenue", op: ">", value: 100e9, year: 2015 }],
  ["companies reported a net loss in 2015", { kind: "count", what: "fund_threshold", column: "net_income", op: "<", value: 0, year: 2015 }],
  ["companies had net income over $10 billion in 2014", { kind: "count", what: "fund_threshold", column: "net_income", op: ">", value: 10e9, year: 2014 }],
  ["companies have a P/E above 50", { kind: "count", what: "ratio_threshold", column: "pe_ratio", op: ">", value: 50 }],
  ["companies have a market cap above $500 billion", { kind: "count", what: "ratio_threshold", column: "market_cap", op: ">", value: 500e9 }],
  ["companies have fundamentals for fiscal 2016", { kind: "count", what: "fund_year", year: 2016 }],
  ["S&P 500 companies are consumer staples", { kind: "count", what: "sp500_sector", sector: "Consumer Staples" }],
  ["companies pay a dividend yield above 5%", { kind: "count", what: "ratio_threshold", column: "dividend_yield", op: ">", value: 0.05 }],
];
COUNTS.forEach(([what, gold], i) => add("count", countT[i % countT.length](what), gold));
// 10. Price on a date.
const priceT = [
  (c, d) => `What was ${c}'s closing price on ${d}?`,
  (c, d) => `${c} close ${d}`,
  (c, d) => `Where did ${c} close on ${d}?`,
  (c, d) => `${c} stock price on ${d}`,
];
for (let i = 0; i < 16; i++) {
  const [t, names] = PRICE_STOCKS[i % PRICE_STOCKS.length];
  const d = pick(t === "FB" ? DATES.slice(0) : DATES);
  add("price_on_date", priceT[i % priceT.length](pick(names), i % 2 ? ISO_TO_TEXT(d) : d), { kind: "price", ticker: t, date: d });
}
// 11. Returns over a period.
const retT = [
  (c, a, b) => `What was ${c}'s return from ${a} to ${b}?`,
  (c, a, b) => `${c} performance between ${a} and ${b}`,
  (c, a, b) => `How much did ${c} stock gain from ${a} to ${b}?`,
  (c, y) => `What was ${c}'s total return in ${y}?`,
  (c, y) => `${c} ${y} stock return`,
];
for (let i = 0; i < 15; i++) {
  const [t, names] = PRICE_STOCKS[(i * 5) % PRICE_STOCKS.length];
  if (i % 5 >= 3) {
    const y = pick([2013, 2014, 2015, 2016, 2017]);
    add("return", retT[i % 5](pick(names), y), { kind: "return", ticker: t, from: `${y}-01-01`, to: `${y}-12-31` });
  } else {
    const [a, b] = [pick(DATES.slice(0, 6)), pick(DATES.slice(6))];
    add("return", retT[i % 5](pick(names), i % 2 ? ISO_TO_TEXT(a) : a, b), { kind: "return", ticker: t, from: a, to: b });
  }
}
// 12. Volatility.
const volT = [
  (c, y) => `What was ${c}'s annualized volatility in ${y}?`,
  (c, y) => `${c} volatility ${y}`,
  (c, y) => `How volatile was ${c} stock in ${y}?`,
  (c, y) => `standard deviation of ${c} daily returns in ${y}, annualized`,
];
for (let i = 0; i < 10; i++) {
  const [t, names] = PRICE_STOCKS[(i * 3 + 1) % PRICE_STOCKS.length];
  const y = pick([2013, 2014, 2015, 2016, 2017]);
  add("volatility", volT[i % 4](pick(names), y), { kind: "volatility", ticker: t, from: `${y}-01-01`, to: `${y}-12-31` });
}
// 13. Drawdown.
const ddT = [
  (c, y) => `What was ${c}'s maximum drawdown in ${y}?`,
  (c, y) => `${c} max drawdown ${y}`,
  (c, y) => `largest peak-to-trough decline for ${c} in ${y}`,
  (c, y) => `How far did ${c} fall from its peak during ${y}?`,
];
for (let i = 0; i < 10; i++) {
  const [t, names] = PRICE_STOCKS[(i * 7 + 2) % PRICE_STOCKS.length];
  const y = pick([2013, 2014, 2015, 2016, 2017]);
  add("drawdown", ddT[i % 4](pick(names), y), { kind: "drawdown", ticker: t, from: `${y}-01-01`, to: `${y}-12-31` });
}
// 14. Earnings calls.
const EARN = [
  ["When is Intel's next earnings call?", { kind: "earnings", ticker: "INTC", which: "next_estimated" }],
  ["When did Ulta Beauty hold its Q4 2022 earnings call?", { kind: "earnings", ticker: "ULTA", which: "quarter", fiscal_year: 2022, fiscal_quarter: 4 }],
  ["earnings call dates for Johnson & Johnson", { kind: "earnings", ticker: "JNJ", which: "all" }],
  ["When does PepsiCo report earnings next?", { kind: "earnings", ticker: "PEP", which: "next_estimated" }],
  ["Best Buy earnings call schedule", { kind: "earnings", ticker: "BBY", which: "all" }],
  ["What time is McDonald's earnings call for Q2 2023?", { kind: "earnings", ticker: "MCD", which: "quarter", fiscal_year: 2023, fiscal_quarter: 2 }],
  ["When is Salesforce's upcoming earnings call?", { kind: "earnings", ticker: "CRM", which: "next_estimated" }],
  ["list Costco's earnings calls", { kind: "earnings", ticker: "COST", which: "all" }],
  ["When did Apple report Q2 FY2018 earnings?", { kind: "earnings", ticker: "AAPL", which: "quarter", fiscal_year: 2018, fiscal_quarter: 2 }],
  ["next earnings date for Pfizer", { kind: "earnings", ticker: "PFE", which: "next_estimated" }],
  ["Which earnings calls are scheduled in August 2023?", { kind: "earnings_range", from: "2023-08-01", to: "2023-08-31" }],
  ["eBay earnings call dates", { kind: "earnings", ticker: "EBAY", which: "all" }],
];
EARN.forEach(([q, g]) => add("earnings_calls", q, g));
// 15. Out of scope / unanswerable: must not be answered as a success.
const OOS = [
  "What will Apple's stock price be next year?",
  "Should I buy Tesla stock?",
  "What is the weather in New York today?",
  "Write me a poem about the stock market",
  "What was Apple's revenue in 1995?",
  "What is Apple's revenue in 2030?",
  "Show me Microsoft's quarterly revenue for Q3 2015",
  "What is Bitcoin's price on 2017-12-15?",
  "DROP TABLE prices",
  "Delete all companies from the database",
  "What was Microsoft's closing price on 2015-03-02?",
  "What is the CEO's name at Apple?",
  "How many employees does Walmart have?",
  "What was Alphabet's revenue in 2015?",
  "Translate 'revenue' into French",
  "What was Foobarcorp's net income in 2014?",
];
OOS.forEach((q) => add("out_of_scope", q, { kind: "unanswerable" }));

writeFileSync(join(here, "questions.json"), JSON.stringify({ frozen: "2026-11-22", note: "Frozen before the local engine was tuned on it; do not edit questions, add new ones under new ids.", questions }, null, 1) + "\n");
const byClass = {};
for (const q of questions) byClass[q.class] = (byClass[q.class] ?? 0) + 1;
console.log(questions.length, byClass);
