/**
 * Melee endpoint throughput against a trivial route at the same concurrency (loopback only,
 * bounded in requests and time). Goal: POST /v1/eden/attacks/melee ≥ 0.7 × GET /health req/s.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/http/app.js';
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
  body?: (i: number) => string;
}

/** Send `count` requests with `concurrency` keep-alive clients; answers req/s and non-200 count. */
async function measure(port: number, target: Target, count: number): Promise<{ rps: number; failures: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let next = 0;
  let failures = 0;
  const deadline = Date.now() + TIME_LIMIT_MS;
  const one = (i: number) =>
    new Promise<void>((resolve) => {
      const payload = target.body?.(i);
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: target.method,
          path: target.path,
          agent,
          headers: payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {},
        },
        (res) => {
          if (res.statusCode !== 200) failures++;
          res.resume();
          res.on('end', resolve);
        },
      );
      req.on('error', () => {
        failures++;
        resolve();
      });
      req.end(payload);
    });
  const worker = async () => {
    while (next < count && Date.now() < deadline) await one(next++);
  };
  const start = process.hrtime.bigint();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  agent.destroy();
  return { rps: next / seconds, failures };
}

export async function run(): Promise<BenchFigure[]> {
  const app = await buildApp({ ...loadConfig({}), logLevel: 'silent', rateLimitPerMinute: 0, maxEventLoopDelayMs: 0 });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  // Bodies are prepared up front so the client's work stays the same for both routes.
  const reactions = ['passive', 'dodge', 'response'];
  const bodies = Array.from({ length: 96 }, (_, i) =>
    JSON.stringify({ attacker: fighter('a'), target: fighter('t'), reaction: reactions[i % 3], dice: { seed: 'bench-' + i } }),
  );
  try {
    const melee: Target = {
      method: 'POST',
      path: '/v1/eden/attacks/melee',
      body: (i) => bodies[i % bodies.length]!,
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
