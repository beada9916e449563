/**
 * Rate limiting (CONTRACT §0, RATE_LIMIT_PER_MINUTE) as one `onRequest` hook of the root instance:
 * it runs before any route's own hooks (authentication included), so a request with an invented
 * credential is counted (by IP) before it is refused, and it runs for unknown routes (404) too.
 * Keys: the verified API key; a seat or spectator token's own budget and its match's (CONTRACT §9.4:
 * RATE_LIMIT_PER_TOKEN_PER_MINUTE, RATE_LIMIT_PER_MATCH_PER_MINUTE; never the owner's key); else the
 * client IP (src/transport/rate-limit.ts). RATE_LIMIT_PER_MINUTE = 0 turns them all off. Headers: the IETF
 * draft names (`RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset`; `Retry-After` on 429),
 * the ones CORS exposes. With Redis the limit is shared by every instance, and a Redis outage lets
 * requests through at once (the client fails fast, src/infra/index.ts).
 *
 * The hook is synchronous for the common request (no credential, in-memory store): it waits only
 * when a credential must be verified or the count lives in Redis.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Config } from '../../config.js';
import { MemoryRateStore, RateLimiter, RedisRateStore, rateLimitHeaders, type LimitResult } from '../../transport/rate-limit.js';

/** Never limited: liveness and readiness probes. */
const UNLIMITED = new Set(['/health', '/ready']);

const WINDOW_MS = 60_000;

function settle(reply: FastifyReply, result: LimitResult, done: HookHandlerDoneFunction): void {
  const refused = rateLimitHeaders(reply, result);
  if (refused) done(refused);
  else done();
}

export async function registerRateLimit(app: FastifyInstance, perMinute: number, redis?: unknown): Promise<void> {
  if (perMinute <= 0) return;
  // Keys are ids and addresses: no credential is kept in the limiter's store.
  // the token budgets are read from the app's configuration (absent when the app is built without one)
  const config = (app as { config?: Partial<Config> }).config;
  const tokens = { perToken: config?.rateLimitPerTokenPerMinute ?? perMinute, perMatch: config?.rateLimitPerMatchPerMinute ?? 0 };
  const limiter = new RateLimiter(perMinute, WINDOW_MS, redis ? new RedisRateStore(redis) : new MemoryRateStore(), tokens);
  app.decorate('rateLimiter', limiter);
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (UNLIMITED.has(request.url)) return done();
    const result = limiter.charge(request);
    if (result instanceof Promise) result.then((r) => settle(reply, r, done), done);
    else settle(reply, result, done);
  });
}
