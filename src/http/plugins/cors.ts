/**
 * CORS for any origin, answering exactly as `@fastify/cors` did with `origin: true` (reflect the
 * request's Origin, strict preflight, `Vary: Origin` on every answer) but with every header value
 * computed once: the package's per-request hook copied its options and re-joined its header lists
 * on each request, which showed in CPU profiles of the hot routes.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

export interface CorsOptions {
  methods: readonly string[];
  exposedHeaders: readonly string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    corsPreflightEnabled: boolean;
  }
}

/** `field` added to the Vary header unless it lists it (or `*`) already. */
function addVary(reply: FastifyReply, field: string): void {
  const vary = reply.getHeader('vary');
  if (!vary) {
    reply.header('vary', field);
    return;
  }
  const value = Array.isArray(vary) ? vary.join(', ') : String(vary);
  const listed = value
    .toLowerCase()
    .split(',')
    .map((v) => v.trim());
  if (listed.includes('*') || listed.includes(field.toLowerCase())) return;
  reply.header('vary', `${value}, ${field}`);
}

export function registerCors(app: FastifyInstance, options: CorsOptions): void {
  const methods = options.methods.join(', ');
  const exposed = options.exposedHeaders.join(', ');
  app.decorateRequest('corsPreflightEnabled', false);
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    addVary(reply, 'Origin');
    const origin = request.headers.origin;
    if (origin) reply.header('access-control-allow-origin', origin);
    reply.header('access-control-expose-headers', exposed);
    if (request.raw.method !== 'OPTIONS') return done();
    // strict preflight: a preflight names its origin and method
    if (!origin || !request.headers['access-control-request-method']) {
      void reply.status(400).type('text/plain').send('Invalid Preflight Request');
      return;
    }
    request.corsPreflightEnabled = true;
    reply.header('access-control-allow-methods', methods);
    addVary(reply, 'Access-Control-Request-Headers');
    const asked = request.headers['access-control-request-headers'];
    if (asked !== undefined) reply.header('access-control-allow-headers', asked);
    void reply.code(204).header('content-length', '0').send();
  });
  // Lets Fastify route preflight requests; the hook above answers them.
  app.options('*', { schema: { hide: true } }, (request, reply) => {
    if (!request.corsPreflightEnabled) reply.callNotFound();
    else void reply.send();
  });
}
