/**
 * Rate limiting as REST and GraphQL share it (CONTRACT §0, RATE_LIMIT_PER_MINUTE):
 * - `rateLimitKey`: a request is counted against its **verified** API key (`key:<id>`; a stream
 *   opened with a feed token, against the key that issued it); a request
 *   without a credential, or with an unknown, revoked or uncheckable one, against its client IP
 *   (`ip:<address>`), so inventing credentials never escapes the limit;
 * - `RateLimiter`: a fixed window per key (it starts at the key's first request and lasts the
 *   window; the count starts again after it), in memory (`MemoryRateStore`) or in Redis
 *   (`RedisRateStore`, shared by every instance; a Redis error lets the request through);
 * - `rateLimitHeaders` / `rateLimited`: the `RateLimit-Limit`, `RateLimit-Remaining`,
 *   `RateLimit-Reset` headers (IETF draft names) and the 429 problem (with `Retry-After`);
 * - `chargeExtra`: charges a request more than once (GraphQL: one unit per root field).
 *
 * The common request (no credential, in-memory store) is charged synchronously: no promise, one
 * map lookup, three headers. (It replaced @fastify/rate-limit, which awaited the key, the allow
 * list and the store on every request — three promises and their microtasks — keeping the same
 * windows, headers and answers.)
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken, requireApiKey } from './auth.js';
import { feedTokenRequest, queryToken } from './feed-token.js';
import { answerableByGraphql, HttpProblem } from './problem.js';

async function verifiedKey(request: FastifyRequest): Promise<string> {
  try {
    return 'key:' + (await requireApiKey(request)).id;
  } catch {
    // unknown or uncheckable credential: counted by IP (the route answers 401/503 itself)
    return 'ip:' + request.ip;
  }
}

/** The key a request is counted against: synchronous unless a credential must be verified. */
function rateLimitKey(request: FastifyRequest): string | Promise<string> {
  // a feed token counts against the key that issued it
  if ((bearerToken(request) || (queryToken(request) && feedTokenRequest(request))) && request.server.services.apiKeys) return verifiedKey(request);
  return 'ip:' + request.ip;
}

/** The 429 problem (on /graphql a GraphQL error with the same fields in `extensions`). */
function rateLimited(max: number, ttlMs: number): HttpProblem {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return answerableByGraphql(new HttpProblem(429, 'rate_limited', `Rate limit of ${max} requests per minute exceeded; retry in ${seconds} s.`));
}

/** A key's count in its current window and the ms left of that window. */
export interface WindowCount {
  current: number;
  ttl: number;
}

export interface RateStore {
  /** Count one more request of `key` in its window of `windowMs`. */
  incr(key: string, windowMs: number): WindowCount | Promise<WindowCount>;
}

interface Entry {
  count: number;
  start: number;
}

/**
 * In-memory windows, at most `capacity` keys. The map is kept in window-start order (a key whose
 * window starts again moves to the end), so expired keys are dropped from its front as new keys
 * arrive, and when every kept window is alive the oldest one is dropped for the new key.
 */
export class MemoryRateStore implements RateStore {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly capacity = 5000,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  incr(key: string, windowMs: number): WindowCount {
    const now = this.now();
    const entries = this.entries;
    const entry = entries.get(key);
    if (entry !== undefined) {
      if (entry.start + windowMs > now) return { current: ++entry.count, ttl: windowMs - (now - entry.start) };
      entries.delete(key);
    }
    for (const [oldest, e] of entries) {
      if (e.start + windowMs > now && entries.size < this.capacity) break;
      entries.delete(oldest);
    }
    entries.set(key, { count: 1, start: now });
    return { current: 1, ttl: windowMs };
  }
}

/** The subset of an ioredis client the Redis store uses. */
interface RedisClient {
  defineCommand(name: string, definition: { numberOfKeys: number; lua: string }): void;
  arbiterRateLimit?: (key: string, windowMs: number) => Promise<[number, number]>;
}

/** INCR, and PEXPIRE on a key's first request of its window; else its PTTL (as @fastify/rate-limit's store). */
const INCR_LUA = `
local current = redis.call('INCR', KEYS[1])
local ttl = tonumber(ARGV[1])
if current == 1 then
  redis.call('PEXPIRE', KEYS[1], ttl)
else
  ttl = redis.call('PTTL', KEYS[1])
end
return {current, ttl}
`;

/** Windows in Redis, shared by every instance (keys `<prefix><key>`, expiring with their window). */
export class RedisRateStore implements RateStore {
  private readonly redis: RedisClient;

  constructor(
    redis: unknown,
    private readonly prefix = 'arbiter-rl-',
  ) {
    this.redis = redis as RedisClient;
    if (!this.redis.arbiterRateLimit) this.redis.defineCommand('arbiterRateLimit', { numberOfKeys: 1, lua: INCR_LUA });
  }

  async incr(key: string, windowMs: number): Promise<WindowCount> {
    const [current, ttl] = await this.redis.arbiterRateLimit!(this.prefix + key, windowMs);
    return { current, ttl };
  }
}

export interface LimitResult {
  /** The limit per window. */
  max: number;
  remaining: number;
  /** ms left of the window, and whole seconds rounded up. */
  ttl: number;
  ttlInSeconds: number;
  isExceeded: boolean;
}

export class RateLimiter {
  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly store: RateStore,
  ) {}

  /** Charge one request to `key`; a store error lets it through (full budget, reset 0). */
  chargeKey(key: string): LimitResult | Promise<LimitResult> {
    let counted: WindowCount | Promise<WindowCount>;
    try {
      counted = this.store.incr(key, this.windowMs);
    } catch {
      return this.result({ current: 0, ttl: 0 });
    }
    if (counted instanceof Promise) {
      return counted.then(
        (c) => this.result(c),
        () => this.result({ current: 0, ttl: 0 }),
      );
    }
    return this.result(counted);
  }

  /** Charge one request to the caller of `request` (its verified key, else its IP). */
  charge(request: FastifyRequest): LimitResult | Promise<LimitResult> {
    const key = rateLimitKey(request);
    return typeof key === 'string' ? this.chargeKey(key) : key.then((k) => this.chargeKey(k));
  }

  private result({ current, ttl }: WindowCount): LimitResult {
    return { max: this.max, remaining: Math.max(0, this.max - current), ttl, ttlInSeconds: Math.ceil(ttl / 1000), isExceeded: current > this.max };
  }
}

/**
 * Sets the RateLimit headers of `result` on `reply` and answers the 429 problem past the limit
 * (with `Retry-After`; the error handler sends it), else undefined.
 */
export function rateLimitHeaders(reply: FastifyReply, result: LimitResult): HttpProblem | undefined {
  reply.header('ratelimit-limit', result.max);
  reply.header('ratelimit-remaining', result.isExceeded ? 0 : result.remaining);
  reply.header('ratelimit-reset', result.ttlInSeconds);
  if (!result.isExceeded) return undefined;
  reply.header('retry-after', result.ttlInSeconds);
  return rateLimited(result.max, result.ttl);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by src/http/plugins/rate-limit.ts when RATE_LIMIT_PER_MINUTE > 0. */
    rateLimiter?: RateLimiter;
  }
}

/**
 * Charge `units` more requests to the caller's limit (the request itself was charged once on
 * arrival). Updates the RateLimit headers; past the limit throws the 429 problem with Retry-After.
 */
export async function chargeExtra(request: FastifyRequest, reply: FastifyReply, units: number): Promise<void> {
  const limiter = request.server.rateLimiter;
  if (!limiter || units <= 0) return;
  const key = await rateLimitKey(request);
  let last: LimitResult | undefined;
  for (let i = 0; i < units; i++) {
    last = await limiter.chargeKey(key);
    if (last.isExceeded) break;
  }
  const refused = last && rateLimitHeaders(reply, last);
  if (refused) throw refused;
}
