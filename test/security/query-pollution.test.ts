// The query-string parser builds nested objects from bracket keys; "__proto__[x]=..." must never reach
// Object.prototype, or one unauthenticated request would inject organization_id / user_id into every
// later request's tenant selector in the same isolate.
import { afterEach, describe, expect, it } from "vitest";
import { call, createOrg, createUser, jsonOf, platformKey } from "../helpers/harness";

const POLLUTABLE = ["organization_id", "user_id", "user_email", "search_type", "polluted"];

afterEach(() => {
  for (const k of POLLUTABLE) delete (Object.prototype as Record<string, unknown>)[k];
});

describe("query-string prototype pollution", () => {
  it("an unauthenticated __proto__ query does not give a platform key a user it did not name", async () => {
    const a = await createOrg();
    const other = await createUser(a.organizationId);
    const pk = await platformKey(a.organizationId);
    // No key needed: /healthz parses the query like every route.
    const probe = await call(`/healthz?__proto__[user_id]=${other.userId}&__proto__[polluted]=yes`);
    expect(probe.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const me = await call(`/v1/me?organization_id=${a.organizationId}`, { key: pk });
    expect(me.status).toBe(200);
    expect((await jsonOf(me)).payload.user).toBeNull();
  });

  it("does not make another organization's key FORBIDDEN by injecting organization_id", async () => {
    const a = await createOrg();
    const b = await createOrg();
    await call(`/healthz?__proto__[organization_id]=${a.organizationId}`);
    const me = await call("/v1/me", { key: b.key });
    expect(me.status).toBe(200);
    expect((await jsonOf(me)).payload.organization_id).toBe(b.organizationId);
  });

  it("still parses ordinary bracket keys into nested objects", async () => {
    const a = await createOrg();
    const res = await call("/v2/documents/presigned_urls?tickers=AAPL&fiscal_period[start_time][year]=2015&fiscal_period[end_time][year]=2016", { key: a.key });
    expect(res.status).toBe(200);
  });
});
