/**
 * Rate limiting as REST and GraphQL share it (CONTRACT §0, RATE_LIMIT_PER_MINUTE; §9.4):
 * - `rateLimitBudgets`: a request is counted against its **verified** API key (`key:<id>`; a stream
 *   opened with a feed token, against the key that issued it); a request made with a seat or
 *   spectator token, against that token's own budget (`token:<seat or spectator>`,
 *   RATE_LIMIT_PER_TOKEN_PER_MINUTE) and its match's (`match:<id>`, all the match's tokens together,
 *   RATE_LIMIT_PER_MATCH_PER_MINUTE) — never against the owner's key; a request without a
 *   credential, or with an unknown, revoked, expired or uncheckable one, against its client IP
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
import { isTableToken, verifiedTableTokenBudget, type TableTokenBudget } from './table-token.js';

/** Which budget a bucket is: its limit per window comes from the limiter's settings. */
export type BudgetKind = 'key' | 'ip' | 'token' | 'match';

/** One bucket a request is charged to. */
export interface Budget {
  kind: BudgetKind;
  key: string;
}

/** The settings that name each budget's limit (in the 429 problem's `setting`). */
const SETTINGS: Record<BudgetKind, string> = {
  key: 'RATE_LIMIT_PER_MINUTE',
  ip: 'RATE_LIMIT_PER_MINUTE',
  token: 'RATE_LIMIT_PER_TOKEN_PER_MINUTE',
  match: 'RATE_LIMIT_PER_MATCH_PER_MINUTE',
};

const WHOSE: Record<BudgetKind, string> = { key: '', ip: '', token: ' for this seat or spectator token', match: ' for the seat and spectator tokens of this match' };

/** A seat or spectator token's buckets: its own, then its match's (CONTRACT §9.4). */
function tokenBudgets(token: TableTokenBudget): Budget[] {
  return [
    { kind: 'token', key: 'token:' + token.budget },
    { kind: 'match', key: 'match:' + token.matchId },
  ];
}

/**
 * The budget of a client address: the few addresses a process sees repeat, so each one's list (and
 * its key) is made once; at most IP_BUDGETS are kept (all forgotten when full). Read only.
 */
const IP_BUDGETS = 1024;
const ipBudgets = new Map<string, Budget[]>();
function byIp(request: FastifyRequest): Budget[] {
  const ip = request.ip;
  let budgets = ipBudgets.get(ip);
  if (budgets === undefined) {
    if (ipBudgets.size >= IP_BUDGETS) ipBudgets.clear();
    budgets = [{ kind: 'ip', key: 'ip:' + ip }];
    ipBudgets.set(ip, budgets);
  }
  return budgets;
}

async function verifiedBudgets(request: FastifyRequest): Promise<Budget[]> {
  try {
    const owner = await requireApiKey(request);
    // a seat or spectator token has budgets of its own: the owner's key is not charged (CONTRACT §9.4)
    if (request.tableToken) return tokenBudgets(request.tableToken);
    return [{ kind: 'key', key: 'key:' + owner.id }];
  } catch {
    // unknown or uncheckable credential: counted by IP (the route answers 401/503 itself)
    return byIp(request);
  }
}

/** A seat or spectator token sent where the route does not name its match (GraphQL): checked for the match it claims. */
async function claimedTokenBudgets(request: FastifyRequest, token: string): Promise<Budget[]> {
  const budget = await verifiedTableTokenBudget(request, token);
  return budget ? tokenBudgets(budget) : byIp(request);
}

/** The buckets a request is counted against: synchronous unless a credential must be verified. */
function rateLimitBudgets(request: FastifyRequest): Budget[] | Promise<Budget[]> {
  const bearer = bearerToken(request);
  const services = request.server.services;
  if (isTableToken(bearer) && !request.routeOptions?.config?.tableToken && services.matches) return claimedTokenBudgets(request, bearer);
  // a feed token counts against the key that issued it
  if ((bearer || (queryToken(request) && feedTokenRequest(request))) && services.apiKeys) return verifiedBudgets(request);
  return byIp(request);
}

/** The 429 problem (on /graphql a GraphQL error with the same fields in `extensions`). */
function rateLimited(max: number, ttlMs: number, kind: BudgetKind = 'key'): HttpProblem {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  const extra = kind === 'token' || kind === 'match' ? { setting: SETTINGS[kind], limit: max } : {};
  return answerableByGraphql(new HttpProblem(429, 'rate_limited', `Rate limit of ${max} requests per minute${WHOSE[kind]} exceeded; retry in ${seconds} s.`, extra));
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
  /** The budget this result is of (the one that refused, or the nearest its limit). */
  kind?: BudgetKind;
}

/** The limits of the seat and spectator tokens' budgets (CONTRACT §9.4); 0 turns one off. */
export interface TokenLimits {
  perToken: number;
  perMatch: number;
}

export class RateLimiter {
  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly store: RateStore,
    readonly tokens: TokenLimits = { perToken: max, perMatch: 0 },
  ) {}

  /** The limit of a budget per window (0: not limited). */
  limitOf(kind: BudgetKind): number {
    return kind === 'token' ? this.tokens.perToken : kind === 'match' ? this.tokens.perMatch : this.max;
  }

  /** Charge one request to `key` (against `max`); a store error lets it through (full budget, reset 0). */
  chargeKey(key: string, max = this.max, kind?: BudgetKind): LimitResult | Promise<LimitResult> {
    let counted: WindowCount | Promise<WindowCount>;
    try {
      counted = this.store.incr(key, this.windowMs);
    } catch {
      return this.result({ current: 0, ttl: 0 }, max, kind);
    }
    if (counted instanceof Promise) {
      return counted.then(
        (c) => this.result(c, max, kind),
        () => this.result({ current: 0, ttl: 0 }, max, kind),
      );
    }
    return this.result(counted, max, kind);
  }

  /**
   * Charge one request to each of `budgets` in order, stopping at the first that refuses it (a
   * token past its own limit spends nothing more of its match's). The result is the refusing one,
   * else the one with the fewest requests left. Budgets whose limit is 0 are not charged.
   */
  chargeBudgets(budgets: Budget[]): LimitResult | Promise<LimitResult> {
    // the common request: one budget (its address, or its key)
    if (budgets.length === 1) {
      const only = budgets[0]!;
      const limit = this.limitOf(only.kind);
      if (limit > 0) return this.chargeKey(only.key, limit, only.kind);
    }
    const limited = budgets.filter((b) => this.limitOf(b.kind) > 0);
    if (limited.length === 0) return { max: this.max, remaining: this.max, ttl: 0, ttlInSeconds: 0, isExceeded: false };
    if (limited.length === 1) return this.chargeKey(limited[0]!.key, this.limitOf(limited[0]!.kind), limited[0]!.kind);
    return (async () => {
      let nearest: LimitResult | undefined;
      for (const b of limited) {
        const result = await this.chargeKey(b.key, this.limitOf(b.kind), b.kind);
        if (result.isExceeded) return result;
        if (!nearest || result.remaining < nearest.remaining) nearest = result;
      }
      return nearest!;
    })();
  }

  /** Charge one request to the caller of `request` (its verified key or token, else its IP). */
  charge(request: FastifyRequest): LimitResult | Promise<LimitResult> {
    const budgets = rateLimitBudgets(request);
    return Array.isArray(budgets) ? this.chargeBudgets(budgets) : budgets.then((b) => this.chargeBudgets(b));
  }

  private result({ current, ttl }: WindowCount, max: number, kind?: BudgetKind): LimitResult {
    return { max, remaining: Math.max(0, max - current), ttl, ttlInSeconds: Math.ceil(ttl / 1000), isExceeded: current > max, kind };
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
  return rateLimited(result.max, result.ttl, result.kind);
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
  const budgets = await rateLimitBudgets(request);
  let last: LimitResult | undefined;
  for (let i = 0; i < units; i++) {
    last = await limiter.chargeBudgets(budgets);
    if (last.isExceeded) break;
  }
  const refused = last && rateLimitHeaders(reply, last);
  if (refused) throw refused;
}
