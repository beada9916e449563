/**
 * Match commands through a fleet (issue 36; docs/deploy.md "Commands on one match"): two services
 * started as `npm start` runs them, on one fresh database of the PostgreSQL server at DATABASE_URL
 * or 127.0.0.1:5432 and the Redis at REDIS_URL or 127.0.0.1:6379 (skipped, with a line saying so,
 * when either does not answer), behind the round-robin balancer of the tests
 * (tests/helpers/round-robin-proxy.ts, in this process). 40 clients send Ánima commands back to
 * back (`anima.speed`, a resolution any match accepts again and again), without `expectedVersion`:
 * (i) one match per client, (ii) two clients per match, whose commands then wait their turn on the
 * match (EventStore.serialized: an advisory lock in PostgreSQL, whichever replica each lands on).
 * Commands/s of each and their p99; goal: (ii) ≥ 0.8 × (i), none refused. SECONDS per run, ROUNDS
 * alternating rounds after a warm-up of each.
 */
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import pg from 'pg';
import type { BenchFigure } from './run.js';
import { startService, stopService as stop, type ServiceProcess } from './service-process.js';
import { startRoundRobinProxy, type RoundRobinProxy } from '../tests/helpers/round-robin-proxy.js';
import { BullJobRunner } from '../src/infra/queue/index.js';

const CLIENTS = 40;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = 2;
const GOAL = 0.8;
const ADMIN_TOKEN = 'bench-admin-' + randomUUID();
const players = [
  { id: 'p1', name: 'Uno' },
  { id: 'p2', name: 'Dos' },
];

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;

/** Whether a Redis server answers PING at `url` within a second. */
function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => done(String(d).startsWith('+PONG')));
  });
}

interface Run {
  rate: number;
  p99: number;
  refused: number;
}

/** CLIENTS clients for SECONDS, client c commanding matches[c % matches.length]: commands/s, p99 (ms), commands not answered 201. */
async function commandsPerSecond(proxy: RoundRobinProxy, key: string, matches: string[]): Promise<Run> {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const latencies: number[] = [];
  let refused = 0;
  const end = Date.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      const id = matches[c % matches.length]!;
      for (let n = 0; Date.now() < end; n++) {
        const command = { type: 'anima.speed', group: { characters: [{ name: 'Novel', combat: 3, speed: 5 }] }, difficulty: 9, dice: { values: [1 + ((c + n) % 10)] } };
        const sent = performance.now();
        const res = await fetch(`${proxy.base}/v1/matches/${id}/commands`, { method: 'POST', headers, body: JSON.stringify({ command }) }).catch(() => undefined);
        await res?.arrayBuffer();
        latencies.push(performance.now() - sent);
        if (res?.status !== 201) refused++;
      }
    }),
  );
  return { rate: latencies.length / ((performance.now() - started) / 1000), p99: percentile(latencies, 99), refused };
}

export async function run(): Promise<BenchFigure[]> {
  const serverUrl = process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`fleet-proxy.bench: skipped, no PostgreSQL at ${new URL(serverUrl).host} (${(error as Error).message})`);
    return [];
  }
  if (!(await redisAnswers(redisUrl))) {
    await admin.end();
    console.log(`fleet-proxy.bench: skipped, no Redis at ${new URL(redisUrl).host}`);
    return [];
  }
  const name = `arbiter_bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = '/' + name;
  const queueName = `arbiter-bench-${randomUUID()}`;
  const env = {
    DATABASE_URL: url.toString(),
    REDIS_URL: redisUrl,
    QUEUE_NAME: queueName,
    ADMIN_TOKEN,
    TRUST_PROXY: '1',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
    MAX_EVENT_LOOP_DELAY_MS: '0',
  };
  const services: ServiceProcess[] = [];
  let proxy: RoundRobinProxy | undefined;
  try {
    // started together: the first to take the migration lock migrates, the other waits for it
    services.push(...(await Promise.all([startService(env), startService(env)])));
    proxy = await startRoundRobinProxy(services.map((s) => s.base));
    await proxy.allReady();
    const keyRes = await fetch(`${proxy.base}/v1/admin/keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench' }),
    });
    const { key } = (await keyRes.json()) as { key: string };
    const matchesOf = (n: number) =>
      Promise.all(
        Array.from({ length: n }, async () => {
          const res = await fetch(`${proxy!.base}/v1/matches`, {
            method: 'POST',
            headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
            body: JSON.stringify({ game: 'anima', players }),
          });
          return ((await res.json()) as { id: string }).id;
        }),
      );
    const own = () => matchesOf(CLIENTS);
    const shared = () => matchesOf(CLIENTS / 2);
    // warm-up: both paths, both replicas
    await commandsPerSecond(proxy, key, await own());
    await commandsPerSecond(proxy, key, await shared());
    const one: Run[] = [];
    const two: Run[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      one.push(await commandsPerSecond(proxy, key, await own()));
      two.push(await commandsPerSecond(proxy, key, await shared()));
    }
    const mean = (runs: Run[], of: (r: Run) => number) => runs.reduce((sum, r) => sum + of(r), 0) / runs.length;
    const [rateOne, rateTwo, p99One, p99Two] = [mean(one, (r) => r.rate), mean(two, (r) => r.rate), mean(one, (r) => r.p99), mean(two, (r) => r.p99)];
    const refused = [...one, ...two].reduce((sum, r) => sum + r.refused, 0) + proxy.drops.length;
    const ratio = rateTwo / rateOne;
    const where = `2 replicas behind a round-robin balancer, PostgreSQL + Redis, ${CLIENTS} clients`;
    return [
      {
        name: `match commands, two clients per match (${where}; p99 ${p99Two.toFixed(1)} ms)${refused ? ` (${refused} commands refused or dropped)` : ''}`,
        value: rateTwo,
        unit: 'commands/s',
        baseline: { name: `one match per client (p99 ${p99One.toFixed(1)} ms)`, value: rateOne, unit: 'commands/s' },
        ratio,
        goal: `≥ ${GOAL}, none refused`,
        met: ratio >= GOAL && refused === 0,
      },
      {
        name: `match command p99, two clients per match (${where})`,
        value: p99Two,
        unit: 'ms',
        baseline: { name: 'one match per client', value: p99One, unit: 'ms' },
        ratio: p99Two / p99One,
      },
    ];
  } finally {
    await proxy?.close();
    await Promise.all(services.map((s) => stop(s.child)));
    const jobs = new BullJobRunner({ url: redisUrl, queueName });
    await jobs.obliterate().catch(() => undefined);
    await jobs.close();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}
