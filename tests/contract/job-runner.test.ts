/**
 * One contract suite for the JobRunner port (src/app/ports.ts), run against every implementation:
 * the in-process worker-thread runner always, BullMQ (with a worker process running sandboxed
 * processors, killed with SIGKILL for the crash tests) when REDIS_URL is set, on a queue name
 * unique to this run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { JobRunner, JobState } from '../../src/app/ports.js';
import { BullJobRunner, InProcessJobRunner } from '../../src/infra/queue/index.js';
import { SIMULATION_JOB } from '../../src/app/simulations/job.js';
import { CHUNK_SIZE, simulate } from '../../src/games/eden/rules/simulate/index.js';
import { meleeRequest, rangedRequest } from '../fixtures/simulate.js';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** `npm run worker` stand-in: a BullMQ worker process (bull-worker-process.ts) in its own process group. */
async function spawnWorker(url: string, queueName: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./bull-worker-process.ts', import.meta.url))], {
    env: { ...process.env, REDIS_URL: url, QUEUE_NAME: queueName },
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => String(chunk).includes('ready') && resolve());
    child.on('exit', (code) => reject(new Error(`worker process exited (${code})`)));
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    kill: async () => {
      process.kill(-child.pid!, 'SIGKILL');
      await exited;
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

interface Target {
  name: string;
  open(): Promise<{ runner: JobRunner; crash?(id: string): Promise<boolean>; close(): Promise<void> }>;
}

const targets: Target[] = [
  {
    name: 'in-process worker threads',
    open: async () => {
      // slices of 200 chunks (4 M melee resolutions) run long enough to report progress before
      // they end (a simulation reports at most every PROGRESS_MS), so a crash hits one mid-slice
      // (the 2 M-resolution job below is one slice: its retry starts over from 0)
      const runner = new InProcessJobRunner({ concurrency: 1, sliceChunks: 200 });
      return { runner, crash: (id) => runner.crash(id), close: () => runner.close() };
    },
  },
];
if (process.env.REDIS_URL) {
  const url = process.env.REDIS_URL;
  targets.push({
    name: 'BullMQ',
    open: async () => {
      const queueName = `arbiter-test-${randomUUID()}`;
      const runner = new BullJobRunner({ url, queueName });
      await runner.watching();
      // a worker in its own process, with short locks so a dead worker's job is taken back quickly
      let worker = await spawnWorker(url, queueName);
      return {
        runner,
        // the whole worker process dies (SIGKILL, sandboxed children included); another one starts
        crash: async () => {
          await worker.kill();
          worker = await spawnWorker(url, queueName);
          return true;
        },
        close: async () => {
          await worker.stop();
          await runner.obliterate();
          await runner.close();
        },
      };
    },
  });
}

/** Resolve with the first state of `id` that satisfies `until` (polling and listening). */
function waitFor(runner: JobRunner, id: string, until: (s: JobState) => boolean, ms = 25_000): Promise<JobState> {
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = (s: JobState) => {
      if (done) return;
      done = true;
      clearInterval(poll);
      clearTimeout(timer);
      off();
      resolve(s);
    };
    const off = runner.onUpdate((s) => s.id === id && until(s) && finish(s));
    const poll = setInterval(() => void runner.get(id).then((s) => s && until(s) && finish(s)), 100);
    const timer = setTimeout(() => {
      done = true;
      clearInterval(poll);
      off();
      void runner.get(id).then((s) => reject(new Error(`job ${id} never reached the state; last: ${JSON.stringify(s)}`)));
    }, ms);
  });
}

const terminal = (s: JobState) => ['completed', 'failed', 'cancelled'].includes(s.status);

describe.each(targets)('JobRunner contract: $name', (target) => {
  let runner: JobRunner;
  let crash: ((id: string) => Promise<boolean>) | undefined;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ runner, crash, close } = await target.open());
  });
  afterAll(async () => close());

  it('pings', async () => {
    await expect(runner.ping()).resolves.toBeUndefined();
  });

  it('runs a job to completion, reporting running and progress on the way', async () => {
    const id = randomUUID();
    const seen: JobState[] = [];
    const off = runner.onUpdate((s) => s.id === id && seen.push(s));
    await runner.enqueue({ id, name: 'contract.spin', data: { steps: 4, ms: 60, value: 42 } });
    const end = await waitFor(runner, id, terminal);
    off();
    expect(end).toMatchObject({ id, status: 'completed', progress: 1, result: { value: 42, attempt: 1 } });
    expect(seen.some((s) => s.status === 'running')).toBe(true);
    expect(seen.some((s) => s.status === 'running' && s.progress > 0 && s.progress < 1)).toBe(true);
    expect(await runner.get(id)).toMatchObject({ status: 'completed', result: { value: 42 } });
  });

  it('answers undefined for an unknown id and false when cancelling it', async () => {
    expect(await runner.get(randomUUID())).toBeUndefined();
    expect(await runner.cancel(randomUUID())).toBe(false);
  });

  it('does not run the same id twice (deduplication)', async () => {
    const id = randomUUID();
    await runner.enqueue({ id, name: 'contract.spin', data: { steps: 1, ms: 10, value: 'first' } });
    await runner.enqueue({ id, name: 'contract.spin', data: { steps: 1, ms: 10, value: 'second' } });
    const end = await waitFor(runner, id, terminal);
    expect(end.result).toMatchObject({ value: 'first' });
  });

  it('reports a failing job as failed with its error, without retrying it', async () => {
    const id = randomUUID();
    await runner.enqueue({ id, name: 'contract.fail', data: {} });
    const end = await waitFor(runner, id, terminal);
    expect(end.status).toBe('failed');
    expect(end.error).toMatch(/contract failure/);
  });

  it('cancels a running job', async () => {
    const id = randomUUID();
    await runner.enqueue({ id, name: 'contract.spin', data: { steps: 200, ms: 50 } });
    await waitFor(runner, id, (s) => s.status === 'running');
    expect(await runner.cancel(id)).toBe(true);
    expect((await runner.get(id))?.status).toBe('cancelled');
    expect(await runner.cancel(id)).toBe(false);
    // it stays cancelled (never completes)
    await new Promise((r) => setTimeout(r, 300));
    expect((await runner.get(id))?.status).toBe('cancelled');
  });

  it('cancels a queued job before it runs', async () => {
    const blockers = [randomUUID(), randomUUID()];
    for (const id of blockers) await runner.enqueue({ id, name: 'contract.spin', data: { steps: 10, ms: 50 } });
    const id = randomUUID();
    await runner.enqueue({ id, name: 'contract.spin', data: { steps: 1, ms: 10 } });
    expect(await runner.cancel(id)).toBe(true);
    for (const b of blockers) await waitFor(runner, b, terminal);
    expect((await runner.get(id))?.status).toBe('cancelled');
  });

  it('survives a job whose thread or process dies: the job is retried and completes', async () => {
    const id = randomUUID();
    await runner.enqueue({ id, name: 'contract.crash-once', data: { ms: 50 } });
    const end = await waitFor(runner, id, terminal);
    expect(end).toMatchObject({ status: 'completed', result: { value: 'survived', attempt: 2 } });
  });

  it('a simulation of several chunks gives the result of the pure loop for the same seed', async () => {
    const id = randomUUID();
    const data = { simulationId: id, kind: 'eden.ranged' as const, request: rangedRequest(), iterations: 5 * CHUNK_SIZE + 7, seed: 'same-seed' };
    await runner.enqueue({ id, name: SIMULATION_JOB, data });
    const end = await waitFor(runner, id, terminal, 60_000);
    expect(end.status).toBe('completed');
    expect(end.result).toEqual(simulate(data));
  }, 90_000);

  it('a simulation whose worker dies mid-run is retried and gives the result of an uninterrupted run (same seed)', async () => {
    const id = randomUUID();
    const data = { simulationId: id, kind: 'eden.melee' as const, request: meleeRequest('response'), iterations: 2_000_000, seed: 'crash' };
    const seen: JobState[] = [];
    const off = runner.onUpdate((s) => s.id === id && seen.push(s));
    await runner.enqueue({ id, name: SIMULATION_JOB, data });
    const before = await waitFor(runner, id, (s) => s.status === 'running' && s.progress > 0);
    const mark = seen.length;
    expect(await crash!(id)).toBe(true);
    const end = await waitFor(runner, id, terminal, 60_000);
    off();
    expect(end.status).toBe('completed');
    // the job started over (progress went back) rather than finishing the interrupted attempt
    expect(seen.slice(mark).some((s) => s.status !== 'completed' && s.progress < before.progress)).toBe(true);
    expect(end.result).toEqual(simulate(data));
  }, 90_000);

  // BullMQ stores each finished slice with the job and its crash is a SIGKILL of the worker process;
  // the in-process runner keeps slices in memory (its thread crash is covered above).
  it.runIf(target.name === 'BullMQ')(
    'a simulation whose worker dies late in the run goes on from its last finished slice, with the same result',
    async () => {
      const id = randomUUID();
      // 400 chunks: 7 slices of at most 60 (the in-process runner’s and the BullMQ worker’s slice size),
      // so many slices are still to run when it dies, however fast the machine
      const data = { simulationId: id, kind: 'eden.melee' as const, request: meleeRequest('response'), iterations: 400 * CHUNK_SIZE, seed: 'resume' };
      const seen: JobState[] = [];
      const off = runner.onUpdate((s) => s.id === id && seen.push(s));
      await runner.enqueue({ id, name: SIMULATION_JOB, data });
      await waitFor(runner, id, (s) => s.status === 'running' && s.progress >= 0.3, 60_000);
      const mark = seen.length;
      // in-process, the crash needs a slice under way: between two slices, try again
      let crashed = false;
      for (let i = 0; i < 400 && !crashed; i++) crashed = (await crash!(id)) || (await new Promise((r) => setTimeout(r, 5, false)));
      expect(crashed).toBe(true);
      const end = await waitFor(runner, id, terminal, 60_000);
      off();
      expect(end.status).toBe('completed');
      // several slices were done when it died (progress ≥ 0.3): it did not start over from the first chunk
      expect(Math.min(...seen.slice(mark).map((s) => s.progress))).toBeGreaterThanOrEqual(0.125);
      expect(end.result).toEqual(simulate(data));
    },
    90_000,
  );
});

/**
 * The in-process runner spreads one simulation over several threads (contiguous chunk ranges,
 * merged in chunk order): the result must be the one of a single thread, of the pure loop and of
 * the BullMQ path (one sandboxed process per job, when REDIS_URL is set) for the same seed.
 */
describe('one simulation over several threads', () => {
  const threads = 3;
  let single: InProcessJobRunner;
  let several: InProcessJobRunner;
  beforeAll(async () => {
    single = new InProcessJobRunner({ concurrency: 1 });
    // parts of at most 200 chunks per slice run long enough to report progress before they end, so a crash hits one mid-slice
    several = new InProcessJobRunner({ concurrency: threads, sliceChunks: 200 });
    // start every thread first (short jobs that overlap), so each part finds an idle thread
    const warm = Array.from({ length: threads }, () => randomUUID());
    for (const id of warm) await several.enqueue({ id, name: 'contract.spin', data: { steps: 2, ms: 150 } });
    for (const id of warm) await waitFor(several, id, terminal);
  }, 60_000);
  afterAll(async () => {
    await single.close();
    await several.close();
  });

  const job = (seed: string, iterations = 9 * CHUNK_SIZE + 123) => {
    const id = randomUUID();
    return { id, data: { simulationId: id, kind: 'eden.melee' as const, request: meleeRequest('response', { elevated: { target: true } }), iterations, seed } };
  };

  it('the same seed gives the same result on 1 thread, on several threads, and in the pure loop', async () => {
    const a = job('threads');
    const b = { ...a, id: randomUUID() };
    await single.enqueue({ id: a.id, name: SIMULATION_JOB, data: a.data });
    await several.enqueue({ id: b.id, name: SIMULATION_JOB, data: { ...a.data, simulationId: b.id } });
    const [one, many] = await Promise.all([waitFor(single, a.id, terminal, 60_000), waitFor(several, b.id, terminal, 60_000)]);
    expect(one.status).toBe('completed');
    expect(many.status).toBe('completed');
    // it really was spread: one part per thread, each on its own thread
    expect(single.spread(a.id)).toEqual({ parts: 1, threads: 1 });
    expect(several.spread(b.id)).toEqual({ parts: threads, threads });
    expect(many.result).toEqual(one.result);
    expect(many.result).toEqual(simulate(a.data));
    // another seed, another result (the comparison above is not vacuous)
    expect(simulate({ ...a.data, seed: 'other' })).not.toEqual(many.result);
  }, 90_000);

  it('a part whose thread dies is run again and the result is unchanged', async () => {
    const { id, data } = job('threads-crash', 300 * CHUNK_SIZE);
    await several.enqueue({ id, name: SIMULATION_JOB, data });
    await waitFor(several, id, (s) => s.status === 'running' && s.progress > 0, 60_000);
    expect(await several.crash(id)).toBe(true);
    const end = await waitFor(several, id, terminal, 90_000);
    expect(end.status).toBe('completed');
    expect(end.result).toEqual(simulate(data));
  }, 120_000);

  it('cancelling a spread simulation stops every part', async () => {
    const { id, data } = job('threads-cancel', 200 * CHUNK_SIZE);
    await several.enqueue({ id, name: SIMULATION_JOB, data });
    await waitFor(several, id, (s) => s.status === 'running', 60_000);
    expect(await several.cancel(id)).toBe(true);
    expect((await several.get(id))?.status).toBe('cancelled');
    // the threads are free again: a short job runs to completion at once
    const next = randomUUID();
    await several.enqueue({ id: next, name: 'contract.spin', data: { steps: 1, ms: 10, value: 'after' } });
    expect(await waitFor(several, next, terminal)).toMatchObject({ status: 'completed', result: { value: 'after' } });
    expect((await several.get(id))?.status).toBe('cancelled');
  }, 90_000);

  it.runIf(Boolean(process.env.REDIS_URL))(
    'the BullMQ path gives the same result as several threads',
    async () => {
      const url = process.env.REDIS_URL!;
      const queueName = `arbiter-test-${randomUUID()}`;
      const bull = new BullJobRunner({ url, queueName });
      await bull.watching();
      const worker = await spawnWorker(url, queueName);
      try {
        const a = job('threads-bull');
        const b = randomUUID();
        await bull.enqueue({ id: a.id, name: SIMULATION_JOB, data: a.data });
        await several.enqueue({ id: b, name: SIMULATION_JOB, data: { ...a.data, simulationId: b } });
        const [viaBull, viaThreads] = await Promise.all([waitFor(bull, a.id, terminal, 60_000), waitFor(several, b, terminal, 60_000)]);
        expect(viaBull.status).toBe('completed');
        expect(viaThreads.result).toEqual(viaBull.result);
      } finally {
        await worker.stop();
        await bull.obliterate();
        await bull.close();
      }
    },
    120_000,
  );
});
