// One error type for the whole API and one table from code to HTTP status.
// Handlers throw ApiError; core/http.ts renders it (envelope, headers) in one place.

export const ERROR_STATUS = {
  INVALID_REQUEST_BODY: 400,
  JUDGE_EVALUATION_TOO_LARGE: 400,
  JUDGE_EVALUATION_INVALID_INPUT: 400,
  ORGANIZATION_ID_MISSING: 400,
  DOCUMENT_ID_MISSING: 400,
  API_KEY_MISSING: 401,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  JUDGE_EVALUATION_IDEMPOTENCY_CONFLICT: 409,
  // A chat query to a conversation whose turn is running.
  CONVERSATION_BUSY: 409,
  RATE_LIMIT_EXCEEDED: 429,
  INTERNAL_ERROR: 500,
  JUDGE_EVALUATION_FAIL: 502,
  JUDGE_EVALUATION_UNAVAILABLE: 503,
  // Briefing domain errors are answered with 200 and an error code, as the spec says.
  BRIEFING_NOT_FOUND: 200,
  BRIEFING_GENERATE_FAIL: 200,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ApiErrorOptions {
  /** Seconds for Retry-After (429, 503). */
  retryAfter?: number;
  /** Methods for Allow (405). */
  allow?: string[];
  /** Extra, non-sensitive detail for the client (e.g. zod issues). */
  details?: unknown;
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly options: ApiErrorOptions;

  constructor(code: ErrorCode, message: string, options: ApiErrorOptions = {}) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.options = options;
  }
}

export type ErrorBody =
  | { error: { code: ErrorCode; msg: string; message: string; details?: unknown }; payload: null }
  | { error: { message: string }; payload: null };

/** The wire shape of an error: FORBIDDEN carries only a message, every other code the full triple. */
export function errorBody(err: ApiError): ErrorBody {
  if (err.code === "FORBIDDEN") return { error: { message: err.message }, payload: null };
  const error: { code: ErrorCode; msg: string; message: string; details?: unknown } = {
    code: err.code,
    msg: err.message,
    message: err.message,
  };
  if (err.options.details !== undefined) error.details = err.options.details;
  return { error, payload: null };
}

export function errorHeaders(err: ApiError): Record<string, string> {
  const headers: Record<string, string> = {};
  if (err.options.retryAfter !== undefined) headers["Retry-After"] = String(Math.max(1, Math.ceil(err.options.retryAfter)));
  if (err.options.allow) headers["Allow"] = err.options.allow.join(", ");
  return headers;
}

export const notFound = (what = "Resource") => new ApiError("NOT_FOUND", `${what} not found`);
export const invalidBody = (message: string, details?: unknown) => new ApiError("INVALID_REQUEST_BODY", message, { details });
export const forbidden = (message = "Forbidden") => new ApiError("FORBIDDEN", message);
