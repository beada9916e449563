/**
 * Rate limiting as REST and GraphQL share it (CONTRACT §0, RATE_LIMIT_PER_MINUTE):
 * - `rateLimitKey`: a request is counted against its **verified** API key (`key:<id>`; a stream
 *   opened with a feed token, against the key that issued it); a request
 *   without a credential, or with an unknown, revoked or uncheckable one, against its client IP
 *   (`ip:<address>`), so inventing credentials never escapes the limit;
 * - `rateLimited`: the 429 problem (with a `detail`); @fastify/rate-limit sets `RateLimit-Limit`,
 *   `RateLimit-Remaining`, `RateLimit-Reset` and `Retry-After`;
 * - `chargeExtra`: charges a request more than once (GraphQL: one unit per root field).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken, requireApiKey } from './auth.js';
import { feedTokenRequest } from './feed-token.js';
import { answerableByGraphql, HttpProblem } from './problem.js';

export async function rateLimitKey(request: FastifyRequest): Promise<string> {
  // a feed token counts against the key that issued it
  if ((bearerToken(request) || feedTokenRequest(request)) && request.server.services.apiKeys) {
    try {
      return 'key:' + (await requireApiKey(request)).id;
    } catch {
      // unknown or uncheckable credential: counted by IP (the route answers 401/503 itself)
    }
  }
  return 'ip:' + request.ip;
}

/** The 429 problem (on /graphql a GraphQL error with the same fields in `extensions`). */
export function rateLimited(max: number, ttlMs: number): HttpProblem {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return answerableByGraphql(new HttpProblem(429, 'rate_limited', `Rate limit of ${max} requests per minute exceeded; retry in ${seconds} s.`));
}

interface LimitResult {
  isAllowed: boolean;
  max?: number;
  remaining?: number;
  ttl?: number;
  ttlInSeconds?: number;
  isExceeded?: boolean;
}

type Limiter = (request: FastifyRequest) => Promise<LimitResult>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by src/http/plugins/rate-limit.ts when RATE_LIMIT_PER_MINUTE > 0. */
    rateLimitCharge?: Limiter;
  }
}

/**
 * Charge `units` more requests to the caller's limit (the request itself was charged once on
 * arrival). Updates the RateLimit headers; past the limit throws the 429 problem with Retry-After.
 */
export async function chargeExtra(request: FastifyRequest, reply: FastifyReply, units: number): Promise<void> {
  const charge = request.server.rateLimitCharge;
  if (!charge || units <= 0) return;
  let last: LimitResult | undefined;
  for (let i = 0; i < units; i++) {
    last = await charge(request);
    if (last.isAllowed || last.isExceeded) break;
  }
  if (!last || last.isAllowed || last.max === undefined) return;
  reply
    .header('ratelimit-limit', last.max)
    .header('ratelimit-remaining', last.remaining ?? 0)
    .header('ratelimit-reset', last.ttlInSeconds ?? 0);
  if (last.isExceeded) {
    reply.header('retry-after', last.ttlInSeconds ?? 60);
    throw rateLimited(last.max, last.ttl ?? 60_000);
  }
}
