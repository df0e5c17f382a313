// POST /v1/ttsql: a finance question in plain language, answered from MARKET_DB as markdown (flat body).
import { z } from "zod";
import { tenantSelectorFields } from "../core/schemas";
import { defineRoute } from "../core/route";
import { invalidBody } from "../core/errors";
import { answerQuestion } from "./service";

const QUERY_MESSAGE = "query is required and must be a string";

const scheduleEntry = z.object({
  stock_id: z.string(), ticker: z.string(), company: z.string(), fiscal_year: z.number().int(), fiscal_quarter: z.number().int(),
  call_date: z.string(), call_time: z.string().nullable(), time_zone: z.string().nullable(), is_estimated: z.boolean(),
});

export const ttsqlResponseSchema = z.object({
  code: z
    .number()
    .int()
    .describe("0 on success; 4001 unanswerable, 4002 no data, 4003 SQL refused by the guard, 5001 SQL engine (model) failed, 5002 query failed, 5003 query exceeded its time budget (TTSQL_QUERY_TIMEOUT_MS, default 3 s)"),
  success: z.boolean(),
  message: z.string(),
  response: z.object({
    execution_id: z.string().uuid(),
    stock_name_mapping: z.record(z.string(), z.string()),
    currency_info: z.array(z.object({ currency: z.string(), exchange_rate: z.number() })),
    field_currency_info: z.record(z.string(), z.record(z.string(), z.string())),
    execution_duration: z.number().int(),
    date_range: z.array(z.string()).describe("[start, end], YYYY-MM-DD; empty when nothing was returned"),
    rdb_result: z.string(),
    earnings_schedule: z.array(scheduleEntry).optional().describe("Only for organizations with the earnings_schedule entitlement"),
    earnings_schedule_truncated: z.boolean().optional(),
  }),
});

export const ttsqlRoutes = [
  defineRoute({
    method: "POST",
    path: "/v1/ttsql",
    operationId: "answerTtsqlQuestion",
    summary: "Finance question in plain language -> guarded SQL over market data -> markdown",
    tag: "TTSQL",
    auth: "key",
    envelope: false,
    maxBodyBytes: 64 * 1024,
    body: z.object({
      query: z.unknown(),
      ...tenantSelectorFields,
    }),
    response: ttsqlResponseSchema,
    handler: async ({ body }, ctx) => {
      const query = body.query;
      if (typeof query !== "string" || query.trim() === "") throw invalidBody(QUERY_MESSAGE);
      if (query.length > 2000) throw invalidBody("query must be at most 2000 characters");
      return answerQuestion(ctx.env, ctx.tenant, query.trim());
    },
  }),
];
