/**
 * Feed tokens (CONTRACT §7.2): POST /v1/matches/{id}/feed-tokens and /v1/simulations/{id}/feed-tokens
 * issue a short-lived, read-only token that opens that resource's stream as `?token=` (browsers'
 * EventSource cannot send headers). Expiry runs on an injected clock; tokens work on every replica
 * over the same database; a revoked key refuses new streams and ends the open ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Clock, Database, JobRunner } from '../../src/app/ports.js';
import { apiKeyStore } from '../../src/infra/keys.js';
import { testApp } from '../helpers/app.js';
import { databaseTargets, freshTestPglite, sharedTestPglite } from '../helpers/database.js';
import { loadConfig } from '../../src/config.js';
import { openRunner } from '../helpers/job-runner.js';
import { meleeRequest } from '../fixtures/simulate.js';
import { redactTokens } from '../../src/http/log-redaction.js';

const ADMIN = 'admin-token-for-feed-tokens';
const T0 = Date.parse('2026-11-26T10:00:00.000Z');

describe.each(databaseTargets())('feed tokens on $name', (target) => {
  let db: Database;
  let app: FastifyInstance;
  let replica: FastifyInstance;
  let runner: { jobs: JobRunner; close(): Promise<void> };
  let now = T0;
  const clock: Clock = { now: () => now };
  let keyA: { id: string; key: string };
  let keyB: { id: string; key: string };
  const auth = (k: { key: string }) => ({ authorization: `Bearer ${k.key}` });

  beforeAll(async () => {
    db = await target.open();
    runner = await openRunner();
    app = await testApp({ adminToken: ADMIN }, { database: db, jobs: runner.jobs, clock });
    // a second API process over the same database (its own services, keys read from the database)
    replica = await testApp({}, { database: db, jobs: runner.jobs, clock });
    keyA = await apiKeyStore(db).create('feeds A');
    keyB = await apiKeyStore(db).create('feeds B');
  });
  afterAll(async () => {
    await app?.close();
    await replica?.close();
    await runner?.close();
    await db?.close();
  });

  async function createMatch(key = keyA): Promise<string> {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/matches',
      headers: auth(key),
      payload: {
        game: 'eden',
        players: [
          { id: 'p1', name: 'Ana' },
          { id: 'p2', name: 'Ben' },
        ],
      },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    const appended = await app.inject({ method: 'POST', url: `/v1/matches/${id}/events`, headers: auth(key), payload: { expectedVersion: 0, events: [{ type: 'one' }] } });
    expect(appended.statusCode).toBe(201);
    return id;
  }

  async function tokenFor(path: string, key = keyA, payload?: object) {
    const res = await app.inject({ method: 'POST', url: `${path}/feed-tokens`, headers: auth(key), ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  }

  const feed = (target: FastifyInstance, id: string, token: string, headers: Record<string, string> = {}) =>
    target.inject({ method: 'GET', url: `/v1/matches/${id}/feed?from=1&follow=false&token=${encodeURIComponent(token)}`, headers });

  it('POST /v1/matches/{id}/feed-tokens answers 201 {token, expiresAt} valid 600 s, with no body or a shorter ttlSeconds', async () => {
    const id = await createMatch();
    const issued = await tokenFor(`/v1/matches/${id}`);
    expect(issued.status).toBe(201);
    expect(issued.headers['cache-control']).toBe('no-store');
    expect(issued.body).toEqual({ token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/), expiresAt: new Date(T0 + 600_000).toISOString() });
    const header = JSON.parse(Buffer.from(issued.body.token.split('.')[0], 'base64url').toString());
    expect(header).toMatchObject({ alg: 'EdDSA', typ: 'feed+jwt' });
    const short = await tokenFor(`/v1/matches/${id}`, keyA, { ttlSeconds: 60 });
    expect(short.body.expiresAt).toBe(new Date(T0 + 60_000).toISOString());
    const tooLong = await tokenFor(`/v1/matches/${id}`, keyA, { ttlSeconds: 601 });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual([expect.objectContaining({ path: '/ttlSeconds' })]);
  });

  it('the match must exist and belong to the key (404), and the key is required (401)', async () => {
    const id = await createMatch();
    expect((await tokenFor(`/v1/matches/${id}`, keyB)).status).toBe(404);
    expect((await tokenFor('/v1/matches/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const anonymous = await app.inject({ method: 'POST', url: `/v1/matches/${id}/feed-tokens` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('?token= opens the feed of its match without Authorization, with CORS, on another replica too', async () => {
    const id = await createMatch();
    const { token } = (await tokenFor(`/v1/matches/${id}`)).body;
    for (const target of [app, replica]) {
      const res = await feed(target, id, token, { origin: 'https://vtt.example' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(res.headers['access-control-allow-origin']).toBe('https://vtt.example');
      expect(res.body).toContain('id: 1\nevent: one\ndata: {');
    }
  });

  it('a token for another match is 401 invalid_feed_token (other_resource)', async () => {
    const mine = await createMatch();
    const other = await createMatch();
    const { token } = (await tokenFor(`/v1/matches/${mine}`)).body;
    const res = await feed(app, other, token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401, code: 'invalid_feed_token', reason: 'other_resource' });
    // nor does it open a simulation stream with the same id
    const sim = await app.inject({ method: 'GET', url: `/v1/simulations/${mine}/events?token=${token}` });
    expect(sim.statusCode).toBe(401);
    expect(sim.json()).toMatchObject({ code: 'invalid_feed_token', reason: 'other_resource' });
  });

  it('an expired token is 401 (injected clock: valid at 599 s, refused at 600 s)', async () => {
    const id = await createMatch();
    const { token } = (await tokenFor(`/v1/matches/${id}`)).body;
    try {
      now = T0 + 599_000;
      expect((await feed(app, id, token)).statusCode).toBe(200);
      now = T0 + 600_000;
      const res = await feed(app, id, token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'invalid_feed_token', reason: 'expired' });
    } finally {
      now = T0;
    }
  });

  it('a tampered token is 401: another payload under the same signature, a receipt, garbage', async () => {
    const mine = await createMatch();
    const other = await createMatch();
    const { token } = (await tokenFor(`/v1/matches/${mine}`)).body;
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = [header, Buffer.from(JSON.stringify({ ...claims, res: `match:${other}` })).toString('base64url'), signature].join('.');
    const res = await feed(app, other, forged);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'invalid_feed_token', reason: 'bad_signature' });
    // a receipt is signed by the same key but is not a feed token (its typ names another use)
    const receipt = await app.inject({ method: 'POST', url: '/v1/eden/rosters/validate', payload: { bandType: 'faction', fighters: [{ ref: 'yuri' }], receipt: true } });
    expect(receipt.statusCode).toBe(200);
    expect((await feed(app, mine, receipt.json().receipt)).json()).toMatchObject({ code: 'invalid_feed_token', reason: 'not_a_feed_token' });
    expect((await feed(app, mine, 'not-a-token')).json()).toMatchObject({ status: 401, code: 'invalid_feed_token', reason: 'malformed' });
  });

  it('a token opens nothing but the stream: other routes answer 401 with a clear detail', async () => {
    const id = await createMatch();
    const { token } = (await tokenFor(`/v1/matches/${id}`)).body;
    const asQuery = await app.inject({ method: 'GET', url: `/v1/matches/${id}?token=${token}` });
    expect(asQuery.statusCode).toBe(401);
    expect(asQuery.json().detail).toMatch(/Feed tokens \(\?token=\) open only/);
    const asBearer = await app.inject({ method: 'GET', url: `/v1/matches/${id}`, headers: { authorization: `Bearer ${token}` } });
    expect(asBearer.statusCode).toBe(401);
    expect(asBearer.json().detail).toMatch(/not an API key/);
    // nor can it ask for more tokens or write
    expect((await app.inject({ method: 'POST', url: `/v1/matches/${id}/feed-tokens?token=${token}` })).statusCode).toBe(401);
    const write = await app.inject({
      method: 'POST',
      url: `/v1/matches/${id}/events`,
      headers: { authorization: `Bearer ${token}` },
      payload: { expectedVersion: 1, events: [{ type: 'x' }] },
    });
    expect(write.statusCode).toBe(401);
  });

  it('simulations: POST /v1/simulations/{id}/feed-tokens, and ?token= opens its progress stream to the final event', async () => {
    const submitted = await app.inject({
      method: 'POST',
      url: '/v1/simulations',
      headers: auth(keyA),
      payload: { kind: 'eden.melee', request: meleeRequest(), iterations: 200, seed: 'feed-token' },
    });
    expect(submitted.statusCode).toBe(202);
    const { id } = submitted.json();
    expect((await tokenFor(`/v1/simulations/${id}`, keyB)).status).toBe(404);
    const issued = await tokenFor(`/v1/simulations/${id}`);
    expect(issued.status).toBe(201);
    const res = await app.inject({ method: 'GET', url: `/v1/simulations/${id}/events?token=${issued.body.token}`, headers: { origin: 'https://vtt.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('https://vtt.example');
    expect(res.body).toMatch(/event: completed\ndata: \{/);
  });

  it('revoking the key that issued a token refuses new streams (401 key_revoked) and ends open ones (event: revoked)', async () => {
    const key = await apiKeyStore(db).create('to revoke');
    const id = await createMatch(key);
    const { token } = (await tokenFor(`/v1/matches/${id}`, key)).body;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const res = await fetch(`http://127.0.0.1:${port}/v1/matches/${id}/feed?token=${token}`);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let text = '';
    const read = (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        text += new TextDecoder().decode(value);
      }
    })();
    await new Promise((r) => setTimeout(r, 100));
    const revoke = await app.inject({ method: 'DELETE', url: `/v1/admin/keys/${key.id}`, headers: { authorization: `Bearer ${ADMIN}` } });
    expect(revoke.statusCode).toBe(204);
    await Promise.race([read, new Promise((_, reject) => setTimeout(() => reject(new Error(`stream did not end: ${text}`)), 5000))]);
    expect(text).toMatch(/event: revoked\ndata: \{[^\n]*"code":"key_revoked"/);
    // new streams, on this process and on another one (which learns it from the database)
    for (const target of [app, replica]) {
      const refused = await feed(target, id, token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'key_revoked' });
    }
  });
});

describe('feed tokens and the rate limit', () => {
  let db: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await sharedTestPglite();
    app = await testApp({ rateLimitPerMinute: 10 }, { database: db });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('a stream opened with a token counts against the key that issued it, not the client address', async () => {
    const key = await apiKeyStore(db).create('limited');
    const headers = { authorization: `Bearer ${key.key}` };
    const created = await app.inject({
      method: 'POST',
      url: '/v1/matches',
      headers,
      payload: {
        game: 'eden',
        players: [
          { id: 'p1', name: 'A' },
          { id: 'p2', name: 'B' },
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['ratelimit-remaining']).toBe('9');
    const { token } = (await app.inject({ method: 'POST', url: `/v1/matches/${created.json().id}/feed-tokens`, headers })).json();
    const res = await app.inject({ method: 'GET', url: `/v1/matches/${created.json().id}/feed?follow=false&token=${token}` });
    expect(res.statusCode).toBe(200);
    // the key's third request (an address-counted one would be its first: 9)
    expect(res.headers['ratelimit-remaining']).toBe('7');
  });
});

describe('FEED_TOKEN_TTL_SECONDS', () => {
  it('defaults to 600 s, accepts 1..600 and refuses a longer lifetime at start-up', () => {
    expect(loadConfig({}).feedTokenTtlSeconds).toBe(600);
    expect(loadConfig({ FEED_TOKEN_TTL_SECONDS: '60' }).feedTokenTtlSeconds).toBe(60);
    expect(() => loadConfig({ FEED_TOKEN_TTL_SECONDS: '601' })).toThrow(/between 1 and 600/);
    expect(() => loadConfig({ FEED_TOKEN_TTL_SECONDS: '0' })).toThrow(/between 1 and 600/);
  });

  it('a configured lifetime is the one tokens get', async () => {
    const db = await freshTestPglite();
    const app = await testApp({ feedTokenTtlSeconds: 60 }, { database: db, clock: { now: () => T0 } });
    try {
      const key = await apiKeyStore(db).create('ttl');
      const headers = { authorization: `Bearer ${key.key}` };
      const created = await app.inject({
        method: 'POST',
        url: '/v1/matches',
        headers,
        payload: {
          game: 'eden',
          players: [
            { id: 'p1', name: 'A' },
            { id: 'p2', name: 'B' },
          ],
        },
      });
      const issued = await app.inject({ method: 'POST', url: `/v1/matches/${created.json().id}/feed-tokens`, headers, payload: { ttlSeconds: 600 } });
      expect(issued.json().expiresAt).toBe(new Date(T0 + 60_000).toISOString());
    } finally {
      await app.close();
      await db.close();
    }
  });
});

describe('feed tokens stay out of request logs', () => {
  it('the logged url has every ?token= value redacted, the rest kept', () => {
    expect(redactTokens('/v1/matches/m1/feed?from=1&token=aaa.bbb.ccc&follow=false')).toBe('/v1/matches/m1/feed?from=1&token=[redacted]&follow=false');
    expect(redactTokens('/v1/simulations/s1/events?TOKEN=x&token=y')).toBe('/v1/simulations/s1/events?TOKEN=[redacted]&token=[redacted]');
    expect(redactTokens('/v1/matches/m1/feed?tokens=1&notoken=2')).toBe('/v1/matches/m1/feed?tokens=1&notoken=2');
  });
});
