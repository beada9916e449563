/**
 * Authentication applied once per route folder (as fastify/demo's autohooks): a route group
 * registers `authenticate` (API key) or `authenticateAdmin` (ADMIN_TOKEN) as a hook on its
 * encapsulated plugin instead of checking in every handler. The key resolution itself is shared
 * with GraphQL (src/transport/auth.ts).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireApiKey, bearerToken } from '../../transport/auth.js';
import { HttpProblem } from '../../transport/problem.js';

export { requireApiKey };

/**
 * Every route of `app` needs an API key. `onRequest` checks it before the body is parsed (no key →
 * 401 even for a bad body); `preHandler` checks it after validation (a bad body → 400 first).
 */
export function authenticate(app: FastifyInstance, hook: 'onRequest' | 'preHandler'): void {
  app.addHook(hook, async (request: FastifyRequest) => void (await requireApiKey(request)));
}

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Constant-time comparison (hashing first makes the lengths equal). */
export function tokenMatches(given: string, expected: string): boolean {
  return timingSafeEqual(sha256(given), sha256(expected));
}

/**
 * Every route of `app` needs `Authorization: Bearer $ADMIN_TOKEN`, checked before the body is
 * validated: no token → 401, wrong token → 403, ADMIN_TOKEN not configured → 404. Wrong tokens are
 * counted per client IP (TRUST_PROXY: the client's address behind a balancer), in Redis when it is
 * configured (one count for every replica): past ADMIN_AUTH_FAILURES_PER_MINUTE in a minute, every
 * admin request from that IP is 429 (with Retry-After) until the minute is over, so the token cannot
 * be guessed.
 */
export function authenticateAdmin(app: FastifyInstance): void {
  const local = new FailureCounter(60_000);
  // with Redis, one count for every replica (CONTRACT §9.4); this process's own while Redis does not answer
  const failures: Failures = app.deps.redis ? new SharedFailures(app.deps.redis as RedisCounter, local) : local;
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const { adminToken: expected, adminAuthFailuresPerMinute: allowed } = request.server.config;
    if (!expected) throw new HttpProblem(404, 'not_found', 'The admin endpoints are disabled (ADMIN_TOKEN is not configured).');
    const now = Date.now();
    const blocked = allowed > 0 ? await failures.blockedFor(request.ip, allowed, now) : 0;
    if (blocked > 0) {
      const seconds = Math.ceil(blocked / 1000);
      reply.header('retry-after', String(seconds));
      throw new HttpProblem(429, 'rate_limited', `Too many failed admin authentications from this address (at most ${allowed} per minute); retry in ${seconds} s.`);
    }
    const token = bearerToken(request);
    if (!token) throw new HttpProblem(401, 'unauthorized', 'Send Authorization: Bearer <ADMIN_TOKEN>.');
    if (!tokenMatches(token, expected)) {
      if (allowed > 0) await failures.add(request.ip, now);
      throw new HttpProblem(403, 'forbidden', 'Wrong admin token.');
    }
  });
}

interface Failures {
  add(key: string, now: number): void | Promise<void>;
  /** Milliseconds until `key` may try again (0: not blocked). */
  blockedFor(key: string, allowed: number, now: number): number | Promise<number>;
}

/** The part of an ioredis client the shared count uses. */
interface RedisCounter {
  incr(key: string): Promise<number>;
  pexpire(key: string, ms: number): Promise<number>;
  get(key: string): Promise<string | null>;
  pttl(key: string): Promise<number>;
}

/** How long a Redis answer is waited for before this process's own count is used. */
const REDIS_WAIT_MS = 250;

const within = <T>(p: Promise<T>): Promise<T> =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('redis: no answer')), REDIS_WAIT_MS).unref())]);

/** Failures per key in Redis windows of one minute, shared by every replica; the local count when Redis fails. */
class SharedFailures implements Failures {
  constructor(
    private readonly redis: RedisCounter,
    private readonly local: FailureCounter,
  ) {}

  private key = (ip: string) => `arbiter-admin-failures:${ip}`;

  async add(ip: string, now: number): Promise<void> {
    this.local.add(ip, now);
    try {
      if ((await within(this.redis.incr(this.key(ip)))) === 1) await within(this.redis.pexpire(this.key(ip), 60_000));
    } catch {
      // Redis down: the local count above stands
    }
  }

  async blockedFor(ip: string, allowed: number, now: number): Promise<number> {
    try {
      const [count, ttl] = await within(Promise.all([this.redis.get(this.key(ip)), this.redis.pttl(this.key(ip))]));
      return Number(count ?? 0) >= allowed && ttl > 0 ? ttl : 0;
    } catch {
      return this.local.blockedFor(ip, allowed, now);
    }
  }
}

/** Failures per key in fixed windows (one process; entries expire with their window). */
class FailureCounter implements Failures {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  constructor(private readonly windowMs: number) {}

  add(key: string, now: number): void {
    const w = this.windows.get(key);
    if (w && w.endsAt > now) w.count++;
    else {
      if (this.windows.size >= 10_000) this.prune(now);
      this.windows.set(key, { count: 1, endsAt: now + this.windowMs });
    }
  }

  /** Milliseconds until `key` may try again (0: not blocked). */
  blockedFor(key: string, allowed: number, now: number): number {
    const w = this.windows.get(key);
    return w && w.endsAt > now && w.count >= allowed ? w.endsAt - now : 0;
  }

  private prune(now: number): void {
    for (const [key, w] of this.windows) if (w.endsAt <= now) this.windows.delete(key);
  }
}
