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
 * counted per client IP: past ADMIN_AUTH_FAILURES_PER_MINUTE in a minute, every admin request from
 * that IP is 429 (with Retry-After) until the minute is over, so the token cannot be guessed.
 */
export function authenticateAdmin(app: FastifyInstance): void {
  const failures = new FailureCounter(60_000);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const { adminToken: expected, adminAuthFailuresPerMinute: allowed } = request.server.config;
    if (!expected) throw new HttpProblem(404, 'not_found', 'The admin endpoints are disabled (ADMIN_TOKEN is not configured).');
    const now = Date.now();
    const blocked = allowed > 0 ? failures.blockedFor(request.ip, allowed, now) : 0;
    if (blocked > 0) {
      const seconds = Math.ceil(blocked / 1000);
      reply.header('retry-after', String(seconds));
      throw new HttpProblem(429, 'rate_limited', `Too many failed admin authentications from this address (at most ${allowed} per minute); retry in ${seconds} s.`);
    }
    const token = bearerToken(request);
    if (!token) throw new HttpProblem(401, 'unauthorized', 'Send Authorization: Bearer <ADMIN_TOKEN>.');
    if (!tokenMatches(token, expected)) {
      if (allowed > 0) failures.add(request.ip, now);
      throw new HttpProblem(403, 'forbidden', 'Wrong admin token.');
    }
  });
}

/** Failures per key in fixed windows (one process; entries expire with their window). */
class FailureCounter {
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
