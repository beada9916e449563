/**
 * The one error handler (CONTRACT §0): every 4xx/5xx leaves as application/problem+json (RFC 9457),
 * mapped by src/transport/problem.ts (shared with GraphQL).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { problem, retryAfterOf, toProblem, type Problem } from '../transport/problem.js';

export function sendProblem(reply: FastifyReply, p: Problem): FastifyReply {
  return reply.code(p.status).type('application/problem+json').send(p);
}

export function registerProblemHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const p = toProblem(error);
    // 503s (a dependency away, shutting down) are logged where they arise, an outage once per outage
    if (p.status >= 500 && p.status !== 503) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: p.code, status: p.status }, 'request rejected');
    const retryAfter = retryAfterOf(error);
    if ((p.status === 503 || p.status === 429) && retryAfter) reply.header('retry-after', String(retryAfter));
    return sendProblem(reply, { ...p, instance: request.url, requestId: request.id });
  });
  // unknown routes are rate limited by the root onRequest hook (src/http/plugins/rate-limit.ts)
  app.setNotFoundHandler((request, reply) =>
    sendProblem(reply, { ...problem(404, 'not_found', `No route ${request.method} ${request.url}.`), instance: request.url, requestId: request.id }),
  );
}
