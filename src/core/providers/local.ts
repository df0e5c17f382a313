// The local provider: deterministic, offline engines registered per task by each area (retrieval,
// claim and number alignment, rules). It is the default and what the tests use.
import type { ModelProvider, ObjectRequest, TextRequest } from "./types";
import { ProviderError, providerFailure } from "./types";

export interface LocalEngine {
  object?(req: ObjectRequest<unknown>): Promise<unknown> | unknown;
  text?(req: TextRequest): AsyncIterable<string> | Iterable<string>;
}

const engines = new Map<string, LocalEngine>();

export function registerLocalEngine(task: string, engine: LocalEngine): void {
  engines.set(task, engine);
}

function engineFor(task: string): LocalEngine {
  const engine = engines.get(task);
  if (!engine) throw new ProviderError("configuration", `No local engine for task ${task}`);
  return engine;
}

export class LocalProvider implements ModelProvider {
  readonly name = "local" as const;
  readonly model = "local-rules-v1";

  async generateObject<T>(req: ObjectRequest<T>): Promise<T> {
    const engine = engineFor(req.task);
    if (!engine.object) throw new ProviderError("configuration", `Local engine ${req.task} gives no structured output`);
    const parsed = req.schema.safeParse(await engine.object(req as ObjectRequest<unknown>));
    if (!parsed.success) {
      throw providerFailure("invalid_output", `Local engine ${req.task} broke its schema`, { issues: parsed.error.issues.slice(0, 5).map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") });
    }
    return parsed.data;
  }

  async *streamText(req: TextRequest): AsyncIterable<string> {
    const engine = engineFor(req.task);
    if (!engine.text) throw new ProviderError("configuration", `Local engine ${req.task} gives no text`);
    yield* engine.text(req);
  }
}
