import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { testApp } from '../helpers/app.js';
import { fakeKeys } from '../reliability/fake-keys.js';
import { RuleViolation } from '../../src/kernel/errors.js';

const Body = Type.Object({
  name: Type.String({ minLength: 1 }),
  fighters: Type.Array(Type.Object({ value: Type.Integer({ minimum: 0 }), limbs: Type.Object({ head: Type.Integer() }) })),
  edition: Type.Optional(Type.Union([Type.Literal('es'), Type.Literal('de')])),
});

describe('problem+json errors (CONTRACT §0)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp({}, {}, (a) => {
      a.post('/__test/echo', { schema: { body: Body } }, async (request) => request.body);
      a.post('/__test/rule', async () => {
        throw new RuleViolation('no_ap', 'The fighter has no action points left.', { fighterId: 'x' });
      });
      a.get('/__test/crash', async () => {
        throw new Error('secret internals');
      });
    });
  });
  afterAll(async () => app.close());

  it('answers /health with {"status":"ok"} and a request id', async () => {
    const res = await app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('echoes a caller-supplied x-request-id', async () => {
    const res = await app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'bot-42' } });
    expect(res.headers['x-request-id']).toBe('bot-42');
  });

  it('an unknown route is a 404 problem', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/nowhere' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ type: expect.any(String), status: 404, title: 'Not Found', code: 'not_found', detail: expect.any(String) });
  });

  it('URLs rejected before routing are problems too: bad percent-encoding 400, over-long id 414', async () => {
    const bad = await app.inject({ method: 'GET', url: '/v1/matches/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(bad.json()).toMatchObject({ status: 400, code: 'bad_url' });
    const long = await app.inject({ method: 'GET', url: '/v1/matches/' + 'a'.repeat(150) });
    expect(long.statusCode).toBe(414);
    expect(long.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(long.json()).toMatchObject({ status: 414, code: 'uri_too_long' });
  });

  it('malformed JSON is a 400 problem with code malformed_json', async () => {
    const res = await app.inject({ method: 'POST', url: '/__test/echo', payload: '{"name": ', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 400, code: 'malformed_json' });
  });

  it('an empty JSON body is a 400 problem', async () => {
    const res = await app.inject({ method: 'POST', url: '/__test/echo', payload: '', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('schema violations list every problem with a JSON-pointer path, not only the first', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/__test/echo',
      payload: {
        name: '',
        fighters: [
          { value: 3, limbs: { head: 1 } },
          { value: -1, limbs: {} },
          { value: 'x', limbs: { head: 1 } },
        ],
        edition: 'fr',
      },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ status: 400, code: 'invalid_request' });
    const paths = body.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['/name', '/fighters/1/value', '/fighters/1/limbs/head', '/fighters/2/value', '/edition']));
    for (const e of body.errors) expect(e).toEqual({ path: expect.any(String), code: expect.any(String), message: expect.any(String) });
  });

  it('a missing required member is reported at its own path', async () => {
    const res = await app.inject({ method: 'POST', url: '/__test/echo', payload: {} });
    expect(res.statusCode).toBe(400);
    const paths = res.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['/name', '/fighters']));
  });

  it('a body that is not JSON at all is rejected with 415, not 500', async () => {
    const res = await app.inject({ method: 'POST', url: '/__test/echo', payload: 'name=x', headers: { 'content-type': 'text/plain' } });
    expect(res.statusCode).toBe(415);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('a rule violation is a 422 with a top-level code and extra members', async () => {
    const res = await app.inject({ method: 'POST', url: '/__test/rule', payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: 422, code: 'no_ap', fighterId: 'x', detail: 'The fighter has no action points left.' });
  });

  it('an unexpected error is a 500 problem that hides internals', async () => {
    const res = await app.inject({ method: 'GET', url: '/__test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).not.toContain('secret internals');
  });

  it('sends CORS headers for browser plugins and security headers', async () => {
    const res = await app.inject({ method: 'OPTIONS', url: '/health', headers: { origin: 'https://foundry.example', 'access-control-request-method': 'POST' } });
    expect(res.statusCode).toBeLessThan(300);
    expect(res.headers['access-control-allow-origin']).toBe('https://foundry.example');
    const plain = await app.inject({ method: 'GET', url: '/health' });
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('rate limiting (CONTRACT §0: RATE_LIMIT_PER_MINUTE)', () => {
  it('does not count CORS preflights (a browser sends one before its cross-origin calls)', async () => {
    const app = await testApp({ rateLimitPerMinute: 2 });
    try {
      for (let i = 0; i < 5; i++) {
        const preflight = await app.inject({
          method: 'OPTIONS',
          url: '/v1/eden/attacks/melee',
          headers: { origin: 'https://foundry.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
        });
        expect(preflight.statusCode).toBe(204);
        expect(preflight.headers['access-control-allow-headers']).toBe('content-type');
      }
      const served = await app.inject({ method: 'GET', url: '/openapi.json', headers: { origin: 'https://foundry.example' } });
      expect(served.statusCode).toBe(200);
      expect(served.headers['access-control-allow-origin']).toBe('https://foundry.example');
      expect(served.headers['ratelimit-remaining']).toBe('1');
    } finally {
      await app.close();
    }
  });

  it('answers 429 problem+json past the limit, per IP without a key', async () => {
    const app = await testApp({ rateLimitPerMinute: 3 });
    try {
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 5; i++) {
        last = await app.inject({ method: 'GET', url: i % 2 ? '/openapi.json' : '/v1/nothing-here' });
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([404, 200, 404, 429, 429]);
      expect(last!.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(last!.json()).toMatchObject({ status: 429, code: 'rate_limited' });
      // /health is never limited
      expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('counts API keys separately from each other', async () => {
    // verified keys are counted by key id (unknown credentials count by IP: tests/reliability/rate-limit-keys.test.ts)
    const app = await testApp({ rateLimitPerMinute: 1 }, {}, (a) => {
      a.services.apiKeys = fakeKeys;
    });
    try {
      const a = await app.inject({ method: 'GET', url: '/v1/x', headers: { authorization: 'Bearer key-a' } });
      const b = await app.inject({ method: 'GET', url: '/v1/x', headers: { authorization: 'Bearer key-b' } });
      const a2 = await app.inject({ method: 'GET', url: '/v1/x', headers: { authorization: 'Bearer key-a' } });
      expect([a.statusCode, b.statusCode, a2.statusCode]).toEqual([404, 404, 429]);
    } finally {
      await app.close();
    }
  });
});
