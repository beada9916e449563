/**
 * The security headers set once per request (src/http/plugins/security-headers.ts) are exactly
 * the ones @fastify/helmet set per request for the same options, on answers and on problems.
 */
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import helmet from '@fastify/helmet';
import { HELMET_OPTIONS, registerSecurityHeaders, securityHeaders } from '../../../src/http/plugins/security-headers.js';

const withoutVolatile = (headers: Record<string, unknown>) => {
  const { date: _date, connection: _connection, 'x-request-id': _id, 'content-length': _length, 'keep-alive': _keepAlive, ...rest } = headers;
  return rest;
};

describe('security headers', () => {
  it("are helmet's set for the service's options, computed once", () => {
    const headers = securityHeaders();
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['content-security-policy']).toBeUndefined();
  });

  it('answer the same headers as @fastify/helmet, with the request id, on a 200 and on a 404', async () => {
    const helmeted = Fastify();
    await helmeted.register(helmet, HELMET_OPTIONS as never);
    helmeted.get('/x', async () => ({ ok: true }));
    const ours = Fastify({ genReqId: () => 'rid' });
    registerSecurityHeaders(ours);
    ours.get('/x', async () => ({ ok: true }));
    for (const url of ['/x', '/missing']) {
      const a = await helmeted.inject({ method: 'GET', url });
      const b = await ours.inject({ method: 'GET', url });
      expect(b.statusCode).toBe(a.statusCode);
      expect(withoutVolatile(b.headers)).toEqual(withoutVolatile(a.headers));
      expect(b.headers['x-request-id']).toBe('rid');
    }
    await Promise.all([helmeted.close(), ours.close()]);
  });
});
