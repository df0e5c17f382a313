// Rate limiting with leases (src/core/ratelimit.ts): an isolate takes a few of a key's tokens at a time from
// the key's bucket (its Durable Object) instead of one call per request. What must hold: the bucket hands
// out no more tokens than the limit allows, across isolates too; a busy key's requests seldom wait on the
// object; a refusal is a 429 as before.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LEASE_MS, RateLeases, leaseCap, type RateGrant, type RateLimiter, type TakeFromBucket } from "../../src/core/ratelimit";
import { call, createKey, createOrg } from "../helpers/harness";

/** The real bucket of `name` (the key's Durable Object), counting the calls made to it. */
function bucket(name: string): { take: TakeFromBucket; calls: number[] } {
  const ns = (env as unknown as { RATE_LIMITER: DurableObjectNamespace<RateLimiter> }).RATE_LIMITER;
  const stub = ns.get(ns.idFromName(`test:${name}`));
  const calls: number[] = [];
  return {
    calls,
    take: async (_key, limit, want) => {
      calls.push(want);
      return (await stub.take(limit, want)) as RateGrant;
    },
  };
}

describe("rate limiting by leases", () => {
  it("takes at most a second's refill of the bucket per lease (one token for a key of under 120 a minute)", () => {
    expect(leaseCap(3)).toBe(1);
    expect(leaseCap(119)).toBe(1);
    expect(leaseCap(600)).toBe(10);
    expect(leaseCap(100_000)).toBe(1_666);
  });

  it("answers a key's requests up to its limit through the Worker, then 429 RATE_LIMIT_EXCEEDED", async () => {
    const org = await createOrg();
    const limited = await createKey({ organization_id: org.organizationId, kind: "organization", user_id: org.userId, rate_limit_per_minute: 180 });
    const started = Date.now();
    let allowed = 0;
    let refused = 0;
    for (let i = 0; i < 200; i++) {
      const res = await call("/v1/me", { key: limited.api_key });
      if (res.status === 200) allowed += 1;
      else {
        expect(res.status).toBe(429);
        expect(Number(res.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
        refused += 1;
      }
    }
    // The bucket holds 180 and refills 3 a second while the requests run (leases of up to 3).
    const refill = Math.ceil(((Date.now() - started) / 1000) * 3) + 1;
    expect(allowed).toBeGreaterThanOrEqual(180);
    expect(allowed).toBeLessThanOrEqual(180 + refill);
    expect(refused).toBe(200 - allowed);
  });

  it("hands out no more than the limit between two isolates taking leases of one key", async () => {
    const { take, calls } = bucket("two-isolates");
    const [a, b] = [new RateLeases(), new RateLeases()];
    let now = 1_000_000;
    const clock = () => now;
    let allowed = 0;
    for (let i = 0; i < 400; i++) {
      // Each isolate spends a while, then the other; the clock moves past some leases' end.
      const isolate = Math.floor(i / 7) % 2 === 0 ? a : b;
      if ((await isolate.takeToken("k", 240, take, clock)).allowed) allowed += 1;
      if (i % 50 === 49) now += LEASE_MS + 1;
    }
    // 240 in the bucket; the object's own clock refills 4 a second while the test runs.
    expect(allowed).toBeGreaterThan(200);
    expect(allowed).toBeLessThanOrEqual(240 + 8);
    expect(calls.length).toBeLessThan(400);
  });

  it("calls the bucket a few times for a busy key, not once per request", async () => {
    const { take, calls } = bucket("busy");
    const leases = new RateLeases();
    for (let i = 0; i < 1_000; i++) expect((await leases.takeToken("k", 60_000, take)).allowed).toBe(true);
    // Leases grow 1, 2, 4 ... up to a second's refill (1,000 tokens).
    expect(calls.length).toBeLessThanOrEqual(12);
    expect(Math.max(...calls)).toBeLessThanOrEqual(leaseCap(60_000));
  });

  it("has the requests that arrive during a call to the bucket wait for it, and grows the lease to their number", async () => {
    const { take, calls } = bucket("concurrent");
    const leases = new RateLeases();
    const decisions = await Promise.all(Array.from({ length: 20 }, () => leases.takeToken("k", 6_000, take)));
    expect(decisions.every((d) => d.allowed)).toBe(true);
    expect(calls.length).toBeLessThan(20);
    expect(calls[0]).toBe(1);
  });

  it("drops a lease's unspent tokens when it expires: they are not handed out again", async () => {
    const { take, calls } = bucket("expiry");
    const leases = new RateLeases();
    let now = 5_000_000;
    const clock = () => now;
    // Grow a lease to 8 tokens (limit 480: 8 a second), then spend one of it and let it expire.
    for (let i = 0; i < 15; i++) await leases.takeToken("k", 480, take, clock);
    const before = calls.length;
    now += LEASE_MS + 1;
    expect((await leases.takeToken("k", 480, take, clock)).allowed).toBe(true);
    expect(calls.length).toBe(before + 1);
    // Spent so far by the bucket: every token granted, used or dropped; never more than its 480.
    const granted = calls.reduce((s, w) => s + w, 0);
    expect(granted).toBeLessThanOrEqual(480);
    // What is left in the bucket is 480 less what was granted (give or take the object's refill).
    const left = await take("k", 480, 10_000);
    expect(left.granted).toBeGreaterThanOrEqual(480 - granted);
    expect(left.granted).toBeLessThanOrEqual(480 - granted + 8);
  });

  it("refuses every request waiting on a call the bucket refuses, with a retry time", async () => {
    const { take } = bucket("refused");
    const leases = new RateLeases();
    // Empty the bucket (limit 60: one a second), then ask from several requests at once.
    expect((await take("k", 60, 60)).granted).toBe(60);
    const decisions = await Promise.all(Array.from({ length: 5 }, () => leases.takeToken("k", 60, take)));
    expect(decisions.every((d) => !d.allowed && d.retryAfter >= 1)).toBe(true);
  });
});
