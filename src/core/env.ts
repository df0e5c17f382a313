// The Worker's bindings and its configuration, validated once per request into a typed Config.
// Secrets that are optional (model endpoints, R2 S3 credentials) are typed optional here.
import { z } from "zod";

export interface Env {
  DB: D1Database;
  MARKET_DB: D1Database;
  DOCUMENTS: R2Bucket;
  JUDGE_QUEUE: Queue;
  PARSE_QUEUE: Queue;
  BRIEFING_QUEUE: Queue;
  CONVERSATIONS: DurableObjectNamespace;
  RATE_LIMITER: DurableObjectNamespace;
  /** Workers AI: declared only in deployed environments (offline `wrangler dev` would ask for a login). */
  AI?: Ai;

  REGION: string;
  /** Set only in .dev.vars and tests: local workerd cannot place Durable Objects in a jurisdiction. */
  WORKERD_LOCAL?: string;
  OTHER_REGION_BASE_URL: string;
  CORS_ORIGINS?: string;
  RATE_LIMIT_PER_MINUTE?: string;
  MODEL_PROVIDER?: string;
  TENANT_DB_OVERRIDES?: string;

  ADMIN_TOKEN?: string;
  KEY_TAG_SECRET: string;
  /** Its own secret: never KEY_TAG_SECRET's value (a leak of one must not forge the other). */
  URL_SIGNING_SECRET: string;

  OPENAI_BASE_URL?: string;
  OPENAI_MODEL?: string;
  OPENAI_API_KEY?: string;
  WORKERS_AI_MODEL?: string;
  MODEL_TIMEOUT_MS?: string;
  /** Deadline of each TTSQL query on MARKET_DB, in ms (default 3000, at most 30000: D1's own limit). */
  TTSQL_QUERY_TIMEOUT_MS?: string;

  R2_ACCOUNT_ID?: string;
  R2_ACCESS_KEY_ID?: string;
  R2_SECRET_ACCESS_KEY?: string;
  R2_BUCKET_NAME?: string;
}

const secret = (name: string) =>
  z.string({ error: `${name} is required (a secret of at least 16 characters)` }).min(16, { error: `${name} must have at least 16 characters` });

const configSchema = z
  .object({
    region: z.enum(["global", "eu"]),
    otherRegionBaseUrl: z.string().min(1),
    corsOrigins: z.array(z.string()),
    rateLimitPerMinute: z.number().int().positive(),
    modelProvider: z.enum(["local", "workers-ai", "openai"]),
    tenantDbOverrides: z.record(z.string(), z.string()),
    adminToken: z.string().min(1).nullable(),
    keyTagSecret: secret("KEY_TAG_SECRET"),
    urlSigningSecret: secret("URL_SIGNING_SECRET"),
    modelTimeoutMs: z.number().int().positive(),
    ttsqlQueryTimeoutMs: z.number().int().min(1).max(30_000),
  })
  .refine((c) => c.urlSigningSecret !== c.keyTagSecret, { path: ["urlSigningSecret"], error: "URL_SIGNING_SECRET must differ from KEY_TAG_SECRET" });

export type Config = z.infer<typeof configSchema>;

const cache = new WeakMap<object, Config>();

function parseJson(text: string | undefined, fallback: unknown): unknown {
  if (!text) return fallback;
  try {
    return JSON.parse(text);
  } catch {
    return Symbol.for("invalid-json");
  }
}

/** Validates the environment once (cached per env object); a misconfiguration fails loudly, never silently. */
export function loadConfig(env: Env): Config {
  const hit = cache.get(env);
  if (hit) return hit;
  const parsed = configSchema.safeParse({
    region: env.REGION,
    otherRegionBaseUrl: env.OTHER_REGION_BASE_URL,
    corsOrigins: (env.CORS_ORIGINS ?? "").split(",").map((s) => s.trim()).filter(Boolean),
    rateLimitPerMinute: Number(env.RATE_LIMIT_PER_MINUTE ?? "600"),
    modelProvider: env.MODEL_PROVIDER ?? "local",
    tenantDbOverrides: parseJson(env.TENANT_DB_OVERRIDES, {}),
    adminToken: env.ADMIN_TOKEN ? env.ADMIN_TOKEN : null,
    keyTagSecret: env.KEY_TAG_SECRET,
    urlSigningSecret: env.URL_SIGNING_SECRET,
    modelTimeoutMs: Number(env.MODEL_TIMEOUT_MS ?? "60000"),
    ttsqlQueryTimeoutMs: Number(env.TTSQL_QUERY_TIMEOUT_MS ?? "3000"),
  });
  if (!parsed.success) {
    throw new Error(`Invalid Worker configuration: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  cache.set(env, parsed.data);
  return parsed.data;
}
