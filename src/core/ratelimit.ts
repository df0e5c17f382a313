// Per-API-key rate limiting: a token bucket (capacity = limit per minute, refilled continuously) held in
// one Durable Object per key, so every isolate of the Worker sees the same count.
import { DurableObject } from "cloudflare:workers";
import type { Env } from "./env";
import { stubByName } from "./durable";

export interface RateDecision {
  allowed: boolean;
  /** Seconds until one request would be allowed again (0 when allowed). */
  retryAfter: number;
  remaining: number;
}

export class RateLimiter extends DurableObject<Env> {
  private tokens = -1;
  private updatedAt = 0;
  private capacity = 0;

  take(limitPerMinute: number, now = Date.now()): RateDecision {
    if (this.tokens < 0 || this.capacity !== limitPerMinute) {
      this.capacity = limitPerMinute;
      this.tokens = limitPerMinute;
      this.updatedAt = now;
    }
    const perMs = limitPerMinute / 60_000;
    this.tokens = Math.min(this.capacity, this.tokens + (now - this.updatedAt) * perMs);
    this.updatedAt = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return { allowed: true, retryAfter: 0, remaining: Math.floor(this.tokens) };
    }
    return { allowed: false, retryAfter: Math.max(1, Math.ceil((1 - this.tokens) / perMs / 1000)), remaining: 0 };
  }
}

export async function takeToken(env: Env, keyId: string, limitPerMinute: number): Promise<RateDecision> {
  const stub = stubByName<RateLimiter>(env, env.RATE_LIMITER, `key:${keyId}`);
  return stub.take(limitPerMinute);
}
