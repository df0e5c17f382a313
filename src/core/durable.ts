// Durable Object placement: in the EU deployment every object is created in the EU jurisdiction, so a
// conversation's or a key's state never lives outside it. All code gets its stubs through here.
import type { Env } from "./env";

export function regionalNamespace(env: Env, ns: DurableObjectNamespace): DurableObjectNamespace {
  if (env.REGION !== "eu") return ns;
  // Local workerd (wrangler dev, tests) has no jurisdictions and throws; deployed EU always restricts.
  if (env.WORKERD_LOCAL === "true") return ns;
  return ns.jurisdiction("eu");
}

export function stubByName<T extends Rpc.DurableObjectBranded | undefined = undefined>(
  env: Env,
  ns: DurableObjectNamespace,
  name: string,
): DurableObjectStub<T> {
  const regional = regionalNamespace(env, ns);
  return regional.get(regional.idFromName(name)) as DurableObjectStub<T>;
}
