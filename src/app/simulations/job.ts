/**
 * The `simulation` background job: runs a Monte Carlo simulation chunk by chunk (pure loop in
 * src/games/eden/simulate), reporting progress at least every PROGRESS_MS while it runs and
 * yielding between chunks so a cancellation can be seen. Runs inside a worker thread (in-process
 * runner) or a BullMQ sandboxed child process, never on the API's event loop.
 */
import {
  CHUNK_SIZE,
  chunkCount,
  chunkLength,
  emptyTally,
  mergeTallies,
  runChunk,
  samplerFor,
  summarize,
  type SimulationKind,
  type SimulationResult,
} from '../../games/eden/simulate/index.js';

export const SIMULATION_JOB = 'simulation';

export interface SimulationJobData {
  simulationId: string;
  kind: SimulationKind;
  request: unknown;
  iterations: number;
  seed: string;
}

export interface JobContext {
  /** 1 on the first attempt, 2 after one crash, … */
  attempt: number;
  progress(fraction: number): void | Promise<void>;
  signal?: AbortSignal;
}

/** Progress is reported at least this often (CONTRACT §6: refreshed at least once a second). */
export const PROGRESS_MS = 250;

export class JobCancelled extends Error {
  constructor() {
    super('The job was cancelled.');
    // BullMQ does not retry an error of this name
    this.name = 'UnrecoverableError';
  }
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function runSimulationJob(data: SimulationJobData, ctx: JobContext): Promise<SimulationResult> {
  const sampler = samplerFor(data);
  const total = emptyTally();
  const chunks = chunkCount(data.iterations);
  let last = Date.now();
  await ctx.progress(0);
  for (let c = 0; c < chunks; c++) {
    if (ctx.signal?.aborted) throw new JobCancelled();
    mergeTallies(total, runChunk(sampler, data.seed, c, chunkLength(data.iterations, c, CHUNK_SIZE)));
    const now = Date.now();
    if (now - last >= PROGRESS_MS && c < chunks - 1) {
      last = now;
      await ctx.progress(total.iterations / data.iterations);
      await tick();
    }
  }
  return summarize(total);
}
