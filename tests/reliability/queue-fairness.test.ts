/**
 * Reliability audit: one API key's five 10M-iteration simulations made another key's
 * 1,000-iteration job wait 25 s. While a tenant's large jobs fill the runner, another tenant's small
 * job must start (and here: finish) within 2 s. In-process runner always; BullMQ when REDIS_URL is
 * set: there a simulation holds its worker slot for one slice at a time (src/infra/queue/
 * bull-worker.ts), so the small job starts within 2 s even while the large ones hold every slot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { JobRunner, JobState } from '../../src/app/ports.js';
import { BullJobRunner, InProcessJobRunner, startBullWorker } from '../../src/infra/queue/index.js';
import { SIMULATION_JOB } from '../../src/app/simulations/job.js';
import { meleeRequest } from '../unit/simulate/fixtures.js';

const simulation = (iterations: number) => {
  const id = randomUUID();
  return { id, name: SIMULATION_JOB, data: { simulationId: id, kind: 'eden.melee' as const, request: meleeRequest('response'), iterations, seed: id } };
};

function waitFor(runner: JobRunner, id: string, until: (s: JobState) => boolean, ms: number): Promise<JobState | undefined> {
  return new Promise((resolve) => {
    const finish = (s: JobState | undefined) => {
      clearInterval(poll);
      clearTimeout(timer);
      off();
      resolve(s);
    };
    const off = runner.onUpdate((s) => s.id === id && until(s) && finish(s));
    const poll = setInterval(() => void runner.get(id).then((s) => s && until(s) && finish(s)), 50);
    const timer = setTimeout(() => void runner.get(id).then(() => finish(undefined)), ms);
  });
}

describe('queue fairness: in-process runner', () => {
  let runner: InProcessJobRunner;
  beforeAll(() => {
    runner = new InProcessJobRunner({ concurrency: 2 });
  });
  afterAll(async () => runner.close());

  it("a tenant's small job starts and finishes within 2 s while another tenant's five 10M-iteration jobs fill the runner", async () => {
    const large = Array.from({ length: 5 }, () => simulation(10_000_000));
    for (const job of large) await runner.enqueue({ ...job, owner: 'tenant-a' });
    // both threads are busy with tenant A's work before tenant B arrives
    expect(await waitFor(runner, large[0]!.id, (s) => s.status === 'running' && s.progress > 0, 20_000)).toBeDefined();
    const small = simulation(1_000);
    const started = Date.now();
    await runner.enqueue({ ...small, owner: 'tenant-b' });
    const end = await waitFor(runner, small.id, (s) => s.status === 'completed', 2_000);
    const waited = Date.now() - started;
    for (const job of large) await runner.cancel(job.id);
    expect(end?.status, `tenant B's job was not done after ${waited} ms`).toBe('completed');
    expect(waited).toBeLessThan(2_000);
    // tenant A's jobs were still under way (the small job did not simply wait for them)
    expect(large.every((j) => runner.spread(j.id))).toBe(true);
  }, 60_000);
});

describe.runIf(Boolean(process.env.REDIS_URL))('queue fairness: BullMQ', () => {
  const url = process.env.REDIS_URL!;
  const queueName = `arbiter-test-${randomUUID()}`;
  let runner: BullJobRunner;
  let worker: Awaited<ReturnType<typeof startBullWorker>>;
  beforeAll(async () => {
    runner = new BullJobRunner({ url, queueName });
    worker = await startBullWorker({ url, queueName, concurrency: 2 });
  });
  afterAll(async () => {
    await worker.close(true);
    await runner.obliterate();
    await runner.close();
  });

  it("a tenant's small job starts within 2 s while another tenant's five 10M-iteration jobs hold every worker slot", async () => {
    const large = Array.from({ length: 5 }, () => simulation(10_000_000));
    for (const job of large) await runner.enqueue({ ...job, owner: 'tenant-a' });
    // both worker slots are busy with tenant A's work before tenant B arrives
    for (const job of large.slice(0, 2)) expect(await waitFor(runner, job.id, (s) => s.status === 'running' && s.progress > 0, 20_000)).toBeDefined();
    const small = simulation(1_000);
    const started = Date.now();
    await runner.enqueue({ ...small, owner: 'tenant-b' });
    const start = await waitFor(runner, small.id, (s) => s.status === 'running' || s.status === 'completed', 2_000);
    const waited = Date.now() - started;
    const end = await waitFor(runner, small.id, (s) => s.status === 'completed', 10_000);
    const states = await Promise.all(large.map((j) => runner.get(j.id)));
    for (const job of large) await runner.cancel(job.id);
    expect(start?.status, `tenant B's job had not started after ${waited} ms`).toMatch(/running|completed/);
    expect(waited).toBeLessThan(2_000);
    expect(end?.status).toBe('completed');
    // tenant A's jobs were still under way (the small job did not simply wait for them)
    expect(states.filter((s) => s?.status === 'completed')).toHaveLength(0);
  }, 60_000);
});
