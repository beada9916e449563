/**
 * Dice for Monte Carlo loops: a seeded stream that records nothing (a transcript of millions of
 * resolutions is useless and slow). Chunk `i` of a simulation seeded `s` draws from the stream
 * seeded `${s}/${i}`, so a result depends only on (seed, iterations), never on how chunks are
 * spread over workers.
 */
import { SeededRandom, type Dice, type DiceTranscript } from '../../dice/index.js';

/** Iterations per chunk. Part of the result's definition: changing it changes seeded results. */
export const CHUNK_SIZE = 20_000;

export function chunkSeed(seed: string, index: number): string {
  return `${seed}/${index}`;
}

/** Chunks of a simulation: `count` iterations each, the last one shorter. */
export function chunkCount(iterations: number, chunkSize = CHUNK_SIZE): number {
  return Math.ceil(iterations / chunkSize);
}

export function chunkLength(iterations: number, index: number, chunkSize = CHUNK_SIZE): number {
  return Math.min(chunkSize, iterations - index * chunkSize);
}

const EMPTY: number[] = [];

export class StreamDice implements Dice {
  constructor(readonly random: SeededRandom) {}

  roll(_purpose: string, count: number, sides = 6): number[] {
    if (count <= 0) return EMPTY;
    const r = this.random;
    if (count === 1) return [r.die(sides)];
    const values = new Array<number>(count);
    for (let i = 0; i < count; i++) values[i] = r.die(sides);
    return values;
  }

  transcript(): DiceTranscript {
    return { seed: this.random.seed, rolls: [] };
  }
}
