/**
 * Melee endpoint throughput against a trivial route at the same concurrency (loopback only,
 * bounded in requests and time; the client runs in a worker thread, see load-client.mjs). Goal: POST /v1/eden/attacks/melee ≥ 0.7 × GET /health req/s.
 */
import { Worker } from 'node:worker_threads';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../src/config.js';
import { createApp } from '../src/composition.js';
import type { BenchFigure } from './run.js';

const CONCURRENCY = 16;
const REQUESTS = 4000;
const WARMUP = 400;
const TIME_LIMIT_MS = 20_000;

const limb = (faces: number[], white: number, red: number, normal: number) => ({ white, red, faces, normal, wounded: normal - 1 });
const fighter = (id: string) => ({
  id,
  name: id,
  limbs: { head: limb([1], 2, 2, 4), arms: limb([2, 3], 2, 1, 4), torso: limb([4, 5], 3, 1, 4), legs: limb([6], 2, 1, 5) },
  equipment: [{ name: 'Helmet', categories: ['protection'], protection: { limbs: ['head'], value: 1 } }],
});

interface Target {
  method: 'GET' | 'POST';
  path: string;
  bodies?: string[];
}

/** Send `count` requests with `concurrency` keep-alive clients from a worker thread; answers req/s and non-200 count. */
async function measure(port: number, target: Target, count: number): Promise<{ rps: number; failures: number }> {
  const worker = new Worker(new URL('./load-client.mjs', import.meta.url), {
    workerData: { port, method: target.method, path: target.path, bodies: target.bodies, count, concurrency: CONCURRENCY, timeLimitMs: TIME_LIMIT_MS },
  });
  const [result] = (await once(worker, 'message')) as [{ requests: number; seconds: number; failures: number }];
  await worker.terminate();
  return { rps: result.requests / result.seconds, failures: result.failures };
}

export async function run(): Promise<BenchFigure[]> {
  const app = await createApp({ ...loadConfig({}), logLevel: 'silent', rateLimitPerMinute: 0, maxEventLoopDelayMs: 0 });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  // Bodies are prepared up front so the client's work stays the same for both routes.
  const reactions = ['passive', 'dodge', 'response'];
  const bodies = Array.from({ length: 96 }, (_, i) => JSON.stringify({ attacker: fighter('a'), target: fighter('t'), reaction: reactions[i % 3], dice: { seed: 'bench-' + i } }));
  try {
    const melee: Target = {
      method: 'POST',
      path: '/v1/eden/attacks/melee',
      bodies,
    };
    const health: Target = { method: 'GET', path: '/health' };
    await measure(port, melee, WARMUP);
    await measure(port, health, WARMUP);
    const base = await measure(port, health, REQUESTS);
    const m = await measure(port, melee, REQUESTS);
    const ratio = m.rps / base.rps;
    return [
      {
        name: `POST /v1/eden/attacks/melee (seeded, ${CONCURRENCY} keep-alive clients${m.failures ? `, ${m.failures} non-200` : ''})`,
        value: m.rps,
        unit: 'req/s',
        baseline: { name: 'GET /health', value: base.rps, unit: 'req/s' },
        ratio,
        goal: '≥ 0.7',
        met: ratio >= 0.7 && m.failures === 0,
      },
    ];
  } finally {
    await app.close();
  }
}
