/**
 * Rate limiting (CONTRACT §0, RATE_LIMIT_PER_MINUTE) over @fastify/rate-limit, as one `onRequest`
 * hook of the root instance: it runs before any route's own hooks (authentication included), so
 * a request with an invented credential is counted (by IP) before it is refused.
 * Keys: the verified API key, else the client IP (src/transport/rate-limit.ts). Headers: the IETF
 * draft names (`RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset`; `Retry-After` on 429),
 * the ones CORS exposes. With Redis the limit is shared by every instance, and a Redis outage lets
 * requests through at once (`skipOnError`; the client fails fast, src/infra/index.ts).
 */
import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { rateLimitKey, rateLimited } from '../../transport/rate-limit.js';

/** Never limited: liveness and readiness probes. */
const UNLIMITED = new Set(['/health', '/ready']);

export async function registerRateLimit(app: FastifyInstance, perMinute: number, redis?: unknown): Promise<void> {
  if (perMinute <= 0) return;
  await app.register(rateLimit, {
    global: false,
    max: perMinute,
    timeWindow: '1 minute',
    enableDraftSpec: true,
    allowList: (req) => UNLIMITED.has(req.url),
    keyGenerator: rateLimitKey,
    // Keys are ids and addresses: no credential is kept in the limiter's store.
    ...(redis ? { redis: redis as never, nameSpace: 'arbiter-rl-' } : {}),
    skipOnError: true,
    errorResponseBuilder: (_req, ctx) => rateLimited(ctx.max, ctx.ttl),
  });
  app.addHook('onRequest', app.rateLimit());
  const charge = app.createRateLimit();
  app.decorate('rateLimitCharge', (request) => charge(request) as never);
}
