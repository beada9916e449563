/** GET /ready (CONTRACT §0): 200 when the database answers, else 503 problem with Retry-After. */
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/app/ports.js';
import { openTestPglite } from '../../src/infra/database/index.js';
import { testApp } from '../helpers/app.js';

function fakeDatabase(ping: () => Promise<void>): Database {
  return {
    kind: 'postgres',
    url: 'postgresql://nowhere.invalid/db',
    query: async () => {
      throw new Error('down');
    },
    transaction: async () => {
      throw new Error('down');
    },
    ping,
    close: async () => {},
  };
}

describe('GET /ready', () => {
  // a cold embedded database on a busy machine can take most of the default 30 s to open
  it('answers 200 when the database answers', { timeout: 120_000 }, async () => {
    const db = await openTestPglite();
    const app = await testApp({}, { database: db });
    try {
      const res = await app.inject({ method: 'GET', url: '/ready' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'ready', checks: { database: 'ok' } });
    } finally {
      await app.close();
      await db.close();
    }
  });

  it.each([
    ['rejects', () => Promise.reject(new Error('connection refused'))],
    ['never answers', () => new Promise<void>(() => {})],
  ])('answers 503 problem with Retry-After when the database ping %s', async (_label, ping) => {
    const app = await testApp({}, { database: fakeDatabase(ping) });
    try {
      const started = Date.now();
      const res = await app.inject({ method: 'GET', url: '/ready' });
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      const body = res.json();
      expect(body).toMatchObject({ status: 503, code: 'not_ready', checks: { database: expect.any(String) } });
      expect(body.checks.database).not.toBe('ok');
      // liveness is independent of the database
      expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers 503 once the real database is closed', async () => {
    const db = await openTestPglite();
    const app = await testApp({}, { database: db });
    try {
      await db.close();
      const res = await app.inject({ method: 'GET', url: '/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
    } finally {
      await app.close();
    }
  });
});
