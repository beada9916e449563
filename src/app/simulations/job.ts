/**
 * The `simulation` background job: runs a Monte Carlo simulation chunk by chunk (pure loop in
 * src/games/eden/rules/simulate), reporting progress at least every PROGRESS_MS while it runs and
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
  type Tally,
} from '../../games/eden/rules/simulate/index.js';
import type { Clock } from '../ports.js';

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
  /** Times the progress reports. The job runners (src/infra/queue) do not pass one yet: see below. */
  clock?: Clock;
}

/** The worker's own clock, for runners that pass none (the job runs in a worker thread or child process). */
const workerClock: Clock = { now: () => Date.now() };

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

/** Run chunks [from, to) of a simulation, reporting progress over that range. */
async function runChunks(data: SimulationJobData, from: number, to: number, ctx: JobContext): Promise<Tally> {
  const sampler = samplerFor(data);
  const total = emptyTally();
  const planned = to > from ? Math.min(data.iterations, to * CHUNK_SIZE) - from * CHUNK_SIZE : 0;
  const clock = ctx.clock ?? workerClock;
  let last = clock.now();
  const halfway = from + Math.floor((to - from) / 2) - 1;
  await ctx.progress(0);
  for (let c = from; c < to; c++) {
    if (ctx.signal?.aborted) throw new JobCancelled();
    mergeTallies(total, runChunk(sampler, data.seed, c, chunkLength(data.iterations, c, CHUNK_SIZE)));
    const now = clock.now();
    // at least every PROGRESS_MS, and once halfway through a range (a slice shorter than PROGRESS_MS still reports while it runs)
    if ((now - last >= PROGRESS_MS || c === halfway) && c < to - 1) {
      last = now;
      await ctx.progress(total.iterations / planned);
      await tick();
    }
  }
  return total;
}

export async function runSimulationJob(data: SimulationJobData, ctx: JobContext): Promise<SimulationResult> {
  return summarize(await runChunks(data, 0, chunkCount(data.iterations), ctx));
}

/**
 * One simulation split over several threads (in-process runner): part i runs the contiguous chunk
 * range [from, to) and returns its integer tally; the parts' tallies are merged in chunk order and
 * summarised, which gives exactly `runSimulationJob`'s result (chunk c always draws from the stream
 * seeded `${seed}/${c}`, and tallies are integer sums).
 */
export const SIMULATION_PART_JOB = 'simulation.part';

export interface SimulationPartData extends SimulationJobData {
  /** First chunk of the part and the chunk after its last. */
  from: number;
  to: number;
}

export interface JobPart {
  name: string;
  data: unknown;
  /** Share of the whole job's work (for progress). */
  weight: number;
}

/** At most `maxParts` parts of whole chunks (sizes differ by at most one chunk); undefined: run whole. */
export function splitSimulationJob(data: SimulationJobData, maxParts: number): JobPart[] | undefined {
  const chunks = chunkCount(data.iterations);
  const parts = Math.min(Math.max(1, Math.floor(maxParts)), chunks);
  if (parts < 2) return undefined;
  const out: JobPart[] = [];
  let from = 0;
  for (let i = 0; i < parts; i++) {
    const to = from + Math.floor(chunks / parts) + (i < chunks % parts ? 1 : 0);
    const iterations = Math.min(data.iterations, to * CHUNK_SIZE) - from * CHUNK_SIZE;
    out.push({ name: SIMULATION_PART_JOB, data: { ...data, from, to } satisfies SimulationPartData, weight: iterations / data.iterations });
    from = to;
  }
  return out;
}

export function runSimulationPart(data: SimulationPartData, ctx: JobContext): Promise<Tally> {
  return runChunks(data, data.from, data.to, ctx);
}

/** The parts' tallies, in part (= chunk) order, merged and summarised. */
export function combineSimulationParts(tallies: Tally[]): SimulationResult {
  const total = emptyTally();
  for (const t of tallies) mergeTallies(total, t);
  return summarize(total);
}
