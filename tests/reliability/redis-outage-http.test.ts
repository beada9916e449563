/**
 * A Redis outage does not hang the API (issue "Reliability and security", item 2): with REDIS_URL
 * set and Redis gone, rate limiting fails open at once (the limiter's commands are refused without
 * being sent), /ready says 503, queue operations answer 503 `queue_unavailable` with Retry-After,
 * and everything recovers by itself when Redis returns. Runs against a Redis started here on a free
 * port (skipped without `redis-server` on PATH).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { testApp } from '../helpers/app.js';
import { freePort } from '../helpers/free-port.js';
import { openRedis } from '../../src/infra/redis.js';
import { sharedTestPglite } from '../helpers/database.js';
import type { Database, JobRunner } from '../../src/app/ports.js';
import { meleeRequest } from '../fixtures/simulate.js';
import { withFakeKeys } from './fake-keys.js';

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(true)); // in use: redis is listening
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
    });
    if (ok) return child;
    await sleep(50);
  }
  child.kill('SIGKILL');
  throw new Error('redis-server did not start');
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe.skipIf(!hasRedisServer)('Redis outage (HTTP)', () => {
  let port: number;
  let redisServer: ChildProcess;
  let redis: Redis;
  let app: FastifyInstance;

  beforeAll(async () => {
    port = await freePort();
    redisServer = await startRedis(port);
    redis = openRedis(`redis://127.0.0.1:${port}`);
    app = await testApp({ rateLimitPerMinute: 1000 }, { redis });
  });
  afterAll(async () => {
    await app?.close();
    redis?.disconnect(false);
    if (redisServer) await stopRedis(redisServer);
  });

  it('rate limiting fails open at once (its commands are refused, not queued), /ready says 503, and both recover when Redis returns', { timeout: 60_000 }, async () => {
    // Redis up: the limit is counted there
    for (let i = 0; i < 50 && (await app.inject({ method: 'GET', url: '/ready' })).statusCode !== 200; i++) await sleep(100);
    const up = await app.inject({ method: 'GET', url: '/v1/eden/catalog' });
    expect(up.statusCode).toBe(200);
    expect(up.headers['ratelimit-remaining']).toBe('999');

    await stopRedis(redisServer);
    // a few seconds into the outage (reconnect attempts under way)
    await sleep(1500);
    // What keeps requests fast: while Redis is away the limiter's client refuses every command at
    // once, without sending it or waiting for an answer (no offline queue), and a command sent to a
    // Redis that does not answer gives up after commandTimeout.
    expect(redis.status).not.toBe('ready');
    expect(redis.options.enableOfflineQueue).toBe(false);
    expect(redis.options.commandTimeout).toBeLessThanOrEqual(250);
    await expect(redis.ping()).rejects.toThrow(/enableOfflineQueue options is false/);
    for (let i = 0; i < 10; i++) {
      const res = await app.inject({ method: 'GET', url: '/v1/eden/catalog' });
      expect(res.statusCode, `request ${i}`).toBe(200);
    }
    const ready = await app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBeDefined();
    // the check failed on the refused command, not on /ready's own 2 s timeout of a check
    expect(ready.json()).toMatchObject({ checks: { redis: expect.stringMatching(/enableOfflineQueue options is false/) } });

    // Redis returns on the same port: readiness and limiting resume by themselves
    redisServer = await startRedis(port);
    let recovered = false;
    for (let i = 0; i < 100 && !recovered; i++) {
      await sleep(100);
      recovered = (await app.inject({ method: 'GET', url: '/ready' })).statusCode === 200;
    }
    expect(recovered, '/ready is 200 again within 10 s').toBe(true);
    const first = await app.inject({ method: 'GET', url: '/v1/eden/catalog' });
    const second = await app.inject({ method: 'GET', url: '/v1/eden/catalog' });
    expect(Number(first.headers['ratelimit-remaining']) - Number(second.headers['ratelimit-remaining'])).toBe(1);
  });
});

describe('queue unavailable', () => {
  let database: Database;
  beforeAll(async () => {
    database = await sharedTestPglite();
  });
  afterAll(() => database?.close());

  it('a job runner that rejects with QueueUnavailable is a 503 queue_unavailable with Retry-After, on REST and GraphQL', async () => {
    const unavailable = Object.assign(new Error('The job queue did not answer (enqueue) within 2000 ms.'), { name: 'QueueUnavailable' });
    const jobs: JobRunner = {
      kind: 'bullmq',
      enqueue: async () => Promise.reject(unavailable),
      get: async () => Promise.reject(unavailable),
      cancel: async () => Promise.reject(unavailable),
      onUpdate: () => () => undefined,
      ping: async () => Promise.reject(unavailable),
      close: async () => undefined,
    } as JobRunner;
    const app = await testApp({}, { database, jobs }, withFakeKeys);
    try {
      const auth = { authorization: 'Bearer key-queue' };
      const body = { kind: 'eden.melee', request: meleeRequest('passive'), iterations: 10, seed: 'outage' };
      const res = await app.inject({ method: 'POST', url: '/v1/simulations', headers: auth, payload: body });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ status: 503, code: 'queue_unavailable', detail: expect.any(String) });
      const gql = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: auth,
        payload: { query: 'mutation($input: SimulationRequestInput!) { submitSimulation(input: $input) { id } }', variables: { input: { ...body, seed: 'outage-gql' } } },
      });
      expect(gql.body).toContain('queue_unavailable');
      expect((await app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(503);
    } finally {
      await app.close();
    }
  });

  it('GET /v1/simulations/{id} of a queued simulation is a 503 queue_unavailable with Retry-After while the queue is away (not a stale view)', async () => {
    const unavailable = Object.assign(new Error('The job queue is unavailable (get).'), { name: 'QueueUnavailable' });
    let down = false;
    const queued = new Map<string, { id: string; status: 'queued'; progress: number }>();
    const jobs = {
      kind: 'bullmq',
      enqueue: async (job: { id: string }) => (down ? Promise.reject(unavailable) : void queued.set(job.id, { id: job.id, status: 'queued', progress: 0 })),
      get: async (id: string) => (down ? Promise.reject(unavailable) : queued.get(id)),
      cancel: async () => Promise.reject(unavailable),
      onUpdate: () => () => undefined,
      ping: async () => (down ? Promise.reject(unavailable) : undefined),
      close: async () => undefined,
    } as unknown as JobRunner;
    const app = await testApp({}, { database, jobs }, withFakeKeys);
    try {
      const auth = { authorization: 'Bearer key-queue-get' };
      const body = { kind: 'eden.melee', request: meleeRequest('passive'), iterations: 10, seed: 'outage-get' };
      const submitted = await app.inject({ method: 'POST', url: '/v1/simulations', headers: auth, payload: body });
      expect(submitted.statusCode).toBe(202);
      const url = `/v1/simulations/${submitted.json().id}`;
      expect((await app.inject({ method: 'GET', url, headers: auth })).json()).toMatchObject({ status: 'queued' });
      down = true;
      const res = await app.inject({ method: 'GET', url, headers: auth });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ status: 503, code: 'queue_unavailable' });
      const gql = await app.inject({ method: 'POST', url: '/graphql', headers: auth, payload: { query: `{ simulation(id: "${submitted.json().id}") { status } }` } });
      expect(gql.json().errors[0].extensions).toMatchObject({ status: 503, code: 'queue_unavailable' });
      down = false;
      expect((await app.inject({ method: 'GET', url, headers: auth })).json()).toMatchObject({ status: 'queued' });
    } finally {
      await app.close();
    }
  });
});
