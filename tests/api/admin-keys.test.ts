/** API keys (CONTRACT §0): POST /v1/admin/keys, requireApiKey, revocation, GET /v1/me. */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/app/ports.js';
import { requireApiKey } from '../../src/http/plugins/auth.js';
import { tokenMatches } from '../../src/http/routes/admin.js';
import { freshTestPglite, sharedTestPglite } from '../helpers/database.js';
import { testApp } from '../helpers/app.js';

const ADMIN = 'admin-secret-token';
const admin = { authorization: `Bearer ${ADMIN}` };
const json = { 'content-type': 'application/json' };

function expectProblem(res: { statusCode: number; headers: Record<string, unknown>; json(): any }, status: number, code?: string) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = res.json();
  expect(body).toMatchObject({ status, title: expect.any(String), detail: expect.any(String), type: expect.any(String) });
  if (code) expect(body.code).toBe(code);
  return body;
}

describe('API keys', () => {
  let db: Database;
  let app: FastifyInstance;
  const seen: unknown[] = [];

  beforeAll(async () => {
    db = await sharedTestPglite();
    app = await testApp({ adminToken: ADMIN }, { database: db }, (a) => {
      // test-only route protected like /v1/matches/**
      a.get('/__test/owner', async (request) => {
        const first = await requireApiKey(request);
        const second = await requireApiKey(request);
        seen.push(first === second);
        return first;
      });
    });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  const create = (name: unknown, headers: Record<string, string> = admin) =>
    app.inject({ method: 'POST', url: '/v1/admin/keys', headers: { ...json, ...headers }, payload: JSON.stringify({ name }) });

  it('creates a key: 201 {id, name, key}, shown once, stored only as its SHA-256', async () => {
    const res = await create('discord-bot');
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'discord-bot', key: expect.stringMatching(/^arb_[\w-]{43}$/) });

    const { rows } = await db.query<Record<string, unknown>>('SELECT * FROM api_keys WHERE id = $1', [body.id]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(body.key);
    expect(JSON.stringify(rows)).not.toContain(body.key.slice(4));
    expect(rows[0]!.key_hash).toBe(createHash('sha256').update(body.key).digest('hex'));
    expect(rows[0]!.name).toBe('discord-bot');
    expect(rows[0]!.revoked_at).toBeNull();

    const other = (await create('discord-bot')).json();
    expect(other.key).not.toBe(body.key);
    expect(other.id).not.toBe(body.id);
  });

  it('resolves the key on protected routes (cached per request) and on GET /v1/me', async () => {
    const { id, key } = (await create('league-site')).json();
    const res = await app.inject({ method: 'GET', url: '/__test/owner', headers: { authorization: `Bearer ${key}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, name: 'league-site' });
    expect(seen.at(-1)).toBe(true);
    const lower = await app.inject({ method: 'GET', url: '/v1/me', headers: { authorization: `bearer ${key}` } });
    expect(lower.statusCode).toBe(200);
    expect(lower.json()).toEqual({ id, name: 'league-site' });
  });

  it.each([
    ['no Authorization header', undefined],
    ['an unknown key', 'Bearer arb_' + 'A'.repeat(43)],
    ['a malformed key', 'Bearer not-a-key'],
    ['an empty bearer', 'Bearer '],
    ['the admin token', `Bearer ${ADMIN}`],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['a huge header', 'Bearer ' + 'x'.repeat(5000)],
  ])('answers 401 problem for %s on a route using requireApiKey', async (_label, authorization) => {
    for (const url of ['/__test/owner', '/v1/me']) {
      const res = await app.inject({ method: 'GET', url, headers: authorization === undefined ? {} : { authorization } });
      expectProblem(res, 401, 'unauthorized');
    }
  });

  it('rejects a missing admin token with 401 and a wrong one with 403, before looking at the body', async () => {
    expectProblem(await create('x', {}), 401, 'unauthorized');
    expectProblem(await create('x', { authorization: 'Basic abc' }), 401);
    expectProblem(await create('x', { authorization: 'Bearer wrong' }), 403, 'forbidden');
    expectProblem(await create('x', { authorization: `Bearer ${ADMIN}x` }), 403);
    expectProblem(await create(42, { authorization: 'Bearer wrong' }), 403);
    const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM api_keys WHERE name = 'x'");
    expect(rows[0]!.n).toBe(0);
  });

  it.each([
    ['a missing name', {}, '/name'],
    ['an empty name', { name: '' }, '/name'],
    ['a blank name', { name: '   ' }, '/name'],
    ['a non-string name', { name: 42 }, '/name'],
    ['a control character', { name: 'a\u0000b' }, '/name'],
    ['a too long name', { name: 'n'.repeat(201) }, '/name'],
    ['an array body', [], ''],
    ['a null body', null, ''],
  ])('answers 400 with the problem path for %s', async (_label, body, path) => {
    const res = await app.inject({ method: 'POST', url: '/v1/admin/keys', headers: { ...json, ...admin }, payload: JSON.stringify(body) });
    const problem = expectProblem(res, 400);
    expect(problem.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('answers 400 for malformed JSON and for no body at all', async () => {
    expectProblem(await app.inject({ method: 'POST', url: '/v1/admin/keys', headers: { ...json, ...admin }, payload: '{"name":' }), 400);
    expectProblem(await app.inject({ method: 'POST', url: '/v1/admin/keys', headers: admin }), 400);
  });

  it('accepts and ignores extra members and unicode names', async () => {
    const res = await create('Ánima — Liga 🐉');
    expect(res.statusCode).toBe(201);
    const extra = await app.inject({ method: 'POST', url: '/v1/admin/keys', headers: { ...json, ...admin }, payload: { name: 'x2', scope: 'all' } });
    expect(extra.statusCode).toBe(201);
    expect(extra.json()).not.toHaveProperty('scope');
  });

  it('revokes a key: 204, then the key is 401 and a second revoke is 404', async () => {
    const { id, key } = (await create('temp')).json();
    const bearer = { authorization: `Bearer ${key}` };
    expect((await app.inject({ method: 'GET', url: '/v1/me', headers: bearer })).statusCode).toBe(200);
    expectProblem(await app.inject({ method: 'DELETE', url: `/v1/admin/keys/${id}` }), 401);
    expectProblem(await app.inject({ method: 'DELETE', url: `/v1/admin/keys/${id}`, headers: { authorization: 'Bearer nope' } }), 403);
    const del = await app.inject({ method: 'DELETE', url: `/v1/admin/keys/${id}`, headers: admin });
    expect(del.statusCode).toBe(204);
    expectProblem(await app.inject({ method: 'GET', url: '/v1/me', headers: bearer }), 401);
    expectProblem(await app.inject({ method: 'DELETE', url: `/v1/admin/keys/${id}`, headers: admin }), 404);
    expectProblem(await app.inject({ method: 'DELETE', url: '/v1/admin/keys/not-a-uuid', headers: admin }), 404);
  });

  it('documents the admin endpoint in OpenAPI with its problem responses', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const op = doc.paths['/v1/admin/keys'].post;
    expect(op.tags).toEqual(['admin']);
    expect(op.summary).toBeTruthy();
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '404']));
    expect(op.requestBody.content['application/json'].schema.required).toEqual(['name']);
  });
});

describe('API keys without ADMIN_TOKEN or without a database', () => {
  it('answers 404 problem for the admin endpoints when ADMIN_TOKEN is not configured', async () => {
    const app = await testApp({ adminToken: undefined }, {});
    try {
      for (const headers of [{}, admin]) {
        expectProblem(await app.inject({ method: 'POST', url: '/v1/admin/keys', headers: { ...json, ...headers }, payload: { name: 'x' } }), 404, 'not_found');
      }
    } finally {
      await app.close();
    }
  });

  it('answers 503 (never 500) when the database is missing or does not answer', async () => {
    const closed = await freshTestPglite();
    await closed.close();
    for (const database of [undefined, closed]) {
      const app = await testApp({ adminToken: ADMIN }, { database });
      try {
        const res = await app.inject({ method: 'POST', url: '/v1/admin/keys', headers: { ...json, ...admin }, payload: { name: 'x' } });
        expectProblem(res, 503, 'unavailable');
        expect(res.headers['retry-after']).toBeDefined();
        const me = await app.inject({ method: 'GET', url: '/v1/me', headers: { authorization: 'Bearer arb_' + 'B'.repeat(43) } });
        expectProblem(me, 503, 'unavailable');
      } finally {
        await app.close();
      }
    }
  });

  it('compares admin tokens without throwing on different lengths', () => {
    expect(tokenMatches('abc', 'abc')).toBe(true);
    expect(tokenMatches('abc', 'abcd')).toBe(false);
    expect(tokenMatches('', 'abc')).toBe(false);
  });
});
