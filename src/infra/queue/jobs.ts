/**
 * The job handlers a runner can execute, by job name. Loaded inside the worker threads of the
 * in-process runner and inside BullMQ's sandboxed processors (see thread.ts, sandbox.ts), so
 * CPU-bound work never runs on the thread that serves requests or renews BullMQ locks.
 *
 * `contract.*` jobs exist for tests/contract/job-runner.test.ts: a job that sleeps while reporting
 * progress, one that fails, and one that crashes its thread/process on its first attempt.
 */
import {
  SIMULATION_JOB,
  SIMULATION_PART_JOB,
  combineSimulationParts,
  runSimulationJob,
  runSimulationPart,
  splitSimulationJob,
  type JobContext,
  type JobPart,
  type SimulationJobData,
  type SimulationPartData,
} from '../../app/simulations/job.js';
import { CHUNK_SIZE, chunkCount, emptyTally, mergeTallies, type Tally } from '../../games/eden/rules/simulate/index.js';

export type { JobContext, JobPart };
export type JobHandler = (data: any, ctx: JobContext) => unknown;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function spin(data: { steps?: number; ms?: number; value?: unknown }, ctx: JobContext) {
  const steps = data.steps ?? 4;
  for (let i = 0; i < steps; i++) {
    if (ctx.signal?.aborted) throw Object.assign(new Error('cancelled'), { name: 'UnrecoverableError' });
    await ctx.progress(i / steps);
    await sleep(data.ms ?? 50);
  }
  return { value: data.value ?? null, attempt: ctx.attempt };
}

const JOB_HANDLERS: Record<string, JobHandler> = {
  [SIMULATION_JOB]: (data: SimulationJobData, ctx) => runSimulationJob(data, ctx),
  [SIMULATION_PART_JOB]: (data, ctx) => runSimulationPart(data, ctx),
  'contract.spin': spin,
  'contract.fail': () => {
    throw Object.assign(new Error('contract failure'), { name: 'UnrecoverableError' });
  },
  /** Dies (exit of its thread or process) on the first attempt, after reporting some progress. */
  'contract.crash-once': async (data: { ms?: number }, ctx) => {
    if (ctx.attempt === 1) {
      await ctx.progress(0.5);
      await sleep(data.ms ?? 50);
      process.exit(7);
    }
    return spin({ steps: 2, ms: 10, value: 'survived' }, ctx);
  },
};

/**
 * Jobs one runner may spread over several threads and interleave with other jobs: `split` cuts the
 * job into at most `maxParts` parts (run side by side), `slice` cuts a part into consecutive slices
 * of at most `maxChunks` chunks (run one after another, so a thread is free again often), each run
 * by a handler above; `combine` turns every slice's result, in order, into the job's result — the
 * same result the whole job gives. Pure and cheap: called on the runner's own thread.
 */
export interface JobSplitter {
  split(data: any, maxParts: number): JobPart[];
  slice(part: JobPart, maxChunks: number): JobPart[];
  combine(results: unknown[]): unknown;
  /** Consecutive slices' results folded into one that `combine` (and `merge`) take in their place. */
  merge(results: unknown[]): unknown;
}

/**
 * Most simulation chunks one slice runs before its thread or worker slot is offered to the next
 * owner: ≈0.3–0.4 s of the slowest kind (melee with a Response, ~3.6 M resolutions/s per core).
 */
export const SLICE_CHUNKS = 60;

export const JOB_SPLITTERS: Record<string, JobSplitter> = {
  [SIMULATION_JOB]: {
    split: (data: SimulationJobData, maxParts) =>
      splitSimulationJob(data, maxParts) ?? [{ name: SIMULATION_PART_JOB, data: { ...data, from: 0, to: chunkCount(data.iterations) } satisfies SimulationPartData, weight: 1 }],
    slice: (part, maxChunks) => {
      const data = part.data as SimulationPartData;
      const iterationsOf = (from: number, to: number) => Math.min(data.iterations, to * CHUNK_SIZE) - from * CHUNK_SIZE;
      const total = iterationsOf(data.from, data.to);
      const slices: JobPart[] = [];
      for (let from = data.from; from < data.to; from += maxChunks) {
        const to = Math.min(data.to, from + maxChunks);
        slices.push({ name: SIMULATION_PART_JOB, data: { ...data, from, to } satisfies SimulationPartData, weight: total ? (part.weight * iterationsOf(from, to)) / total : 0 });
      }
      return slices.length ? slices : [part];
    },
    // chunk tallies are integer sums: merging the slices in chunk order is merging the parts
    combine: (results) => combineSimulationParts(results as Tally[]),
    merge: (results) => (results as Tally[]).reduce((total, t) => mergeTallies(total, t), emptyTally()),
  },
};

export async function runJob(name: string, data: unknown, ctx: JobContext): Promise<unknown> {
  const handler = JOB_HANDLERS[name];
  if (!handler) throw Object.assign(new Error(`No handler for job "${name}".`), { name: 'UnrecoverableError' });
  return handler(data, ctx);
}
