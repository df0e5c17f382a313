// Per-API-key rate limiting: a token bucket (capacity = limit per minute, refilled continuously) held in
// one Durable Object per key, so every isolate of the Worker sees the same count. An isolate takes the
// tokens it is about to spend a few at a time (a lease), so a busy key's requests do not each wait on a
// call to the object: the bucket still hands out no more tokens than the limit allows.
import { DurableObject } from "cloudflare:workers";
import type { Env } from "./env";
import { stubByName } from "./durable";

export interface RateDecision {
  allowed: boolean;
  /** Seconds until one request would be allowed again (0 when allowed). */
  retryAfter: number;
  remaining: number;
}

/** A decision of the bucket, and how many tokens it handed out (0 when refused). */
export interface RateGrant extends RateDecision {
  granted: number;
}

export class RateLimiter extends DurableObject<Env> {
  private tokens = -1;
  private updatedAt = 0;
  private capacity = 0;

  /** Takes up to `want` tokens (at least one, else refuses): as many as the bucket holds whole. */
  take(limitPerMinute: number, want = 1, now = Date.now()): RateGrant {
    if (this.tokens < 0 || this.capacity !== limitPerMinute) {
      this.capacity = limitPerMinute;
      this.tokens = limitPerMinute;
      this.updatedAt = now;
    }
    const perMs = limitPerMinute / 60_000;
    this.tokens = Math.min(this.capacity, this.tokens + (now - this.updatedAt) * perMs);
    this.updatedAt = now;
    if (this.tokens >= 1) {
      const granted = Math.max(1, Math.min(Math.floor(want), Math.floor(this.tokens)));
      this.tokens -= granted;
      return { allowed: true, retryAfter: 0, remaining: Math.floor(this.tokens), granted };
    }
    return { allowed: false, retryAfter: Math.max(1, Math.ceil((1 - this.tokens) / perMs / 1000)), remaining: 0, granted: 0 };
  }
}

/**
 * How long an isolate may spend the tokens of a lease. Tokens it has not spent by then are dropped, never
 * handed back or out again: so the bucket's limit holds across isolates, and what a lease costs a key is at
 * most the tokens a quieter second left unspent in one isolate.
 */
export const LEASE_MS = 1_000;
/** Keys whose leases an isolate keeps: beyond it the oldest goes (its tokens dropped, as at expiry). */
const MAX_LEASED_KEYS = 1_000;

/** The most tokens one lease takes: a second's refill of the bucket (one for a key of under 120 a minute). */
export function leaseCap(limitPerMinute: number): number {
  return Math.max(1, Math.floor(limitPerMinute / 60));
}

interface Lease {
  limit: number;
  /** Tokens taken and not yet spent. */
  tokens: number;
  granted: number;
  spent: number;
  expires: number;
  /** The bucket call under way for this key, which the isolate's other requests for it wait on. */
  asking?: Promise<RateGrant>;
}

/** Takes up to `want` tokens from a key's bucket (`RateLimiter.take` through the key's object). */
export type TakeFromBucket = (keyId: string, limitPerMinute: number, want: number) => Promise<RateGrant>;

/**
 * One isolate's leases. A request spends a token of its key's lease when one is left and not expired,
 * else asks the bucket for a new lease: as many tokens as the last lease's requests came to (twice as many
 * when they spent it all before it expired), within leaseCap. Requests of the key that arrive meanwhile
 * wait for that one call instead of making their own.
 */
export class RateLeases {
  private readonly leases = new Map<string, Lease>();

  async takeToken(keyId: string, limitPerMinute: number, take: TakeFromBucket, now: () => number = Date.now): Promise<RateDecision> {
    for (;;) {
      const lease = this.leases.get(keyId);
      if (lease && lease.limit === limitPerMinute && lease.expires > now() && lease.tokens >= 1) {
        lease.tokens -= 1;
        lease.spent += 1;
        return { allowed: true, retryAfter: 0, remaining: lease.tokens };
      }
      if (lease?.asking) {
        const grant = await lease.asking;
        // Refused: every request waiting on the call is refused with it (the bucket had no token for any).
        if (!grant.allowed) return { allowed: false, retryAfter: grant.retryAfter, remaining: 0 };
        continue;
      }
      return this.ask(keyId, limitPerMinute, lease, take, now);
    }
  }

  private async ask(keyId: string, limitPerMinute: number, last: Lease | undefined, take: TakeFromBucket, now: () => number): Promise<RateDecision> {
    const cap = leaseCap(limitPerMinute);
    const sameKey = last && last.limit === limitPerMinute;
    const want = !sameKey ? 1 : last.tokens < 1 && last.expires > now() ? Math.min(cap, last.granted * 2) : Math.min(cap, Math.max(1, last.spent));
    const lease: Lease = { limit: limitPerMinute, tokens: 0, granted: 0, spent: 0, expires: 0 };
    const asking = take(keyId, limitPerMinute, want);
    lease.asking = asking;
    this.leases.delete(keyId);
    if (this.leases.size >= MAX_LEASED_KEYS) this.leases.delete(this.leases.keys().next().value as string);
    this.leases.set(keyId, lease);
    let grant: RateGrant;
    try {
      grant = await asking;
    } catch (err) {
      if (this.leases.get(keyId) === lease) this.leases.delete(keyId);
      throw err;
    }
    lease.asking = undefined;
    if (!grant.allowed) {
      if (this.leases.get(keyId) === lease) this.leases.delete(keyId);
      return { allowed: false, retryAfter: grant.retryAfter, remaining: 0 };
    }
    // This request spends one of the tokens; the rest wait for the key's next requests in this isolate.
    lease.granted = grant.granted;
    lease.tokens = grant.granted - 1;
    lease.spent = 1;
    lease.expires = now() + LEASE_MS;
    return { allowed: true, retryAfter: 0, remaining: grant.remaining + lease.tokens };
  }
}

/** This isolate's leases, of every key it has served. */
const isolateLeases = new RateLeases();

export function takeToken(env: Env, keyId: string, limitPerMinute: number): Promise<RateDecision> {
  return isolateLeases.takeToken(keyId, limitPerMinute, (key, limit, want) => stubByName<RateLimiter>(env, env.RATE_LIMITER, `key:${key}`).take(limit, want));
}
