/**
 * The Monte Carlo loop (pure): iterations are cut into fixed chunks, chunk i drawing from the
 * stream seeded `${seed}/${i}` (stream.ts), each chunk tallied on its own and tallies summed. The
 * same (kind, request, iterations, seed) therefore gives the same result whatever the number of
 * workers, the order chunks finish in, or a retry after a crash.
 */
import { SeededRandom } from '../../../../kernel/dice/index.js';
import { resolverFor, tracedResolverFor, type Resolver, type SimulationKind } from './outcome.js';
import { MemoSampler } from './sampler.js';
import { emptyTally, mergeTallies, record, summarize, type SimulationResult, type Tally } from './stats.js';
import { CHUNK_SIZE, StreamDice, StreamRandom, chunkCount, chunkLength, chunkSeed } from './stream.js';

export interface SimulationSpec {
  kind: SimulationKind;
  /** The stateless request body without dice. */
  request: unknown;
  iterations: number;
  seed: string;
}

/** Tally chunk `index` of a simulation, calling the rule function every time. */
export function runChunkDirect(resolve: Resolver, seed: string, index: number, count: number): Tally {
  const tally = emptyTally();
  const dice = new StreamDice(new SeededRandom(chunkSeed(seed, index)));
  for (let i = 0; i < count; i++) record(tally, resolve(dice));
  return tally;
}

/** Tally chunk `index` of a simulation through the memoising sampler (same result, faster). */
export function runChunk(sampler: MemoSampler, seed: string, index: number, count: number): Tally {
  const tally = emptyTally();
  // the stream of SeededRandom(chunkSeed(seed, index)), drawn without boxing its state
  const random = new StreamRandom(chunkSeed(seed, index));
  for (let i = 0; i < count; i++) record(tally, sampler.sample(random));
  return tally;
}

/** The sampler of a simulation (one per worker; it only grows a cache). */
export function samplerFor(spec: Pick<SimulationSpec, 'kind' | 'request'>): MemoSampler {
  return new MemoSampler(tracedResolverFor(spec.kind, spec.request));
}

export interface SimulateOptions {
  chunkSize?: number;
  /** Call the rule function every iteration instead of the memoising sampler (same result). */
  direct?: boolean;
  /** Called after every chunk with the iterations done so far. */
  onChunk?(done: number, total: number): void;
}

/** Run a whole simulation in this thread. */
export function simulate(spec: SimulationSpec, options: SimulateOptions = {}): SimulationResult {
  return summarize(simulateTally(spec, options));
}

export function simulateTally(spec: SimulationSpec, options: SimulateOptions = {}): Tally {
  const size = options.chunkSize ?? CHUNK_SIZE;
  const sampler = options.direct ? undefined : samplerFor(spec);
  const resolve = options.direct ? resolverFor(spec.kind, spec.request) : undefined;
  const total = emptyTally();
  const chunks = chunkCount(spec.iterations, size);
  for (let c = 0; c < chunks; c++) {
    const n = chunkLength(spec.iterations, c, size);
    mergeTallies(total, sampler ? runChunk(sampler, spec.seed, c, n) : runChunkDirect(resolve!, spec.seed, c, n));
    options.onChunk?.(total.iterations, spec.iterations);
  }
  return total;
}

export { summarize, mergeTallies, emptyTally, CHUNK_SIZE, chunkCount, chunkLength };
export type { Tally, SimulationResult };
