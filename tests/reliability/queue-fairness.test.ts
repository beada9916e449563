/**
 * Reliability audit: one API key's five 10M-iteration simulations made another key's
 * 1,000-iteration job wait 25 s. While a tenant's large jobs fill the runner, another tenant's small
 * job must take the next free thread or worker slot, not wait for the large jobs. Measured against
 * the work's own progress, not a stopwatch: how much of tenant A's work was done between tenant B's
 * job arriving and starting (in slices, the unit a large job holds a thread or slot for), and that
 * none of A's jobs had finished when B's did. In-process runner always; BullMQ when REDIS_URL is
 * set: there a simulation holds its worker slot for one slice at a time (src/infra/queue/
 * bull-worker.ts), so the small job starts while the large ones still hold every slot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { JobRunner, JobState } from '../../src/app/ports.js';
import { BullJobRunner, InProcessJobRunner, startBullWorker } from '../../src/infra/queue/index.js';
import { SLICE_CHUNKS } from '../../src/infra/queue/jobs.js';
import { CHUNK_SIZE } from '../../src/games/eden/rules/simulate/index.js';
import { SIMULATION_JOB } from '../../src/app/simulations/job.js';
import { meleeRequest } from '../fixtures/simulate.js';

const LARGE = 10_000_000;
const SMALL = 1_000;
/** One slice of a large job, as a share of that job's progress (20 slices per job). */
const SLICE = (SLICE_CHUNKS * CHUNK_SIZE) / LARGE;
const CONCURRENCY = 2;

const simulation = (iterations: number) => {
  const id = randomUUID();
  return { id, name: SIMULATION_JOB, data: { simulationId: id, kind: 'eden.melee' as const, request: meleeRequest('response'), iterations, seed: id } };
};

/**
 * The first state of job `id` that satisfies `until` (from the runner's updates, or its state
 * polled). Rejects after `ms`: a deadline against a hang, generous on a loaded machine, not a
 * measure of fairness.
 */
function waitFor(runner: JobRunner, id: string, until: (s: JobState) => boolean, what: string, ms = 30_000): Promise<JobState> {
  return new Promise((resolve, reject) => {
    const finish = (s: JobState | Error) => {
      clearInterval(poll);
      clearTimeout(timer);
      off();
      if (s instanceof Error) reject(s);
      else resolve(s);
    };
    const off = runner.onUpdate((s) => s.id === id && until(s) && finish(s));
    const poll = setInterval(() => void runner.get(id).then((s) => s && until(s) && finish(s)), 50);
    const timer = setTimeout(() => finish(new Error(`timed out waiting for ${what} (${ms} ms)`)), ms);
  });
}

describe('queue fairness: in-process runner', () => {
  let runner: InProcessJobRunner;
  beforeAll(() => {
    runner = new InProcessJobRunner({ concurrency: CONCURRENCY });
  });
  afterAll(async () => runner.close());

  it("a tenant's small job takes the next free thread, and finishes before any of another tenant's five 10M-iteration jobs", async () => {
    const large = Array.from({ length: 5 }, () => simulation(LARGE));
    // tenant A's progress as the runner reports it (updates are emitted synchronously, in order)
    const progressA = new Map<string, number>();
    const completedA = new Set<string>();
    const workA = () => [...progressA.values()].reduce((sum, p) => sum + p, 0);
    const small = simulation(SMALL);
    let workAtArrival = 0;
    let workAtStart: number | undefined;
    let doneAtEnd: string[] | undefined;
    const off = runner.onUpdate((s) => {
      if (large.some((j) => j.id === s.id)) {
        progressA.set(s.id, s.progress);
        if (s.status === 'completed') completedA.add(s.id);
      } else if (s.id === small.id) {
        if (s.status === 'running') workAtStart ??= workA();
        if (s.status === 'completed') doneAtEnd ??= [...completedA];
      }
    });
    try {
      for (const job of large) await runner.enqueue({ ...job, owner: 'tenant-a' });
      // both threads are busy with tenant A's work before tenant B arrives
      await waitFor(runner, large[0]!.id, (s) => s.status === 'running' && s.progress > 0, "tenant A's first job to run");
      workAtArrival = workA();
      const end = waitFor(runner, small.id, (s) => s.status === 'completed', "tenant B's job to complete");
      await runner.enqueue({ ...small, owner: 'tenant-b' });
      expect((await end).status).toBe('completed');
    } finally {
      off();
      for (const job of large) await runner.cancel(job.id);
    }
    // Owners take turns for each free thread: B waits for at most one slice end per owner ahead of
    // it (here: A once), so of A's work only the slices in flight on the two threads and one more
    // can have run before B's job started. Waiting for A's jobs would be 100 slices.
    const slicesBefore = (workAtStart! - workAtArrival) / SLICE;
    expect(workAtStart, "tenant B's job started").toBeDefined();
    expect(slicesBefore, `tenant A ran ${slicesBefore.toFixed(2)} slices before tenant B's job started`).toBeLessThanOrEqual(CONCURRENCY + 1);
    // tenant A's jobs were still under way (the small job did not simply wait for them)
    expect(doneAtEnd).toEqual([]);
  }, 60_000);
});

describe.runIf(Boolean(process.env.REDIS_URL))('queue fairness: BullMQ', () => {
  const url = process.env.REDIS_URL!;
  const queueName = `arbiter-test-${randomUUID()}`;
  let runner: BullJobRunner;
  let worker: Awaited<ReturnType<typeof startBullWorker>>;
  beforeAll(async () => {
    runner = new BullJobRunner({ url, queueName });
    worker = await startBullWorker({ url, queueName, concurrency: CONCURRENCY });
  });
  afterAll(async () => {
    await worker.close(true);
    await runner.obliterate();
    await runner.close();
  });

  it("a tenant's small job takes the next free worker slot while another tenant's five 10M-iteration jobs hold every slot", async () => {
    const large = Array.from({ length: 5 }, () => simulation(LARGE));
    const statesA = () => Promise.all(large.map((j) => runner.get(j.id)));
    const workA = async () => (await statesA()).reduce((sum, s) => sum + (s?.progress ?? 0), 0);
    const small = simulation(SMALL);
    let workAtArrival = 0;
    let workAtStart = 0;
    let end: JobState | undefined;
    let statesAtEnd: (JobState | undefined)[] = [];
    try {
      for (const job of large) await runner.enqueue({ ...job, owner: 'tenant-a' });
      // both worker slots are busy with tenant A's work before tenant B arrives
      for (const job of large.slice(0, 2)) await waitFor(runner, job.id, (s) => s.status === 'running' && s.progress > 0, `tenant A's job ${job.id} to run`);
      await runner.enqueue({ ...small, owner: 'tenant-b' });
      workAtArrival = await workA();
      await waitFor(runner, small.id, (s) => s.status === 'running' || s.status === 'completed', "tenant B's job to start");
      workAtStart = await workA();
      end = await waitFor(runner, small.id, (s) => s.status === 'completed', "tenant B's job to complete");
      statesAtEnd = await statesA();
    } finally {
      for (const job of large) await runner.cancel(job.id);
    }
    expect(end?.status).toBe('completed');
    // B's job has the lowest owner-load priority and each of A's jobs gives its slot back after
    // every slice, so B takes the first slot that frees: of A's work only the slices in flight on
    // the two slots ran before B started, plus at most one more on the other slot while B's start
    // was being observed. Waiting for one of A's jobs would be 20 slices.
    const slicesBefore = (workAtStart - workAtArrival) / SLICE;
    expect(slicesBefore, `tenant A ran ${slicesBefore.toFixed(2)} slices before tenant B's job started`).toBeLessThanOrEqual(CONCURRENCY + 2);
    // tenant A's jobs were still under way (the small job did not simply wait for them)
    expect(statesAtEnd.filter((s) => s?.status === 'completed')).toHaveLength(0);
  }, 60_000);
});
