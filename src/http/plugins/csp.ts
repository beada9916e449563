/**
 * Content-Security-Policy for the two HTML pages the service serves (helmet's CSP is off for the
 * JSON API): `/docs` (swagger-ui: its own scripts, inline styles, data: images) and `/graphiql`
 * (GraphiQL and React served from this service's own assets, src/http/routes/graphiql.ts; it talks to
 * /graphql on the same origin). No third-party host is allowed on either page.
 * Set by an `onSend` hook of those routes only (a 404 under /docs/ is a JSON problem, without it).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const COMMON = ["default-src 'self'", "base-uri 'self'", "object-src 'none'", "frame-ancestors 'self'", "form-action 'self'"];

const DOCS_CSP = [...COMMON, "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data:", "font-src 'self' data:", "connect-src 'self'"].join('; ');

const GRAPHIQL_CSP = [...COMMON, "script-src 'self'", "style-src 'self'", "img-src 'self' data:", "font-src 'self' data:", "connect-src 'self'"].join('; ');

function policyFor(url: string): string | undefined {
  const path = url.split('?')[0]!;
  if (path === '/docs' || path.startsWith('/docs/')) return DOCS_CSP;
  if (path === '/graphiql' || path.startsWith('/graphiql/')) return GRAPHIQL_CSP;
  return undefined;
}

/** The policy is attached to the page routes themselves (the JSON API's routes carry no hook for it). */
export function registerPageCsp(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const policy = policyFor(route.url ?? route.path ?? '');
    if (!policy) return;
    const setPolicy = (_request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
      reply.header('content-security-policy', policy);
      done(null, payload);
    };
    const own = route.onSend;
    route.onSend = own === undefined ? [setPolicy] : [...(Array.isArray(own) ? own : [own]), setPolicy];
  });
}
