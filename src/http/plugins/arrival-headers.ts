/**
 * The headers every answer carries, set on arrival by one synchronous `onRequest` hook, so
 * problems, streams (src/http/sse.ts sends the reply's headers) and pages have them too: the
 * request id, the security headers (./security-headers.ts) and CORS (./cors.ts; a preflight is
 * answered here). The fixed part is computed once and copied into the reply in one step.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { securityHeaders } from './security-headers.js';
import { allowedOrigin, answerPreflight, CORS_HEADERS, registerPreflightRoute } from './cors.js';

type HeaderStore = Record<string, unknown>;

/**
 * Fastify keeps a reply's headers in a plain object (names in lower case) under a private symbol;
 * copying the fixed set into it at once saves a `reply.header()` call per header on every
 * request. Looked up once; should a Fastify version keep them elsewhere, `reply.headers()` is used.
 */
let storeKey: symbol | null | undefined;
function headerStore(reply: FastifyReply): HeaderStore | undefined {
  if (storeKey === undefined) storeKey = Object.getOwnPropertySymbols(reply).find((s) => s.description === 'fastify.reply.headers') ?? null;
  const store = storeKey ? (reply as unknown as Record<symbol, unknown>)[storeKey] : undefined;
  return store !== null && typeof store === 'object' ? (store as HeaderStore) : undefined;
}

/** `privateNetwork`: answer Private Network Access preflights (./cors.ts); by default the app's CORS_PRIVATE_NETWORK. */
export function registerArrivalHeaders(app: FastifyInstance, options: { privateNetwork?: boolean } = {}): void {
  const privateNetwork = options.privateNetwork ?? (app.hasDecorator('config') ? app.config.corsPrivateNetwork === true : false);
  const fixed: Readonly<Record<string, string>> = { ...securityHeaders(), ...CORS_HEADERS };
  registerPreflightRoute(app);
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const store = headerStore(reply);
    if (store) Object.assign(store, fixed);
    else reply.headers(fixed);
    reply.header('x-request-id', request.id);
    const origin = allowedOrigin(request);
    if (origin !== undefined) reply.header('access-control-allow-origin', origin);
    if (request.raw.method === 'OPTIONS') return answerPreflight(request, reply, privateNetwork);
    done();
  });
}
