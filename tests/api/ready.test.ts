/** GET /ready (CONTRACT §0): 200 when the database answers, else 503 problem with Retry-After. */
import { describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Database } from '../../src/app/ports.js';
import { freshTestPglite, sharedTestPglite } from '../helpers/database.js';
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
    const db = await sharedTestPglite();
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

  const expectNotReady = (res: LightMyRequestResponse) => {
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    const body = res.json();
    expect(body).toMatchObject({ status: 503, code: 'not_ready', checks: { database: expect.any(String) } });
    expect(body.checks.database).not.toBe('ok');
    return body as { checks: Record<string, string> };
  };

  it('answers 503 problem with Retry-After when the database ping rejects', async () => {
    const app = await testApp({}, { database: fakeDatabase(() => Promise.reject(new Error('connection refused'))) });
    try {
      expect(expectNotReady(await app.inject({ method: 'GET', url: '/ready' })).checks.database).toBe('connection refused');
      // liveness is independent of the database
      expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers 503 problem with Retry-After when the database ping never answers, once the check has waited 2 s', async () => {
    let pinged!: () => void;
    const pinging = new Promise<void>((resolve) => (pinged = resolve));
    const app = await testApp(
      {},
      {
        database: fakeDatabase(() => {
          pinged();
          return new Promise<void>(() => {});
        }),
      },
    );
    // the check's timer runs on a fake clock: the answer waits for it, not for the wall clock
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let answered = false;
      const ready = app.inject({ method: 'GET', url: '/ready' }).finally(() => (answered = true));
      await pinging;
      await vi.advanceTimersByTimeAsync(1999);
      // let the I/O of an answer, had one been sent, complete
      for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
      expect(answered, 'answered before the check timed out').toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(expectNotReady(await ready).checks.database).toBe('timeout');
      vi.useRealTimers();
      // liveness is independent of the database
      expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
      await app.close();
    }
  });

  it('answers 503 once the real database is closed', async () => {
    const db = await freshTestPglite();
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
