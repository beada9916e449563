/**
 * The security headers of every answer: helmet's set for the service's configuration (CSP off for
 * the JSON API: the two HTML pages get theirs in ./csp.ts; Cross-Origin-Resource-Policy
 * `cross-origin`, the API is called from other origins), computed ONCE at start-up by running
 * helmet's middleware against a recorder (@fastify/helmet rebuilt that middleware, through two
 * hooks, on every request). ./arrival-headers.ts sets them on every reply.
 */
import { createRequire } from 'node:module';

type HelmetOptions = Record<string, unknown>;
type Middleware = (req: unknown, res: unknown, next: (error?: unknown) => void) => void;
// helmet itself, as @fastify/helmet (the dependency) resolves it
const require = createRequire(import.meta.url);
const helmet = createRequire(require.resolve('@fastify/helmet'))('helmet') as (options: HelmetOptions) => Middleware;

export const HELMET_OPTIONS: Readonly<HelmetOptions> = { contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: 'cross-origin' } };

/** The headers helmet sets for `options`, names in lower case (as Fastify keeps them). */
export function securityHeaders(options: Readonly<HelmetOptions> = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet({ ...options })({}, recorder, (error) => {
    if (error) throw error as Error;
  });
  return headers;
}
