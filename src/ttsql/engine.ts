// Registers the local TTSQL engine (a semantic parser, sql-builder.ts) under the provider task
// "ttsql.generate", and builds the request every provider gets: remote models read the schema prompt,
// the local engine reads the structured input. Both answer with the same SqlPlan schema.
import { registerLocalEngine, type ObjectRequest } from "../core/providers";
import { schemaText } from "./catalog";
import { sqlPlanSchema, type EngineInput, type SqlPlan } from "./plan";
import { buildPlan } from "./sql-builder";

export const TTSQL_TASK = "ttsql.generate";

registerLocalEngine(TTSQL_TASK, {
  object(req) {
    return buildPlan(req.input as EngineInput);
  },
});

export function planRequest(input: EngineInput): ObjectRequest<SqlPlan> {
  return {
    task: TTSQL_TASK,
    schema: sqlPlanSchema,
    schemaName: "sql_plan",
    temperature: 0,
    input,
    system: [
      "You translate finance questions into one read-only SQLite SELECT over the schema below.",
      schemaText(),
      `The ratios snapshot is as of ${input.ratiosAsOf ?? "an undated snapshot"}. Today is ${input.today}.`,
      "Answer with JSON: status ok with sql, intent, understood, title; or status unanswerable with understood and missing when the data cannot answer (forecasts, advice, data not held).",
      "Fundamentals: pick the row with the latest period_ending per company and fiscal_year. Sectors: gics_sector_2016 for fundamentals, gics_sector for ratios.",
    ].join("\n"),
    prompt: input.question,
  };
}
