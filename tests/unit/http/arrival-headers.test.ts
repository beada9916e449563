/**
 * The headers set on arrival (src/http/plugins/arrival-headers.ts) are exactly the ones
 * @fastify/helmet and @fastify/cors set per request for the same options — on answers, problems
 * and CORS preflights — plus the request id.
 */
import { describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import { HELMET_OPTIONS, securityHeaders } from '../../../src/http/plugins/security-headers.js';
import { CORS_METHODS, EXPOSED_HEADERS } from '../../../src/http/plugins/cors.js';
import { registerArrivalHeaders } from '../../../src/http/plugins/arrival-headers.js';

const withoutVolatile = (headers: Record<string, unknown>) => {
  const { date: _date, connection: _connection, 'x-request-id': _id, 'content-length': _length, 'keep-alive': _keepAlive, ...rest } = headers;
  return rest;
};

async function pair(): Promise<[FastifyInstance, FastifyInstance]> {
  const plugins = Fastify();
  await plugins.register(helmet, HELMET_OPTIONS as never);
  await plugins.register(cors, { origin: true, methods: CORS_METHODS, exposedHeaders: EXPOSED_HEADERS });
  const ours = Fastify({ genReqId: () => 'rid' });
  registerArrivalHeaders(ours);
  for (const app of [plugins, ours]) {
    app.get('/x', async () => ({ ok: true }));
    app.post('/x', async () => ({ ok: true }));
  }
  return [plugins, ours];
}

const ORIGIN = 'https://foundry.example';
const REQUESTS: InjectOptions[] = [
  { method: 'GET', url: '/x' },
  { method: 'GET', url: '/x', headers: { origin: ORIGIN } },
  { method: 'GET', url: '/x', headers: { origin: 'null' } },
  { method: 'POST', url: '/x', headers: { origin: ORIGIN, 'content-type': 'application/json' }, payload: '{}' },
  { method: 'GET', url: '/missing' },
  { method: 'GET', url: '/missing', headers: { origin: ORIGIN } },
  // preflights: plain, with requested headers, for an unknown path, and the two that are not preflights
  { method: 'OPTIONS', url: '/x', headers: { origin: ORIGIN, 'access-control-request-method': 'POST' } },
  { method: 'OPTIONS', url: '/x', headers: { origin: ORIGIN, 'access-control-request-method': 'DELETE', 'access-control-request-headers': 'authorization, content-type' } },
  { method: 'OPTIONS', url: '/anything/else', headers: { origin: ORIGIN, 'access-control-request-method': 'PATCH' } },
  { method: 'OPTIONS', url: '/x', headers: { origin: ORIGIN } },
  { method: 'OPTIONS', url: '/x', headers: { 'access-control-request-method': 'POST' } },
];

describe('headers set on arrival', () => {
  it("security headers are helmet's set for the service's options, computed once", () => {
    const headers = securityHeaders();
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['content-security-policy']).toBeUndefined();
  });

  it('are the same as @fastify/helmet + @fastify/cors give, with the request id: answers, 404s and preflights', async () => {
    const [plugins, ours] = await pair();
    try {
      for (const request of REQUESTS) {
        const a = await plugins.inject(request);
        const b = await ours.inject(request);
        const what = `${request.method} ${request.url} ${JSON.stringify(request.headers ?? {})}`;
        expect(b.statusCode, what).toBe(a.statusCode);
        expect(withoutVolatile(b.headers), what).toEqual(withoutVolatile(a.headers));
        expect(b.body, what).toBe(a.body);
        expect(b.headers['x-request-id'], what).toBe('rid');
      }
    } finally {
      await Promise.all([plugins.close(), ours.close()]);
    }
  });

  it('a preflight reflects the origin, allows every method the API uses, and answers 204 with no body', async () => {
    const [plugins, ours] = await pair();
    try {
      const res = await ours.inject(REQUESTS[7]!);
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
      expect(String(res.headers['access-control-allow-methods']).split(', ')).toEqual(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);
      expect(res.headers['access-control-allow-headers']).toBe('authorization, content-type');
      expect(res.headers.vary).toBe('Origin, Access-Control-Request-Headers');
      expect(res.body).toBe('');
    } finally {
      await Promise.all([plugins.close(), ours.close()]);
    }
  });
});
