/**
 * Dice for Monte Carlo loops: a seeded stream that records nothing (a transcript of millions of
 * resolutions is useless and slow). Chunk `i` of a simulation seeded `s` draws from the stream
 * seeded `${s}/${i}`, so a result depends only on (seed, iterations), never on how chunks are
 * spread over workers.
 */
import { SeededRandom, type Dice, type DiceTranscript } from '../../../../kernel/dice/index.js';
import { cyrb128 } from '../../../../kernel/dice/seeded.js';

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

/** What the sampler draws from: one die at a time, or `count` dice into a buffer. */
export interface DieSource {
  die(sides: number): number;
  /** `count` dice with `sides` faces into `out[start..start + count)`. */
  fill(out: Int32Array, start: number, count: number, sides: number): void;
}

/**
 * The stream of `new SeededRandom(seed)` (src/games/dice/seeded.ts: cyrb128 → sfc32, rejection
 * sampling), word for word, for Monte Carlo loops: the generator's four words live in an
 * Int32Array (never boxed numbers) and `fill` keeps them in locals for a whole roll.
 * tests/unit/simulate/stream.test.ts pins it against SeededRandom.
 */
export class StreamRandom implements DieSource {
  private readonly s: Int32Array;

  constructor(readonly seed: string) {
    this.s = Int32Array.from(cyrb128(seed));
  }

  die(sides: number): number {
    const s = this.s;
    let a = s[0]!;
    let b = s[1]!;
    let c = s[2]!;
    let d = s[3]!;
    const limit = Math.floor(0x1_0000_0000 / sides) * sides;
    let value = 0;
    for (;;) {
      let t = (a + b) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      d = (d + 1) | 0;
      t = (t + d) | 0;
      c = (c + t) | 0;
      const word = t >>> 0;
      if (word < limit) {
        value = (word % sides) + 1;
        break;
      }
    }
    s[0] = a;
    s[1] = b;
    s[2] = c;
    s[3] = d;
    return value;
  }

  fill(out: Int32Array, start: number, count: number, sides: number): void {
    const s = this.s;
    let a = s[0]!;
    let b = s[1]!;
    let c = s[2]!;
    let d = s[3]!;
    const limit = Math.floor(0x1_0000_0000 / sides) * sides;
    const end = start + count;
    for (let i = start; i < end;) {
      let t = (a + b) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      d = (d + 1) | 0;
      t = (t + d) | 0;
      c = (c + t) | 0;
      const word = t >>> 0;
      if (word < limit) out[i++] = (word % sides) + 1;
    }
    s[0] = a;
    s[1] = b;
    s[2] = c;
    s[3] = d;
  }
}
