/**
 * With REDIS_URL set and Redis down, queue operations must not hang: the BullMQ runner's enqueue,
 * get, cancel and ping reject with QueueUnavailable (each operation gives up after
 * OPERATION_TIMEOUT_MS, at most 2 s), and work again by themselves once Redis is back; the outage
 * is logged once ("job queue unavailable", then "job queue available again"), and the API's
 * `GET /v1/simulations/{id}` answers 503 + Retry-After meanwhile. Runs against a redis-server this
 * suite starts on a free port (skipped when redis-server is not installed). Also: the API's runner
 * uses QUEUE_NAME from the config.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { randomUUID } from 'node:crypto';
import { QueueUnavailable } from '../../src/app/ports.js';
import { BullJobRunner, openJobRunner } from '../../src/infra/queue/index.js';
import { OPERATION_TIMEOUT_MS } from '../../src/infra/queue/bullmq.js';
import { loadConfig } from '../../src/config.js';
import { testApp } from '../helpers/app.js';
import { sharedTestPglite } from '../helpers/database.js';
import { withFakeKeys } from './fake-keys.js';
import { meleeRequest } from '../fixtures/simulate.js';

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => String(chunk).includes('Ready to accept connections') && resolve());
    child.on('exit', (code) => reject(new Error(`redis-server exited (${code})`)));
  });
  return child;
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  child.kill('SIGKILL');
  await exited;
}

/** What `fn` threw (undefined when it did not); fails after `ms`: a deadline against a hang, not a measure of speed. */
async function failure(fn: () => Promise<unknown>, what: string, ms: number): Promise<unknown> {
  const hung = new Error(`timed out waiting for ${what} to settle (${ms} ms)`);
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(hung), ms);
  });
  try {
    await Promise.race([fn(), hang]);
    return undefined;
  } catch (error) {
    if (error === hung) throw error;
    return error;
  } finally {
    clearTimeout(timer);
  }
}

describe.runIf(hasRedis)('Redis outage: queue operations fail fast and recover', () => {
  let port: number;
  let redis: ChildProcess;
  let runner: BullJobRunner;
  const logged: string[] = [];
  const log = { info: (_: object, msg?: string) => void logged.push(msg!), warn: (_: object, msg?: string) => void logged.push(msg!) };
  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    runner = new BullJobRunner({ url: `redis://127.0.0.1:${port}`, queueName: `outage-${randomUUID()}`, log });
    await runner.ping();
  });
  afterAll(async () => {
    await runner?.close();
    if (redis) await stopRedis(redis);
  });

  it('enqueue, get, cancel and ping reject with QueueUnavailable while Redis is down, then work again', async () => {
    // what bounds an operation during an outage (the contract's "~2 s")
    expect(OPERATION_TIMEOUT_MS).toBeLessThanOrEqual(2_000);
    const id = randomUUID();
    await runner.enqueue({ id, name: 'contract.spin', data: {}, owner: 'k' });
    expect((await runner.get(id))?.status).toBe('queued');

    await stopRedis(redis);
    const ops: Record<string, () => Promise<unknown>> = {
      enqueue: () => runner.enqueue({ id: randomUUID(), name: 'contract.spin', data: {} }),
      get: () => runner.get(id),
      cancel: () => runner.cancel(id),
      ping: () => runner.ping(),
    };
    for (const [name, op] of Object.entries(ops)) {
      expect(await failure(op, name, 5 * OPERATION_TIMEOUT_MS), name).toBeInstanceOf(QueueUnavailable);
    }

    redis = await startRedis(port);
    // the runner reconnects by itself (nothing persisted: the restarted Redis is empty)
    const deadline = Date.now() + 10_000;
    for (;;) {
      const error = await failure(() => runner.ping(), 'ping', 5 * OPERATION_TIMEOUT_MS);
      if (!error) break;
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
    const again = randomUUID();
    await runner.enqueue({ id: again, name: 'contract.spin', data: {} });
    expect((await runner.get(again))?.status).toBe('queued');
    expect(await runner.cancel(again)).toBe(true);
    // one line when the outage began, one when it ended: not one per failed operation
    expect(logged).toEqual(['job queue unavailable', 'job queue available again']);
  }, 60_000);

  it('GET /v1/simulations/{id} answers 503 queue_unavailable with Retry-After while Redis is down', async () => {
    const database = await sharedTestPglite();
    const jobs = new BullJobRunner({ url: `redis://127.0.0.1:${port}`, queueName: `outage-get-${randomUUID()}` });
    const app = await testApp({}, { database, jobs }, withFakeKeys);
    try {
      const auth = { authorization: 'Bearer key-redis-get' };
      const body = { kind: 'eden.melee', request: meleeRequest('passive'), iterations: 10, seed: 'redis-get' };
      const submitted = await app.inject({ method: 'POST', url: '/v1/simulations', headers: auth, payload: body });
      expect(submitted.statusCode).toBe(202);
      const url = `/v1/simulations/${submitted.json().id}`;
      expect((await app.inject({ method: 'GET', url, headers: auth })).statusCode).toBe(200);

      await stopRedis(redis);
      for (let i = 0; i < 3; i++) {
        let answer: Awaited<ReturnType<typeof app.inject>> | undefined;
        // a deadline against a hang, not a measure of speed
        expect(await failure(async () => void (answer = await app.inject({ method: 'GET', url, headers: auth })), 'GET', 5 * OPERATION_TIMEOUT_MS)).toBeUndefined();
        expect(answer!.statusCode).toBe(503);
        expect(answer!.headers['retry-after']).toBe('5');
        expect(answer!.json()).toMatchObject({ status: 503, code: 'queue_unavailable' });
      }
    } finally {
      redis = await startRedis(port);
      await app.close();
      await jobs.close();
      await database.close();
    }
  }, 60_000);

  it('the API runner uses QUEUE_NAME from the config (the queue the worker reads)', async () => {
    const queueName = `named-${randomUUID()}`;
    const config = loadConfig({ REDIS_URL: `redis://127.0.0.1:${port}`, QUEUE_NAME: queueName });
    expect(config.queueName).toBe(queueName);
    expect(loadConfig({}).queueName).toBe('arbiter-jobs');
    const named = (await openJobRunner(config, undefined)) as BullJobRunner;
    try {
      expect(named.queueName).toBe(queueName);
      const id = randomUUID();
      await named.enqueue({ id, name: 'contract.spin', data: {} });
      // visible on that queue, not on the default one
      const other = new BullJobRunner({ url: `redis://127.0.0.1:${port}` });
      expect(await other.get(id)).toBeUndefined();
      await other.close();
      expect((await new BullJobRunner({ url: `redis://127.0.0.1:${port}`, queueName }).get(id))?.status).toBe('queued');
    } finally {
      await named.close();
    }
  }, 30_000);
});
