/**
 * Rate limiting (CONTRACT §0, RATE_LIMIT_PER_MINUTE) as a step of the root instance's one arrival
 * hook (./arrival.ts): it runs before any route's own hooks (authentication included), so a request
 * with an invented credential is counted (by IP) before it is refused, and it runs for unknown
 * routes (404) too. Keys: the verified API key; a seat or spectator token's own budget and its
 * match's (CONTRACT §9.4: RATE_LIMIT_PER_TOKEN_PER_MINUTE, RATE_LIMIT_PER_MATCH_PER_MINUTE; never
 * the owner's key); else the client IP (src/transport/rate-limit.ts). RATE_LIMIT_PER_MINUTE = 0
 * turns them all off. Headers: the IETF draft names (`RateLimit-Limit`, `RateLimit-Remaining`,
 * `RateLimit-Reset`; `Retry-After` on 429), the ones CORS exposes. With Redis the limit is shared
 * by every instance, and a Redis outage lets requests through at once (the client fails fast,
 * src/infra/index.ts).
 *
 * The step is synchronous for the common request (no credential, in-memory store): it waits only
 * when a credential must be verified or the count lives in Redis. Within the limit, its three
 * headers are written straight into the reply's header store (./arrival-headers.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { MemoryRateStore, RateLimiter, RedisRateStore, rateLimitHeaders, type LimitResult } from '../../transport/rate-limit.js';
import { headerStore } from './arrival-headers.js';
import type { ArrivalStep, StepOutcome } from './arrival.js';

/** Never limited: liveness and readiness probes. */
const UNLIMITED = new Set(['/health', '/ready']);

const WINDOW_MS = 60_000;

function settle(reply: FastifyReply, result: LimitResult): StepOutcome {
  const store = result.isExceeded ? undefined : headerStore(reply);
  if (store === undefined) return rateLimitHeaders(reply, result);
  // the same three headers rateLimitHeaders sets, within the limit
  store['ratelimit-limit'] = result.max;
  store['ratelimit-remaining'] = result.remaining;
  store['ratelimit-reset'] = result.ttlInSeconds;
  return undefined;
}

/**
 * The rate-limiting arrival step, or undefined when RATE_LIMIT_PER_MINUTE is 0. Decorates the app
 * with its limiter (`app.rateLimiter`: GraphQL charges one unit per root field through it).
 */
export function rateLimiting(app: FastifyInstance, perMinute: number, redis?: unknown): ArrivalStep | undefined {
  if (perMinute <= 0) return undefined;
  // Keys are ids and addresses: no credential is kept in the limiter's store.
  // the token budgets are read from the app's configuration (absent when the app is built without one)
  const config = (app as { config?: Partial<Config> }).config;
  const tokens = { perToken: config?.rateLimitPerTokenPerMinute ?? perMinute, perMatch: config?.rateLimitPerMatchPerMinute ?? 0 };
  const limiter = new RateLimiter(perMinute, WINDOW_MS, redis ? new RedisRateStore(redis) : new MemoryRateStore(), tokens);
  app.decorate('rateLimiter', limiter);
  return (request: FastifyRequest, reply: FastifyReply) => {
    if (UNLIMITED.has(request.url)) return undefined;
    const result = limiter.charge(request);
    return result instanceof Promise ? result.then((r) => settle(reply, r)) : settle(reply, result);
  };
}
