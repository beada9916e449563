/**
 * HTTP conformance (issue "Reliability and security", item 12): every answer carries x-request-id,
 * CORS preflight allows DELETE/PUT/PATCH, a body-less DELETE may say `content-type: application/json`,
 * the HTML pages send a Content-Security-Policy (and still load their assets), and the shared
 * problem responses are documented for every operation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers/app.js';

describe('HTTP conformance', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp({ adminToken: 'conformance-admin' });
  });
  afterAll(() => app.close());

  it.each([
    ['an over-long path parameter (414)', '/v1/matches/' + 'a'.repeat(200), 414],
    ['bad percent-encoding (400)', '/v1/matches/%zz', 400],
  ])('%s carries x-request-id, echoed when sent', async (_label, url, status) => {
    const res = await app.inject({ method: 'GET', url, headers: { 'x-request-id': 'req-77' } });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.headers['x-request-id']).toBe('req-77');
    expect(res.json().requestId).toBe('req-77');
  });

  it('CORS preflight allows DELETE, PUT and PATCH', async () => {
    const res = await app.inject({ method: 'OPTIONS', url: '/v1/admin/keys/x', headers: { origin: 'https://league.example', 'access-control-request-method': 'DELETE' } });
    expect(res.statusCode).toBe(204);
    const methods = String(res.headers['access-control-allow-methods']).split(/,\s*/);
    for (const m of ['GET', 'POST', 'DELETE', 'PUT', 'PATCH']) expect(methods).toContain(m);
  });

  it('DELETE /v1/admin/keys/{id} with content-type: application/json and no body answers as without the header', async () => {
    const headers = { authorization: 'Bearer conformance-admin' };
    const plain = await app.inject({ method: 'DELETE', url: '/v1/admin/keys/some-id', headers });
    const typed = await app.inject({ method: 'DELETE', url: '/v1/admin/keys/some-id', headers: { ...headers, 'content-type': 'application/json' } });
    expect(typed.statusCode).toBe(plain.statusCode);
    expect(typed.json().code).toBe(plain.json().code);
    // an empty body where one is expected stays malformed JSON
    const post = await app.inject({ method: 'POST', url: '/v1/eden/weather', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(post.json()).toMatchObject({ status: 400, code: 'malformed_json' });
  });

  it('/docs sends a CSP that lets swagger-ui load its own assets', async () => {
    const page = await app.inject({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("object-src 'none'");
    const assets = [...page.body.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1]!).filter((u) => u.startsWith('/docs') || u.startsWith('./'));
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) {
      const url = asset.startsWith('./') ? '/docs/' + asset.slice(2) : asset;
      expect(new URL(url, 'http://x').origin, 'same origin').toBe('http://x');
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
    }
    // swagger-initializer fetches the document from the same origin (connect-src 'self')
    expect(csp).toContain("connect-src 'self'");
    expect((await app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(200);
  });

  it('/graphiql sends a CSP that allows only its own origin', async () => {
    const page = await app.inject({ method: 'GET', url: '/graphiql' });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain('script-src');
    expect(csp).not.toMatch(/https?:|unpkg/);
    expect(csp).toMatch(/connect-src [^;]*'self'/);
    // JSON answers keep no CSP (the API is not a page)
    expect((await app.inject({ method: 'GET', url: '/health' })).headers['content-security-policy']).toBeUndefined();
  });

  it('OpenAPI documents 413, 414, 415, 429 and 503 problems for every operation', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.components.schemas.Problem).toBeDefined();
    let operations = 0;
    for (const [path, ops] of Object.entries<Record<string, { responses: Record<string, any> }>>(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        operations++;
        for (const status of ['413', '414', '415', '429', '503']) {
          if ((path === '/health' && ['429', '503'].includes(status)) || (path === '/ready' && status === '429')) continue;
          expect(op.responses[status], `${method} ${path} ${status}`).toBeDefined();
        }
      }
    }
    expect(operations).toBeGreaterThan(40);
    expect(doc.info.description).toContain('64 levels');
  });
});
