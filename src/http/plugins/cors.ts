/**
 * CORS for browser integrations (VTT plugins, league sites): any origin may call the API, reading
 * the request id and the rate-limit headers. The behaviour is @fastify/cors's for
 * `{ origin: true, methods: CORS_METHODS, exposedHeaders: EXPOSED_HEADERS }` (reflect the caller's
 * Origin, strict preflight, 204), with the fixed part computed once: the plugin rebuilt its options
 * and header values on every request. tests/unit/http/arrival-headers.test.ts compares the two.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appendVary } from '../language.js';

export const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
export const EXPOSED_HEADERS = ['x-request-id', 'retry-after', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'];

/** Headers of every answer: the allowed origin depends on Origin (so caches must vary on it). */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  vary: 'Origin',
  'access-control-expose-headers': EXPOSED_HEADERS.join(', '),
};

const ALLOW_METHODS = CORS_METHODS.join(', ');

/** The allowed origin of a request: its own Origin, when it sent one. */
export function allowedOrigin(request: FastifyRequest): string | undefined {
  return request.headers.origin || undefined;
}

/**
 * Answers an OPTIONS request as a CORS preflight (in the `onRequest` hook, so before rate limiting
 * and authentication: browsers send no credentials with a preflight). Strict: without Origin and
 * Access-Control-Request-Method it is not a preflight (400).
 *
 * `privateNetwork` (CORS_PRIVATE_NETWORK=true, issue 26): a preflight asking
 * `Access-Control-Request-Private-Network: true` — Chrome's Private Network Access, a public page
 * (a VTT world on https) calling a service on the player's machine or network — is answered with
 * `Access-Control-Allow-Private-Network: true`. Off (the default), no such header is sent and the
 * browser refuses the call.
 */
export function answerPreflight(request: FastifyRequest, reply: FastifyReply, privateNetwork = false): void {
  if (!request.headers.origin || !request.headers['access-control-request-method']) {
    void reply.code(400).type('text/plain').send('Invalid Preflight Request');
    return;
  }
  reply.header('access-control-allow-methods', ALLOW_METHODS);
  appendVary(reply, 'Access-Control-Request-Headers');
  const requested = request.headers['access-control-request-headers'];
  if (requested !== undefined) reply.header('access-control-allow-headers', requested);
  if (privateNetwork) {
    appendVary(reply, 'Access-Control-Request-Private-Network');
    if (request.headers['access-control-request-private-network']?.toString().trim().toLowerCase() === 'true') {
      reply.header('access-control-allow-private-network', 'true');
    }
  }
  void reply.code(204).header('content-length', '0').send();
}

/** Every OPTIONS request finds a route (the hook has answered it before the handler would run). */
export function registerPreflightRoute(app: FastifyInstance): void {
  app.options('*', { schema: { hide: true } }, (_request, reply) => reply.callNotFound());
}
