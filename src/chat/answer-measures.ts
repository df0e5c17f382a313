// Measures a question asks for in words of its own, each computed or read from cited statement rows with the
// engine of answer-compute.ts: capital intensity, a change in debt, the restructuring costs of a year.
import { CHANGE, metricSentences } from "./answer-compute";
import { citeFor, rowSentence, scaleKnown, type Found, type Source } from "./answer-sources";
import type { AskedQuestion } from "./answer-subject";

/** The sentences of the measure the question asks for, or null when it asks none of them or they cannot be read. */
export function askedMeasureSentences(question: AskedQuestion, sources: Source[]): string[] | null {
  return capitalIntensitySentences(question, sources) ?? debtSentences(question, sources) ?? restructuringSentences(question, sources);
}

/**
 * "Is 3M a capital-intensive business based on FY2022 data?": the measures analysts read it from, each
 * computed from cited statement rows: fixed assets as a share of total assets, capex as a share of revenue,
 * and the return on assets for the year and the one before. No verdict is written; the figures are.
 */
function capitalIntensitySentences(question: AskedQuestion, sources: Source[]): string[] | null {
  const year = question.years.at(-1);
  if (year === undefined || !CAPITAL_INTENSIVE.test(question.text)) return null;
  const asked = (text: string): AskedQuestion => ({ ...question, text, items: [] });
  const measures = [
    `What is the FY${year} fixed assets to total assets? Fixed assets to total assets is defined as: net PP&E / total assets * 100.`,
    `What is the FY${year} capex as a % of revenue?`,
    `Has the return on assets declined between FY${year - 1} and FY${year}? Return on assets is defined as: net income / total assets * 100.`,
  ];
  const out: string[] = [];
  for (const m of measures) for (const s of metricSentences(asked(m), sources) ?? []) if (!out.includes(s)) out.push(s);
  // The computed lines (inputs alone are no measure).
  return out.some((s) => s.includes(" = ")) ? out : null;
}

/**
 * "Has Microsoft increased its debt on balance sheet between FY2023 and FY2022?": long-term debt with its
 * current portion, both rows cited, for each asked year (a balance sheet printing both lines; else null).
 */
function debtSentences(question: AskedQuestion, sources: Source[]): string[] | null {
  if (!/\bdebt\b/i.test(question.text) || !CHANGE.test(question.text) || question.years.length !== 2 || /\bdefined as\b|\bdefine\b|\bratio\b/i.test(question.text)) return null;
  const [from, to] = question.years;
  const text = `How did long-term debt including current portion change between FY${from} and FY${to}? Long-term debt including current portion is defined as: current portion of long-term debt + long-term debt.`;
  const out = metricSentences({ ...question, text, items: [] }, sources);
  return out && out.some((s) => s.includes(" = ")) ? out : null;
}

/**
 * "What is the quantity of restructuring costs directly outlined in X's income statements for FY2022? If
 * restructuring costs are not explicitly outlined then state 0": a restructuring row of the year (the income
 * statement's first, else a note's total; never a cash payment or a reserve). No row is no answer: a 0 would
 * rest on the passages holding the whole statement and every note, which they need not; so without a row the
 * answer says only what a whole income statement of the passages shows, when no passage names restructuring at
 * all: that none of its lines is one.
 */
function restructuringSentences(question: AskedQuestion, sources: Source[]): string[] | null {
  const year = question.years.at(-1);
  if (year === undefined || !/\brestructuring\b/i.test(question.text)) return null;
  const candidates: Found[] = [];
  for (const source of sources) {
    for (const table of source.yearTables) {
      const col = table.years.indexOf(year);
      if (col < 0 || table.kind === "cash") continue;
      for (const row of table.rows) {
        if (!/\brestructuring\b/.test(row.label) || /\bcash\b|\bpayments?\b|\bliabilit|\breserve|\bper\b|\bafter tax\b/.test(row.label) || !scaleKnown(source, row.printed)) continue;
        candidates.push({ hit: { table, row, col }, source, n: citeFor(source, row.printed) });
      }
    }
  }
  const found = candidates.find((c) => c.hit.table.kind === "income") ?? candidates.find((c) => /^total\b/.test(c.hit.row.label)) ?? candidates[0];
  if (found) return [rowSentence(found, year)];
  // Restructuring named anywhere in the passages (a note's table the reader could not read, a sentence): not "none".
  if (sources.some((source) => /\brestructuring\b/i.test(source.text))) return null;
  const whole = wholeIncomeStatement(sources, year);
  return whole ? [`The income statement for ${year} outlines no restructuring costs: none of its lines, from ${whole.first} to ${whole.last}, is one [${whole.n}].`] : null;
}

const REVENUE_ROW = /^(?:total )?(?:net )?(?:revenues?|sales)\b|^(?:total )?(?:net )?(?:operating )?revenues?\b/;
const NET_INCOME_ROW = /^net (?:income|earnings|loss|\(loss\) income|income \(loss\))\b/;

/**
 * An income statement of the passages read whole for the year: a table titled as one, with the year's column,
 * its revenue line and its net income line (a statement cut by a chunk's end lacks one of them). Its first and
 * last lines as printed, and the [n] of the passage that prints them; else null.
 */
function wholeIncomeStatement(sources: Source[], year: number): { first: string; last: string; n: number } | null {
  for (const source of sources) {
    for (const table of source.yearTables) {
      if (table.kind !== "income" || !table.years.includes(year)) continue;
      const first = table.rows.find((r) => REVENUE_ROW.test(r.label));
      const last = table.rows.find((r) => NET_INCOME_ROW.test(r.label));
      const n = first && last ? citeFor(source, first.printed) : null;
      if (first && last && n !== null && n === citeFor(source, last.printed)) return { first: first.printed, last: last.printed, n };
    }
  }
  return null;
}

const CAPITAL_INTENSIVE = /\bcapital[- ]intensive\b|\bcapital intensity\b/i;
