/**
 * The Monte Carlo stream (src/games/eden/rules/simulate/stream.ts StreamRandom) is SeededRandom's stream
 * word for word: the same dice, one at a time or a roll at a time, for any number of sides, so a
 * seeded simulation's result does not depend on which of the two drew it.
 */
import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../../../src/kernel/dice/index.js';
import { StreamRandom } from '../../../src/games/eden/rules/simulate/index.js';

describe('StreamRandom', () => {
  it.each(['', 'bench/0', 'golden/17', 'ñ-ü-€-🎲'])('draws the dice of SeededRandom(%j), die by die and roll by roll', (seed) => {
    const reference = new SeededRandom(seed);
    const one = new StreamRandom(seed);
    const rolls = new StreamRandom(seed);
    const sides = [6, 6, 10, 2, 3, 20, 100, 7, 1, 0x7fffffff];
    const buf = new Int32Array(8);
    for (let round = 0; round < 500; round++) {
      const s = sides[round % sides.length]!;
      const count = 1 + (round % 8);
      const expected = Array.from({ length: count }, () => reference.die(s));
      expect(Array.from({ length: count }, () => one.die(s))).toEqual(expected);
      rolls.fill(buf, 0, count, s);
      expect(Array.from(buf.subarray(0, count))).toEqual(expected);
    }
  });
});
