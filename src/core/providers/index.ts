// Chooses the model provider from configuration (MODEL_PROVIDER = local | workers-ai | openai).
// Areas call modelProvider(env) and never construct an implementation themselves.
import type { Env } from "../env";
import { loadConfig } from "../env";
import { LocalProvider } from "./local";
import { OpenAiProvider } from "./openai";
import { WorkersAiProvider } from "./workers-ai";
import { providerFailure, type ModelProvider } from "./types";

export type { ModelProvider, ObjectRequest, TextRequest } from "./types";
export { ProviderError } from "./types";
export { registerLocalEngine, type LocalEngine } from "./local";

const local = new LocalProvider();
/** What a caller (and so a client) reads; which setting is missing goes to the log line. */
const NOT_CONFIGURED = "The model provider is not configured";

export function modelProvider(env: Env): ModelProvider {
  const config = loadConfig(env);
  switch (config.modelProvider) {
    case "local":
      return local;
    case "workers-ai":
      if (!env.AI) throw providerFailure("configuration", NOT_CONFIGURED, { needs: "MODEL_PROVIDER=workers-ai needs the AI binding" });
      return new WorkersAiProvider(env.AI as never, env.WORKERS_AI_MODEL ?? "@cf/meta/llama-3.3-70b-instruct-fp8-fast", config.modelTimeoutMs);
    case "openai":
      if (!env.OPENAI_BASE_URL || !env.OPENAI_API_KEY || !env.OPENAI_MODEL) {
        throw providerFailure("configuration", NOT_CONFIGURED, { needs: "MODEL_PROVIDER=openai needs OPENAI_BASE_URL, OPENAI_MODEL and the OPENAI_API_KEY secret" });
      }
      return new OpenAiProvider({ baseUrl: env.OPENAI_BASE_URL, model: env.OPENAI_MODEL, apiKey: env.OPENAI_API_KEY, timeoutMs: config.modelTimeoutMs });
  }
}
