/**
 * Start-up and load shedding (issue "Reliability and security", item 10): nothing is shed before
 * the first real event-loop measurement, and /ready consults the same pressure state as shedding,
 * so /ready says 200 only when requests are served.
 */
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers/app.js';

function block(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    /* a busy start-up (schema compilation, migrations) */
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function statuses(app: FastifyInstance) {
  const served = await app.inject({ method: 'GET', url: '/v1/eden/catalog' });
  const ready = await app.inject({ method: 'GET', url: '/ready' });
  return { served: served.statusCode, ready: ready.statusCode, detail: served.statusCode === 503 ? served.json().detail : '' };
}

describe('load shedding at start-up', () => {
  it('a start-up that blocked the event loop past the first sample sheds nothing', async () => {
    const app = await testApp({ maxEventLoopDelayMs: 1000 });
    try {
      // the loop is busy through the first sampling instant (no histogram sample in that second)
      block(1300);
      await sleep(20);
      const now = await statuses(app);
      expect(now, now.detail).toMatchObject({ served: 200, ready: 200 });
      for (let i = 0; i < 10; i++) {
        await sleep(100);
        const later = await statuses(app);
        expect(later.served, later.detail).toBe(200);
        expect(later.ready).toBe(200);
      }
    } finally {
      await app.close();
    }
  });

  it('/ready is 503 while requests are shed, and 200 again once they are served', async () => {
    const app = await testApp({ maxEventLoopDelayMs: 20 });
    try {
      let seen: Awaited<ReturnType<typeof statuses>> | undefined;
      for (let attempt = 0; attempt < 20 && !seen; attempt++) {
        block(150);
        await sleep(30);
        const now = await statuses(app);
        if (now.served === 503) seen = now;
      }
      expect(seen, 'a request was shed').toBeDefined();
      expect(seen!.ready).toBe(503);
      // idle again: after the next measurement both agree on 200
      let recovered = false;
      for (let i = 0; i < 40 && !recovered; i++) {
        await sleep(100);
        const now = await statuses(app);
        expect(now.ready === 200).toBe(now.served === 200);
        recovered = now.served === 200;
      }
      expect(recovered).toBe(true);
    } finally {
      await app.close();
    }
  });
});
