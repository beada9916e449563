/**
 * Rate limits cannot be bypassed (issue "Reliability and security", item 5): the limiter counts the
 * verified API key, unknown credentials by client IP, failed admin authentications tightly per IP,
 * and GraphQL per root field. The 429 is a full problem with the IETF RateLimit headers (item 12).
 */
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { testApp } from '../helpers/app.js';
import { withFakeKeys } from './fake-keys.js';
import { loadConfig } from '../../src/config.js';

describe('rate-limit keys', () => {
  it('a random Bearer value per request is counted by IP, not per value', async () => {
    const app = await testApp({ rateLimitPerMinute: 5 }, {}, withFakeKeys);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await app.inject({ method: 'GET', url: '/v1/eden/catalog', headers: { authorization: `Bearer ${randomUUID()}` } });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(statuses.slice(5)).toEqual([429, 429, 429]);
      // a verified key has its own budget, whatever the IP has spent
      const keyed = await app.inject({ method: 'GET', url: '/v1/eden/catalog', headers: { authorization: 'Bearer key-alice' } });
      expect(keyed.statusCode).toBe(200);
      expect(keyed.headers['ratelimit-remaining']).toBe('4');
    } finally {
      await app.close();
    }
  });

  it('the 429 problem has a detail and the IETF RateLimit headers that CORS exposes', async () => {
    const app = await testApp({ rateLimitPerMinute: 1 });
    try {
      const first = await app.inject({ method: 'GET', url: '/v1/eden/catalog', headers: { origin: 'https://bot.example' } });
      expect(first.headers['ratelimit-limit']).toBe('1');
      expect(first.headers['ratelimit-remaining']).toBe('0');
      expect(first.headers['x-ratelimit-limit']).toBeUndefined();
      const limited = await app.inject({ method: 'GET', url: '/v1/eden/catalog', headers: { origin: 'https://bot.example' } });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ status: 429, code: 'rate_limited', detail: expect.stringMatching(/1 requests per minute/) });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      const exposed = String(limited.headers['access-control-expose-headers']).split(/,\s*/);
      for (const name of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'retry-after']) {
        expect(exposed).toContain(name);
        expect(limited.headers[name], name).toBeDefined();
      }
    } finally {
      await app.close();
    }
  });

  it('failed admin authentications are limited per IP (ADMIN_AUTH_FAILURES_PER_MINUTE)', async () => {
    const app = await testApp({ rateLimitPerMinute: 600, adminToken: 'the-admin-token', adminAuthFailuresPerMinute: 10 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) {
        const res = await app.inject({ method: 'POST', url: '/v1/admin/keys', headers: { authorization: `Bearer guess-${i}` }, payload: { name: 'x' } });
        statuses.push(res.statusCode);
      }
      expect(statuses.filter((s) => s === 403)).toHaveLength(10);
      expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
      // even the right token is refused from that address until the minute is over
      const right = await app.inject({ method: 'DELETE', url: '/v1/admin/keys/x', headers: { authorization: 'Bearer the-admin-token' } });
      expect(right.statusCode).toBe(429);
      expect(right.json()).toMatchObject({ code: 'rate_limited', detail: expect.any(String) });
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
      // another address is not affected
      const other = await app.inject({ method: 'POST', url: '/v1/admin/keys', remoteAddress: '10.1.2.3', headers: { authorization: 'Bearer wrong' }, payload: { name: 'x' } });
      expect(other.statusCode).toBe(403);
    } finally {
      await app.close();
    }
  });

  it('GraphQL is charged per root field: a document with 50 root fields costs 50', async () => {
    // the cost limits (GRAPHQL_MAX_ALIASES, GRAPHQL_MAX_ROOT_FIELDS) are off here: this is about the charge
    const app = await testApp({ rateLimitPerMinute: 60, graphql: { ...loadConfig({}).graphql, maxAliases: 0, maxRootFields: 0 } });
    try {
      const fifty = '{ ' + Array.from({ length: 50 }, (_, i) => `h${i}: health`).join(' ') + ' }';
      const first = await app.inject({ method: 'POST', url: '/graphql', payload: { query: fifty } });
      expect(first.statusCode).toBe(200);
      expect(first.headers['ratelimit-remaining']).toBe('10');
      expect(first.json().data.h49).toBe('ok');
      const second = await app.inject({ method: 'POST', url: '/graphql', payload: { query: fifty } });
      expect(second.statusCode, second.body).toBe(429);
      // a GraphQL error like every other (CONTRACT §7.1): the problem fields in `extensions`
      expect(second.json().errors[0]).toMatchObject({ message: expect.stringMatching(/exceeded/), extensions: { status: 429, code: 'rate_limited' } });
      expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
      // the request-level charge on arrival answers the same way
      const third = await app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ health }' } });
      expect(third.statusCode).toBe(429);
      expect(third.json().errors[0].extensions).toMatchObject({ status: 429, code: 'rate_limited' });
    } finally {
      await app.close();
    }
  });
});
