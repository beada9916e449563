/**
 * Authentication applied once per route folder (as fastify/demo's autohooks): a route group
 * registers `authenticate` (API key) or `authenticateAdmin` (ADMIN_TOKEN) as a hook on its
 * encapsulated plugin instead of checking in every handler. The key resolution itself is shared
 * with GraphQL (src/transport/auth.ts).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
 * validated: no token → 401, wrong token → 403, ADMIN_TOKEN not configured → 404.
 */
export function authenticateAdmin(app: FastifyInstance): void {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const expected = request.server.config.adminToken;
    if (!expected) throw new HttpProblem(404, 'not_found', 'The admin endpoints are disabled (ADMIN_TOKEN is not configured).');
    const token = bearerToken(request);
    if (!token) throw new HttpProblem(401, 'unauthorized', 'Send Authorization: Bearer <ADMIN_TOKEN>.');
    if (!tokenMatches(token, expected)) throw new HttpProblem(403, 'forbidden', 'Wrong admin token.');
  });
}
