/**
 * TRUST_PROXY (CONTRACT §9.4; issue: behind a load balancer every per-IP limit was the balancer's —
 * all anonymous traffic shared one bucket, ten wrong admin guesses locked every admin out): with the
 * balancer trusted, per-IP rate limits and the admin guess limit count per client address from
 * X-Forwarded-For; without it, per connection peer (a client cannot choose its bucket).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../src/config.js';
import { memoryApp } from '../helpers/app.js';

describe('TRUST_PROXY', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  const get = (forwardedFor: string) => app!.inject({ method: 'GET', url: '/v1/games', headers: { 'x-forwarded-for': forwardedFor } });
  const admin = (forwardedFor: string) =>
    app!.inject({ method: 'POST', url: '/v1/admin/keys', headers: { 'x-forwarded-for': forwardedFor, authorization: 'Bearer wrong' }, payload: { name: 'x' } });

  it('trusted (one hop): anonymous rate limits count per client address', async () => {
    app = await memoryApp({ trustProxy: 1, rateLimitPerMinute: 3 });
    for (let i = 0; i < 3; i++) expect((await get('203.0.113.1')).statusCode).toBe(200);
    expect((await get('203.0.113.1')).statusCode).toBe(429);
    // another client behind the same balancer has its own budget
    expect((await get('203.0.113.2')).statusCode).toBe(200);
  });

  it('not trusted (the default): X-Forwarded-For is ignored — one bucket per connection peer', async () => {
    app = await memoryApp({ rateLimitPerMinute: 3 });
    for (let i = 0; i < 3; i++) expect((await get(`198.51.100.${i}`)).statusCode).toBe(200);
    expect((await get('198.51.100.9')).statusCode).toBe(429);
  });

  it('trusted: wrong admin tokens lock out only the address that guessed', async () => {
    app = await memoryApp({ trustProxy: ['127.0.0.1'], adminToken: 'right', adminAuthFailuresPerMinute: 2 });
    expect((await admin('203.0.113.7')).statusCode).toBe(403);
    expect((await admin('203.0.113.7')).statusCode).toBe(403);
    expect((await admin('203.0.113.7')).statusCode).toBe(429);
    expect((await admin('203.0.113.8')).statusCode).toBe(403);
  });

  it('TRUST_PROXY parses a hop count or a list of addresses and CIDRs; anything else stops start-up', () => {
    expect(loadConfig({}).trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '99' })).toThrow(/TRUST_PROXY/);
  });
});
